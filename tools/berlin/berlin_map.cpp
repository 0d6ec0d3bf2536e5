#include "berlin/berlin_map.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/files.h"
#include "sdk/berlin/aggregate.h"

namespace wl::maps {
// tools/berlin/berlin_maps.cmake: {name, file text} of maps/berlin/*.json.
extern const std::pair<std::string_view, std::string_view> kBerlinMaps[];
extern const int kBerlinMapCount;
}  // namespace wl::maps

namespace wl::tools {
namespace {

namespace json = boost::json;

// The most soldiers a State counter holds (int32).
constexpr int64_t kMaxSoldiers = std::numeric_limits<int32_t>::max();

absl::Status Bad(const std::string& origin, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat(origin, ": ", what));
}

// A member's to_i (missing: nil.to_i = 0), or an error naming it.
absl::Status MemberToI(const json::object& o, std::string_view key,
                       const std::string& where, const std::string& origin,
                       int64_t* out) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr) {
    *out = 0;
    return absl::OkStatus();
  }
  bool ok = true;
  *out = berlin::JsonToI(*v, &ok);
  if (ok) return absl::OkStatus();
  return Bad(origin, absl::StrCat(where, ": \"", std::string(key),
                                  "\" has no integer value (",
                                  json::serialize(*v), ")"));
}

// berlin §4.2 item 3: the node whose id equals the raw value numerically
// (1 and 1.0 match node 1; "1" matches nothing), or -1.
int MatchNode(const berlin::Map& map, const json::value& raw) {
  if (raw.is_int64()) return map.IndexOf(raw.get_int64());
  if (raw.is_double()) {
    const double d = raw.get_double();
    if (d == std::floor(d) && std::fabs(d) < 9.0e18) {
      return map.IndexOf(static_cast<int64_t>(d));
    }
  }
  return -1;
}

const json::object* ObjectAt(const json::value& v) {
  return v.is_object() ? &v.get_object() : nullptr;
}

// berlin §4.2 item 1, §3.2: types by name, then their text.
absl::Status LoadTypes(const json::object& rep, const std::string& origin,
                       berlin::Map& map) {
  const json::value* types = rep.if_contains("types");
  if (types == nullptr || !types->is_array()) {
    return Bad(origin, "the map needs a \"types\" array");
  }
  for (const json::value& t : types->get_array()) {
    const json::object* o = ObjectAt(t);
    const json::value* name = o ? o->if_contains("name") : nullptr;
    if (name == nullptr || !name->is_string()) {
      return Bad(origin, "every type needs a \"name\" string, not " +
                             json::serialize(t));
    }
    const std::string where = "type '" + std::string(name->get_string()) + "'";
    int64_t points = 0, spawn = 0;
    for (auto [key, out] : {std::pair{"points", &points},
                            std::pair{"soldiers_per_turn", &spawn}}) {
      if (absl::Status s = MemberToI(*o, key, where, origin, out); !s.ok()) {
        return s;
      }
    }
    map.AddType(std::string(name->get_string()), points, spawn);
  }
  return absl::OkStatus();
}

// berlin §4.2 item 2 and §11: nodes in file order, ids through to_i, known
// types, no duplicate ids, at most kMaxNodes.
absl::Status LoadNodes(const json::object& rep, const std::string& origin,
                       berlin::Map& map) {
  const json::value* nodes = rep.if_contains("nodes");
  if (nodes == nullptr || !nodes->is_array() || nodes->get_array().empty()) {
    return Bad(origin, "the map needs a non-empty \"nodes\" array");
  }
  if (nodes->get_array().size() > berlin::kMaxNodes) {
    return Bad(origin, absl::StrCat(nodes->get_array().size(),
                                    " nodes; the referee plays at most ",
                                    berlin::kMaxNodes));
  }
  for (const json::value& n : nodes->get_array()) {
    const json::object* o = ObjectAt(n);
    if (o == nullptr) return Bad(origin, "a node is not an object");
    int64_t id = 0;
    const std::string where = "node " + json::serialize(n);
    if (absl::Status s = MemberToI(*o, "id", where, origin, &id); !s.ok()) {
      return s;
    }
    if (!berlin::IsMapNodeId(id)) {
      return Bad(origin, absl::StrCat("node id ", json::serialize(o->at("id")),
                                      " is beyond the ids the referee holds"));
    }
    if (map.IndexOf(id) >= 0) {
      return Bad(origin, absl::StrCat("node id ", id, " appears twice"));
    }
    const json::value* type = o->if_contains("type");
    int index = -1;
    for (size_t i = 0; type && type->is_string() && i < map.types.size(); ++i) {
      if (map.types[i].name == type->get_string()) index = static_cast<int>(i);
    }
    if (index < 0) {
      return Bad(origin,
                 absl::StrCat("node ", id, " has an unknown type (",
                              type ? json::serialize(*type) : "none", ")"));
    }
    map.AddNode(id, index);
  }
  return absl::OkStatus();
}

