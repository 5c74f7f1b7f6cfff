#pragma once
// umpire-draw: charts and odds drawn as pictures (issue 28). umpire itself builds a
// picture's description (format/picture.h, a JSON document) and hands it to this program,
// which lays it out and writes SVG or PDF. Drawing lives in its own program so that
// nothing of it (Cairo, Pango, their fonts) is linked into or loaded by a resolution.
//
// The description, version 1:
//   {"draw_version": 1, "format": "svg"|"pdf", "paper": "a4"|"letter", "title": "...",
//    "items": [ITEM, ...]}
// An ITEM is a chart:
//   {"kind": "table", "title", "heading", "provisional" (the note, "" when published),
//    "row_title", "column_title", "columns": [...], "rows": [{"key", "cells": [...]}],
//    "mark": [row, column] (optional), "legend": [{"code", "name", "lines": [...]}],
//    "notes": [...]}
// or bar charts of odds (one request's, or several side by side: compare and plan):
//   {"kind": "odds", "title", "heading", "caption", "provisional", "series": [names...],
//    "dimensions": [{"name", "note", "lines": [{"label", "marked",
//                    "bars": [{"p": 0.5, "text": "50.00%  1/2"}, ...]}]}],
//    "notes": [...]}
// One bar a line for one request; one a series (request) for several.

#include <cstdint>
#include <string>
#include <vector>

namespace umpire::draw {

// What is drawn: text at a baseline, a rectangle, or a line, in points from the top left.
struct Shape {
    enum class Kind { text, rect, line };
    Kind kind = Kind::text;
    double x = 0;
    double y = 0;  // text: the baseline
    double w = 0;  // rect: size; line: the other end's offset
    double h = 0;
    std::string text;
    double size = 10;  // text: the font's size in points
    bool bold = false;
    int anchor = 0;    // text: 0 starts at x, 1 is centred on it, 2 ends at it
    double angle = 0;  // text: degrees, clockwise, about (x, y)
    std::uint32_t fill = 0x000000;
    std::uint32_t stroke = 0xFFFFFFFF;  // none
    double stroke_width = 0.5;
    double opacity = 1;
};

struct Page {
    double width = 0;
    double height = 0;
    std::vector<Shape> shapes;
};

// Thrown for a description that cannot be drawn; main prints it and exits 65.
struct BadDocument {
    std::string message;
};

// TEXT's width in points in DejaVu Sans at SIZE (bold or not), as Pango lays it out.
double text_width(const std::string& text, double size, bool bold);

struct Picture {
    bool pdf = false;
    std::vector<Page> pages;
};

// The description in JSON laid out: for "pdf", pages of the paper's size; for "svg", one
// page as wide as the paper and as long as everything drawn.
Picture lay_out(const std::string& json);

std::string to_svg(const Page& page);
std::string to_pdf(const std::vector<Page>& pages);

}  // namespace umpire::draw
