// The parsed copies of table files kept in the cache directory (load/table_cache.h): a
// copy reads back as the very table its TOML parses to, is read only when it was made
// from the same text, and a damaged, foreign or unwritable cache changes no answer.
#include "../helpers.h"
#include "load/embedded.h"
#include "load/loader.h"
#include "load/table_cache.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace umpire;
using test::slurp;
namespace fs = std::filesystem;

namespace {

// The copy's trailing check as load/table_cache.cc documents it: FNV-1a 64 over every
// byte before it, 16 hex digits. Written again here so the test does not trust the code.
std::string fnv1a(std::string_view bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : bytes) {
        h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

// The one copy in CACHE/tables.
fs::path only_copy(const fs::path& cache)
{
    std::vector<fs::path> copies;
    for (const auto& entry : fs::directory_iterator(cache / "tables")) {
        copies.push_back(entry.path());
    }
    REQUIRE(copies.size() == 1);
    return copies.front();
}

}  // namespace

TEST_CASE("table cache: every shipped table, encoded and decoded, is the table again", "[load][cache]")
{
    std::vector<core::Table> tables;
    for (const auto& file : load::embedded_tables()) {
        tables.push_back(load::parse_table(file.text, file.path, file.id));
    }
    const std::string example = std::string(UMPIRE_SOURCE_DIR) + "/examples/border-war/tables/border-war/crt.toml";
    tables.push_back(load::parse_table(slurp(example), example, "border-war.crt"));
    // what no shipped table has: a result that rolls again, with the table's limit
    core::Table again = tables.back();
    again.legend.front().roll_again = true;
    again.roll_again_limit = 3;
    tables.push_back(again);
    REQUIRE(tables.size() > 40);
    for (auto& table : tables) {
        INFO(table.id);
        table.origin.clear();  // not kept: the file's path is set again when a copy is read
        const std::string bytes = load::encode_table(table);
        const auto back = load::decode_table(bytes);
        REQUIRE(back);
        CHECK(*back == table);
        // no shorter or longer run of the same bytes reads as a table
        for (size_t cut = 0; cut < bytes.size(); cut += 1 + cut / 8) {
            CHECK_FALSE(load::decode_table(std::string_view(bytes).substr(0, cut)));
        }
        CHECK_FALSE(load::decode_table(bytes + "x"));
    }
}

TEST_CASE("table cache: a copy is read only when it was made from the same text, and checked whole", "[load][cache]")
{
    const test::TempDir dir("table-cache");
    const fs::path cache = dir / "cache/umpire";
    const auto& file = load::embedded_tables().front();
    const std::string path = dir / "mine.toml";
    const core::Table parsed = load::parse_table(file.text, path, file.id);

    // The first call parses and leaves a copy; the second reads it, with this path as origin.
    CHECK(load::parse_table_cached(file.text, path, file.id, cache.string()) == parsed);
    const fs::path copy = only_copy(cache);
    CHECK(load::parse_table_cached(file.text, path, file.id, cache.string()) == parsed);

    // Proof the copy is what is read: its title changed (same length) and its check made
    // again, the answer has the changed title.
    std::string bytes = slurp(copy);
    const std::string body = bytes.substr(0, bytes.size() - 16);
    const size_t at = body.rfind(parsed.title);
    REQUIRE(at != std::string::npos);
    std::string changed = body;
    changed[at] = changed[at] == 'X' ? 'Y' : 'X';
    std::ofstream(copy, std::ios::binary | std::ios::trunc) << changed << fnv1a(changed);
    CHECK(load::parse_table_cached(file.text, path, file.id, cache.string()).title != parsed.title);

    // The same change with the old check: the copy is refused, the TOML parsed and the copy made again.
    std::ofstream(copy, std::ios::binary | std::ios::trunc) << changed << fnv1a(body);
    CHECK(load::parse_table_cached(file.text, path, file.id, cache.string()) == parsed);
    CHECK(slurp(copy) == bytes);

    // A torn copy (any prefix of it) is parsed again.
    for (size_t cut : {size_t{0}, size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
        std::ofstream(copy, std::ios::binary | std::ios::trunc) << bytes.substr(0, cut);
        CHECK(load::parse_table_cached(file.text, path, file.id, cache.string()) == parsed);
    }

    // The file changed: its new text is parsed, not the old copy read.
    std::string edited = std::string(file.text);
    const size_t title = edited.find(parsed.title);
    REQUIRE(title != std::string::npos);
    edited.replace(title, parsed.title.size(), "A title of my own");
    CHECK(load::parse_table_cached(edited, path, file.id, cache.string()).title == "A title of my own");
    CHECK(load::parse_table_cached(edited, path, file.id, cache.string()).title == "A title of my own");
    CHECK(only_copy(cache) == copy);  // one copy per file, replaced

    // Text that does not parse throws as parse_table does, whatever copy there is.
    CHECK_THROWS_AS(load::parse_table_cached("id = 3\n", path, file.id, cache.string()), Error);
}

TEST_CASE("table cache: a cache that cannot be written changes nothing and says nothing", "[load][cache]")
{
    const test::TempDir dir("table-cache-ro");
    const auto& file = load::embedded_tables().front();
    const core::Table parsed = load::parse_table(file.text, "mine.toml", file.id);
    std::ofstream(dir / "plain-file") << "not a directory";
    for (const fs::path& cache : {dir / "plain-file/umpire", dir / "no/such/home/umpire"}) {
        INFO(cache);
        CHECK(load::parse_table_cached(file.text, "mine.toml", file.id, cache.string()) == parsed);
        CHECK_FALSE(fs::exists(cache));
    }
    CHECK(load::parse_table_cached(file.text, "mine.toml", file.id, "") == parsed);
}
