// The description laid out in blocks (a title, a part of a chart, a legend line, a bar),
// then the blocks on pages. A chart wider than the page is split into parts of columns,
// each with the die column again; one longer than a page into parts of rows, each with
// the column heads again; a cell or text too wide is wrapped, never cut.
#include "draw/picture.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace umpire::draw {

namespace {

constexpr double k_margin = 40;  // points, each side
constexpr double k_footer = 16;  // under the last line of a page: its number
constexpr double k_title = 13;   // font sizes
constexpr double k_body = 10;
constexpr double k_small = 8.5;
constexpr double k_pad = 5;        // a cell's padding, left and right
constexpr double k_leading = 1.3;  // a line's height, of its font's size
constexpr std::uint32_t k_ink = 0x111111;
constexpr std::uint32_t k_grey = 0x555555;
constexpr std::uint32_t k_rule = 0x777777;
constexpr std::uint32_t k_head = 0xE4E4E4;
constexpr std::uint32_t k_marked = 0xFFD84A;
constexpr std::uint32_t k_red = 0xB3001B;
constexpr std::uint32_t k_white = 0xFFFFFF;
// A series' bars, in order (A, B, ...): told apart in colour and, printed grey, in shade.
constexpr std::uint32_t k_series[] = {0x2F6DB5, 0xD9822B, 0x3A9A5B, 0x8E5BB5, 0xB8473D, 0x4FA3A8, 0x8A7A38, 0x666666};
constexpr std::uint32_t k_bar_marked = 0xB3001B;

// Pages: A4 and US Letter, in points.
struct Paper {
    const char* name;
    double width;
    double height;
};
constexpr Paper k_papers[] = {{"a4", 595.28, 841.89}, {"letter", 612, 792}};

struct Block {
    double height = 0;
    std::vector<Shape> shapes;  // from the block's top left
    bool keep_with_next = false;
};

Shape text(double x, double y, std::string s, double size, bool bold = false, int anchor = 0,
           std::uint32_t colour = k_ink)
{
    Shape t;
    t.kind = Shape::Kind::text;
    t.x = x;
    t.y = y;
    t.text = std::move(s);
    t.size = size;
    t.bold = bold;
    t.anchor = anchor;
    t.fill = colour;
    return t;
}

Shape rect(double x, double y, double w, double h, std::uint32_t fill, std::uint32_t stroke = 0xFFFFFFFF,
           double stroke_width = 0.5)
{
    Shape r;
    r.kind = Shape::Kind::rect;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    r.fill = fill;
    r.stroke = stroke;
    r.stroke_width = stroke_width;
    return r;
}

// The baseline of a line of SIZE text whose line box starts at TOP.
double baseline(double top, double size) { return top + size * 1.05; }

// The length in bytes of the UTF-8 character starting at S[I].
size_t char_length(const std::string& s, size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    return std::min(n, s.size() - i);
}

// TEXT in lines no wider than WIDTH: broken at blanks, and a word wider than a line
// between its characters.
std::vector<std::string> wrap(const std::string& text, double size, bool bold, double width)
{
    std::vector<std::string> lines;
    std::string line;
    auto fits = [&](const std::string& s) { return text_width(s, size, bold) <= width; };
    size_t i = 0;
    while (i < text.size()) {
        size_t end = text.find(' ', i);
        if (end == std::string::npos) {
            end = text.size();
        }
        std::string word = text.substr(i, end - i);
        i = end + 1;
        const std::string joined = line.empty() ? word : line + " " + word;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.empty()) {
            lines.push_back(line);
            line.clear();
        }
        // The word alone: broken between characters where it is wider than a line.
        while (!word.empty() && !fits(word)) {
            size_t cut = 0;
            while (cut < word.size()) {
                const size_t next = cut + char_length(word, cut);
                if (cut > 0 && !fits(word.substr(0, next))) {
                    break;
                }
                cut = next;
            }
            lines.push_back(word.substr(0, cut));
            word.erase(0, cut);
        }
        line = word;
    }
    if (!line.empty() || lines.empty()) {
        lines.push_back(line);
    }
    return lines;
}

