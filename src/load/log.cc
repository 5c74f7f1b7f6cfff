#include "load/log.h"

#include "util/error.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace umpire::load {

using nlohmann::json;

Expected<std::vector<std::string>> parse_json_request(std::string_view line)
{
    using Words = std::vector<std::string>;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) {
        return fail<Words>("JSON request: not valid JSON; write {\"args\": [\"check\", \"storm\"]}");
    }
    if (!j.is_object() || !j.contains("args") || !j["args"].is_array()) {
        return fail<Words>("JSON request: an object with \"args\", an array of strings, is expected");
    }
    for (const auto& [key, value] : j.items()) {
        if (key != "args") {
            return fail<Words>("JSON request: unknown key \"" + key + "\"; only \"args\" is read");
        }
    }
    Words words;
    for (const auto& a : j["args"]) {
        if (!a.is_string()) {
            return fail<Words>("JSON request: \"args\" must hold only strings; found " + a.dump());
        }
        words.push_back(a.get<std::string>());
    }
    return words;
}

std::string log_line(const std::string& time, const std::vector<std::string>& argv, std::uint32_t seed,
                     std::uint64_t position, const std::vector<std::pair<std::string, std::string>>& tables,
                     const std::string& resolution_json, const std::optional<std::string>& state_before)
{
    nlohmann::ordered_json head;
    head["time"] = time;
    head["argv"] = argv;
    head["seed"] = seed;
    head["position"] = position;
    head["tables"] = nlohmann::ordered_json::object();
    for (const auto& [id, hash] : tables) {
        head["tables"][id] = hash;
    }
    if (state_before) {
        head["state_before"] = *state_before;
    }
    // The object stays open for the resolution, written by its own formatter. A byte that
    // is not UTF-8 in a request is written as U+FFFD, so the line stays valid JSON.
    std::string line = head.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line.pop_back();
    return line + ",\"resolution\":" + resolution_json + "}\n";
}

void append_log_line(const std::string& path, const std::string& line)
{
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw io_error("{log} " + path + ": cannot open: " + std::strerror(errno));
    }
    ssize_t n;
    do {
        n = ::write(fd, line.data(), line.size());
    } while (n < 0 && errno == EINTR);
    int err = errno;
    ::close(fd);
    if (n != static_cast<ssize_t>(line.size())) {
        throw io_error("{log} " + path + ": cannot write: " + std::strerror(n < 0 ? err : ENOSPC));
    }
}

Expected<LogEntry> parse_log_line(std::string_view line)
{
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return fail<LogEntry>("not a JSON object");
    }
    LogEntry e;
    try {
        for (const auto& a : j.at("argv")) {
            e.argv.push_back(a.get<std::string>());
        }
        e.seed = j.at("seed").get<std::uint32_t>();
        e.position = j.at("position").get<std::uint64_t>();
        for (const auto& [id, hash] : j.at("tables").items()) {
            e.tables.emplace_back(id, hash.get<std::string>());
        }
        e.resolution = j.at("resolution").dump();
        if (j.contains("state_before")) {
            e.state_before = j.at("state_before").get<std::string>();
        }
    } catch (const json::exception& ex) {
        return fail<LogEntry>(std::string("not an umpire log line: ") + ex.what());
    }
    return e;
}

std::string resolution_difference(std::string_view logged, std::string_view now)
{
    json a = json::parse(logged, nullptr, false);
    json b = json::parse(now, nullptr, false);
    if (a.is_discarded() || b.is_discarded()) {
        return "unreadable resolution";
    }
    std::string out;
    for (const char* key : {"command", "rolls", "result", "results"}) {
        json x = a.value(key, json());
        json y = b.value(key, json());
        if (x != y) {
            if (!out.empty()) {
                out += "; ";
            }
            if (std::string(key) == "result" && x.is_object() && y.is_object() &&
                x.value("code", "") != y.value("code", "")) {
                out += "result was " + x.value("code", "") + ", now " + y.value("code", "");
            } else {
                out += std::string(key) + " differ";
            }
        }
    }
    return out;
}

}  // namespace umpire::load
