// The replay viewer (tools/viewer): the page's compact replay decodes to
// exactly the states and events of every history of replay.txt (official
// recordings and a generated game), the layout is deterministic and clear,
// `warlight view` rejects bad input, and headless Chromium shows what
// replay.txt says: round, step, owners and armies, and in the players' views
// nothing the fog hides. The browser test saves a screenshot of a mid-game
// round to <build>/viewer_screenshot.png, and skips if Chromium is absent.
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "common/files.h"
#include "gtest/gtest.h"
#include "replay_oracle.h"
#include "shared_data.h"
#include "shell.h"
#include "wl/builtin_bots.h"
#include "wl/commands/map_layout.h"
#include "wl/commands/view.h"
#include "wl/engine.h"
#include "wl/game_files.h"
#include "wl/in_process_seat.h"
#include "wl/map_json.h"
#include "wl/mapgen.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using oracle::ExpectPageMatchesReplay;
using oracle::Lines;
using oracle::Oracle;
using oracle::OracleRound;
using oracle::PageData;
using oracle::ReadHistories;
using oracle::Regions;
using oracle::Shown;

// ---------------------------------------------------------------------------
// A game folder as `warlight match` writes it.

fs::path TempDir(const std::string& name) {
  return wl::testing::FreshTempDir("viewer_" + name);
}

// The largest real map (90 regions) if ../shared is there, else a generated
// 90-region map; its JSON as the game folder keeps it.
std::string NinetyRegionMapJson(std::string* name) {
  if (wl::testing::HaveShared()) {
    fs::path best;
    int most = 0;
    std::vector<fs::path> files;
    for (const auto& e :
         fs::directory_iterator(wl::testing::SharedDir() / "maps" / "real")) {
      files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      absl::StatusOr<Map> map = LoadMapFile(file.string());
      if (map.ok() && map->RegionCount() > most) {
        most = map->RegionCount();
        best = file;
      }
    }
    if (!best.empty()) {
      *name = best.string();
      return wl::testing::ReadFile(best);
    }
  }
  MapgenOptions options;
  options.seed = 7;
  options.regions = 90;
  absl::StatusOr<GeneratedMap> g = GenerateMap(options);
  *name = "generated (seed 7, 90 regions)";
  return g.ok() ? GeneratedMapToJson(*g) : "";
}

struct TestGame {
  fs::path dir;
  std::string replay;
  int rounds = 0;
};

TestGame WriteGame(const std::string& name) {
  TestGame game;
  game.dir = TempDir(name);
  std::string map_name;
  const std::string map_json = NinetyRegionMapJson(&map_name);
  absl::StatusOr<Map> map = ParseMapJson(map_json);
  EXPECT_TRUE(map.ok()) << map.status();
  if (!map.ok()) return game;
  EXPECT_EQ(map->RegionCount(), 90);
  constexpr int64_t kSeed = 2;
  InProcessSeat p1(MakeBuiltInBot("starter", 1));
  InProcessSeat p2(MakeBuiltInBot("starter", 2));
  GameRecord record = PlayGame(*map, kSeed, p1, p2);
  const std::string result =
      ResultJson(record, kSeed, map_name, "starter", "starter", "viewer_test");
  for (auto [file, text] : {std::pair<const char*, const std::string*>{
                                "dump_player1.txt", &record.dump[0]},
                            {"dump_player2.txt", &record.dump[1]},
                            {"replay.txt", &record.replay},
                            {"map.json", &map_json},
                            {"result.json", &result}}) {
    EXPECT_TRUE(WriteFileAtomically((game.dir / file).string(), *text).ok());
  }
  game.replay = record.replay;
  game.rounds = record.rounds;
  return game;
}

// ---------------------------------------------------------------------------
// The page's data, checked against replay.txt without a browser.

