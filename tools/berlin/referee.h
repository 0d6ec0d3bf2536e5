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
  bool Success() const {
    return kind == Kind::kAnswered && status / 100 == 2;
  }
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
  // time_limit_per_turn. Requests still carry the map's value.
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

struct BerlinRecord {
  std::vector<BerlinExchange> exchanges;
  // {"infos":{...},"turns":{"1":{...},...}}: the engine's replay text.
  std::string replay_json;
  int number_of_turns = 0;
  std::vector<BerlinResult> results;  // in player_id order
  // A game_start that failed (berlin §2.5, §11): the players, by id, and why;
  // the game is then played on with them making no moves.
  std::vector<std::string> start_failures;
};

// Plays the game to its end (berlin §1.3-1.5, §5, §6).
BerlinRecord RefereeGame(const BerlinGameSpec& spec);

// A uuid v1-shaped game id made from `seed` alone (berlin §1.2).
std::string BerlinGameId(uint64_t seed);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_REFEREE_H_
