#include "load/table_cache.h"

#include "load/loader.h"
#include "util/text.h"

#include <array>
#include <cerrno>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <type_traits>
#include <unistd.h>

namespace umpire::load {

namespace {

// Bumped whenever what fields() walks changes; a copy of another format or another
// umpire version is not read (it is parsed again and replaced).
constexpr std::string_view k_magic = "umpire table cache 3 " UMPIRE_VERSION "\n";

template <class T, class U>
concept bare = std::same_as<std::remove_const_t<T>, U>;

// Each struct's fields, in one order for writing and reading: a field added to a struct
// of core/table.h is added here (tests/load/table_cache_test.cc round-trips every
// shipped table through the cache, field by field, with operator==).
template <class Io, bare<core::DiceSpec> T> void fields(Io& io, T& d) { io(d.count, d.sides, d.modifier); }
template <class Io, bare<core::DieRange> T> void fields(Io& io, T& r) { io(r.lo, r.hi); }
template <class Io, bare<core::RangeCell> T> void fields(Io& io, T& c) { io(c.range, c.roll_again); }
template <class Io, bare<core::TableRow> T> void fields(Io& io, T& r)
{
    io(r.key, r.lo, r.hi, r.cells, r.numbers, r.ranges);
}
template <class Io, bare<core::SideEffects> T> void fields(Io& io, T& s) { io(s.side, s.effects); }
template <class Io, bare<core::Ratio> T> void fields(Io& io, T& r) { io(r.attack, r.defense); }
template <class Io, bare<core::CheckModifier> T> void fields(Io& io, T& m)
{
    io(m.name, m.value, m.per, m.min, m.max, m.description, m.source, m.one_of, m.at_most_one_of);
}
template <class Io, bare<core::ShiftRule> T> void fields(Io& io, T& s)
{
    io(s.name, s.columns, s.description, s.source, s.read);
}
template <class Io, bare<core::LegendEntry> T> void fields(Io& io, T& e)
{
    io(e.code, e.name, e.effects, e.by_side, e.source, e.severity, e.attacker, e.defender, e.roll_again);
}
template <class Io, bare<core::Table> T> void fields(Io& io, T& t)
{
    io(t.id, t.title, t.game, t.source, t.dice, t.modifier, t.provisional, t.notes, t.row_kind, t.row_title,
       t.column_kind, t.column_title, t.columns, t.column_values, t.column_ratios, t.clamp_below, t.clamp_above,
       t.cell_kind, t.rows, t.legend, t.constants, t.modifiers, t.shifts, t.roll_again_limit);
}

// The largest value of each enum the table holds, so a read one is never out of range.
constexpr int enum_max(core::RowKind) { return static_cast<int>(core::RowKind::label); }
constexpr int enum_max(core::ColumnKind) { return static_cast<int>(core::ColumnKind::label); }
constexpr int enum_max(core::CellKind) { return static_cast<int>(core::CellKind::range); }

template <class T> struct is_vector : std::false_type {
};
template <class T> struct is_vector<std::vector<T>> : std::true_type {
};
template <class T> struct is_optional : std::false_type {
};
template <class T> struct is_optional<std::optional<T>> : std::true_type {
};
template <class T> struct is_pair : std::false_type {
};
template <class A, class B> struct is_pair<std::pair<A, B>> : std::true_type {
};

class Writer {
public:
    template <class... T> void operator()(const T&... values) { (item(values), ...); }
    std::string bytes;

private:
    void fixed(std::uint64_t n, size_t size)
    {
        for (size_t i = 0; i < size; ++i) {
            bytes += static_cast<char>((n >> (8 * i)) & 0xFF);
        }
    }
    template <class T> void item(const T& value)
    {
        if constexpr (std::is_same_v<T, bool>) {
            fixed(value ? 1 : 0, 1);
        } else if constexpr (std::is_enum_v<T>) {
            fixed(static_cast<std::uint64_t>(value), 1);
        } else if constexpr (std::is_integral_v<T>) {
            fixed(static_cast<std::uint64_t>(static_cast<long long>(value)), sizeof(T));
        } else if constexpr (std::is_same_v<T, std::string>) {
            fixed(value.size(), 4);
            bytes += value;
        } else if constexpr (is_optional<T>::value) {
            fixed(value ? 1 : 0, 1);
            if (value) {
                item(*value);
            }
        } else if constexpr (is_vector<T>::value) {
            fixed(value.size(), 4);
            for (const auto& v : value) {
                item(v);
            }
        } else if constexpr (is_pair<T>::value) {
            item(value.first);
            item(value.second);
        } else {
            fields(*this, value);
        }
    }
};

class Reader {
public:
    explicit Reader(std::string_view bytes)
        : m_bytes(bytes)
    {
    }
    template <class... T> void operator()(T&... values) { (item(values), ...); }
    bool ok() const { return m_ok && m_at == m_bytes.size(); }

private:
    std::uint64_t fixed(size_t size)
    {
        if (!m_ok || m_bytes.size() - m_at < size) {
            m_ok = false;
            return 0;
        }
        std::uint64_t n = 0;
        for (size_t i = 0; i < size; ++i) {
            n |= static_cast<std::uint64_t>(static_cast<unsigned char>(m_bytes[m_at + i])) << (8 * i);
        }
        m_at += size;
        return n;
    }
    // A count of things each at least a byte long: never more than the bytes left.
    size_t count()
    {
        const auto n = fixed(4);
        if (n > m_bytes.size() - m_at) {
            m_ok = false;
            return 0;
        }
        return n;
    }
    template <class T> void item(T& value)
    {
        if constexpr (std::is_same_v<T, bool>) {
            const auto b = fixed(1);
            m_ok = m_ok && b <= 1;
            value = b == 1;
        } else if constexpr (std::is_enum_v<T>) {
            const auto n = fixed(1);
            m_ok = m_ok && n <= static_cast<std::uint64_t>(enum_max(T{}));
            value = static_cast<T>(m_ok ? n : 0);
        } else if constexpr (std::is_integral_v<T>) {
            const auto n = fixed(sizeof(T));
            value = static_cast<T>(static_cast<std::make_signed_t<T>>(n));
        } else if constexpr (std::is_same_v<T, std::string>) {
            const size_t n = count();
            value.assign(m_bytes.substr(m_at, n));
            m_at += n;
        } else if constexpr (is_optional<T>::value) {
            bool present = false;
            item(present);
            if (present && m_ok) {
                item(value.emplace());
            }
        } else if constexpr (is_vector<T>::value) {
            const size_t n = count();
            value.resize(n);
            for (auto& v : value) {
                if (!m_ok) {
                    return;
                }
                item(v);
            }
        } else if constexpr (is_pair<T>::value) {
            item(value.first);
            item(value.second);
        } else {
            fields(*this, value);
        }
    }

