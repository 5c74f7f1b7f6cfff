#include "load/state.h"

#include "load/catalog.h"
#include "load/loader.h"
#include "util/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace umpire::load {

namespace {

std::string quoted_list(const std::vector<std::string>& items)
{
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) {
        out += (i ? ", \"" : "\"") + items[i] + "\"";
    }
    return out + "]";
}

}  // namespace

std::string read_state_text(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        return "";
    }
    return read_file(path);
}

core::WeatherState read_state(const std::string& path)
{
    const std::string text = read_state_text(path);
    return text.empty() ? core::WeatherState{} : parse_state(text, path);
}

std::string state_text(const core::WeatherState& s)
{
    std::string out = "# umpire game state (the weather's game-state file). Edit with care.\n";
    out += "game = \"novorossiysk\"\n";
    out += "day = " + std::to_string(s.day) + "\n";
    out += "phase = \"" + s.phase + "\"\n";
    out += std::string("started = ") + (s.started ? "true" : "false") + "\n";
    out += "dense_fog_used = " + quoted_list(s.dense_fog_used) + "\n";
    out += "flood_days = [";
    for (size_t i = 0; i < s.flood_days.size(); ++i) {
        out += (i ? ", " : "") + std::to_string(s.flood_days[i]);
    }
    out += "]\n";
    out += "last = " + quoted_list(s.last) + "\n";
    return out;
}

namespace {

std::string toml_value(const std::string& v)
{
    if (v == "true" || v == "false") {
        return v;
    }
    // A TOML integer only when it reads back as the same text: "-0", "-01" and "+1" would
    // read back as 0, an error and 1, and the file would disagree with its journal.
    const bool number =
        !v.empty() && v.size() < 10 &&
        std::all_of(v.begin() + (v[0] == '-' ? 1 : 0), v.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        v != "-" && v != "-0" && !(v.size() > 1 && v[0] == '0') && !(v.size() > 2 && v[0] == '-' && v[1] == '0');
    return number ? v : toml_string(v);
}

std::string status_lines(core::StatusList list)
{
    std::sort(list.begin(), list.end());
    std::string out;
    for (const auto& [k, v] : list) {
        out += k + " = " + toml_value(v) + "\n";
    }
    return out;
}

}  // namespace

std::string game_text(const core::GameState& g)
{
    std::string out = "# umpire game file: the board's state. Every change umpire makes is journalled in the\n"
                      "# file of the same name with .journal; 'umpire game rebuild' remakes this file from it.\n";
    out += "umpire_game = 1\n";
    out += "game = " + toml_value(g.game) + "\n";
    out += "scenario = " + toml_value(g.scenario) + "\n\n[clock]\n" + status_lines(g.clock);
    for (const auto& u : g.units) {
        out += "\n[[unit]]\nname = " + toml_value(u.name) + "\n";
        if (!u.side.empty()) {
            out += "side = " + toml_value(u.side) + "\n";
        }
        out += status_lines(u.status);
    }
    return out;
}

std::string deck_state_text(const core::DeckState& s)
{
    std::string out = "# umpire activation deck (Great Battles, Drop Zone rules): the cards left to draw, in no\n"
                      "# order (each draw is random), and each side's hand. Edit with care.\n";
    out += "game = \"great-battles\"\n";
    out += "deck = " + quoted_list(s.deck) + "\n";
    for (const auto& h : s.hands) {
        out += "\n[[hand]]\nside = \"" + h.side + "\"\ncards = " + quoted_list(h.cards) + "\n";
    }
    return out;
}

void write_state(const std::string& path, const core::WeatherState& state)
{
    write_state_text(path, state_text(state));
}

void write_state_text(const std::string& path, const std::string& text, mode_t mode)
{
    prepare_state_text(path, text, mode);
    commit_state_text(path);
}

namespace {

// TEXT written to FD (NAME) whole and, with FLUSH, flushed to the disk (a device or a FIFO
// has no disk to flush to); FD closed and FAIL(what) on an error.
template <class Fail>
void write_flushed(int fd, const std::string& text, const std::string& name, Fail fail, bool flush = true)
{
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            ::close(fd);
            fail("write " + name);
        }
        done += static_cast<size_t>(n);
    }
    if (flush && ::fsync(fd) != 0) {
        ::close(fd);
        fail("flush " + name);
    }
}

