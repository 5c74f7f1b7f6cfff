#pragma once
// Where tables and scenarios come from: the embedded defaults, overridden by id by the
// referee's own tables directory ($XDG_CONFIG_HOME/umpire/tables), then by directories named
// in $UMPIRE_TABLES and on the command line. A table is read and parsed only when a command
// asks for it, once per process.

#include "core/scenario.h"
#include "core/table.h"

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::load {

// The largest table or scenario file read (documented in umpire-tables(5)).
inline constexpr std::uintmax_t k_max_table_bytes = 1 << 20;

// Whose a table is: umpire's, the referee's own directory's, or a tables directory's.
inline constexpr std::string_view k_embedded = "embedded";
inline constexpr std::string_view k_yours = "yours";
inline constexpr std::string_view k_tables_option = "tables";  // a directory of the tables option or $UMPIRE_TABLES

struct TableInfo {
    std::string id;
    std::string title;
    std::string origin;  // "embedded" or the file's path
    bool provisional = false;
    std::string whose;                  // k_embedded, k_yours or k_tables_option
    bool replaces_provisional = false;  // the referee's copy of a shipped provisional table
};

class Catalog {
public:
    // DIRS in rising priority: a table in a later directory overrides an earlier one, and
    // any directory overrides USER_DIR (the referee's own tables, "" for none; a missing one
    // is no error), which overrides the embedded tables. A file's table is kept parsed in
    // CACHE_DIR ("" for none; load/table_cache.h) for the next call.
    explicit Catalog(std::vector<std::string> dirs = {}, std::string user_dir = "", std::string cache_dir = "");

    // Throws a not-found Error (with a suggestion) for an unknown id, a data Error for a
    // bad file.
    const core::Table& table(std::string_view id);
    // SHA-256 of the text table ID was read from, for the audit log and replay.
    const std::string& hash(std::string_view id);
    // The text table ID was read from (its TOML).
    const std::string& text(std::string_view id) { return entry(id).text; }
    // Every table, parsed and validated, sorted by id.
    std::vector<TableInfo> list();
    // Every table's id, sorted, without reading any table.
    std::vector<std::string> ids() const;
    // The file table ID is read from, without reading it; "" for an embedded one.
    std::string file_of(std::string_view id) const;
    // Where table ID was read from and whose it is (reads it if not yet read).
    TableInfo info(std::string_view id);
    // The referee's own tables directory, "" when there is none (or it does not exist yet).
    const std::string& user_dir() const { return m_user_dir; }

    // A scenario by embedded name, or a file when NAME holds '/' or ends in ".toml".
    const core::Scenario& scenario(std::string_view name);
    std::vector<std::string> scenario_names() const;

private:
    struct Entry {
        std::unique_ptr<core::Table> table;
        std::string text;  // as read, for hash()
        std::string hash;  // computed when first asked for
        std::string whose;
        bool replaces_provisional = false;
    };
    Entry& entry(std::string_view id);
    // The directories searched, the most important first, with whose each is.
    std::vector<std::pair<std::string, std::string_view>> search_dirs() const;
    std::vector<std::string> m_dirs;
    std::string m_user_dir;
    std::string m_cache_dir;
    std::map<std::string, Entry, std::less<>> m_tables;
    std::map<std::string, std::unique_ptr<core::Scenario>, std::less<>> m_scenarios;
};

// The id table file FILE must have for its place, ID when it may have it (table check FILE).
// A tables directory reads a file's path below it as its id (DIR/GAME/NAME.toml,
// DIR/GAME.NAME.toml): in a GAME_FOLDER, ID stands when some folder above FILE, read as
// one, gives it that id, and the id its folder gives it is wanted otherwise; elsewhere
// (a file not yet put in place) its name need only be ID's last part or ID.
std::string id_for_file(const std::string& file, std::string_view id, bool game_folder);

// Umpire's own table ID, whatever overrides it; null when umpire ships none of that id.
std::unique_ptr<core::Table> shipped_table(std::string_view id);
// A data Error at PATH's line and column when THEIRS, the referee's copy of SHIPPED read from
// TEXT, lacks what umpire's commands read of it: a column (in order), a row label, a
// constant, a shift, a result code; the key it is missing from is pointed at.
void check_fits(const core::Table& shipped, const core::Table& theirs, const std::string& path, std::string_view text);

// PATH's whole text: not_found (66) when it cannot be opened, an io Error (74) when a
// read fails, never a shorter text.
std::string read_file(const std::string& path);
// Standard input's text to its end (table import -, pbem): the data Error PAST_LIMIT when
// it holds more than LIMIT bytes; an io Error when a read fails (a closed descriptor).
std::string read_input(std::istream& in, size_t limit, const std::string& past_limit);
// What a path that is no regular file is, for a message: "a directory", "a device", "a
// FIFO", "a socket", "a broken link" (STATUS as std::filesystem::status gives it).
std::string file_kind(const std::filesystem::file_status& status);
// A table or scenario file's text: a data Error for a file past k_max_table_bytes, or one
// that is not a regular file (a directory, a FIFO, a broken link); not_found when it
// cannot be opened; io when a read fails.
std::string read_data_file(const std::string& path);

}  // namespace umpire::load
