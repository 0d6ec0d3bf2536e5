// What `warlight view` reads (issue 11 B10, B11): official recordings as
// they are stored (replay.txt.gz, meta.json naming the map), a synthetic one
// written here and, when ../shared is there, the recorded ones; and hostile
// input, refused in bounded time with one escaped line: replays too long to
// show quickly, armies no game can reach, map coordinates like +-1e308.
#include <zlib.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/files.h"
#include "common/run_main.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"
#include "wl/builtin_bots.h"
#include "wl/commands/map_layout.h"
#include "wl/commands/view.h"
#include "wl/engine.h"
#include "wl/in_process_seat.h"
#include "wl/map_json.h"
#include "wl/mapgen.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

fs::path TempDir(const std::string& name) {
  return wl::testing::FreshTempDir("view_input_" + name);
}

json::value PageData(const std::string& page) {
  const std::string open =
      "<script type=\"application/json\" id=\"replay-data\">";
  size_t start = page.find(open);
  if (start == std::string::npos) return nullptr;
  start += open.size();
  return json::parse(page.substr(start, page.find("</script>", start) - start));
}

// `warlight view ARGS...`: exit status, stdout and stderr.
testing::CommandRun View(std::vector<std::string> args) {
  return testing::RunMain(ViewMain, std::move(args));
}

void WriteGzip(const fs::path& path, const std::string& text) {
  gzFile f = gzopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(gzwrite(f, text.data(), static_cast<unsigned>(text.size())),
            static_cast<int>(text.size()));
  gzclose(f);
}

// A recording in the official layout: ROOT/games/g/{meta.json,
// replay.txt.gz, dump_player1.txt, dump_player2.txt} and ROOT/maps/m.json.
struct Recording {
  fs::path root, game;
  std::string replay, map_json, dump[2];
};

Recording WriteRecording() {
  Recording r;
  r.root = TempDir("recording");
  r.game = r.root / "games" / "g";
  fs::create_directories(r.game);
  fs::create_directories(r.root / "maps");
  MapgenOptions options;
  options.seed = 5;
  options.regions = 24;
  absl::StatusOr<GeneratedMap> g = GenerateMap(options);
  EXPECT_TRUE(g.ok());
  if (!g.ok()) return r;
  InProcessSeat p1(MakeBuiltInBot("starter", 1));
  InProcessSeat p2(MakeBuiltInBot("random", 2));
  GameRecord record = PlayGame(g->map, 11, p1, p2);
  r.replay = record.replay;
  r.map_json = MapToJson(g->map);
  r.dump[0] = record.dump[0];
  r.dump[1] = record.dump[1];
  const std::string meta = absl::StrCat(
      R"({"seed": 11, "map": "m.json", "player1": "the-starter", )",
      R"("player2": "the-random", "winner": ")", WinnerName(record.outcome),
      R"("})");
  EXPECT_TRUE(WriteFileAtomically((r.game / "meta.json").string(), meta).ok());
  WriteGzip(r.game / "replay.txt.gz", record.replay);
  for (int p = 0; p < 2; ++p) {
    EXPECT_TRUE(
        WriteFileAtomically(
            (r.game / absl::StrCat("dump_player", p + 1, ".txt")).string(),
            record.dump[p])
            .ok());
  }
  EXPECT_TRUE(
      WriteFileAtomically((r.root / "maps" / "m.json").string(), r.map_json)
          .ok());
  return r;
}

TEST(ViewInputTest, OpensASyntheticRecordingAsStored) {
  const Recording r = WriteRecording();
  // It really is in the official format: verify reproduces it.
  absl::StatusOr<std::string> diff = VerifyGameDir(r.game.string());
  ASSERT_TRUE(diff.ok()) << diff.status();
  EXPECT_EQ(*diff, "");

  const testing::CommandRun run = View({r.game.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, (r.game / "replay.html").string() + "\n");
  absl::StatusOr<std::string> page =
      ReadFileToString((r.game / "replay.html").string());
  ASSERT_TRUE(page.ok());
  // The same histories, events and logs as a page built from the plain
  // texts; the players' labels, seed and map from meta.json.
  ReplayFiles files;
  files.replay = r.replay;
  files.map_json = r.map_json;
  files.dump[0] = r.dump[0];
  files.dump[1] = r.dump[1];
  absl::StatusOr<std::string> plain = ReplayHtmlFromFiles(files);
  ASSERT_TRUE(plain.ok()) << plain.status();
  const json::value data = PageData(*page), expected = PageData(*plain);
  for (const char* key : {"views", "ev", "end", "stats", "logs", "cand"}) {
    EXPECT_EQ(data.at(key), expected.at(key)) << key;
  }
  const json::object& result = data.at("result").as_object();
  EXPECT_EQ(result.at("players").at(0).at("bot"), "the-starter");
  EXPECT_EQ(result.at("players").at(1).at("bot"), "the-random");
  EXPECT_EQ(result.at("seed"), 11);
  EXPECT_EQ(result.at("map"), "m.json");
  EXPECT_NE(page->find("<title>Warlight replay: the-starter vs the-random"),
            std::string::npos);

  // --maps names the maps folder; --out writes elsewhere.
  const fs::path moved = r.root / "elsewhere";
  fs::rename(r.root / "maps", moved);
  const testing::CommandRun lost = View({r.game.string()});
  EXPECT_EQ(lost.status, 2);
  EXPECT_NE(lost.err.find("that meta.json names (--maps DIR says where the "
                          "maps are)"),
            std::string::npos)
      << lost.err;
  const fs::path out = r.root / "pages";
  const testing::CommandRun found =
      View({r.game.string(), "--maps", moved.string(), "--out", out.string()});
  EXPECT_EQ(found.status, 0) << found.err;
  EXPECT_EQ(found.out, (out / "g.html").string() + "\n");
  absl::StatusOr<std::string> again =
      ReadFileToString((out / "g.html").string());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *page);
  fs::remove_all(r.root);
}

