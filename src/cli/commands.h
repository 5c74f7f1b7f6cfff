#pragma once
// One file per command, each with its options struct, setup_x and run_x (STYLE.md 11).

#include "cli/context.h"

namespace umpire::cli {

void setup_roll(CLI::App& app, Context& ctx);
void setup_table(CLI::App& app, Context& ctx);
void setup_wind(CLI::App& app, Context& ctx);
void setup_melee(CLI::App& app, Context& ctx);
void setup_ram(CLI::App& app, Context& ctx);
void setup_check(CLI::App& app, Context& ctx);
void setup_reef(CLI::App& app, Context& ctx);
void setup_initiative(CLI::App& app, Context& ctx);

} // namespace umpire::cli
