// berlin_map.h: a Berlin map file as the referee loads it (berlin §4), with
// everything a game on it needs: the rules core's Map, the `map` field of
// every request (berlin §3.2), the infos values as written (berlin §3.1),
// and the starting state for each player count (berlin §4.4).
//
//   absl::StatusOr<BerlinMapFile> map = LoadBerlinMap("deployed-2");
//   if (!map.ok()) { std::cerr << map.status().message() << "\n"; }
//   absl::StatusOr<berlin::State> start = map->Setup(2);
//   berlin::InfosFields infos = map->Infos(game_id, 2);
//
// A file may hold the berlin-ai.com `/maps/:id.json` shape
// {"map":{"id","name","representation"}} or a bare representation (the
// server's .map files); a name without a file is one of the seven official
// public maps built into the tool (maps/berlin/, BuiltinBerlinMapNames()),
// with or without ".json". Loading follows the engine (berlin §4.2: to_i of
// numbers, duplicate type names, paths matched by raw numeric value, §4.4
// defaults) and rejects what would crash it, with one line naming the file
// and the fault (berlin §11): an unknown node type, a setup node not in the
// map, more than kMaxNodes nodes, duplicate node ids, a value with no to_i
// where a number belongs, armies that could overflow; and what would decide
// a game before it starts (the engine plays it, "won after 0 turns"): a
// setup that places one node twice (two players on it, or one twice), a
// negative number of soldiers, or no node for one of its players. A
// missing setup for N players is Setup(N)'s error.
#ifndef WL_TOOLS_BERLIN_BERLIN_MAP_H_
#define WL_TOOLS_BERLIN_BERLIN_MAP_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "boost/json.hpp"
#include "sdk/berlin/map.h"
#include "sdk/berlin/state.h"
#include "sdk/berlin/wire.h"

namespace wl::tools {

// One setup entry (berlin §4.4): `node` is a node index in map order.
struct BerlinPlacement {
  int player = 0;
  int node = 0;
  int32_t soldiers = 0;
};

struct BerlinMapFile {
  std::string origin;     // the file or built-in name it was loaded from
  boost::json::value id;  // as the file wrote it; null for a representation
  std::string name;       // the file's name, else infos.name, else ""
  boost::json::object representation;  // berlin §4.1, insertion order kept
  berlin::Map map;                     // berlin §4.2, defaults of §4.4
  // The `map` field of every request, exactly as the engine sends it.
  std::string map_json;
  // infos values as written (berlin §3.1), defaults applied: "25", "false".
  std::string maximum_number_of_turns_json = "100";
  std::string time_limit_per_turn_json = "1000";
  std::string directed_json = "false";
  // setup[N] in file order (each node once, each player 0..N-1 placed).
  std::map<int, std::vector<BerlinPlacement>> setups;
  // infos.number_of_players as written (informative: the engine ignores it).
  std::vector<int> listed_player_counts;

  // The player counts the referee can play here: every N from kMinPlayers
  // to kMaxPlayers with a setup (berlin §4.4), ascending.
  std::vector<int> PlayerCounts() const;
  // The state before turn 1 (berlin §4.4), or an error naming the counts
  // the map has when setup[N] is missing (berlin §11).
  absl::StatusOr<berlin::State> Setup(int players) const;
  // The infos of this map's games (berlin §3.1), with current_turn 0 and
  // player_id -1.
  berlin::InfosFields Infos(const std::string& game_id, int players) const;
};

// A file (either shape), or a built-in map's name. Errors are one line.
absl::StatusOr<BerlinMapFile> LoadBerlinMap(const std::string& path_or_name);

// The same from JSON text; `origin` names it in errors.
absl::StatusOr<BerlinMapFile> ParseBerlinMap(std::string_view text,
                                             const std::string& origin);

// A representation with the id and name it is served with (a recorded
// game.json's game.map).
absl::StatusOr<BerlinMapFile> BerlinMapFromRepresentation(
    const boost::json::object& representation, const boost::json::value& id,
    const std::string& name, const std::string& origin);

// "server-public-1" ... "deployed-4", in maps/berlin/README.md's order.
std::vector<std::string> BuiltinBerlinMapNames();

// Ruby's Float#to_s, which Rails' to_json writes (berlin §6: scores):
// 1.0, 0.3333333333333333, 1.0e+16, 1.0e-05, Infinity, -Infinity, NaN.
std::string RubyFloatText(double value);

// Rails' to_json of a JSON value (berlin §3.4): compact, keys in insertion
// order, strings as berlin::RailsString, floats as RubyFloatText (NaN and
// infinities, which JSON cannot hold, as null, like ActiveSupport).
std::string RailsJsonText(const boost::json::value& value);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_MAP_H_
