// request.h: a Berlin request, parsed and typed (berlin §3): what a bot is
// told each turn. Every request carries the whole map and state, so a
// Request alone is enough to play (berlin §2.6).
//
// The map part becomes the rules core's Map (types, nodes in map order,
// directed-aware adjacency: berlin §3.2, §4.2, §7); the state part becomes
// a State (owner and the owner's counter per node, berlin §3.3). Player ids
// are the request's integers (0 is a real player); node indexes are map
// order, node ids the map's integers.
//
//   wl::berlin::RequestFields f = wl::berlin::ReadRequestFields(t, ct, body);
//   wl::berlin::Request r = wl::berlin::ParseRequest(f);  // BadRequest
//   for (int i = 0; i < r.map.size(); ++i) {
//     if (r.state.owner[i] == r.player_id) { ... r.state.Soldiers(i) ... }
//   }
#ifndef WL_BERLIN_REQUEST_H_
#define WL_BERLIN_REQUEST_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sdk/berlin/map.h"
#include "sdk/berlin/state.h"
#include "sdk/berlin/wire.h"

namespace wl::berlin {

struct Request {
  std::string action;  // "game_start", "turn", "game_over", "ping", ...
  // infos (berlin §3.1)
  std::string game_id;
  int64_t current_turn = 0;
  int maximum_number_of_turns = Map::kDefaultMaximumNumberOfTurns;
  int time_limit_per_turn = Map::kDefaultTimeLimitPerTurn;  // ms
  bool directed = false;
  int number_of_players = 2;
  int player_id = 0;
  Map map;      // from the map field; map.directed etc. from infos
  State state;  // from the state field; state.turn = current_turn
  // The paths as listed (berlin §3.2: undirected maps list each once).
  std::vector<std::pair<int64_t, int64_t>> paths;
};

// Parses the three JSON fields (any formatting: the ping form's is
// pretty-printed). Throws BadRequest with one line naming what is wrong
// (and quoting the value as given): not JSON, a missing key, an unknown
// type, more than kMaxNodes nodes, a node id that is not a number or not
// IsMapNodeId, a duplicate node id, a state node not in the map, or a
// number outside what the rules core holds (rules.h's bounds, so that no
// bot's arithmetic on a parsed request can overflow):
//   current_turn, maximum_number_of_turns   0..kMaxTurns (10^6)
//   time_limit_per_turn                     0..2^31-1 (ms)
//   number_of_players                       1..kMaxPlayers
//   player_id (infos and state)             0..kMaxPlayers-1
//   a type's points                         -10^18..10^18, and the
//                                           nodes' |points| summed <= 10^18
//   a type's soldiers_per_turn, a node's    -2^30..2^30, and the |counters|
//   number_of_soldiers                      plus the spawns of the turns
//                                           left <= 2^30 (ArmiesFit)
// Every recorded official game is far inside them.
//
// Numbers go through to_i (berlin §5.2) like the engine's; infos'
// maximum_number_of_turns/time_limit_per_turn default to 100/1000 when
// absent or null, current_turn null is 0, `directed` is Ruby-truthy (not
// null/false). state.num_players is max(number_of_players, the highest
// player id seen + 1), at most kMaxPlayers; number_of_players keeps the
// infos value.
Request ParseRequest(const RequestFields& fields);

// The infos the request carried, for InfosJson (berlin §3.1): equal to the
// infos text whenever its values were integers and booleans.
InfosFields InfosOf(const Request& request);

}  // namespace wl::berlin

#endif  // WL_BERLIN_REQUEST_H_
