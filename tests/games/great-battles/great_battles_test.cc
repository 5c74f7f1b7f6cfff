// Great Battles of WWII adjudicators against the rules text (file 004).
#include "../../helpers.h"
#include "core/lookup.h"
#include "games/great-battles/great_battles.h"
#include "util/error.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace umpire;
using namespace umpire::core;

namespace {

using test::table;

using test::field;

std::string suppress_one(const std::string& cover, int roll, bool activated = true, Attack attack = Attack::artillery,
                         const std::string& type = "infantry")
{
    SuppressRequest q;
    q.stands = {Stand{cover, type}};
    q.activated = activated;
    q.attack = attack;
    test::Scripted s({roll});
    return resolve_suppress(table("great-battles.suppression"), q, s.dice).results.at(0).code;
}

}  // namespace

TEST_CASE("suppress: 11.3.3's numbers, 8 open, 6 soft or non-activated, 4 hard, 2 bunker", "[core][suppress]")
{
    CHECK(suppress_one("open", 8) == "suppressed");
    CHECK(suppress_one("open", 9) == "unaffected");
    CHECK(suppress_one("open", 6, false) == "suppressed");
    CHECK(suppress_one("open", 7, false) == "unaffected");
    CHECK(suppress_one("soft", 6) == "suppressed");
    CHECK(suppress_one("soft", 7) == "unaffected");
    CHECK(suppress_one("hard", 4) == "suppressed");
    CHECK(suppress_one("hard", 5) == "unaffected");
    CHECK(suppress_one("bunker", 2) == "suppressed");
    CHECK(suppress_one("bunker", 3) == "unaffected");
    // A barrage never destroys (11.3.3), even on a 1.
    CHECK(suppress_one("open", 1) == "suppressed");
}

TEST_CASE("suppress: heavy weapons and command stands are unaffected and roll nothing (11.3.2)", "[core][suppress]")
{
    SuppressRequest q;
    q.stands = {Stand{"open", "hw"}, Stand{"open", "hq"}, Stand{"open", "infantry"}};
    test::Scripted s({3});
    auto r = resolve_suppress(table("great-battles.suppression"), q, s.dice);
    CHECK(r.results[0].code == "unaffected");
    CHECK(r.results[1].code == "unaffected");
    CHECK(r.results[2].code == "suppressed");
    CHECK(r.rolls.size() == 1);
    CHECK(r.result.code == "suppressed");
    CHECK(field<long long>(r.result, "suppressed") == 1);
    CHECK(field<long long>(r.result, "unaffected") == 2);
}

TEST_CASE("suppress: fighter-bombers destroy on 1-2 (12.2.1)", "[core][suppress]")
{
    CHECK(suppress_one("open", 2, true, Attack::fighter_bomber) == "destroyed");
    CHECK(suppress_one("open", 3, true, Attack::fighter_bomber) == "suppressed");
    CHECK(suppress_one("hard", 5, true, Attack::fighter_bomber) == "unaffected");
}

TEST_CASE("suppress: rockets destroy any stand on 1-2, vehicles and bunkers on 3-4 (12.2.2)", "[core][suppress]")
{
    CHECK(suppress_one("open", 2, true, Attack::rocket) == "destroyed");
    CHECK(suppress_one("open", 3, true, Attack::rocket) == "suppressed");
    CHECK(suppress_one("open", 4, true, Attack::rocket, "armour") == "destroyed");
    CHECK(suppress_one("bunker", 4, true, Attack::rocket) == "destroyed");
    CHECK(suppress_one("bunker", 5, true, Attack::rocket) == "unaffected");
}

TEST_CASE("suppress: air-ground support targets a single stand (12.1)", "[core][suppress]")
{
    SuppressRequest q;
    q.stands = {Stand{}, Stand{}};
    q.attack = Attack::rocket;
    test::Scripted s({});
    CHECK_THROWS_WITH(resolve_suppress(table("great-battles.suppression"), q, s.dice),
                      "{stand}: air-ground support targets a single stand (12.1); 2 given");
}

