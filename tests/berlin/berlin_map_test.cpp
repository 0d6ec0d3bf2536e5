// tools/berlin/berlin_map.h: loading Berlin maps as the engine does (berlin
// §4), the built-in official maps, every bad map berlin §11 lists, and the
// Ruby/Rails number and JSON text.
#include "berlin/berlin_map.h"

#include <filesystem>
#include <string>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// A 3-node line 1 - 2 - 3 with setups for 2 and 3 players.
std::string LineMap(const std::string& infos = R"("maximum_number_of_turns":5)",
                    const std::string& extra_paths = "") {
  return R"({"infos":{)" + infos + R"(},
    "types":[{"name":"city","points":1,"soldiers_per_turn":1},
             {"name":"node","points":0,"soldiers_per_turn":0}],
    "nodes":[{"id":1,"type":"city"},{"id":2,"type":"node"},
             {"id":3,"type":"city"}],
    "paths":[{"from":1,"to":2},{"from":2,"to":3})" +
         extra_paths + R"(],
    "setup":{"2":{"0":[{"node":1,"number_of_soldiers":5}],
                  "1":[{"node":3,"number_of_soldiers":4}]},
             "3":{"0":[{"node":1,"number_of_soldiers":5}],
                  "1":[{"node":2,"number_of_soldiers":5}],
                  "2":[{"node":3,"number_of_soldiers":5}]}}})";
}

std::string ErrorOf(const std::string& text) {
  absl::StatusOr<BerlinMapFile> map = ParseBerlinMap(text, "bad.json");
  EXPECT_FALSE(map.ok()) << text;
  if (map.ok()) return "";
  const std::string message(map.status().message());
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(message.rfind("bad.json: ", 0), 0u) << message;
  return message;
}

TEST(BerlinMapFile, BuiltinMapsLoadByName) {
  const std::vector<std::string> names = BuiltinBerlinMapNames();
  ASSERT_EQ(names.size(), 7u);
  for (const std::string& name : names) {
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
    ASSERT_TRUE(map.ok()) << map.status().message();
    EXPECT_FALSE(map->PlayerCounts().empty()) << name;
    EXPECT_TRUE(LoadBerlinMap(name + ".json").ok()) << name;
  }
  absl::StatusOr<BerlinMapFile> d4 = LoadBerlinMap("deployed-4");
  ASSERT_TRUE(d4.ok());
  EXPECT_EQ(d4->map.size(), 30);
  EXPECT_EQ(d4->map.node(0).id, 0);  // berlin §4.3: ids 0..29
  EXPECT_EQ(d4->name, "3 Way Star");
  EXPECT_EQ(d4->id, boost::json::value(4));
  EXPECT_EQ(d4->PlayerCounts(), std::vector<int>{3});
  EXPECT_EQ(d4->map.maximum_number_of_turns, 50);
  // berlin §10: server map 4 lists [2,4] but can only set up 3.
  absl::StatusOr<BerlinMapFile> s4 = LoadBerlinMap("server-public-4");
  ASSERT_TRUE(s4.ok());
  EXPECT_EQ(s4->listed_player_counts, (std::vector<int>{2, 4}));
  EXPECT_EQ(s4->PlayerCounts(), std::vector<int>{3});
  EXPECT_EQ(LoadBerlinMap("deployed-3")->PlayerCounts(),
            (std::vector<int>{2, 4}));
}

TEST(BerlinMapFile, SetupPlacesTheStartingSoldiers) {
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap("server-public-2");
  ASSERT_TRUE(map.ok());
  absl::StatusOr<berlin::State> s = map->Setup(2);
  ASSERT_TRUE(s.ok());
  int owned = 0, soldiers[2] = {0, 0};
  for (int i = 0; i < map->map.size(); ++i) {
    if (s->owner[i] == berlin::kFree) {
      EXPECT_EQ(s->Soldiers(i), 0);
      continue;
    }
    ++owned;
    soldiers[s->owner[i]] += s->Soldiers(i);
  }
  EXPECT_EQ(owned, 2);
  EXPECT_EQ(soldiers[0], 5);  // fixtures README: player 1 starts with 3
  EXPECT_EQ(soldiers[1], 3);
  EXPECT_EQ(s->turn, 0);
}

