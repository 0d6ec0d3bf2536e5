#include "colorfight/room_config.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "sdk/colorfight/py_json.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

// The shortest round-trip digits of a finite positive double and the
// position of the decimal point: value = 0.DIGITS x 10^decpt.
void ShortestDigits(double value, std::string* digits, int* decpt) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value,
                                    std::chars_format::scientific);
  const std::string text(buffer, result.ptr);  // d[.ddd]e[+-]XX
  const size_t e = text.find('e');
  digits->clear();
  for (size_t i = 0; i < e; ++i) {
    if (text[i] != '.') digits->push_back(text[i]);
  }
  *decpt = std::atoi(text.c_str() + e + 1) + 1;
}

// Fixed notation of DIGITS with the point at decpt, always with a
// fraction (".0" when integral).
std::string Fixed(const std::string& digits, int decpt) {
  if (decpt <= 0) return "0." + std::string(-decpt, '0') + digits;
  if (decpt >= static_cast<int>(digits.size())) {
    return digits + std::string(decpt - digits.size(), '0') + ".0";
  }
  return digits.substr(0, decpt) + "." + digits.substr(decpt);
}

// d[.ddd]e<exp> with the exponent as `exp_text` gives it.
std::string Scientific(const std::string& digits, const std::string& exp) {
  std::string s = digits.substr(0, 1);
  if (digits.size() > 1) s += "." + digits.substr(1);
  return s + "e" + exp;
}

// ryu's notation: fixed when -5 < decpt <= 16, else an exponent without
// '+' or padding (Python's repr differs: sdk/colorfight/py_json.h).
std::string OrjsonFloatText(double value) {
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  const std::string sign = value < 0 ? "-" : "";
  std::string digits;
  int decpt = 0;
  ShortestDigits(std::abs(value), &digits, &decpt);
  if (decpt > -5 && decpt <= 16) return sign + Fixed(digits, decpt);
  return sign + Scientific(digits, std::to_string(decpt - 1));
}

std::string IntText(double value) {
  return std::to_string(static_cast<long long>(value));
}

// A JSON int or float, not a bool (Boost.JSON keeps bools apart).
bool AsNumber(const json::value& v, PyNumber* out) {
  if (v.is_int64()) {
    *out = {static_cast<double>(v.get_int64()), false};
  } else if (v.is_uint64()) {
    *out = {static_cast<double>(v.get_uint64()), false};
  } else if (v.is_double()) {
    *out = {v.get_double(), true};
  } else {
    return false;
  }
  return true;
}

bool InRange(const PyNumber& n, double low, double high) {
  return n.value >= low && n.value <= high;
}

// Python's `v == True or v == False`: bools and the numbers 0 and 1.
bool AsBool(const json::value& v, bool* out) {
  PyNumber n;
  if (v.is_bool()) {
    *out = v.get_bool();
  } else if (AsNumber(v, &n) && (n.value == 0 || n.value == 1)) {
    *out = n.value == 1;
  } else {
    return false;
  }
  return true;
}

// One field checked and applied to `c`; false if its value is invalid.
bool ApplyField(std::string_view key, const json::value& v,
                ColorfightRoomConfig& c) {
  PyNumber n;
  if (key == "max_turn") {
    if (!v.is_int64() || v.get_int64() < 200 || v.get_int64() > 2000) {
      return false;
    }
    c.max_turn = static_cast<int>(v.get_int64());
  } else if (key == "max_player") {
    if (!v.is_int64()) return false;
    const int64_t p = v.get_int64();
    if (p != 2 && p != 4 && p != 8) return false;
    c.max_player = static_cast<int>(p);
  } else if (key == "round_time") {
    if (!AsNumber(v, &n) || !InRange(n, 0.2, 20)) return false;
    c.round_time = {n.value, true};
  } else if (key == "first_round_time") {
    if (v.is_string() &&
        (v.get_string() == "full" || v.get_string() == "never")) {
      c.start_rule = v.get_string() == "full"
                         ? ColorfightRoomConfig::StartRule::kFull
                         : ColorfightRoomConfig::StartRule::kNever;
    } else if (AsNumber(v, &n) && InRange(n, 0, 60)) {
      c.start_rule = ColorfightRoomConfig::StartRule::kNumber;
      c.first_round_time = n;
    } else {
      return false;
    }
  } else if (key == "finish_time") {
    if (!AsNumber(v, &n) || !InRange(n, 0, 60)) return false;
    c.finish_time = {n.value, true};
  } else if (key == "allow_join_after_start") {
    return AsBool(v, &c.allow_join_after_start);
  } else if (key == "allow_manual_mode") {
    return AsBool(v, &c.allow_manual_mode);
  } else if (key == "replay_enable") {
    if (!v.is_string()) return false;
    const json::string& s = v.get_string();
    if (s != "always" && s != "never" && s != "end") return false;
    c.replay_enable = std::string(s);
  } else if (key == "room_description") {
    if (!v.is_string() || PyLength(v.get_string()) > 500) return false;
    c.room_description = std::string(v.get_string());
  }
  return true;
}

