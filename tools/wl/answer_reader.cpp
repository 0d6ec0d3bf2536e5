#include "wl/answer_reader.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "protocol.h"

namespace wl::tools {
namespace {

// Parser.parseMoves reads pieces 0..50 and stops at piece 51.
constexpr size_t kLastPieceIndex = 50;

// WL1: the prefix of a pick answer's errors (wl1 §4.3).
constexpr std::string_view kWl1PickError = "preferred starting regions: ";

constexpr std::string_view kMoveInputIsNull = "Move input is null";
constexpr std::string_view kParseError = "Parse error: ";

// Java String.trim(): strips every char <= ' ' (0x20) at both ends.
std::string_view JavaTrim(std::string_view s) {
  auto blank = [](char c) { return static_cast<unsigned char>(c) <= 0x20; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// Java String.split(String.valueOf(sep)) with limit 0: without a separator
// the whole string (even "") is the one piece; otherwise trailing empty
// pieces are dropped, possibly all of them.
std::vector<std::string_view> JavaSplit(std::string_view s, char sep) {
  std::vector<std::string_view> pieces;
  if (s.find(sep) == std::string_view::npos) {
    pieces.push_back(s);
    return pieces;
  }
  size_t start = 0;
  while (true) {
    size_t end = s.find(sep, start);
    if (end == std::string_view::npos) {
      pieces.push_back(s.substr(start));
      break;
    }
    pieces.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  while (!pieces.empty() && pieces.back().empty()) pieces.pop_back();
  return pieces;
}

// IOPlayer.getResponse: response.equalsIgnoreCase("No moves"), for ASCII;
// WL1 compares exactly (wl1 §9.2).
bool IsNoMoves(std::string_view s, RuleSet rules = RuleSet::kWl2) {
  if (rules == RuleSet::kWl1) return s == "No moves";
  constexpr std::string_view kNoMoves = "no moves";
  if (s.size() != kNoMoves.size()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != kNoMoves[i]) return false;
  }
  return true;
}

// Where the parser's messages go: the bot's dump and the engine's stderr.
// WL2 ends each message with a line break; WL1 writes them with none
// (wl1 §13.1), so they run into each other and into the next dump entry.
class Log {
 public:
  Log(std::string& dump, std::vector<std::string>& engine_stderr, RuleSet rules)
      : dump_(dump),
        stderr_(engine_stderr),
        line_break_(rules == RuleSet::kWl1 ? "" : "\n") {}

  // Parser.errorOut: "Parse error: <msg> (<input>)", then the line break.
  void ParseError(std::string_view message, std::string_view input) {
    dump_ += kParseError;
    dump_ += message;
    dump_ += " (";
    dump_ += input;
    dump_ += ")";
    dump_ += line_break_;
  }
  // A bare message, with the line break.
  void Message(std::string_view text) {
    dump_ += text;
    dump_ += line_break_;
  }
  // Text written without a line break in every rule set.
  void Append(std::string_view text) { dump_ += text; }

  // Parser.parseRegion: the region id, or nullopt when the token is no
  // integer (logged against `input`) or no region has that id (Map.getRegion
  // prints to the engine's stderr).
  std::optional<int> ParseRegion(std::string_view token, std::string_view input,
                                 const Map& map) {
    std::optional<int> id = JavaParseInt(token);
    if (!id) {
      ParseError("Region id input incorrect", input);
      return std::nullopt;
    }
    if (!map.HasRegion(*id)) {
      stderr_.push_back("Could not find region with id " + std::to_string(*id));
      return std::nullopt;
    }
    return id;
  }

 private:
  std::string& dump_;
  std::vector<std::string>& stderr_;
  const std::string_view line_break_;
};

// The armies token of Parser.parseMove, read inside its own try block: a
// missing or non-integer token is logged, and armies keep their default of
// -1, which drops the move (as an armies token of exactly -1 does).
int ParseArmies(const std::vector<std::string_view>& tokens, size_t index,
                std::string_view piece, Log& log) {
  std::optional<int> armies;
  if (index < tokens.size()) armies = JavaParseInt(tokens[index]);
  if (!armies) {
    log.ParseError("Number of armies input incorrect", piece);
    return -1;
  }
  return *armies;
}

// Parser.parseMove on one comma piece (untrimmed, as logged). Returns false
// where Java indexes past the end of the token array: parseMoves then logs
// "Move input is null" and gives up on the rest of the line.
bool ParseMove(std::string_view piece, Player me, const Map& map, Log& log,
               std::vector<Move>& moves) {
  std::vector<std::string_view> tokens = JavaSplit(JavaTrim(piece), ' ');
  if (tokens.empty()) return false;
  if (tokens[0] != PlayerName(me)) {
    log.ParseError("Incorrect player name or move format incorrect", piece);
    return true;
  }
  if (tokens.size() < 2) return false;
  if (tokens[1] == "place_armies") {
    if (tokens.size() < 3) return false;
    std::optional<int> region = log.ParseRegion(tokens[2], piece, map);
    int armies = ParseArmies(tokens, 3, piece, log);
    if (region && armies != -1) {
      moves.push_back(Move::Place(*region, armies, me));
    }
    return true;
  }
  if (tokens[1] == "attack/transfer") {
    if (tokens.size() < 3) return false;
    std::optional<int> from = log.ParseRegion(tokens[2], piece, map);
    if (tokens.size() < 4) return false;
    std::optional<int> to = log.ParseRegion(tokens[3], piece, map);
    int armies = ParseArmies(tokens, 4, piece, log);
    if (from && to && armies != -1) {
      moves.push_back(Move::AttackTransfer(*from, *to, armies, me));
    }
    return true;
  }
  log.ParseError("Bot's move format incorrect", piece);
  return true;
}

}  // namespace

std::optional<int> JavaParseInt(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  // Accumulate the magnitude; 2^31 is allowed only for a negative number.
  const int64_t limit = negative ? int64_t{1} << 31 : (int64_t{1} << 31) - 1;
  int64_t value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
    if (value > limit) return std::nullopt;
  }
  return static_cast<int>(negative ? -value : value);
}

// Spec section 8; Parser.parseMoves (the same in WL1, wl1 §9.2).
int CountParseErrors(std::string_view dump_log) {
  int n = 0;
  for (std::string_view message : {kParseError, kMoveInputIsNull}) {
    for (size_t at = dump_log.find(message); at != std::string_view::npos;
         at = dump_log.find(message, at + 1)) {
      ++n;
    }
  }
  return n;
}

MovesAnswer ReadMovesAnswer(std::string_view answer, Player me, const Map& map,
                            RuleSet rules) {
  MovesAnswer out;
  if (IsNoMoves(answer, rules)) return out;
  std::string_view line = JavaTrim(answer);
  if (line.size() <= 1) return out;
  Log log(out.dump_log, out.engine_stderr, rules);
  std::vector<std::string_view> pieces = JavaSplit(line, ',');
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i > kLastPieceIndex) {
      log.Append(kMaxMovesMessage);  // no line break, as the engine writes it
      break;
    }
    if (!ParseMove(pieces[i], me, map, log, out.moves)) {
      log.Message(kMoveInputIsNull);
      break;
    }
  }
  return out;
}

