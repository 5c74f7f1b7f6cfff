// umpire-draw: a picture's description (draw/picture.h) on standard input, the picture
// (SVG or PDF) on standard output. umpire runs it; it is not meant to be typed. Exit 0,
// 65 for a description it cannot draw, 74 when the picture cannot be written.
#include "draw/picture.h"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

// LeakSanitizer (the sanitizer build, CI): Fontconfig, Pango, HarfBuzz and GLib keep their
// font caches and type registries for the life of a process on purpose and free none of them
// at exit. Their allocations are not umpire's leaks; without the sanitizer this is unused.
extern "C" const char* __lsan_default_suppressions()
{
    return "leak:libfontconfig.so\nleak:libpango-1.0.so\nleak:libpangoft2-1.0.so\nleak:libpangocairo-1.0.so\n"
           "leak:libharfbuzz.so\nleak:libglib-2.0.so\nleak:libgobject-2.0.so\nleak:libcairo.so\n"
           "leak:libfreetype.so\n";
}

int main()
{
    std::string description((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        const auto laid = umpire::draw::lay_out(description);
        const std::string picture =
            laid.pdf ? umpire::draw::to_pdf(laid.pages) : umpire::draw::to_svg(laid.pages.front());
        if (std::fwrite(picture.data(), 1, picture.size(), stdout) != picture.size() || std::fflush(stdout) != 0) {
            std::fprintf(stderr, "umpire-draw: cannot write the picture\n");
            return 74;
        }
    } catch (const umpire::draw::BadDocument& e) {
        std::fprintf(stderr, "umpire-draw: %s\n", e.message.c_str());
        return 65;
    }
    return 0;
}