TEST(ViewInputTest, OpensTheOfficialRecordingsAsStored) {
  WL_REQUIRE_SHARED();
  const fs::path out = TempDir("official");
  int games = 0;
  for (const fs::path& dir : wl::testing::ConformanceGames()) {
    if (games == 3) break;  // the page itself is checked in viewer_test
    // --out: ../shared is not ours to write in.
    const testing::CommandRun run = View({dir.string(), "--out", out.string()});
    ASSERT_EQ(run.status, 0) << dir << ": " << run.err;
    absl::StatusOr<std::string> page =
        ReadFileToString((out / (dir.filename().string() + ".html")).string());
    ASSERT_TRUE(page.ok());
    absl::StatusOr<RecordedGame> recorded = LoadRecordedGame(dir.string());
    ASSERT_TRUE(recorded.ok());
    ReplayFiles files;
    files.replay = recorded->replay;
    files.map_json = wl::testing::ReadFile(recorded->map_path);
    files.dump[0] = recorded->dump[0];
    files.dump[1] = recorded->dump[1];
    absl::StatusOr<std::string> plain = ReplayHtmlFromFiles(files);
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(PageData(*page).at("views"), PageData(*plain).at("views"));
    EXPECT_EQ(PageData(*page).at("result").at("winner"),
              json::value(recorded->winner));
    EXPECT_FALSE(fs::exists(dir / "replay.html")) << dir;
    ++games;
  }
  EXPECT_EQ(games, 3);
  fs::remove_all(out);
}

// ---------------------------------------------------------------------------
// Hostile replays and maps.

// A 10-region map: a chain 1-2-...-10, one super region.
std::string ChainMap(const std::string& positions = "") {
  std::string regions;
  for (int id = 1; id <= 10; ++id) {
    std::string nbs = id < 10 ? std::to_string(id + 1) : "";
    absl::StrAppend(&regions, id > 1 ? "," : "", R"({"id":)", id,
                    R"(,"superRegion":1,"neighbors":[)", nbs, "]");
    if (!positions.empty()) {
      absl::StrAppend(
          &regions, ",",
          id == 1 ? positions : "\"x\":" + std::to_string(id) + ",\"y\":0");
    }
    regions += "}";
  }
  return absl::StrCat(R"({"SuperRegions":[{"id":1,"bonus":3}],"Regions":[)",
                      regions, "]}");
}

std::string MapLine(int armies = 2) {
  std::string line = "map ";
  for (int id = 1; id <= 10; ++id) {
    absl::StrAppend(&line, id, ";neutral;", armies, " ");
  }
  return line + "\n";
}

// Three histories, each: the map, round 0, the map, then `body`.
std::string Replay(const std::string& body) {
  std::string one = MapLine() + "round 0\n" + MapLine() + body + "Nobody won\n";
  return one + one + one;
}

TEST(ViewInputTest, AReplayTooLongToShowQuicklyIsRefusedAtOnce) {
  // 20000 moves in one round: the fogged views' events, missing from the
  // full history, were each searched through the whole round (quadratic:
  // about 25 s); the official engine writes at most 204 a round.
  std::string full = "round 1\n", fogged = "round 1\n";
  for (int k = 0; k < 20000; ++k) {
    full += "player1 place_armies 1 1\n";
    fogged += "player2 place_armies 1 1\n";
  }
  const std::string one = MapLine() + "round 0\n" + MapLine();
  ReplayFiles files;
  files.map_json = ChainMap();
  files.replay = one + full + "Nobody won\n" + one + fogged + "Nobody won\n" +
                 one + fogged + "Nobody won\n";
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<std::string> page = ReplayHtmlFromFiles(files);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  ASSERT_FALSE(page.ok());
  EXPECT_EQ(page.status().message(),
            "replay.txt line 1005: round 1 holds more than 1000 moves");
  EXPECT_LT(seconds, 2.0);

  // Rounds past the map's last (max(60, 2.5 x 10) = 60).
  std::string rounds;
  for (int r = 1; r <= 61; ++r) absl::StrAppend(&rounds, "round ", r, "\n");
  files.replay = Replay(rounds);
  page = ReplayHtmlFromFiles(files);
  ASSERT_FALSE(page.ok());
  EXPECT_EQ(page.status().message(),
            "replay.txt line 64: round 61 is past the last round played on "
            "this map (60)");
  rounds.resize(rounds.rfind("round 61"));
  files.replay = Replay(rounds);
  EXPECT_TRUE(ReplayHtmlFromFiles(files).ok());
}

