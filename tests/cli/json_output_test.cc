// Issue 10: under --json an error is JSON too, and every JSON byte is UTF-8.
#include "../helpers.h"
#include "load/loader.h"
#include "util/error.h"

#include <catch2/catch.hpp>

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
