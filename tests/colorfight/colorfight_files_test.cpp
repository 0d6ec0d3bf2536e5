// The folder of a Colorfight II game (tools/colorfight/colorfight_files.h):
// the ranking by gold (colorfight §8: descending, stable, dead users
// included, ties sharing a rank), result.json's text, and
// WriteColorfightGameFolder writing replay.cfr byte for byte, result.json
// and replay.html from a recorded game's replay; a corrupt replay still
// leaves the other two files and says what is wrong in one line.
#include "colorfight/colorfight_files.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "colorfight/colorfight_server.h"
#include "colorfight/recorded_game.h"
#include "common/files.h"
#include "common/run_main.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

colorfight::FrameUser User(int64_t uid, const std::string& name, int64_t gold,
                           bool dead = false) {
  colorfight::FrameUser u;
  u.uid = uid;
  u.username = name;
  u.gold = gold;
  u.energy = 10 * uid;
  u.cell_number = dead ? 0 : uid;
  u.dead = dead;
  return u;
}

TEST(ColorfightFilesTest, RankingIsByGoldStableWithSharedRanks) {
  // Registration order 3, 1, 2, 4; 1 and 2 tie, 4 is dead with the most.
  const std::vector<ColorfightRankedUser> r =
      ColorfightRanking({User(3, "c", 50), User(1, "a", 70), User(2, "b", 70),
                         User(4, "d", 90, true), User(5, "e", -20)});
  ASSERT_EQ(r.size(), 5u);
  const int64_t uids[] = {4, 1, 2, 3, 5};
  const int ranks[] = {1, 2, 2, 4, 5};
  for (size_t i = 0; i < r.size(); ++i) {
    EXPECT_EQ(r[i].uid, uids[i]) << i;
    EXPECT_EQ(r[i].rank, ranks[i]) << i;
  }
  EXPECT_TRUE(r[0].dead);
  EXPECT_EQ(r[0].username, "d");
  EXPECT_EQ(r[0].energy, 40);
  EXPECT_EQ(r[4].gold, -20);  // gold may be negative (§6.7)
  EXPECT_TRUE(ColorfightRanking({}).empty());
}

TEST(ColorfightFilesTest, ResultOfAFinalFrameAndItsJson) {
  colorfight::Frame frame;
  frame.turn = 200;
  frame.info.game_id = "1565000101000";
  frame.info.max_turn = 200;
  frame.users = {User(1, "greedy1", 900), User(2, "rnd\"2", 1200)};
  const ColorfightResult result = ColorfightResultOf(frame, 101, "warlight x");
  EXPECT_EQ(result.players, 2);
  EXPECT_EQ(result.ranking_by_gold[0].username, "rnd\"2");
  EXPECT_EQ(
      ColorfightResultJson(result),
      "{\"game_id\":\"1565000101000\",\"seed\":101,\"max_turn\":200,"
      "\"players\":2,\"ranking_by_gold\":[{\"uid\":2,\"username\":\"rnd\\\"2\","
      "\"gold\":1200,\"energy\":20,\"cell_number\":2,\"dead\":false,"
      "\"rank\":1},{\"uid\":1,\"username\":\"greedy1\",\"gold\":900,"
      "\"energy\":10,\"cell_number\":1,\"dead\":false,\"rank\":2}],"
      "\"command\":\"warlight x\"}\n");
  ColorfightResult bare = result;
  bare.command = "";
  EXPECT_EQ(ColorfightResultJson(bare).find("command"), std::string::npos);
}

