#include "load/log.h"

#include "load/catalog.h"

#include "util/error.h"
#include "util/sha256.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace umpire::load {

using nlohmann::json;

namespace {

// umpire's limit on how deeply arrays and objects nest in JSON it reads. nlohmann's parser
// does not recurse, but writing a value out (dump) and comparing two (==, differences) do,
// once a level: a journal line nested 100,000 deep ran every game command, recover too, out
// of stack (hunt58). umpire writes nothing deeper than a few levels; TOML's limit is 256 too.
constexpr size_t k_max_json_depth = 256;

// Where TEXT's arrays and objects nest deeper than k_max_json_depth: "" when they do not.
// Counted byte by byte, brackets outside strings, so nothing recurses; a text that is not
// JSON is left to the parser to refuse.
std::string json_depth_problem(std::string_view text)
{
    size_t depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                ++i;  // the escaped character, a quote too
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > k_max_json_depth) {
                return "arrays and objects nested deeper than " + std::to_string(k_max_json_depth) + " (at byte " +
                       std::to_string(i + 1) + "), umpire's limit for the JSON it reads";
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return "";
}

// TEXT read as JSON: the one way this file reads JSON it is handed (a journal or log line, a
// batch request, a logged resolution). A text nested past k_max_json_depth is not read: the
// value is discarded and TOO_DEEP says why; otherwise TOO_DEEP is "" and the value is
// nlohmann's (discarded when the text is not JSON).
json read_json(std::string_view text, std::string& too_deep, const json::parser_callback_t& callback = nullptr)
{
    too_deep = json_depth_problem(text);
    if (!too_deep.empty()) {
        return json(json::value_t::discarded);
    }
    return json::parse(text, callback, false);
}

}  // namespace

Expected<std::vector<std::string>> parse_json_request(std::string_view line)
{
    using Words = std::vector<std::string>;
    // The request object's keys as parsed: a key given twice kept only its last value
    // ({"args": [...], "args": [...]} ran the second), where any other key is refused.
    std::vector<std::string> keys;
    std::string twice;
    const json::parser_callback_t keys_of = [&](int depth, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::key && depth == 1 && parsed.is_string()) {
            std::string key = parsed.get<std::string>();
            if (twice.empty() && std::find(keys.begin(), keys.end(), key) != keys.end()) {
                twice = key;
            }
            keys.push_back(std::move(key));
        }
        return true;
    };
    std::string too_deep;
    json j = read_json(line, too_deep, keys_of);
    if (!too_deep.empty()) {
        return fail<Words>("JSON request: " + too_deep);
    }
    if (j.is_discarded()) {
        return fail<Words>("JSON request: not valid JSON; write {\"args\": [\"check\", \"storm\"]}");
    }
    if (twice == "args") {
        return fail<Words>("JSON request: \"args\" is given twice; give one \"args\" array");
    }
    if (!twice.empty()) {  // an unknown key, given twice: said as unknown ("a" twice was blamed on "args")
        return fail<Words>("JSON request: unknown key \"" + visible(excerpt(twice, 120)) + "\"; only \"args\" is read");
    }
    if (!j.is_object() || !j.contains("args") || !j["args"].is_array()) {
        return fail<Words>("JSON request: an object with \"args\", an array of strings, is expected");
    }
    for (const auto& [key, value] : j.items()) {
        if (key != "args") {
            return fail<Words>("JSON request: unknown key \"" + visible(excerpt(key, 120)) +
                               "\"; only \"args\" is read");
        }
    }
    Words words;
    for (const auto& a : j["args"]) {
        if (!a.is_string()) {
            // a nested array or object named, not written out: its text was as long as the
            // line, and writing 20,000 levels of it ran out of stack under a sanitizer
            return fail<Words>("JSON request: \"args\" must hold only strings; found " +
                               (a.is_array() ? std::string("an array")
                                : a.is_object()
                                    ? std::string("an object")
                                    : excerpt(a.dump(-1, ' ', false, json::error_handler_t::replace), 120)));
        }
        words.push_back(a.get<std::string>());
    }
    return words;
}