TEST(ViewerTest, PageHoldsEveryStateAndEventOfAGeneratedGame) {
  TestGame game = WriteGame("data");
  ASSERT_GE(game.rounds, 4);
  ASSERT_TRUE(WriteReplayHtml(game.dir.string()).ok());
  const std::string page = wl::testing::ReadFile(game.dir / "replay.html");
  ExpectPageMatchesReplay(page, game.replay, "generated game");
  // Self-contained: no external script, style sheet, font, image or fetch.
  for (const char* banned : {"<link", " src=", "@import", "url(http", "fetch(",
                             "XMLHttpRequest", "https://"}) {
    EXPECT_EQ(page.find(banned), std::string::npos) << banned;
  }
  size_t http = 0;
  while ((http = page.find("http://", http)) != std::string::npos) {
    EXPECT_EQ(page.compare(http, 26, "http://www.w3.org/2000/svg"), 0)
        << page.substr(http, 60);
    ++http;
  }
  // Small: the replay is stored as per-step changes.
  EXPECT_LT(page.size(), 400u * 1024) << "rounds " << game.rounds;
  fs::remove_all(game.dir);
}

TEST(ViewerTest, PageHoldsEveryStateAndEventOfTheOfficialRecordings) {
  WL_REQUIRE_SHARED();
  int games = 0, parse_errors = 0;
  for (const fs::path& dir : wl::testing::ConformanceGames()) {
    absl::StatusOr<RecordedGame> recorded = LoadRecordedGame(dir.string());
    ASSERT_TRUE(recorded.ok()) << recorded.status();
    ReplayFiles files;
    files.replay = recorded->replay;
    files.map_json = wl::testing::ReadFile(recorded->map_path);
    files.dump[0] = recorded->dump[0];
    files.dump[1] = recorded->dump[1];
    absl::StatusOr<std::string> page = ReplayHtmlFromFiles(files);
    ASSERT_TRUE(page.ok()) << dir << ": " << page.status();
    ExpectPageMatchesReplay(*page, files.replay, dir.filename().string());
    // Every parse error of the dumps is listed in its round (some are glued
    // to a time-out's "Output from your bot: null").
    int expected = 0, listed = 0;
    for (const std::string& dump : files.dump) {
      for (const std::string& line : Lines(dump)) {
        if (line.rfind("Output from your bot: \"", 0) == 0) continue;
        if (line.find("Parse error:") != std::string::npos ||
            line == "Move input is null") {
          ++expected;
        }
      }
    }
    const json::value data = PageData(*page);
    for (const json::value& round : data.at("logs").as_array()) {
      for (const json::value& log : round.as_array()) {
        if (log.as_array()[1].as_int64() == 0) ++listed;
      }
    }
    EXPECT_EQ(listed, expected) << dir;
    parse_errors += listed;
    ++games;
  }
  EXPECT_GT(games, 0);
  EXPECT_GT(parse_errors, 0) << "the recordings hold parse errors";
}

TEST(ViewerTest, LayoutIsDeterministicAndKeepsRegionsApart) {
  std::string name;
  absl::StatusOr<Map> map = ParseMapJson(NinetyRegionMapJson(&name));
  ASSERT_TRUE(map.ok());
  const MapLayout a = LayoutMap(*map, std::nullopt);
  const MapLayout b = LayoutMap(*map, std::nullopt);
  EXPECT_EQ(a.centers, b.centers);
  EXPECT_EQ(a.width, b.width);
  const std::vector<int>& ids = map->RegionIds();
  double linked = 0, unlinked = 0;
  int links = 0, pairs = 0;
  for (int p : ids) {
    const auto [px, py] = a.centers[p];
    EXPECT_GE(px, a.radius);
    EXPECT_GE(py, a.radius);
    EXPECT_LE(px, a.width - a.radius);
    EXPECT_LE(py, a.height - a.radius);
    for (int q : ids) {
      if (q <= p) continue;
      const double dist =
          std::hypot(px - a.centers[q].first, py - a.centers[q].second);
      EXPECT_GE(dist, 2.4 * a.radius - 0.5) << p << " " << q;
      if (map->AreNeighbors(p, q)) {
        linked += dist;
        ++links;
      } else {
        unlinked += dist;
        ++pairs;
      }
    }
  }
  // A readable graph drawing: neighbours sit much closer than the average
  // pair of regions.
  EXPECT_LT(linked / links, 0.3 * (unlinked / pairs));
  // Given positions are kept (up to scale) when regions do not touch.
  std::vector<std::pair<double, double>> positions(ids.back() + 1);
  for (int id : ids) {
    positions[id] = {(id % 10) * 0.1, (id / 10) * 0.1};
  }
  const MapLayout grid = LayoutMap(*map, positions);
  for (int id : ids) {
    EXPECT_NEAR(grid.centers[id].first - grid.centers[ids[0]].first,
                (positions[id].first - positions[ids[0]].first) * 1000, 0.2);
  }
}

