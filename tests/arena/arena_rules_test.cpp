// The arena under each rule set (issue 13 item 6): WlGame's --rules and
// --starts, the flags that do not go with a rule set refused in one line
// before any game, the settings that results files keep (WL2's unchanged),
// the built-in earth maps, resumed results never mixed across rule sets,
// and short arenas of the built-in bots under WL1 and Dingle rules.
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arena_cli.h"
#include "common/cli.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "wl/commands/wl_game.h"
#include "wl/game_files.h"
#include "wl/map_json.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

int Lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// A WlGame after parsing `args` (space-separated flags) as the arena does.
std::string CheckedFlags(WlGame& game, const std::vector<std::string>& args) {
  Flags flags("arena", "BOT...", "");
  game.DeclareFlags(flags);
  std::vector<char*> argv;
  std::vector<std::string> copy = args;
  for (std::string& a : copy) argv.push_back(a.data());
  std::vector<std::string> positional;
  if (flags.Parse(static_cast<int>(argv.size()), argv.data(), &positional))
    return "parse error";
  return game.CheckFlags();
}

std::vector<std::string> Keys(const std::vector<GameSetting>& settings) {
  std::vector<std::string> keys;
  for (const GameSetting& s : settings) keys.push_back(s.key + "=" + s.value);
  return keys;
}

TEST(WlGameRulesTest, EachRuleSetKeepsItsOwnSettingsAndWl2KeepsTheOldOnes) {
  WlGame wl2;
  ASSERT_EQ(CheckedFlags(wl2, {}), "");
  // WL2 runs write the settings line they always wrote, so older results
  // files resume.
  EXPECT_EQ(Keys(wl2.Settings()),
            (std::vector<std::string>{"timebank_ms=10000",
                                      "time_per_move_ms=500", "regions=0"}));
  EXPECT_EQ(wl2.Name(), "warlight2");
  EXPECT_EQ(wl2.DefaultMap(), "generated");
  WlGame wl1;
  ASSERT_EQ(CheckedFlags(wl1, {"--rules", "wl1"}), "");
  EXPECT_EQ(wl1.rules(), RuleSet::kWl1);
  EXPECT_EQ(Keys(wl1.Settings()), (std::vector<std::string>{"rules=wl1"}));
  EXPECT_EQ(wl1.TimeAvailableMs(10), 20000);  // wl1 §10.1: 2000 each
  EXPECT_EQ(wl1.DefaultMap(), "wl1-earth");
  EXPECT_TRUE(wl1.OfficialRules());
  EXPECT_EQ(wl1.Options(true).rules, RuleSet::kWl1);
  WlGame dingle;
  ASSERT_EQ(CheckedFlags(dingle, {"--rules", "dingle"}), "");
  EXPECT_EQ(Keys(dingle.Settings()),
            (std::vector<std::string>{"rules=dingle", "starts=default"}));
  EXPECT_EQ(dingle.TimeAvailableMs(3), 180000);  // dingle §11: 60 s each
  EXPECT_TRUE(dingle.OfficialRules());
  EXPECT_FALSE(dingle.Options(true).warlords || dingle.Options(true).manual);
  WlGame warlords;
  ASSERT_EQ(CheckedFlags(warlords, {"--rules=dingle", "--starts=warlords"}),
            "");
  EXPECT_EQ(Keys(warlords.Settings())[1], "starts=warlords");
  EXPECT_TRUE(warlords.Options(false).warlords);
  EXPECT_FALSE(warlords.Options(false).record_replay);
  WlGame manual;
  ASSERT_EQ(CheckedFlags(manual, {"--rules", "dingle", "--starts", "manual"}),
            "");
  EXPECT_TRUE(manual.Options(true).manual);
}

TEST(WlGameRulesTest, FlagsThatDoNotGoWithTheRuleSetAreOneClearError) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"--rules", "wl3"}, "--rules must be wl2, wl1 or dingle"},
      {{"--rules", "WL1"}, "--rules must be wl2, wl1 or dingle"},
      {{"--rules", "wl1", "--timebank", "3000"}, "no time bank"},
      {{"--rules", "wl1", "--time-per-move", "0"}, "2000 ms (wl1 §10)"},
      {{"--rules", "wl1", "--regions", "20"}, "fixed earth map (wl1-earth)"},
      {{"--rules", "dingle", "--regions", "20"}, "no --regions"},
      {{"--rules", "dingle", "--timebank", "500"}, "60000 ms"},
      {{"--starts", "warlords"}, "--starts is for --rules dingle"},
      {{"--rules", "wl1", "--starts", "manual"}, "not wl1"},
      {{"--rules", "dingle", "--starts", "random"},
       "--starts must be default, warlords or manual"},
  };
  for (const auto& [args, expected] : bad) {
    WlGame game;
    const std::string error = CheckedFlags(game, args);
    EXPECT_NE(error.find(expected), std::string::npos)
        << args[0] << " " << args[1] << ": " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  for (const char* rules : {"wl1", "dingle"}) {
    WlGame game;
    ASSERT_EQ(CheckedFlags(game, {"--rules", rules}), "");
    absl::StatusOr<std::vector<std::string>> maps =
        game.ListMaps(WL_SOURCE_DIR "/maps");
    ASSERT_FALSE(maps.ok()) << rules;
    EXPECT_NE(maps.status().message().find("no --maps"), std::string::npos);
  }
}