// berlin §4.2 item 3: every path is sent (to_i of both ends); it links only
// when both raw ends match a node.
absl::Status LoadPaths(const json::object& rep, const std::string& origin,
                       berlin::Map& map,
                       std::vector<std::pair<int64_t, int64_t>>& listed) {
  const json::value* paths = rep.if_contains("paths");
  if (paths == nullptr || !paths->is_array()) {
    return Bad(origin, "the map needs a \"paths\" array");
  }
  for (const json::value& p : paths->get_array()) {
    const json::object* o = ObjectAt(p);
    if (o == nullptr) return Bad(origin, "a path is not an object");
    const std::string where = "path " + json::serialize(p);
    int64_t from = 0, to = 0;
    for (auto [key, out] : {std::pair{"from", &from}, std::pair{"to", &to}}) {
      if (absl::Status s = MemberToI(*o, key, where, origin, out); !s.ok()) {
        return s;
      }
    }
    listed.emplace_back(from, to);
    const json::value null;
    const int a = MatchNode(map, o->contains("from") ? o->at("from") : null);
    const int b = MatchNode(map, o->contains("to") ? o->at("to") : null);
    if (a >= 0 && b >= 0) map.AddPath(map.node(a).id, map.node(b).id);
  }
  return absl::OkStatus();
}

// One infos number (berlin §3.1, §4.4): the value as written, its integer
// (a fraction rounds up: that many turns are played), or the default.
absl::Status InfosNumber(const json::object& infos, std::string_view key,
                         int fallback, const std::string& origin,
                         std::string* text, int* value) {
  const json::value* v = infos.if_contains(key);
  if (v == nullptr || v->is_null()) {
    *text = std::to_string(fallback);
    *value = fallback;
    return absl::OkStatus();
  }
  const double d = v->is_number() ? v->to_number<double>() : -1;
  if (!(d >= 0 && d <= std::numeric_limits<int32_t>::max())) {
    return Bad(origin, absl::StrCat("infos.", std::string(key),
                                    " must be a number from 0 to 2^31-1, not ",
                                    json::serialize(*v)));
  }
  *text = RailsJsonText(*v);
  *value = static_cast<int>(std::ceil(d));
  return absl::OkStatus();
}

absl::Status LoadInfos(const json::object& rep, const std::string& origin,
                       BerlinMapFile& file) {
  static const json::object kNone;
  const json::value* v = rep.if_contains("infos");
  if (v != nullptr && !v->is_object() && !v->is_null()) {
    return Bad(origin, "\"infos\" must be an object");
  }
  const json::object& infos = v && v->is_object() ? v->get_object() : kNone;
  berlin::Map& map = file.map;
  if (absl::Status s = InfosNumber(infos, "maximum_number_of_turns",
                                   berlin::Map::kDefaultMaximumNumberOfTurns,
                                   origin, &file.maximum_number_of_turns_json,
                                   &map.maximum_number_of_turns);
      !s.ok()) {
    return s;
  }
  if (absl::Status s = InfosNumber(
          infos, "time_limit_per_turn", berlin::Map::kDefaultTimeLimitPerTurn,
          origin, &file.time_limit_per_turn_json, &map.time_limit_per_turn);
      !s.ok()) {
    return s;
  }
  // berlin §4.2 item 4: `directed || false`, Ruby's truthiness.
  const json::value* directed = infos.if_contains("directed");
  const bool absent = directed == nullptr || directed->is_null();
  map.directed = !absent && !(directed->is_bool() && !directed->get_bool());
  file.directed_json = absent ? "false" : RailsJsonText(*directed);
  if (const json::value* n = infos.if_contains("number_of_players");
      n && n->is_array()) {
    for (const json::value& k : n->get_array()) {
      if (k.is_int64()) {
        file.listed_player_counts.push_back(static_cast<int>(k.get_int64()));
      }
    }
  }
  return absl::OkStatus();
}