// Lines of text as a block, each wrapped to WIDTH and indented by INDENT.
Block paragraph(const std::string& s, double size, double width, bool bold = false, std::uint32_t colour = k_ink,
                double indent = 0)
{
    Block b;
    for (const auto& line : wrap(s, size, bold, width - indent)) {
        b.shapes.push_back(text(indent, baseline(b.height, size), line, size, bold, 0, colour));
        b.height += size * k_leading;
    }
    return b;
}

// The same, a block a line: a long text may go on over a page.
void paragraphs(std::vector<Block>& blocks, const std::string& s, double size, double width, bool bold = false,
                std::uint32_t colour = k_ink, double indent = 0)
{
    for (const auto& line : wrap(s, size, bold, width - indent)) {
        Block b;
        b.shapes.push_back(text(indent, baseline(0, size), line, size, bold, 0, colour));
        b.height = size * k_leading;
        blocks.push_back(b);
    }
}

Block gap(double height)
{
    Block b;
    b.height = height;
    return b;
}

std::string str(const nlohmann::json& item, const char* key)
{
    const auto at = item.find(key);
    return at != item.end() && at->is_string() ? at->get<std::string>() : std::string();
}

std::vector<std::string> strings(const nlohmann::json& item, const char* key)
{
    std::vector<std::string> out;
    const auto at = item.find(key);
    if (at != item.end() && at->is_array()) {
        for (const auto& s : *at) {
            out.push_back(s.is_string() ? s.get<std::string>() : std::string());
        }
    }
    return out;
}

// The title of an item, what it is (heading) and, for provisional data, the stamp's words.
void heading(std::vector<Block>& blocks, const nlohmann::json& item, double width)
{
    Block title = paragraph(str(item, "title"), k_title, width, true);
    for (const char* key : {"heading", "caption"}) {
        if (!str(item, key).empty()) {
            Block more = paragraph(str(item, key), k_small, width, false, k_grey);
            for (auto s : more.shapes) {
                s.y += title.height;
                title.shapes.push_back(s);
            }
            title.height += more.height;
        }
    }
    title.keep_with_next = true;
    blocks.push_back(title);
    const std::string note = str(item, "provisional");
    if (!note.empty()) {
        Block stamp = paragraph("PROVISIONAL: " + note, k_small, width, true, k_red);
        stamp.keep_with_next = true;
        blocks.push_back(stamp);
    }
    blocks.push_back(gap(4));
    blocks.back().keep_with_next = true;
}

// PROVISIONAL across a part of a chart W by H, along its diagonal, faint enough to read through.
Shape stamp(double w, double h)
{
    const double diagonal = std::hypot(w, h);
    const double per_point = text_width("PROVISIONAL", 1, true);
    Shape s = text(w / 2, h / 2, "PROVISIONAL", std::min(80.0, 0.7 * diagonal / per_point), true, 1, k_red);
    s.y += s.size * 0.35;  // centred on the middle of the capitals, not their baseline
    s.angle = -std::atan2(h, w) * 180 / M_PI;
    s.opacity = 0.3;
    return s;
}

struct Grid {
    std::string row_title;
    std::string column_title;
    std::vector<std::string> heads;
    std::vector<std::string> keys;
    std::vector<std::vector<std::string>> cells;
    long long mark_row = -1;
    long long mark_column = -1;
    bool provisional = false;
};

// GRID's sizes on the page: the die column's and each column's width, and the lines each
// head, key and cell is wrapped to.
struct Measured {
    double key_w = 0;
    std::vector<double> col_w;
    std::vector<std::string> row_title;                        // the die column's head, wrapped
    std::vector<std::vector<std::string>> heads;               // each column's head, wrapped
    std::vector<std::vector<std::string>> keys;                // each row's key, wrapped
    std::vector<std::vector<std::vector<std::string>>> cells;  // [row][column], wrapped
    std::vector<double> row_h;
    double head_h = 0;
};