TEST_CASE("morale: casualty points are 2 per eliminated and 1 per suppressed stand (15.1)", "[core][morale]")
{
    MoraleRequest q;
    q.stands = 4;
    q.eliminated = 1;
    q.suppressed = 2;
    const auto& chart = table("great-battles.morale");
    test::Scripted s({1});
    auto r = resolve_morale(chart, table("great-battles.procedures"), q, s.dice);
    CHECK(field<long long>(r.result, "casualty_points") == 4);
    CHECK(r.provisional);
    // The target is whatever the chart holds at 4 stands, 4 points; equal holds, above breaks.
    int target = static_cast<int>(field<long long>(r.result, "target"));
    CHECK(target == std::stoi(chart.rows.at(*find_row(chart, "4")).cells.at(4)));
    test::Scripted at({target});
    CHECK(resolve_morale(chart, table("great-battles.procedures"), q, at.dice).result.code == "holds");
    test::Scripted above({target + 1});
    auto broke = resolve_morale(chart, table("great-battles.procedures"), q, above.dice);
    CHECK(broke.result.code == "breaks");
    CHECK(broke.result.effects.front() == "the battalion retreats 3\" and Goes to Ground (15.2.1)");
    q.blocked = true;
    test::Scripted blocked({target + 1});
    CHECK(resolve_morale(chart, table("great-battles.procedures"), q, blocked.dice)
              .result.effects.front()
              .find("(15.2.2)") != std::string::npos);
}

TEST_CASE("morale: casualty points past the chart's are said with the counts that make them (15.1)", "[core][morale]")
{
    // Suppressions are the day's, so 4 stands may reach 9 points (the chart reads 0 to 8 for
    // them): the refusal named --stands and a table cell ('-'). (With every stand eliminated
    // there is no test at all, 15.0: below.)
    const auto& chart = table("great-battles.morale");
    for (const auto& [eliminated, suppressed, points] : {std::tuple{0, 9, 9}, {3, 4, 10}, {0, 10000, 10000}}) {
        MoraleRequest q;
        q.stands = 4;
        q.eliminated = eliminated;
        q.suppressed = suppressed;
        test::Scripted s({50});
        try {
            resolve_morale(chart, table("great-battles.procedures"), q, s.dice);
            FAIL("answered " << points << " casualty points for 4 stands");
        } catch (const Error& e) {
            const std::string what = e.what();
            CHECK(e.code() == ExitCode::usage);
            CHECK(test::contains(what, "{eliminated} " + std::to_string(eliminated) + " and {suppressed} " +
                                           std::to_string(suppressed) + " make " + std::to_string(points) +
                                           " casualty points (15.1)"));
            CHECK(test::contains(what, "reads at most +8 for 4 stands"));
        }
    }
}

TEST_CASE("morale: winners of close combat do not test (14.8.4)", "[core][morale]")
{
    MoraleRequest q;
    q.stands = 3;
    q.suppressed = 2;
    q.won_close_combat = true;
    test::Scripted s({});
    auto r = resolve_morale(table("great-battles.morale"), table("great-battles.procedures"), q, s.dice);
    CHECK(r.result.code == "holds");
    CHECK_FALSE(field<bool>(r.result, "tested"));
    CHECK(r.rolls.empty());
}

TEST_CASE("morale: a battalion with no stand suppressed or eliminated does not test (15.0)", "[core][morale]")
{
    MoraleRequest q;
    q.stands = 4;
    test::Scripted s({50});
    auto r = resolve_morale(table("great-battles.morale"), table("great-battles.procedures"), q, s.dice);
    CHECK(r.result.name == "No test");
    CHECK_FALSE(field<bool>(r.result, "tested"));
    CHECK(r.rolls.empty());
    CHECK(r.result.source.find("15.0") != std::string::npos);
    // Stands suppressed now: none now may be one rallied since this turn's suppression.
    q.suppressed_now = true;
    test::Scripted now({50});
    CHECK(field<bool>(
        resolve_morale(table("great-battles.morale"), table("great-battles.procedures"), q, now.dice).result,
        "tested"));
}

