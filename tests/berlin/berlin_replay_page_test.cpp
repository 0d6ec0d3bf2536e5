// The Berlin replay page (tools/berlin/berlin_replay_page.h): for every
// shared recorded game (2 to 4 players, a directed map, negative counts)
// the page holds the game verbatim, the per-turn standing and the result
// scored by the rules core (equal to meta.json's); it holds the shell's and
// Berlin's web files and nothing from the network; a game of 0 turns starts
// from the map's setup; bad games are one clear error. In headless Chromium
// (skipped when absent) the page draws every node, the turn's moves as
// arrows and the states of the step asked for, without a script error.
#include "berlin/berlin_replay_page.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"
#include "viewer/replay_oracle.h"
#include "web/berlin_web.h"
#include "web/viewer_web.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using oracle::Attributes;
using oracle::BodyError;
using oracle::TextOf;

// The page's data (<script id="replay-data">).
json::object PageData(const std::string& page) {
  const std::string open = "id=\"replay-data\">";
  const size_t start = page.find(open);
  EXPECT_NE(start, std::string::npos);
  if (start == std::string::npos) return {};
  const size_t from = start + open.size();
  return json::parse(page.substr(from, page.find("</script>", from) - from))
      .as_object();
}

std::string PageOf(const std::string& game_json) {
  absl::StatusOr<std::string> page = BerlinReplayHtml(game_json);
  EXPECT_TRUE(page.ok()) << page.status();
  return page.ok() ? *page : "";
}

// A small game: a line of 3 nodes (city 1, node 2, city 3), 2 players,
// `turns` turns of nothing happening but spawns.
json::value TinyGame(int turns) {
  json::value game = json::parse(R"({"game":{"id":1,"number_of_turns":0,
    "replay":{"infos":{"current_turn":0,"number_of_players":2},"turns":{}},
    "map":{"id":9,"name":"tiny","representation":{
      "infos":{"name":"tiny","maximum_number_of_turns":5},
      "types":[{"name":"city","points":1,"soldiers_per_turn":1},
               {"name":"node","points":0,"soldiers_per_turn":0}],
      "nodes":[{"id":1,"type":"city","x":0,"y":0},
               {"id":2,"type":"node","x":50,"y":0},
               {"id":3,"type":"city","x":100,"y":0}],
      "paths":[{"from":1,"to":2},{"from":2,"to":3}],
      "setup":{"2":{"0":[{"node":1,"number_of_soldiers":5}],
                    "1":[{"node":3,"number_of_soldiers":4}]}}}},
    "artificial_intelligences":[{"id":7,"name":"b","user_id":null},
                                {"id":8,"name":"a","user_id":null}]}})");
  json::object& g = game.at("game").as_object();
  auto state = [](int a, int b) {
    json::array s;
    for (int id = 1; id <= 3; ++id) {
      const int n = id == 1 ? a : id == 3 ? b : 0;
      s.push_back(json::object{
          {"node_id", id},
          {"player_id", id == 2 ? json::value(nullptr) : json::value(id / 2)},
          {"number_of_soldiers", n}});
    }
    return s;
  };
  for (int t = 1; t <= turns; ++t) {
    json::array spawns{
        json::object{
            {"node_id", 1}, {"player_id", 0}, {"number_of_soldiers", 1}},
        json::object{
            {"node_id", 3}, {"player_id", 1}, {"number_of_soldiers", 1}}};
    g["replay"].as_object()["turns"].as_object()[std::to_string(t)] =
        json::object{{"states_pre", state(4 + t, 3 + t)},
                     {"moves", json::array{}},
                     {"states_post", state(4 + t, 3 + t)},
                     {"spawns", spawns}};
  }
  g["number_of_turns"] = turns;
  return game;
}

