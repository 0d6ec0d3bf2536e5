#include "common/json.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <system_error>

#include "absl/strings/escaping.h"

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

bool IsUtf8(std::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size()) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    // The length of the sequence and the range of its second byte.
    int length = 1;
    unsigned char low = 0x80, high = 0xBF;
    if (c < 0x80) {
      ++i;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      length = 3;
      if (c == 0xE0) low = 0xA0;   // overlong
      if (c == 0xED) high = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      length = 4;
      if (c == 0xF0) low = 0x90;   // overlong
      if (c == 0xF4) high = 0x8F;  // past U+10FFFF
    } else {
      return false;  // a continuation byte, C0, C1, F5..FF
    }
    if (i + length > bytes.size()) return false;
    for (int k = 1; k < length; ++k) {
      const unsigned char b = static_cast<unsigned char>(bytes[i + k]);
      if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) {
        return false;
      }
    }
    i += length;
  }
  return true;
}

void SetRecordedBytes(json::object& o, const std::string& key,
                      std::string_view bytes) {
  if (IsUtf8(bytes)) {
    o[key] = bytes;
  } else {
    o[key + "_base64"] = absl::Base64Escape(std::string(bytes));
  }
}

std::string RecordedBytes(const json::object& o, const std::string& key) {
  if (const json::value* v = o.if_contains(key); v && v->is_string()) {
    return std::string(v->get_string());
  }
  const json::value* b = o.if_contains(key + "_base64");
  std::string bytes;
  if (b && b->is_string() &&
      absl::Base64Unescape(std::string(b->get_string()), &bytes)) {
    return bytes;
  }
  return "";
}

}  // namespace wl::tools