    std::string_view m_bytes;
    size_t m_at = 0;
    bool m_ok = true;
};

// What the copy ends with: a check of every byte before it (FNV-1a, 64 bits, as 16 hex
// digits), so a copy a crash left half-written is never read.
std::string check_of(std::string_view bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : bytes) {
        h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}
constexpr size_t k_check = 16;

// The copy's name in CACHE_DIR: the table's id and a hash of the file's path, so each
// file has one copy, replaced when the file changes.
std::string copy_path(const std::string& cache_dir, const std::string& path, std::string_view id)
{
    return cache_dir + "/tables/" + std::string(id) + "-" + check_of(path);
}

// What the copy starts with: the format and version, the id, and the table file's whole
// text (compared, not hashed: a few KB compare in less time than a hash takes).
std::string header(std::string_view text, std::string_view id)
{
    return std::string(k_magic) + std::string(id) + "\n" + std::to_string(text.size()) + "\n" + std::string(text);
}

std::string read_copy(const std::string& file)
{
    std::string bytes;
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return bytes;
    }
    struct stat st {};
    // a copy is about twice its table's text, and a table file is limited in size
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size < (64 << 20)) {
        bytes.resize(static_cast<size_t>(st.st_size));
        size_t got = 0;
        while (got < bytes.size()) {
            const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
            if (n <= 0) {
                break;
            }
            got += static_cast<size_t>(n);
        }
        bytes.resize(got);
    }
    ::close(fd);
    return bytes;
}

// Writes BYTES to FILE by FILE.tmp renamed over it; any failure (a read-only or full
// disk) leaves no file and says nothing. No fsync and no lock: what a crash or two
// writers at once leave torn or mixed fails the copy's check and is parsed again, and a
// killed writer's FILE.tmp is the next writer's.
void write_copy(const std::string& cache_dir, const std::string& file, const std::string& bytes)
{
    // the cache home itself too (~/.cache), as XDG asks, but nothing above it
    const std::string home = cache_dir.substr(0, cache_dir.rfind('/'));
    for (const std::string& dir : {home, cache_dir, cache_dir + "/tables"}) {
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
            return;
        }
    }
    const std::string temp = file + ".tmp";
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        return;
    }
    size_t put = 0;
    while (put < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + put, bytes.size() - put);
        if (n <= 0) {
            break;
        }
        put += static_cast<size_t>(n);
    }
    const bool closed = ::close(fd) == 0;
    if (put != bytes.size() || !closed || std::rename(temp.c_str(), file.c_str()) != 0) {
        ::unlink(temp.c_str());
    }
}

}  // namespace

std::string encode_table(const core::Table& table)
{
    Writer w;
    fields(w, table);
    return std::move(w.bytes);
}

std::optional<core::Table> decode_table(std::string_view bytes)
{
    core::Table table;
    Reader r(bytes);
    fields(r, table);
    if (!r.ok()) {
        return std::nullopt;
    }
    return table;
}

core::Table parse_table_cached(std::string_view text, const std::string& path, std::string_view id,
                               const std::string& cache_dir)
{
    if (cache_dir.empty()) {
        return parse_table(text, path, id);
    }
    const std::string file = copy_path(cache_dir, path, id);
    const std::string head = header(text, id);
    const std::string copy = read_copy(file);
    if (copy.size() > head.size() + k_check && copy.starts_with(head)) {
        const std::string_view body(copy.data(), copy.size() - k_check);
        if (check_of(body) == std::string_view(copy).substr(body.size())) {
            if (auto table = decode_table(body.substr(head.size()))) {
                table->origin = visible(path);  // as parse_table gives it
                return std::move(*table);
            }
        }
    }
    core::Table table = parse_table(text, path, id);
    std::string bytes = head + encode_table(table);
    bytes += check_of(bytes);
    write_copy(cache_dir, file, bytes);
    return table;
}

}  // namespace umpire::load