// ---------------------------------------------------------------------------
// Bad input.

int View(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return ViewMain(static_cast<int>(argv.size()), argv.data());
}

TEST(ViewerTest, BadInputIsOneClearErrorAndExitStatus2) {
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(View({"--help"}), 0);
  EXPECT_NE(
      ::testing::internal::GetCapturedStdout().find("usage: warlight view"),
      std::string::npos);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(View({}), 2);
  EXPECT_EQ(View({"--bogus", "x"}), 2);
  EXPECT_EQ(View({"/nonexistent/game"}), 2);
  const std::string errors = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(errors.find("needs at least one GAME_DIR"), std::string::npos);
  EXPECT_NE(errors.find("/nonexistent/game is not a folder"), std::string::npos)
      << errors;

  // A good folder, then broken copies of it.
  const fs::path dir = TempDir("bad");
  MapgenOptions options;
  options.seed = 3;
  options.regions = 20;
  absl::StatusOr<GeneratedMap> g = GenerateMap(options);
  ASSERT_TRUE(g.ok());
  InProcessSeat p1(MakeBuiltInBot("starter", 1));
  InProcessSeat p2(MakeBuiltInBot("random", 2));
  GameRecord record = PlayGame(g->map, 3, p1, p2);
  ASSERT_TRUE(
      WriteFileAtomically((dir / "replay.txt").string(), record.replay).ok());
  ASSERT_TRUE(
      WriteFileAtomically((dir / "map.json").string(), GeneratedMapToJson(*g))
          .ok());
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(View({dir.string()}), 0);  // result.json and dumps are optional
  EXPECT_EQ(::testing::internal::GetCapturedStdout(),
            (dir / "replay.html").string() + "\n");
  ASSERT_TRUE(fs::exists(dir / "replay.html"));

  std::string neutral = "map ";  // every region neutral
  for (int id : g->map.RegionIds()) {
    neutral += std::to_string(id) + ";neutral;2 ";
  }
  neutral += "\n";
  struct Case {
    std::string file, text, message;
  } const cases[] = {
      {"replay.txt", "", "replay.txt is empty"},
      {"replay.txt", "hello\n", "replay.txt line 1: expected the draft"},
      {"replay.txt",
       record.replay.substr(
           0, record.replay.rfind('\n', record.replay.size() / 2) + 1),
       "does not end with"},
      {"replay.txt", "1 2 \nmap 1;neutral;2 \n",
       "replay.txt line 2: region 2 is missing"},
      {"replay.txt", "map 1;nobody;2 \n", "unknown owner \"nobody\""},
      {"replay.txt", record.replay + "extra\n", "unexpected text after"},
      {"replay.txt",
       neutral + "round 0\nround 1\nNobody won\n" + neutral +
           "round 0\nNobody won\n" + neutral + "round 0\nNobody won\n",
       "player1's history (0 rounds, \"Nobody won\") does not match the full "
       "history (1 rounds"},
      {"map.json", "{", "map.json: map is not valid JSON"},
      {"result.json", "[1,2]", "result.json is not a JSON object"},
  };
  for (const Case& c : cases) {
    const fs::path broken = TempDir("broken");
    for (const char* f : {"replay.txt", "map.json"}) {
      fs::copy_file(dir / f, broken / f);
    }
    ASSERT_TRUE(WriteFileAtomically((broken / c.file).string(), c.text).ok());
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(View({broken.string()}), 2) << c.message;
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find(c.message), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_FALSE(fs::exists(broken / "replay.html"));
    fs::remove_all(broken);
  }
  fs::remove(dir / "replay.txt");
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(View({dir.string()}), 2);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("cannot read"),
            std::string::npos);
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------
// In the browser.

using oracle::Attribute;
using oracle::FindChromium;
using oracle::RunChromium;
using oracle::TextOf;

