// The Colorfight II replay page and the replay it reads
// (tools/colorfight/colorfight_replay_page.h). On every recorded game:
// the .cfr gunzips to a log of max_turn + 1 entries whose ranking on the
// page is meta.json's ranking_by_gold (§8); on three of them decoding it
// as colorfight §9 says (a grid from log[0], each later entry overwriting
// the first len(D[y][x]) values of each cell) gives, at turn max_turn and
// at a turn half-way, exactly game_map.data of that line of
// frames.jsonl.gz, and log[t].users is that frame's users without
// "cells". The page holds the log
// verbatim, the shell's and Colorfight's web files and nothing from the
// network; bad logs and bad gzip are one clear error. In headless Chromium
// (skipped when absent) the page's own decoding draws, at a chosen turn,
// the owners and buildings of the recorded frame, without a script error.
#include "colorfight/colorfight_replay_page.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"
#include "shell.h"
#include "viewer/replay_oracle.h"
#include "web/colorfight_web.h"
#include "web/viewer_web.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using oracle::Attributes;
using oracle::BodyError;

std::string LogOf(const fs::path& game) {
  absl::StatusOr<std::string> log =
      GunzipColorfightReplay(testing::ReadFile(game / "replay.cfr"));
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? *log : "";
}

std::string PageOf(const std::string& log_json) {
  absl::StatusOr<std::string> page = ColorfightReplayHtml(log_json);
  EXPECT_TRUE(page.ok()) << page.status();
  return page.ok() ? *page : "";
}

// A frame's users without their "cells" (§9: the log drops them).
json::value UsersWithoutCells(const json::value& frame) {
  json::object users = frame.at("users").as_object();
  for (auto& [uid, user] : users) user.as_object().erase("cells");
  return users;
}

TEST(ColorfightReplayPageTest, RecordedReplaysDecodeToTheirFrames) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<fs::path> games = testing::ColorfightGames();
  ASSERT_EQ(games.size(), 12u);
  for (const fs::path& game : games) {
    SCOPED_TRACE(game.string());
    absl::StatusOr<json::array> log = ParseColorfightReplayLog(LogOf(game));
    ASSERT_TRUE(log.ok()) << log.status();
    const json::value meta = json::parse(testing::ReadFile(game / "meta.json"));
    const size_t max_turn = meta.at("max_turn").to_number<size_t>();
    ASSERT_EQ(log->size(), max_turn + 1);
    // The page's ranking is the engine's (§8).
    const json::value data = oracle::PageData(PageOf(json::serialize(*log)));
    json::array ranking = data.at("ranking").as_array();
    for (json::value& r : ranking) r.as_object().erase("rank");
    EXPECT_EQ(json::value(ranking), meta.at("ranking_by_gold"));
    // Decoding is checked on three games (the frames are large to read):
    // g00 (2 players), g03 (a uid reused at turn 0), g05 (a late join).
    const std::string id = game.filename().string();
    if (id != "g00" && id != "g03" && id != "g05") continue;
    const std::vector<std::string> frames =
        testing::ReadGzLines(game / "frames.jsonl.gz");
    ASSERT_EQ(frames.size(), max_turn + 1);
    for (const size_t t : {max_turn / 2, max_turn}) {
      const json::value frame = json::parse(frames[t]);
      EXPECT_EQ(json::value(DecodeColorfightGrid(*log, t)),
                frame.at("game_map").at("data"))
          << "turn " << t;
      EXPECT_EQ((*log)[t].at("users"), UsersWithoutCells(frame));
    }
  }
}

TEST(ColorfightReplayPageTest, SelfContainedWithTheLogVerbatim) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::string log =
      LogOf(testing::ColorfightSharedDir() / "conformance/g05");  // a late join
  const std::string page = PageOf(log);
  EXPECT_NE(page.find("\"log\":" + log + "}"), std::string::npos);
  for (std::string_view part :
       {web::kColorfightReplayJs, web::kColorfightReplayCss,
        web::kColorfightBoardHtml, web::kColorfightPanelHtml,
        web::kViewerShellJs, web::kViewerShellCss}) {
    EXPECT_NE(page.find(part), std::string::npos) << part.substr(0, 60);
  }
  for (const char* banned :
       {"<link", " src=", "@import", "url(", "fetch(", "https://"}) {
    EXPECT_EQ(page.find(banned), std::string::npos) << banned;
  }
  const json::value data = oracle::PageData(page);
  EXPECT_EQ(data.at("ranking").as_array()[0].at("username"), "greedy4");
  EXPECT_EQ(data.at("ranking").as_array()[0].at("rank"), 1);
}

