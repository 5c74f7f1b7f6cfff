#pragma once
// A small expected-style result for pure parsers: a value, or a bare message that the
// caller prefixes with the place (a flag name, a file:line:col) (STYLE.md rule 6).

#include <optional>
#include <string>
#include <utility>

namespace umpire {

template <class T> class Expected {
public:
    Expected(T value)
        : m_value(std::move(value))
    {
    }
    static Expected failure(std::string message)
    {
        Expected e;
        e.m_error = std::move(message);
        return e;
    }
    explicit operator bool() const { return m_value.has_value(); }
    const T& operator*() const { return *m_value; }
    const T* operator->() const { return &*m_value; }
    const std::string& error() const { return m_error; }

private:
    Expected() = default;
    std::optional<T> m_value;
    std::string m_error;
};

template <class T> Expected<T> fail(std::string message) { return Expected<T>::failure(std::move(message)); }

}  // namespace umpire