TEST_CASE("morale: no test taken reads no chart and is not provisional (14.8.4, 15.0)", "[core][morale]")
{
    // 14.8.4: a battalion that won a close combat "never" tests; 15.0 tests only a battalion
    // that "suffered at least one stand suppressed or eliminated"; with none left, nothing
    // holds (15.0, 15.2). None of these reads 15.1's lost chart.
    const auto& chart = table("great-battles.morale");
    MoraleRequest won;
    won.stands = 4;
    won.eliminated = 1;
    won.won_close_combat = true;
    MoraleRequest untouched;
    untouched.stands = 4;
    MoraleRequest gone;
    gone.stands = 4;
    gone.eliminated = 4;
    for (const auto& q : {won, untouched, gone}) {
        test::Scripted s({});
        const auto r = resolve_morale(chart, table("great-battles.procedures"), q, s.dice);
        CHECK_FALSE(field<bool>(r.result, "tested"));
        CHECK_FALSE(r.provisional);
        CHECK(r.provisional_notes.empty());
        CHECK(std::find(r.tables.begin(), r.tables.end(), chart.id) == r.tables.end());
    }
    // A test taken reads the chart: provisional.
    MoraleRequest tested;
    tested.stands = 4;
    tested.eliminated = 1;
    test::Scripted s({1});
    CHECK(resolve_morale(chart, table("great-battles.procedures"), tested, s.dice).provisional);
}

TEST_CASE("morale: losses beyond the battalion are refused", "[core][morale]")
{
    MoraleRequest q;
    q.stands = 3;
    q.eliminated = 4;
    test::Scripted s({});
    CHECK_THROWS_WITH(resolve_morale(table("great-battles.morale"), table("great-battles.procedures"), q, s.dice),
                      "{eliminated} is 4; allowed 0 to 3");
    // Stands suppressed now: no more than the stands left (11.3.1).
    q.eliminated = 2;
    q.suppressed = 2;
    q.suppressed_now = true;
    CHECK_THROWS_WITH(resolve_morale(table("great-battles.morale"), table("great-battles.procedures"), q, s.dice),
                      "{suppressed} is 2; allowed 0 to 1");
}

TEST_CASE("morale: the day's suppressions count a stand rallied and suppressed again (15.1)", "[core][morale]")
{
    // 4 stands; 2 suppressed and rallied, 1 suppressed, then close combat lost: 1 eliminated
    // and 2 more suppressed. Casualty points "accumulated over the day's fighting" (15.1):
    // 2 x 1 eliminated + 5 suppressions = 7, though only 3 stands are left.
    MoraleRequest q;
    q.stands = 4;
    q.eliminated = 1;
    q.suppressed = 5;
    test::Scripted s({1});
    auto r = resolve_morale(table("great-battles.morale"), table("great-battles.procedures"), q, s.dice);
    CHECK(field<long long>(r.result, "casualty_points") == 7);
}

TEST_CASE("rally: each suppressed stand rallies on the rally number or less (14.7)", "[core][rally]")
{
    test::Scripted s({8, 9, 1});
    auto r = resolve_rally({8, 3, 0}, s.dice);
    CHECK(r.results[0].code == "rallied");
    CHECK(r.results[1].code == "suppressed");
    CHECK(r.results[2].code == "rallied");
    CHECK(r.result.code == "some");
    test::Scripted m({9});
    CHECK(resolve_rally({8, 1, 1}, m.dice).result.code == "all");
}

TEST_CASE("rally: 14.7.3's rally numbers by quality", "[core][rally][tables]")
{
    const auto& t = table("great-battles.rally-numbers");
    const std::vector<std::pair<std::string, std::string>> printed{
        {"raw", "6"}, {"inexperienced", "7"}, {"average", "8"}, {"experienced", "9"}, {"veterans", "10"}};
    REQUIRE(t.rows.size() == printed.size());
    for (const auto& [quality, number] : printed) {
        CHECK(t.rows.at(*find_row(t, quality)).cells[0] == number);
    }
}

TEST_CASE("close combat: the lower total loses, its stands test against the rally number (14.8.2)",
          "[core][close-combat]")
{
    CloseCombatRequest q;
    q.attacker = {"attacker", 0, 3, 0, 8, false};
    q.defender = {"defender", 2, 4, 1, 6, false};
    // 9 against 5+2: the defender loses; its stands roll 6, 7, 1 and (suppressed) 8.
    test::Scripted s({9, 5, 6, 7, 1, 8});
    auto r = resolve_close_combat(q, s.dice);
    CHECK(r.result.code == "attacker");
    REQUIRE(r.results.size() == 4);
    CHECK(r.results[0].code == "holds");       // 6 is not above 6
    CHECK(r.results[1].code == "suppressed");  // 7 is above 6
    CHECK(r.results[2].code == "holds");
    CHECK(r.results[3].code == "eliminated");  // already suppressed
    CHECK(field<long long>(r.result, "loser_suppressed") == 1);
    CHECK(field<long long>(r.result, "loser_eliminated") == 1);
    test::Scripted tie({5, 3});
    CHECK(resolve_close_combat(q, tie.dice).result.code == "tie");
}