constexpr const char* kFields[] = {
    "max_turn",          "max_player",    "round_time",
    "first_round_time",  "finish_time",   "allow_join_after_start",
    "allow_manual_mode", "replay_enable", "room_description"};

bool KnownField(std::string_view key) {
  for (const char* f : kFields) {
    if (key == f) return true;
  }
  return false;
}

}  // namespace

size_t PyLength(std::string_view utf8) {
  size_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

std::string OrjsonFloat(double value) { return OrjsonFloatText(value); }

std::string PyNumber::PyText() const {
  return is_float ? colorfight::PyFloatRepr(value) : IntText(value);
}

std::string PyNumber::OrjsonText() const {
  return is_float ? OrjsonFloat(value) : IntText(value);
}

std::string ColorfightRoomConfig::FirstRoundTimePyText() const {
  switch (start_rule) {
    case StartRule::kFull:
      return "\"full\"";
    case StartRule::kNever:
      return "\"never\"";
    default:
      return first_round_time.PyText();
  }
}

std::string ColorfightRoomConfig::FirstRoundTimeOrjsonText() const {
  return start_rule == StartRule::kNumber ? first_round_time.OrjsonText()
                                          : FirstRoundTimePyText();
}

// colorfight §2.8 presets. A named preset goes through the engine's
// config(), which stores round_time and finish_time as float(val): its
// frames show `"round_time": 1.0` (official clients read it as a double);
// "default" sets nothing, so round_time stays the int 1.
ColorfightRoomConfig ColorfightPreset(std::string_view name) {
  using Rule = ColorfightRoomConfig::StartRule;
  ColorfightRoomConfig c;
  auto set = [&c](int max_turn, Rule rule, double first, double finish,
                  int max_player, bool join, bool manual, const char* replay) {
    c.max_turn = max_turn;
    c.round_time = {1, true};
    c.start_rule = rule;
    c.first_round_time = {first, false};
    c.finish_time = {finish, true};
    c.max_player = max_player;
    c.allow_join_after_start = join;
    c.allow_manual_mode = manual;
    c.replay_enable = replay;
  };
  if (name == "official") {
    set(500, Rule::kNever, 0, 0, 8, false, false, "end");
  } else if (name == "duel") {
    set(500, Rule::kFull, 0, 30, 2, false, false, "end");
  } else if (name == "rank_2") {
    set(300, Rule::kFull, 0, 30, 2, false, false, "end");
  } else if (name == "rank_4") {
    set(400, Rule::kFull, 0, 30, 4, false, false, "end");
  } else if (name == "rank_8") {
    set(500, Rule::kFull, 0, 30, 8, false, false, "end");
  } else if (name == "test-run") {
    set(500, Rule::kFull, 0, 20, 8, false, false, "end");
  } else if (name == "constant-run") {
    set(500, Rule::kNumber, 10, 20, 8, true, true, "never");
  }
  return c;
}

std::string ApplyConfigFields(const json::object& fields,
                              ColorfightRoomConfig* config) {
  ColorfightRoomConfig c = *config;
  for (const auto& [key, value] : fields) {
    if (!KnownField(key)) return "Invalid field " + std::string(key);
    if (!ApplyField(key, value, c)) {
      if (key == "room_description") {
        return "room_description value invalid, it needs to be a string "
               "under 500 chars";
      }
      return std::string(key) + " value invalid";
    }
  }
  *config = c;
  return "";
}

}  // namespace wl::tools