// What the page shows per region: data-owner, data-armies, and the army
// label's text (which must agree with data-armies).
Regions ShownRegions(const std::string& dom) {
  Regions regions;
  for (size_t at = 0; (at = dom.find("<g class=\"rg", at)) != std::string::npos;
       ++at) {
    const std::string element = dom.substr(at, dom.find("</g>", at) - at);
    const std::string tag = element.substr(0, element.find('>'));
    const int id = std::stoi(Attribute(tag, "data-id"));
    const Shown shown{Attribute(tag, "data-owner"),
                      Attribute(tag, "data-armies")};
    const std::string label = "<text class=\"a\"";
    size_t text = element.find(label);
    EXPECT_NE(text, std::string::npos) << id;
    text = element.find('>', text) + 1;
    EXPECT_EQ(element.substr(text, element.find('<', text) - text),
              shown.armies)
        << "region " << id << ": the label differs from data-armies";
    regions[id] = shown;
  }
  return regions;
}

TEST(ViewerBrowserTest, ChromiumShowsRoundsOwnersArmiesAndTheFog) {
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = FindChromium();
  const auto started = std::chrono::steady_clock::now();
  TestGame game = WriteGame("browser");
  ASSERT_GE(game.rounds, 6);
  ASSERT_TRUE(WriteReplayHtml(game.dir.string()).ok());
  const std::vector<Oracle> histories = ReadHistories(game.replay);
  ASSERT_EQ(histories.size(), 3u);
  const std::string page = "file://" + (game.dir / "replay.html").string();
  const int mid = game.rounds / 2;
  const char* const kViews[] = {"full", "player1", "player2"};

  // What to open, and which round, step (-1: the round's last) and view it
  // must show. The last one presses keys: v twice (player2's view), down
  // (the next round), right three times and left once (its second event).
  struct Look {
    std::string query;
    int round, step, view;
  } const looks[] = {
      {"round=" + std::to_string(mid) + "&step=0&view=0", mid, 0, 0},
      {"round=" + std::to_string(mid) + "&view=1", mid, 0, 1},
      {"round=" + std::to_string(mid) + "&step=-1&view=player1", mid, -1, 1},
      {"round=" + std::to_string(mid) + "&step=2&view=2", mid, 2, 2},
      {"round=" + std::to_string(mid + 1) + "&step=3", mid + 1, 3, 0},
      {"round=" + std::to_string(mid) +
           "&keys=v,v,ArrowDown,ArrowRight,ArrowRight,ArrowRight,ArrowLeft",
       mid + 1, 2, 2},
  };
  int hidden_total[3] = {0, 0, 0};
  for (const Look& look : looks) {
    SCOPED_TRACE(look.query);
    const OracleRound& round = histories[look.view][look.round];
    const int last = static_cast<int>(round.events.size());
    ASSERT_GE(last, 3) << "a mid-game round with too few events to step";
    const int step = look.step < 0 ? last : look.step;
    const std::string dom =
        RunChromium(chromium, "--dump-dom", page + "?" + look.query);
    ASSERT_FALSE(dom.empty());
    EXPECT_EQ(TextOf(dom, "round"), std::to_string(look.round));
    EXPECT_EQ(TextOf(dom, "view"), kViews[look.view]);
    EXPECT_EQ(TextOf(dom, "step"),
              std::to_string(step) + "/" + std::to_string(last));
    if (step > 0) {
      EXPECT_EQ(TextOf(dom, "event"), round.events[step - 1]);
    }
    const Regions shown = ShownRegions(dom);
    const Regions& expected = round.states[step];
    ASSERT_EQ(shown.size(), 90u);
    int hidden = 0;
    for (const auto& [id, want] : expected) {
      ASSERT_TRUE(shown.count(id)) << "region " << id;
      EXPECT_EQ(shown.at(id).owner, want.owner) << "region " << id;
      EXPECT_EQ(shown.at(id).armies, want.armies) << "region " << id;
      if (look.view == 0) {
        EXPECT_NE(shown.at(id).owner, "unknown") << "region " << id;
      } else if (want.owner == "unknown") {
        ++hidden;
        EXPECT_EQ(shown.at(id).armies, "") << "region " << id;
      }
    }
    hidden_total[look.view] += hidden;
  }
  EXPECT_GT(hidden_total[1], 0) << "player1's view hides nothing mid-game";
  EXPECT_GT(hidden_total[2], 0) << "player2's view hides nothing mid-game";

  // A screenshot of the 90-region map mid-game, with a move on it.
  const fs::path png = fs::path(WL_BINARY_DIR) / "viewer_screenshot.png";
  fs::remove(png);
  RunChromium(chromium, "--screenshot=" + png.string(),
              page + "?round=" + std::to_string(mid) + "&step=3");
  const std::string image = wl::testing::ReadFile(png);
  ASSERT_GT(image.size(), 20000u) << png;
  EXPECT_EQ(image.substr(1, 3), "PNG");
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(image[at]) << 24) |
           (static_cast<unsigned char>(image[at + 1]) << 16) |
           (static_cast<unsigned char>(image[at + 2]) << 8) |
           static_cast<unsigned char>(image[at + 3]);
  };
  EXPECT_EQ(be32(16), 1400u);  // IHDR width and height
  EXPECT_EQ(be32(20), 1000u);
  fs::remove_all(game.dir);
  std::cout << "[ viewer ] browser checks and screenshot in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - started)
                   .count()
            << " ms; screenshot: " << png.string() << "\n";
}

