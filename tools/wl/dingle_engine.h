// dingle_engine.h: one game under Adam Dingle's Warlight rules
// (../shared/dingle/spec.md, "dingle §N"), on the rules core (dingle.h).
//
// Dingle's engine has only in-process Java agents; here both players are
// Seats that speak the WL protocol, extended (README "Dingle's rules"):
//
//   settings rule_set dingle             first line: the rules that follow
//   settings timebank 60000              Dingle's time per decision (§11)
//   settings time_per_move 0             no bank: every request has 60 s
//   settings max_rounds 100              -maxrounds
//   settings your_bot player1 / opponent_bot player2
//   setup_map super_regions ... / regions ...
//   setup_map neighbors 1 2 1 3 2 3 ...  the links one by one, in an order
//                                        that rebuilds every adjacency list
//                                        exactly as Dingle's (§2)
//   settings starting_regions IDS        the pickable list (all regions, or
//                                        -warlords' 6)
//   settings starting_pick_amount S      4, or 3 with -warlords
//   [-manual: pick_starting_region T IDS, asked p1, p2, p1, ...; the answer
//    is one id; one not in IDS is played as Dingle's time-out pass(): a
//    random pickable region (Dingle itself dies)]
//   setup_map opponent_starting_regions IDS
//   then every turn of the player, in Dingle's order (p1 places and moves,
//   then p2, §4):
//   settings starting_armies N           the income (3 for player1 in round 1)
//   update_map ...                       EVERY region: no fog
//   opponent_moves ...                   the opponent's executed moves of its
//                                        last turn (placements as placed)
//   go place_armies T                    answer: place_armies orders
//   go attack/transfer T                 answer: attack/transfer orders
//
// Answers are read with the official answer reader (answer_reader.h) into
// raw order lists, which the rules core validates as Dingle does (§6, §7):
// nothing is clamped or dropped on the way. An answer later than
// timeout + 150 ms is Dingle's pass() (§11). One master nextInt() is drawn
// before every request (§10), as Dingle seeds the agent's game copy.
//
// The record holds the dumps, a replay in the WL replay format (three equal,
// unfogged histories; rejected orders as "playerN illegal_move <Dingle's
// reason>"), and trace.jsonl exactly as ../shared/dingle/conformance
// records it (GameRecord::trace; only with options.record_replay). One
// event is ours, for what Dingle's recordings never hold: when pass() is
// played, {"ev":"pass","player":P,"phase":...,"reason":"timeout" or "not
// pickable","draws":[its nextInt]} stands where the answer's event
// (pick, place_orders, move_orders) would be.
//
//   absl::StatusOr<DingleMap> earth = LoadDingleMap("maps/dingle_earth.json");
//   GameOptions options;
//   options.rules = RuleSet::kDingle;
//   DingleSettings settings;
//   settings.names = earth->names;  // for the engine's messages
//   GameRecord record =
//       PlayDingleGame(earth->map, seed, p1, p2, options, settings);
//
// Agents below the protocol (DingleAgent) get the same lines and answer
// with raw orders: `warlight verify` plays recorded answers that way, with
// odd armies (0, -1) that a protocol line could not carry.
#ifndef WL_TOOLS_WL_DINGLE_ENGINE_H_
#define WL_TOOLS_WL_DINGLE_ENGINE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "dingle.h"
#include "map.h"
#include "orders.h"
#include "wl/engine.h"

namespace wl::tools {

// A Dingle map: adjacency lists in the file's order (dingle §2), and the
// region names Dingle prints (names[id], "" for id 0).
struct DingleMap {
  Map map;
  std::vector<std::string> names;
};

// Reads a map file in the JSON format of ../shared/dingle/map.json
// (maps/dingle_earth.json): checked as LoadMapFile checks it, and every
// region's adjacency list exactly as written (LoadMapFile would rebuild
// them in WL2's order). Lists that no sequence of two-way links could
// produce are an error.
absl::StatusOr<DingleMap> LoadDingleMap(const std::string& path);
// The same from the file's text (game_files.h's EarthMapJson(kDingle)).
absl::StatusOr<DingleMap> ParseDingleMapJson(std::string_view text);

// The links of `map` one by one, (a, b) with a < b, in an order that
// rebuilds every adjacency list exactly when each is added both ways
// (Map::AddLink): what the engine's neighbors line sends.
std::vector<std::pair<int, int>> LinkOrder(const Map& map);

// What a Dingle game takes beyond GameOptions.
struct DingleSettings {
  int extra[2] = {0, 0};       // the agents' "+N" (dingle §3)
  int max_rounds = 100;        // -maxrounds
  int64_t timeout_ms = 60000;  // per decision; + 150 ms grace (dingle §11)
  // Region names for the engine's messages (by id); "" or missing: the id.
  std::vector<std::string> names;
};

// An agent's answer to one request.
struct DingleAnswer {
  bool timed_out = false;  // or crashed: Dingle's pass() is played
  int64_t elapsed_ms = 0;
  // For the dump: the line the bot wrote, and the reader's messages.
  std::string line;
  std::string dump_log;
  std::vector<std::string> engine_stderr;
  int pick = 0;              // a region id, or 0 when unreadable
  std::vector<Move> orders;  // raw, in the order given
};

// What an agent is asked.
struct DingleRequest {
  const std::string& line;  // "go place_armies 60000", ...
  dingle::Phase phase;
  Player me;
  const std::vector<int>& pickable;
  const Map& map;
  int64_t timeout_ms;  // with the grace
};

// A player as the engine sees it, below the protocol.
class DingleAgent {
 public:
  virtual ~DingleAgent() = default;
  virtual void Send(const std::string& line) = 0;
  virtual DingleAnswer Ask(const DingleRequest& request) = 0;
  // As Seat::EndReason: why it can no longer answer, or "".
  virtual std::string EndReason() { return ""; }
};

// Precondition: map.Validate() is "" and options.rules is kDingle.
GameRecord PlayDingleGame(const Map& map, int64_t seed, Seat& player1,
                          Seat& player2, const GameOptions& options,
                          const DingleSettings& settings = DingleSettings());
GameRecord PlayDingleGame(const Map& map, int64_t seed, DingleAgent& player1,
                          DingleAgent& player2, const GameOptions& options,
                          const DingleSettings& settings = DingleSettings());

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_DINGLE_ENGINE_H_