namespace {

// What every log and journal line starts with: when, the request, seed and position,
// and each table read with its SHA-256.
nlohmann::ordered_json log_head(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                                std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables)
{
    nlohmann::ordered_json head;
    head["time"] = time;
    head["argv"] = argv;
    head["seed"] = seed;
    head["position"] = position;
    head["tables"] = nlohmann::ordered_json::object();
    for (const auto& [id, hash] : tables) {
        head["tables"][id] = hash;
    }
    return head;
}

// HEAD closed with the resolution, written by its own formatter. A byte that is not
// UTF-8 in a request is written as U+FFFD, so the line stays valid JSON.
std::string with_resolution(const nlohmann::ordered_json& head, const std::string& resolution_json)
{
    std::string line = head.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line.pop_back();
    return line + ",\"resolution\":" + resolution_json + "}\n";
}

}  // namespace

std::string log_line(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                     std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables,
                     const std::string& resolution_json, const std::optional<std::string>& state_before)
{
    nlohmann::ordered_json head = log_head(time, argv, seed, position, tables);
    if (state_before) {
        head["state_before"] = *state_before;
    }
    return with_resolution(head, resolution_json);
}

std::string journal_line(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                         std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables,
                         const std::vector<core::Change>& changes, std::optional<long long> undoes,
                         const std::string& after, const std::string& resolution_json)
{
    nlohmann::ordered_json head = log_head(time, argv, seed, position, tables);
    head["changes"] = nlohmann::ordered_json::array();
    for (const auto& c : changes) {
        head["changes"].push_back({{"unit", c.unit}, {"key", c.key}, {"from", c.from}, {"to", c.to}, {"rule", c.rule}});
        // a key the change makes or takes away, said only then: older lines read as before
        if (c.from_absent) {
            head["changes"].back()["from_absent"] = true;
        }
        if (c.to_absent) {
            head["changes"].back()["to_absent"] = true;
        }
    }
    if (undoes) {
        head["undoes"] = *undoes;
    }
    head["after"] = after;
    return with_resolution(head, resolution_json);
}

namespace {

// What the first line of a log chains to.
const std::string k_chain_start(64, '0');

// The last line of the file open on FD (SIZE bytes), without its newline, and whether the
// file ends with one. A file that does not is torn: a writer died mid-line.
std::pair<std::string, bool> last_line(int fd, off_t size)
{
    std::string tail;
    off_t from = size;
    while (from > 0) {
        const off_t chunk = std::min<off_t>(from, 1 << 16);
        from -= chunk;
        std::string piece(static_cast<size_t>(chunk), '\0');
        if (::pread(fd, piece.data(), piece.size(), from) != static_cast<ssize_t>(piece.size())) {
            throw io_error("cannot read the log's last line: " + std::string(std::strerror(errno)));
        }
        tail.insert(0, piece);
        const size_t search_end = tail.size() - (tail.back() == '\n' ? 1 : 0);
        const size_t nl = search_end == 0 ? std::string::npos : tail.rfind('\n', search_end - 1);
        if (nl != std::string::npos) {
            tail.erase(0, nl + 1);
            break;
        }
    }
    const bool whole = !tail.empty() && tail.back() == '\n';
    if (whole) {
        tail.pop_back();
    }
    return {tail, whole || size == 0};
}

}  // namespace

