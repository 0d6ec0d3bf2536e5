#include "wl/dingle_engine.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "protocol.h"
#include "shared_data.h"
#include "shell.h"
#include "view.h"
#include "wl/builtin_bots.h"
#include "wl/dingle_trace.h"
#include "wl/dingle_verify.h"
#include "wl/in_process_seat.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

fs::path DingleShared() { return wl::testing::SharedDir() / "dingle"; }

const DingleMap& Earth() {
  static const DingleMap* earth = [] {
    absl::StatusOr<DingleMap> m =
        LoadDingleMap(std::string(WL_SOURCE_DIR) + "/maps/dingle_earth.json");
    EXPECT_TRUE(m.ok()) << m.status();
    return new DingleMap(*std::move(m));
  }();
  return *earth;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A Seat that never answers in time: a process that has ended.
class SilentSeat : public Seat {
 public:
  std::string EndReason() override { return "exit status 1"; }
  void Send(const std::string&) override {}
  Reply Ask(const std::string&, int64_t) override {
    Reply r;
    r.timed_out = true;
    return r;
  }
  void Kill() override {}
};

struct Played {
  GameRecord record;
  std::string log[2];
};

Played PlayBuiltIns(const std::string& a, const std::string& b, int64_t seed,
                    bool manual = false, bool warlords = false) {
  InProcessSeat s1(MakeBuiltInBot(a, seed), 1 << 16);
  InProcessSeat s2(MakeBuiltInBot(b, seed + 1), 1 << 16);
  GameOptions options;
  options.rules = RuleSet::kDingle;
  options.manual = manual;
  options.warlords = warlords;
  DingleSettings settings;
  settings.names = Earth().names;
  settings.timeout_ms = 2000;  // mcts thinks for a share of it
  Played p;
  p.record = PlayDingleGame(Earth().map, seed, s1, s2, options, settings);
  p.log[0] = s1.log();
  p.log[1] = s2.log();
  return p;
}

// Writes a recording folder (meta.json, trace.jsonl) the way
// ../shared/dingle/conformance holds them, with map.json two levels up.
fs::path WriteRecording(const std::string& name, const GameRecord& record,
                        int64_t seed, bool manual, bool warlords) {
  const fs::path root = wl::testing::FreshTempDir(name);
  const fs::path dir = root / "conformance" / "g000";
  fs::create_directories(dir);
  fs::copy_file(std::string(WL_SOURCE_DIR) + "/maps/dingle_earth.json",
                root / "map.json");
  std::ofstream(dir / "trace.jsonl") << record.trace;
  std::ofstream(dir / "meta.json")
      << "{\"seed\": " << seed
      << ", \"manual\": " << (manual ? "true" : "false")
      << ", \"warlords\": " << (warlords ? "true" : "false")
      << ", \"max_rounds\": 100, \"agents\": {\"player1\": \"a\", "
         "\"player2\": \"b+0\"}}";
  return dir;
}

TEST(DingleEngineTest, EarthMapKeepsDinglesAdjacencyOrder) {
  const Map& map = Earth().map;
  EXPECT_EQ(map.RegionCount(), 42);
  // dingle §15: lists are not sorted.
  EXPECT_EQ(Earth().names[7], "Greenland");
  EXPECT_EQ(map.Neighbors(7), (std::vector<int>{5, 8, 20, 4}));
  // Re-adding the links in LinkOrder rebuilds every list exactly.
  Map rebuilt;
  for (const Map::SuperRegion& s : map.SuperRegions()) {
    rebuilt.AddSuperRegion(s.id, s.bonus);
    for (int r : s.regions) rebuilt.AddRegion(r, s.id);
  }
  for (auto [a, b] : LinkOrder(map)) rebuilt.AddLink(a, b);
  for (int r : map.RegionIds()) {
    EXPECT_EQ(rebuilt.Neighbors(r), map.Neighbors(r)) << r;
  }
  EXPECT_EQ(LinkOrder(map).size(), 82u);
}

TEST(DingleEngineTest, ItsMapIsTheSharedOne) {
  WL_REQUIRE_SHARED();
  absl::StatusOr<DingleMap> shared =
      LoadDingleMap((DingleShared() / "map.json").string());
  ASSERT_TRUE(shared.ok()) << shared.status();
  for (int r : Earth().map.RegionIds()) {
    EXPECT_EQ(shared->map.Neighbors(r), Earth().map.Neighbors(r)) << r;
    EXPECT_EQ(shared->names[r], Earth().names[r]);
  }
}

// All 26 recorded games, event for event.
TEST(DingleEngineTest, RegeneratesEveryRecordedGame) {
  WL_REQUIRE_SHARED();
  int games = 0;
  for (const auto& e : fs::directory_iterator(DingleShared() / "conformance")) {
    if (!fs::exists(e.path() / "trace.jsonl")) continue;
    ++games;
    absl::StatusOr<std::string> diff = VerifyGameDir(e.path().string());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(*diff, "") << e.path();
  }
  EXPECT_EQ(games, 26);
}

TEST(DingleEngineTest, ComparesDrawsByK53AndReportsTheField) {
  const std::string a =
      R"({"ev":"attack","draws":[{"m":"nextDouble","r":0.5,"k53":4503599627370496}]})";
  const std::string b =
      R"({"ev":"attack","draws":[{"m":"nextDouble","r":5.0E-1,"k53":4503599627370496}]})";
  const std::string c =
      R"({"ev":"attack","draws":[{"m":"nextDouble","r":0.5,"k53":4503599627370497}]})";
  EXPECT_EQ(CompareTraceEvents(a, b), "");
  EXPECT_EQ(CompareTraceEvents(a, c), "draws[0].k53");
  EXPECT_EQ(CompareTraceEvents(R"({"ev":"x","a":1,"b":2})",
                               R"({"ev":"x","b":2,"a":1})"),
            "the event: field order or names");
  EXPECT_EQ(ExtraArmiesOfAgent("Julius+2=J"), 2);
  EXPECT_EQ(ExtraArmiesOfAgent("Attila"), 0);
  EXPECT_EQ(JavaDoubleText(0.5296152196731944), "0.5296152196731944");
  EXPECT_EQ(JavaDoubleText(0.0001), "1.0E-4");
  EXPECT_EQ(JavaDoubleText(0.0), "0.0");
}

// The built-in bots play whole Dingle games in process, every variant,
// without one illegal order (the runner fits their moves to Dingle's
// budget), and each game's trace verifies against itself.
TEST(DingleEngineTest, BuiltInBotsPlayLegalGamesThatVerify) {
  const std::vector<std::string> bots = {"starter", "random", "greedy"};
  int64_t seed = 1;
  for (const std::string& a : bots) {
    for (const std::string& b : bots) {
      const bool manual = seed % 2 == 0, warlords = seed % 3 == 0;
      Played p = PlayBuiltIns(a, b, seed, manual, warlords);
      const GameRecord& r = p.record;
      SCOPED_TRACE(a + " vs " + b + " seed " + std::to_string(seed));
      EXPECT_NE(r.outcome, Outcome::kDraw);
      EXPECT_GE(r.rounds, 1);
      EXPECT_LE(r.rounds, 100);
      for (int s = 0; s < 2; ++s) {
        EXPECT_EQ(r.stats[s].illegal_moves(), 0);
        EXPECT_EQ(r.stats[s].timeouts, 0);
        EXPECT_EQ(r.stats[s].parse_errors, 0);
        EXPECT_EQ(p.log[s].find("ignored engine line"), std::string::npos)
            << p.log[s].substr(0, 300);
      }
      EXPECT_EQ(r.trace.find("engine_says"), std::string::npos);
      const std::vector<std::string> lines = Lines(r.trace);
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(lines.back().rfind("{\"ev\":\"game_over\"", 0), 0u);
      const fs::path dir =
          WriteRecording("dingle_self", r, seed, manual, warlords);
      absl::StatusOr<std::string> diff = VerifyGameDir(dir.string());
      ASSERT_TRUE(diff.ok()) << diff.status();
      EXPECT_EQ(*diff, "");
      fs::remove_all(dir.parent_path().parent_path());
      ++seed;
    }
  }
}

TEST(DingleEngineTest, SeedsReproduceGames) {
  for (int64_t seed : {3, 4}) {
    Played x = PlayBuiltIns("random", "greedy", seed);
    Played y = PlayBuiltIns("random", "greedy", seed);
    EXPECT_EQ(x.record.trace, y.record.trace);
    EXPECT_EQ(x.record.dump[0], y.record.dump[0]);
    EXPECT_EQ(x.record.replay, y.record.replay);
  }
  EXPECT_NE(PlayBuiltIns("random", "greedy", 3).record.trace,
            PlayBuiltIns("random", "greedy", 5).record.trace);
}

// What a bot is sent: the rule set first, the whole board, Dingle's
// adjacency order, and its own turn's income with the round-1 handicap.
TEST(DingleEngineTest, BotsLearnDinglesRulesFromTheirLines) {
  Played p = PlayBuiltIns("starter", "starter", 9);
  for (int s = 0; s < 2; ++s) {
    const std::vector<std::string> lines = Lines(p.record.dump[s]);
    ASSERT_GT(lines.size(), 20u);
    EXPECT_EQ(lines[0], "settings rule_set dingle");
    View view;
    int incomes = 0;
    for (const std::string& line : lines) {
      if (line.rfind("Round ", 0) == 0 || line.rfind("Output", 0) == 0) {
        continue;
      }
      view.Apply(Parse(line));
      if (line.rfind("update_map", 0) == 0) {
        EXPECT_EQ(view.Visible().Count(), 42) << line;
        if (++incomes == 1) {
          EXPECT_EQ(view.Income(), s == 0 ? 3 : 5);
        }
      }
    }
    EXPECT_EQ(view.Rules(), RuleSet::kDingle);
    EXPECT_EQ(view.StartingRegions().size(), 42u);
    EXPECT_EQ(view.MyStartingRegions().size(), 4u);
    for (int r : Earth().map.RegionIds()) {
      EXPECT_EQ(view.GetMap().Neighbors(r), Earth().map.Neighbors(r)) << r;
    }
  }
}

// A seat that never answers gets Dingle's pass(): a random pick, the whole
// income on one random region, no moves; the trace says so and verifies.
TEST(DingleEngineTest, TimeOutsPlayDinglesPass) {
  SilentSeat silent;
  InProcessSeat greedy(MakeBuiltInBot("greedy", 1));
  GameOptions options;
  options.rules = RuleSet::kDingle;
  options.manual = true;
  DingleSettings settings;
  settings.timeout_ms = 100;
  GameRecord r =
      PlayDingleGame(Earth().map, 7, silent, greedy, options, settings);
  EXPECT_EQ(r.outcome, Outcome::kPlayer2Won);
  EXPECT_GT(r.stats[0].timeouts, 4);
  EXPECT_TRUE(r.stats[0].crashed);
  EXPECT_EQ(r.stats[0].crash, "exit status 1");
  EXPECT_EQ(r.stats[0].crash_round, 0);  // the draft
  EXPECT_NE(r.trace.find("{\"ev\":\"pass\",\"player\":1,\"phase\":"
                         "\"STARTING_REGIONS\",\"reason\":\"timeout\","
                         "\"draws\":[{\"m\":\"nextInt\",\"bound\":42,"),
            std::string::npos);
  const fs::path dir = WriteRecording("dingle_pass", r, 7, true, false);
  absl::StatusOr<std::string> diff = VerifyGameDir(dir.string());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_EQ(*diff, "");
  fs::remove_all(dir.parent_path().parent_path());
}

// A game folder of ours (result.json, map.json, trace.jsonl) verifies; a
// changed event is reported with its index.
TEST(DingleEngineTest, OurGameFoldersVerifyAndDifferencesAreNamed) {
  Played p = PlayBuiltIns("greedy", "starter", 21, false, true);
  const fs::path dir = wl::testing::FreshTempDir("dingle_folder");
  fs::create_directories(dir);
  fs::copy_file(std::string(WL_SOURCE_DIR) + "/maps/dingle_earth.json",
                dir / "map.json");
  std::ofstream(dir / "result.json")
      << R"({"seed":21,"rules":"dingle","starts":"warlords"})";
  std::ofstream(dir / "trace.jsonl") << p.record.trace;
  absl::StatusOr<std::string> diff = VerifyGameDir(dir.string());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_EQ(*diff, "");

  std::vector<std::string> lines = Lines(p.record.trace);
  size_t changed = 0;
  for (size_t i = 0; i < lines.size() && !changed; ++i) {
    const size_t at = lines[i].find("\"region_armies_after\":");
    if (at == std::string::npos) continue;
    lines[i].insert(at + 22, "9");  // 4 -> 94
    changed = i;
  }
  ASSERT_GT(changed, 0u);
  std::ofstream out(dir / "trace.jsonl");
  for (const std::string& line : lines) out << line << "\n";
  out.close();
  diff = VerifyGameDir(dir.string());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_EQ(
      diff->rfind("trace.jsonl:" + std::to_string(changed + 1) + " (event " +
                      std::to_string(changed) + "): region_armies_after",
                  0),
      0u)
      << *diff;
  fs::remove_all(dir);
}

// The replay is the WL format with three equal, unfogged histories.
TEST(DingleEngineTest, ReplayHasThreeFullHistories) {
  Played p = PlayBuiltIns("greedy", "random", 11);
  const std::vector<std::string> lines = Lines(p.record.replay);
  ASSERT_GT(lines.size(), 10u);
  int ends = 0;
  for (const std::string& line : lines) {
    if (line == "player1 won" || line == "player2 won") ++ends;
    EXPECT_EQ(line.find("unknown"), std::string::npos);
  }
  EXPECT_EQ(ends, 3);
  EXPECT_EQ(lines[1].rfind("map 1;neutral;2 ", 0), 0u);
  EXPECT_EQ(lines[2], "round 0");
}

}  // namespace
}  // namespace wl::tools