TEST_CASE("close combat: a loser that cannot retreat has a stand eliminated instead, unsuppressed first (14.8.3)",
          "[core][close-combat]")
{
    // 14.8.3: "the loser is retreated only a fraction of an inch and has a stand eliminated,
    // instead. Unsuppressed stands must be eliminated before suppressed stands". Three
    // stands, one suppressed, rally 6; the attacker wins 6 against 3.
    CloseCombatRequest q;
    q.attacker = {"attacker", 0, 3, 0, 7, false};
    q.defender = {"defender", 0, 3, 1, 6, true};
    struct Case {
        std::vector<int> stands;  // the three stands' d10s, the suppressed one last
        long long suppressed, eliminated, unsuppressed_gone;
    };
    // all hold: one unsuppressed stand goes; one fails: suppressed 1, still one
    // unsuppressed to go; all fail: two newly suppressed, the suppressed one eliminated by
    // its roll, no unsuppressed left, so a newly suppressed one goes too: counted once, as
    // eliminated (1 suppressed and 2 eliminated of 3 stands, not 2 and 2), and it was
    // unsuppressed when the combat began
    for (const auto& c : {Case{{1, 1, 1}, 0, 1, 1}, Case{{7, 1, 1}, 1, 1, 1}, Case{{7, 7, 7}, 1, 2, 1}}) {
        std::vector<int> dice{6, 3};
        dice.insert(dice.end(), c.stands.begin(), c.stands.end());
        test::Scripted s(dice);
        auto r = resolve_close_combat(q, s.dice);
        INFO(c.stands[0] << " " << c.stands[1] << " " << c.stands[2]);
        CHECK(r.result.code == "attacker");
        CHECK(field<long long>(r.result, "loser_suppressed") == c.suppressed);
        CHECK(field<long long>(r.result, "loser_eliminated") == c.eliminated);
        CHECK(field<long long>(r.result, "loser_eliminated_unsuppressed") == c.unsuppressed_gone);
    }
    // never more than it has: one stand, suppressed, eliminated by its roll: nothing left
    q.defender = {"defender", 0, 1, 1, 6, true};
    test::Scripted last({6, 3, 7});
    auto r = resolve_close_combat(q, last.dice);
    CHECK(field<long long>(r.result, "loser_eliminated") == 1);
    CHECK(field<long long>(r.result, "loser_eliminated_unsuppressed") == 0);
}

TEST_CASE("infiltration: morale 10 needs 7 or less (Drop Zone rules' example)", "[core][infiltration]")
{
    const auto& procedures = table("great-battles.procedures");
    test::Scripted a({7});
    CHECK(resolve_infiltration(procedures, 10, a.dice).result.code == "through");
    test::Scripted b({8});
    CHECK(resolve_infiltration(procedures, 10, b.dice).result.code == "eliminated");
}

TEST_CASE("sighting: even rises now, odd at the defender's turn, 3, 6, 12 inches (8.2)", "[core][sighting]")
{
    const auto& t = table("great-battles.sighting");
    test::Scripted a({4});
    auto r = resolve_sighting(t, 2, a.dice);
    CHECK(r.result.code == "now");
    CHECK(field<long long>(r.result, "from_inches") == 3);
    CHECK(field<long long>(r.result, "to_inches") == 6);
    test::Scripted b({3});
    auto later = resolve_sighting(t, 3, b.dice);
    CHECK(later.result.code == "defender-turn");
    CHECK(field<long long>(later.result, "to_inches") == 12);
    // a d10, the rules text's die (8.2 names none; it names no d6 anywhere): 7 to 10 too
    for (const auto& [face, code] :
         {std::pair{7, "defender-turn"}, std::pair{8, "now"}, std::pair{9, "defender-turn"}, std::pair{10, "now"}}) {
        test::Scripted c({face});
        CHECK(resolve_sighting(t, 2, c.dice).result.code == code);
    }
    test::Scripted none({});
    CHECK_THROWS_WITH(resolve_sighting(t, 1, none.dice),
                      "{turn} 1: sighting is 3\" then, with no roll; the attacker rolls on turns 2 and 3 (8.2)");
}

