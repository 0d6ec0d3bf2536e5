// py_json.h: Python's text for JSON values and floats, as the official
// Colorfight II server writes them (colorfight §3.1): json.dumps with its
// default ", " and ": " separators and ensure_ascii, and repr() of a float.
// The frame writer, the command list's error texts and the clone server's
// replies all use these, so a text we write is byte for byte Python's.
//
// clang-format off
//   std::string text;
//   wl::colorfight::AppendPyJson(boost::json::parse("[1.0, \"é\"]"), &text);
//   // text == "[1.0, \"\\u00e9\"]"
//   wl::colorfight::PyFloatRepr(1e16);   // "1e+16"
// clang-format on
#ifndef WL_SDK_COLORFIGHT_PY_JSON_H_
#define WL_SDK_COLORFIGHT_PY_JSON_H_

#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace wl::colorfight {

// repr(v): the shortest digits that round-trip, fixed notation when the
// decimal exponent is in [-4, 16) (integral values get ".0"), else
// d.ddde+XX; "nan", "inf", "-inf".
std::string PyFloatRepr(double v);

// json.dumps of a float: repr(v), with NaN, Infinity and -Infinity.
void AppendPyJsonFloat(double v, std::string* out);

// Appends `text` (UTF-8) as a json.dumps string literal, quotes included:
// non-ASCII as \uXXXX (surrogate pairs above the BMP), an invalid byte as
// \ufffd.
void AppendPyJsonString(std::string_view text, std::string* out);

// json.dumps of any value, keys in the object's order.
void AppendPyJson(const boost::json::value& v, std::string* out);
std::string PyJson(const boost::json::value& v);

}  // namespace wl::colorfight

#endif  // WL_SDK_COLORFIGHT_PY_JSON_H_
