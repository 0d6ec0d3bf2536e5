// answer_reader.h: reads a bot's answer line exactly as the official engine
// does (spec section 8; Parser.parseMoves / parseStartingRegion of the 2015
// engine), including every message it writes to the bot's dump and to its
// own stderr.
//
//   wl::tools::MovesAnswer a = wl::tools::ReadMovesAnswer(
//       "player1 place_armies 3 5, player1 attack/transfer 3 7 4",
//       wl::Player::kPlayer1, map);
//   queue(a.moves);               // in order, player set to kPlayer1
//   dump += a.dump_log;           // right after `Output from your bot: "..."`
//   for (const std::string& s : a.engine_stderr) stderr_file << s << "\n";
//
//   wl::tools::PickAnswer p =
//       wl::tools::ReadPickAnswer("13", {4, 8, 13}, map);
//   if (!p.region) { /* the engine draws a random fallback pick */ }
//
// The quirks reproduced (conformance notes, section 4): the whole line is
// trimmed Java-style, split on ',' with trailing empty pieces dropped; only
// pieces 0..50 are read, then "Maximum number of moves reached, max 50 moves
// are allowed" is logged WITHOUT a line break (it glues onto the next dump
// text); each piece is trimmed and split on single spaces; a missing token
// logs the bare "Move input is null" and ends the line; unknown region ids
// and armies of exactly -1 drop the move silently. Parse errors show the
// untrimmed piece. Nothing throws; any input is safe.
//
// WL1 (wl1 §9.2, §4.3) reads moves the same way, but only the exact line
// "No moves" is no moves, and its messages have no line breaks at all; its
// pick answer is a list of 6 preferences:
//   wl::tools::MovesAnswer a = wl::tools::ReadMovesAnswer(
//       line, wl::Player::kPlayer1, map, wl::RuleSet::kWl1);
//   wl::tools::Wl1PickAnswer p =
//       wl::tools::ReadWl1PickAnswer("4 1 10 11 17 19", candidates, map);
#ifndef WL_TOOLS_WL_ANSWER_READER_H_
#define WL_TOOLS_WL_ANSWER_READER_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "map.h"
#include "orders.h"
#include "rule_set.h"

namespace wl::tools {

// Logged when a line holds more than 51 pieces. The engine writes it
// without a trailing "\n".
inline constexpr std::string_view kMaxMovesMessage =
    "Maximum number of moves reached, max 50 moves are allowed";

struct MovesAnswer {
  // The moves the engine queues, in order, each with player set to `me`.
  // Armies below 1 (other than -1) are kept: they become illegal moves later.
  std::vector<Move> moves;
  // Exactly the text the engine appends to the bot's dump after the
  // `Output from your bot: "..."` line: "Parse error: <msg> (<piece>)\n"
  // lines, the bare "Move input is null\n", and kMaxMovesMessage (no "\n").
  // WL1: after the answer line, the same messages with no "\n" at all.
  std::string dump_log;
  // "Could not find region with id N" lines (no "\n"), in order.
  std::vector<std::string> engine_stderr;
};

// How many parse errors a dump_log reports: its "Parse error: " and "Move
// input is null" messages (the engines' per-bot parse_errors count).
int CountParseErrors(std::string_view dump_log);

// `answer` is the raw line the bot printed: line terminator removed, NOT
// trimmed. "No moves" in any letter case (WL1: exactly "No moves"), or an
// empty string, means no moves.
MovesAnswer ReadMovesAnswer(std::string_view answer, Player me, const Map& map,
                            RuleSet rules = RuleSet::kWl2);

struct PickAnswer {
  // Set only when the answer is a Java Integer.parseInt integer that is
  // among the remaining candidates (which are regions of the map).
  std::optional<int> region;
  // The exact parse-error text appended to the dump.
  std::string dump_log;
  // "Could not find region with id N" for an integer that is no region.
  std::vector<std::string> engine_stderr;
};

// `answer` raw, as above. For "No moves" (any case), a time-out or a killed
// bot the engine parses "": both parse errors, showing "()".
PickAnswer ReadPickAnswer(std::string_view answer,
                          const std::vector<int>& remaining, const Map& map);

struct Wl1PickAnswer {
  // The 6 preferences in order, or empty when the answer is rejected.
  std::vector<int> preferences;
  // The messages appended to the dump after the answer line, with no line
  // breaks: the parse errors of wl1 §4.3, or "Preferred starting regions
  // input is null" for no answer.
  std::string dump_log;
  // "Could not find region with id N" for integers that are no region.
  std::vector<std::string> engine_stderr;
};

// WL1's pick answer (wl1 §4.3): `answer` raw and NOT trimmed, split on
// single spaces Java-style; tokens 0..5 must be distinct candidates, later
// tokens are ignored; the first error rejects the whole answer. nullopt is
// no answer (a time-out or a dead bot).
Wl1PickAnswer ReadWl1PickAnswer(std::optional<std::string_view> answer,
                                const std::vector<int>& candidates,
                                const Map& map);

// Java Integer.parseInt: an optional '+' or '-', then one or more ASCII
// digits, the value within int32. Nothing else: no blanks, no other signs.
std::optional<int> JavaParseInt(std::string_view s);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_ANSWER_READER_H_
