#pragma once
// One file per command, each with its options struct, setup_x and run_x (STYLE.md 11).

#include "cli/context.h"

namespace umpire::cli {

// Great Battles: shared by rally and close-combat (cmd_rally.cc).
// The rally number from exactly one of --PREFIXrally-number, --PREFIXquality, --PREFIXunit,
// with the table it was read from (null when given or the unit's own).
struct RallyNumber {
    int value = 0;
    const core::Table* table = nullptr;
};
RallyNumber resolve_rally_number(const std::string& prefix, const std::optional<int>& number,
                                 const std::string& quality, const std::string& unit, Context& ctx);

void setup_roll(CLI::App& app, Context& ctx);
void setup_batch(CLI::App& app, Context& ctx);
void setup_replay(CLI::App& app, Context& ctx);
void setup_seed(CLI::App& app, Context& ctx);
void setup_table(CLI::App& app, Context& ctx);
void setup_wind(CLI::App& app, Context& ctx);
void setup_melee(CLI::App& app, Context& ctx);
void setup_ram(CLI::App& app, Context& ctx);
void setup_check(CLI::App& app, Context& ctx);
void setup_reef(CLI::App& app, Context& ctx);
void setup_initiative(CLI::App& app, Context& ctx);
void setup_suppress(CLI::App& app, Context& ctx);
void setup_morale(CLI::App& app, Context& ctx);
void setup_rally(CLI::App& app, Context& ctx);
void setup_close_combat(CLI::App& app, Context& ctx);
void setup_command_roll(CLI::App& app, Context& ctx);
void setup_replace(CLI::App& app, Context& ctx);
void setup_infiltrate(CLI::App& app, Context& ctx);
void setup_sighting(CLI::App& app, Context& ctx);
void setup_fire(CLI::App& app, Context& ctx);
void setup_drift(CLI::App& app, Context& ctx);
void setup_crt(CLI::App& app, Context& ctx);
void setup_overrun(CLI::App& app, Context& ctx);
void setup_siberian(CLI::App& app, Context& ctx);
void setup_always_possible(CLI::App& app, Context& ctx);
void setup_weather(CLI::App& app, Context& ctx);
void setup_hits(CLI::App& app, Context& ctx);
void setup_scatter(CLI::App& app, Context& ctx);

}  // namespace umpire::cli