// Lines drawn centred on X, the first line box at TOP.
void centred(Block& b, double x, double top, const std::vector<std::string>& lines, bool bold)
{
    for (size_t l = 0; l < lines.size(); ++l) {
        b.shapes.push_back(text(x, baseline(top + 2 + l * k_body * k_leading, k_body), lines[l], k_body, bold, 1));
    }
}

// One part of GRID: the columns COLUMNS (with the die column), rows FIRST to LAST.
Block grid_part(const Grid& g, const Measured& m, const std::vector<size_t>& columns, size_t first, size_t last,
                const std::string& caption)
{
    Block b;
    const double line_h = k_body * k_leading;
    if (!caption.empty()) {
        b.shapes.push_back(text(0, baseline(0, k_small), caption, k_small, false, 0, k_grey));
        b.height += k_small * k_leading + 2;
    }
    double total_w = m.key_w;
    for (size_t c : columns) {
        total_w += m.col_w[c];
    }
    const double top = b.height;
    if (!g.column_title.empty()) {
        const auto title = wrap(g.column_title, k_body, true, total_w - m.key_w - 2 * k_pad);
        const double h = title.size() * line_h + 4;
        b.shapes.push_back(rect(m.key_w, b.height, total_w - m.key_w, h, k_head, k_rule));
        centred(b, m.key_w + (total_w - m.key_w) / 2, b.height, title, true);
        b.height += h;
    }
    // The heads: the die column's and each column's, centred.
    b.shapes.push_back(rect(0, top, m.key_w, b.height - top + m.head_h, k_head, k_rule));
    centred(b, m.key_w / 2, b.height, m.row_title, true);
    double x = m.key_w;
    for (size_t c : columns) {
        b.shapes.push_back(rect(x, b.height, m.col_w[c], m.head_h, k_head, k_rule));
        centred(b, x + m.col_w[c] / 2, b.height, m.heads[c], true);
        x += m.col_w[c];
    }
    b.height += m.head_h;
    for (size_t r = first; r < last; ++r) {
        b.shapes.push_back(rect(0, b.height, m.key_w, m.row_h[r], k_head, k_rule));
        centred(b, m.key_w / 2, b.height, m.keys[r], true);
        x = m.key_w;
        for (size_t c : columns) {
            const bool marked = static_cast<long long>(r) == g.mark_row && static_cast<long long>(c) == g.mark_column;
            b.shapes.push_back(rect(x, b.height, m.col_w[c], m.row_h[r], marked ? k_marked : k_white,
                                    marked ? k_ink : k_rule, marked ? 1.5 : 0.5));
            centred(b, x + m.col_w[c] / 2, b.height, m.cells[r][c], marked);
            x += m.col_w[c];
        }
        b.height += m.row_h[r];
    }
    if (g.provisional) {
        Shape s = stamp(total_w, b.height - top);
        s.y += top;
        b.shapes.push_back(s);
    }
    b.height += 6;
    return b;
}

