// tools/berlin/berlin_verify.h and berlin_files.h: the 20 shared Berlin
// games and the re-enacted official game are reproduced exactly by the
// referee (every request, the replay byte for byte, the results); altered
// copies are reported with their first difference; a game folder the
// referee writes verifies too. The shared games skip without ../shared.
#include "berlin/berlin_verify.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "berlin/berlin_files.h"
#include "common/files.h"
#include "common/run_main.h"
#include "gtest/gtest.h"
#include "sdk/berlin/request.h"
#include "shared_data.h"
#include "shell.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// The recorded games and the 2013 replay as the official engine re-enacted it.
std::vector<fs::path> RecordedGames() {
  std::vector<fs::path> games = testing::BerlinConformanceGames();
  games.push_back(testing::BerlinSharedDir() / "fixtures" / "official-replay" /
                  "reenacted");
  return games;
}

TEST(BerlinVerify, EveryRecordedGameIsReproducedExactly) {
  WL_REQUIRE_BERLIN_SHARED();
  const std::vector<fs::path> games = RecordedGames();
  EXPECT_GE(games.size(), 21u);
  for (const fs::path& dir : games) {
    absl::StatusOr<std::string> diff = VerifyBerlinGameDir(dir.string());
    ASSERT_TRUE(diff.ok()) << dir << ": " << diff.status().message();
    EXPECT_EQ(*diff, "") << dir;
  }
}

// A writable copy of a recorded game, its exchanges unzipped (the verifier
// reads exchanges.jsonl when there is no .gz).
fs::path CopyOfGame(const std::string& name) {
  const fs::path from = testing::BerlinSharedDir() / "conformance" / name;
  const fs::path to = testing::FreshTempDir("berlin_verify") / name;
  fs::create_directories(to);
  for (const char* file : {"meta.json", "game.json"}) {
    fs::copy_file(from / file, to / file);
    fs::permissions(to / file, fs::perms::owner_write, fs::perm_options::add);
  }
  const absl::StatusOr<std::string> text =
      ReadGzipFile((from / "exchanges.jsonl.gz").string());
  EXPECT_TRUE(text.ok());
  EXPECT_TRUE(
      WriteFileAtomically((to / "exchanges.jsonl").string(), *text).ok());
  return to;
}

// Rewrites one file's text: the first `what` becomes `with`.
void Replace(const fs::path& file, const std::string& what,
             const std::string& with) {
  std::string text = testing::ReadFile(file);
  const size_t at = text.find(what);
  ASSERT_NE(at, std::string::npos) << what;
  text.replace(at, what.size(), with);
  ASSERT_TRUE(WriteFileAtomically(file.string(), text).ok());
}

std::string DiffOf(const fs::path& dir) {
  absl::StatusOr<std::string> diff = VerifyBerlinGameDir(dir.string());
  EXPECT_TRUE(diff.ok()) << diff.status().message();
  return diff.ok() ? *diff : "";
}

