#include "format/text.h"

#include "core/checkpoint.h"
#include "util/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>
#include <string_view>
#include <unordered_map>

namespace umpire::format {

namespace {

// TEXT padded with spaces to WIDTH columns, appended to OUT (an odds table's 9,001 rows
// are written in place, not built of temporaries).
void append_padded(std::string& out, std::string_view text, size_t width, bool right = false)
{
    const size_t columns = display_width(text);
    const size_t fill = columns >= width ? 0 : width - columns;
    if (right) {
        out.append(fill, ' ');
    }
    out += text;
    if (!right) {
        out.append(fill, ' ');
    }
}

}  // namespace

std::string pad(const std::string& text, size_t width, bool right)
{
    std::string out;
    append_padded(out, text, width, right);
    return out;
}

namespace {

std::string bold(const std::string& text, Style style) { return style.colour ? "\033[1m" + text + "\033[0m" : text; }

std::string highlight(const std::string& text, Style style)
{
    return style.colour ? "\033[1;7m" + text + "\033[0m" : text;
}

std::string value_text(const core::Value& v)
{
    if (const auto* b = std::get_if<bool>(&v)) {
        return *b ? "yes" : "no";
    }
    if (const auto* n = std::get_if<long long>(&v)) {
        return std::to_string(*n);
    }
    if (const auto* s = std::get_if<std::string>(&v)) {
        return *s;
    }
    if (const auto* list = std::get_if<std::vector<std::string>>(&v)) {
        return join(*list, ", ");
    }
    return "-";
}

// Whether V is a list with nothing in it: a field the text leaves out, as it leaves out a
// flag left at "no"; JSON lists it, [] (DESIGN.md: overrun's reasons).
bool empty_list(const core::Value& v)
{
    const auto* list = std::get_if<std::vector<std::string>>(&v);
    return list != nullptr && list->empty();
}

// A key as a person reads it: "rammer_damaged" is "rammer damaged".
std::string words(std::string key)
{
    std::replace(key.begin(), key.end(), '_', ' ');
    return key;
}

// A result's head in the colour of its severity, which its tag also says in words, so
// colour is never the only cue: "L  Lose one  [severe]".
std::string severity_head(const std::string& head, const std::string& severity, Style style)
{
    if (severity.empty()) {
        return bold(head, style);
    }
    const std::string tag = "  [" + severity + "]";
    if (!style.colour) {
        return head + tag;
    }
    const char* colour = severity == "severe"  ? "\033[1;31m"  // bold red
                         : severity == "heavy" ? "\033[1;33m"  // bold yellow
                         : severity == "light" ? "\033[1m"     // bold
                                               : "\033[2m";    // none: dim
    return colour + head + tag + "\033[0m";
}

void append_outcome(std::string& out, const core::Outcome& o, const std::string& indent, Style style)
{
    std::string head = o.code + (o.name.empty() || o.name == o.code ? "" : "  " + o.name);
    out += indent + severity_head(head, o.severity, style);
    if (!o.label.empty()) {
        out += "  (" + o.label + ")";
    }
    out += "\n";
    for (const auto& f : o.fields) {
        if (empty_list(f.value)) {
            continue;  // "reasons: " and nothing after it says nothing (hunt47); JSON keeps the []
        }
        out += wrapped(indent + "  " + words(f.key) + ": ", value_text(f.value), style);
    }
    for (const auto& e : o.effects) {
        out += wrapped(indent + "  - ", e, style);
    }
}

// What was asked, as a person reads it: no flag left at "no" (a default echoed back).
void append_inputs(std::string& out, const core::Resolution& r, Style style)
{
    for (const auto& in : r.inputs) {
        if (const auto* b = std::get_if<bool>(&in.value); (b != nullptr && !*b) || empty_list(in.value)) {
            continue;
        }
        // A modifier of 0 is no modifier: not echoed, as a flag left off is not.
        const bool modifier = in.key == "modifier" || in.key == "mod" || in.key.ends_with("_mod");
        if (const auto* n = std::get_if<long long>(&in.value); modifier && n != nullptr && *n == 0) {
            continue;
        }
        out += wrapped("  " + words(in.key) + ": ", value_text(in.value), style);
    }
}

// What an odds REPORT was asked, and the fields every branch gives alike (a CRT's odds
// column): "  key: value" lines, the fields as the plain answer lists them under its result.
// A fixed field the inputs already show (a CRT's column, asked or found) is not shown twice.
void append_odds_inputs(std::string& out, const core::OddsReport& report, Style style)
{
    std::string inputs;
    append_inputs(inputs, report.sample, style);
    out += inputs;
    for (const auto& [name, value] : core::fixed_fields(report)) {
        if (value.empty()) {
            continue;  // an empty list every branch gives alike (overrun's reasons): nothing to say
        }
        const size_t dot = name.find('.');
        const std::string label = name.substr(0, dot);
        const std::string line =
            wrapped("  " + (label == "result" ? "" : label + " ") + words(name.substr(dot + 1)) + ": ", value, style);
        if (!inputs.starts_with(line) && inputs.find("\n" + line) == std::string::npos) {
            out += line;
        }
    }
}

std::string header(const core::Resolution& r, Style style)
{
    // wrapped between words on a terminal: "[PROVI" / "SIONAL]" at 40 columns
    return wrapped(
        "", r.title + (r.source.empty() ? "" : " (" + r.source + ")") + (r.provisional ? " [PROVISIONAL]" : ""), style);
}

}  // namespace

std::string wrapped(const std::string& first, const std::string& text, Style style)
{
    const size_t first_width = display_width(first);
    if (style.width == 0 || first_width + display_width(text) <= style.width || style.width <= first_width + 20) {
        return first + text + "\n";
    }
    const std::string hang(first_width, ' ');
    std::string out;
    std::string line = first;
    size_t room = style.width - first_width;
    size_t used = 0;
    for (const auto& word : split(text, ' ')) {
        if (used > 0 && used + 1 + display_width(word) > room) {
            out += line + "\n";
            line = hang;
            used = 0;
        }
        if (used > 0) {
            line += ' ';
            ++used;
        }
        line += word;
        used += display_width(word);
    }
    return out + line + "\n";
}

std::string inputs_text(const core::Resolution& r)
{
    std::string out;
    append_inputs(out, r, Style{});
    return out;
}

std::string inputs_text(const core::OddsReport& report)
{
    std::string out;
    append_odds_inputs(out, report, Style{});
    return out;
}

namespace {

// F as a double for the eye: a chance above 0 too small for a double (1/10^1000) is the
// least double above 0, so it prints as possible ("<0.01%", a bar of one cell), not 0.
double shown(const core::Fraction& f)
{
    const double v = f.value();
    return v == 0 && f.sign() > 0 ? std::numeric_limits<double>::denorm_min() : v;
}

// The longest exact fraction an odds table prints (text only; JSON has every one).
constexpr size_t k_longest_fraction = 40;

// Whether F's "num/den" is at most k_longest_fraction characters. GMP gives each part's
// digits without writing it, one too many at times: only a fraction that near the edge
// is written to be measured.
bool readable(const core::Fraction& f)
{
    // a share not yet in lowest terms has as many digits as that or more
    if (f.digits() + 1 > k_longest_fraction) {
        f.q();
    }
    const size_t most = f.digits() + 1;
    return most <= k_longest_fraction || (most <= k_longest_fraction + 2 && f.text().size() <= k_longest_fraction);
}

}  // namespace

std::string percent(const core::Fraction& f) { return percent(shown(f)); }

std::string percent(double probability)
{
    const double p = 100.0 * probability;
    if (p > 0 && p < 0.005) {
        return "<0.01%";  // possible, but not 0.00%: the exact fraction says how likely
    }
    // Hundredths of a percent as printf's "%.2f" rounds them, without printf (an odds
    // table of 1000d10 prints 18,002 of them): P x 100 is within 10^-12 of the product
    // printf rounds, so only a product that near a half is left to printf.
    const double hundredths = p * 100;
    if (hundredths >= 0 && hundredths < 1e9) {
        const double whole = std::floor(hundredths);
        if (std::fabs(hundredths - whole - 0.5) > 1e-6) {
            const auto n = static_cast<std::uint64_t>(whole) + (hundredths - whole > 0.5 ? 1 : 0);
            std::string out = std::to_string(n / 100);
            out += '.';
            out += static_cast<char>('0' + n % 100 / 10);
            out += static_cast<char>('0' + n % 10);
            out += '%';
            return out;
        }
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", p);
    return buf;
}

std::string to_text(const core::Resolution& r, Style style)
{
    // The result first, with what to do on the board; then the working.
    std::string out = header(r, style);
    out += "result: ";
    append_outcome(out, r.result, "", style);
    if (!r.results.empty()) {
        out += "results:\n";
        for (const auto& o : r.results) {
            append_outcome(out, o, "  ", style);
        }
    }
    std::string working;
    append_inputs(working, r, style);
    for (const auto& step : r.steps) {
        working += wrapped("  ", step, style);
    }
    if (!working.empty()) {
        out += "working:\n" + working;
    }
    if (!r.rolls.empty()) {
        out += "dice:\n";
        for (const auto& roll : r.rolls) {
            std::string faces;
            if (roll.faces.size() > 1) {
                std::vector<std::string> parts;
                for (int f : roll.faces) {
                    parts.push_back(std::to_string(f));
                }
                faces = " (" + join(parts, "+") + ")";
            }
            out += wrapped("  " + pad(roll.die, 5) + " " + pad(std::to_string(roll.value) + faces, 3) + "  " +
                               (roll.given ? "given " : "rolled") + "  ",
                           roll.purpose, style);
        }
    }
    for (const auto& note : r.notes) {
        out += wrapped("note: ", note, style);
    }
    for (const auto& note : r.provisional_notes) {
        out += wrapped("provisional: ", note, style);
    }
    if (r.seed && rolled_dice(r)) {
        out += "seed: " + seed_text(*r.seed, r.position) + "\n";
    }
    return out;
}

std::string seed_text(std::uint32_t seed, std::uint64_t position)
{
    return std::to_string(seed) + (position != 0 ? " (position " + std::to_string(position) + ")" : "");
}

bool rolled_dice(const core::Resolution& r)
{
    // The seed matters only when a die was rolled: given dice and lookups need none.
    return std::any_of(r.rolls.begin(), r.rolls.end(), [](const core::RollRecord& roll) { return !roll.given; });
}

std::string to_brief(const core::Resolution& r, Style style)
{
    const core::Outcome& o = r.result;
    std::string head = o.code + (o.name.empty() || o.name == o.code ? "" : "  " + o.name);
    return severity_head(head, o.severity, style) + (o.label.empty() ? "" : "  (" + o.label + ")") +
           (r.provisional ? "  [PROVISIONAL]" : "") + "\n";
}

std::string to_brief(const core::OddsReport& report)
{
    if (report.dimensions.empty()) {
        return "\n";
    }
    const auto& dim = report.dimensions.front();
    std::vector<std::string> parts;
    for (const auto& line : dim.lines) {
        const bool named = !line.name.empty() && line.name != line.value;
        parts.push_back((line.value.empty() ? line.name
                         : named            ? line.value + "  " + line.name
                                            : line.value) +
                        " " + percent(line.probability));
    }
    return dim.name + ": " + join(parts, ", ") + (report.sample.provisional ? "  [PROVISIONAL]" : "") + "\n";
}

std::vector<Compared> compared(const std::vector<core::OddsReport>& reports)
{
    std::vector<Compared> out;
    // the dimensions in the order the first request that reports each gives them
    for (const auto& report : reports) {
        for (const auto& dim : report.dimensions) {
            if (std::none_of(out.begin(), out.end(), [&](const Compared& c) { return c.name == dim.name; })) {
                out.push_back({dim.name, true, {}, {}});
            }
        }
    }
    for (auto& c : out) {
        auto& [name, numeric, dims, values, lines] = c;
        for (const auto& report : reports) {
            // c.name: clang 14 captures no structured binding in a lambda
            const auto it = std::find_if(report.dimensions.begin(), report.dimensions.end(),
                                         [&](const core::OddsDimension& d) { return d.name == c.name; });
            dims.push_back(it == report.dimensions.end() ? nullptr : &*it);
            numeric = numeric && (dims.back() == nullptr || dims.back()->numeric);
        }
        // every value any request reaches, with the first name given for it
        std::unordered_map<std::string_view, size_t> place;
        for (size_t i = 0; i < dims.size(); ++i) {
            for (const auto& line :
                 dims[i] == nullptr ? std::span<const core::OddsLine>() : std::span(dims[i]->lines)) {
                const auto [at, added] = place.try_emplace(line.value, values.size());
                if (added) {
                    values.emplace_back(line.value, line.name);
                    lines.emplace_back(dims.size(), nullptr);
                }
                if (lines[at->second][i] == nullptr) {
                    lines[at->second][i] = &line;
                }
            }
        }
        if (numeric) {
            std::vector<std::pair<long long, size_t>> order;  // each value's rank, "(not reported)" last
            order.reserve(values.size());
            for (size_t v = 0; v < values.size(); ++v) {
                order.emplace_back(
                    values[v].first.empty() ? std::numeric_limits<long long>::max() : std::stoll(values[v].first), v);
            }
            std::stable_sort(order.begin(), order.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
            decltype(c.values) sorted_values;
            decltype(c.lines) sorted_lines;
            for (const auto& [rank, v] : order) {
                sorted_values.push_back(std::move(values[v]));
                sorted_lines.push_back(std::move(lines[v]));
            }
            values = std::move(sorted_values);
            lines = std::move(sorted_lines);
        }
    }
    return out;
}

std::string compare_text(const std::vector<std::string>& requests, const std::vector<core::OddsReport>& reports,
                         Style style)
{
    std::string out = "Compare: exact odds of each request\n";
    for (size_t i = 0; i < requests.size(); ++i) {
        out += "  " + std::string(1, static_cast<char>('A' + i)) + "  " + requests[i] + "  (" +
               reports[i].sample.source + (reports[i].sample.provisional ? ", PROVISIONAL" : "") + ")\n";
    }
    // On a UTF-8 terminal each chance has its bar before it, the likeliest of the dimension
    // full; elsewhere the percents alone, as scripts have read them.
    constexpr size_t k_bar_cells = 6;
    const size_t k_cell = style.unicode ? 9 + 1 + k_bar_cells : 9;
    for (const auto& [name, numeric, dims, values, lines] : compared(reports)) {
        double most = 0;
        for (const auto* d : dims) {
            for (const auto& line : d == nullptr ? std::span<const core::OddsLine>() : std::span(d->lines)) {
                most = std::max(most, shown(line.probability));
            }
        }
        size_t code_width = 0;
        for (const auto& v : values) {
            code_width = std::max(code_width, display_width(v.first));
        }
        std::vector<std::string> labels;
        size_t width = std::max(display_width(name), numeric ? std::string("expected").size() + 2 : size_t{2});
        for (const auto& [value, label] : values) {
            const bool named = !label.empty() && label != value;
            labels.push_back(value.empty() ? label : named ? pad(value, code_width) + "  " + label : value);
            width = std::max(width, display_width(labels.back()) + 2);
        }
        std::string head = pad(name, width);
        for (size_t i = 0; i < reports.size(); ++i) {
            head += pad(std::string(1, static_cast<char>('A' + i)), k_cell, true);
        }
        out += head + "\n";
        for (size_t v = 0; v < values.size(); ++v) {
            std::string row = "  " + pad(labels[v], width - 2);
            for (const core::OddsLine* line : lines[v]) {
                if (style.unicode) {
                    const double share = line == nullptr || most == 0 ? 0 : shown(line->probability) / most;
                    row += "  " + bar(share, k_bar_cells, style);
                    row += pad(line == nullptr ? "-" : percent(line->probability), k_cell - k_bar_cells - 2, true);
                    continue;
                }
                row += pad(line == nullptr ? "-" : percent(line->probability), k_cell, true);
            }
            out += row + "\n";
        }
        if (numeric) {
            std::string row = "  " + pad("expected", width - 2);
            for (const auto* d : dims) {
                char e[32] = "-";
                if (d != nullptr && d->expected) {
                    std::snprintf(e, sizeof e, "%.2f", d->expected->value());
                }
                row += pad(e, k_cell, true);
            }
            out += row + "\n";
        }
    }
    std::vector<std::string> notes;
    for (const auto& report : reports) {
        for (const auto& note : report.sample.provisional_notes) {
            if (!contains(notes, note)) {
                notes.push_back(note);
                out += "provisional: " + note + "\n";
            }
        }
    }
    return out;
}

std::string expected_text(const core::OddsDimension& dim)
{
    if (!dim.expected) {
        return "";
    }
    char e[48];
    std::snprintf(e, sizeof e, "%.2f", dim.expected->value());
    // its fraction where it is not whole and short enough to read (as each line's)
    const std::string exact = readable(*dim.expected) ? dim.expected->text() : "";
    std::string out = "expected " + std::string(e) + (exact.empty() || exact.ends_with("/1") ? "" : " (" + exact + ")");
    if (dim.variance) {
        std::snprintf(e, sizeof e, "%.2f", std::sqrt(dim.variance->value()));
        out += ", sd " + std::string(e);
    }
    return out + (dim.expected_when_reported ? " when reported" : "");
}

namespace {

// bar(), appended to OUT.
void append_bar(std::string& out, double share, size_t cells, Style style)
{
    // Eighths of a cell in Unicode; whole cells of '#' in ASCII. Never nothing for a chance
    // above 0, however small.
    const size_t parts = style.unicode ? 8 : 1;
    size_t filled = static_cast<size_t>(share * static_cast<double>(cells * parts) + 0.5);
    if (filled == 0 && share > 0) {
        filled = 1;
    }
    filled = std::min(filled, cells * parts);
    if (!style.unicode) {
        out.append(filled, '#');
        out.append(cells - filled, ' ');
        return;
    }
    static const char* const k_eighths[] = {"", "\u258F", "\u258E", "\u258D", "\u258C", "\u258B", "\u258A", "\u2589"};
    for (size_t i = 0; i < filled / 8; ++i) {
        out += "\u2588";
    }
    out += k_eighths[filled % 8];
    out.append(cells - (filled + 7) / 8, ' ');
}

}  // namespace

std::string bar(double share, size_t cells, Style style)
{
    std::string out;
    append_bar(out, share, cells, style);
    return out;
}

std::string to_text(const core::OddsReport& report, Style style)
{
    const core::Resolution& r = report.sample;
    std::string out;
    out.reserve(core::printed_size(report));
    out += header(r, style);
    append_odds_inputs(out, report, style);
    out += wrapped("", "exact odds over " + core::branches_text(report.branches) + " of the roll tree:", style);
    // Each dimension drawn as aligned bars, the longest for its likeliest line; a count
    // or total also gets "at least" (this or more) and its expected value. The same lines
    // as the dimension before (parts alike: 4d6kh3 x 100, or one expression and its total)
    // are named, not printed again: a referee read the same table twice, 1000d10's 9,001 rows.
    const std::string* first_alike = nullptr;  // the first of a run of dimensions alike
    bool left_out = false;                     // a dimension's fractions were too long to print
    for (const auto& dim : report.dimensions) {
        if (dim.same_as_previous && first_alike != nullptr) {
            out += bold(dim.name, style) + "  the same as " + *first_alike + "\n";
            continue;
        }
        first_alike = &dim.name;
        std::string head = bold(dim.name, style);
        if (dim.expected) {
            head += "  " + expected_text(dim);
        }
        out += head + "\n";
        size_t code_width = 0;
        size_t width = 0;
        double most = 0;
        std::vector<double> shares;  // each line's, worked out once (GMP's, from 3,300 bits at 1000d10)
        shares.reserve(dim.lines.size());
        for (size_t i = 0; i < dim.lines.size(); ++i) {
            const auto& line = dim.lines[i];
            code_width = std::max(code_width, display_width(line.value));
            // a total's lines mirror one another (a sum of dice alike): the other end's, copied
            const auto mirror = core::mirrored(dim, i);
            shares.push_back(mirror ? shares[*mirror] : shown(line.probability));
            most = std::max(most, shares.back());
        }
        // a line's label: its value, padded, and its name when it has one of its own
        auto named = [](const core::OddsLine& line) { return !line.name.empty() && line.name != line.value; };
        auto label_width = [&](const core::OddsLine& line) {
            return line.value.empty() ? display_width(line.name)
                   : named(line)      ? std::max(code_width, display_width(line.value)) + 2 + display_width(line.name)
                                      : display_width(line.value);
        };
        for (const auto& line : dim.lines) {
            width = std::max(width, label_width(line));
        }
        // Exact fractions a person can read are printed; past k_longest_fraction characters
        // (100d10's run to 200 digits, 1000d10's to 2,000) a dimension prints none, and says
        // so: --json has each. Their length is known from GMP without writing them.
        const bool exact = std::all_of(dim.lines.begin(), dim.lines.end(),
                                       [](const core::OddsLine& line) { return readable(line.probability); });
        left_out = left_out || !exact;
        // 24 characters off a terminal (what scripts have read); on one, what its width leaves.
        // There each line's fraction is written once, for the width and then for its row.
        size_t cells = 24;
        std::vector<std::string> fractions;
        if (style.width > 0) {
            size_t fraction_width = 0;
            fractions.reserve(exact ? dim.lines.size() : 0);
            for (const auto& line : dim.lines) {
                if (exact) {
                    fractions.push_back(line.probability.text());
                    fraction_width = std::max(fraction_width, fractions.back().size());
                }
            }
            const size_t rest = 2 + width + 2 + 2 + 7 + (dim.numeric ? 18 : 0) + 2 + fraction_width + 1;
            // no bar where none fits: eight cells at 40 columns pushed every line past the edge
            cells = style.width > rest + 8 ? std::min<size_t>(style.width - rest, 48) : 0;
        }
        std::vector<double> at_least(dim.lines.size());
        if (dim.ways) {
            // its lines are the polynomial's counts not 0, lowest first: summed from the top
            // over its one denominator
            core::Integer running = 0;
            size_t i = dim.lines.size();
            for (size_t k = dim.ways->ways.size(); k-- > 0 && i > 0;) {
                if (dim.ways->ways[k] != 0) {
                    running += dim.ways->ways[k];
                    at_least[--i] = core::quotient(running, dim.ways->all);
                }
            }
        } else {
            core::ExactSum running;
            for (size_t i = dim.lines.size(); i-- > 0;) {
                if (!dim.lines[i].value.empty()) {
                    running.add(dim.lines[i].probability.q());
                }
                const double v = running.value();
                at_least[i] = v == 0 && !running.zero() ? std::numeric_limits<double>::denorm_min() : v;
            }
        }
        for (size_t i = 0; i < dim.lines.size(); ++i) {
            core::checkpoint();  // the shell's Ctrl-C stops 24,000 rows too
            const auto& line = dim.lines[i];
            const double p = shares[i];
            out += "  ";
            if (line.value.empty() || !named(line)) {
                append_padded(out, line.value.empty() ? line.name : line.value, width);
            } else {
                append_padded(out, line.value, code_width);
                out += "  ";
                append_padded(out, line.name,
                              width - std::min(width, std::max(code_width, display_width(line.value)) + 2));
            }
            if (cells > 0) {
                out += "  ";
                append_bar(out, most > 0 ? p / most : 0, cells, style);
                out += "  ";
            } else {
                out += ' ';
            }
            append_padded(out, percent(p), 7, true);
            if (dim.numeric) {
                if (line.value.empty()) {
                    out.append(18, ' ');
                } else {
                    out += "  at least ";
                    append_padded(out, percent(at_least[i]), 7, true);
                }
            }
            if (exact) {
                out += "  ";
                out += fractions.empty() ? line.probability.text() : fractions[i];
            }
            out += '\n';
        }
    }
    if (left_out) {
        out += wrapped("note: ",
                       "exact fractions of more than " + std::to_string(k_longest_fraction) +
                           " characters are not printed here; --json gives every one",
                       style);
    }
    // wrapped as a plain result's notes are (they broke mid-word on a terminal)
    for (const auto& note : r.notes) {
        out += wrapped("note: ", note, style);
    }
    for (const auto& note : r.provisional_notes) {
        out += wrapped("provisional: ", note, style);
    }
    return out;
}

namespace {

// The rows and columns of T as printed, the marked cell in brackets.
std::string draw_grid(const core::Table& t, std::optional<size_t> mark_row, std::optional<size_t> mark_column,
                      Style style)
{
    std::string out;
    std::vector<std::string> heads = t.columns.empty() ? std::vector<std::string>{"Result"} : t.columns;
    size_t key_width = display_width(t.row_title);
    for (const auto& row : t.rows) {
        key_width = std::max(key_width, display_width(row.key));
    }
    std::vector<size_t> widths;
    for (size_t c = 0; c < heads.size(); ++c) {
        size_t w = display_width(heads[c]);
        for (const auto& row : t.rows) {
            w = std::max(w, display_width(row.cells[c]) + 2);
        }
        widths.push_back(w);
    }
    if (!t.column_title.empty()) {
        out += pad("", key_width) + "  " + t.column_title + "\n";
    }
    out += pad(t.row_title, key_width);
    for (size_t c = 0; c < heads.size(); ++c) {
        out += "  " + pad(heads[c], widths[c]);
    }
    out += "\n";
    for (size_t r = 0; r < t.rows.size(); ++r) {
        out += pad(t.rows[r].key, key_width);
        for (size_t c = 0; c < heads.size(); ++c) {
            bool marked = mark_row == r && (mark_column == c || (!mark_column && heads.size() == 1));
            std::string text = marked ? "[" + t.rows[r].cells[c] + "]" : " " + t.rows[r].cells[c] + " ";
            out += "  " + (marked ? highlight(pad(text, widths[c]), style) : pad(text, widths[c]));
        }
        out += "\n";
    }
    return out;
}

}  // namespace

std::vector<std::string> legend_lines(const core::Table& t, const core::LegendEntry& e)
{
    std::vector<std::string> out;
    if (e.roll_again) {
        out.push_back("roll again (" + std::to_string(t.roll_again_limit) + " time" +
                      (t.roll_again_limit == 1 ? "" : "s") + " at most)");
    }
    for (const auto& role : {std::pair{"attacker", &e.attacker}, std::pair{"defender", &e.defender}}) {
        if (!role.second->empty()) {
            out.push_back("the " + std::string(role.first) + "'s units: " + *role.second);
        }
    }
    for (const auto& effect : e.effects) {
        out.push_back(effect);
    }
    for (const auto& side : e.by_side) {
        for (const auto& effect : side.effects) {
            out.push_back(side.side + ": " + effect);
        }
    }
    return out;
}

std::vector<std::pair<std::string, std::vector<std::string>>> rule_lines(const core::Table& t)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    if (!t.modifiers.empty()) {
        auto& [head, lines] = out.emplace_back("modifiers (--mod NAME or NAME=COUNT)", std::vector<std::string>{});
        for (const auto& m : t.modifiers) {
            std::string how = m.per == 0 ? signed_number(m.value)
                                         : signed_number(m.value) + " per " + std::to_string(m.per) + " (" +
                                               std::to_string(m.min) + " to " + std::to_string(m.max) + ")";
            lines.push_back(pad(m.name, 20) + " " + pad(how, 10) + " " + m.description +
                            (m.source.empty() ? "" : " (" + m.source + ")"));
        }
    }
    if (!t.shifts.empty()) {
        auto& [head, lines] = out.emplace_back("shifts (--shift NAME or NAME=COUNT)", std::vector<std::string>{});
        for (const auto& sh : t.shifts) {
            const std::string how = signed_number(sh.columns) + (sh.read ? " read" : "");
            lines.push_back(pad(sh.name, 20) + " " + pad(how, 10) + " " + sh.description +
                            (sh.source.empty() ? "" : " (" + sh.source + ")"));
        }
    }
    if (!t.constants.empty()) {
        auto& [head, lines] = out.emplace_back("", std::vector<std::string>{});
        for (const auto& [name, value] : t.constants) {
            lines.push_back(name + " = " + std::to_string(value));
        }
    }
    return out;
}

std::string draw_table(const core::Table& t, std::optional<size_t> mark_row, std::optional<size_t> mark_column,
                       Style style)
{
    std::string out = bold(t.title, style) + " (" + t.source + ")" + (t.provisional ? " [PROVISIONAL]" : "") + "\n";
    out += "id: " + t.id + "   from: " + t.origin;
    if (t.dice) {
        out += "   dice: " + t.dice->label();
    }
    if (!t.modifier.empty()) {
        out += " + " + t.modifier;
    }
    out += "\n\n";

    if (!t.rows.empty()) {
        out += draw_grid(t, mark_row, mark_column, style);
    }
    if (!t.legend.empty()) {
        out += "\n";
        // Codes padded to the longest, and always two spaces before the name: a code as
        // long as the column ran into its name ("survivesSurvives").
        size_t code_width = 4;
        for (const auto& e : t.legend) {
            code_width = std::max(code_width, display_width(e.code));
        }
        const std::string indent(code_width + 4, ' ');
        for (const auto& e : t.legend) {
            out += "  " + pad(e.code, code_width) + "  " + e.name + "\n";
            for (const auto& line : legend_lines(t, e)) {
                out += indent + "- " + line + "\n";
            }
        }
    }
    for (const auto& [head, lines] : rule_lines(t)) {
        out += "\n" + (head.empty() ? "" : head + ":\n");
        for (const auto& line : lines) {
            out += "  " + line + "\n";
        }
    }
    if (!t.notes.empty()) {
        out += "\n";
        for (const auto& note : t.notes) {
            out += "note: " + note + "\n";
        }
    }
    return out;
}

std::string list_tables(const std::vector<load::TableInfo>& tables)
{
    size_t id_width = 2;
    for (const auto& t : tables) {
        id_width = std::max(id_width, display_width(t.id));
    }
    std::string out;
    for (const auto& t : tables) {
        out += pad(t.id, id_width) + "  " + pad(t.whose, 9) + "  " + t.title + (t.provisional ? " [PROVISIONAL]" : "") +
               (t.replaces_provisional ? " [in place of the provisional one]" : "") +
               (t.whose == load::k_embedded ? "" : "  " + t.origin) + "\n";
    }
    return out;
}

}  // namespace umpire::format