// The same, then FD closed.
template <class Fail> void write_and_close(int fd, const std::string& text, const std::string& name, Fail fail)
{
    write_flushed(fd, text, name, fail);
    if (::close(fd) != 0) {
        fail("close " + name);
    }
}

}  // namespace

std::string write_target(const std::string& path)
{
    namespace fs = std::filesystem;
    fs::path target = path;
    std::error_code ec;
    for (int links = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++links) {
        fs::path to = fs::read_symlink(target, ec);
        if (ec || links == 40) {
            throw io_error(path + ": cannot follow its links" + (ec ? ": " + ec.message() : ": too many"));
        }
        target = to.is_absolute() ? to : target.parent_path() / to;
    }
    const fs::file_status status = fs::status(target, ec);
    if (!ec && fs::exists(status) && !fs::is_regular_file(status)) {
        throw io_error(path + ": " + file_kind(status) + ", not a file umpire can write; give a file's path");
    }
    return target.string();
}

void replace_file(const std::string& given, const std::string& text)
{
    // A device or a FIFO (/dev/stdout, /dev/null, a pipe to a viewer) takes the text as it is.
    if (struct stat st{}; ::stat(given.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
        auto fail = [&](const std::string& what) {
            const int err = errno;
            throw io_error(given + ": cannot " + what + ": " + std::strerror(err));
        };
        const int fd = ::open(given.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) {
            fail("open it");
        }
        write_flushed(fd, text, "it", fail, false);
        ::close(fd);
        return;
    }
    const std::string path = write_target(given);
    // First an unnamed file in PATH's folder (O_TMPFILE): written and flushed with no name,
    // so a call killed meanwhile leaves nothing behind; then named PATH.tmp-PID-N and renamed
    // over PATH, two calls in a row. Where the file system or a missing /proc cannot, a file
    // of a fresh name from the start (mkostemp), as before.
    const std::string dir = std::filesystem::path(path).parent_path().string();
    std::string named;
    auto fail = [&](const std::string& what) {
        int err = errno;
        if (!named.empty()) {
            ::unlink(named.c_str());
        }
        throw io_error(path + ": cannot " + what + ": " + std::strerror(err));
    };
    if (const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644); fd >= 0) {
        write_flushed(fd, text, "a file beside it", fail);
        const std::string self = "/proc/self/fd/" + std::to_string(fd);
        for (int n = 0; n < 100; ++n) {
            const std::string name = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(n);
            if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
                named = name;
                break;
            }
            if (errno != EEXIST) {
                break;
            }
        }
        ::close(fd);
        if (!named.empty()) {
            if (::rename(named.c_str(), path.c_str()) != 0) {
                fail("replace it with " + named);
            }
            return;
        }
    }
    named = path + ".XXXXXX";
    const int fd = ::mkostemp(named.data(), O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        throw io_error(path + ": cannot create a file beside it: " + std::strerror(err));
    }
    const mode_t mask = ::umask(0);  // mkostemp makes the file 0600; a picture is 0644 less the umask
    ::umask(mask);
    ::fchmod(fd, 0644 & ~mask);
    write_and_close(fd, text, named, fail);
    if (::rename(named.c_str(), path.c_str()) != 0) {
        fail("replace it with " + named);
    }
}

namespace {

// prepare_state_text's work, at PATH as it is (its links followed, or not, by the caller).
void prepare_at(const std::string& path, const std::string& text, mode_t mode)
{
    const std::string tmp = path + k_prepared_suffix;
    auto fail = [&](const std::string& what) {
        int err = errno;
        ::unlink(tmp.c_str());
        throw io_error(path + ": cannot " + what + ": " + std::strerror(err));
    };
    // A killed writer's PATH.umpire-tmp is removed, not reused: a new file takes MODE (an old one
    // keeps its own), and O_EXCL follows no link put there.
    ::unlink(tmp.c_str());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) {
        fail("create " + tmp);
    }
    // The file it replaces keeps its mode (a referee's chmod 600 on the board).
    if (struct stat st{}; ::stat(path.c_str(), &st) == 0 && ::fchmod(fd, st.st_mode & 07777) != 0) {
        ::close(fd);
        fail("set the mode of " + tmp);
    }
    write_and_close(fd, text, tmp, fail);
}

