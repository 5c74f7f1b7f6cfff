// The JSON writer: escaping (RFC 8259 section 7) and the seed/position template.
#include "format/json.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <random>

using namespace umpire;

TEST_CASE("json: strings escape quote, backslash and control characters, and nothing else", "[format][json]")
{
    auto escaped = [](std::string_view text) {
        std::string out;
        format::append_escaped(out, text);
        return out;
    };
    CHECK(escaped("") == R"("")");
    CHECK(escaped("plain text, 15.41") == R"("plain text, 15.41")");
    CHECK(escaped(R"(say "D")") == R"("say \"D\"")");
    CHECK(escaped(R"(a\b)") == R"("a\\b")");
    CHECK(escaped("two\nlines\tand\r") == R"("two\nlines\tand\r")");
    CHECK(escaped(std::string("\x01\x1f", 2)) == R"("\u0001\u001f")");
    CHECK(escaped("\"") == R"("\"")");                                             // an escape first and last
    CHECK(escaped("Genoa \xe2\x80\x94 8-0-D") == "\"Genoa \xe2\x80\x94 8-0-D\"");  // UTF-8 as is
}

TEST_CASE("json: any ASCII text escaped reads back as itself", "[format][json]")
{
    // Runs of plain characters pass eight at a time (printable_run): every byte below 0x80,
    // at every place in a run, read back by another JSON reader.
    std::mt19937_64 rng(26);
    for (int n = 0; n < 5000; ++n) {
        std::string text(rng() % 50, ' ');
        for (auto& c : text) {
            c = rng() % 4 == 0 ? static_cast<char>(rng() % 0x80) : static_cast<char>('a' + rng() % 26);
        }
        std::string out;
        format::append_escaped(out, text);
        INFO("text of " << text.size() << " bytes");
        REQUIRE(nlohmann::json::parse(out).get<std::string>() == text);
    }
}

TEST_CASE("json: a resolution's template filled with its seed and position is its JSON", "[format][json]")
{
    core::Resolution r;
    r.command = "melee";
    r.source = "Constantinople 15.41";
    r.result.code = "D";
    r.seed = 4294967295U;
    r.position = 12345678901234ULL;
    const std::string json = format::to_json(r);
    CHECK(json.find(R"("seed":4294967295,"position":12345678901234,"provisional":false})") != std::string::npos);
    const auto t = format::to_json_template(r);
    CHECK(t.fill(r.seed, r.position) == json);
    CHECK(t.fill(7, 0).find(R"("seed":7,"position":0,)") != std::string::npos);
    CHECK(t.fill(std::nullopt, 3).find(R"("seed":null,"position":3,)") != std::string::npos);
    CHECK(t.head.ends_with(R"("seed":)"));
    CHECK(t.middle == R"(,"position":)");
}
