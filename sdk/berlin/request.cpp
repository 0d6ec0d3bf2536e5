// request.h: a Berlin request, parsed and typed (berlin §3).
#include "sdk/berlin/request.h"

#include <algorithm>
#include <boost/json.hpp>
#include <limits>

namespace wl::berlin {
namespace {

namespace json = boost::json;

[[noreturn]] void Fail(const std::string& why) {
  throw BadRequest("berlin request: " + why);
}

json::value ParseField(const std::string& text, const char* field) {
  json::value v;
  if (!ParseRubyJson(text, v)) Fail(std::string("'") + field + "' is not JSON");
  return v;
}

const json::object& ObjectOf(const json::value& v, const std::string& what) {
  if (!v.is_object()) Fail(what + " is not a JSON object");
  return v.get_object();
}

const json::array& ArrayOf(const json::value& v, const std::string& what) {
  if (!v.is_array()) Fail(what + " is not a JSON array");
  return v.get_array();
}

const json::value& Need(const json::object& o, const char* key,
                        const std::string& where) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr) Fail(where + " has no '" + key + "'");
  return *v;
}

// to_i (berlin §5.2 item 2) of a value that must have one.
int64_t Integer(const json::value& v, const std::string& what) {
  bool ok = false;
  const int64_t n = JsonToI(v, &ok);
  if (!ok) Fail(what + " is not a number: " + json::serialize(v));
  return n;
}

// Integer(v) within lo..hi (rules.h's bounds), else one line quoting the
// value as given: 1e300 is "1E300", not the 2^63-1 its to_i saturates to.
int64_t IntegerIn(const json::value& v, const std::string& what, int64_t lo,
                  int64_t hi) {
  const int64_t n = Integer(v, what);
  if (n < lo || n > hi) {
    Fail(what + " " + json::serialize(v) + " is outside " + std::to_string(lo) +
         ".." + std::to_string(hi));
  }
  return n;
}

// berlin §3.1, with the map defaults of §4.2 item 4.
void ReadInfos(const json::object& infos, Request& r) {
  const json::value& id = Need(infos, "game_id", "infos");
  r.game_id =
      id.is_string() ? std::string(id.get_string()) : json::serialize(id);
  r.current_turn = IntegerIn(Need(infos, "current_turn", "infos"),
                             "infos.current_turn", 0, kMaxTurns);
  const json::value* v = infos.if_contains("maximum_number_of_turns");
  if (v != nullptr && !v->is_null()) {
    r.maximum_number_of_turns = static_cast<int>(
        IntegerIn(*v, "infos.maximum_number_of_turns", 0, kMaxTurns));
  }
  v = infos.if_contains("time_limit_per_turn");
  if (v != nullptr && !v->is_null()) {
    r.time_limit_per_turn =
        static_cast<int>(IntegerIn(*v, "infos.time_limit_per_turn", 0,
                                   std::numeric_limits<int32_t>::max()));
  }
  v = infos.if_contains("directed");  // Ruby truthiness
  r.directed =
      v != nullptr && !v->is_null() && !(v->is_bool() && !v->get_bool());
  r.number_of_players =
      static_cast<int>(IntegerIn(Need(infos, "number_of_players", "infos"),
                                 "infos.number_of_players", 1, kMaxPlayers));
  r.player_id =
      static_cast<int>(IntegerIn(Need(infos, "player_id", "infos"),
                                 "infos.player_id", 0, kMaxPlayers - 1));
}

void ReadTypes(const json::array& types, Map& map) {
  for (const json::value& t : types) {
    const json::object& o = ObjectOf(t, "a map type");
    const json::value& name = Need(o, "name", "a map type");
    if (!name.is_string()) Fail("a map type's name is not a string");
    const std::string where = "type " + json::serialize(name);
    const json::value* points = o.if_contains("points");
    const json::value* spawn = o.if_contains("soldiers_per_turn");
    map.AddType(
        std::string(name.get_string()),
        points ? IntegerIn(*points, where + " points", -kMaxPoints, kMaxPoints)
               : 0,
        spawn ? IntegerIn(*spawn, where + " soldiers_per_turn", -kMaxArmies,
                          kMaxArmies)
              : 0);
  }
}