TEST(BerlinVerify, AlteredCopiesAreReportedWhereTheyDiffer) {
  WL_REQUIRE_BERLIN_SHARED();
  const fs::path same = CopyOfGame("g005");
  EXPECT_EQ(DiffOf(same), "");  // the unzipped copy as it is
  // greedy's first answer (g000's seq 2) made a 500: its moves are
  // ignored, so the next state sent differs.
  const fs::path answer = CopyOfGame("g000");
  Replace(answer / "exchanges.jsonl", R"("status":200,"body":"[{)",
          R"("status":500,"body":"[{)");
  EXPECT_EQ(DiffOf(answer).rfind("exchange seq 4 (player 0, turn 2): state "
                                 "differs at byte ",
                                 0),
            0u)
      << DiffOf(answer);
  // The recorded replay changed.
  const fs::path replay = CopyOfGame("g005");
  Replace(replay / "game.json", R"("spawns":[{"node_id":1,)",
          R"("spawns":[{"node_id":2,)");
  EXPECT_EQ(DiffOf(replay).rfind("replay turn 1 spawns at byte 12", 0), 0u)
      << DiffOf(replay);
  // A recorded score changed.
  const fs::path score = CopyOfGame("g005");
  Replace(score / "meta.json", "0.6666666666666666", "0.5");
  EXPECT_EQ(DiffOf(score).rfind("meta.json results", 0), 0u) << DiffOf(score);
  // Unreadable: no meta.json.
  fs::remove(score / "meta.json");
  EXPECT_FALSE(VerifyBerlinGameDir(score.string()).ok());
}

// Moves every army of each owned node to its first neighbour, with a junk
// move on even turns and no answer on turn 3.
class MoverSeat : public BerlinSeat {
 public:
  BerlinAnswer Ask(const berlin::RequestFields& f, int64_t) override {
    BerlinAnswer a;
    if (f.action != "turn") return a;
    const berlin::Request r = berlin::ParseRequest(f);
    if (r.current_turn == 3) {
      a.kind = BerlinAnswer::Kind::kTimedOut;
      return a;
    }
    a.body = r.current_turn % 2 == 0
                 ? R"([{"from":"x","to":1,"number_of_soldiers":2})"
                 : "[";
    for (int i = 0; i < r.map.size(); ++i) {
      const uint64_t next = r.map.Neighbours(i);
      if (r.state.owner[i] != r.player_id || r.state.Soldiers(i) <= 0 ||
          next == 0) {
        continue;
      }
      a.body += absl::StrCat(
          a.body.size() > 1 ? "," : "", "{\"from\":", r.map.node(i).id,
          ",\"to\":", r.map.node(__builtin_ctzll(next)).id,
          ",\"number_of_soldiers\":", r.state.Soldiers(i), "}");
    }
    a.body += "]";
    return a;
  }
};

TEST(BerlinVerify, TheRefereesOwnFoldersVerify) {
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap("deployed-3");
  ASSERT_TRUE(map.ok());
  MoverSeat seats[4];
  BerlinGameSpec spec;
  spec.map = &*map;
  spec.game_id = BerlinGameId(7);
  for (int k = 0; k < 4; ++k) {
    const int id = (k + 2) % 4;  // iteration order 2, 3, 0, 1
    spec.players.push_back(
        {id, "mover" + std::to_string(id),
         "http://127.0.0.1:" + std::to_string(9100 + k) + "/", &seats[k]});
  }
  const BerlinRecord record = RefereeGame(spec);
  const fs::path dir = testing::FreshTempDir("berlin_folder") / "game";
  ASSERT_TRUE(
      WriteBerlinGameFolder(dir.string(), spec, record, 7, "test").ok());
  EXPECT_EQ(DiffOf(dir), "");
  const json::value game =
      json::parse(testing::ReadFile(dir / "game.json")).at("game");
  EXPECT_EQ(RailsJsonText(game.at("replay")), record.replay_json);
  EXPECT_EQ(game.at("map").at("name"), "4 Ways");
  EXPECT_EQ(game.at("map_id"), 3);
  EXPECT_EQ(game.at("artificial_intelligences").at(0).at("player_id"), 2);
  std::vector<std::string> keys;
  for (const auto& [key, value] : game.as_object()) keys.emplace_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{
                "id", "number_of_turns", "time_start", "time_end", "created_at",
                "map_id", "updated_at", "round_id", "status", "last_error",
                "is_practice", "replay", "map", "artificial_intelligences"}));
  const json::value result =
      json::parse(testing::ReadFile(dir / "result.json"));
  EXPECT_EQ(result.at("command"), "test");
  const json::value& p0 = result.at("players").at(0);
  EXPECT_EQ(p0.at("bot"), "mover0");
  EXPECT_EQ(p0.at("timeouts"), 1);
  EXPECT_GT(p0.at("rejected_moves").as_int64(), 0);
  std::istringstream lines(testing::ReadFile(dir / "exchanges.jsonl"));
  size_t n = 0;
  for (std::string line; std::getline(lines, line);) ++n;
  EXPECT_EQ(n, record.exchanges.size());
}

TEST(BerlinVerify, TheCommandsExitStatus) {
  WL_REQUIRE_BERLIN_SHARED();
  const fs::path same = CopyOfGame("g000");
  const fs::path other = CopyOfGame("g000");
  Replace(other / "meta.json", "\"number_of_turns\": 14",
          "\"number_of_turns\": 15");
  auto run = [](std::vector<std::string> args) {
    const testing::CommandRun run =
        testing::RunMain(BerlinVerifyMain, std::move(args));
    return std::pair(run.status, run.out);
  };
  const auto [ok, ok_out] = run({same.string()});
  EXPECT_EQ(ok, 0);
  EXPECT_EQ(ok_out, same.string() + ": identical\n1 of 1 games identical\n");
  const auto [differs, out] = run({same.string(), other.string()});
  EXPECT_EQ(differs, 1);
  EXPECT_NE(out.find(other.string() +
                     ": differs: meta.json number_of_turns: recorded 15, "
                     "regenerated 14"),
            std::string::npos)
      << out;
  EXPECT_EQ(run({other.string(), "/no/such/dir"}).first, 2);
}

}  // namespace
}  // namespace wl::tools