// A chart's grid in parts that fit WIDTH and, each, a page of PAGE_H; the first under the
// chart's heading, FIRST_H of the page, so that the heading is not left alone on a page.
void grid(std::vector<Block>& blocks, const Grid& g, double width, double page_h, double first_h)
{
    const double line_h = k_body * k_leading;
    Measured m;
    // The die column as wide as its widest key or head, a third of the page at most.
    m.key_w = text_width(g.row_title, k_body, true);
    for (const auto& k : g.keys) {
        m.key_w = std::max(m.key_w, text_width(k, k_body, true));
    }
    m.key_w = std::min(m.key_w + 2 * k_pad, width / 3);
    m.row_title = wrap(g.row_title, k_body, true, m.key_w - 2 * k_pad);
    // Each column as wide as its widest cell or head, at most the page beside the die column.
    const double most = width - m.key_w;
    m.col_w.resize(g.heads.size());
    for (size_t c = 0; c < g.heads.size(); ++c) {
        double w = text_width(g.heads[c], k_body, true);
        for (size_t r = 0; r < g.keys.size(); ++r) {
            w = std::max(w, text_width(g.cells[r][c], k_body, true));
        }
        m.col_w[c] = std::min(std::max(w + 2 * k_pad, 24.0), most);
    }
    // Columns narrower together than their title are widened alike until it fits on one
    // line, or they fill the page: a title is wrapped only where the page is too narrow.
    double together = 0;
    for (double w : m.col_w) {
        together += w;
    }
    const double title_w = std::min(text_width(g.column_title, k_body, true) + 2 * k_pad, most);
    if (!g.column_title.empty() && together < title_w && !m.col_w.empty()) {
        const double extra = (title_w - together) / static_cast<double>(m.col_w.size());
        for (double& w : m.col_w) {
            w += extra;
        }
    }
    m.head_h = m.row_title.size() * line_h + 4;
    for (size_t c = 0; c < g.heads.size(); ++c) {
        m.heads.push_back(wrap(g.heads[c], k_body, true, m.col_w[c] - 2 * k_pad));
        m.head_h = std::max(m.head_h, m.heads.back().size() * line_h + 4);
    }
    for (size_t r = 0; r < g.keys.size(); ++r) {
        m.keys.push_back(wrap(g.keys[r], k_body, true, m.key_w - 2 * k_pad));
        double h = m.keys.back().size() * line_h;
        m.cells.emplace_back();
        for (size_t c = 0; c < g.heads.size(); ++c) {
            m.cells.back().push_back(wrap(g.cells[r][c], k_body, true, m.col_w[c] - 2 * k_pad));
            h = std::max(h, m.cells.back().back().size() * line_h);
        }
        m.row_h.push_back(h + 4);
    }
    // Parts of columns, each as many as the page takes beside the die column.
    std::vector<std::vector<size_t>> parts(1);
    double used = m.key_w;
    for (size_t c = 0; c < g.heads.size(); ++c) {
        if (!parts.back().empty() && used + m.col_w[c] > width) {
            parts.emplace_back();
            used = m.key_w;
        }
        parts.back().push_back(c);
        used += m.col_w[c];
    }
    // Parts of rows, each a page at most under its heads and caption.
    const double title_h = g.column_title.empty() ? 0 : 3 * line_h + 4;  // wrapped to three lines at most, mostly
    const double room = page_h - m.head_h - title_h - line_h - k_small * k_leading - 12;
    std::vector<std::pair<size_t, size_t>> spans;
    size_t first = 0;
    double h = 0;
    for (size_t r = 0; r < g.keys.size(); ++r) {
        if (r > first && h + m.row_h[r] > room - (spans.empty() ? first_h : 0)) {
            spans.emplace_back(first, r);
            first = r;
            h = 0;
        }
        h += m.row_h[r];
    }
    spans.emplace_back(first, g.keys.size());
    for (size_t p = 0; p < parts.size(); ++p) {
        for (size_t s = 0; s < spans.size(); ++s) {
            std::string caption;
            if (parts.size() > 1) {
                caption = "columns " + g.heads[parts[p].front()] + " to " + g.heads[parts[p].back()] + " (part " +
                          std::to_string(p + 1) + " of " + std::to_string(parts.size()) + ")";
            }
            if (spans.size() > 1) {
                caption += std::string(caption.empty() ? "" : ", ") + "rows " + g.keys[spans[s].first] + " to " +
                           g.keys[spans[s].second - 1];
            }
            blocks.push_back(grid_part(g, m, parts[p], spans[s].first, spans[s].second, caption));
        }
    }
}