TEST(BerlinReplayPageTest, EveryRecordedGameWithItsStandingAndResult) {
  WL_REQUIRE_BERLIN_SHARED();
  const std::vector<fs::path> games = testing::BerlinConformanceGames();
  ASSERT_GE(games.size(), 20u);
  for (const fs::path& dir : games) {
    SCOPED_TRACE(dir.string());
    const std::string text = testing::ReadFile(dir / "game.json");
    const std::string page = PageOf(text);
    ASSERT_FALSE(page.empty());
    const json::object data = PageData(page);
    const json::value game = json::parse(text);
    EXPECT_EQ(data.at("game"), game.at("game"));  // verbatim
    const json::value meta = json::parse(testing::ReadFile(dir / "meta.json"));
    const int turns = int(meta.at("number_of_turns").as_int64());
    const size_t players = meta.at("players").as_array().size();
    const json::object& stats = data.at("stats").as_object();
    for (const char* key : {"nodes", "soldiers", "points"}) {
      ASSERT_EQ(stats.at(key).as_array().size(), players) << key;
      EXPECT_EQ(stats.at(key).as_array()[0].as_array().size(),
                size_t(turns + 1))
          << key;
    }
    const json::object& result = data.at("result").as_object();
    json::array winners;
    for (const json::value& r : meta.at("results").as_array()) {
      const int64_t p = r.at("player_id").as_int64();
      EXPECT_DOUBLE_EQ(result.at("scores").as_array()[p].to_number<double>(),
                       r.at("score").to_number<double>())
          << "player " << p;
      // The chart's last points are the result's.
      EXPECT_EQ(stats.at("points").as_array()[p].as_array().back(),
                result.at("points").as_array()[p]);
    }
    for (const json::value& w : meta.at("winners").as_array()) {
      winners.push_back(w);
    }
    std::sort(winners.begin(), winners.end(),
              [](const json::value& a, const json::value& b) {
                return a.as_int64() < b.as_int64();
              });
    EXPECT_EQ(result.at("winners"), json::value(winners));
    // Round 0 is turn 1's states_pre.
    const json::array& pre = game.at("game")
                                 .at("replay")
                                 .at("turns")
                                 .at("1")
                                 .at("states_pre")
                                 .as_array();
    const json::array& start = data.at("start").as_array();
    ASSERT_EQ(start.size(), pre.size());
    for (size_t i = 0; i < pre.size(); ++i) {
      EXPECT_EQ(start[i].as_array()[0], pre[i].at("player_id"));
      EXPECT_EQ(start[i].as_array()[1], pre[i].at("number_of_soldiers"));
    }
  }
}

TEST(BerlinReplayPageTest, SelfContainedWithTheShellAndBerlinWebFiles) {
  const std::string page = PageOf(json::serialize(TinyGame(2)));
  for (std::string_view part :
       {web::kBerlinReplayJs, web::kBerlinReplayCss, web::kBerlinBoardHtml,
        web::kBerlinPanelHtml, web::kViewerShellJs, web::kViewerShellCss}) {
    EXPECT_NE(page.find(part), std::string::npos) << part.substr(0, 60);
  }
  for (const char* banned :
       {"<link", " src=", "@import", "url(", "fetch(", "https://"}) {
    EXPECT_EQ(page.find(banned), std::string::npos) << banned;
  }
  EXPECT_NE(page.find("<title>Berlin replay: b vs a</title>"),
            std::string::npos);
}

TEST(BerlinReplayPageTest, NamesComeFromPlayerIdsOnly) {
  json::value game = TinyGame(1);
  json::object data = PageData(PageOf(json::serialize(game)));
  // The official shape does not say who played which id (berlin §8).
  EXPECT_EQ(data.at("players"), json::parse(R"(["player 0","player 1"])"));
  EXPECT_EQ(data.at("ais"), json::parse(R"(["b","a"])"));
  json::array& ais = game.at("game").at("artificial_intelligences").as_array();
  ais[0].as_object()["player_id"] = 1;
  ais[1].as_object()["player_id"] = 0;
  ais[1].as_object()["name"] = "</script><script>alert(1)</script>";
  const std::string page = PageOf(json::serialize(game));
  EXPECT_EQ(page.find("alert(1)</script>"), std::string::npos);
  data = PageData(page);
  EXPECT_EQ(data.at("players"),
            json::parse(R"(["<\/script><script>alert(1)<\/script>","b"])"));
  EXPECT_EQ(data.at("ais"), json::array());
}

TEST(BerlinReplayPageTest, AGameOfZeroTurnsStartsFromTheSetup) {
  const json::object data = PageData(PageOf(json::serialize(TinyGame(0))));
  EXPECT_EQ(data.at("start"), json::parse("[[0,5],[null,0],[1,4]]"));
  EXPECT_EQ(data.at("stats").at("points"), json::parse("[[1],[1]]"));
  EXPECT_EQ(data.at("result").at("winners"), json::parse("[0,1]"));
  EXPECT_EQ(data.at("map").at("paths"),
            json::parse("[[0,1],[1,0],[1,2],[2,1]]"));
}