// berlin §11 (a map that would decide the game before it starts): each
// node placed once, and every player 0..n-1 given a node. `message` is
// appended to the setup's name.
absl::Status CheckPlacements(int64_t n,
                             const std::vector<BerlinPlacement>& placements,
                             const berlin::Map& map) {
  std::vector<int> owner(map.size(), -1);
  std::vector<bool> placed(static_cast<size_t>(n));
  for (const BerlinPlacement& p : placements) {
    if (owner[p.node] >= 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(" places node ", map.node(p.node).id, " twice (players ",
                       owner[p.node], " and ", p.player, ")"));
    }
    owner[p.node] = p.player;
    placed[p.player] = true;
  }
  for (size_t player = 0; player < placed.size(); ++player) {
    if (!placed[player]) {
      return absl::InvalidArgumentError(
          absl::StrCat(" gives player ", player, " no node"));
    }
  }
  return absl::OkStatus();
}

// berlin §4.4 and §11: one setup[N], every node in the map, every player
// below N, each node once, no negative soldiers.
absl::Status LoadSetup(const std::string& n_key, const json::value& players,
                       const std::string& origin, BerlinMapFile& file) {
  const int64_t n = berlin::ToI(std::string_view(n_key));
  const std::string where = "setup \"" + n_key + "\"";
  if (!players.is_object()) return Bad(origin, where + " is not an object");
  std::vector<BerlinPlacement> placements;
  for (const auto& [player_key, list] : players.get_object()) {
    const int64_t player = berlin::ToI(std::string_view(player_key));
    if (player < 0 || player >= n || player >= berlin::kMaxPlayers) {
      return Bad(origin,
                 absl::StrCat(where, " places player \"",
                              std::string(player_key), "\", not 0 to ", n - 1));
    }
    if (!list.is_array()) return Bad(origin, where + ": not a list");
    for (const json::value& entry : list.get_array()) {
      const json::object* o = ObjectAt(entry);
      const json::value null;
      const int node =
          o ? MatchNode(file.map, o->contains("node") ? o->at("node") : null)
            : -1;
      if (node < 0) {
        return Bad(origin, absl::StrCat(where, ": ", json::serialize(entry),
                                        " names a node not in the map"));
      }
      int64_t soldiers = 0;
      if (absl::Status s =
              MemberToI(*o, "number_of_soldiers", where, origin, &soldiers);
          !s.ok()) {
        return s;
      }
      if (soldiers < 0) {
        return Bad(origin, absl::StrCat(where, ": ", json::serialize(entry),
                                        " places a negative number of "
                                        "soldiers"));
      }
      if (soldiers > kMaxSoldiers) {
        return Bad(origin,
                   absl::StrCat(where, ": ",
                                json::serialize(o->at("number_of_soldiers")),
                                " soldiers is more than the referee "
                                "counts (2^31-1)"));
      }
      placements.push_back(
          {static_cast<int>(player), node, static_cast<int32_t>(soldiers)});
    }
  }
  if (n < 1 || n > berlin::kMaxPlayers) return absl::OkStatus();  // unused
  if (absl::Status s = CheckPlacements(n, placements, file.map); !s.ok()) {
    return Bad(origin, absl::StrCat(where, s.message()));
  }
  file.setups[n] = placements;
  return absl::OkStatus();
}