void table_item(std::vector<Block>& blocks, const nlohmann::json& item, double width, double page_h)
{
    const size_t before = blocks.size();
    heading(blocks, item, width);
    double first_h = 0;
    for (size_t b = before; b < blocks.size(); ++b) {
        first_h += blocks[b].height;
    }
    Grid g;
    g.row_title = str(item, "row_title");
    g.column_title = str(item, "column_title");
    g.heads = strings(item, "columns");
    g.provisional = !str(item, "provisional").empty();
    if (g.heads.empty()) {
        g.heads.push_back("Result");
    }
    if (item.contains("rows") && item["rows"].is_array()) {
        for (const auto& row : item["rows"]) {
            g.keys.push_back(str(row, "key"));
            auto cells = strings(row, "cells");
            cells.resize(g.heads.size());
            g.cells.push_back(cells);
        }
    }
    if (item.contains("mark") && item["mark"].is_array() && item["mark"].size() == 2) {
        g.mark_row = item["mark"][0].get<long long>();
        g.mark_column = item["mark"][1].get<long long>();
    }
    grid(blocks, g, width, page_h, first_h);
    if (item.contains("legend") && item["legend"].is_array()) {
        // One column of codes, as wide as the widest (a quarter of the page at most: a
        // longer code is wrapped in it).
        double code_w = 40;
        for (const auto& entry : item["legend"]) {
            code_w = std::max(code_w, text_width(str(entry, "code"), k_small, true) + 10);
        }
        code_w = std::min(code_w, width / 4);
        for (const auto& entry : item["legend"]) {
            Block line = paragraph(str(entry, "name"), k_small, width, true, k_ink, code_w);
            Block code = paragraph(str(entry, "code"), k_small, code_w - 6, true);
            line.shapes.insert(line.shapes.end(), code.shapes.begin(), code.shapes.end());
            line.height = std::max(line.height, code.height);
            blocks.push_back(line);
            for (const auto& effect : strings(entry, "lines")) {
                paragraphs(blocks, "- " + effect, k_small, width, false, k_ink, code_w + 8);
            }
        }
    }
    for (const auto& note : strings(item, "notes")) {
        paragraphs(blocks, note, k_small, width, false, k_grey);
    }
    blocks.push_back(gap(14));
}

void odds_item(std::vector<Block>& blocks, const nlohmann::json& item, double width)
{
    heading(blocks, item, width);
    const auto series = strings(item, "series");
    for (size_t s = 0; s < series.size(); ++s) {
        Block b = paragraph(series[s], k_small, width, false, k_ink, 16);
        b.shapes.push_back(rect(0, 1, 10, k_small, k_series[s % std::size(k_series)]));
        blocks.push_back(b);
    }
    if (!series.empty()) {
        blocks.push_back(gap(6));
    }
    const auto dims = item.value("dimensions", nlohmann::json::array());
    for (const auto& dim : dims) {
        std::string head = str(dim, "name");
        Block title = paragraph(head, k_body, width, true);
        if (!str(dim, "note").empty()) {
            title.shapes.push_back(text(text_width(head, k_body, true) + 10, baseline(0, k_body), str(dim, "note"),
                                        k_small, false, 0, k_grey));
        }
        title.keep_with_next = true;
        blocks.push_back(title);
        const auto lines = dim.value("lines", nlohmann::json::array());
        double label_w = 0;
        double text_w = 0;
        double most = 0;
        for (const auto& line : lines) {
            label_w = std::max(label_w, text_width(str(line, "label"), k_small, true));
            for (const auto& bar : line.value("bars", nlohmann::json::array())) {
                text_w = std::max(text_w, text_width(str(bar, "text"), k_small, false));
                most = std::max(most, bar.value("p", 0.0));
            }
        }
        label_w = std::min(label_w + 8, width * 0.35);
        const double marker_w = text_width("  < this roll", k_small, true);
        // A fraction too long to sit beside its bar goes under it, wrapped.
        const bool below = text_w + marker_w > width * 0.45;
        const double bar_room = width - label_w - (below ? 0 : text_w + marker_w + 6);
        for (const auto& line : lines) {
            const bool marked = line.value("marked", false);
            Block b = paragraph(str(line, "label"), k_small, label_w - 8, marked, marked ? k_bar_marked : k_ink);
            double y = 0;
            const auto bars = line.value("bars", nlohmann::json::array());
            for (size_t s = 0; s < bars.size(); ++s) {
                const double p = bars[s].value("p", 0.0);
                const double bar_h = series.size() > 1 ? 8 : 10;
                double w = most > 0 ? p / most * bar_room : 0;
                if (p > 0 && w < 1) {
                    w = 1;  // possible, however unlikely: never drawn as nothing
                }
                const std::uint32_t colour =
                    marked ? k_bar_marked : k_series[series.size() > 1 ? s % std::size(k_series) : 0];
                b.shapes.push_back(rect(label_w, y + 1, w, bar_h, colour));
                std::string words = (series.size() > 1 ? std::string(1, static_cast<char>('A' + s % 26)) + "  " : "") +
                                    str(bars[s], "text");
                if (below) {
                    Block under = paragraph(words, k_small, width - label_w, false, k_ink);
                    for (auto t : under.shapes) {
                        t.x += label_w;
                        t.y += y + bar_h + 3;
                        b.shapes.push_back(t);
                    }
                    y += bar_h + 3 + under.height;
                } else {
                    b.shapes.push_back(text(label_w + w + 4, baseline(y, k_small), words, k_small, marked, 0, k_ink));
                    if (marked && s == 0) {
                        b.shapes.push_back(text(label_w + w + 8 + text_width(words, k_small, true),
                                                baseline(y, k_small), "< this roll", k_small, true, 0, k_bar_marked));
                    }
                    y += bar_h + 3;
                }
            }
            b.height = std::max(b.height, y) + 2;
            blocks.push_back(b);
        }
        blocks.push_back(gap(8));
    }
    for (const auto& note : strings(item, "notes")) {
        paragraphs(blocks, note, k_small, width, false, k_grey);
    }
    blocks.push_back(gap(14));
}

