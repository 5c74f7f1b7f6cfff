// umpire roll EXPR...: dice expressions, each die shown.
#include "cli/commands.h"
#include "core/odds.h"
#include "core/pool.h"
#include "format/json.h"
#include "format/text.h"
#include "games/novorossiysk/novorossiysk.h"
#include "util/error.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <ostream>

namespace umpire::cli {

struct RollOptions {
    std::vector<std::string> expressions;
    bool odds = false;
    std::optional<long long> count;  // -n: roll the expressions this many times, totals only
};

// Most repetitions -n takes (documented in umpire(1)).
inline constexpr long long k_max_roll_count = 1000000000;
// Most dice one plain roll rolls and shows (documented in umpire(1)).
inline constexpr long long k_max_shown_rolls = 200000;

namespace {

// WORDS with each lone '+' or '-' between two expressions joined to them: 'roll 1d20 + 5'
// as players type it, unquoted, is 1d20+5 (each word an expression, the '+' read alone was
// "a sign with nothing after it"). A word with a label ('2d6#morale') ends its expression.
std::vector<std::string> joined_at_signs(const std::vector<std::string>& words)
{
    // A word that starts with '#' labels the roll before with the rest of the words, as
    // they are ('2d6 # morale + 5' was labelled 'morale+5'); a word after a lone sign that
    // has a sign of its own is not joined ('1d20 - -5' read as '1d20--5').
    std::vector<std::string> out;
    for (size_t w = 0; w < words.size(); ++w) {
        if (words[w].starts_with("#")) {
            out.insert(out.end(), words.begin() + static_cast<std::ptrdiff_t>(w), words.end());
            break;
        }
        const bool sign = words[w] == "+" || words[w] == "-";
        if (sign && !out.empty() && w + 1 < words.size() && out.back().find('#') == std::string::npos &&
            !words[w + 1].starts_with("#") && !words[w + 1].starts_with("+") && !words[w + 1].starts_with("-")) {
            out.back() += words[w] + words[w + 1];
            ++w;
        } else {
            out.push_back(words[w]);
        }
    }
    return out;
}

}  // namespace

void run_roll(const RollOptions& opt, Context& ctx)
{
    // Each expression, its repeats ("3x2d6") made separate rolls of their own. A '#' starts
    // a label, to the end of its word ('2d6 # morale') or, a word of its own, of the
    // words: the label of the expression before it.
    std::vector<std::string> texts;
    std::vector<std::string> notes;  // each roll's label, "" when none
    std::vector<core::RollTerm> terms;
    std::vector<std::optional<std::pair<int, std::string>>> coloured;
    const std::vector<std::string> joined = joined_at_signs(opt.expressions);
    std::vector<std::string> words = joined;
    size_t last_word = 0;  // the first roll of the last expression read
    for (size_t w = 0; w < words.size(); ++w) {
        std::string text = words[w];
        std::string label;
        if (const size_t hash = text.find('#'); hash != std::string::npos) {
            label = text.substr(hash + 1);
            text = trimmed(text.substr(0, hash));
            if (text.empty()) {
                // "# morale check": the rest of the words label the roll before
                for (size_t more = w + 1; more < words.size(); ++more) {
                    label += " " + words[more];
                }
                words.resize(w + 1);
                label = trimmed(label);
                if (texts.empty()) {
                    throw usage_error("roll: '#" + label + "' labels no expression; write it after one (2d6 # morale)");
                }
                if (label.empty()) {
                    throw usage_error("roll: '#' with no label after it; write 2d6 # morale");
                }
                for (size_t i = last_word; i < texts.size(); ++i) {
                    notes[i] = label;
                }
                continue;
            }
            label = trimmed(label);
            if (label.empty()) {
                throw usage_error("roll: '" + words[w] + "': '#' with no label after it; write 2d6 # morale");
            }
        }
        last_word = texts.size();
        auto term = core::parse_roll_term(text);
        if (!term) {
            auto hit = core::parse_hit_dice_term(text, ctx.table("novorossiysk.hit-dice"));
            if (!hit) {
                // The colour hint only for a word that is no dice at all (3whte, abc, 3): after
                // a fault named in dice (d00, 1d6+1000001, 0x2d6) it read as the fix.
                const size_t digits = text.find_first_not_of("0123456789");
                const bool dice_like = digits != std::string::npos &&
                                       (std::string_view("dDx").find(text[digits]) != std::string_view::npos ||
                                        !std::isalpha(static_cast<unsigned char>(text[digits])));
                throw usage_error("roll: " + term.error() + (dice_like ? "" : "; or N and a hit die colour (3white)"));
            }
            const core::HitDiceTerm& t = flag_value("roll:", *hit);
            texts.push_back(text);
            notes.push_back(label);
            coloured.push_back(std::pair{t.count, t.colour});
            terms.push_back({});
            continue;
        }
        if (texts.size() + static_cast<size_t>(term->repeat) > static_cast<size_t>(core::k_max_repeat)) {
            throw usage_error("roll: more than " + std::to_string(core::k_max_repeat) +
                              " rolls in one call, repeats counted; use -n for many repetitions");
        }
        for (int i = 0; i < term->repeat; ++i) {
            texts.push_back(term->repeat == 1 ? text : term->label());
            notes.push_back(label);
            coloured.push_back(std::nullopt);
            terms.push_back(*term);
            terms.back().repeat = 1;
        }
    }
    // A plain roll shows every die it rolls: at most k_max_shown_rolls of them in one call,
    // rerolls and explosions counted at their most (100x1000d1000r<=999 would be two
    // million, a gigabyte of working).
    if (!opt.count && !opt.odds) {
        long long most = 0;
        for (const auto& term : terms) {
            for (const auto& pool : term.pools) {
                const long long per_die = 1 +
                                          (pool.reroll == core::PoolSpec::Reroll::once    ? 1
                                           : pool.reroll == core::PoolSpec::Reroll::until ? core::k_max_rerolls
                                                                                          : 0) +
                                          (pool.explode != core::PoolSpec::Explode::none ? core::k_max_rerolls : 0);
                most += term.single() && pool.read == core::PoolSpec::Read::total ? 1 : pool.dice.count * per_die;
            }
        }
        if (most > k_max_shown_rolls) {
            throw usage_error("roll: up to " + std::to_string(most) +
                              " dice rolled and shown in one call (rerolls "
                              "and explosions counted at their most); at most " +
                              std::to_string(k_max_shown_rolls) + ": roll fewer, or use -n for totals only, or --odds");
        }
    }
    // Each roll's label; a repeated one is numbered ("10d10 #2"), so its odds and its
    // JSON result are its own.
    std::vector<std::string> labels;
    for (const auto& text : texts) {
        const auto seen = std::count(texts.begin(), texts.begin() + static_cast<long>(labels.size()), text);
        labels.push_back(seen == 0 ? text : text + " #" + std::to_string(seen + 1));
        const std::string& note = notes[labels.size() - 1];
        labels.back() += note.empty() ? "" : " # " + note;
    }
    // The rolls FIRST to LAST, totalled: all of them, or one alone (its odds walked on its
    // own and the totals convolved, Context::adjudicate).
    auto rolls_of = [&](size_t first, size_t last) -> core::Adjudicator {
        return [&, first, last](core::Dice& dice) {
            core::Resolution r;
            r.command = "roll";
            r.title = "Dice";
            r.source = "dice expressions";
            long long total = 0;
            for (size_t i = first; i < last; ++i) {
                if (coloured[i]) {
                    const core::Table& table = ctx.table("novorossiysk.hit-dice");
                    core::note_table(r, table);
                    std::vector<std::string> faces;
                    int hits =
                        core::roll_hit_dice(table, coloured[i]->second, coloured[i]->first, dice, labels[i], &faces);
                    total += hits;
                    core::Outcome o;
                    o.label = labels[i];
                    o.code = std::to_string(hits);
                    o.name = hits == 1 ? "hit" : "hits";
                    o.fields.push_back({"faces", faces});
                    if (!notes[i].empty()) {
                        o.fields.push_back({"note", notes[i]});
                    }
                    r.results.push_back(o);
                    continue;
                }
                const core::RollTerm& term = terms[i];
                core::Shown shown;
                const int value = core::roll_term(term, dice, labels[i], &shown);
                total += value;
                core::Outcome o;
                o.label = labels[i];
                o.code = std::to_string(value);
                using Read = core::PoolSpec::Read;
                const core::PoolSpec& pool = term.pools.front();
                if (term.pools.size() == 1 && term.modifier == 0 &&
                    (pool.read == Read::at_least || pool.read == Read::at_most)) {
                    o.name = value == 1 ? "success" : "successes";
                } else if (term.single() && pool.read != Read::total) {
                    o.name = std::string(pool.read == Read::keep_highest ? "the highest " : "the lowest ") +
                             std::to_string(pool.n) + " kept";
                } else if (shown.critical_successes > 0 || shown.critical_failures > 0) {
                    o.name = shown.critical_failures == 0    ? "critical success"
                             : shown.critical_successes == 0 ? "critical failure"
                                                             : "critical success and failure";
                }
                if (!shown.dice.empty()) {
                    // each die: "6 5 4 (1)" not kept, "6! 6! 2" exploded, "1r 4" rerolled
                    o.fields.push_back({"dice", shown.dice});
                }
                if (!notes[i].empty()) {
                    o.fields.push_back({"note", notes[i]});
                }
                for (auto& note : core::term_notes(term)) {
                    if (!contains(r.notes, note)) {
                        r.notes.push_back(std::move(note));
                    }
                }
                r.results.push_back(o);
            }
            r.result.code = std::to_string(total);
            r.result.name = last - first == 1 ? r.results.front().name : "total";
            r.rolls = dice.record();
            return r;
        };
    };
    const core::Adjudicator adjudicate = rolls_of(0, terms.size());
    // each roll alone; the same expression with the same label note rolls the same odds
    std::vector<core::OddsPart> each;
    for (size_t i = 0; i < terms.size(); ++i) {
        each.push_back({rolls_of(i, i + 1), labels[i], texts[i] + '\x1f' + notes[i]});
    }
    if (opt.count) {
        if (*opt.count < 1 || *opt.count > k_max_roll_count) {
            throw usage_error("-n/--count is " + std::to_string(*opt.count) + "; allowed 1 to " +
                              std::to_string(k_max_roll_count));
        }
        if (opt.odds) {
            throw usage_error("-n/--count and --odds: give one");
        }
        for (const auto& c : coloured) {
            if (c) {
                throw usage_error("-n/--count rolls number dice only, not hit dice");
            }
        }
        if (ctx.in_batch() && !ctx.options.seed) {
            throw usage_error("roll -n in a batch draws a stream of its own: give the line its own --seed, "
                              "so the batch still replays whole");
        }
        // Totals only, one line per repetition (or, with --json, one object holding them
        // all), for throughput: no Resolution per roll.
        if (!ctx.options.seed) {
            ctx.options.seed = core::fresh_seed();
        }
        core::RandomSource source(*ctx.options.seed, ctx.options.position);
        const bool json = ctx.options.json;
        std::string buffer;
        buffer.reserve(1 << 16);
        if (json) {
            format::JsonWriter w;
            w.begin_document().key("command").value("roll").key("expressions").begin_array();
            for (const auto& e : joined) {
                w.value(e);
            }
            w.end_array().key("count").value(*opt.count).key("seed").value(static_cast<long long>(*ctx.options.seed));
            w.key("position").value(static_cast<long long>(ctx.options.position));
            buffer = w.str() + ",\"totals\":[";
        }
        char digits[24];
        // Ended (its line erased) before the seed line is written under it.
        std::optional<Progress> progress;
        progress.emplace(ctx.err(), ctx.env().shows_progress(), "roll -n, repetitions");
        for (long long i = 0; i < *opt.count; ++i) {
            if ((i & 0xFFFF) == 0) {
                progress->update(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(*opt.count));
            }
            if (json) {
                buffer += i == 0 ? "" : ",";
                buffer += terms.size() > 1 ? "[" : "";
            }
            for (size_t e = 0; e < terms.size(); ++e) {
                const core::RollTerm& term = terms[e];
                const core::DiceSpec& spec = term.pools.front().dice;
                long long total = spec.modifier;
                if (term.single() && term.pools.front().read == core::PoolSpec::Read::total) {
                    for (int d = 0; d < spec.count; ++d) {
                        total += source.face(spec.sides);
                    }
                } else {
                    core::Dice dice(source);  // read by its faces: as a plain roll reads it
                    total = core::roll_term(term, dice, labels[e]);
                }
                auto [end, ec] = std::to_chars(digits, digits + sizeof digits, total);
                buffer.append(digits, end);
                if (json) {
                    buffer += e + 1 < terms.size() ? "," : terms.size() > 1 ? "]" : "";
                } else {
                    buffer += e + 1 < terms.size() ? ' ' : '\n';
                }
            }
            if (buffer.size() > (1 << 16) - 256) {
                ctx.out() << buffer;
                buffer.clear();
                if (!ctx.out()) {
                    ctx.flush_out();  // the write failed: stop now, exit 74
                }
            }
        }
        progress.reset();
        ctx.out() << buffer << (json ? "]}\n" : "");
        ctx.flush_out();
        if (!json) {
            // with the position the rolls began at, as a resolution's "seed:" line says it:
            // the run replays from it (the JSON's position). Not a warning: -q keeps it
            // (the seed used is always reported).
            ctx.err() << "umpire: seed " << format::seed_text(*ctx.options.seed, ctx.options.position) << "\n";
        }
        return;
    }
    // The odds of several rolls count the total of them all (core::sum_odds) and print each:
    // refused before the work when that total is past the size one roll may have
    // (100x1000d10 would be 100000d10, and a hundred answers of 1000d10).
    if (opt.odds && terms.size() > 1) {
        core::CountSize size;
        for (size_t i = 0; i < terms.size(); ++i) {
            if (coloured[i]) {  // a count of hits: each die adds 0 or 1
                const auto sides = static_cast<long double>(ctx.table("novorossiysk.hit-dice").dice->sides);
                size = size + core::CountSize{coloured[i]->first + 1.0L, coloured[i]->first * std::log2(sides)};
            } else {
                size = size + core::count_size(terms[i]);
            }
        }
        core::require_countable(size, "the total of " + std::to_string(terms.size()) + " rolls",
                                "; 1000d10 alone is within it", "give fewer rolls, dice or sides");
    }
    // Totals whose names do not change with their dice (no hit dice, core::total_alone) have
    // their odds from their distributions, not a walk of a branch per total
    // (core::totals_odds): 1000d10's 9,001 runs of the roll.
    OddsBy by{each, core::PartsAre::summed, {}};
    const bool totals_only = std::none_of(coloured.begin(), coloured.end(), [](const auto& c) { return c; }) &&
                             std::all_of(terms.begin(), terms.end(), core::total_alone);
    if (totals_only) {
        by.own = [&](const core::Adjudicator& whole) -> std::optional<core::OddsReport> {
            std::vector<core::Polynomial> parts;
            for (size_t i = 0; i < terms.size(); ++i) {
                const auto alike = std::find(texts.begin(), texts.begin() + static_cast<long>(i), texts[i]);
                parts.push_back(alike != texts.begin() + static_cast<long>(i)
                                    ? parts[static_cast<size_t>(alike - texts.begin())]
                                    : core::term_distribution(terms[i]));
            }
            return core::totals_odds(whole, std::move(parts));
        };
    }
    DiceOptions dice{{}, opt.odds};
    ctx.adjudicate(dice, {{"expressions", joined}}, "roll", adjudicate, {}, by);
}

void setup_roll(CLI::App& app, Context& ctx)
{
    auto opt = ctx.make_options<RollOptions>();
    auto* sub = app.add_subcommand("roll", "Roll dice expressions: NdS, d% or d100, +N/-N, keep or drop, successes, "
                                           "repeats, explosions, rerolls, sums of pools, Fudge dice, labels");
    sub->add_option("EXPR", opt->expressions,
                    "Dice expressions, e.g. 2d6 d100 3d6+2 4d6kh3 4d6dl1 5d6>=5 3x2d6 3d6! 2d6r1 1d6+1d8 4dF, or hit "
                    "dice, 3white 2red; '# LABEL' after one names it")
        ->required();
    sub->add_flag("--odds", opt->odds, "The exact distribution of each total instead of a roll");
    sub->add_option("-n,--count", opt->count,
                    "Roll N times, printing only the totals, one line each (seed on stderr); with --json one "
                    "object holding them all")
        ->type_name("N");
    sub->footer("Examples:\n  umpire roll 2d6\n  umpire --seed 42 roll d100 3d6+2\n"
                "  umpire roll 2d6 --odds\n  umpire --json --seed 7 roll -n 1000 2d6   # one object: {\"totals\": "
                "[...], ...}\n  umpire roll 3white 2red         # Novorossiysk hit dice: hits (provisional faces)\n"
                "  umpire roll 4d6kh3 --odds        # keep the highest 3 (kl: lowest; dh/dl: drop)\n"
                "  umpire roll '5d6>=5'             # successes: dice showing 5 or more (<=: or less)\n"
                "  umpire roll 3x2d6                # three separate rolls of 2d6\n"
                "  umpire roll '3d6!' --odds        # a 6 rolls again and adds (!!: compounding, !p: penetrating)\n"
                "  umpire roll 2d6r1 '2d6ro<3'      # reroll 1s (at most 20 times); reroll below 3 once\n"
                "  umpire roll 1d6+1d8-1d4+2 4dF    # pools added and taken away; Fudge dice (-1, 0, +1)\n"
                "  umpire roll 'd20cs>=19cf1'       # mark critical successes (**) and failures (__)\n"
                "  umpire roll 2d6 '# morale'       # a label: '#' and what follows name the roll before\n"
                "  umpire roll 1d20 + 5             # a lone + or - joins the words either side: 1d20+5\n"
                "Each die of a pool is shown, those not counted in brackets, rerolled ones with r, exploded with !.\n"
                "In a reroll or a mark < and > are strict (r<3: 1 and 2); a count of successes takes >= or <= only "
                "(10d10>=8: more than 7). A die explodes on its highest face only (3d6!6 is 3d6!); it explodes or is "
                "rerolled at most 20 times.\n"
                "Limits: 1 to 1000 dice of 2 to 1000 sides; at most 20 pools in an expression and 100 rolls in "
                "one call, repeats counted.");
    sub->callback([opt, &ctx] { run_roll(*opt, ctx); });
}

}  // namespace umpire::cli