TEST(BerlinReplayPageTest, NegativeCountsAndFourPlayers) {
  json::value game = TinyGame(1);
  json::object& g = game.at("game").as_object();
  g["replay"].as_object()["infos"].as_object()["number_of_players"] = 4;
  json::object& turn = g["replay"].at("turns").at("1").as_object();
  turn["states_post"].as_array()[1] = json::object{
      {"node_id", 2}, {"player_id", 3}, {"number_of_soldiers", -7}};
  turn["spawns"].as_array().push_back(json::object{
      {"node_id", 2}, {"player_id", 3}, {"number_of_soldiers", -2}});
  const json::object data = PageData(PageOf(json::serialize(game)));
  EXPECT_EQ(data.at("players").as_array().size(), 4u);
  EXPECT_EQ(data.at("stats").at("soldiers"),
            json::parse("[[5,6],[4,5],[0,0],[0,-9]]"));
  EXPECT_EQ(data.at("stats").at("nodes"),
            json::parse("[[1,1],[1,1],[0,0],[0,1]]"));
}

TEST(BerlinReplayPageTest, BadGamesAreOneClearError) {
  auto error = [](const json::value& game) {
    absl::StatusOr<std::string> page = BerlinReplayHtml(json::serialize(game));
    EXPECT_FALSE(page.ok());
    EXPECT_EQ(page.status().code(), absl::StatusCode::kInvalidArgument);
    return page.ok() ? std::string("") : std::string(page.status().message());
  };
  EXPECT_NE(BerlinReplayHtml("{").status().message().find("not JSON"),
            std::string::npos);
  EXPECT_NE(error(json::parse("[1]")).find("{\"game\""), std::string::npos);
  json::value game = TinyGame(2);
  json::object& g = game.at("game").as_object();
  json::value map = g["map"];
  g.erase("map");
  EXPECT_NE(error(game).find("--map FILE"), std::string::npos);
  g["map"] = map;
  json::object& turns = g["replay"].as_object()["turns"].as_object();
  json::value second = turns["2"];
  turns.erase("2");
  EXPECT_NE(error(game).find("number_of_turns is 2"), std::string::npos);
  turns["3"] = second;
  EXPECT_NE(error(game).find("no turn \"2\""), std::string::npos);
  turns.erase("3");
  turns["2"] = second;
  json::array& post = turns["1"].as_object()["states_post"].as_array();
  std::swap(post[0], post[1]);
  EXPECT_NE(error(game).find("turn 1 states_post[0]: node_id is not 1"),
            std::string::npos);
  std::swap(post[0], post[1]);
  post[0].as_object()["player_id"] = 2;
  EXPECT_NE(error(game).find("player_id is neither null nor a player"),
            std::string::npos);
  post[0].as_object()["player_id"] = 0;
  post[0].as_object()["number_of_soldiers"] = 1.5;
  EXPECT_NE(error(game).find("not an int32"), std::string::npos);
  post[0].as_object()["number_of_soldiers"] = 5;
  turns["1"].as_object()["moves"] = json::parse(
      R"([{"player_id":0,"from":1,"to":4,"number_of_soldiers":1}])");
  EXPECT_NE(error(game).find("moves[0]: to is not a node of the map"),
            std::string::npos);
  turns["1"].as_object()["moves"] = json::array();
  g["map"]
      .as_object()["representation"]
      .as_object()["nodes"]
      .as_array()[0]
      .as_object()["type"] = "castle";
  EXPECT_NE(error(game).find("game.map"), std::string::npos);
}

// ---------------------------------------------------------------------------
// In the browser.

