#include "cli/fields.h"

#include "util/text.h"

#include <array>

namespace umpire::cli {

namespace {

struct FieldFlag {
    std::string_view field;
    std::string_view flags;  // spellings, comma-separated; the first when none was typed
};

// Every field core and load name in a message (tests/cli/fields_test.cc checks the
// sources against this table).
constexpr std::array<FieldFlag, 92> k_field_flags{{
    {"aa", "--aa"},
    {"activation_points", "--activation-points"},
    {"air_space", "--air-space"},
    {"air_units", "--air-units"},
    {"air_units_denied", "--air-units-denied"},
    {"airfield", "--airfield"},
    {"altitude", "--altitude"},
    {"artillery", "--artillery"},
    {"artillery_on_mountain", "--artillery-on-mountain"},
    {"as", "--as"},
    {"assaults", "--assaults"},
    {"attack", "--attack"},
    {"attacker", "--attacker"},
    {"attacker_mod", "--attacker-mod"},
    {"attacker_rally_number", "--attacker-rally-number"},
    {"attacker_stands", "--attacker-stands"},
    {"attacker_suppressed", "--attacker-suppressed"},
    {"attacker_unit", "--attacker-unit"},
    {"attacking_armor", "--attacking-armor"},
    {"axis_number", "--axis-number"},
    {"battle_speed_last_segment", "--battle-speed-last-segment"},
    {"best", "--best"},
    {"boom", "--boom"},
    {"capability", "--capability"},
    {"card", "--card"},
    {"column", "--column"},
    {"count", "--count"},
    {"damaged_reading", "--damaged-reading"},
    {"day", "--day"},
    {"defender", "--defender"},
    {"defender_mod", "--defender-mod"},
    {"defender_rally_number", "--defender-rally-number"},
    {"defender_stands", "--defender-stands"},
    {"defender_suppressed", "--defender-suppressed"},
    {"defender_unit", "--defender-unit"},
    {"defending_armor", "--defending-armor"},
    {"defending_infantry", "--defending-infantry"},
    {"defense", "--defense,--target"},
    {"eliminated", "--eliminated"},
    {"end_phase", "--end-phase"},
    {"exchange", "--exchange"},
    {"facing", "--facing"},
    {"game", "--game"},
    {"hex", "--hex"},
    {"in_harbor", "--in-harbor"},
    {"light", "--light"},
    {"log", "--log"},
    {"mod", "--mod"},
    {"month", "--month"},
    {"morale", "--morale"},
    {"movement", "--movement"},
    {"need", "--need"},
    {"needed", "--needed"},
    {"north_of_arctic_line", "--north-of-arctic-line"},
    {"occupied", "--occupied"},
    {"odds", "--odds"},
    {"paratroops", "--paratroops"},
    {"phase", "--phase"},
    {"points", "--points"},
    {"rally_number", "--rally-number"},
    {"rammer", "--rammer,--strength"},
    {"reason", "--reason"},
    {"remaining", "--remaining"},
    {"result", "--result"},
    {"retreat", "--retreat"},
    {"roll", "--roll"},
    {"row", "--row"},
    {"run", "--run"},
    {"scenario", "--scenario"},
    {"shift", "--shift"},
    {"ship", "--ship"},
    {"skip_due", "--skip-due"},
    {"shots", "--shots"},
    {"side", "--side"},
    {"situation", "--situation"},
    {"split", "--split"},
    {"stand", "--stand"},
    {"stands", "--stands"},
    {"state", "--state"},
    {"strength", "--strength,--rammer"},
    {"supply", "--supply"},
    {"suppressed", "--suppressed"},
    {"surprise", "--surprise"},
    {"surrounded", "--surrounded"},
    {"target", "--target,--defense"},
    {"terrain", "--terrain"},
    {"to_destroy", "--to-destroy"},
    {"to_hit", "--to-hit"},
    {"turn", "--turn"},
    {"unit", "--unit"},
    {"weather", "--weather"},
    {"wind", "--wind"},
}};

const FieldFlag* find_field(std::string_view field)
{
    for (const auto& f : k_field_flags) {
        if (f.field == field) {
            return &f;
        }
    }
    return nullptr;
}

// The spelling of FLAGS that ARGV typed, else the first.
std::string typed_spelling(std::string_view flags, const std::vector<std::string>& argv)
{
    const std::vector<std::string> spellings = split(flags, ',');
    for (const auto& arg : argv) {
        for (const auto& name : spellings) {
            if (names_option(arg, name)) {
                return name;
            }
        }
    }
    return spellings.front();
}

}  // namespace

std::string render_fields(std::string_view message, const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& overrides)
{
    std::string out;
    out.reserve(message.size());
    size_t at = 0;
    while (at < message.size()) {
        const size_t open = message.find('{', at);
        if (open == std::string_view::npos) {
            break;
        }
        const size_t close = message.find('}', open);
        if (close == std::string_view::npos) {
            break;
        }
        const std::string_view name = message.substr(open + 1, close - open - 1);
        out.append(message.substr(at, open - at));
        std::string flag;
        for (const auto& [field, given] : overrides) {
            if (field == name) {
                flag = given;
            }
        }
        if (flag.empty()) {
            if (const FieldFlag* known = find_field(name)) {
                flag = typed_spelling(known->flags, argv);
            }
        }
        if (flag.empty()) {
            out.append(message.substr(open, 1));  // not a field: keep the brace, look on after it
            at = open + 1;
            continue;
        }
        out += flag;
        at = close + 1;
    }
    out.append(message.substr(std::min(at, message.size())));
    return out;
}

std::vector<std::string> known_fields()
{
    std::vector<std::string> out;
    for (const auto& f : k_field_flags) {
        out.emplace_back(f.field);
    }
    return out;
}

}  // namespace umpire::cli