absl::Status LoadSetups(const json::object& rep, const std::string& origin,
                        BerlinMapFile& file) {
  const json::value* setup = rep.if_contains("setup");
  if (setup == nullptr || setup->is_null()) return absl::OkStatus();
  if (!setup->is_object()) return Bad(origin, "\"setup\" is not an object");
  for (const auto& [key, players] : setup->get_object()) {
    if (absl::Status s = LoadSetup(std::string(key), players, origin, file);
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

// The State holds int32 counters: refuse maps whose armies could outgrow
// them (berlin §11: Ruby's integers never overflow) or whose points could
// overflow a sum: sdk/berlin/rules.h's bounds, which ParseRequest applies
// to every request too, so that every bot reads what the referee sends.
absl::Status CheckMagnitudes(const BerlinMapFile& file,
                             const std::string& origin) {
  double start = 0;
  for (const auto& [n, placements] : file.setups) {
    double sum = 0;
    for (const BerlinPlacement& p : placements) sum += std::abs(p.soldiers);
    start = std::max(start, sum);
  }
  if (!berlin::ArmiesFit(file.map, start, file.map.maximum_number_of_turns) ||
      !berlin::PointsFit(file.map)) {
    return Bad(origin,
               "its soldiers or points could grow past what the referee "
               "counts (2^30 soldiers, 10^18 points)");
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<int> BerlinMapFile::PlayerCounts() const {
  std::vector<int> counts;
  for (const auto& [n, placements] : setups) {
    if (n >= berlin::kMinPlayers && n <= berlin::kMaxPlayers) {
      counts.push_back(n);
    }
  }
  return counts;
}

absl::StatusOr<berlin::State> BerlinMapFile::Setup(int players) const {
  const auto it = setups.find(players);
  if (players < berlin::kMinPlayers || players > berlin::kMaxPlayers ||
      it == setups.end()) {
    const std::vector<int> counts = PlayerCounts();
    return absl::InvalidArgumentError(absl::StrCat(
        name.empty() ? "the map" : "map '" + name + "'", " has no setup for ",
        players, " players (it plays ",
        counts.empty() ? "none" : absl::StrJoin(counts, ", "), ")"));
  }
  berlin::State s = berlin::State::Empty(map.size(), players);
  for (const BerlinPlacement& p : it->second) {
    s.Place(p.node, p.player, p.soldiers);
  }
  return s;
}

berlin::InfosFields BerlinMapFile::Infos(const std::string& game_id,
                                         int players) const {
  berlin::InfosFields infos;
  infos.game_id = game_id;
  infos.current_turn = 0;
  infos.maximum_number_of_turns_json = maximum_number_of_turns_json;
  infos.time_limit_per_turn_json = time_limit_per_turn_json;
  infos.directed_json = directed_json;
  infos.number_of_players = players;
  infos.player_id = -1;
  return infos;
}

absl::StatusOr<BerlinMapFile> BerlinMapFromRepresentation(
    const json::object& representation, const json::value& id,
    const std::string& name, const std::string& origin) {
  BerlinMapFile file;
  file.origin = origin;
  file.id = id;
  file.name = name;
  file.representation = representation;
  // Infos first: `directed` decides how paths link (berlin §7).
  std::vector<std::pair<int64_t, int64_t>> paths;
  const json::object& rep = representation;
  const std::function<absl::Status()> steps[] = {
      [&] { return LoadInfos(rep, origin, file); },
      [&] { return LoadTypes(rep, origin, file.map); },
      [&] { return LoadNodes(rep, origin, file.map); },
      [&] { return LoadPaths(rep, origin, file.map, paths); },
      [&] { return LoadSetups(rep, origin, file); },
      [&] { return CheckMagnitudes(file, origin); }};
  for (const auto& step : steps) {
    if (absl::Status s = step(); !s.ok()) return s;
  }
  file.map_json = berlin::MapJson(file.map, paths);  // berlin §3.2
  return file;
}

absl::StatusOr<BerlinMapFile> ParseBerlinMap(std::string_view text,
                                             const std::string& origin) {
  json::value v;
  if (!berlin::ParseRubyJson(text, v)) return Bad(origin, "not JSON");
  if (!v.is_object()) return Bad(origin, "not a JSON object");
  const json::object& top = v.get_object();
  // berlin §4.1: /maps/:id.json wraps the representation.
  const json::value* wrapper = top.if_contains("map");
  if (wrapper != nullptr && wrapper->is_object() &&
      wrapper->get_object().contains("representation")) {
    const json::object& m = wrapper->get_object();
    const json::value& rep = m.at("representation");
    if (!rep.is_object()) {
      return Bad(origin, "map.representation is not an object");
    }
    const json::value* name = m.if_contains("name");
    const json::value* id = m.if_contains("id");
    return BerlinMapFromRepresentation(
        rep.get_object(), id ? *id : json::value(),
        name && name->is_string() ? std::string(name->get_string()) : "",
        origin);
  }
  const json::value* infos = top.if_contains("infos");
  const json::value* name = infos && infos->is_object()
                                ? infos->get_object().if_contains("name")
                                : nullptr;
  return BerlinMapFromRepresentation(
      top, json::value(),
      name && name->is_string() ? std::string(name->get_string()) : "", origin);
}

std::vector<std::string> BuiltinBerlinMapNames() {
  std::vector<std::string> names;
  for (int i = 0; i < maps::kBerlinMapCount; ++i) {
    names.emplace_back(maps::kBerlinMaps[i].first);
  }
  return names;
}

absl::StatusOr<BerlinMapFile> LoadBerlinMap(const std::string& path_or_name) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path_or_name, ec)) {
    absl::StatusOr<std::string> text = ReadFileToString(path_or_name);
    if (!text.ok()) return text.status();
    return ParseBerlinMap(*text, path_or_name);
  }
  std::string name = path_or_name;
  if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
    name.resize(name.size() - 5);
  }
  for (int i = 0; i < maps::kBerlinMapCount; ++i) {
    if (name.find('/') == std::string::npos &&
        maps::kBerlinMaps[i].first == name) {
      return ParseBerlinMap(maps::kBerlinMaps[i].second, name);
    }
  }
  return Bad(path_or_name, "no such file, nor a built-in map (" +
                               absl::StrJoin(BuiltinBerlinMapNames(), ", ") +
                               ")");
}

std::string RubyFloatText(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  // The shortest digits that read back as `value`, and its exponent.
  char buffer[32];
  const auto result =
      std::to_chars(buffer, buffer + sizeof(buffer), std::fabs(value),
                    std::chars_format::scientific);
  const std::string text(buffer, result.ptr);
  const size_t e = text.find('e');
  std::string digits = text.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  // value = 0.<digits> * 10^decpt, as Ruby's flo_to_s names it.
  const int decpt = std::stoi(text.substr(e + 1)) + 1;
  const int n = static_cast<int>(digits.size());
  std::string out = value < 0 ? "-" : "";
  if (decpt > 0 && decpt <= std::numeric_limits<double>::digits10 + 1) {
    if (decpt >= n) {
      out += digits + std::string(decpt - n, '0') + ".0";
    } else {
      out += digits.substr(0, decpt) + "." + digits.substr(decpt);
    }
  } else if (decpt <= 0 && decpt > -4) {
    out += "0." + std::string(-decpt, '0') + digits;
  } else {
    char exponent[16];
    std::snprintf(exponent, sizeof(exponent), "e%+03d", decpt - 1);
    out +=
        digits.substr(0, 1) + "." + (n > 1 ? digits.substr(1) : "0") + exponent;
  }
  return out;
}

std::string RailsJsonText(const json::value& value) {
  switch (value.kind()) {
    case json::kind::null:
      return "null";
    case json::kind::bool_:
      return value.get_bool() ? "true" : "false";
    case json::kind::int64:
      return std::to_string(value.get_int64());
    case json::kind::uint64:
      return std::to_string(value.get_uint64());
    case json::kind::double_:
      return std::isfinite(value.get_double())
                 ? RubyFloatText(value.get_double())
                 : "null";
    case json::kind::string:
      return berlin::RailsString(value.get_string());
    case json::kind::array: {
      std::string out = "[";
      for (const json::value& v : value.get_array()) {
        if (out.size() > 1) out += ',';
        out += RailsJsonText(v);
      }
      return out + "]";
    }
    case json::kind::object: {
      std::string out = "{";
      for (const auto& [key, v] : value.get_object()) {
        if (out.size() > 1) out += ',';
        out += berlin::RailsString(key) + ":" + RailsJsonText(v);
      }
      return out + "}";
    }
  }
  return "null";
}

}  // namespace wl::tools