std::uint64_t append_log_line(const std::string& path, const std::string& line, bool durable)
{
    int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw io_error(path + ": cannot open: " + std::strerror(errno));
    }
    // One writer at a time: each line names the SHA-256 of the one before it.
    while (::flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            const int err = errno;
            ::close(fd);
            throw io_error(path + ": cannot lock: " + std::strerror(err));
        }
    }
    struct stat st {};
    auto fail = [&](const std::string& what, int err, bool cut) {
        if (cut) {
            // nothing half-written: what a failed write left is cut off again
            (void)::ftruncate(fd, st.st_size);
        }
        ::close(fd);
        throw io_error(path + ": " + what + ": " + std::strerror(err));
    };
    if (::fstat(fd, &st) != 0) {
        fail("cannot read", errno, false);
    }
    if (!S_ISREG(st.st_mode)) {
        // a FIFO or a device takes the line and keeps nothing: the chain (each line naming
        // the one before) and the audit would be lost without a word
        ::close(fd);
        std::error_code ec;
        throw io_error(path + ": " + file_kind(std::filesystem::status(path, ec)) +
                       ", not a regular file: a log is a file of chained lines, read back by replay and luck");
    }
    std::string prev = k_chain_start;
    std::string text;
    if (st.st_size > 0) {
        auto [last, whole] = last_line(fd, st.st_size);
        prev = sha256_hex(last);
        if (!whole) {
            text = "\n";  // end the torn line, so it stands alone and this one is whole
        }
    }
    // The chain link goes first in the object: {"prev":"...", ...}.
    text += "{\"prev\":\"" + prev + "\"," + line.substr(1);
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            fail("cannot write", n < 0 ? errno : ENOSPC, true);
        }
        done += static_cast<size_t>(n);
    }
    if (durable && ::fdatasync(fd) != 0) {
        fail("cannot flush to disk", errno, true);
    }
    ::close(fd);
    return static_cast<std::uint64_t>(st.st_size);
}

void truncate_log(const std::string& path, std::uint64_t size)
{
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        throw io_error(path + ": cannot open: " + std::strerror(errno));
    }
    if (::ftruncate(fd, static_cast<off_t>(size)) != 0 || ::fdatasync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        throw io_error(path + ": cannot cut back to " + std::to_string(size) + " bytes: " + std::strerror(err));
    }
    ::close(fd);
}

void require_appendable(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0644);
    if (fd < 0) {
        throw io_error(path + ": cannot open: " + std::strerror(errno));
    }
    struct stat st {};
    const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    ::close(fd);
    if (!regular) {
        std::error_code ec;
        throw io_error(path + ": " + file_kind(std::filesystem::status(path, ec)) +
                       ", not a regular file: a log is a file of chained lines, read back by replay and luck");
    }
}

void end_last_line(const std::string& path)
{
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) {
        throw io_error(path + ": cannot open: " + std::strerror(errno));
    }
    ssize_t n = 0;
    do {
        n = ::write(fd, "\n", 1);
    } while (n < 0 && errno == EINTR);
    if (n != 1 || ::fdatasync(fd) != 0) {
        const int err = n == 0 ? ENOSPC : errno;
        ::close(fd);
        throw io_error(path + ": cannot end its last line: " + std::strerror(err));
    }
    ::close(fd);
}

namespace {

// Why a line whose chain link is PREV ("" when it has none), line NUMBER of a log, does not
// follow the line before it, whose SHA-256 is LINK: "" when it does.
std::string link_break(std::string_view prev, std::string_view link, size_t number)
{
    if (prev.empty()) {
        return "prev: no chain link; the line cannot be shown to belong here";
    }
    if (prev != link) {
        return "prev: the chain is broken here: this line does not follow line " +
               (number == 1 ? std::string("0 (the start)") : std::to_string(number - 1)) +
               " (a line before it was removed, inserted, reordered or edited)";
    }
    return "";
}

}  // namespace

Chain check_chain(std::string_view text)
{
    static constexpr std::string_view k_open = "{\"prev\":\"";
    Chain chain;
    chain.last = k_chain_start;
    size_t at = 0;
    while (at < text.size()) {
        const size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) {
            break;  // a torn last line: no newline
        }
        const std::string_view line = text.substr(at, nl - at);
        ++chain.lines;
        if (chain.broken_at == 0) {
            const bool linked =
                line.starts_with(k_open) && line.size() > k_open.size() + 64 && line[k_open.size() + 64] == '"';
            std::string why =
                link_break(linked ? line.substr(k_open.size(), 64) : std::string_view(), chain.last, chain.lines);
            // umpire ends its lines with LF alone: a CR is a copy through a DOS tool, whatever the
            // line's place (the next line's prev would be taken over it, and a dos2unix break it).
            if (chain.lines == 1 && line.starts_with(k_byte_order_mark)) {
                why = "it begins with a byte-order mark (U+FEFF), as an editor may save UTF-8; umpire writes "
                      "none, and chains each line as written";
            }
            if (why.empty() && line.ends_with('\r')) {
                why = crlf_lines() + "; umpire ends its lines with LF, and chains each line to the one before "
                                     "as written";
            }
            if (!why.empty()) {
                chain.broken_at = chain.lines;
                chain.why = why;
            }
        }
        chain.last = sha256_hex(line);
        at = nl + 1;
        chain.whole = at;
    }
    return chain;
}