TEST_CASE("day length: May-July 10 turns, November-January 8, else 9 (16.0)", "[tables][great-battles]")
{
    const auto& t = table("great-battles.day-length");
    for (const char* m : {"may", "jun", "jul"}) {
        CHECK(t.rows.at(*find_row(t, m)).cells[0] == "10");
    }
    for (const char* m : {"nov", "dec", "jan"}) {
        CHECK(t.rows.at(*find_row(t, m)).cells[0] == "8");
    }
    for (const char* m : {"feb", "mar", "apr", "aug", "sep", "oct"}) {
        CHECK(t.rows.at(*find_row(t, m)).cells[0] == "9");
    }
}

TEST_CASE("provisional Great Battles charts say so and name the lost chart", "[tables][great-battles]")
{
    for (const char* id : {"great-battles.morale", "great-battles.command", "great-battles.replacement",
                           "great-battles.barrage-delay"}) {
        INFO(id);
        const auto& t = table(id);
        CHECK(t.provisional);
        CHECK(t.notes.front().find("lost from the rules text") != std::string::npos);
    }
    // On-call adds 30 (11.2.3), the named modifier the header advertises.
    const auto& delay = table("great-battles.barrage-delay");
    REQUIRE(delay.find_modifier("on-call") != nullptr);
    CHECK(delay.find_modifier("on-call")->value == 30);
    LookupRequest q;
    q.named = {{"on-call", 1}};
    test::Scripted s({40});
    CHECK(resolve_lookup(delay, q, s.dice).result.code == "2");  // 40 + 30 = 70
}

TEST_CASE("C Ops overrun costs 10 Activation Points (5.1.3)", "[tables][great-battles]")
{
    CHECK(table("great-battles.procedures").constant("cops_overrun_activation_points") == 10);
}

TEST_CASE("fire: a d10 per stand to hit, -2 outside the front arc, +2 heavy weapons, -3 opportunity (14.4)",
          "[core][fire]")
{
    const auto& procedures = table("great-battles.procedures");
    FireRequest q;
    q.to_hit = 6;
    q.to_destroy = 3;
    q.shots = 2;
    // Stand 1: 6 hits, 3 destroys; stand 2: 7 misses.
    test::Scripted a({6, 3, 7});
    auto r = resolve_fire(procedures, q, a.dice);
    CHECK(r.result.code == "destroyed");
    CHECK(field<long long>(r.result, "hits") == 1);
    q.shots = 1;
    q.heavy_weapons = true;  // 8 or less
    test::Scripted b({8, 4});
    CHECK(resolve_fire(procedures, q, b.dice).result.code == "suppressed");
    q.outside_front_arc = true;  // 6 or less
    test::Scripted c({7});
    CHECK(resolve_fire(procedures, q, c.dice).result.code == "missed");
    q.outside_front_arc = false;
    q.heavy_weapons = false;
    q.opportunity = true;  // 3 or less
    test::Scripted d({4});
    CHECK(resolve_fire(procedures, q, d.dice).result.code == "missed");
    test::Scripted e({3, 9});
    CHECK(resolve_fire(procedures, q, e.dice).result.code == "suppressed");
}

TEST_CASE("drift: two d10 times 2 high, 1 medium, 1/2 low, gliders as low (Air Landings)", "[core][drift]")
{
    const auto& procedures = table("great-battles.procedures");
    test::Scripted a({7, 4});
    auto high = resolve_drift(procedures, "high", false, 1, a.dice);
    CHECK(field<std::string>(high.results.at(0), "north_south") == "14");
    CHECK(field<std::string>(high.results.at(0), "east_west") == "8");
    test::Scripted b({7, 4});
    CHECK(field<std::string>(resolve_drift(procedures, "medium", false, 1, b.dice).results.at(0), "north_south") ==
          "7");
    test::Scripted c({7, 4});
    auto glider = resolve_drift(procedures, "high", true, 1, c.dice);
    CHECK(field<std::string>(glider.results.at(0), "north_south") == "3.5");
    CHECK(field<std::string>(glider.results.at(0), "east_west") == "2");
}