Shape moved(Shape s, double dx, double dy)
{
    s.x += dx;
    s.y += dy;
    return s;
}

}  // namespace

Picture lay_out(const std::string& json)
{
    const auto doc = nlohmann::json::parse(json, nullptr, false);
    if (!doc.is_object() || doc.value("draw_version", 0) != 1) {
        throw BadDocument{"not a picture description of version 1"};
    }
    const std::string paper_name = str(doc, "paper");
    const Paper* paper = nullptr;
    for (const auto& p : k_papers) {
        paper = paper_name == p.name ? &p : paper;
    }
    if (paper == nullptr) {
        throw BadDocument{"unknown paper '" + paper_name + "'"};
    }
    const std::string format = str(doc, "format");
    if (format != "pdf" && format != "svg") {
        throw BadDocument{"unknown format '" + format + "'"};
    }
    const bool paged = format == "pdf";
    const double width = paper->width - 2 * k_margin;
    const double page_h = paper->height - 2 * k_margin - k_footer;
    std::vector<Block> blocks;
    try {
        for (const auto& item : doc.value("items", nlohmann::json::array())) {
            if (str(item, "kind") == "table") {
                table_item(blocks, item, width, page_h);
            } else if (str(item, "kind") == "odds") {
                odds_item(blocks, item, width);
            } else {
                throw BadDocument{"unknown item kind '" + str(item, "kind") + "'"};
            }
        }
    } catch (const nlohmann::json::exception& e) {
        throw BadDocument{std::string("malformed item: ") + e.what()};
    }
    std::vector<Page> pages;
    auto new_page = [&] { pages.push_back({paper->width, paper->height, {}}); };
    new_page();
    double y = k_margin;
    for (size_t i = 0; i < blocks.size(); ++i) {
        // A block kept with the next is moved on with it when the two do not fit.
        double together = blocks[i].height;
        for (size_t j = i; blocks[j].keep_with_next && j + 1 < blocks.size(); ++j) {
            together += blocks[j + 1].height;
        }
        if (paged && y > k_margin && y + std::min(together, page_h) > k_margin + page_h) {
            new_page();
            y = k_margin;
        }
        for (const auto& s : blocks[i].shapes) {
            pages.back().shapes.push_back(moved(s, k_margin, y));
        }
        y += blocks[i].height;
    }
    if (!paged) {
        pages.back().height = y + k_margin;
        return {false, pages};
    }
    const std::string title = str(doc, "title");
    for (size_t p = 0; p < pages.size(); ++p) {
        const std::string foot = title + "   page " + std::to_string(p + 1) + " of " + std::to_string(pages.size());
        pages[p].shapes.push_back(
            text(paper->width - k_margin, paper->height - k_margin + 6, foot, 7, false, 2, k_grey));
    }
    return {true, pages};
}

}  // namespace umpire::draw
