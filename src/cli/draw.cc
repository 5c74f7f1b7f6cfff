#include "cli/draw.h"

#include "format/picture.h"
#include "load/state.h"
#include "util/error.h"
#include "util/text.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace umpire::cli {

namespace {

// A picture past this is no chart of a game: refused rather than held in memory.
constexpr size_t k_max_picture_bytes = size_t{256} << 20;

// umpire-draw: beside umpire (the build tree), else in LIBEXECDIR/umpire under umpire's
// own prefix (/usr/bin/umpire: /usr/libexec/umpire/umpire-draw).
std::string find_drawer()
{
    char self[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        throw Error(ExitCode::unavailable, "--draw: cannot tell where umpire is installed, to find umpire-draw");
    }
    const std::filesystem::path dir = std::filesystem::path(std::string(self, static_cast<size_t>(n))).parent_path();
    const std::filesystem::path places[] = {dir / "umpire-draw", dir.parent_path() / "libexec/umpire/umpire-draw"};
    for (const auto& place : places) {
        if (::access(place.c_str(), X_OK) == 0) {
            return place.string();
        }
    }
    throw Error(ExitCode::unavailable, "--draw: umpire-draw, which draws pictures, is not installed (looked for " +
                                           places[0].string() + " and " + places[1].string() + ")");
}

// Everything FD gives until its end, at most LIMIT bytes; false past it.
bool read_all(int fd, std::string& out, size_t limit)
{
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return true;
        }
        out.append(buffer, static_cast<size_t>(n));
        if (out.size() > limit) {
            return false;
        }
    }
}

// umpire-draw run on DESCRIPTION: the picture it writes.
std::string run_drawer(const std::string& description)
{
    const std::string drawer = find_drawer();
    // Its standard input a socket, so a write to a drawer that died is an error (EPIPE,
    // MSG_NOSIGNAL), not a SIGPIPE that kills umpire.
    int in[2];
    int out[2];
    int err[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
        throw io_error("--draw: cannot make a socket for umpire-draw: " + std::string(std::strerror(errno)));
    }
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        throw io_error("--draw: cannot make a pipe for umpire-draw: " + std::string(std::strerror(errno)));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        throw io_error("--draw: cannot start umpire-draw: " + std::string(std::strerror(errno)));
    }
    if (pid == 0) {
        ::signal(SIGPIPE, SIG_DFL);  // umpire ignores it (run); the drawer is a program of its own
        ::signal(SIGXFSZ, SIG_DFL);
        ::dup2(in[1], STDIN_FILENO);
        ::dup2(out[1], STDOUT_FILENO);
        ::dup2(err[1], STDERR_FILENO);
        ::execl(drawer.c_str(), "umpire-draw", static_cast<char*>(nullptr));
        const char message[] = "umpire-draw: cannot be run\n";
        (void)!::write(STDERR_FILENO, message, sizeof message - 1);
        ::_exit(127);
    }
    ::close(in[1]);
    ::close(out[1]);
    ::close(err[1]);
    size_t done = 0;
    while (done < description.size()) {
        const ssize_t n = ::send(in[0], description.data() + done, description.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;  // the drawer stopped reading: its exit status says why
        }
        done += static_cast<size_t>(n);
    }
    ::close(in[0]);
    std::string picture;
    std::string complaint;
    const bool whole = read_all(out[0], picture, k_max_picture_bytes);
    if (!whole) {
        ::kill(pid, SIGKILL);
    }
    read_all(err[0], complaint, 4096);
    ::close(out[0]);
    ::close(err[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!whole) {
        throw usage_error("--draw: the picture is larger than " + std::to_string(k_max_picture_bytes >> 20) +
                          " MiB; nothing was written");
    }
    while (!complaint.empty() && complaint.back() == '\n') {
        complaint.pop_back();
    }
    if (WIFSIGNALED(status)) {
        throw Error(ExitCode::internal, "--draw: umpire-draw was killed by signal " + std::to_string(WTERMSIG(status)) +
                                            "; nothing was written");
    }
    const int code = WEXITSTATUS(status);
    if (code == 127) {
        throw Error(ExitCode::unavailable, "--draw: " + drawer + " cannot be run; nothing was written");
    }
    if (code != 0 || done < description.size()) {
        throw Error(code == 74 ? ExitCode::io : ExitCode::internal,
                    "--draw: " + (complaint.empty() ? "umpire-draw failed" : complaint) + "; nothing was written");
    }
    return picture;
}

}  // namespace

std::string picture_format(const std::string& file)
{
    const std::string extension = std::filesystem::path(file).extension().string();
    for (const auto format : format::k_picture_formats) {
        if (extension.size() > 1 && to_lower(extension.substr(1)) == format) {
            return std::string(format);
        }
    }
    std::vector<std::string> allowed;
    for (const auto format : format::k_picture_formats) {
        allowed.push_back("." + std::string(format));
    }
    throw usage_error("--draw: '" + file + "' is not a picture umpire draws: its name ends in " +
                      join(allowed, " or ") + " (SVG or PDF)");
}

void draw(Context& ctx, std::string_view title, const std::function<void(format::JsonWriter&)>& items)
{
    const std::string& file = ctx.options.draw;
    ctx.mark_stateful();  // it writes a file: never repeated from batch's memo
    const std::string picture =
        run_drawer(format::picture_description(picture_format(file), ctx.options.paper, title, items));
    load::replace_file(file, picture);
}

}  // namespace umpire::cli