// A log of `turns` updates on a 2x1 map: cell (1, 0) is taken by uid 1 at
// turn 1.
json::array TinyLog(int turns) {
  json::array log{json::parse(R"({"turn":0,"info":{"max_turn":5,
    "max_player":2,"width":2,"height":1,"game_id":"7"},"chat":[],"error":{},
    "game_map":{"data":[[[5,0,[" ",1],1,1,0,[0,0],1,1,5],
                         [6,0,[" ",1],2,2,0,[1,0],2,2,6]]],
      "headers":["attack_cost","force_field","building","gold","energy",
                 "owner","position","natural_gold","natural_energy",
                 "natural_cost"]},"users":{}})")};
  for (int t = 1; t <= turns; ++t) {
    json::value entry = json::parse(R"({"users":{"1":{"uid":1,
      "username":"</script><b>x","gold":3,"energy":4,"dead":false,
      "tech_level":1,"cell_number":1}},"game_map":{"data":[[[],[]]]}})");
    entry.as_object()["turn"] = t;
    if (t == 1) {
      entry.at("game_map").at("data").as_array()[0].as_array()[1] =
          json::parse(R"([9,0,["h",1],10,10,1])");
    }
    log.push_back(entry);
  }
  return log;
}

TEST(ColorfightReplayPageTest, DecodesPrefixesAndEscapesNames) {
  const json::array log = TinyLog(2);
  EXPECT_EQ(json::value(DecodeColorfightGrid(log, 2)),
            json::parse(R"([[[5,0,[" ",1],1,1,0,[0,0],1,1,5],
                             [9,0,["h",1],10,10,1,[1,0],2,2,6]]])"));
  EXPECT_EQ(json::value(DecodeColorfightGrid(log, 0)),
            log[0].at("game_map").at("data"));
  const std::string page = PageOf(json::serialize(log));
  EXPECT_EQ(page.find("</script><b>"), std::string::npos);
  EXPECT_NE(page.find("<title>Colorfight replay: &lt;/script&gt;&lt;b&gt;x"),
            std::string::npos);
  EXPECT_EQ(oracle::PageData(page).at("ranking").as_array()[0].at("username"),
            "</script><b>x");
}

// The error of a log, "" when it is accepted.
std::string ErrorOf(const json::value& log) {
  absl::StatusOr<std::string> page = ColorfightReplayHtml(json::serialize(log));
  return page.ok() ? "" : std::string(page.status().message());
}

TEST(ColorfightReplayPageTest, BadLogsAreOneClearError) {
  EXPECT_NE(ColorfightReplayHtml("[{").status().message().find("not JSON"),
            std::string::npos);
  EXPECT_NE(ErrorOf(json::array()).find("not a list of frames"),
            std::string::npos);
  json::array log = TinyLog(2);
  EXPECT_EQ(ErrorOf(log), "");
  log[2].as_object()["turn"] = 3;
  EXPECT_EQ(ErrorOf(log), "replay log[2]: has no \"turn\": 2 (colorfight §9)");
  log = TinyLog(2);
  log[1].at("game_map").at("data").as_array()[0].as_array()[0] =
      json::parse("[1,2,3,4,5,6,7,8,9,10,11]");
  EXPECT_EQ(ErrorOf(log),
            "replay log[1].game_map.data[0][0]: is not a list of at most 10 "
            "values");
  log = TinyLog(2);
  log[1].at("game_map").at("data").as_array()[0].as_array()[0] =
      json::parse(R"([1,2,"h"])");
  EXPECT_EQ(ErrorOf(log),
            "replay log[1].game_map.data[0][0][2]: is not a building value "
            "(colorfight §3.2)");
  log = TinyLog(2);
  log[1].at("game_map").at("data").as_array()[0].as_array().pop_back();
  EXPECT_EQ(ErrorOf(log), "replay log[1].game_map.data[0]: is not 2 cells");
  log = TinyLog(1);
  log[1].at("users").at("1").as_object().erase("gold");
  EXPECT_NE(ErrorOf(log).find("replay log[1].users[\"1\"]: needs uid"),
            std::string::npos);
  log = TinyLog(1);
  log[0].at("game_map").at("headers").as_array().pop_back();
  EXPECT_NE(ErrorOf(log).find("lack \"natural_cost\""), std::string::npos);
  log = TinyLog(1);
  log[0].at("info").as_object().erase("width");
  EXPECT_EQ(ErrorOf(log),
            "replay log[0].info: needs integers width, height and max_turn");
}