TEST(ViewInputTest, ArmiesNoGameCanReachAreRefusedNamingTheCap) {
  ReplayFiles files;
  files.map_json = ChainMap();
  files.replay = Replay("round 1\n" + MapLine(536870911));
  EXPECT_TRUE(ReplayHtmlFromFiles(files).ok());
  files.replay = Replay("round 1\n" + MapLine(536870912));
  absl::StatusOr<std::string> page = ReplayHtmlFromFiles(files);
  ASSERT_FALSE(page.ok());
  EXPECT_NE(page.status().message().find(
                "holds more than 536870911 armies, the most a game can reach"),
            std::string::npos)
      << page.status().message();
}

// The numbers of every translate(x y) and the viewBox of a page.
std::vector<double> DrawnNumbers(const std::string& page) {
  std::vector<double> numbers;
  for (const std::string open : {"translate(", "viewBox=\""}) {
    for (size_t at = page.find(open); at != std::string::npos;
         at = page.find(open, at + 1)) {
      const size_t from = at + open.size();
      const std::string inside =
          page.substr(from, page.find_first_of(")\"", from) - from);
      size_t pos = 0;
      while (pos < inside.size()) {
        size_t used = 0;
        try {
          numbers.push_back(std::stod(inside.substr(pos), &used));
        } catch (...) {
          numbers.push_back(NAN);  // "inf", "nan": not drawable
          break;
        }
        pos += used;
      }
    }
  }
  return numbers;
}

TEST(ViewInputTest, WildMapCoordinatesStillDrawTheMap) {
  for (const std::string wild :
       {R"("x":1e308,"y":-1e308)", R"("x":-1.7e308,"y":1.7e308)",
        R"("x":1e-300,"y":0)"}) {
    ReplayFiles files;
    files.map_json = ChainMap(wild);
    files.replay = Replay("round 1\n");
    absl::StatusOr<std::string> page = ReplayHtmlFromFiles(files);
    ASSERT_TRUE(page.ok()) << page.status();
    const std::vector<double> numbers = DrawnNumbers(*page);
    ASSERT_GE(numbers.size(), 4u + 2 * 10);
    for (double v : numbers) {
      EXPECT_TRUE(std::isfinite(v)) << wild;
      EXPECT_LT(std::abs(v), 1e5) << wild;
    }
  }
  // Straight from LayoutMap: nine regions on a line and one at 1e308 keep
  // their order and stay apart; a non-finite one is ignored.
  absl::StatusOr<Map> map = ParseMapJson(ChainMap());
  ASSERT_TRUE(map.ok());
  std::vector<std::pair<double, double>> positions(11);
  for (int id = 1; id <= 10; ++id) positions[id] = {id, 0};
  positions[10] = {1e308, 0};
  positions[5] = {NAN, INFINITY};
  const MapLayout layout = LayoutMap(*map, positions);
  EXPECT_TRUE(std::isfinite(layout.width) && std::isfinite(layout.height));
  EXPECT_LT(layout.width, 1e5);
  for (int id = 1; id <= 10; ++id) {
    const auto [x, y] = layout.centers[id];
    EXPECT_TRUE(std::isfinite(x) && std::isfinite(y)) << id;
    EXPECT_GE(x, layout.radius);
    EXPECT_LE(x, layout.width - layout.radius);
    if (id > 1 && id != 5 && id != 6) {
      EXPECT_GT(x, layout.centers[id - 1].first) << id;
    }
  }
}

TEST(ViewInputTest, RecordedTextInMessagesReachesTheTerminalEscaped) {
  const fs::path dir = TempDir("escape");
  ASSERT_TRUE(
      WriteFileAtomically((dir / "map.json").string(), ChainMap()).ok());
  ASSERT_TRUE(
      WriteFileAtomically((dir / "replay.txt").string(), "\x1b[2J\a hello\n")
          .ok());
  const testing::CommandRun run =
      View({dir.string(), (dir / "gone\x1b]0;x\a").string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find('\a'), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("\\x1b[2J\\x07 hello"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("gone\\x1b]0;x\\x07 is not a folder"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 2) << run.err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