TEST(BerlinReplayPageBrowserTest, ChromiumDrawsNodesMovesAndStates) {
  WL_REQUIRE_BERLIN_SHARED();
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = oracle::FindChromium();
  const fs::path dir = testing::FreshTempDir("berlin_page");
  // g009: 4 players; g015: a directed map; g017: negative counts.
  struct Look {
    std::string game;
    int turn, step;
  } const looks[] = {{"g009", 5, 1}, {"g015", 3, 2}, {"g017", 20, 3}};
  for (const Look& look : looks) {
    SCOPED_TRACE(look.game);
    const fs::path folder =
        testing::BerlinSharedDir() / "conformance" / look.game;
    const json::value game =
        json::parse(testing::ReadFile(folder / "game.json"));
    const fs::path html = dir / (look.game + ".html");
    {
      std::ofstream out(html);
      out << PageOf(json::serialize(game));
    }
    const std::string dom = oracle::RunChromium(
        chromium, "--dump-dom",
        "file://" + html.string() + "?round=" + std::to_string(look.turn) +
            "&step=" + std::to_string(look.step));
    ASSERT_FALSE(dom.empty());
    EXPECT_EQ(BodyError(dom), "") << TextOf(dom, "event");
    EXPECT_NE(dom.find("data-round=\"" + std::to_string(look.turn)),
              std::string::npos);
    const json::object& turn = game.at("game")
                                   .at("replay")
                                   .at("turns")
                                   .at(std::to_string(look.turn))
                                   .as_object();
    const json::array& nodes =
        game.at("game").at("map").at("representation").at("nodes").as_array();
    const std::vector<std::string> ids =
        Attributes(dom, "<g class=\"nd", "data-id");
    ASSERT_EQ(ids.size(), nodes.size());
    EXPECT_EQ(TextOf(dom, "round"), std::to_string(look.turn));
    EXPECT_EQ(TextOf(dom, "step"), std::to_string(look.step) + "/3");
    const size_t arrows = Attributes(dom, "<line class=\"mv", "x1").size();
    EXPECT_EQ(arrows, look.step == 3 ? 0 : turn.at("moves").as_array().size());
    // The nodes show the step's state: states_pre, states_post, and after
    // the spawns the next turn's states_pre (berlin §5.8).
    const json::array& shown =
        look.step == 3
            ? game.at("game")
                  .at("replay")
                  .at("turns")
                  .at(std::to_string(look.turn + 1))
                  .at("states_pre")
                  .as_array()
            : turn.at(look.step == 1 ? "states_pre" : "states_post").as_array();
    const std::vector<std::string> owners =
        Attributes(dom, "<g class=\"nd", "data-owner");
    const std::vector<std::string> soldiers =
        Attributes(dom, "<g class=\"nd", "data-soldiers");
    int negative = 0;
    ASSERT_EQ(owners.size(), shown.size());
    for (size_t i = 0; i < shown.size(); ++i) {
      const json::value& owner = shown[i].at("player_id");
      EXPECT_EQ(owners[i],
                owner.is_null() ? "free" : "p" + json::serialize(owner));
      EXPECT_EQ(soldiers[i],
                json::serialize(shown[i].at("number_of_soldiers")));
    }
    for (const std::string& s : soldiers) negative += s[0] == '-';
    if (look.game == "g015") {
      EXPECT_GT(testing::Occurrences(dom, "<polygon class=\"oneway\""), 0);
    }
    if (look.game == "g017") {
      EXPECT_GT(negative, 0);
    }
  }
  fs::remove_all(dir);
}

TEST(BerlinReplayPageBrowserTest,
     ChromiumShowsAGameOfZeroTurnsAndScriptErrors) {
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = oracle::FindChromium();
  const fs::path dir = testing::FreshTempDir("berlin_page_zero");
  const std::string page = PageOf(json::serialize(TinyGame(0)));
  const std::string broken = [&] {
    std::string text = page;
    const size_t at = text.rfind("ReplayShell.start(");
    return text.replace(at, 17, "ReplayShell.nope");
  }();
  for (const auto& [name, text] :
       {std::pair{"zero", page}, std::pair{"broken", broken}}) {
    std::ofstream(dir / (std::string(name) + ".html")) << text;
  }
  std::string dom = oracle::RunChromium(
      chromium, "--dump-dom", "file://" + (dir / "zero.html").string());
  EXPECT_EQ(BodyError(dom), "") << TextOf(dom, "event");
  EXPECT_EQ(Attributes(dom, "<g class=\"nd", "data-owner"),
            (std::vector<std::string>{"p0", "free", "p1"}));
  EXPECT_EQ(TextOf(dom, "rounds"), "0");
  EXPECT_EQ(TextOf(dom, "result"),
            "Co-winners: player 0, player 1 with 1 points each after 0 turns");
  // A failing script says so in the page.
  dom = oracle::RunChromium(chromium, "--dump-dom",
                            "file://" + (dir / "broken.html").string());
  EXPECT_NE(BodyError(dom), "");
  EXPECT_NE(TextOf(dom, "event").find("the page failed"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
