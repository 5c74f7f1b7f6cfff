#include "cli/terminal_guard.h"

#include "util/text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace umpire::cli {

namespace {

constexpr char k_esc = '\x1b';
constexpr char k_c1_lead = '\xc2';

// Whether C passes as it is, without a look at what follows.
bool plain(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return c == '\n' || c == '\t' || (u >= 0x20 && u != 0x7f && c != k_c1_lead);
}

// Where the run of plain characters from AT ends in TEXT: printable ASCII eight bytes at
// a time (printable_run), the other plain characters one by one.
size_t plain_run(std::string_view text, size_t at)
{
    while ((at = printable_run(text, at)) < text.size() && plain(text[at])) {
        ++at;
    }
    return at;
}

// What HELD is, an escape or "\r" begun: one umpire writes itself (complete), the start of
// one (wait for more), or neither.
enum class Held { complete, partial, foreign };

Held classify(std::string_view held)
{
    if (held.front() == k_c1_lead) {
        if (held.size() < 2) {
            return Held::partial;
        }
        const auto second = static_cast<unsigned char>(held[1]);
        return second >= 0x80 && second <= 0x9f ? Held::foreign : Held::complete;  // a C1 control, or a letter
    }
    if (held.front() == '\r') {
        constexpr std::string_view erase = "\r\x1b[K";
        if (erase.starts_with(held)) {
            return held.size() == erase.size() ? Held::complete : Held::partial;
        }
        return Held::foreign;
    }
    // ESC [ (digits and ;)* then m or K, no longer than colour needs
    if (held.size() == 1) {
        return Held::partial;
    }
    if (held[1] != '[' || held.size() > 16) {
        return Held::foreign;
    }
    for (size_t i = 2; i < held.size(); ++i) {
        const char c = held[i];
        if ((c == 'm' || c == 'K') && i + 1 == held.size()) {
            return Held::complete;
        }
        if (!((c >= '0' && c <= '9') || c == ';')) {
            return Held::foreign;
        }
    }
    return Held::partial;
}

}  // namespace

bool TerminalGuardBuf::emit(const std::string& text)
{
    return m_target->sputn(text.data(), static_cast<std::streamsize>(text.size())) ==
           static_cast<std::streamsize>(text.size());
}

bool TerminalGuardBuf::put(char c)
{
    if (m_held.empty()) {
        if (c == k_esc || c == '\r' || c == k_c1_lead) {
            m_held = c;
            return true;
        }
        if (plain(c)) {
            return m_target->sputc(c) != traits_type::eof();
        }
        return emit(visible(std::string_view(&c, 1)));
    }
    m_held += c;
    switch (classify(m_held)) {
    case Held::partial:
        return true;
    case Held::complete: {
        const std::string held = std::move(m_held);
        m_held.clear();
        return emit(held);
    }
    case Held::foreign:
        break;
    }
    // The held text is not umpire's own: its first character written out, the rest read again.
    const std::string held = std::move(m_held);
    m_held.clear();
    const bool c1 = held.front() == k_c1_lead;
    bool ok = emit(visible(std::string_view(held).substr(0, c1 ? 2 : 1)));
    for (char rest : std::string_view(held).substr(c1 ? 2 : 1)) {
        ok = put(rest) && ok;
    }
    return ok;
}

TerminalGuardBuf::int_type TerminalGuardBuf::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof())) {
        return traits_type::not_eof(c);
    }
    return put(traits_type::to_char_type(c)) ? c : traits_type::eof();
}

std::streamsize TerminalGuardBuf::xsputn(const char* s, std::streamsize n)
{
    const std::string_view text(s, static_cast<size_t>(n));
    size_t at = 0;
    while (at < text.size()) {
        if (m_held.empty()) {
            // the run up to the next character that needs a look, passed on whole
            const size_t end = plain_run(text, at);
            if (end > at) {
                const auto wrote = m_target->sputn(s + at, static_cast<std::streamsize>(end - at));
                if (wrote != static_cast<std::streamsize>(end - at)) {
                    return static_cast<std::streamsize>(at) + (wrote > 0 ? wrote : 0);
                }
                at = end;
                continue;
            }
        }
        if (!put(text[at])) {
            return static_cast<std::streamsize>(at);
        }
        ++at;
    }
    return n;
}

int TerminalGuardBuf::sync() { return m_target->pubsync(); }

void TerminalGuardBuf::finish()
{
    if (!m_held.empty()) {
        const std::string held = std::move(m_held);
        m_held.clear();
        emit(visible(held));
    }
    m_target->pubsync();
}

TerminalGuard::TerminalGuard(std::ostream& stream)
    : m_stream(stream)
    , m_old(stream.rdbuf())
    , m_buf(m_old)
{
    m_stream.rdbuf(&m_buf);
}

TerminalGuard::~TerminalGuard()
{
    m_buf.finish();
    m_stream.rdbuf(m_old);
}

}  // namespace umpire::cli