TEST(BerlinMapFile, TheMapFieldAndInfosAreTheEnginesText) {
  absl::StatusOr<BerlinMapFile> map = ParseBerlinMap(LineMap(), "line");
  ASSERT_TRUE(map.ok()) << map.status().message();
  EXPECT_EQ(map->map_json,
            R"({"types":[{"name":"city","points":1,"soldiers_per_turn":1},)"
            R"({"name":"node","points":0,"soldiers_per_turn":0}],)"
            R"("nodes":[{"id":1,"type":"city"},{"id":2,"type":"node"},)"
            R"({"id":3,"type":"city"}],)"
            R"("paths":[{"from":1,"to":2},{"from":2,"to":3}]})");
  // berlin §3.1, §4.4: as written, else the defaults.
  EXPECT_EQ(map->maximum_number_of_turns_json, "5");
  EXPECT_EQ(map->time_limit_per_turn_json, "1000");
  EXPECT_EQ(map->directed_json, "false");
  EXPECT_EQ(map->map.time_limit_per_turn, 1000);
  const berlin::InfosFields infos = map->Infos("g", 3);
  EXPECT_EQ(infos.game_id, "g");
  EXPECT_EQ(infos.number_of_players, 3);
  EXPECT_EQ(infos.player_id, -1);
  EXPECT_EQ(map->id, boost::json::value());  // a bare representation
  absl::StatusOr<BerlinMapFile> written =
      ParseBerlinMap(LineMap(R"("maximum_number_of_turns":7.0,"directed":null,)"
                             R"("time_limit_per_turn":250)"),
                     "line");
  ASSERT_TRUE(written.ok()) << written.status().message();
  EXPECT_EQ(written->maximum_number_of_turns_json, "7.0");
  EXPECT_EQ(written->map.maximum_number_of_turns, 7);
  EXPECT_EQ(written->time_limit_per_turn_json, "250");
  EXPECT_EQ(written->directed_json, "false");
}

TEST(BerlinMapFile, PathEndsMatchByRawNumericValue) {
  // berlin §4.2 item 3: "3" matches nothing (but is sent as 3); 1.0 is 1; a
  // path to an unknown node is sent and links nothing.
  absl::StatusOr<BerlinMapFile> map = ParseBerlinMap(
      LineMap(R"("directed":false)",
              R"(,{"from":"3","to":1},{"from":1.0,"to":3},{"from":3,"to":9})"),
      "line");
  ASSERT_TRUE(map.ok()) << map.status().message();
  const berlin::Map& m = map->map;
  EXPECT_TRUE(m.Adjacent(m.IndexOf(1), m.IndexOf(3)));
  EXPECT_TRUE(m.Adjacent(m.IndexOf(3), m.IndexOf(1)));  // undirected
  EXPECT_NE(map->map_json.find(R"({"from":3,"to":1},{"from":1,"to":3},)"
                               R"({"from":3,"to":9}])"),
            std::string::npos)
      << map->map_json;
  absl::StatusOr<BerlinMapFile> only_string = ParseBerlinMap(
      LineMap(R"("directed":true)", R"(,{"from":"3","to":1})"), "line");
  ASSERT_TRUE(only_string.ok());
  const berlin::Map& d = only_string->map;
  EXPECT_FALSE(d.Adjacent(d.IndexOf(3), d.IndexOf(1)));
  EXPECT_TRUE(d.Adjacent(d.IndexOf(1), d.IndexOf(2)));
  EXPECT_FALSE(d.Adjacent(d.IndexOf(2), d.IndexOf(1)));  // berlin §7
  EXPECT_EQ(only_string->directed_json, "true");
}

TEST(BerlinMapFile, DuplicateTypeNamesKeepTheFirstPlace) {
  std::string text = LineMap();
  text.replace(text.find(R"({"name":"node")"), 0,
               R"({"name":"city","points":3,"soldiers_per_turn":2},)");
  absl::StatusOr<BerlinMapFile> map = ParseBerlinMap(text, "line");
  ASSERT_TRUE(map.ok());
  ASSERT_EQ(map->map.types.size(), 2u);  // berlin §3.2
  EXPECT_EQ(map->map.types[0].points, 3);
  EXPECT_EQ(map->map.types[0].soldiers_per_turn, 2);
  EXPECT_EQ(
      map->map_json.rfind(
          R"({"types":[{"name":"city","points":3,"soldiers_per_turn":2},)", 0),
      0u);
}

