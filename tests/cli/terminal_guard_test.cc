// Issue 23, part 5: nothing printed to a terminal carries a control character from input.
#include "../helpers.h"
#include "cli/terminal_guard.h"
#include "util/text.h"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>

using namespace umpire;

namespace {

// TEXT written through a guard, in pieces of CHUNK characters (1: every character alone).
std::string guarded(const std::string& text, size_t chunk)
{
    std::ostringstream sink;
    {
        cli::TerminalGuard guard(sink);
        for (size_t at = 0; at < text.size(); at += chunk) {
            sink << text.substr(at, chunk);
        }
    }
    return sink.str();
}

}  // namespace

TEST_CASE("text: find_control finds C0, DEL, C1 and bidirectional controls as UTF-8, not letters", "[util][text]")
{
    CHECK(find_control("Galley-1") == std::string::npos);
    CHECK(find_control("Çanakkale \xc3\xa7") == std::string::npos);  // é and ç are letters
    CHECK(find_control("a\x1b[31m") == 1);
    CHECK(find_control("ab\n") == 2);
    CHECK(find_control("\x7f") == 0);
    CHECK(find_control("x\xc2\x9b") == 1);                  // U+009B, CSI
    CHECK(find_control("x\xc2\xa0") == std::string::npos);  // U+00A0, no-break space
    CHECK(visible("a\x1b]0;t\x07z") == "a\\x1b]0;t\\x07z");
    CHECK(visible("\xc2\x9b"
                  "31m") == "\\u009b31m");
    // Bidirectional controls: U+202E shows the rest of a line reversed ("Trojan Source").
    CHECK(find_control("2-I\xe2\x80\xae"
                       "nf") == 3);  // U+202E
    CHECK(find_control("a\xe2\x81\xa6"
                       "b") == 1);              // U+2066
    CHECK(find_control("a\xe2\x80\x8f") == 1);  // U+200F
    CHECK(find_control("\xd8\x9c") == 0);       // U+061C
    CHECK(find_control("a\xe2\x80\x94"
                       "b") == std::string::npos);               // U+2014, an em dash
    CHECK(find_control("a\xe2\x80\x99s") == std::string::npos);  // U+2019, an apostrophe
    CHECK(find_control("\xd8\xa7") == std::string::npos);        // U+0627, an Arabic letter
    CHECK(visible("D\xe2\x80\xaeR") == "D\\u202eR");
    CHECK(code_point_text(control_at("\xe2\x81\xa9").code) == "U+2069");
    CHECK(control_at("\xe2\x81\xa9").size == 3);
}

TEST_CASE("terminal guard: umpire's own colour and progress erase pass, any other control is written out",
          "[cli][terminal]")
{
    for (size_t chunk : {size_t{1}, size_t{3}, size_t{1000}}) {
        INFO("written " << chunk << " characters at a time");
        CHECK(guarded("plain\ttext\n", chunk) == "plain\ttext\n");
        CHECK(guarded("\x1b[1;31msevere\x1b[0m\n", chunk) == "\x1b[1;31msevere\x1b[0m\n");
        CHECK(guarded("12%\r\x1b[K", chunk) == "12%\r\x1b[K");
        // a title set, a screen cleared, a bell, a lone carriage return, a C1 CSI
        CHECK(guarded("a\x1b]0;pwned\x07z", chunk) == "a\\x1b]0;pwned\\x07z");
        CHECK(guarded("\x1b[2J", chunk) == "\\x1b[2J");
        CHECK(guarded("x\rfake\n", chunk) == "x\\x0dfake\n");
        CHECK(guarded("\xc2\x9b"
                      "2J \xc3\xa9",
                      chunk) == "\\u009b2J \xc3\xa9");
        // an escape held at the end is written out, not lost
        CHECK(guarded("end\x1b[", chunk) == "end\\x1b[");
    }
}

TEST_CASE("terminal guard: a long write is read as one character at a time is, whatever byte and wherever",
          "[cli][terminal]")
{
    // A write is scanned eight bytes at a time while all eight are printable ASCII: any
    // byte at any place in the eight, or across two of them, is seen as when written alone.
    for (int b = 0; b < 256; ++b) {
        for (size_t at = 0; at < 19; ++at) {
            std::string text(24, 'a');
            text[at] = static_cast<char>(b);
            text[at + 1] = static_cast<char>(0xc2 ^ (b & 1));  // an escape's lead or \xc3, next to it
            text += '\n';
            INFO("byte " << b << " at " << at);
            CHECK(guarded(text, 1000) == guarded(text, 1));
        }
    }
    CHECK(guarded(std::string(64, '~') + "\x7f", 1000) == std::string(64, '~') + "\\x7f");
    CHECK(guarded(std::string(63, ' ') + "\x1f", 1000) == std::string(63, ' ') + "\\x1f");
}

