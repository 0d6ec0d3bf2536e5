// referee.h: one Berlin game played exactly as the official engine plays it
// (berlin §1, §2, §5, §6), against seats that answer requests: bots over
// HTTP (http_seat.h), bots in process through the sdk's Endpoint, or the
// recorded answers of an official game (verify).
//
//   BerlinMapFile map = *LoadBerlinMap("deployed-2.json");     // berlin_map.h
//   BerlinGameSpec spec;
//   spec.map = &map;
//   spec.game_id = BerlinGameId(seed);
//   spec.players = {{1, "greedy", "http://127.0.0.1:9101/", &seat1},
//                   {0, "random", "http://127.0.0.1:9100/", &seat0}};
//   BerlinRecord record = RefereeGame(spec);
//   // record.exchanges, record.replay_json, record.results
//
// Requests of one phase go to every asked seat at once, in iteration order
// (berlin §2.1), each on its own thread; the referee waits for all. Where it
// departs from the engine, it does what berlin §11 asks (see berlin_map.h
// for maps, and RefereeGame below).
#ifndef WL_TOOLS_BERLIN_REFEREE_H_
#define WL_TOOLS_BERLIN_REFEREE_H_

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "berlin/berlin_map.h"
#include "sdk/berlin/wire.h"

namespace wl::tools {

// A seat's answer to one request, as the referee saw it.
struct BerlinAnswer {
  enum class Kind {
    kAnswered,  // an HTTP status and a body (any status)
    kTimedOut,  // no whole answer within the time limit
    kFailed,    // connection refused or reset, bad HTTP, answer too large
  };
  Kind kind = Kind::kAnswered;
  int status = 200;
  std::string body;
  std::string error;  // kFailed/kTimedOut: one line ("connection refused")
  double elapsed_ms = 0;
  // berlin §2.5: a transfer that completed with a 2xx status.
  bool Success() const { return kind == Kind::kAnswered && status / 100 == 2; }
};

class BerlinSeat {
 public:
  virtual ~BerlinSeat() = default;
  // One request; `timeout_ms` is what the referee allows (0: no limit).
  // Called from the referee's threads, one request at a time per seat.
  virtual BerlinAnswer Ask(const berlin::RequestFields& request,
                           int64_t timeout_ms) = 0;
};

// One player, in the engine's iteration order (berlin §1.2).
struct BerlinPlayer {
  int player_id = 0;
  std::string name;  // the BOT argument (replay's artificial_intelligences)
  std::string url;   // where it is asked (exchanges, replay)
  BerlinSeat* seat = nullptr;
};

struct BerlinGameSpec {
  const BerlinMapFile* map = nullptr;
  std::string game_id;  // infos.game_id
  std::vector<BerlinPlayer> players;
  // The turn time limit in ms (berlin §2.4); 0: the map's
  // time_limit_per_turn. When set, the requests' infos.time_limit_per_turn
  // and the exchanges' timeout_option say it too (berlin §11: the limit
  // enforced is the one the bots are told, so the sdk answers in time).
  int64_t turn_limit_ms = 0;
  int64_t game_start_limit_ms = 30000;  // berlin §2.4
  int64_t game_over_limit_ms = 5000;
};

// One request and its answer (exchanges.jsonl: the conformance format).
struct BerlinExchange {
  int seq = 0;
  int player_id = 0;
  std::string url;
  int64_t timeout_option = 0;  // 30000, time_limit_per_turn, 5000 (§2.4)
  berlin::RequestFields request;
  BerlinAnswer answer;
  berlin::AnswerReading reading;  // turn answers that were a success
};

struct BerlinResult {
  int player_id = 0;
  double score = 0;  // berlin §6 (may be ±inf: written as a string, §11)
  bool winner = false;
};

// How one seat's requests went (result.json), counted over its exchanges.
struct BerlinSeatStats {
  int player_id = 0;
  int requests = 0;
  int timeouts = 0;        // kTimedOut (any action)
  int failed_answers = 0;  // kFailed, or a status that is not 2xx
  // turn answers that were a success (berlin §2.5) but gave no moves as
  // written: not JSON, or not an array (berlin §5.2 item 5)
  int unreadable_answers = 0;
  int cut_short_answers = 0;  // a bad element ended the reading (§5.2.4)
  int moves_sent = 0;         // aggregated moves read (berlin §5.2)
  int rejected_moves = 0;     // of those, dropped by validation (§5.3)
  double time_used_ms = 0;    // summed over its turn answers
};

struct BerlinRecord {
  std::vector<BerlinExchange> exchanges;
  // {"infos":{...},"turns":{"1":{...},...}}: the engine's replay text.
  std::string replay_json;
  int number_of_turns = 0;
  std::vector<BerlinResult> results;   // in player_id order
  std::vector<BerlinSeatStats> stats;  // in player_id order
  // A game_start that failed (berlin §2.5, §11): one line per player, in
  // iteration order ("player 1 (random): timed out"). The game is played on
  // without asking them for turns: they make no moves (their soldiers stay)
  // but still get game_over.
  std::vector<std::string> start_failures;
  std::chrono::system_clock::time_point time_start, time_end;
};

// Plays the game to its end (berlin §1.3-1.5, §5, §6). `spec.map` must hold
// a setup for players.size() players (BerlinMapFile::Setup; checked by the
// caller, which reports it): otherwise std::invalid_argument. An answer that
// comes later than its limit (measured here too) counts as a time-out
// (berlin §2.4); a seat that throws has failed.
BerlinRecord RefereeGame(const BerlinGameSpec& spec);

// A uuid v1-shaped game id made from `seed` alone (berlin §1.2).
std::string BerlinGameId(uint64_t seed);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_REFEREE_H_
