// py_json.cpp: Python's json.dumps and float repr (py_json.h).
#include "sdk/colorfight/py_json.h"

#include <boost/json.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace wl::colorfight {
namespace {

namespace json = boost::json;

// repr() of a finite float (py_json.h).
void AppendFiniteRepr(double v, std::string* out) {
  char buf[40];
  const auto r =
      std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view sci(buf, r.ptr - buf);  // [-]d[.ddd]e[+-]xx
  if (sci.front() == '-') {
    out->push_back('-');
    sci.remove_prefix(1);
  }
  const size_t e = sci.find('e');
  std::string digits(1, sci[0]);
  if (e > 1) digits.append(sci.substr(2, e - 2));
  int exponent = 0;
  std::from_chars(sci.data() + e + (sci[e + 1] == '+' ? 2 : 1),
                  sci.data() + sci.size(), exponent);
  const int n = static_cast<int>(digits.size());
  const int point = exponent + 1;  // digits before the decimal point
  if (point > 16 || point < -3) {
    out->push_back(digits[0]);
    if (n > 1) out->append(".").append(digits, 1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+',
                  exponent < 0 ? -exponent : exponent);
    out->append(exp);
  } else if (point <= 0) {
    out->append("0.").append(-point, '0').append(digits);
  } else if (point >= n) {
    out->append(digits).append(point - n, '0').append(".0");
  } else {
    out->append(digits, 0, point).append(".").append(digits, point);
  }
}

}  // namespace

std::string PyFloatRepr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string text;
  AppendFiniteRepr(v, &text);
  return text;
}

void AppendPyJsonFloat(double v, std::string* out) {
  if (std::isnan(v)) return out->append("NaN"), void();
  if (std::isinf(v))
    return out->append(v > 0 ? "Infinity" : "-Infinity"), void();
  AppendFiniteRepr(v, out);
}

void AppendPyJsonString(std::string_view text, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  const auto escape = [&](uint32_t unit) {
    char buf[6] = {'\\',
                   'u',
                   kHex[(unit >> 12) & 15],
                   kHex[(unit >> 8) & 15],
                   kHex[(unit >> 4) & 15],
                   kHex[unit & 15]};
    out->append(buf, 6);
  };
  out->push_back('"');
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      if (c == '"' || c == '\\') out->push_back('\\');
      out->push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (c < 0x80) {
      const char* named = c == '\n'   ? "\\n"
                          : c == '\r' ? "\\r"
                          : c == '\t' ? "\\t"
                          : c == '\b' ? "\\b"
                          : c == '\f' ? "\\f"
                                      : nullptr;
      named != nullptr ? out->append(named), void() : escape(c);
      ++i;
      continue;
    }
    // A UTF-8 sequence; an invalid byte comes out as U+FFFD.
    const int length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    uint32_t code = length == 4 ? c & 7u : length == 3 ? c & 15u : c & 31u;
    bool valid = length > 1 && i + length <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      const unsigned char next = static_cast<unsigned char>(text[i + k]);
      valid = (next & 0xc0) == 0x80;
      code = code << 6 | (next & 0x3fu);
    }
    if (!valid || code > 0x10ffff) {
      escape(0xfffd);
      ++i;
      continue;
    }
    if (code >= 0x10000) {
      escape(0xd800 + ((code - 0x10000) >> 10));
      escape(0xdc00 + ((code - 0x10000) & 0x3ff));
    } else {
      escape(code);
    }
    i += length;
  }
  out->push_back('"');
}

void AppendPyJson(const json::value& v, std::string* out) {
  switch (v.kind()) {
    case json::kind::null:
      out->append("null");
      break;
    case json::kind::bool_:
      out->append(v.get_bool() ? "true" : "false");
      break;
    case json::kind::int64:
      out->append(std::to_string(v.get_int64()));
      break;
    case json::kind::uint64:
      out->append(std::to_string(v.get_uint64()));
      break;
    case json::kind::double_:
      AppendPyJsonFloat(v.get_double(), out);
      break;
    case json::kind::string:
      AppendPyJsonString(v.get_string(), out);
      break;
    case json::kind::array: {
      out->push_back('[');
      bool first = true;
      for (const json::value& e : v.get_array()) {
        if (!first) out->append(", ");
        first = false;
        AppendPyJson(e, out);
      }
      out->push_back(']');
      break;
    }
    case json::kind::object: {
      out->push_back('{');
      bool first = true;
      for (const auto& [key, value] : v.get_object()) {
        if (!first) out->append(", ");
        first = false;
        AppendPyJsonString(key, out);
        out->append(": ");
        AppendPyJson(value, out);
      }
      out->push_back('}');
      break;
    }
  }
}

std::string PyJson(const json::value& v) {
  std::string text;
  AppendPyJson(v, &text);
  return text;
}

}  // namespace wl::colorfight