TEST(WlGameRulesTest, TheEarthMapsAreBuiltInAndFoundFromAnyFolder) {
  for (RuleSet rules : {RuleSet::kWl1, RuleSet::kDingle}) {
    const std::string file = std::string(WL_SOURCE_DIR) + "/maps/" +
                             std::string(RuleSetName(rules)) + "_earth.json";
    EXPECT_EQ(EarthMapJson(rules), ReadFileToString(file).value_or("?"));
    absl::StatusOr<GameMap> by_name = LoadGameMap(EarthMapName(rules), 1, 0);
    ASSERT_TRUE(by_name.ok()) << by_name.status();
    EXPECT_EQ(by_name->map.RegionCount(), 42);
    EXPECT_EQ(by_name->json, EarthMapJson(rules));
    absl::StatusOr<GameMap> fixed = LoadRulesMap(rules, "", 1, 0);
    ASSERT_TRUE(fixed.ok()) << fixed.status();
    EXPECT_EQ(fixed->json, EarthMapJson(rules));
  }
  EXPECT_EQ(EarthMapName(RuleSet::kWl1), "wl1-earth");
  EXPECT_EQ(EarthMapName(RuleSet::kDingle), "dingle-earth");
  EXPECT_EQ(EarthMapJson(RuleSet::kWl2), "");
  // WL2 without a file still generates a map from the seed.
  absl::StatusOr<GameMap> generated = LoadRulesMap(RuleSet::kWl2, "", 5, 20);
  ASSERT_TRUE(generated.ok());
  EXPECT_EQ(generated->map.RegionCount(), 20);
}

TEST(ArenaRulesTest, BadCombinationsStopTheArenaBeforeAnyGame) {
  ArenaCli cli("rules_flags");
  for (const char* args :
       {"--rules wl1 --timebank 3000", "--rules dingle --regions 30",
        "--starts manual", "--rules wl1 --maps " WL_SOURCE_DIR "/maps",
        "--rules chess"}) {
    CliRun run = cli.Run(std::string("random starter --games 2 ") + args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.err;
    EXPECT_EQ(Lines(run.err), 1) << args << ": " << run.err;
    EXPECT_EQ(run.out, "") << args;
  }
}

// A results file is resumed only under its own rule set (and starts): the
// settings line carries them, and a re-run under others is refused.
TEST(ArenaRulesTest, ResultsOfAnotherRuleSetAreNeverResumed) {
  ArenaCli cli("rules_resume");
  const std::string results = cli.Path("r.jsonl");
  CliRun first = cli.Run(
      "random starter --games 2 --regions 20 --jobs 2 "
      "--results " +
      results);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string before = ReadFileToString(results).value_or("");
  EXPECT_EQ(before.find("\"rules\""), std::string::npos)
      << "WL2's settings line is the one it always was";
  for (const char* other : {"--rules wl1", "--rules dingle"}) {
    CliRun run = cli.Run(std::string("random starter --games 2 --jobs 2 ") +
                         other + " --results " + results);
    EXPECT_EQ(run.status, 2) << other;
    EXPECT_NE(run.err.find("--rules: none before"), std::string::npos)
        << run.err;
    EXPECT_EQ(ReadFileToString(results).value_or(""), before) << other;
  }
}

// Short arenas of the built-in bots under WL1 and Dingle rules: their
// results files carry the rule set (and starts), resume under the same
// flags, and are refused under any other.
TEST(ArenaRulesTest, ShortArenasUnderWl1AndDingleResumeOnlyUnderTheirRules) {
  ArenaCli cli("rules_short");
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"--rules wl1", "\"rules\":\"wl1\",\"maps\":\"wl1-earth\""},
      {"--rules dingle", "\"starts\":\"default\",\"maps\":\"dingle-earth\""},
      {"--rules dingle --starts warlords", "\"starts\":\"warlords\""}};
  for (size_t k = 0; k < runs.size(); ++k) {
    const std::string results = cli.Path("r" + std::to_string(k) + ".jsonl");
    const std::string bots = "random greedy --jobs 2 --results " + results;
    CliRun run = cli.Run(bots + " --games 2 " + runs[k].first);
    ASSERT_EQ(run.status, 0) << runs[k].first << ": " << run.err;
    EXPECT_NE(run.out.find("random vs greedy"), std::string::npos);
    const std::string text = ReadFileToString(results).value_or("");
    EXPECT_NE(text.substr(0, text.find('\n')).find(runs[k].second),
              std::string::npos)
        << text;
    CliRun more = cli.Run(bots + " --games 4 " + runs[k].first);
    EXPECT_EQ(more.status, 0) << more.err;
    EXPECT_NE(more.err.find("(2 games were already in"), std::string::npos)
        << more.err;
    for (size_t other = 0; other < runs.size(); ++other) {
      if (other == k) continue;
      CliRun refused = cli.Run(bots + " --games 4 " + runs[other].first);
      EXPECT_EQ(refused.status, 2)
          << runs[k].first << " then " << runs[other].first;
      EXPECT_EQ(Lines(refused.err), 1) << refused.err;
    }
  }
}

}  // namespace
}  // namespace wl::tools