std::string chain_start() { return k_chain_start; }

Expected<LogEntry> parse_log_line(std::string_view line)
{
    std::string too_deep;
    json j = read_json(line, too_deep);
    if (!too_deep.empty()) {
        return fail<LogEntry>(too_deep);
    }
    if (j.is_discarded() || !j.is_object()) {
        return fail<LogEntry>("not a JSON object");
    }
    for (const char* key : {"argv", "seed", "position", "tables", "resolution"}) {
        if (!j.contains(key)) {
            return fail<LogEntry>(std::string("not an umpire log line: no \"") + key + "\"");
        }
    }
    // A seed or position is said as logged: a negative one is not read round to 2^64 - 1.
    const json& seed = j.at("seed");
    if (!seed.is_number_unsigned() || seed.get<std::uint64_t>() > UINT32_MAX) {
        return fail<LogEntry>("not an umpire log line: \"seed\" is " + seed.dump() + ", not a seed (0 to " +
                              std::to_string(UINT32_MAX) + ")");
    }
    if (const json& position = j.at("position"); !position.is_number_unsigned()) {
        return fail<LogEntry>("not an umpire log line: \"position\" is " + position.dump() +
                              ", not a position in the dice stream (0 or more)");
    }
    LogEntry e;
    try {
        for (const auto& a : j.at("argv")) {
            e.argv.push_back(a.get<std::string>());
        }
        e.seed = j.at("seed").get<std::uint32_t>();
        e.position = j.at("position").get<std::uint64_t>();
        for (const auto& [id, hash] : j.at("tables").items()) {
            e.tables.emplace_back(id, hash.get<std::string>());
        }
        e.resolution = j.at("resolution").dump();
        if (j.contains("prev")) {
            e.prev = j.at("prev").get<std::string>();
        }
        if (j.contains("state_before")) {
            e.state_before = j.at("state_before").get<std::string>();
        }
        if (j.contains("changes")) {
            for (const auto& c : j.at("changes")) {
                e.changes.push_back({c.at("unit").get<std::string>(), c.at("key").get<std::string>(),
                                     c.at("from").get<std::string>(), c.at("to").get<std::string>(),
                                     c.at("rule").get<std::string>(), c.value("from_absent", false),
                                     c.value("to_absent", false)});
            }
        }
        if (j.contains("undoes")) {
            e.undoes = j.at("undoes").get<long long>();
        }
        if (j.contains("after")) {
            e.after = j.at("after").get<std::string>();
        }
        const json& r = j.at("resolution");
        if (r.is_object() && r.contains("command") && r.at("command").is_string()) {
            e.command = r.at("command").get<std::string>();
        }
        if (r.is_object() && r.contains("result") && r.at("result").is_object() && r.at("result").contains("code")) {
            e.result_code = r.at("result").at("code").get<std::string>();
            auto text = [](const json& o, const char* key) {
                return o.contains(key) && o.at(key).is_string() ? o.at(key).get<std::string>() : std::string();
            };
            e.result_label = text(r.at("result"), "label");
            e.result_target = text(r.at("result"), "target");
            if (r.contains("results") && r.at("results").is_array()) {
                for (const auto& o : r.at("results")) {
                    // only a separate attack on a target of its own has dice of its own: a
                    // roll's expressions and a rally's stands are what the main result sums
                    if (o.is_object() && text(o, "label") != e.result_label && !text(o, "target").empty()) {
                        e.other_results.push_back({text(o, "label"), text(o, "code"), text(o, "target")});
                    }
                }
            }
            for (const auto& [key, value] : r.at("result").items()) {
                if (key != "code" && key != "name" && key != "source" && key != "severity" && value.is_primitive()) {
                    e.result_fields.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
                }
            }
        }
        if (r.is_object() && r.contains("rolls")) {
            for (const auto& roll : r.at("rolls")) {
                const bool given = roll.is_object() && roll.contains("given") && roll.at("given").get<bool>();
                ++(given ? e.dice_given : e.dice_rolled);
            }
        }
    } catch (const json::exception&) {
        return fail<LogEntry>("not an umpire log line: a field of the wrong type");
    }
    return e;
}

