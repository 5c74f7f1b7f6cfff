// Issue 10: under --json an error is JSON too, and every JSON byte is UTF-8.
#include "../helpers.h"
#include "load/loader.h"
#include "util/error.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace umpire;

TEST_CASE("json: an error under --json is a JSON object on stdout as well as a message on stderr", "[cli][json]")
{
    auto r = test::run_cli({"--json", "ram", "--strength", "9", "--defense", "B"});
    CHECK(r.code == 64);
    CHECK(r.out == R"({"schema_version":1,"error":{"code":64,"message":"--strength 9: a ram strength is 1 to 4, the )"
                   "columns of table constantinople.ram (15.42)\"}}"
                   "\n");
    CHECK(r.err ==
          "umpire: error: --strength 9: a ram strength is 1 to 4, the columns of table constantinople.ram (15.42)\n");
    // completion and shell print no JSON: under --json they refuse, in JSON (they printed
    // a script and a prompt's text)
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--json", "completion", "bash"},
                                                 std::vector<std::string>{"--json", "shell", "--no-history"}}) {
        const auto refused = test::run_cli(args);
        CHECK(refused.code == 64);
        CHECK(refused.out.rfind(R"({"schema_version":1,"error":{"code":64,"message":"--json: )", 0) == 0);
    }
    auto unknown = test::run_cli({"--json", "nosuch"});
    CHECK(unknown.out.rfind(R"({"schema_version":1,"error":{"code":64,"message":"unknown command 'nosuch')", 0) == 0);
    // Without --json, nothing on stdout.
    CHECK(test::run_cli({"ram", "--strength", "9", "--defense", "B"}).out.empty());
}

TEST_CASE("json: a byte that is not UTF-8 is written as U+FFFD", "[cli][json]")
{
    std::istringstream in("check st\xffrm\n{\"args\": []}\n");
    cli::Environment env;
    env.in = &in;
    auto r = test::run_cli({"batch"}, env);
    CHECK(r.out.find("\"request\":\"check st\\ufffdrm\"") != std::string::npos);
    CHECK(r.out.find('\xff') == std::string::npos);
    // An empty JSON request gets an answer, not silence.
    CHECK(
        r.out.find(
            R"({"schema_version":1,"line":2,"request":"{\"args\": []}","error":{"code":64,"message":"JSON request: \"args\" )"
            R"(is empty; give the command and its options"}})") != std::string::npos);
}

TEST_CASE("json: well-formed UTF-8 passes through, overlong forms and surrogates do not", "[cli][json]")
{
    auto echo = [](const std::string& word) {
        std::istringstream in("check " + word + "\n");
        cli::Environment env;
        env.in = &in;
        return test::run_cli({"batch"}, env).out;
    };
    CHECK(echo("\xc3\xa9t\xc3\xa9").find("check \xc3\xa9t\xc3\xa9") != std::string::npos);  // été, kept
    CHECK(echo("\xc0\xaf").find("check \\ufffd\\ufffd") != std::string::npos);              // overlong '/'
    CHECK(echo("\xed\xa0\x80").find("check \\ufffd\\ufffd\\ufffd") != std::string::npos);   // a surrogate
}

TEST_CASE("tables: a control character in table text is refused where it stands", "[load][json]")
{
    try {
        load::parse_table("id = \"t.x\"\ntitle = \"a\\u001b[31mred\"\n", "t.toml");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) ==
              "t.toml:2:9: 'title' holds the control character U+001B; table and scenario text may not");
    }
    // C1 (U+009B is a terminal's CSI) and bidirectional controls were let through.
    for (const auto& [escape, code] :
         {std::pair{"\\u009b", "U+009B"}, std::pair{"\\u202e", "U+202E"}, std::pair{"\\u2066", "U+2066"}}) {
        try {
            load::parse_table("id = \"t.x\"\ntitle = \"Ramming" + std::string(escape) + "31m\"\n", "t.toml");
            FAIL("no error for " << code);
        } catch (const Error& e) {
            CHECK(std::string(e.what()) == "t.toml:2:9: 'title' holds the control character " + std::string(code) +
                                               "; table and scenario text may not");
        }
    }
}

TEST_CASE("json: inputs name each modifier and count that changes a Great Battles result", "[cli][json]")
{
    // umpire(1) JSON OUTPUT: inputs is what was asked. Each of these changes the result by the
    // rules cited, and was missing from inputs (hunt45 #2); tests/json/inputs.py walks every
    // command's options.
    const auto inputs = [](const std::vector<std::string>& args) {
        const auto r = test::run_cli(args);
        REQUIRE(r.code == 0);
        return nlohmann::json::parse(r.out)["inputs"];
    };
    // 14.4.1 -2 outside the front arc, 14.4.12 +2 heavy weapons, 14.5.4 -3 opportunity fire
    const auto fire = inputs({"--json", "--seed", "3", "fire", "--to-hit", "6", "--to-destroy", "3", "--shots", "2",
                              "--heavy-weapons", "--opportunity", "--outside-front-arc"});
    CHECK(fire["heavy_weapons"] == true);
    CHECK(fire["opportunity"] == true);
    CHECK(fire["outside_front_arc"] == true);
    // 14.8: the loser's stands each test against its rally number (14.7.3, from the quality);
    // suppressed ones are eliminated; 14.8.3 a blocked loser cannot retreat
    const auto close = inputs({"--json", "--seed", "3", "close-combat", "--attacker-stands", "3", "--attacker-quality",
                               "average", "--defender-stands", "4", "--defender-suppressed", "1", "--defender-quality",
                               "raw", "--defender-mod", "2", "--defender-blocked"});
    CHECK(close["attacker_stands"] == 3);
    CHECK(close["attacker_suppressed"] == 0);
    CHECK(close["attacker_quality"] == "average");
    CHECK(close["attacker_rally_number"].is_number_integer());
    CHECK(close["defender_stands"] == 4);
    CHECK(close["defender_suppressed"] == 1);
    CHECK(close["defender_quality"] == "raw");
    CHECK(close["defender_blocked"] == true);
    CHECK_FALSE(close.contains("attacker_blocked"));
    // 14.8.4: a battalion that just won a close combat takes no test; 15.2.2 blocked
    const auto morale = inputs(
        {"--json", "--seed", "3", "morale", "--stands", "4", "--eliminated", "1", "--won-close-combat", "--blocked"});
    CHECK(morale["won_close_combat"] == true);
    CHECK(morale["blocked"] == true);
    // and the text answer's working names them too
    const auto text =
        test::run_cli({"--seed", "3", "close-combat", "--attacker-stands", "3", "--attacker-quality", "average",
                       "--defender-stands", "4", "--defender-suppressed", "1", "--defender-quality", "raw"});
    CHECK(test::contains(text.out, "  defender suppressed: 1\n"));
}
