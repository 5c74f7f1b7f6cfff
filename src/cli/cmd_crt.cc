// umpire crt: The Russian Portfolio XIII.B-C.
#include "cli/commands.h"
#include "core/russian_portfolio.h"
#include "util/error.h"

namespace umpire::cli {

struct CrtOptions {
    long long attack = 0;
    long long defense = 0;
    std::string river = "none";
    bool amphibious = false;
    bool winter = false;
    bool dispersed = false;
    bool surrounded = false;
    std::string surrounded_reading = "rules-text";
    bool armor = false;
    std::string side;
    int reserve_phase = 0;
    std::vector<std::string> attackers;
    std::vector<std::string> defenders;
    std::vector<std::string> terrain;
    std::optional<int> retreat;
    std::string retreat_reading = "rolls";
    DiceOptions dice;
};

void run_crt(const CrtOptions& opt, Context& ctx)
{
    const core::Table& crt = ctx.table("russian-portfolio.crt");
    const core::Table& no_retreat = ctx.table("russian-portfolio.no-retreat");
    const core::Table& procedures = ctx.table("russian-portfolio.procedures");
    const core::Table& terrain = ctx.table("russian-portfolio.terrain-defense");
    const core::Table& shortfall = ctx.table("russian-portfolio.retreat-shortfall");
    if ((opt.attack != 0) == !opt.attackers.empty()) {
        throw usage_error("give the attack as --attack N (the total) or as --attacker UNIT... (X.B.4 applied), "
                          "one of them");
    }
    if ((opt.defense != 0) == !opt.defenders.empty()) {
        throw usage_error("give the defense as --defense N (the total, bonuses included) or as --defender UNIT... "
                          "(X.B's bonuses added), one of them");
    }
    if (!opt.terrain.empty() && opt.defenders.empty()) {
        throw usage_error("--terrain adds X.B's bonuses to --defender units; with --defense N the total already "
                          "includes them");
    }
    if (opt.attack < 0 || opt.attack > 1000000 || opt.defense < 0 || opt.defense > 1000000) {
        throw usage_error("--attack and --defense are total factors from 1 to 1000000 (XIII.B)");
    }
    if (opt.winter && opt.side == "axis") {
        throw usage_error("--winter-offensive is a Russian attack (VI.B.3); --side axis contradicts it");
    }
    if (opt.amphibious && opt.side == "russian") {
        throw usage_error("--amphibious is a German attack of the first turn (XVI.B.2); --side russian contradicts it");
    }
    if (opt.armor && opt.side.empty()) {
        throw usage_error("--armor needs --side axis|russian: breakdown is 1 to 1+n, 2 to 2+n for Russians (XIII.C)");
    }
    if (opt.reserve_phase < 0 || opt.reserve_phase > 5) {
        throw usage_error("--reserve-phase is " + std::to_string(opt.reserve_phase) + "; allowed 0 (initial) to 5");
    }
    core::CrtRequest q;
    q.factors = {opt.attack, opt.defense};
    for (const auto& a : opt.attackers) {
        q.attackers.push_back(flag_value("{attacker}", core::parse_land_unit(a)));
    }
    size_t dispersed = 0;
    for (const auto& d : opt.defenders) {
        q.defenders.push_back(flag_value("{defender}", core::parse_land_unit(d)));
        if (q.defenders.back().across_water) {
            throw usage_error("--defender " + d + ": :lake marks an attacker across water (X.B.4)");
        }
        dispersed += q.defenders.back().dispersed ? 1 : 0;
    }
    if (dispersed > 0 && dispersed < q.defenders.size()) {
        throw usage_error("--defender: some units are Dispersed and some not; the odds are read one column higher "
                          "individually against Dispersed units (XIII.C): resolve them apart");
    }
    q.terrain = opt.terrain;
    if (!opt.side.empty()) {
        q.defender_soviet = opt.side == "axis";
    }
    q.retreat = opt.retreat;
    q.two_hexes = opt.retreat_reading == "retreats" ? core::TwoHexReading::retreats : core::TwoHexReading::rolls;
    if (opt.river == "all") {
        if (opt.amphibious) {
            q.shifts.push_back({"river penalty dropped: German amphibious tanks, first turn (XVI.B.2)", 0});
        } else {
            q.shifts.push_back({"every attacker is across a river (X.B.2)", procedures.constant("river_shift")});
        }
    } else if (opt.river == "some") {
        q.shifts.push_back({"river nullified: some attackers are not across it (X.B.2)", 0});
    }
    if (opt.winter) {
        q.shifts.push_back({"Russian winter offensive north of the Arctic Weather Line (VI.B.3)",
                            procedures.constant("winter_offensive_shift")});
    }
    q.dispersed = opt.dispersed || (dispersed > 0 && dispersed == q.defenders.size());
    q.surrounded = opt.surrounded;
    q.surrounded_reading = opt.surrounded_reading;
    q.armor = opt.armor;
    q.russian = opt.side == "russian";
    q.reserve_phase = opt.reserve_phase;
    core::Fields inputs;
    if (opt.attackers.empty()) {
        inputs.push_back({"attack", static_cast<long long>(opt.attack)});
    } else {
        inputs.push_back({"attackers", join(opt.attackers, " ")});
    }
    if (opt.defenders.empty()) {
        inputs.push_back({"defense", static_cast<long long>(opt.defense)});
    } else {
        inputs.push_back({"defenders", join(opt.defenders, " ")});
        inputs.push_back({"terrain", opt.terrain.empty() ? "clear" : join(opt.terrain, " ")});
    }
    inputs.push_back({"river", opt.river});
    inputs.push_back({"dispersed", q.dispersed});
    inputs.push_back({"surrounded", opt.surrounded});
    if (opt.retreat) {
        inputs.push_back({"retreat", static_cast<long long>(*opt.retreat)});
    }
    const core::CrtTables tables{crt, no_retreat, procedures, terrain, shortfall};
    ctx.adjudicate(opt.dice, inputs, "crt", [&](core::Dice& dice) { return core::resolve_crt(tables, q, dice); });
}

void setup_crt(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<CrtOptions>();
    auto* sub = app.add_subcommand("crt", "Russian Portfolio: odds-ratio combat (XIII.B-C)");
    sub->add_option("--attack", opt->attack, "Total attack factors (or --attacker)")->type_name("N");
    sub->add_option("--defense", opt->defense, "Total defense factors, terrain bonuses included (or --defender)")
        ->type_name("N");
    sub->add_option("--attacker", opt->attackers,
                    "An attacking unit FACTORS:KIND[:lake] (repeatable); :lake across an unfrozen lake hexside, the "
                    "Kerch Straits or Leningrad-Kronshtadt: halved, armor may not (X.B.4)")
        ->type_name("UNIT");
    sub->add_option("--defender", opt->defenders,
                    "A defending unit FACTORS:KIND[:dispersed] (repeatable); KIND army, front, corps, infantry, armor, "
                    "mechanized, cavalry")
        ->type_name("UNIT");
    sub->add_option("--terrain", opt->terrain,
                    "The defenders' hex, for X.B's bonuses (repeatable): major-city, victory-city, leningrad-moscow, "
                    "city, fortress, swamp, hills, mountains, stalin-line")
        ->type_name("TERRAIN");
    sub->add_option("--retreat", opt->retreat,
                    "Hexes the defender can retreat, 0 to 4: below 2, D4/DX become DE and DE BR; at 3, D4/DX roll "
                    "again, 4-6 eliminates (XIII.D.6)")
        ->type_name("N");
    sub->add_option("--retreat-reading", opt->retreat_reading,
                    "XIII.D.6 is silent on exactly 2 hexes: rolls (default, as at 3) or retreats (no roll)")
        ->check(one_of({"rolls", "retreats"}))
        ->type_name("rolls|retreats");
    sub->add_option("--river", opt->river,
                    "all: every attacker across a river, one column left; some: "
                    "nullified (X.B.2)")
        ->check(one_of({"none", "some", "all"}))
        ->type_name("none|some|all");
    sub->add_flag("--amphibious", opt->amphibious, "First-turn German amphibious tanks: no river penalty (XVI.B.2)");
    sub->add_flag("--winter-offensive", opt->winter, "Russian winter offensive: one column right (VI.B.3)");
    sub->add_flag("--dispersed", opt->dispersed, "The defender is Dispersed: read one column higher (VII.B)");
    sub->add_flag("--surrounded", opt->surrounded, "Surrounded or No Retreat!: D1 -, D4/DX DE, DE BR (XIII.C)");
    sub->add_option("--surrounded-reading", opt->surrounded_reading,
                    "rules-text (default: D1 reads -) or chart-sheet (D1 reads S)")
        ->check(one_of({"rules-text", "chart-sheet"}))
        ->type_name("rules-text|chart-sheet");
    sub->add_flag("--armor", opt->armor, "Armor/mech attacking: report breakdown from the same die (XIII.C)");
    sub->add_option("--side", opt->side, "The attacker's side (the defender is the other: swamp, Stalin Line)")
        ->check(one_of({"axis", "russian"}))
        ->type_name("axis|russian");
    sub->add_option("--reserve-phase", opt->reserve_phase, "n, the Reserve Movement Phase (0 = initial)")
        ->type_name("N");
    add_dice_options(*sub, opt->dice);
    sub->footer("The CRT grid is lost from the rules text: umpire's table is PROVISIONAL but for\n"
                "3:2 row 3 (S) and 2:1 row 3 (D1). Odds round down to the nearest column; above\n"
                "10:1 reduce to 10:1; final odds below 1:4 are refused.\n"
                "With --defender units the defense adds X.B's bonuses for --terrain, each shown and\n"
                "cited; --attacker units across water are halved (X.B.4).\n"
                "Dice, in order: the combat die; then, at --retreat 3 on D4 or DX, the XIII.D.6 die.\n"
                "Examples:\n  umpire crt --attack 5 --defense 3 --roll 3                # 3:2: S\n"
                "  umpire crt --attack 5 --defense 3 --dispersed --roll 3    # read at 2:1: D1\n"
                "  umpire crt --attack 12 --defense 2 --river all --armor --side axis --reserve-phase 1\n"
                "  umpire crt --attacker 6:army --attacker 4:infantry:lake --defender 3:front --terrain hills "
                "--side axis\n"
                "  umpire crt --attack 8 --defense 2 --retreat 3");
    sub->callback([opt, &ctx] { run_crt(*opt, ctx); });
}

}  // namespace umpire::cli