std::string Gzip(const std::string& text) {
  std::string out(compressBound(text.size()) + 64, '\0');
  z_stream z{};
  deflateInit2(&z, 5, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

TEST(ColorfightReplayPageTest, GunzipSaysWhatIsWrong) {
  const std::string gz = Gzip("[1,2,3]");
  EXPECT_EQ(*GunzipColorfightReplay(gz), "[1,2,3]");
  EXPECT_EQ(*GunzipColorfightReplay(gz + Gzip(",4")), "[1,2,3],4");
  auto error = [](const std::string& bytes) {
    return std::string(GunzipColorfightReplay(bytes).status().message());
  };
  EXPECT_EQ(error(""),
            "is empty (the server serves no replay at turn 0, colorfight §9)");
  EXPECT_EQ(error("[1,2,3]"), "is not gzip (colorfight §9)");
  EXPECT_EQ(error(gz.substr(0, gz.size() / 2)), "is cut short (gzip)");
  EXPECT_NE(ColorfightReplayHtmlOfCfr("x", "d/replay.cfr").status().message(),
            "");
  EXPECT_EQ(
      ColorfightReplayHtmlOfCfr(Gzip("[]"), "d/replay.cfr").status().message(),
      "d/replay.cfr: replay log: is not a list of frames starting with "
      "an object (§9)");
}

TEST(ColorfightReplayPageBrowserTest, ChromiumDrawsTheDecodedGridOfATurn) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = oracle::FindChromium();
  const fs::path dir = testing::FreshTempDir("cf_page");
  // g09: 7 players, one joining late; g05: a late join. On g09 the page
  // steps back from the last turn (?round, then a key), decoding afresh.
  struct Look {
    std::string game;
    int turn;
    std::string query;
  } const looks[] = {{"g09", 199, "round=200&keys=ArrowLeft"},
                     {"g05", 137, "round=137"}};
  for (const Look& look : looks) {
    SCOPED_TRACE(look.game);
    const fs::path game =
        testing::ColorfightSharedDir() / "conformance" / look.game;
    std::ofstream(dir / (look.game + ".html")) << PageOf(LogOf(game));
    const std::string dom = oracle::RunChromium(
        chromium, "--dump-dom",
        "file://" + (dir / (look.game + ".html")).string() + "?" + look.query);
    ASSERT_FALSE(dom.empty());
    EXPECT_EQ(BodyError(dom), "");
    EXPECT_NE(dom.find("data-round=\"" + std::to_string(look.turn) + "\""),
              std::string::npos);
    const json::value frame = json::parse(
        testing::ReadGzLines(game / "frames.jsonl.gz").at(look.turn));
    std::vector<std::string> owners, buildings;
    for (const json::value& row : frame.at("game_map").at("data").as_array()) {
      for (const json::value& c : row.as_array()) {
        owners.push_back(json::serialize(c.as_array()[5]));
        const json::array& b = c.as_array()[2].as_array();
        buildings.push_back(b[0] == " " ? ""
                                        : std::string(b[0].as_string()) +
                                              json::serialize(b[1]));
      }
    }
    EXPECT_EQ(Attributes(dom, "<rect class=\"cell", "data-owner"), owners);
    EXPECT_EQ(Attributes(dom, "<rect class=\"cell", "data-building"),
              buildings);
  }
  // A failing script says so in the page.
  std::string broken = PageOf(json::serialize(TinyLog(1)));
  broken.replace(broken.rfind("ReplayShell.start("), 17, "ReplayShell.nope");
  std::ofstream(dir / "broken.html") << broken;
  EXPECT_NE(
      BodyError(oracle::RunChromium(
          chromium, "--dump-dom", "file://" + (dir / "broken.html").string())),
      "");
  fs::remove_all(dir);
}

// The charts' axis labels fit their margin at any magnitude: a player's
// gold of 1551644 is labelled "1.55M" (it was clipped to ".551644").
TEST(ColorfightReplayPageBrowserTest, ChartLabelsFitAnyMagnitude) {
  WL_REQUIRE_CHROMIUM();
  const std::string chromium = oracle::FindChromium();
  const fs::path dir = testing::FreshTempDir("cf_page_chart");
  json::array log = TinyLog(3);
  log[2].at("users").at("1").as_object()["gold"] = 1551644;
  log[3].at("users").at("1").as_object()["energy"] = 98765432100;
  std::ofstream(dir / "big.html") << PageOf(json::serialize(log));
  const std::string dom = oracle::RunChromium(
      chromium, "--dump-dom", "file://" + (dir / "big.html").string());
  ASSERT_FALSE(dom.empty());
  EXPECT_EQ(BodyError(dom), "");
  std::vector<std::string> labels;
  const size_t chart = dom.find(" id=\"chart\"");
  ASSERT_NE(chart, std::string::npos);
  for (size_t at = dom.find("<text", chart); at != std::string::npos;
       at = dom.find("<text", at + 1)) {
    const size_t text = dom.find('>', at) + 1;
    labels.push_back(dom.substr(text, dom.find('<', text) - text));
  }
  // Gold's max and min, then energy's.
  EXPECT_EQ(labels, (std::vector<std::string>{"1.55M", "0", "98.8G", "0"}));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
