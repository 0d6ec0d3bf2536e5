#include "sdk/colorfight/command_list.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "sdk/colorfight/py_json.h"

namespace wl::colorfight {
namespace {

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
