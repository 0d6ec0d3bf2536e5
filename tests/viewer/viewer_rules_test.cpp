// The replay page of each rule set (issue 13 item 6): a WL1 game (no
// candidates line, no round 0, fogged from the first map, wl1 §13.2) and a
// Dingle game (unfogged views that the page names as Dingle's no-fog view)
// decode to every state and event of their replay; the rule set comes from
// result.json or a recording's meta.json; WL1's glued dump messages are
// listed; and a WL2 page carries neither the rules data nor rules.js.
#include <filesystem>
#include <memory>
#include <string>

#include "boost/json.hpp"
#include "common/files.h"
#include "gtest/gtest.h"
#include "replay_oracle.h"
#include "shared_data.h"
#include "shell.h"
#include "wl/commands/view.h"
#include "wl/commands/wl_game.h"
#include "wl/dingle_verify.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using oracle::ExpectPageMatchesReplay;
using oracle::PageData;
using oracle::TextOf;

// What only rules.js holds.
constexpr char kRulesJsMark[] = "rules.js: what the replay page";

// A game of two built-in bots under `rules`, its folder written to `dir`.
std::string PlayInto(RuleSet rules, const std::string& starts,
                     const fs::path& dir) {
  WlGame game;
  game.set_rules(rules);
  if (!starts.empty()) game.set_starts(starts);
  EXPECT_EQ(game.CheckFlags(), "");
  GameSetup setup;
  setup.seed = 11;
  setup.keep_files = true;
  setup.seats.resize(2);
  setup.seats[0].bot = "greedy";
  setup.seats[1].bot = "random";
  setup.seats[1].seed = 3;
  absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
  EXPECT_TRUE(played.ok()) << played.status();
  if (!played.ok()) return "";
  EXPECT_TRUE((*played)->WriteFiles(dir.string(), "viewer_rules_test").ok());
  return wl::testing::ReadFile(dir / "replay.txt");
}

TEST(ViewerRulesTest, AWl1GamesPageStartsAfterTheDraftFogged) {
  const fs::path dir = wl::testing::FreshTempDir("viewer_wl1");
  const std::string replay = PlayInto(RuleSet::kWl1, "", dir);
  ASSERT_EQ(replay.rfind("map ", 0), 0u) << "no candidates line, wl1 §13.2";
  ASSERT_EQ(replay.find("round 0"), std::string::npos);
  absl::StatusOr<std::string> page = ReplayHtml(dir.string());
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_EQ(*page, wl::testing::ReadFile(dir / "replay.html"));
  ExpectPageMatchesReplay(*page, replay, "wl1 game");
  const json::value data = PageData(*page);
  EXPECT_EQ(data.at("rules"), "wl1");
  EXPECT_TRUE(data.at("cand").as_array().empty());
  EXPECT_NE(page->find("Warlight 1 replay: greedy vs random"),
            std::string::npos);
  EXPECT_NE(page->find(kRulesJsMark), std::string::npos);
  EXPECT_NE(page->find("after the draft (WL1 replays start here)"),
            std::string::npos);
  EXPECT_EQ(page->find("class=\"waste\""), std::string::npos)
      << "WL1 has no wastelands";
  fs::remove_all(dir);
}

TEST(ViewerRulesTest, ADingleGamesPageSaysItIsDinglesNoFogView) {
  for (const char* starts : {"default", "warlords"}) {
    const fs::path dir = wl::testing::FreshTempDir("viewer_dingle");
    const std::string replay = PlayInto(RuleSet::kDingle, starts, dir);
    absl::StatusOr<std::string> page = ReplayHtml(dir.string());
    ASSERT_TRUE(page.ok()) << page.status();
    ExpectPageMatchesReplay(*page, replay, starts);
    const json::value data = PageData(*page);
    EXPECT_EQ(data.at("rules"), "dingle");
    EXPECT_EQ(data.at("result").at("starts"), starts);
    EXPECT_NE(wl::testing::ReadFile(dir / "trace.jsonl").find("\"ev\""),
              std::string::npos);
    EXPECT_NE(page->find("Dingle\\u2019s no-fog view"), std::string::npos);
    EXPECT_NE(page->find("Dingle's Warlight replay"), std::string::npos);
    // Player1's income in round 1 is 3 (dingle §5): no bonus at the start.
    EXPECT_EQ(data.at("stats").at("income").at(0).at(0), 3) << starts;
    EXPECT_EQ(data.at("stats").at("income").at(1).at(0), 5) << starts;
    fs::remove_all(dir);
  }
}

