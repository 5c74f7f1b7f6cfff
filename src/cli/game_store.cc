#include "cli/game_store.h"

#include "load/catalog.h"
#include "load/loader.h"
#include "util/error.h"

#include <filesystem>
#include <sstream>

namespace umpire::cli {

std::string journal_path(const std::string& game_path) { return game_path + ".journal"; }

std::string read_game_text(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        throw Error(ExitCode::no_input,
                    "{game} " + path + ": no such game file; 'umpire game new GAME " + path + "' makes one");
    }
    return load::read_file(path);
}

core::GameState read_game(const std::string& path) { return load::parse_game(read_game_text(path), path); }

std::vector<load::LogEntry> read_journal(const std::string& game_path)
{
    std::vector<load::LogEntry> out;
    const std::string path = journal_path(game_path);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        return out;
    }
    std::istringstream in(load::read_file(path));
    std::string line;
    size_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty()) {
            continue;
        }
        auto e = load::parse_log_line(line);
        if (!e) {
            throw data_error(path + ":" + std::to_string(n) + ": " + e.error());
        }
        out.push_back(std::move(*e));
    }
    return out;
}

void write_game(const std::string& path, const core::GameState& game, const std::string& line)
{
    load::write_state_text(path, load::game_text(game));
    load::append_log_line(journal_path(path), line);
}

}  // namespace umpire::cli
