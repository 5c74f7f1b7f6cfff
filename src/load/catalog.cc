#include "load/catalog.h"

#include "load/embedded.h"
#include "load/loader.h"
#include "load/table_cache.h"
#include "util/error.h"
#include "util/sha256.h"
#include "util/text.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace umpire::load {

namespace fs = std::filesystem;

namespace {

// The id a file under a tables directory has: its path below DIR, '/' read as '.'.
std::string id_from_path(const fs::path& dir, const fs::path& file)
{
    std::string rel = fs::relative(file, dir).replace_extension().generic_string();
    std::replace(rel.begin(), rel.end(), '/', '.');
    return rel;
}

// A data Error unless PATH (which exists, perhaps as a dangling link) is a regular file
// or a link to one: a directory, a FIFO or a broken link named like a table must not be
// passed over silently for the shipped table, nor a FIFO read until it blocks forever.
void require_regular_file(const fs::path& path)
{
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::is_regular_file(status)) {
        return;
    }
    throw data_error(visible(path.string()) + ": " + (ec ? "a broken link" : file_kind(status)) +
                     "; a table or scenario must be a regular file");
}

// The file in DIR that holds table ID, or "" when none does. Each '.' of the id may be a
// folder's '/' (DIR/GAME/NAME.toml, DIR/GAME.NAME.toml, as id_from_path reads them); two
// files of one id are a data Error naming both: one of them was passed over without a
// word, and the referee's edits to it changed nothing.
std::string find_in_dir(const std::string& dir, std::string_view id)
{
    std::vector<size_t> dots;
    for (size_t i = 0; i < id.size(); ++i) {
        if (id[i] == '.') {
            dots.push_back(i);
        }
    }
    // every spelling for an id of up to six dots; past that (no table's), the two whole ones
    const size_t spellings = dots.size() <= 6 ? size_t{1} << dots.size() : 0;
    std::vector<std::string> candidates;
    for (size_t mask = 0; mask < spellings; ++mask) {
        std::string name(id);
        for (size_t d = 0; d < dots.size(); ++d) {
            if ((mask >> d & 1U) != 0) {
                name[dots[d]] = '/';
            }
        }
        candidates.push_back(name);
    }
    if (spellings == 0) {
        std::string nested(id);
        std::replace(nested.begin(), nested.end(), '.', '/');
        candidates = {nested, std::string(id)};
    }
    std::vector<std::string> found;
    for (const auto& name : candidates) {
        const fs::path candidate = fs::path(dir) / (name + ".toml");
        std::error_code ec;
        if (fs::exists(fs::symlink_status(candidate, ec))) {
            found.push_back(candidate.string());  // read_data_file refuses it unless a regular file
        }
    }
    if (found.size() > 1) {
        std::sort(found.begin(), found.end());
        throw data_error(join(found, " and ") + " both hold table " + std::string(id) +
                         "; keep one (the other would be passed over)");
    }
    return found.empty() ? "" : found.front();
}

// Why DIR, given as a tables directory, is none: not there, or a file of another kind.
std::string missing_directory(const std::string& dir)
{
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    return "tables directory '" + dir + "' " +
           (fs::exists(status) ? std::string("is ") + (fs::is_regular_file(status) ? "a file" : file_kind(status)) +
                                     ", not a directory"
                               : std::string("does not exist"));
}

