#include "core/scenario.h"

#include "util/text.h"

namespace umpire::core {

const Unit* Scenario::find_unit(std::string_view name) const { return m_names.find(units, name); }

std::string Scenario::supply_of(std::string_view side) const
{
    for (const auto& [s, quality] : supply) {
        if (iequals(s, side)) {
            return quality;
        }
    }
    return "";
}

std::vector<std::string> Scenario::unit_names() const
{
    std::vector<std::string> names;
    for (const auto& unit : units) {
        names.push_back(unit.name);
    }
    return names;
}

}  // namespace umpire::core