TEST(BerlinMapFile, BothFileShapesAndNamesLoad) {
  const fs::path dir = testing::FreshTempDir("berlin_map");
  const std::string wrapped =
      R"({"map":{"id":77,"name":"Line","representation":)" + LineMap() + "}}";
  ASSERT_TRUE(WriteFileAtomically((dir / "a.json").string(), wrapped).ok());
  ASSERT_TRUE(WriteFileAtomically((dir / "b.map").string(), LineMap()).ok());
  absl::StatusOr<BerlinMapFile> a = LoadBerlinMap((dir / "a.json").string());
  absl::StatusOr<BerlinMapFile> b = LoadBerlinMap((dir / "b.map").string());
  ASSERT_TRUE(a.ok()) << a.status().message();
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(a->id, boost::json::value(77));
  EXPECT_EQ(a->name, "Line");
  EXPECT_EQ(a->map_json, b->map_json);
  EXPECT_EQ(a->representation, b->representation);
  EXPECT_EQ(a->origin, (dir / "a.json").string());
  absl::StatusOr<BerlinMapFile> none = LoadBerlinMap("no-such-map");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("deployed-2"), std::string::npos);
}

TEST(BerlinMapFile, BadMapsAreOneLineErrors) {
  std::string unknown_type = LineMap();
  unknown_type.replace(unknown_type.find(R"("type":"node")"), 13,
                       R"("type":"forest")");
  EXPECT_NE(ErrorOf(unknown_type).find("unknown type"), std::string::npos);
  std::string setup_node = LineMap();
  setup_node.replace(setup_node.find(R"({"node":3,)"), 10, R"({"node":8,)");
  EXPECT_NE(ErrorOf(setup_node).find("not in the map"), std::string::npos);
  std::string duplicate = LineMap();
  duplicate.replace(duplicate.find(R"({"id":2,)"), 8, R"({"id":1,)");
  EXPECT_NE(ErrorOf(duplicate).find("node id 1 appears twice"),
            std::string::npos);
  std::string many = R"({"types":[{"name":"n"}],"nodes":[)";
  for (int i = 0; i <= berlin::kMaxNodes; ++i) {
    many += (i ? "," : "") + std::string(R"({"id":)") + std::to_string(i) +
            R"(,"type":"n"})";
  }
  many += R"(],"paths":[]})";
  EXPECT_NE(ErrorOf(many).find("at most 64"), std::string::npos);
  std::string bool_id = LineMap();
  bool_id.replace(bool_id.find(R"({"id":2,)"), 8, R"({"id":true,)");
  EXPECT_NE(ErrorOf(bool_id).find("no integer value"), std::string::npos);
  std::string setup_player = LineMap();
  setup_player.replace(setup_player.find(R"("1":[{"node":3)"), 4, R"("2":)");
  EXPECT_NE(ErrorOf(setup_player).find("places player"), std::string::npos);
  std::string huge = LineMap(R"("maximum_number_of_turns":2000000000)");
  EXPECT_NE(ErrorOf(huge).find("could grow past"), std::string::npos);
  EXPECT_NE(ErrorOf("{not json").find("not JSON"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"types":[],"nodes":[]})").find("nodes"),
            std::string::npos);
  EXPECT_NE(ErrorOf(LineMap(R"("time_limit_per_turn":"fast")"))
                .find("time_limit_per_turn"),
            std::string::npos);
}

// LineMap() with its first `what` replaced by `with`.
std::string LineMapWith(const std::string& what, const std::string& with) {
  std::string text = LineMap();
  const size_t at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return text;
}

constexpr const char* kPlayer1 = R"("1":[{"node":3,"number_of_soldiers":4}])";

// Issue 28: such setups decide the game before it starts ("won after 0
// turns"); the referee refuses them (berlin §11).
TEST(BerlinMapFile, SetupsThatDecideTheGameBeforeItStartsAreRefused) {
  EXPECT_EQ(ErrorOf(LineMapWith(kPlayer1,
                                R"("1":[{"node":1,"number_of_soldiers":4}])")),
            "bad.json: setup \"2\" places node 1 twice (players 0 and 1)");
  EXPECT_EQ(
      ErrorOf(LineMapWith(kPlayer1, R"("1":[{"node":3,"number_of_soldiers":4},)"
                                    R"({"node":3,"number_of_soldiers":1}])")),
      "bad.json: setup \"2\" places node 3 twice (players 1 and 1)");
  EXPECT_EQ(
      ErrorOf(
          LineMapWith(kPlayer1, R"("1":[{"node":3,"number_of_soldiers":-4}])")),
      "bad.json: setup \"2\": {\"node\":3,\"number_of_soldiers\":-4} places "
      "a negative number of soldiers");
  EXPECT_EQ(ErrorOf(LineMapWith(kPlayer1, R"("1":[])")),
            "bad.json: setup \"2\" gives player 1 no node");
  // Zero soldiers on a node is a start (berlin §5.1: alive with 0).
  EXPECT_TRUE(
      ParseBerlinMap(LineMapWith(kPlayer1, R"("1":[{"node":3,)"
                                           R"("number_of_soldiers":0}])"),
                     "zero.json")
          .ok());
}