TEST(ViewerRulesTest, AWl2PageCarriesNoRulesAndNoRulesScript) {
  const fs::path dir = wl::testing::FreshTempDir("viewer_wl2");
  const std::string replay = PlayInto(RuleSet::kWl2, "", dir);
  absl::StatusOr<std::string> page = ReplayHtml(dir.string());
  ASSERT_TRUE(page.ok()) << page.status();
  ExpectPageMatchesReplay(*page, replay, "wl2 game");
  EXPECT_FALSE(PageData(*page).as_object().contains("rules"));
  EXPECT_EQ(page->find(kRulesJsMark), std::string::npos);
  EXPECT_NE(page->find("Warlight replay: greedy vs random"), std::string::npos);
  // A result.json without "rules" (before rule sets) is the same page.
  ReplayFiles files;
  files.replay = replay;
  files.map_json = wl::testing::ReadFile(dir / "map.json");
  files.result = wl::testing::ReadFile(dir / "result.json");
  files.dump[0] = wl::testing::ReadFile(dir / "dump_player1.txt");
  files.dump[1] = wl::testing::ReadFile(dir / "dump_player2.txt");
  const std::string with_rules = *ReplayHtmlFromFiles(files);
  files.rules = RuleSet::kWl2;
  EXPECT_EQ(*ReplayHtmlFromFiles(files), with_rules);
  fs::remove_all(dir);
}

// The official WL1 recordings open as stored (replay.txt.gz, gzipped dumps,
// meta.json's "wl1-earth"), and every parse error glued into their dumps is
// listed in its round.
TEST(ViewerRulesTest, TheOfficialWl1RecordingsOpenAsStored) {
  WL_REQUIRE_SHARED();
  const fs::path root = wl::testing::SharedDir() / "wl1" / "conformance";
  if (!fs::is_directory(root)) GTEST_SKIP() << root << " is absent";
  int games = 0, parse_errors = 0;
  for (int g = 0; g < 100; ++g) {
    const fs::path dir = root / (g < 10 ? "g00" : "g0") += std::to_string(g);
    if (!fs::is_directory(dir)) continue;
    absl::StatusOr<RecordedGame> recorded = LoadRecordedGame(dir.string());
    ASSERT_TRUE(recorded.ok()) << recorded.status();
    absl::StatusOr<std::string> page = ReplayHtml(dir.string());
    ASSERT_TRUE(page.ok()) << dir << ": " << page.status();
    ExpectPageMatchesReplay(*page, recorded->replay, dir.filename().string());
    const json::value data = PageData(*page);
    EXPECT_EQ(data.at("rules"), "wl1") << dir;
    int expected = 0, listed = 0;
    for (const std::string& dump : recorded->dump) {
      expected += wl::testing::Occurrences(dump, "Parse error:") +
                  wl::testing::Occurrences(dump, "Move input is null");
    }
    for (const json::value& round : data.at("logs").as_array()) {
      for (const json::value& log : round.as_array()) {
        if (log.as_array()[1].as_int64() == 0) ++listed;
      }
    }
    EXPECT_EQ(listed, expected) << dir;
    parse_errors += listed;
    ++games;
  }
  EXPECT_EQ(games, 26);
  EXPECT_GT(parse_errors, 0) << "the recordings hold parse errors";
}