std::string chain_break(const LogEntry& entry, const std::string& link, size_t number)
{
    return link_break(entry.prev, link, number);
}

std::string crlf_lines() { return "its lines end in CR LF (a copy through a DOS tool?)"; }

std::string LogChain::next(std::string& line, size_t number)
{
    if (line.ends_with('\r')) {
        line.pop_back();
        if (crlf_line == 0) {
            crlf_line = number;
        }
    }
    return std::exchange(link, sha256_hex(line));
}

std::string LogChain::crlf_said(const std::string& path)
{
    return crlf_lines() + ": read as the LF lines umpire wrote, which the chain links; put them back (dos2unix " +
           path + ")";
}

namespace {

std::string shown(const json& v)
{
    std::string text = v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, json::error_handler_t::replace);
    return excerpt(text, 120);
}

// Every place A and B differ, as "path: logged X, now Y", at most LIMIT of them.
void differences(const json& a, const json& b, const std::string& path, std::vector<std::string>& out, size_t limit)
{
    if (out.size() >= limit || a == b) {
        return;
    }
    if (a.is_object() && b.is_object()) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : a.items()) {
            keys.push_back(k);
        }
        for (const auto& [k, v] : b.items()) {
            if (!a.contains(k)) {
                keys.push_back(k);
            }
        }
        for (const auto& k : keys) {
            if (k == "seed" || k == "position") {
                continue;  // replay runs at the logged seed and position
            }
            differences(a.value(k, json()), b.value(k, json()), path.empty() ? k : path + "." + k, out, limit);
        }
        return;
    }
    if (a.is_array() && b.is_array() && a.size() == b.size()) {
        for (size_t i = 0; i < a.size(); ++i) {
            differences(a[i], b[i], path + "[" + std::to_string(i) + "]", out, limit);
        }
        return;
    }
    out.push_back(path + ": logged " + (a.is_null() ? "nothing" : shown(a)) + ", now " +
                  (b.is_null() ? "nothing" : shown(b)));
}

}  // namespace

std::string resolution_difference(std::string_view logged, std::string_view now)
{
    std::string too_deep;
    json a = read_json(logged, too_deep);
    if (!too_deep.empty()) {
        return "logged resolution: " + too_deep;
    }
    json b = read_json(now, too_deep);
    if (a.is_discarded() || b.is_discarded()) {
        return "unreadable resolution";
    }
    // The JSON's version is not the resolution's: a log written before schema_version
    // existed replays as well as one written after.
    a.erase("schema_version");
    b.erase("schema_version");
    // Where a chart of the referee's was read ("chart ID: yours, PATH") is not the answer: the
    // line's fingerprints say whether it is the same chart, wherever it lies now.
    for (json* j : {&a, &b}) {
        if (auto it = j->find("notes"); it != j->end() && it->is_array()) {
            json kept = json::array();
            for (const auto& note : *it) {
                if (!note.is_string() || !note.get<std::string>().starts_with("chart ")) {
                    kept.push_back(note);
                }
            }
            *it = std::move(kept);
        }
    }
    std::vector<std::string> out;
    differences(a, b, "", out, 5);
    std::string text;
    for (const auto& d : out) {
        text += (text.empty() ? "" : "; ") + d;
    }
    return text;
}

}  // namespace umpire::load
