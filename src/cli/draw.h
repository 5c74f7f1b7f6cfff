#pragma once
// --draw FILE: the answer drawn as a picture (issue 28). umpire describes it
// (format/picture.h) and umpire-draw, a program of its own beside umpire, lays it out and
// writes it; FILE is written whole or not at all.

#include "cli/context.h"
#include "format/json.h"

#include <functional>
#include <string>
#include <string_view>

namespace umpire::cli {

// The format FILE's extension names (".svg", ".pdf": "svg", "pdf"); a usage error naming
// --draw and what is allowed for any other.
std::string picture_format(const std::string& file);

// The items ITEMS writes (format::table_picture and the like) drawn to --draw's file in its
// format, on --paper; TITLE is each page's foot. Errors: umpire-draw missing (69), the file
// unwritable (74, nothing written).
void draw(Context& ctx, std::string_view title, const std::function<void(format::JsonWriter&)>& items);

}  // namespace umpire::cli
