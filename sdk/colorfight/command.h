// command.h: one entry of a command list, typed (colorfight §6.2), and the
// reasons a command fails, with the engine's texts.
//
// The rules core (rules.h) executes typed Commands and never allocates;
// text comes in and out here, at the edges:
//
//   ParsedCommand p = ParseCommand("a 3 4 120");
//   // p.command.kind == CommandKind::kAttack, x 3, y 4, energy 120
//   ParseCommand("a 3").error;
//   // "a 3 is a wrong command, list index out of range"
//   FailureText("u 1 1", Failure::kUpgradeEmpty);
//   // "u 1 1 failed, You can not upgrade empty cell."
//   Command::Attack(3, 4, 120);   // what bots searching the core build
//
// Parsing is Python's, as the engine does it (§6.2): str.split() on runs of
// Unicode whitespace, int() with signs, underscores, leading zeros and any
// Unicode decimal digits (Python 3.11's 4300-digit limit too); extra tokens
// ignored. Values beyond +-2^62 are clamped to +-2^62 (colorfight §11.2:
// off the map as a coordinate; as an attack's energy, rules.h refuses it).
// The error texts quote a bad token with Python's repr() (py_unicode.h).
#ifndef WL_COLORFIGHT_COMMAND_H_
#define WL_COLORFIGHT_COMMAND_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "py_unicode.h"

namespace wl::colorfight {

enum class CommandKind : int8_t { kAttack, kBuild, kUpgrade, kInvalid };

struct Command {
  CommandKind kind = CommandKind::kInvalid;
  // For kBuild: 'h', 'e', 'g' or 'f'; 0 for any other T (fails with "Not a
  // correct building" at its turn in the checks, §6.2).
  char building = 0;
  int64_t x = 0;
  int64_t y = 0;
  int64_t energy = 0;  // kAttack: E, maybe negative (colorfight §11.1)

