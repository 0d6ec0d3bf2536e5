#include "sdk/colorfight/command_list.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace wl::colorfight {
namespace {

// Python's repr() of a float: the shortest round-trip digits, fixed
// notation when the decimal point falls within 16 digits (then with ".0"
// if integral), else d.ddde+XX.
std::string PyFloatRepr(double v) {
  if (v != v) return "nan";
  if (v == std::numeric_limits<double>::infinity()) return "inf";
  if (v == -std::numeric_limits<double>::infinity()) return "-inf";
  char buf[64];
  const auto end =
      std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific)
          .ptr;
  std::string text(buf, end);  // [-]d[.ddd]e[+-]XX
  std::string sign;
  if (text[0] == '-') sign = "-", text.erase(0, 1);
  const size_t e = text.find('e');
  std::string digits = text.substr(0, e);
  if (digits.size() > 1) digits.erase(1, 1);  // drop the point
  const int exponent = std::atoi(text.c_str() + e + 1);
  const int decpt = exponent + 1;  // value = 0.digits x 10^decpt
  if (decpt <= -4 || decpt > 16) {
    std::string out = sign + digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    return out + exp;
  }
  if (decpt <= 0) return sign + "0." + std::string(-decpt, '0') + digits;
  if (static_cast<int>(digits.size()) <= decpt) {
    return sign + digits + std::string(decpt - digits.size(), '0') + ".0";
  }
  return sign + digits.substr(0, decpt) + "." + digits.substr(decpt);
}

// repr() of a value inside a container: strings quoted, the rest as str().
std::string PyRepr(const boost::json::value& value) {
  if (const boost::json::string* s = value.if_string()) {
    return command_internal::PyRepr(std::string_view(s->data(), s->size()),
                                    std::string::npos);
  }
  return PyStr(value);
}

}  // namespace

std::string PyStr(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null:
      return "None";
    case boost::json::kind::bool_:
      return value.get_bool() ? "True" : "False";
    case boost::json::kind::int64:
      return std::to_string(value.get_int64());
    case boost::json::kind::uint64:
      return std::to_string(value.get_uint64());
    case boost::json::kind::double_:
      return PyFloatRepr(value.get_double());
    case boost::json::kind::string:
      return std::string(value.get_string());
    case boost::json::kind::array: {
      std::string out = "[";
      for (const boost::json::value& v : value.get_array()) {
        if (out.size() > 1) out += ", ";
        out += PyRepr(v);
      }
      return out + "]";
    }
    case boost::json::kind::object: {
      std::string out = "{";
      for (const auto& [key, v] : value.get_object()) {
        if (out.size() > 1) out += ", ";
        out +=
            command_internal::PyRepr(std::string_view(key.data(), key.size()),
                                     std::string::npos) +
            ": " + PyRepr(v);
      }
      return out + "}";
    }
  }
  return "";
}

ParsedCommand ParseCommandEntry(const boost::json::value& entry) {
  if (const boost::json::string* s = entry.if_string()) {
    return ParseCommand(std::string_view(s->data(), s->size()));
  }
  return {Command{}, PyStr(entry) + " is not a command"};
}

std::vector<ParsedCommand> ParseCommandList(
    const boost::json::array& cmd_list) {
  std::vector<ParsedCommand> parsed;
  parsed.reserve(cmd_list.size());
  for (const boost::json::value& entry : cmd_list) {
    parsed.push_back(ParseCommandEntry(entry));
  }
  return parsed;
}

}  // namespace wl::colorfight