TEST_CASE("deck: an ordinary deck without the hearts, black one Activation Point, diamonds none (Drop Zone rules)",
          "[core][deck]")
{
    const auto& procedures = table("great-battles.procedures");
    DeckState deck = full_deck();
    REQUIRE(deck.deck.size() == 39);  // 52 less 13 hearts
    int black = 0;
    int points = 0;
    for (const auto& c : deck.deck) {
        CHECK(c.back() != 'H');
        black += c.back() == 'C' || c.back() == 'S' ? 1 : 0;
        points += card_points(procedures, c);
    }
    CHECK(black == 26);
    CHECK(points == 26);  // 26 black cards at one point, 13 diamonds at none
    CHECK(card_points(procedures, "QD") == 0);
    CHECK(card_points(procedures, "10C") == 1);
    CHECK(card_points(procedures, "AS") == 1);
    CHECK_FALSE(parse_card("KH"));
    CHECK(*parse_card("10c") == "10C");
}

TEST_CASE("deck: drawing takes cards out of the deck into the hand, playing returns black cards", "[core][deck]")
{
    const auto& procedures = table("great-battles.procedures");
    DeckDraw q;
    q.side = "allied";
    q.given = {"KS", "QD", "3C"};
    q.count = 3;
    q.need = 2;
    test::Scripted s({});
    DeckState after;
    auto r = resolve_deck_draw(procedures, full_deck(), q, s.dice, after);
    CHECK(r.result.code == "2");
    CHECK(field<bool>(r.result, "enough"));
    CHECK(after.deck.size() == 36);
    REQUIRE(after.hands.size() == 1);
    CHECK(after.hands[0].cards == std::vector<std::string>{"KS", "QD", "3C"});
    DeckState played;
    resolve_deck_play(procedures, after, "allied", 2, played);
    CHECK(played.deck.size() == 38);
    CHECK(played.hands[0].cards == std::vector<std::string>{"QD"});  // a diamond is never played
    CHECK_THROWS_WITH(resolve_deck_play(procedures, played, "allied", 1, after), Catch::Contains("holds 0"));
    // A card already in a hand cannot be drawn again.
    DeckState held = full_deck();
    held.deck.erase(std::find(held.deck.begin(), held.deck.end(), "KS"));
    held.hands.push_back({"german", {"KS"}});
    q.given = {"KS"};
    q.count = 1;
    CHECK_THROWS_WITH(resolve_deck_draw(procedures, held, q, s.dice, after), Catch::Contains("not in the deck"));
}

TEST_CASE("deck: the odds of drawing enough points are hypergeometric", "[core][deck]")
{
    const auto& procedures = table("great-battles.procedures");
    // Five cards from the full deck (26 black, 13 diamonds): P(k points) = C(26,k) C(13,5-k) / C(39,5).
    auto choose = [](long long n, long long k) {
        long long out = 1;
        for (long long i = 1; i <= k; ++i) {
            out = out * (n - k + i) / i;
        }
        return out;
    };
    DeckDraw q;
    q.side = "allied";
    q.count = 5;
    q.need = 3;
    q.name_cards = false;
    DeckState after;
    auto report = compute_odds([&](Dice& d) { return resolve_deck_draw(procedures, full_deck(), q, d, after); }, {});
    const long long all = choose(39, 5);
    core::Rational enough = 0;
    for (const auto& d : report.dimensions) {
        if (d.name == "result") {
            REQUIRE(d.lines.size() == 6);
            for (const auto& line : d.lines) {
                const long long k = std::stoll(line.value);
                const core::Rational expected(choose(26, k) * choose(13, 5 - k), all);
                CHECK(line.probability.q() == expected);
                if (k >= 3) {
                    enough += expected;
                }
            }
        }
        if (d.name == "result.enough") {
            for (const auto& line : d.lines) {
                if (line.value == "true") {
                    CHECK(line.probability.q() == enough);
                }
            }
        }
    }
}

