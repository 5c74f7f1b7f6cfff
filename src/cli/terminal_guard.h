#pragma once
// What umpire prints reaches a terminal as text (issue 23): a name, a note or a journal
// value that carries an escape sequence, from a command line, a scenario or a hand-edited
// file, must not move the cursor, retitle the window or recolour the screen. Input is
// checked where it is read; this is the last line, on standard output and error.

#include <ostream>
#include <streambuf>
#include <string>

namespace umpire::cli {

// A stream buffer that passes text to TARGET and writes every control character
// (util/text.h find_control) out as "\x1b" or "\u009b", except what umpire writes itself:
// newline, tab, colour (ESC [ digits and semicolons m) and the progress line's erase
// ("\r", ESC [ K). An escape is held until what follows shows whether it is one of those.
class TerminalGuardBuf : public std::streambuf {
public:
    explicit TerminalGuardBuf(std::streambuf* target)
        : m_target(target)
    {
    }
    // Writes out what is still held, as text: an escape the output ended inside.
    void finish();

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    bool put(char c);
    bool emit(const std::string& text);

    std::streambuf* m_target;
    std::string m_held;  // an ESC, "\r" or a C1 lead byte and what followed so far
};

// Installs a TerminalGuardBuf on STREAM for its lifetime; puts the old buffer back after.
class TerminalGuard {
public:
    explicit TerminalGuard(std::ostream& stream);
    ~TerminalGuard();
    TerminalGuard(const TerminalGuard&) = delete;
    TerminalGuard& operator=(const TerminalGuard&) = delete;

private:
    std::ostream& m_stream;
    std::streambuf* m_old;
    TerminalGuardBuf m_buf;
};

}  // namespace umpire::cli
