// Two bots shaped like the official Python client and its example AI
// (official_like_client.py, colorfight §12: the same URLs, game_channel
// with ping_interval=None and max_size=None, action_channel with the
// default keepalive, register, update_turn -> send_cmd) play a lock-step
// duel on our server to its end, as two processes of Debian's python3
// with python3-websockets, twice: after the first game they wait for the
// room's restart (a new game_id) and register again. Skips when `import
// websockets` fails.
#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "colorfight/cf_server.h"
#include "colorfight/cf_server_client.h"
#include "colorfight/colorfight_server.h"
#include "colorfight/room_config.h"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr const char* kPython = "/usr/bin/python3";

bool HaveWebsockets() {
  const std::string check =
      std::string(kPython) + " -c 'import websockets' > /dev/null 2>&1";
  return std::system(check.c_str()) == 0;
}

// The JSON lines a client printed.
std::vector<json::object> Lines(const fs::path& path) {
  std::vector<json::object> lines;
  std::istringstream in(testing::ReadFile(path));
  for (std::string line; std::getline(in, line);) {
    boost::system::error_code ec;
    json::value v = json::parse(line, ec);
    if (!ec && v.is_object()) lines.push_back(v.as_object());
  }
  return lines;
}

TEST(ColorfightPythonClientTest, TwoOfficialLikeClientsPlayALockStepDuel) {
  if (!HaveWebsockets()) {
    GTEST_SKIP() << kPython << " cannot import websockets "
                 << "(apt-get install python3-websockets)";
  }
  const fs::path dir = fs::path(::testing::TempDir()) / "cf_python_client";
  fs::remove_all(dir);
  fs::create_directories(dir);
  constexpr int kMaxTurn = 20;
  ColorfightServerOptions options;
  ColorfightRoomConfig duel = ColorfightPreset("duel");
  duel.max_turn = kMaxTurn;
  duel.finish_time = {1, true};  // the next game 1 s after the end
  options.rooms = {{"duel", duel}};
  options.lockstep = true;
  options.seed = 7;
  std::mutex mutex;  // folders, written on the server's thread
  std::condition_variable written;
  std::vector<std::string> folders;
  options.on_game_end = [&](const ColorfightFinishedGame& game) {
    std::string folder;
    EXPECT_TRUE(WriteColorfightFinishedGame((dir / "games").string(), 7, "test",
                                            game, &folder)
                    .ok());
    std::lock_guard<std::mutex> lock(mutex);
    folders.push_back(folder);
    written.notify_all();
  };
  testing::RunningServer server(options);
  const std::string url =
      "http://127.0.0.1:" + std::to_string(server.port()) + "/gameroom/duel";
  const std::string script =
      std::string(WL_SOURCE_DIR) + "/tests/colorfight/official_like_client.py";
  std::string command;
  for (const char* name : {"PyA", "PyB"}) {
    command += "timeout 120 " + std::string(kPython) + " " +
               testing::ShellQuote(script) + " " + testing::ShellQuote(url) +
               " " + name + " 2 > " +
               testing::ShellQuote((dir / name).string() + ".out") + " 2> " +
               testing::ShellQuote((dir / name).string() + ".err") + " & ";
  }
  command += "wait";
  ASSERT_EQ(std::system(command.c_str()), 0);

  // Two games (the clients register again for the second), each seen
  // whole by both: every turn, one game_id.
  std::vector<std::string> game_ids(2);
  for (const char* name : {"PyA", "PyB"}) {
    SCOPED_TRACE(name);
    const std::vector<json::object> games =
        Lines(dir / (name + std::string(".out")));
    ASSERT_EQ(games.size(), 2u)
        << testing::ReadFile(dir / (name + std::string(".err")));
    for (int k = 0; k < 2; ++k) {
      const json::object& g = games[k];
      std::vector<int64_t> turns;
      for (const json::value& t : g.at("turns").as_array()) {
        turns.push_back(t.as_int64());
      }
      std::vector<int64_t> every(kMaxTurn);
      for (int t = 0; t < kMaxTurn; ++t) every[t] = t + 1;
      EXPECT_EQ(turns, every);  // no turn skipped, to the last
      EXPECT_EQ(g.at("replies_ok").as_int64(), kMaxTurn - 1);
      EXPECT_EQ(g.at("replies_failed").as_int64(), 0);
      if (game_ids[k].empty()) {
        game_ids[k] = std::string(g.at("game_id").as_string());
      }
      EXPECT_EQ(g.at("game_id").as_string(), game_ids[k]);
    }
  }
  EXPECT_NE(game_ids[0], game_ids[1]);
  // Each finished game's folder, with its ranking by gold (colorfight §8).
  std::unique_lock<std::mutex> lock(mutex);
  written.wait_for(lock, std::chrono::seconds(20),
                   [&] { return folders.size() >= 2; });
  ASSERT_EQ(folders.size(), 2u);
  for (int k = 0; k < 2; ++k) {
    const fs::path folder = folders[k];
    EXPECT_EQ(folder.filename().string(), "duel-" + game_ids[k]);
    EXPECT_TRUE(fs::exists(folder / "replay.cfr"));
    EXPECT_TRUE(fs::exists(folder / "replay.html"));
    const json::value result =
        json::parse(testing::ReadFile(folder / "result.json"));
    const json::array& ranking = result.at("ranking_by_gold").as_array();
    ASSERT_EQ(ranking.size(), 2u);
    std::vector<std::string> names;
    for (const json::value& u : ranking) {
      names.push_back(std::string(u.at("username").as_string()));
    }
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"PyA", "PyB"}));
    EXPECT_GE(ranking[0].at("gold").as_int64(),
              ranking[1].at("gold").as_int64());
  }
}

}  // namespace
}  // namespace wl::tools
