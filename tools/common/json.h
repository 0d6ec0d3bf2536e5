// json.h: JSON and numbers written as people read them, for every file and
// report the tools print (results lines, tables, --json of arena, profile
// and bench).
//
//   boost::json::object o{{"mean_ms", 0.034}, {"elo", -0.0}};
//   std::string text = wl::tools::PlainJson(o);  // {"mean_ms":0.034,"elo":0}
//   std::string cell = wl::tools::Fixed(-0.0004, 2);  // "0.00", never "-0.00"
//
// Boost.JSON alone writes doubles in exponent form ("3.4E-2").
#ifndef WL_TOOLS_COMMON_JSON_H_
#define WL_TOOLS_COMMON_JSON_H_

#include <string>
#include <string_view>

#include "boost/json.hpp"

namespace wl::tools {

// JSON text with every double written plainly: shortest round-trip digits
// in fixed notation, -0 as 0, NaN and infinities as null.
std::string PlainJson(const boost::json::value& v);

// printf("%.*f") without a minus sign on a value that rounds to zero.
std::string Fixed(double x, int decimals);

// `text` as a JSON number when it is a decimal integer written canonically
// ("10000"), else as a string ("varied", "010"): how a game's setting is
// stored in results and reports.
boost::json::value IntegerOrString(const std::string& text);

// Whether `bytes` is UTF-8 (RFC 3629: no overlong forms, no surrogates,
// nothing past U+10FFFF), which every JSON reader requires of a string.
bool IsUtf8(std::string_view bytes);

// Recorded bytes (a bot's answer, ...) as a member of a JSON line that any
// JSON reader reads: o[key] = the text when it is UTF-8; else
// o[key + "_base64"] = the bytes in base64 (RFC 4648 §4, padded) and no
// o[key]. RecordedBytes reads either back, byte for byte.
void SetRecordedBytes(boost::json::object& o, const std::string& key,
                      std::string_view bytes);
// o[key] when it is a string, else the bytes of o[key + "_base64"]; ""
// when neither is there (or the base64 is not base64).
std::string RecordedBytes(const boost::json::object& o, const std::string& key);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_JSON_H_
