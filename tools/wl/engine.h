// engine.h: one game exactly as the official engine plays it (spec sections
// 1, 3, 4, 8, 9 and 11), on the rules core with java.util.Random.
//
// The engine talks to two Seats. A Seat is a bot as the engine sees it: it
// is sent lines and asked requests. `warlight verify` plays recorded answers
// through Seats; `warlight match` plays real processes. The engine keeps the
// time banks, reads answers with the official answer reader, and writes the
// two dumps, the replay and the engine's stderr exactly as the official
// engine does.
//
//   RecordedSeat p1(...), p2(...);
//   GameRecord record = PlayGame(map, seed, p1, p2);
//   write(record->dump[0]); write(record->replay); ...
#ifndef WL_TOOLS_WL_ENGINE_H_
#define WL_TOOLS_WL_ENGINE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/seat_outcome.h"
#include "map.h"
#include "rules.h"

namespace wl::tools {

// What a bot did when asked.
struct Reply {
  bool timed_out = false;  // no answer within the time bank
  std::string line;        // the raw answer line, terminator removed
  int64_t elapsed_ms = 0;  // time taken (by this Ask or ReadNext call)
};

class Seat {
 public:
  virtual ~Seat() = default;
  // An engine line that needs no answer.
  virtual void Send(const std::string& line) = 0;
  // A request line; the bot may take up to timebank_ms to answer.
  virtual Reply Ask(const std::string& line, int64_t timebank_ms) = 0;
  // The third time-out: the bot is killed and asked nothing more.
  virtual void Kill() = 0;
  // Why the bot can no longer answer (its process ended: "exit status 1",
  // "signal 11", "closed its stdout"), or "" while it can; asked after a
  // time-out. Seats that are not processes never end.
  virtual std::string EndReason() { return ""; }
  // WL1 only (wl1 §9.1): answers are a FIFO of lines. After Ask returned an
  // empty line to a `go` request the engine reads the next queued line,
  // sending nothing, waiting at most wait_ms. Seats whose answers are not
  // lines (in process) have nothing more: a time-out.
  virtual Reply ReadNext(int64_t wait_ms) {
    (void)wait_ms;
    Reply reply;
    reply.timed_out = true;
    return reply;
  }
  // Every piece of text the engine appends to this bot's dump, as it does
  // (`warlight verify` reads WL1's recorded answers in lock-step with it).
  virtual void Dumped(std::string_view text) { (void)text; }
};

struct GameRecord {
  std::string dump[2];        // dump_player1.txt, dump_player2.txt
  std::string replay;         // replay.txt (three histories)
  std::string engine_stderr;  // "Could not find region with id N" lines
  // Dingle only: trace.jsonl, the events of the game in the format of
  // ../shared/dingle/conformance/README.md (what `warlight verify` compares).
  std::string trace;
  Outcome outcome = Outcome::kDraw;
  int rounds = 0;
  // Per player: time-outs, parse errors, time used, the kill by the third
  // time-out, a crash (crash_round 0: the draft) and the illegal moves of
  // the replay, split as rejected_moves (refused by the rules when queued:
  // not owned, not a neighbour, less than 1 army, a repeated pair, no
  // armies left to place) and failed_moves (the source "was taken this
  // round" or "has used all available armies", spec section 6). The rest
  // of SeatOutcome (common/seat_outcome.h) is the shared tools' to fill.
  SeatOutcome stats[2];
};

// The official time bank rules (spec section 9).
constexpr int64_t kTimebankMs = 10000;
constexpr int64_t kTimePerMoveMs = 500;
constexpr int kMaxTimeouts = 2;  // the third time-out kills the bot

// The time settings of a game. The defaults are the official ones; tests and
// quick experiments may shrink them (the settings lines then say so).
struct TimeRules {
  int64_t timebank_ms = kTimebankMs;
  int64_t time_per_move_ms = kTimePerMoveMs;
};

// WL1 waits at most this long for every answer; no bank (wl1 §10.1).
constexpr int64_t kWl1RequestMs = 2000;

// How a game is played: the rule set and what it leaves open.
struct GameOptions {
  RuleSet rules = RuleSet::kWl2;
  TimeRules time;  // WL2 only; WL1 is kWl1RequestMs per request
  // With record_replay false, GameRecord::replay stays empty (the arena's
  // fast path when it keeps no replays: the histories are most of the work).
  bool record_replay = true;
  // Dingle only (dingle §3): "-warlords" starts, "-manual" picks.
  bool warlords = false;
  bool manual = false;
};

// Plays one WL2 or WL1 game to its end (Dingle's: dingle_engine.h).
// Precondition: map.Validate() is "".
GameRecord PlayGame(const Map& map, int64_t seed, Seat& player1, Seat& player2,
                    const GameOptions& options);
// The WL2 game, as above.
GameRecord PlayGame(const Map& map, int64_t seed, Seat& player1, Seat& player2,
                    const TimeRules& time = TimeRules(),
                    bool record_replay = true);

// "player1 won", "player2 won" or "Nobody won".
std::string OutcomeLine(Outcome outcome);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_ENGINE_H_
