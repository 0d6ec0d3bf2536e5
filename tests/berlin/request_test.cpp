// sdk/berlin/request.h: the typed request (berlin §3). Every request of the
// 20 shared conformance games and the six captured requests parse, and the
// parsed infos, map and state written back with wire.h's InfosJson,
// MapJson and StateJson are the recorded strings byte for byte; the web
// UI's pretty-printed ping parses; bad requests are one-line BadRequests.
// The fixture tests skip without ../shared.
#include "sdk/berlin/request.h"

#include <boost/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "shared_data.h"
#include "wl/verify.h"

namespace wl::berlin {
namespace {

namespace json = boost::json;

std::filesystem::path BerlinShared() { return testing::SharedDir() / "berlin"; }

#define BERLIN_REQUIRE_SHARED()                                           \
  do {                                                                    \
    if (!std::filesystem::is_directory(BerlinShared() / "fixtures")) {    \
      GTEST_SKIP() << BerlinShared() << " is absent: skipping the tests " \
                   << "on recorded Berlin requests";                      \
    }                                                                     \
  } while (0)

RequestFields CapturedFields(int n) {
  return ReadRequestFields(
      "/", "application/x-www-form-urlencoded",
      testing::ReadFile(BerlinShared() / "fixtures" / "captured-requests" /
                        ("test" + std::to_string(n) + ".urlencoded")));
}

// The parsed request written back: the engine's own text (berlin §3.4).
void ExpectSameText(const RequestFields& f, const Request& r) {
  EXPECT_EQ(InfosJson(InfosOf(r)), f.infos);
  EXPECT_EQ(MapJson(r.map, r.paths), f.map);
  EXPECT_EQ(StateJson(r.map, r.state), f.state);
}

// Checks the parse against the JSON read independently: infos values,
// nodes in order with their types, every path's adjacency (directed-aware,
// berlin §7), every node's owner and soldiers.
void ExpectMatchesJson(const RequestFields& f, const Request& r) {
  const json::object infos = json::parse(f.infos).as_object();
  EXPECT_EQ(r.game_id, infos.at("game_id").as_string());
  EXPECT_EQ(r.current_turn, infos.at("current_turn").as_int64());
  EXPECT_EQ(r.player_id, infos.at("player_id").as_int64());
  EXPECT_EQ(r.number_of_players, infos.at("number_of_players").as_int64());
  EXPECT_EQ(r.directed, infos.at("directed").as_bool());
  EXPECT_EQ(r.state.turn, r.current_turn);
  const json::object map = json::parse(f.map).as_object();
  const json::array& nodes = map.at("nodes").as_array();
  ASSERT_EQ(r.map.size(), static_cast<int>(nodes.size()));
  for (int i = 0; i < r.map.size(); ++i) {
    EXPECT_EQ(r.map.node(i).id, nodes[i].at("id").as_int64());
    EXPECT_EQ(r.map.type_of(i).name, nodes[i].at("type").as_string());
  }
  std::set<std::pair<int64_t, int64_t>> listed;
  for (const json::value& p : map.at("paths").as_array()) {
    listed.emplace(p.at("from").as_int64(), p.at("to").as_int64());
  }
  EXPECT_EQ(r.paths.size(), map.at("paths").as_array().size());
  for (int a = 0; a < r.map.size(); ++a) {
    for (int b = 0; b < r.map.size(); ++b) {
      const auto ab = std::make_pair(r.map.node(a).id, r.map.node(b).id);
      const auto ba = std::make_pair(ab.second, ab.first);
      const bool linked =
          listed.count(ab) > 0 || (!r.directed && listed.count(ba) > 0);
      EXPECT_EQ(r.map.Adjacent(a, b), linked) << ab.first << ">" << ab.second;
    }
  }
  const json::array state = json::parse(f.state).as_array();
  ASSERT_EQ(state.size(), nodes.size());
  for (int i = 0; i < r.map.size(); ++i) {
    const json::value& owner = state[i].at("player_id");
    EXPECT_EQ(r.state.owner[i], owner.is_null() ? kFree : owner.as_int64());
    EXPECT_EQ(r.state.Soldiers(i),
              state[i].at("number_of_soldiers").as_int64());
  }
}

TEST(BerlinRequest, CapturedRequestsParse) {
  BERLIN_REQUIRE_SHARED();
  // fixtures/README.md: action, turn, player, nodes of test3..test8.
  const struct {
    const char* action;
    int turn, player, nodes;
  } expected[] = {{"game_start", 0, 0, 28}, {"ping", 0, 0, 28},
                  {"turn", 1, 1, 36},       {"turn", 11, 1, 28},
                  {"turn", 25, 0, 28},      {"turn", 7, 1, 28}};
  for (int n = 3; n <= 8; ++n) {
    SCOPED_TRACE("test" + std::to_string(n));
    const RequestFields f = CapturedFields(n);
    const Request r = ParseRequest(f);
    EXPECT_EQ(r.action, expected[n - 3].action);
    EXPECT_EQ(r.current_turn, expected[n - 3].turn);
    EXPECT_EQ(r.player_id, expected[n - 3].player);
    EXPECT_EQ(r.map.size(), expected[n - 3].nodes);
    EXPECT_EQ(r.maximum_number_of_turns, n == 5 ? 50 : 25);
    EXPECT_EQ(r.time_limit_per_turn, 5000);
    EXPECT_EQ(r.state.num_players, 2);
    ExpectMatchesJson(f, r);
    ExpectSameText(f, r);
  }
  EXPECT_EQ(ParseRequest(CapturedFields(5)).paths.size(), 40u);
  // test7: player 1 owns only node 17, with 0 soldiers, and is alive.
  const Request r7 = ParseRequest(CapturedFields(7));
  const int node17 = r7.map.IndexOf(17);
  ASSERT_GE(node17, 0);
  EXPECT_EQ(r7.state.owner[node17], 1);
  EXPECT_EQ(r7.state.Soldiers(node17), 0);
  EXPECT_TRUE(r7.state.Alive(1));
  int owned_by_1 = 0;
  for (int i = 0; i < r7.map.size(); ++i) owned_by_1 += r7.state.owner[i] == 1;
  EXPECT_EQ(owned_by_1, 1);
}

TEST(BerlinRequest, PrettyPrintedPingParses) {
  BERLIN_REQUIRE_SHARED();
  const json::object ping =
      json::parse(
          testing::ReadFile(BerlinShared() / "fixtures" / "ping-default.json"))
          .as_object();
  const RequestFields f{std::string(ping.at("action").as_string()),
                        std::string(ping.at("infos").as_string()),
                        std::string(ping.at("map").as_string()),
                        std::string(ping.at("state").as_string())};
  const Request r = ParseRequest(f);
  EXPECT_EQ(r.action, "ping");
  EXPECT_EQ(r.game_id, "7c7905c6-2423-4a91-b5e7-44ff10cddd5d");
  EXPECT_EQ(r.player_id, 1);
  EXPECT_EQ(r.maximum_number_of_turns, 10);
  EXPECT_EQ(r.number_of_players, 2);
  EXPECT_EQ(r.state.num_players, 3);  // it uses player ids 1 and 2
  EXPECT_EQ(r.map.size(), 9);
  EXPECT_EQ(r.map.types.size(), 2u);
  EXPECT_EQ(r.paths.size(), 11u);
  EXPECT_TRUE(r.map.Adjacent(r.map.IndexOf(1), r.map.IndexOf(9)));  // 9-1
  EXPECT_TRUE(r.map.Adjacent(r.map.IndexOf(2), r.map.IndexOf(7)));  // 7-2
  EXPECT_FALSE(r.map.Adjacent(r.map.IndexOf(1), r.map.IndexOf(3)));
  EXPECT_EQ(r.state.owner[0], 1);
  EXPECT_EQ(r.state.Soldiers(0), 5);
  EXPECT_EQ(r.state.owner[8], 2);
  EXPECT_EQ(r.state.owner[4], kFree);
  EXPECT_EQ(r.map.Points(0), 1);
  EXPECT_EQ(r.map.SoldiersPerTurn(1), 0);
}

// Every request of every shared conformance game (berlin conformance
// README): parsed, then written back byte for byte; its form body read
// back gives the same four fields.
TEST(BerlinRequest, EveryConformanceRequestRoundTrips) {
  BERLIN_REQUIRE_SHARED();
  const auto root = BerlinShared() / "conformance";
  int games = 0, requests = 0, directed = 0;
  for (const auto& e : std::filesystem::directory_iterator(root)) {
    if (!e.is_directory()) continue;
    SCOPED_TRACE(e.path().string());
    const auto text =
        tools::ReadGzipFile((e.path() / "exchanges.jsonl.gz").string());
    ASSERT_TRUE(text.ok()) << text.status();
    std::istringstream lines(*text);
    bool first = true;
    for (std::string line; std::getline(lines, line); ++requests) {
      const json::value exchange = json::parse(line);
      const json::object& req = exchange.at("request").as_object();
      const RequestFields f{std::string(req.at("action").as_string()),
                            std::string(req.at("infos").as_string()),
                            std::string(req.at("map").as_string()),
                            std::string(req.at("state").as_string())};
      const Request r = ParseRequest(f);
      ExpectSameText(f, r);
      EXPECT_EQ(ReadRequestFields("/", "", FormBody(f)), f);
      if (first) {
        ExpectMatchesJson(f, r);
        directed += r.directed;
        first = false;
      }
      if (::testing::Test::HasFailure()) return;
    }
    ++games;
  }
  EXPECT_GE(games, 20);
  EXPECT_GE(requests, 1500);
  EXPECT_GE(directed, 1);  // synthetic-directed-4-ways
}

// A small valid request to break one piece at a time.
struct Parts {
  std::string infos =
      R"({"game_id":"g","current_turn":3,"maximum_number_of_turns":25,)"
      R"("time_limit_per_turn":5000,"directed":false,"number_of_players":2,)"
      R"("player_id":0})";
  std::string map =
      R"({"types":[{"name":"city","points":1,"soldiers_per_turn":1}],)"
      R"("nodes":[{"id":1,"type":"city"},{"id":2,"type":"city"}],)"
      R"("paths":[{"from":1,"to":2}]})";
  std::string state = R"([{"node_id":1,"player_id":0,"number_of_soldiers":5},)"
                      R"({"node_id":2,"player_id":1,"number_of_soldiers":-2}])";
  RequestFields Fields() const { return {"turn", infos, map, state}; }
};

std::string Replace(std::string s, const std::string& from,
                    const std::string& to) {
  const size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

// The BadRequest message of `fields` ("" if it parses).
std::string ErrorOf(const RequestFields& fields) {
  try {
    ParseRequest(fields);
    return "";
  } catch (const BadRequest& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;  // one line
    return what;
  }
}

TEST(BerlinRequest, ASmallRequestParses) {
  const Request r = ParseRequest(Parts().Fields());
  EXPECT_EQ(r.state.turn, 3);
  EXPECT_EQ(r.state.Soldiers(1), -2);  // negative counters are shown
  EXPECT_EQ(r.state.owner[1], 1);
  EXPECT_TRUE(r.map.Adjacent(1, 0));
  EXPECT_EQ(r.map.maximum_number_of_turns, 25);
  // Defaults (berlin §3.1, §4.2) and Ruby-truthy directed; any spacing.
  Parts p;
  p.infos = R"({ "game_id" : "g", "current_turn" : null, "directed" : 1,
                 "number_of_players" : 2, "player_id" : 0 })";
  const Request d = ParseRequest(p.Fields());
  EXPECT_EQ(d.current_turn, 0);
  EXPECT_EQ(d.maximum_number_of_turns, 100);
  EXPECT_EQ(d.time_limit_per_turn, 1000);
  EXPECT_TRUE(d.directed);
  EXPECT_TRUE(d.map.directed);
  EXPECT_TRUE(d.map.Adjacent(0, 1));
  EXPECT_FALSE(d.map.Adjacent(1, 0));  // one-way (berlin §7)
  // A state player id above number_of_players widens the State.
  p = Parts();
  p.state = Replace(p.state, R"("player_id":1)", R"("player_id":3)");
  EXPECT_EQ(ParseRequest(p.Fields()).state.num_players, 4);
  EXPECT_EQ(ParseRequest(p.Fields()).number_of_players, 2);
}

TEST(BerlinRequest, BadRequestsAreOneLineErrorsNamingTheProblem) {
  const Parts ok;
  struct Case {
    std::string infos, map, state, message;
  };
  const std::vector<Case> cases = {
      {"{\"game_id\":", ok.map, ok.state, "'infos' is not JSON"},
      {ok.infos, "nope", ok.state, "'map' is not JSON"},
      {ok.infos, ok.map, "{}", "state is not a JSON array"},
      {"[]", ok.map, ok.state, "infos is not a JSON object"},
      {Replace(ok.infos, R"(,"player_id":0)", ""), ok.map, ok.state,
       "'player_id'"},
      {Replace(ok.infos, R"("game_id":"g",)", ""), ok.map, ok.state,
       "'game_id'"},
      {ok.infos, Replace(ok.map, R"("types")", R"("kinds")"), ok.state,
       "'types'"},
      {ok.infos, Replace(ok.map, R"(,"type":"city"})", "}"), ok.state,
       "'type'"},
      {ok.infos, ok.map, Replace(ok.state, R"("player_id":1,)", ""),
       "'player_id'"},
      {ok.infos, Replace(ok.map, R"("type":"city"})", R"("type":"town"})"),
       ok.state, "unknown type \"town\""},
      {Replace(ok.infos, R"("player_id":0)", R"("player_id":4)"), ok.map,
       ok.state, "player_id 4 is outside 0..3"},
      {Replace(ok.infos, R"("player_id":0)", R"("player_id":-1)"), ok.map,
       ok.state, "player_id -1 is outside"},
      {ok.infos, ok.map,
       Replace(ok.state, R"("player_id":1)", "\"player_id\":4"),
       "state player_id 4 is outside 0..3"},
      {ok.infos, ok.map, Replace(ok.state, R"("node_id":2)", R"("node_id":9)"),
       "state node 9 is not in the map"},
      {ok.infos, Replace(ok.map, R"("id":2)", R"("id":1)"), ok.state,
       "node id 1 twice"},
      {ok.infos, Replace(ok.map, R"("id":2)", R"("id":9223372036854775807)"),
       ok.state, "is reserved"},
      {ok.infos, Replace(ok.map, R"("id":2)", R"("id":true)"), ok.state,
       "not a number"},
      {ok.infos, ok.map, Replace(ok.state, "-2", "4294967296"),
       "number_of_soldiers 4294967296 is outside"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    const std::string error = ErrorOf({"turn", c.infos, c.map, c.state});
    EXPECT_NE(error.find(c.message), std::string::npos) << error;
  }
}

TEST(BerlinRequest, MoreThanMaxNodesIsABadRequest) {
  Parts p;
  std::string nodes;
  for (int id = 1; id <= kMaxNodes + 1; ++id) {
    nodes += (id > 1 ? "," : "") + std::string("{\"id\":") +
             std::to_string(id) + ",\"type\":\"city\"}";
  }
  p.map =
      Replace(p.map, R"({"id":1,"type":"city"},{"id":2,"type":"city"})", nodes);
  EXPECT_NE(ErrorOf(p.Fields()).find("65 nodes, more than 64"),
            std::string::npos)
      << ErrorOf(p.Fields());
  // kMaxNodes itself is fine.
  p.map = Replace(p.map, ",{\"id\":65,\"type\":\"city\"}", "");
  EXPECT_EQ(ErrorOf(p.Fields()), "");
}

}  // namespace
}  // namespace wl::berlin
