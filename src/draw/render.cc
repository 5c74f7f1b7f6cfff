// Shapes to SVG (written here: text stays text, to search, select and read aloud) and to
// PDF (Cairo and Pango: embedded fonts, shaping and pages, which a hand-written PDF
// would have to do itself). Both measure and draw with Pango, so they agree.
#include "draw/picture.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

namespace umpire::draw {

namespace {

constexpr const char* k_family = "DejaVu Sans";

struct Measurer {
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t* cr = cairo_create(surface);
    PangoLayout* layout = nullptr;
    std::map<std::tuple<std::string, double, bool>, double> known;

    Measurer()
    {
        // Unhinted metrics: the widths a PDF and an SVG renderer lay the text out at.
        cairo_font_options_t* options = cairo_font_options_create();
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
        cairo_set_font_options(cr, options);
        cairo_font_options_destroy(options);
        layout = pango_cairo_create_layout(cr);
    }
    ~Measurer()
    {
        g_object_unref(layout);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
    }
    Measurer(const Measurer&) = delete;
    Measurer& operator=(const Measurer&) = delete;
};

// LAYOUT set to TEXT in the house font at SIZE points.
void set_text(PangoLayout* layout, const std::string& text, double size, bool bold)
{
    PangoFontDescription* font = pango_font_description_new();
    pango_font_description_set_family(font, k_family);
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_set_text(layout, text.data(), static_cast<int>(text.size()));
}

double width_of(PangoLayout* layout)
{
    PangoRectangle logical;
    pango_layout_get_extents(layout, nullptr, &logical);
    return static_cast<double>(logical.width) / PANGO_SCALE;
}

std::string colour(std::uint32_t rgb)
{
    char out[8];
    std::snprintf(out, sizeof out, "#%06X", rgb & 0xFFFFFF);
    return out;
}

std::string number(double v)
{
    char out[32];
    std::snprintf(out, sizeof out, "%.2f", v);
    std::string s = out;
    while (s.back() == '0') {
        s.pop_back();
    }
    if (s.back() == '.') {
        s.pop_back();
    }
    return s;
}

std::string escaped(const std::string& text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

void set_colour(cairo_t* cr, std::uint32_t rgb, double alpha)
{
    cairo_set_source_rgba(cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0, (rgb & 0xFF) / 255.0, alpha);
}

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length)
{
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

double text_width(const std::string& text, double size, bool bold)
{
    static Measurer m;
    const auto key = std::make_tuple(text, size, bold);
    const auto at = m.known.find(key);
    if (at != m.known.end()) {
        return at->second;
    }
    set_text(m.layout, text, size, bold);
    const double w = width_of(m.layout);
    m.known.emplace(key, w);
    return w;
}

std::string to_svg(const Page& page)
{
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xml:space=\"preserve\" width=\"" + number(page.width) +
           "pt\" height=\"" + number(page.height) + "pt\" viewBox=\"0 0 " + number(page.width) + " " +
           number(page.height) + "\" font-family=\"" + k_family + ", Verdana, sans-serif\">\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n";
    for (const auto& s : page.shapes) {
        if (s.kind == Shape::Kind::rect) {
            out += "<rect x=\"" + number(s.x) + "\" y=\"" + number(s.y) + "\" width=\"" + number(s.w) + "\" height=\"" +
                   number(s.h) + "\" fill=\"" + colour(s.fill) + "\"";
            if (s.stroke != 0xFFFFFFFF) {
                out += " stroke=\"" + colour(s.stroke) + "\" stroke-width=\"" + number(s.stroke_width) + "\"";
            }
            out += "/>\n";
        } else if (s.kind == Shape::Kind::line) {
            out += "<line x1=\"" + number(s.x) + "\" y1=\"" + number(s.y) + "\" x2=\"" + number(s.x + s.w) +
                   "\" y2=\"" + number(s.y + s.h) + "\" stroke=\"" + colour(s.stroke) + "\" stroke-width=\"" +
                   number(s.stroke_width) + "\"/>\n";
        } else {
            static const char* const anchors[] = {"start", "middle", "end"};
            out += "<text x=\"" + number(s.x) + "\" y=\"" + number(s.y) + "\" font-size=\"" + number(s.size) + "\"";
            if (s.bold) {
                out += " font-weight=\"bold\"";
            }
            if (s.anchor != 0) {
                out += std::string(" text-anchor=\"") + anchors[s.anchor] + "\"";
            }
            if (s.fill != 0) {
                out += " fill=\"" + colour(s.fill) + "\"";
            }
            if (s.opacity < 1) {
                out += " fill-opacity=\"" + number(s.opacity) + "\"";
            }
            if (s.angle != 0) {
                out += " transform=\"rotate(" + number(s.angle) + " " + number(s.x) + " " + number(s.y) + ")\"";
            }
            out += ">" + escaped(s.text) + "</text>\n";
        }
    }
    out += "</svg>\n";
    return out;
}

std::string to_pdf(const std::vector<Page>& pages)
{
    std::string out;
    if (pages.empty()) {
        return out;
    }
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append, &out, pages[0].width, pages[0].height);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "umpire");
    cairo_t* cr = cairo_create(surface);
    PangoLayout* layout = pango_cairo_create_layout(cr);
    for (const auto& page : pages) {
        cairo_pdf_surface_set_size(surface, page.width, page.height);
        for (const auto& s : page.shapes) {
            if (s.kind == Shape::Kind::rect) {
                cairo_rectangle(cr, s.x, s.y, s.w, s.h);
                set_colour(cr, s.fill, s.opacity);
                if (s.stroke != 0xFFFFFFFF) {
                    cairo_fill_preserve(cr);
                    set_colour(cr, s.stroke, 1);
                    cairo_set_line_width(cr, s.stroke_width);
                    cairo_stroke(cr);
                } else {
                    cairo_fill(cr);
                }
            } else if (s.kind == Shape::Kind::line) {
                cairo_move_to(cr, s.x, s.y);
                cairo_line_to(cr, s.x + s.w, s.y + s.h);
                set_colour(cr, s.stroke, 1);
                cairo_set_line_width(cr, s.stroke_width);
                cairo_stroke(cr);
            } else {
                set_text(layout, s.text, s.size, s.bold);
                pango_cairo_update_layout(cr, layout);
                const double w = width_of(layout);
                const double base = static_cast<double>(pango_layout_get_baseline(layout)) / PANGO_SCALE;
                cairo_save(cr);
                cairo_translate(cr, s.x, s.y);
                cairo_rotate(cr, s.angle * M_PI / 180);
                cairo_move_to(cr, -w * s.anchor / 2, -base);
                set_colour(cr, s.fill, s.opacity);
                pango_cairo_show_layout(cr, layout);
                cairo_restore(cr);
            }
        }
        cairo_show_page(cr);
    }
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        throw BadDocument{std::string("cairo: ") + cairo_status_to_string(status)};
    }
    return out;
}

}  // namespace umpire::draw