  static Command Attack(int64_t x, int64_t y, int64_t energy) {
    return {CommandKind::kAttack, 0, x, y, energy};
  }
  static Command Build(int64_t x, int64_t y, char letter) {
    return {CommandKind::kBuild, letter, x, y, 0};
  }
  static Command Upgrade(int64_t x, int64_t y) {
    return {CommandKind::kUpgrade, 0, x, y, 0};
  }
};

struct ParsedCommand {
  Command command;    // kInvalid when the text is not a command
  std::string error;  // then the whole error entry (§6.2 steps 1-4)
};

// Why a parsed command failed when executed (colorfight §6.2 tables).
enum class Failure : int8_t {
  kNone,
  kInvalid,       // a kInvalid command: its ParsedCommand::error is the entry
  kAttackOffMap,  // Attack position is not in the map
  kAttackEnergy,  // Do not have enough energy to attack
  kAttackNoNeighbour,  // No valid surrounding cell to attack
  kBuildOffMap,        // Build position is not in the map
  kBuildNotOwn,        // You need to build on your own cell
  kBuildOccupied,      // There is a building on this cell already
  kBuildWrongType,     // Not a correct building
  kBuildGold,          // Not enough gold
  kBuildOneHome,       // You can only have one home
  kBuildNeedHome,      // You need to have a home before build other buildings
  kUpgradeOffMap,      // Upgrade position is not in the map
  kUpgradeNotOwn,      // You need to upgrade on your own cell
  kUpgradeEmpty,       // You can not upgrade empty cell
  kUpgradeMaxLevel,    // Level is already at maximum
  kUpgradeTech,        // You need to upgrade home first
  kUpgradeEnergy,      // Not enough energy
  kUpgradeGold,        // Not enough gold
};

// Integers read from commands are clamped to +-kCommandIntLimit (§11.2).
inline constexpr int64_t kCommandIntLimit = int64_t{1} << 62;

namespace command_internal {

// Python's repr() of a str (UTF-8 in and out): single quotes unless the
// text holds ' and no ", backslash escapes for \\, the quote, \t \n \r and
// non-printable characters (\xNN, \uNNNN, \UNNNNNNNN); printable non-ASCII
// kept. At most `limit` characters of the repr are kept, as "%.200R" does.
inline std::string PyRepr(std::string_view text, size_t limit) {
  const bool double_quote = text.find('\'') != std::string_view::npos &&
                            text.find('"') == std::string_view::npos;
  const char quote = double_quote ? '"' : '\'';
  std::string out(1, quote);
  size_t chars = 1;
  const auto add = [&](std::string_view piece) {
    if (chars < limit) out.append(piece), ++chars;
  };
  static constexpr char kHex[] = "0123456789abcdef";
  for (size_t pos = 0; pos < text.size() && chars < limit;) {
    const size_t begin = pos;
    char32_t c = py::NextCodePoint(text, &pos);
    const bool printable = py::IsPrintable(c);         // never an invalid byte
    if (c >= py::kInvalidByte) c -= py::kInvalidByte;  // shown as \xNN
    if (c == '\\' || c == static_cast<char32_t>(quote)) {
      const char escaped[] = {'\\', static_cast<char>(c)};
      for (char e : escaped) add(std::string_view(&e, 1));
    } else if (c == '\t' || c == '\n' || c == '\r') {
      const char e = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
      add("\\");
      add(std::string_view(&e, 1));
    } else if (printable) {
      add(text.substr(begin, pos - begin));
    } else {
      const int digits = c <= 0xFF ? 2 : c <= 0xFFFF ? 4 : 8;
      std::string escape = digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
      for (int i = digits - 1; i >= 0; --i) escape += kHex[(c >> (4 * i)) & 15];
      for (char e : escape) add(std::string_view(&e, 1));
    }
  }
  add(std::string_view(&quote, 1));
  return out;
}

// Python's int(token) in base 10 (3.11): an optional ASCII sign, Unicode
// decimal digits with single underscores between them, at most 4300
// digits. Returns "" and sets *value (clamped to +-kCommandIntLimit), or
// returns the ValueError's text.
inline std::string PyInt(std::string_view token, int64_t* value) {
  size_t pos = 0;
  bool negative = false;
  if (!token.empty() && (token[0] == '+' || token[0] == '-')) {
    negative = token[0] == '-';
    pos = 1;
  }
  int64_t magnitude = 0;
  size_t digits = 0;
  bool after_underscore = false, valid = pos < token.size();
  while (valid && pos < token.size()) {
    const char32_t c = py::NextCodePoint(token, &pos);
    const int d = py::DecimalValue(c);
    if (c == '_' && digits > 0 && !after_underscore) {
      after_underscore = true;
      continue;
    }
    valid = d >= 0;
    after_underscore = false;
    ++digits;
    magnitude = magnitude > (kCommandIntLimit - d) / 10 ? kCommandIntLimit
                                                        : magnitude * 10 + d;
  }
  if (!valid || after_underscore) {
    return "invalid literal for int() with base 10: " + PyRepr(token, 200);
  }
  if (digits > 4300) {
    return "Exceeds the limit (4300 digits) for integer string conversion: "
           "value has " +
           std::to_string(digits) +
           " digits; use sys.set_int_max_str_digits() to increase the limit";
  }
  *value = negative ? -magnitude : magnitude;
  return "";
}

// The first `max_tokens` tokens of Python's text.split(); returns how many.
inline int PySplit(std::string_view text, std::string_view* tokens,
                   int max_tokens) {
  int n = 0;
  size_t pos = 0, start = 0;
  bool in_token = false;
  while (pos < text.size() && n < max_tokens) {
    const size_t here = pos;
    const bool space = py::IsSpace(py::NextCodePoint(text, &pos));
    if (space && in_token) {
      tokens[n++] = text.substr(start, here - start);
      in_token = false;
    } else if (!space && !in_token) {
      start = here;
      in_token = true;
    }
  }
  if (in_token && n < max_tokens) tokens[n++] = text.substr(start);
  return n;
}

}  // namespace command_internal

// Parses one command string (the JSON string's value, UTF-8): colorfight
// §6.2 steps 2-6.
inline ParsedCommand ParseCommand(std::string_view text) {
  ParsedCommand parsed;
  std::string_view tokens[4];
  const int n = command_internal::PySplit(text, tokens, 4);
  const std::string cmd(text);
  if (n == 0) {
    parsed.error = cmd + " is not a command";
    return parsed;
  }
  const std::string_view type = tokens[0];
  if (type != "a" && type != "b" && type != "u") {
    parsed.error = cmd + " is a wrong command, cmd type " + std::string(type) +
                   " is invalid";
    return parsed;
  }
  // Arguments in order; the first problem wins (§6.2 step 4).
  const int ints = type == "a" ? 3 : 2;
  int64_t values[3] = {0, 0, 0};
  for (int i = 1; i <= ints; ++i) {
    if (i >= n) {
      parsed.error = cmd + " is a wrong command, list index out of range";
      return parsed;
    }
    const std::string error =
        command_internal::PyInt(tokens[i], &values[i - 1]);
    if (!error.empty()) {
      parsed.error = cmd + " is a wrong command, " + error;
      return parsed;
    }
  }
  if (type == "a") {
    parsed.command = Command::Attack(values[0], values[1], values[2]);
  } else if (type == "u") {
    parsed.command = Command::Upgrade(values[0], values[1]);
  } else if (n < 4) {
    parsed.error = cmd + " is a wrong command, list index out of range";
  } else {
    const std::string_view t = tokens[3];
    const bool known = t == "h" || t == "e" || t == "g" || t == "f";
    parsed.command = Command::Build(values[0], values[1], known ? t[0] : 0);
  }
  return parsed;
}

// The reason's text as the engine words it, without the final period.
inline const char* FailureReason(Failure failure) {
  switch (failure) {
    case Failure::kNone:
      return "";
    case Failure::kInvalid:
      return "Invalid command";
    case Failure::kAttackOffMap:
      return "Attack position is not in the map";
    case Failure::kAttackEnergy:
      return "Do not have enough energy to attack";
    case Failure::kAttackNoNeighbour:
      return "No valid surrounding cell to attack";
    case Failure::kBuildOffMap:
      return "Build position is not in the map";
    case Failure::kBuildNotOwn:
      return "You need to build on your own cell";
    case Failure::kBuildOccupied:
      return "There is a building on this cell already";
    case Failure::kBuildWrongType:
      return "Not a correct building";
    case Failure::kBuildGold:
      return "Not enough gold";
    case Failure::kBuildOneHome:
      return "You can only have one home";
    case Failure::kBuildNeedHome:
      return "You need to have a home before build other buildings";
    case Failure::kUpgradeOffMap:
      return "Upgrade position is not in the map";
    case Failure::kUpgradeNotOwn:
      return "You need to upgrade on your own cell";
    case Failure::kUpgradeEmpty:
      return "You can not upgrade empty cell";
    case Failure::kUpgradeMaxLevel:
      return "Level is already at maximum";
    case Failure::kUpgradeTech:
      return "You need to upgrade home first";
    case Failure::kUpgradeEnergy:
      return "Not enough energy";
    case Failure::kUpgradeGold:
      return "Not enough gold";
  }
  return "";
}

// The error entry of a command that parsed but failed:
// "<text> failed, <reason>." (§6.2 step 7).
inline std::string FailureText(std::string_view text, Failure failure) {
  std::string out(text);
  out += " failed, ";
  out += FailureReason(failure);
  out += '.';
  return out;
}

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_COMMAND_H_