TEST_CASE("names: a value with a control character or past 256 characters is refused, naming its flag", "[cli][names]")
{
    auto r = test::run_cli({"free", "--ship", "\x1b[31m", "--as", "rammed"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--ship: '\\x1b[31m' has a control character (\\x1b, character 1)") != std::string::npos);
    r = test::run_cli({"cops-overrun", "--side", "german", "--division", "5\x01"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--division: '5\\x01' has a control character (\\x01, character 2)") != std::string::npos);
    r = test::run_cli({"cops-overrun", "--side", std::string(100000, 'x')});
    CHECK(r.code == 64);
    CHECK(r.err.find("--side: a value of 100000 characters; at most 256 allowed") != std::string::npos);
    // a path may be longer than a name
    r = test::run_cli({"--log", std::string(300, 'l'), "roll", "2d6"});
    CHECK(r.err.find("at most") == std::string::npos);
    r = test::run_cli({"table", "show", "a\nb"});
    CHECK(r.code == 64);
    // a positional's value is named by its command, not CLI11's placeholder ID (hunt49)
    CHECK(r.err.find("table show: 'a\\x0ab' has a control character") != std::string::npos);
}

TEST_CASE("names: a value that is not UTF-8 is refused, its bytes written as escapes", "[cli][names]")
{
    // hunt36: a raw 0x9b (a terminal's CSI where it reads 8-bit controls) in a roll's label
    // reached the terminal four times; the same character as UTF-8 ("\xc2\x9b") was refused.
    auto r = test::run_cli({"roll", "2d6 # x\x9b"
                                    "31mRED"});
    CHECK(r.code == 64);
    CHECK(r.err.find("'2d6 # x\\x9b31mRED' is not UTF-8 text (\\x9b, byte 8); only printable text is allowed") !=
          std::string::npos);
    CHECK(r.out.empty());
    CHECK(r.err.find('\x9b') == std::string::npos);
    r = test::run_cli({"cops-overrun", "--side", "bad\xff\xfeutf"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--side: 'bad\\xff\\xfeutf' is not UTF-8 text (\\xff, byte 4)") != std::string::npos);
    // a batch line the same, and an unknown command said with its bytes escaped
    cli::Environment env;
    std::istringstream in("roll '2d6 # \xc3'\n");
    env.in = &in;
    r = test::run_cli({"batch"}, env);
    CHECK(r.out.find("is not UTF-8 text") != std::string::npos);
    CHECK(r.out.find('\xc3') == std::string::npos);
    r = test::run_cli({"rol\x9b"});
    CHECK(r.code == 64);
    CHECK(r.err.find("rol\\x9b") != std::string::npos);
    CHECK(r.err.find('\x9b') == std::string::npos);
    // UTF-8 as such is text: a name with accents is a name
    const auto label = test::run_cli({"--seed", "1", "roll", "2d6 # caf\xc3\xa9"});
    CHECK(label.code == 0);
    CHECK(label.out.find("caf\xc3\xa9") != std::string::npos);
    CHECK(visible("a\xe2\x82") == "a\\xe2\\x82");  // a sequence cut short
    CHECK(visible("\xc3\xa9t\xc3\xa9") == "\xc3\xa9t\xc3\xa9");
}

TEST_CASE("names: a ship, a side is one of the scenario's where there is one", "[cli][names]")
{
    auto r = test::run_cli({"free", "--ship", "Genoaa", "--as", "rammed"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--ship: no unit 'Genoaa' in scenario constantinople (did you mean 'Genoa'?)") !=
          std::string::npos);
    // no scenario named: any side (the shipped Great Battles scenario is an example)
    r = test::run_cli({"cops-overrun", "--side", "American"});
    CHECK(r.code == 0);
    CHECK(r.out.find("american loses 10 Activation Points") != std::string::npos);
    r = test::run_cli({"--scenario", "great-battles-example", "cops-overrun", "--side", "germn"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--side germn: no such side in scenario great-battles-example (did you mean 'german'?)") !=
          std::string::npos);
    r = test::run_cli({"cops-overrun", "--side", "9th SS"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--side '9th ss': a side is 1 to 32 lower-case letters") != std::string::npos);
}

TEST_CASE("numbers: a negative value is read as the flag's, and refused naming it", "[cli][names]")
{
    auto r = test::run_cli({"roll", "-n", "-1", "2d6"});
    CHECK(r.code == 64);
    CHECK(r.err.find("-n/--count is -1; allowed 1 to") != std::string::npos);
    r = test::run_cli({"morale", "--stands", "4", "--eliminated", "-1", "--suppressed", "2"});
    CHECK(r.code == 64);
    CHECK(r.err.find("--eliminated is -1; allowed 0 to 4") != std::string::npos);
}