std::vector<fs::path> toml_files(const std::string& dir)
{
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        throw not_found_error(missing_directory(dir));
    }
    // Walked by hand: a symlink loop or an unreadable subdirectory is reported with its
    // place (the range-for threw, and the error came out as an internal one).
    fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec);
    fs::path last;  // the entry before the failing step: a folder it could not open (hunt48 F7)
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        last = it->path();
        if (last.extension() == ".toml") {
            require_regular_file(last);
            files.push_back(last);
        }
    }
    if (ec) {
        // A step that fails ends the walk: it failed opening the folder just reached, or
        // reading on in the folder that holds the entry just reached.
        std::error_code kind;
        const fs::path failed = it != fs::recursive_directory_iterator()           ? it->path()
                                : last.empty()                                     ? fs::path()
                                : fs::is_directory(fs::symlink_status(last, kind)) ? last
                                                                                   : last.parent_path();
        throw not_found_error(
            "tables directory '" + dir + "': cannot read " +
            (failed.empty() || failed == dir ? std::string("it") : "'" + visible(failed.string()) + "'") + ": " +
            ec.message());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

std::string id_for_file(const std::string& file, std::string_view id, bool game_folder)
{
    std::error_code ec;
    const fs::path path = fs::absolute(file, ec).lexically_normal();
    const std::string stem = path.stem().string();
    if (!game_folder) {
        const size_t dot = id.rfind('.');
        return id == stem || id.ends_with("." + stem) ? std::string(id)
               : stem.find('.') != std::string::npos || dot == std::string_view::npos
                   ? stem
                   : std::string(id.substr(0, dot + 1)) + stem;
    }
    // Each folder up adds a part to the id: no more folders than the id has dots.
    fs::path dir = path.parent_path();
    for (size_t up = 0; up <= static_cast<size_t>(std::count(id.begin(), id.end(), '.')); ++up) {
        if (id_from_path(dir, path) == id) {
            return std::string(id);
        }
        if (dir == dir.parent_path()) {
            break;
        }
        dir = dir.parent_path();
    }
    const fs::path folder = path.parent_path();
    return stem.find('.') != std::string::npos || folder == folder.parent_path()
               ? stem
               : id_from_path(folder.parent_path(), path);
}

std::string file_kind(const fs::file_status& status)
{
    return !fs::exists(status)                                          ? "a broken link"
           : fs::is_directory(status)                                   ? "a directory"
           : fs::is_character_file(status) || fs::is_block_file(status) ? "a device"
           : fs::is_fifo(status)                                        ? "a FIFO"
           : fs::is_socket(status)                                      ? "a socket"
                                                                        : "not a regular file";
}

namespace {

// FD's whole text (it is closed), SIZE bytes expected; more than LIMIT is a data error. A
// read that fails is an error (exit 74), never a shorter text: the game's journal read
// short was taken for a torn last line and cut (a stream's read error ends its text as
// the end of the file does).
std::string read_fd(int fd, const std::string& path, size_t size, size_t limit)
{
    std::string text(size, '\0');
    size_t got = 0;
    while (true) {
        if (got == text.size()) {
            text.resize(got + 4096);  // a file that grew since its fstat is read whole
        }
        const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            const int error = n < 0 ? errno : 0;
            ::close(fd);
            if (error != 0) {
                throw io_error("cannot read '" + path + "': " + std::strerror(error));
            }
            break;
        }
        got += static_cast<size_t>(n);
        if (got > limit) {
            ::close(fd);
            throw data_error(path + ": more than " + std::to_string(limit) +
                             " bytes; a table or scenario file may be at most " + std::to_string(limit) + " bytes");
        }
    }
    text.resize(got);
    return text;
}

}  // namespace

std::string read_file(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        throw not_found_error("cannot read '" + path + "': " + std::strerror(errno));
    }
    struct stat st {};
    const size_t size = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? static_cast<size_t>(st.st_size) : 0;
    return read_fd(fd, path, size, std::numeric_limits<size_t>::max());
}

std::string read_input(std::istream& in, size_t limit, const std::string& past_limit)
{
    std::string text;
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<size_t>(in.gcount()));
        if (text.size() > limit) {
            throw data_error(past_limit);
        }
    }
    if (in.bad()) {  // the buffer's read failed: the stream says only that it is bad
        throw io_error("standard input: cannot read it (closed, or a read failed)");
    }
    return text;
}

std::string read_data_file(const std::string& path)
{
    // One open and one fstat of what was opened (every call that reads a table of yours
    // comes here; five stats of the same file were a tenth of such a call's system time).
    // O_NONBLOCK: a FIFO opens at once, to be refused, instead of waiting for a writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int error = errno;
        if (struct stat link{}; (error == ENOENT || error == ELOOP) && ::lstat(path.c_str(), &link) == 0) {
            require_regular_file(path);  // a broken link or a loop of links, said as such
        }
        throw not_found_error("cannot read '" + path + "': " + std::strerror(error));
    }
    struct stat st {};
    const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (!regular || static_cast<std::uintmax_t>(st.st_size) > k_max_table_bytes) {
        ::close(fd);
        if (!regular) {
            require_regular_file(path);
            throw data_error(path + ": not a regular file; a table or scenario must be a regular file");
        }
        throw data_error(path + ": " + std::to_string(st.st_size) + " bytes; a table or scenario file may be at most " +
                         std::to_string(k_max_table_bytes) + " bytes");
    }
    return read_fd(fd, path, static_cast<size_t>(st.st_size), k_max_table_bytes);
}