TEST(ColorfightFilesTest, WritesTheFolderOfARecordedGame) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const fs::path game = testing::ColorfightSharedDir() / "conformance/g00";
  const std::string cfr = testing::ReadFile(game / "replay.cfr");
  const json::value meta = json::parse(testing::ReadFile(game / "meta.json"));
  ColorfightResult result;
  result.game_id = std::string(meta.at("game_id").as_string());
  result.seed = meta.at("seed").as_int64();
  result.max_turn = meta.at("max_turn").as_int64();
  const fs::path dir = testing::FreshTempDir("cf_files") / "deep/g00";
  ASSERT_TRUE(WriteColorfightGameFolder(dir.string(), cfr, result).ok());
  EXPECT_EQ(testing::ReadFile(dir / "replay.cfr"), cfr);
  const json::value written =
      json::parse(testing::ReadFile(dir / "result.json"));
  EXPECT_EQ(written.at("game_id"), meta.at("game_id"));
  EXPECT_EQ(written.at("seed"), meta.at("seed"));
  const std::string page = testing::ReadFile(dir / "replay.html");
  EXPECT_NE(page.find("<title>Colorfight replay: greedy1 vs rnd2</title>"),
            std::string::npos);
  EXPECT_NE(page.find("\"game_id\":\"1565000101000\""), std::string::npos);
  // Written again over itself: the same files.
  ASSERT_TRUE(WriteColorfightGameFolder(dir.string(), cfr, result).ok());
  EXPECT_EQ(testing::ReadFile(dir / "replay.html"), page);
  fs::remove_all(dir.parent_path().parent_path());
}

TEST(ColorfightFilesTest, ACorruptReplayIsOneLineAfterTheOtherFiles) {
  const fs::path dir = testing::FreshTempDir("cf_files_bad");
  ColorfightResult result;
  result.game_id = "1";
  absl::Status s =
      WriteColorfightGameFolder(dir.string(), "not gzip at all", result);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(std::string(s.message()),
            (dir / "replay.cfr").string() + " is not gzip (colorfight §9)");
  EXPECT_EQ(testing::ReadFile(dir / "replay.cfr"), "not gzip at all");
  EXPECT_TRUE(fs::exists(dir / "result.json"));
  EXPECT_FALSE(fs::exists(dir / "replay.html"));
  // A file where the folder should be.
  std::ofstream(dir / "file") << "x";
  s = WriteColorfightGameFolder((dir / "file").string(), "", result);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("cannot create"), std::string::npos)
      << s.message();
  fs::remove_all(dir);
}

// A port of 127.0.0.1 that is taken while this lives.
class BusyPort {
 public:
  BusyPort() : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof a;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), size) == 0 &&
        ::listen(fd_, 1) == 0 &&
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &size) == 0) {
      port_ = ntohs(a.sin_port);
    }
  }
  ~BusyPort() { ::close(fd_); }
  int port() const { return port_; }

 private:
  int fd_;
  int port_ = 0;
};

// Issue 28: a server killed (kill -9) right after "game ... finished"
// left DIR/public-N/ holding only replay.cfr.tmp.N. Folders are written
// whole now (as DIR/.tmp-public-N, renamed when whole), and the next start
// removes and reports what a killed run left. Simulated here: the folder a
// kill leaves, then a start (which stops at the busy port, after the
// cleanup).
TEST(ColorfightFilesTest, TheNextServerStartClearsAGameFolderAKillLeft) {
  const fs::path dir = testing::FreshTempDir("cf_killed") / "games";
  fs::create_directories(dir / ".tmp-public-1565000101000");
  std::ofstream(dir / ".tmp-public-1565000101000" / "replay.cfr.tmp.4242")
      << "\x1f\x8b half";
  fs::create_directories(dir / "public-1565000100000");  // a whole one
  const BusyPort busy;
  ASSERT_GT(busy.port(), 0);
  const testing::CommandRun run = testing::RunMain(
      ColorfightServerMain,
      {"--games-dir", dir.string(), "--port", std::to_string(busy.port())});
  EXPECT_EQ(run.status, 1) << run.err;  // the busy port
  EXPECT_NE(run.err.find("colorfight server: removed " +
                         (dir / ".tmp-public-1565000101000").string() +
                         ": a game folder a killed run left unfinished"),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir / ".tmp-public-1565000101000"));
  EXPECT_TRUE(fs::exists(dir / "public-1565000100000"));
  fs::remove_all(dir.parent_path());
}

}  // namespace
}  // namespace wl::tools