void ReadNodes(const json::array& nodes, Map& map) {
  if (nodes.size() > static_cast<size_t>(kMaxNodes)) {
    Fail("the map has " + std::to_string(nodes.size()) + " nodes, more than " +
         std::to_string(kMaxNodes));
  }
  for (const json::value& n : nodes) {
    const json::object& o = ObjectOf(n, "a map node");
    const json::value& raw = Need(o, "id", "a map node");
    const int64_t id = Integer(raw, "a node id");
    if (!IsMapNodeId(id)) {
      Fail("node id " + json::serialize(raw) +
           " is reserved (a map id is an int64 but its two limits)");
    }
    if (map.IndexOf(id) >= 0) Fail("node id " + std::to_string(id) + " twice");
    const json::value& type = Need(o, "type", "node " + std::to_string(id));
    int index = -1;
    for (size_t i = 0; i < map.types.size(); ++i) {
      if (type.is_string() && map.types[i].name == type.get_string()) {
        index = static_cast<int>(i);
      }
    }
    if (index < 0) {
      Fail("node " + std::to_string(id) + " has an unknown type " +
           json::serialize(type));
    }
    map.AddNode(id, index);
  }
}

// berlin §3.2, §4.2: types, nodes, then the paths as listed.
void ReadMap(const json::object& m, Request& r) {
  r.map.directed = r.directed;
  r.map.maximum_number_of_turns = r.maximum_number_of_turns;
  r.map.time_limit_per_turn = r.time_limit_per_turn;
  ReadTypes(ArrayOf(Need(m, "types", "map"), "map.types"), r.map);
  ReadNodes(ArrayOf(Need(m, "nodes", "map"), "map.nodes"), r.map);
  for (const json::value& p : ArrayOf(Need(m, "paths", "map"), "map.paths")) {
    const json::object& o = ObjectOf(p, "a map path");
    const int64_t from =
        Integer(Need(o, "from", "a map path"), "a path's from");
    const int64_t to = Integer(Need(o, "to", "a map path"), "a path's to");
    r.paths.emplace_back(from, to);
    r.map.AddPath(from, to);
  }
  if (!PointsFit(r.map)) Fail("the nodes' points add up past 10^18");
}

// rules.h's kMaxArmies: the armies a state whose |counters| add up to
// `soldiers` and the spawns still to come can make (turn t is played from
// the state before it: max - t + 1 spawns; one at least, so that a
// game_over's map is checked too).
void CheckArmies(const Request& r, double soldiers) {
  const int64_t played = std::max<int64_t>(0, r.current_turn - 1);
  const double spawns = static_cast<double>(
      std::max<int64_t>(1, r.maximum_number_of_turns - played));
  if (!ArmiesFit(r.map, soldiers, spawns)) {
    Fail(
        "number_of_soldiers and soldiers_per_turn could make more than "
        "2^30 soldiers in the turns left");
  }
}

// berlin §3.3: the owner and the owner's counter per node.
void ReadState(const json::array& entries, Request& r) {
  r.state = State::Empty(r.map.size(), 0);
  int players = std::max(r.number_of_players, r.player_id + 1);
  double soldiers = 0;  // |counters| summed
  for (const json::value& e : entries) {
    const json::object& o = ObjectOf(e, "a state entry");
    const json::value& raw = Need(o, "node_id", "a state entry");
    const int node = r.map.IndexOf(Integer(raw, "a state node_id"));
    if (node < 0) {
      Fail("state node " + json::serialize(raw) + " is not in the map");
    }
    const json::value& owner = Need(o, "player_id", "a state entry");
    if (owner.is_null()) continue;  // free (berlin §3.3)
    const int64_t player =
        IntegerIn(owner, "state player_id", 0, kMaxPlayers - 1);
    const json::value* count = o.if_contains("number_of_soldiers");
    const int64_t n =
        count ? IntegerIn(*count, "number_of_soldiers", -kMaxArmies, kMaxArmies)
              : 0;
    r.state.Place(node, static_cast<int>(player), static_cast<int32_t>(n));
    soldiers += static_cast<double>(n < 0 ? -n : n);
    players = std::max(players, static_cast<int>(player) + 1);
  }
  CheckArmies(r, soldiers);
  r.state.num_players = static_cast<int8_t>(std::min(players, kMaxPlayers));
  r.state.turn = static_cast<int32_t>(r.current_turn);  // 0..kMaxTurns
}

}  // namespace

Request ParseRequest(const RequestFields& fields) {
  Request r;
  r.action = fields.action;
  ReadInfos(ObjectOf(ParseField(fields.infos, "infos"), "infos"), r);
  ReadMap(ObjectOf(ParseField(fields.map, "map"), "map"), r);
  ReadState(ArrayOf(ParseField(fields.state, "state"), "state"), r);
  return r;
}

InfosFields InfosOf(const Request& r) {
  InfosFields infos;
  infos.game_id = r.game_id;
  infos.current_turn = r.current_turn;
  infos.maximum_number_of_turns_json =
      std::to_string(r.maximum_number_of_turns);
  infos.time_limit_per_turn_json = std::to_string(r.time_limit_per_turn);
  infos.directed_json = r.directed ? "true" : "false";
  infos.number_of_players = r.number_of_players;
  infos.player_id = r.player_id;
  return infos;
}

}  // namespace wl::berlin