Catalog::Catalog(std::vector<std::string> dirs, std::string user_dir, std::string cache_dir)
    : m_dirs(std::move(dirs))
    , m_cache_dir(std::move(cache_dir))
{
    // The referee's own directory is read only when it is there: a missing one (or a home
    // without it) is no error, but one that is there and cannot be read is, never passed over.
    // One open of it (every call comes here): absent, not a directory, or unreadable.
    if (!user_dir.empty()) {
        const int fd = ::open(user_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd >= 0) {
            ::close(fd);
            m_user_dir = std::move(user_dir);
        } else if (const int error = errno; error == ENOENT || error == ENOTDIR) {
            // a dangling link or a file there is an error; nothing there, or no folder
            // above it (a home without .config), is none
            if (struct stat st{}; ::lstat(user_dir.c_str(), &st) == 0) {
                throw data_error("your tables directory " + user_dir + " is not a directory");
            }
        } else {
            throw not_found_error("your tables directory " + user_dir + ": cannot read it: " + std::strerror(error));
        }
    }
    for (const auto& dir : m_dirs) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) {
            throw not_found_error(missing_directory(dir));
        }
    }
}

const core::Table& Catalog::table(std::string_view id) { return *entry(id).table; }

const std::string& Catalog::hash(std::string_view id)
{
    Entry& e = entry(id);
    if (e.hash.empty()) {
        e.hash = sha256_hex(e.text);  // only the audit log and replay ask: not paid per call
    }
    return e.hash;
}

std::vector<std::pair<std::string, std::string_view>> Catalog::search_dirs() const
{
    std::vector<std::pair<std::string, std::string_view>> out;
    for (auto dir = m_dirs.rbegin(); dir != m_dirs.rend(); ++dir) {
        out.emplace_back(*dir, k_tables_option);
    }
    if (!m_user_dir.empty()) {
        out.emplace_back(m_user_dir, k_yours);
    }
    return out;
}

namespace {

// The shipped table ID, or null when umpire ships none of that id.
std::unique_ptr<core::Table> embedded_table(std::string_view id)
{
    for (const auto& file : embedded_tables()) {
        if (file.id == id) {
            auto compiled = compiled_table(id);
            auto t =
                std::make_unique<core::Table>(compiled ? std::move(*compiled) : parse_table(file.text, file.path, id));
            t->origin = std::string(k_embedded);
            return t;
        }
    }
    return nullptr;
}

}  // namespace

// What of SHIPPED the commands read and THEIRS (the referee's copy, from PATH) lacks: its
// columns in order, its row labels, its constants, its shifts (by name and kind) and its
// result codes. A copy may change every cell and a shift's columns, group die rows otherwise,
// add codes and reword effects, never drop what a procedure looks for: that would be a wrong
// lookup, not a refusal.
void check_fits(const core::Table& shipped, const core::Table& theirs, const std::string& path, std::string_view text)
{
    const std::string of = shipped.id + " ";
    // The fault at KEY of the copy, where the referee would put it right.
    const auto fault = [&](std::string_view key, const std::string& message) {
        return error_at_key(text, path, key, message);
    };
    if (theirs.column_kind != shipped.column_kind || theirs.columns != shipped.columns) {
        std::vector<std::string> missing;
        for (const auto& c : shipped.columns) {
            if (!contains(theirs.columns, c)) {
                missing.push_back(c);
            }
        }
        throw fault(theirs.columns.empty() ? "columns" : "columns.keys",
                    of +
                        (missing.empty()
                             ? "has its columns in another order or of another kind"
                             : "lacks column" + std::string(missing.size() > 1 ? "s " : " ") + join(missing, ", ")) +
                        "; umpire's commands read umpire's columns, in order: " + join(shipped.columns, " "));
    }
    if (theirs.row_kind != shipped.row_kind || theirs.dice != shipped.dice) {
        throw fault(theirs.dice != shipped.dice ? "dice" : "rows.kind",
                    of + "has rows of another kind or other dice than umpire's (" +
                        (shipped.dice ? shipped.dice->label() : std::string("no dice")) +
                        "): the commands roll and read it as umpire's");
    }
    for (const auto& row : shipped.rows) {
        if (shipped.row_kind == core::RowKind::label &&
            std::none_of(theirs.rows.begin(), theirs.rows.end(), [&](const auto& r) { return r.key == row.key; })) {
            throw fault("row", of + "lacks row '" + row.key + "', which the commands read");
        }
    }
    for (const auto& constant : shipped.constants) {
        if (std::none_of(theirs.constants.begin(), theirs.constants.end(),
                         [&](const auto& c) { return c.first == constant.first; })) {
            throw fault("constants", of + "lacks the constant " + constant.first + ", which the commands read");
        }
    }
    for (const auto& s : shipped.shifts) {
        const core::ShiftRule* mine = theirs.find_shift(s.name);
        if (mine == nullptr || mine->read != s.read) {
            throw fault("shift", of + (mine == nullptr ? "lacks" : "has another kind of") + " the [[shift]] " + s.name +
                                     " (" + s.description + (s.source.empty() ? "" : ", " + s.source) +
                                     "), which the commands read");
        }
    }
    for (const auto& e : shipped.legend) {
        if (std::none_of(theirs.legend.begin(), theirs.legend.end(),
                         [&](const core::LegendEntry& l) { return l.code == e.code; })) {
            throw fault("legend", of + "lacks the result code " + e.code + " (" + e.name +
                                      ") in its legend, which the commands read");
        }
    }
}

