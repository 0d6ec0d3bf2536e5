#include "common/json.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <system_error>

namespace wl::tools {

namespace json = boost::json;

namespace {

std::string PlainNumber(double x) {
  if (!std::isfinite(x)) return "null";
  if (x == 0) return "0";  // also -0
  char buf[400];
  std::to_chars_result r =
      std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed);
  return std::string(buf, r.ptr);
}

}  // namespace

std::string PlainJson(const json::value& v) {
  switch (v.kind()) {
    case json::kind::double_:
      return PlainNumber(v.get_double());
    case json::kind::array: {
      std::string out = "[";
      for (const json::value& e : v.get_array()) {
        out += (out.size() > 1 ? "," : "") + PlainJson(e);
      }
      return out + "]";
    }
    case json::kind::object: {
      std::string out = "{";
      for (const auto& [k, e] : v.get_object()) {
        out += (out.size() > 1 ? "," : "") + json::serialize(json::string(k)) +
               ":" + PlainJson(e);
      }
      return out + "}";
    }
    default:
      return json::serialize(v);
  }
}

std::string Fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  std::string s = buf;
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) {
    s.erase(0, 1);
  }
  return s;
}

json::value IntegerOrString(const std::string& text) {
  int64_t n = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, n);
  if (ec == std::errc() && ptr == end && std::to_string(n) == text) return n;
  return json::value(text);
}

}  // namespace wl::tools