// Spec section 4; Parser.parseStartingRegion.
PickAnswer ReadPickAnswer(std::string_view answer,
                          const std::vector<int>& remaining, const Map& map) {
  PickAnswer out;
  std::string_view input = IsNoMoves(answer) ? std::string_view() : answer;
  Log log(out.dump_log, out.engine_stderr, RuleSet::kWl2);
  std::optional<int> region = log.ParseRegion(input, input, map);
  if (!region || std::find(remaining.begin(), remaining.end(), *region) ==
                     remaining.end()) {
    log.ParseError(
        "Pick starting region: Chosen region is not in the given pickable "
        "regions list",
        input);
    return out;
  }
  out.region = region;
  return out;
}

// wl1 §4.3; Parser.parsePreferredStartingRegions of the 2014 engine.
Wl1PickAnswer ReadWl1PickAnswer(std::optional<std::string_view> answer,
                                const std::vector<int>& candidates,
                                const Map& map) {
  Wl1PickAnswer out;
  Log log(out.dump_log, out.engine_stderr, RuleSet::kWl1);
  if (!answer) {
    log.Message("Preferred starting regions input is null");
    return out;
  }
  const std::vector<std::string_view> tokens = JavaSplit(*answer, ' ');
  std::vector<int> chosen;
  for (size_t i = 0; i < static_cast<size_t>(kPreferredRegionCount); ++i) {
    if (i >= tokens.size()) {
      log.ParseError(std::string(kWl1PickError) +
                         "Player did not return enough preferred starting "
                         "regions",
                     *answer);
      return out;
    }
    std::optional<int> region = log.ParseRegion(tokens[i], *answer, map);
    if (!region || std::find(candidates.begin(), candidates.end(), *region) ==
                       candidates.end()) {
      log.ParseError(std::string(kWl1PickError) +
                         "Chosen region is not in the given pickable regions "
                         "list",
                     *answer);
      return out;
    }
    if (std::find(chosen.begin(), chosen.end(), *region) != chosen.end()) {
      log.ParseError(
          std::string(kWl1PickError) + "Same region appears more than once",
          *answer);
      return out;
    }
    chosen.push_back(*region);
  }
  out.preferences = std::move(chosen);
  return out;
}

}  // namespace wl::tools