TEST_CASE("flak and landing: a d10 per stand, destroyed, suppressed or none, on provisional charts (Air Landings)",
          "[core][air-landing]")
{
    const auto& flak = table("great-battles.flak");
    CHECK(flak.provisional);
    CHECK(flak.dice->label() == "d10");  // "For each stand in a battalion roll a d10"
    for (const char* aa : {"light", "medium", "heavy"}) {
        for (const char* altitude : {"high", "medium", "low"}) {
            CHECK(find_column(flak, std::string(aa) + "-" + altitude));
        }
    }
    // Glider troops are always read as dropped from high altitude (step 1).
    test::Scripted s({2, 2});
    auto glider = resolve_flak(flak, "heavy", "low", true, 1, s.dice);
    auto high = resolve_flak(flak, "heavy", "high", false, 1, s.dice);
    CHECK(glider.results.at(0).code == high.results.at(0).code);
    CHECK(glider.provisional);
    test::Scripted three({1, 1, 1});
    auto r = resolve_flak(flak, "light", "medium", false, 3, three.dice);
    CHECK(r.results.size() == 3);  // one roll and one result per stand
    for (const auto& o : r.results) {
        CHECK((o.code == "destroyed" || o.code == "suppressed" || o.code == "none"));
    }
    // Step 3 adds the Landing Chart's modifiers to the d10.
    const auto& landing = table("great-battles.landing");
    CHECK(landing.provisional);
    test::Scripted l({5, 2, 9});
    auto modified = resolve_landing(landing, "open", -3, 1, l.dice);  // 5 - 3 reads the row of 2
    auto two = resolve_landing(landing, "open", 0, 1, l.dice);
    CHECK(modified.results.at(0).code == two.results.at(0).code);
    CHECK(modified.results.at(0).code != resolve_landing(landing, "open", 0, 1, l.dice).results.at(0).code);
    CHECK_THROWS(resolve_landing(landing, "swamp-ish", 0, 1, l.dice));
}

TEST_CASE("C Ops overrun: the side loses 10 Activation Points and the division is isolated (5.1.3)", "[core][cops]")
{
    auto r = resolve_cops_overrun(table("great-battles.procedures"), "german", "9th-SS", 14);
    CHECK(r.result.code == "overrun");
    CHECK(field<long long>(r.result, "activation_points_lost") == 10);
    CHECK(field<long long>(r.result, "activation_points_after") == 4);
    REQUIRE(r.result.effects.size() == 3);
    CHECK_THAT(r.result.effects[1], Catch::Contains("isolated in the coming night phase"));
    CHECK_THAT(r.result.effects[2], Catch::Contains("friendly board edge"));
}

TEST_CASE("close combat odds: each loser's stands alone give the whole walk's report, line for line and in order",
          "[core][close-combat][odds]")
{
    // close_combat_odds walks each loser's stands alone and makes one resolution per
    // count; compute_odds walks every pair of d10s with every count. Every line, name and
    // fraction, the order of dimensions and lines, the branches and the sample must be the
    // same, a modifier past the die's ten included (one side always wins).
    std::mt19937 rng(148);
    const auto between = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int n = 0; n < 40; ++n) {
        CloseCombatRequest q;
        for (auto* side : {&q.attacker, &q.defender}) {
            side->name = side == &q.attacker ? "attacker" : "defender";
            side->stands = between(1, 12);
            side->suppressed = between(0, side->stands);
            side->rally_number = between(1, 10);
            side->modifier = n < 4 ? (n % 2 == 0 ? 10 : -12) * (side == &q.attacker ? 1 : -1) : between(-4, 4);
            side->blocked = between(0, 1) == 1;
        }
        const Adjudicator whole = [&](Dice& dice) { return resolve_close_combat(q, dice); };
        OddsReport walked = compute_odds(whole, {});
        OddsReport own = close_combat_odds(q, whole);
        INFO("request " << n << ": modifiers " << q.attacker.modifier << ", " << q.defender.modifier);
        CHECK(own.branches == walked.branches);
        CHECK(test::odds_as_printed(own, {}) == test::odds_as_printed(walked, {}));
    }
    CloseCombatRequest bad;
    bad.attacker = {"attacker", 0, 0, 0, 8, false};
    bad.defender = {"defender", 0, 3, 0, 8, false};
    CHECK_THROWS_WITH(close_combat_odds(bad, {}), Catch::Contains("{attacker_stands}"));
}