// Dingle's recordings hold trace.jsonl and no replay: the page shows their
// game played again from the seed and the recorded answers, with the
// recording's agents, its final position and its winner.
TEST(ViewerRulesTest, TheDingleRecordingsOpenPlayedAgain) {
  WL_REQUIRE_SHARED();
  const fs::path root = wl::testing::SharedDir() / "dingle" / "conformance";
  if (!fs::is_directory(root)) GTEST_SKIP() << root << " is absent";
  int games = 0;
  for (int g = 0; g < 100; ++g) {
    const fs::path dir = root / (g < 10 ? "g00" : "g0") += std::to_string(g);
    if (!fs::is_directory(dir)) continue;
    absl::StatusOr<DingleReplay> again = ReplayDingleRecording(dir.string());
    ASSERT_TRUE(again.ok()) << again.status();
    absl::StatusOr<std::string> page = ReplayHtml(dir.string());
    ASSERT_TRUE(page.ok()) << dir << ": " << page.status();
    ExpectPageMatchesReplay(*page, again->record.replay,
                            dir.filename().string());
    const json::value data = PageData(*page);
    EXPECT_EQ(data.at("rules"), "dingle") << dir;
    const json::value meta =
        json::parse(wl::testing::ReadFile(dir / "meta.json"));
    EXPECT_EQ(data.at("result").at("winner"),
              meta.at("winner").as_int64() == 1 ? "player1" : "player2")
        << dir;
    EXPECT_EQ(data.at("result").at("players").at(0).at("bot"),
              meta.at("agents").at("player1"))
        << dir;
    ++games;
  }
  EXPECT_EQ(games, 26);
}

// A folder with a trace that is not a recording: one clear error.
TEST(ViewerRulesTest, ABrokenDingleRecordingIsOneError) {
  const fs::path dir = wl::testing::FreshTempDir("viewer_trace");
  ASSERT_TRUE(WriteFileAtomically((dir / "trace.jsonl").string(), "{}\n").ok());
  absl::StatusOr<std::string> page = ReplayHtml(dir.string());
  ASSERT_FALSE(page.ok());
  EXPECT_NE(page.status().message().find(dir.string()), std::string::npos)
      << page.status();
  EXPECT_EQ(page.status().message().find('\n'), std::string::npos);
  fs::remove_all(dir);
}

// In a browser: rules.js runs (no script error stops the page), says which
// rules the game followed, names round 0 and renames Dingle's views.
TEST(ViewerRulesBrowserTest, TheRulesNoteRoundZeroAndViewsShow) {
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = oracle::FindChromium();
  struct Case {
    RuleSet rules;
    std::string note, round0, view1;
  };
  for (const Case& c :
       {Case{RuleSet::kWl1, "Warlight AI Challenge 1 rules",
             "after the draft (WL1 replays start here)",
             "player1 (greedy)'s fog"},
        Case{RuleSet::kDingle, "Dingle\u2019s no-fog view", "starting regions",
             "player1 (greedy)\u2019s view (no fog)"}}) {
    SCOPED_TRACE(std::string(RuleSetName(c.rules)));
    const fs::path dir = wl::testing::FreshTempDir("viewer_browser_rules");
    PlayInto(c.rules, "", dir);
    const std::string dom = oracle::RunChromium(
        chromium, "--dump-dom",
        "file://" + (dir / "replay.html").string() + "?round=0&view=1");
    EXPECT_NE(TextOf(dom, "rules").find(c.note), std::string::npos) << dom;
    EXPECT_EQ(TextOf(dom, "event"), c.round0);
    EXPECT_EQ(TextOf(dom, "round"), "0");
    EXPECT_NE(dom.find(c.view1), std::string::npos);
    // A later round is not renamed.
    const std::string later = oracle::RunChromium(
        chromium, "--dump-dom",
        "file://" + (dir / "replay.html").string() + "?round=2");
    EXPECT_EQ(TextOf(later, "event"), "start of round 2");
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace wl::tools