// commit_state_text's work, at PATH as it is.
void commit_at(const std::string& path)
{
    const std::string tmp = path + k_prepared_suffix;
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw io_error(path + ": cannot replace it with " + tmp + ": " + std::strerror(err));
    }
    // The rename itself on the disk: the directory entry is what a crash would lose.
    const std::string dir = std::filesystem::path(path).parent_path().string();
    int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)::fsync(fd);
        ::close(fd);
    }
}

}  // namespace

void prepare_state_text(const std::string& given, const std::string& text, mode_t mode)
{
    prepare_at(write_target(given), text, mode);
}

void commit_state_text(const std::string& given) { commit_at(write_target(given)); }

void write_own_file(const std::string& path, const std::string& text)
{
    // A link there is umpire's name taken by someone else: the rename below replaces the
    // link itself. A directory there is refused by the rename, said as an I/O error.
    if (struct stat st{}; ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        ::unlink(path.c_str());
    }
    prepare_at(path, text, 0644);
    commit_at(path);
}

bool discard_state_text(const std::string& path)
{
    try {
        return ::unlink((write_target(path) + k_prepared_suffix).c_str()) == 0;
    } catch (const Error&) {
        // nothing of umpire's can be there: it never writes beside what it cannot write
    }
    return false;
}

namespace {

// The lock files this process holds, with how many StateLocks hold each: flock(2) locks
// belong to an open file description, so a second lock taken in the same process (a plan's
// requests, each reading the game its caller holds) would wait for the first forever.
std::map<std::string, int>& held_locks()
{
    static std::map<std::string, int> held;
    return held;
}

}  // namespace

StateLock::StateLock(const std::string& path, bool shared)
    : m_lock(write_target(path) + ".lock")
{
    const std::string& lock = m_lock;
    if (auto it = held_locks().find(lock); it != held_locks().end()) {
        ++it->second;  // held already by this process, which is one caller at a time
        return;
    }
    m_fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (m_fd < 0 && shared) {
        m_fd = ::open(lock.c_str(), O_RDONLY | O_CLOEXEC);
        if (m_fd < 0) {
            return;  // a reader in a directory it cannot write: no writer is there either
        }
    }
    if (m_fd < 0) {
        throw io_error(path + ": cannot open " + lock + ": " + std::strerror(errno));
    }
    while (::flock(m_fd, shared ? LOCK_SH : LOCK_EX) != 0) {
        if (errno != EINTR) {
            const int err = errno;
            ::close(m_fd);
            throw io_error(path + ": cannot lock " + lock + ": " + std::strerror(err));
        }
    }
    held_locks()[lock] = 1;
}

StateLock::~StateLock()
{
    auto it = held_locks().find(m_lock);
    if (it != held_locks().end() && (it->second -= 1) == 0) {
        held_locks().erase(it);
    }
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

namespace {

// BASE, BASE.2, BASE.3 and on until FOUND(name, type) is true: that name.
template <class Found> std::string first_name(const std::string& base, Found found)
{
    std::string name = base;
    for (int n = 2;; ++n) {
        std::error_code ec;
        const auto type = std::filesystem::symlink_status(name, ec).type();
        const bool known = !ec || type == std::filesystem::file_type::not_found;  // ENOENT sets EC too
        if (known && found(name, type)) {
            return name;
        }
        if (!known || n > 100000) {
            throw io_error(base + ": cannot find a free name to keep it under" + (ec ? ": " + ec.message() : ""));
        }
        name = base + "." + std::to_string(n);
    }
}

}  // namespace

std::string aside(const std::string& base)
{
    return first_name(base, [](const std::string&, std::filesystem::file_type type) {
        return type == std::filesystem::file_type::not_found;
    });
}

std::string keep_aside(const std::string& base, const std::string& text)
{
    const std::string name = first_name(base, [&](const std::string& n, std::filesystem::file_type type) {
        return type == std::filesystem::file_type::not_found ||
               (type == std::filesystem::file_type::regular && read_file(n) == text);
    });
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(name, ec))) {
        write_own_file(name, text);
    }
    return name;
}

}  // namespace umpire::load