// Issue 32: the header counted moves that failed at execution as illegal;
// it splits them as the arena and result.json do.
TEST(ViewerBrowserTest, TheHeaderCountsRejectedAndFailedMovesApart) {
  WL_REQUIRE_CHROMIUM();
  TestGame game = WriteGame("header_moves");
  const fs::path result_path = game.dir / "result.json";
  json::value result = json::parse(wl::testing::ReadFile(result_path));
  json::object& player1 = result.at("players").as_array()[0].as_object();
  player1["illegal_moves"] = 5;
  player1["rejected_moves"] = 3;
  player1["failed_moves"] = 2;
  ASSERT_TRUE(
      WriteFileAtomically(result_path.string(), json::serialize(result)).ok());
  ASSERT_TRUE(WriteReplayHtml(game.dir.string()).ok());
  const std::string dom =
      RunChromium(FindChromium(), "--dump-dom",
                  "file://" + (game.dir / "replay.html").string() + "?round=1");
  ASSERT_FALSE(dom.empty());
  EXPECT_NE(dom.find("rejected moves 3, failed at execution 2, "),
            std::string::npos)
      << dom.substr(0, 4000);
  EXPECT_EQ(dom.find("illegal 5"), std::string::npos);
  fs::remove_all(game.dir);
}

// The texts of the move list's items (<ol id="moves">), in order.
std::vector<std::string> MoveList(const std::string& dom) {
  std::vector<std::string> items;
  const size_t begin = dom.find(" id=\"moves\"");
  const size_t end = dom.find("</ol>", begin);
  if (begin == std::string::npos || end == std::string::npos) return items;
  for (size_t at = dom.find("<li", begin); at < end;
       at = dom.find("<li", at + 1)) {
    const size_t text = dom.find('>', at) + 1;
    items.push_back(dom.substr(text, dom.find('<', text) - text));
  }
  return items;
}

// Round 0's move list shows the draft's picks as picks, not as the
// place_armies lines the replay stores them as; later rounds' placements
// stay place_armies.
TEST(ViewerBrowserTest, TheDraftsMovesArePicks) {
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = FindChromium();
  TestGame game = WriteGame("browser_picks");
  ASSERT_GE(game.rounds, 2);
  ASSERT_TRUE(WriteReplayHtml(game.dir.string()).ok());
  const std::string page = "file://" + (game.dir / "replay.html").string();
  const std::vector<std::string> draft =
      MoveList(RunChromium(chromium, "--dump-dom", page + "?round=0"));
  ASSERT_GE(draft.size(), 3u);
  EXPECT_EQ(draft[0], "draft: initial map");
  for (size_t i = 1; i < draft.size(); ++i) {
    EXPECT_EQ(draft[i].find("place_armies"), std::string::npos) << draft[i];
    EXPECT_TRUE(draft[i].rfind("player1 picks ", 0) == 0 ||
                draft[i].rfind("player2 picks ", 0) == 0)
        << draft[i];
    EXPECT_NE(draft[i].find(" armies)"), std::string::npos) << draft[i];
  }
  const std::vector<std::string> round1 =
      MoveList(RunChromium(chromium, "--dump-dom", page + "?round=1"));
  ASSERT_GE(round1.size(), 2u);
  EXPECT_NE(round1[1].find(" place_armies "), std::string::npos) << round1[1];
  fs::remove_all(game.dir);
}

}  // namespace
}  // namespace wl::tools
