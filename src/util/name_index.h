#pragma once
// A case-insensitive index of the names of a vector's items (units of a scenario or a game),
// so that looking a name up does not walk the vector: a game may hold thousands of units,
// and every check of it looks each one up.
#include "util/text.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace umpire {

class NameIndex {
public:
    // The first item of ITEMS whose name is NAME in any case; nullptr when none. The index
    // follows ITEMS as it grows (items are only ever added, and a name is never changed in
    // place); a vector replaced or moved is indexed again whole.
    template <class T> const T* find(const std::vector<T>& items, std::string_view name) const
    {
        if (m_data != static_cast<const void*>(items.data()) || m_indexed > items.size()) {
            m_index.clear();
            m_indexed = 0;
            m_data = items.data();
        }
        for (; m_indexed < items.size(); ++m_indexed) {
            m_index.emplace(to_lower(items[m_indexed].name), m_indexed);  // the first of a name stays
        }
        const auto it = m_index.find(to_lower(name));
        return it == m_index.end() ? nullptr : &items[it->second];
    }

    // A shortcut, not a value: two holders of the same items are equal whatever each has indexed.
    bool operator==(const NameIndex&) const { return true; }

private:
    mutable std::unordered_map<std::string, size_t> m_index;  // lower-cased name -> place
    mutable size_t m_indexed = 0;                             // how many items are in it
    mutable const void* m_data = nullptr;                     // the vector they are in
};

}  // namespace umpire