TEST_CASE("replacement: an isolated battalion rolls nothing and loses an extra stand, paratroopers excepted",
          "[core][replace]")
{
    // Drop Zone rules, Air Supply: "They are also considered isolated during the Replacement
    // segment of the Night Phase, so they cannot roll for replacements. Being paratroopers,
    // they do not lose an extra stand in this situation, however."
    const auto& chart = table("great-battles.replacement");
    test::Scripted none({});
    auto r = resolve_replacement(chart, "average", "isolated", 2, false, none.dice);
    CHECK(r.rolls.empty());
    CHECK(field<long long>(r.result, "returned") == 0);
    CHECK(field<long long>(r.result, "extra_lost") == 1);
    // The chart's isolated column is lost: what stands in for it is provisional.
    CHECK(r.provisional);
    REQUIRE(r.provisional_notes.size() == 1);
    CHECK(r.provisional_notes.front().find("Replacement Chart (16.2)") != std::string::npos);
    test::Scripted para({});
    const auto paratroopers = resolve_replacement(chart, "good", "isolated", 0, true, para.dice);
    CHECK(field<long long>(paratroopers.result, "extra_lost") == 0);
    // Of paratroopers the text says it all (no rolls, no extra stand): the text's answer, no
    // provisional one.
    CHECK_FALSE(paratroopers.provisional);
    CHECK(paratroopers.provisional_notes.empty());
    // in line, a d10 each against the chart (16.2.3)
    test::Scripted line({1, 10});
    auto rolled = resolve_replacement(chart, "average", "line", 2, false, line.dice);
    CHECK(rolled.rolls.size() == 2);
    CHECK(field<long long>(rolled.result, "returned") == 1);
}

TEST_CASE(
    "close combat: the stand a blocked loser has eliminated instead is the one the per-stand results name (14.8.3)",
    "[core][close-combat]")
{
    // 3 average stands against 2 raw (rally 6) that cannot retreat: 5 against 2, the defender
    // loses; its stands roll 9 (suppressed) and 1 (holds). 14.8.3: "has a stand eliminated,
    // instead. Unsuppressed stands must be eliminated before suppressed stands": stand 2.
    // The summary said 1 eliminated while the stands read suppressed and holds.
    CloseCombatRequest q;
    q.attacker = {"attacker", 0, 3, 0, 8, false};
    q.defender = {"defender", 0, 2, 0, 6, true};
    test::Scripted s({5, 2, 9, 1});
    auto r = resolve_close_combat(q, s.dice);
    REQUIRE(r.results.size() == 2);
    CHECK(r.results[0].code == "suppressed");
    CHECK(r.results[1].code == "eliminated");
    CHECK(r.results[1].effects.at(0) ==
          "eliminated instead of retreating: the loser cannot retreat, an unsuppressed stand first (14.8.3)");
    CHECK(field<long long>(r.result, "loser_eliminated") == 1);
    CHECK(field<long long>(r.result, "loser_eliminated_unsuppressed") == 1);
    // No unsuppressed stand left (three stands, one suppressed, every roll fails): the
    // suppressed one is eliminated by its roll and a newly suppressed one instead of the
    // retreat; the stands then agree with the summary: 2 eliminated, 1 suppressed.
    q.defender = {"defender", 0, 3, 1, 6, true};
    test::Scripted all_fail({6, 3, 7, 7, 7});
    auto f = resolve_close_combat(q, all_fail.dice);
    REQUIRE(f.results.size() == 3);
    const auto count = [&](const std::string& code) {
        return std::count_if(f.results.begin(), f.results.end(), [&](const Outcome& o) { return o.code == code; });
    };
    CHECK(count("eliminated") == field<long long>(f.result, "loser_eliminated"));
    CHECK(count("eliminated") == 2);
    CHECK(count("suppressed") == 1);
    CHECK(f.results[0].code == "eliminated");  // newly suppressed, then eliminated instead
    CHECK(f.results[2].code == "eliminated");  // already suppressed, failed its roll (14.8.2)
}

TEST_CASE("morale: a battalion with every stand eliminated tests nothing (15.0, 15.2)", "[core][morale]")
{
    // It has nothing left to hold, retreat or Go to Ground: it "held" on any roll and was
    // told it "moves and fights as usual" (15.2).
    const auto& chart = table("great-battles.morale");
    for (const int suppressed : {0, 4}) {
        MoraleRequest q;
        q.stands = 4;
        q.eliminated = 4;
        q.suppressed = suppressed;  // 4 more points than the chart reads for 4 stands: refused before
        test::Scripted s({5});
        auto r = resolve_morale(chart, table("great-battles.procedures"), q, s.dice);
        CHECK(r.result.name == "No test: no stand left");
        CHECK_FALSE(field<bool>(r.result, "tested"));
        CHECK(r.rolls.empty());
        CHECK(r.result.effects.at(0).find("(15.0, 15.2)") != std::string::npos);
    }
}
