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

// A seat answering gzip bytes (not UTF-8) on every turn, its moves on
// odd turns in a body with a byte that is not UTF-8 either.
class BytesSeat : public BerlinSeat {
 public:
  BerlinAnswer Ask(const berlin::RequestFields& f, int64_t) override {
    BerlinAnswer a;
    if (f.action != "turn") return a;
    const berlin::Request r = berlin::ParseRequest(f);
    a.body = r.current_turn % 2 == 0 ? std::string("\x1f\x8b\x08\x00\xff", 5)
                                     : "[] \xff";
    if (r.current_turn == 5) {
      a.kind = BerlinAnswer::Kind::kFailed;
      a.error = "bad HTTP: \xc3\x28";
    }
    return a;
  }
};

// The referee's folder of a game against BytesSeat and MoverSeat, with
// `turn_limit_ms`.
fs::path WriteGame(const std::string& name, BerlinSeat* seat0,
                   BerlinSeat* seat1, int64_t turn_limit_ms) {
  static absl::StatusOr<BerlinMapFile> map = LoadBerlinMap("deployed-2");
  EXPECT_TRUE(map.ok());
  BerlinGameSpec spec;
  spec.map = &*map;
  spec.game_id = BerlinGameId(3);
  spec.turn_limit_ms = turn_limit_ms;
  spec.players = {{1, "one", "http://127.0.0.1:9101/", seat1},
                  {0, "zero", "http://127.0.0.1:9100/", seat0}};
  const BerlinRecord record = RefereeGame(spec);
  const fs::path dir = testing::FreshTempDir("berlin_" + name) / "game";
  EXPECT_TRUE(
      WriteBerlinGameFolder(dir.string(), spec, record, 3, "test").ok());
  return dir;
}

// Issue 28: a bot answering gzip made 8 of 20 lines of exchanges.jsonl
// undecodable by a JSON reader. Every line is strict JSON now (Boost.JSON
// refuses strings that are not UTF-8), the bytes go as body_base64, and
// verify reads them back.
TEST(BerlinVerify, AnswersThatAreNotUtf8AreKeptAsBase64AndVerify) {
  BytesSeat bytes;
  MoverSeat mover;
  const fs::path dir = WriteGame("bytes", &bytes, &mover, 0);
  std::istringstream lines(testing::ReadFile(dir / "exchanges.jsonl"));
  int base64_bodies = 0, base64_errors = 0, n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    json::error_code ec;
    const json::value v = json::parse(line, ec);
    ASSERT_FALSE(ec) << "line " << n + 1 << ": " << ec.message();
    const json::object& response = v.at("response").as_object();
    base64_bodies += response.contains("body_base64");
    base64_errors += response.contains("error_base64");
    EXPECT_FALSE(response.contains("body_base64") && response.contains("body"));
  }
  EXPECT_GT(n, 10);
  EXPECT_GT(base64_bodies, 3);
  EXPECT_EQ(base64_errors, 1);
  EXPECT_NE(testing::ReadFile(dir / "exchanges.jsonl")
                .find(R"("body_base64":"H4sIAP8=")"),
            std::string::npos);
  EXPECT_EQ(DiffOf(dir), "");
  // Read back byte for byte.
  absl::StatusOr<RecordedBerlinGame> recorded =
      LoadRecordedBerlinGame(dir.string());
  ASSERT_TRUE(recorded.ok()) << recorded.status();
  std::vector<std::string> bodies, errors;
  for (const BerlinExchange& e : recorded->exchanges) {
    if (e.player_id != 0 || e.request.action != "turn") continue;
    bodies.push_back(e.answer.body);
    if (!e.answer.error.empty()) errors.push_back(e.answer.error);
  }
  ASSERT_GE(bodies.size(), 4u);
  EXPECT_EQ(bodies[0], "[] \xff");                               // turn 1
  EXPECT_EQ(bodies[1], std::string("\x1f\x8b\x08\x00\xff", 5));  // turn 2
  EXPECT_EQ(errors, std::vector<std::string>{"bad HTTP: \xc3\x28"});
}

// Issue 28: `berlin match ... --turn-limit-ms 1000` then `berlin verify`
// said "timeout_option: recorded 1000, regenerated 5000": the limit is
// recorded in meta.json and played with.
TEST(BerlinVerify, AGamePlayedWithATurnLimitVerifies) {
  MoverSeat seats[2];
  const fs::path dir = WriteGame("limit", &seats[0], &seats[1], 1000);
  const json::value meta = json::parse(testing::ReadFile(dir / "meta.json"));
  EXPECT_EQ(meta.at("turn_limit_ms"), 1000);
  EXPECT_EQ(DiffOf(dir), "");
  Replace(dir / "meta.json", R"("turn_limit_ms":1000)",
          R"("turn_limit_ms":-1)");
  EXPECT_FALSE(VerifyBerlinGameDir(dir.string()).ok());
  // Without a limit, meta.json has none (the conformance shape).
  const fs::path plain = WriteGame("nolimit", &seats[0], &seats[1], 0);
  EXPECT_FALSE(json::parse(testing::ReadFile(plain / "meta.json"))
                   .as_object()
                   .contains("turn_limit_ms"));
  EXPECT_EQ(DiffOf(plain), "");
}

TEST(BerlinVerify, TheMatchCommandsOwnGameWithATurnLimitVerifies) {
  const fs::path dir = testing::FreshTempDir("berlin_limit_cli");
  const testing::CommandRun match = testing::RunCommand(
      "timeout -k 5 120 " +
          testing::ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") +
          " berlin match greedy random --seed 3 --turn-limit-ms 1000 --out " +
          testing::ShellQuote((dir / "g").string()),
      dir);
  ASSERT_EQ(match.status, 0) << match.err;
  const testing::CommandRun verify =
      testing::RunMain(BerlinVerifyMain, {(dir / "g").string()});
  EXPECT_EQ(verify.status, 0) << verify.out;
  EXPECT_EQ(verify.out,
            (dir / "g").string() + ": identical\n1 of 1 games identical\n");
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
