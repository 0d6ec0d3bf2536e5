// The shared Berlin games recorded from the official engine, played again by
// the rules core alone from their map, setup, player order and recorded
// answers (berlin §5.2 reading through wire.h's ReadAnswer, §5.3-5.8 the
// turn, §6 the results): every turn's states_pre and states_post (as
// wire.h's StateJson text), moves and spawns, then number_of_turns, scores
// and winners, must equal the recording. Skips without ../shared.
#include <boost/json.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "sdk/berlin/aggregate.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/wire.h"
#include "shared_data.h"
#include "wl/verify.h"

namespace wl::berlin {
namespace {

namespace json = boost::json;

Map LoadMap(const json::object& rep) {
  Map map;
  const json::object& infos = rep.at("infos").as_object();
  if (const auto* d = infos.if_contains("directed")) {
    map.directed = d->is_bool() && d->get_bool();
  }
  if (const auto* t = infos.if_contains("maximum_number_of_turns")) {
    if (!t->is_null()) map.maximum_number_of_turns = int(JsonToI(*t));
  }
  for (const json::value& t : rep.at("types").as_array()) {
    map.AddType(std::string(t.at("name").as_string()), JsonToI(t.at("points")),
                JsonToI(t.at("soldiers_per_turn")));
  }
  for (const json::value& n : rep.at("nodes").as_array()) {
    const std::string type(n.at("type").as_string());
    int index = -1;
    for (size_t i = 0; i < map.types.size(); ++i) {
      if (map.types[i].name == type) index = int(i);
    }
    map.AddNode(JsonToI(n.at("id")), index);
  }
  for (const json::value& p : rep.at("paths").as_array()) {
    map.AddPath(JsonToI(p.at("from")), JsonToI(p.at("to")));
  }
  return map;
}

// The recorded `turn` answers: [turn] -> (player, moves) in request order.
std::map<int64_t, std::vector<std::pair<int, std::vector<Move>>>> Answers(
    const std::filesystem::path& dir) {
  const auto text = tools::ReadGzipFile((dir / "exchanges.jsonl.gz").string());
  EXPECT_TRUE(text.ok()) << dir;
  std::map<int64_t, std::vector<std::pair<int, std::vector<Move>>>> turns;
  if (!text.ok()) return turns;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    const json::object e = json::parse(line).as_object();
    const json::object& req = e.at("request").as_object();
    if (req.at("action").as_string() != "turn") continue;
    const json::value infos = json::parse(req.at("infos").as_string());
    const json::object& resp = e.at("response").as_object();
    std::vector<Move> moves;
    const json::value* status = resp.if_contains("status");
    if (status != nullptr && JsonToI(*status) / 100 == 2) {  // berlin §2.5
      moves = ReadAnswer(resp.at("body").as_string()).moves;
    }
    turns[infos.at("current_turn").as_int64()].emplace_back(
        int(JsonToI(e.at("player_id"))), std::move(moves));
  }
  return turns;
}

void CheckTurn(const Map& map, State& s, const json::object& rec,
               const std::vector<std::pair<int, std::vector<Move>>>& asked) {
  ASSERT_EQ(StateJson(map, s), json::serialize(rec.at("states_pre")));
  std::vector<PlayerMoves> turn;
  for (const auto& [player, moves] : asked) {
    turn.push_back({player, moves.data(), int(moves.size())});
  }
  json::array moves, spawns;
  std::string post;
  ResolveTurn(
      map, s, turn.data(), int(turn.size()),
      [&](const AcceptedMove& m) {
        moves.push_back(
            json::object{{"player_id", m.player},
                         {"from", map.node(m.from).id},
                         {"to", map.node(m.to).id},
                         {"number_of_soldiers", m.number_of_soldiers}});
      },
      [&](const State& st) { post = StateJson(map, st); },
      [&](const Spawn& sp) {
        spawns.push_back(
            json::object{{"node_id", map.node(sp.node).id},
                         {"player_id", sp.player},
                         {"number_of_soldiers", sp.number_of_soldiers}});
      });
  EXPECT_EQ(json::value(moves), rec.at("moves"));
  EXPECT_EQ(post, json::serialize(rec.at("states_post")));
  EXPECT_EQ(json::value(spawns), rec.at("spawns"));
}

void CheckGame(const std::filesystem::path& dir) {
  SCOPED_TRACE(dir.string());
  const json::value game =
      json::parse(testing::ReadFile(dir / "game.json")).at("game");
  const json::value meta = json::parse(testing::ReadFile(dir / "meta.json"));
  const json::object& rep = game.at("map").at("representation").as_object();
  const Map map = LoadMap(rep);
  const int players = int(JsonToI(meta.at("number_of_players")));
  State s = State::Empty(map.size(), players);
  const json::object& setup =
      rep.at("setup").at(std::to_string(players)).as_object();
  for (const auto& [player, places] : setup) {
    for (const json::value& p : places.as_array()) {
      s.Place(map.IndexOf(JsonToI(p.at("node"))),
              int(ToI(std::string_view(player))),
              int32_t(JsonToI(p.at("number_of_soldiers"))));
    }
  }
  const auto answers = Answers(dir);
  const json::object& turns = game.at("replay").at("turns").as_object();
  while (!GameOver(map, s)) {
    const auto* rec = turns.if_contains(std::to_string(s.turn + 1));
    ASSERT_NE(rec, nullptr) << "the core plays turn " << s.turn + 1;
    const auto it = answers.find(s.turn + 1);
    ASSERT_NE(it, answers.end());
    CheckTurn(map, s, rec->as_object(), it->second);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_EQ(s.turn, JsonToI(meta.at("number_of_turns")));
  const uint32_t winners = Winners(map, s);
  for (const json::value& r : meta.at("results").as_array()) {
    const int p = int(JsonToI(r.at("player_id")));
    EXPECT_EQ(Score(map, s, p), r.at("score").to_number<double>()) << p;
    EXPECT_EQ((winners >> p & 1) != 0, r.at("winner").as_bool()) << p;
  }
}

TEST(BerlinConformanceRules, RecordedGamesPlayAgainFromTheirAnswers) {
  WL_REQUIRE_SHARED();
  const auto root = testing::SharedDir() / "berlin" / "conformance";
  if (!std::filesystem::is_directory(root)) {
    GTEST_SKIP() << root << " is absent";
  }
  int games = 0;
  for (const auto& e : std::filesystem::directory_iterator(root)) {
    if (!e.is_directory()) continue;
    CheckGame(e.path());
    ++games;
  }
  EXPECT_GE(games, 20);
}

}  // namespace
}  // namespace wl::berlin