TEST(BerlinMapFile, MatchRefusesASetupWithTwoPlayersOnOneNode) {
  const fs::path dir = testing::FreshTempDir("berlin_map_cli");
  ASSERT_TRUE(
      WriteFileAtomically(
          (dir / "m.json").string(),
          LineMapWith(kPlayer1, R"("1":[{"node":1,"number_of_soldiers":4}])"))
          .ok());
  const testing::CommandRun run = testing::RunCommand(
      "timeout -k 5 60 " +
          testing::ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") +
          " berlin match random random --map " +
          testing::ShellQuote((dir / "m.json").string()) + " --out " +
          testing::ShellQuote((dir / "g").string()),
      dir);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.err.find("places node 1 twice"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_FALSE(fs::exists(dir / "g"));
}

TEST(BerlinMapFile, AMissingSetupIsSetupsError) {
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap("deployed-2");
  ASSERT_TRUE(map.ok());
  absl::StatusOr<berlin::State> s = map->Setup(3);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(),
            "map 'Default Map 1' has no setup for 3 players (it plays 2)");
  EXPECT_FALSE(map->Setup(5).ok());
  EXPECT_FALSE(map->Setup(1).ok());
}

TEST(BerlinMapFile, EveryRecordedGamesMapFieldIsReproduced) {
  WL_REQUIRE_SHARED();
  const fs::path root = testing::SharedDir() / "berlin" / "conformance";
  if (!fs::is_directory(root)) GTEST_SKIP() << root << " is absent";
  int games = 0;
  for (const auto& e : fs::directory_iterator(root)) {
    if (!e.is_directory()) continue;
    const std::string meta = testing::ReadFile(e.path() / "meta.json");
    const boost::json::value m = boost::json::parse(meta);
    const std::string name(m.at("map").as_string());
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(
        (testing::SharedDir() / "berlin" / "fixtures" / "maps" / name)
            .string());
    ASSERT_TRUE(map.ok()) << map.status().message();
    EXPECT_EQ(map->map_json + "\n",
              testing::ReadFile(e.path() / "map_sent.json"))
        << e.path();
    if (name.rfind("synthetic", 0) != 0) {  // the same as the built-in one
      absl::StatusOr<BerlinMapFile> builtin = LoadBerlinMap(name);
      ASSERT_TRUE(builtin.ok()) << name;
      EXPECT_EQ(builtin->map_json, map->map_json);
    }
    ++games;
  }
  EXPECT_GE(games, 20);
}

TEST(BerlinMapFile, RubyFloatText) {
  EXPECT_EQ(RubyFloatText(1.0), "1.0");
  EXPECT_EQ(RubyFloatText(0.0), "0.0");
  EXPECT_EQ(RubyFloatText(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(RubyFloatText(2.0 / 3), "0.6666666666666666");
  EXPECT_EQ(RubyFloatText(3.0 / 28), "0.10714285714285714");
  EXPECT_EQ(RubyFloatText(-2.5), "-2.5");
  EXPECT_EQ(RubyFloatText(0.0001), "0.0001");
  EXPECT_EQ(RubyFloatText(0.00001), "1.0e-05");
  EXPECT_EQ(RubyFloatText(1.25e-7), "1.25e-07");
  EXPECT_EQ(RubyFloatText(1e15), "1000000000000000.0");
  EXPECT_EQ(RubyFloatText(1e16), "1.0e+16");
  EXPECT_EQ(RubyFloatText(123456.789), "123456.789");
  EXPECT_EQ(RubyFloatText(1.5e300), "1.5e+300");
  EXPECT_EQ(RubyFloatText(1.0 / 0.0), "Infinity");
  EXPECT_EQ(RubyFloatText(-1.0 / 0.0), "-Infinity");
}

TEST(BerlinMapFile, RailsJsonText) {
  const boost::json::value v = boost::json::parse(
      R"({"b":[1,2.5,null,true,"x<y"],"a":{"c":25.0,"d":-0.5}})");
  EXPECT_EQ(RailsJsonText(v),
            R"({"b":[1,2.5,null,true,"x\u003Cy"],"a":{"c":25.0,"d":-0.5}})");
}

}  // namespace
}  // namespace wl::tools