std::unique_ptr<core::Table> shipped_table(std::string_view id) { return embedded_table(id); }

Catalog::Entry& Catalog::entry(std::string_view id)
{
    if (auto it = m_tables.find(id); it != m_tables.end()) {
        return it->second;
    }
    Entry e;
    for (const auto& [dir, whose] : search_dirs()) {
        std::string path = find_in_dir(dir, id);
        if (!path.empty()) {
            e.text = read_data_file(path);
            e.table = std::make_unique<core::Table>(parse_table_cached(e.text, path, id, m_cache_dir));
            e.whose = whose;
            // The referee's copy of a chart the text lost is his chart: not provisional, and
            // every answer read from it says whose it is (Context::emit).
            if (auto shipped = embedded_table(id)) {
                check_fits(*shipped, *e.table, path, e.text);
                if (shipped->provisional) {
                    e.replaces_provisional = true;
                    e.table->provisional = false;
                }
            }
            break;
        }
    }
    if (!e.table) {
        for (const auto& file : embedded_tables()) {
            if (file.id == id) {
                e.text = file.text;
                e.table = embedded_table(id);
                e.whose = k_embedded;
            }
        }
    }
    if (!e.table) {
        std::vector<std::string> ids;
        for (const auto& info : list()) {
            ids.push_back(info.id);
        }
        throw not_found_error("no table '" + std::string(id) + "'" + suggestion(id, ids) +
                              "; 'umpire table list' shows them all");
    }
    return m_tables.emplace(std::string(id), std::move(e)).first->second;
}

std::vector<std::string> Catalog::ids() const
{
    std::set<std::string> ids;
    for (const auto& file : embedded_tables()) {
        ids.emplace(file.id);
    }
    for (const auto& [dir, whose] : search_dirs()) {
        for (const auto& file : toml_files(dir)) {
            ids.insert(id_from_path(dir, file));
        }
    }
    return {ids.begin(), ids.end()};
}

std::string Catalog::file_of(std::string_view id) const
{
    for (const auto& [dir, whose] : search_dirs()) {
        if (std::string path = find_in_dir(dir, id); !path.empty()) {
            return path;
        }
    }
    return "";
}

TableInfo Catalog::info(std::string_view id)
{
    const Entry& e = entry(id);
    const core::Table& t = *e.table;
    return {t.id, t.title, t.origin, t.provisional, e.whose, e.replaces_provisional};
}

std::vector<TableInfo> Catalog::list()
{
    std::vector<TableInfo> out;
    for (const auto& id : ids()) {
        out.push_back(info(id));
    }
    return out;
}

const core::Scenario& Catalog::scenario(std::string_view name)
{
    if (auto it = m_scenarios.find(name); it != m_scenarios.end()) {
        return *it->second;
    }
    std::unique_ptr<core::Scenario> s;
    const bool is_file = name.find('/') != std::string_view::npos || name.ends_with(".toml");
    if (is_file) {
        std::string path(name);
        std::string text;
        try {
            text = read_data_file(path);
        } catch (const Error& e) {
            throw Error(e.code(), "{scenario}: " + std::string(e.what()));  // named by its flag, as its other errors
        }
        s = std::make_unique<core::Scenario>(parse_scenario(text, path));
    } else {
        for (const auto& file : embedded_scenarios()) {
            if (file.id == name) {
                auto compiled = compiled_scenario(file.id);
                s = std::make_unique<core::Scenario>(compiled ? std::move(*compiled)
                                                              : parse_scenario(file.text, file.path, file.id));
                s->origin = "embedded";
            }
        }
    }
    if (!s) {
        auto names = scenario_names();
        throw not_found_error("{scenario}: no scenario '" + std::string(name) + "'" + suggestion(name, names) +
                              "; shipped: " + join(names, ", ") + ", or give a .toml file");
    }
    return *m_scenarios.emplace(std::string(name), std::move(s)).first->second;
}

std::vector<std::string> Catalog::scenario_names() const
{
    std::vector<std::string> names;
    for (const auto& file : embedded_scenarios()) {
        names.emplace_back(file.id);
    }
    return names;
}

}  // namespace umpire::load
