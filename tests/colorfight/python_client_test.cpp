// Two bots shaped like the official Python client and its example AI
// (official_like_client.py, colorfight §12: the same URLs, game_channel
// with ping_interval=None and max_size=None, action_channel with the
// default keepalive, register, update_turn -> send_cmd) play a lock-step
// duel on our server to its end, as two processes of Debian's python3
// with python3-websockets. Skips when `import websockets` fails.
#include <boost/json.hpp>
#include <cstdlib>
#include <filesystem>
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
  options.rooms = {{"duel", duel}};
  options.lockstep = true;
  options.seed = 7;
  std::string folder;
  options.on_game_end = [&](const ColorfightFinishedGame& game) {
    EXPECT_TRUE(WriteColorfightFinishedGame((dir / "games").string(), 7, "test",
                                            game, &folder)
                    .ok());
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
               " " + name + " 1 > " +
               testing::ShellQuote((dir / name).string() + ".out") + " 2> " +
               testing::ShellQuote((dir / name).string() + ".err") + " & ";
  }
  command += "wait";
  ASSERT_EQ(std::system(command.c_str()), 0);

  std::string game_id;
  for (const char* name : {"PyA", "PyB"}) {
    SCOPED_TRACE(name);
    const std::vector<json::object> games =
        Lines(dir / (name + std::string(".out")));
    ASSERT_EQ(games.size(), 1u)
        << testing::ReadFile(dir / (name + std::string(".err")));
    const json::object& g = games[0];
    std::vector<int64_t> turns;
    for (const json::value& t : g.at("turns").as_array()) {
      turns.push_back(t.as_int64());
    }
    std::vector<int64_t> every(kMaxTurn);
    for (int t = 0; t < kMaxTurn; ++t) every[t] = t + 1;
    EXPECT_EQ(turns, every);  // no turn skipped, to the last
    EXPECT_EQ(g.at("replies_ok").as_int64(), kMaxTurn - 1);
    EXPECT_EQ(g.at("replies_failed").as_int64(), 0);
    if (game_id.empty()) game_id = std::string(g.at("game_id").as_string());
    EXPECT_EQ(g.at("game_id").as_string(), game_id);  // one game, both
  }
  // The finished game's folder, with its ranking by gold (colorfight §8).
  ASSERT_FALSE(folder.empty());
  EXPECT_EQ(fs::path(folder).filename().string(), "duel-" + game_id);
  EXPECT_TRUE(fs::exists(fs::path(folder) / "replay.cfr"));
  const json::value result =
      json::parse(testing::ReadFile(fs::path(folder) / "result.json"));
  const json::array& ranking = result.at("ranking_by_gold").as_array();
  ASSERT_EQ(ranking.size(), 2u);
  std::vector<std::string> names;
  for (const json::value& u : ranking) {
    names.push_back(std::string(u.at("username").as_string()));
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"PyA", "PyB"}));
  EXPECT_GE(ranking[0].at("gold").as_int64(), ranking[1].at("gold").as_int64());
}

}  // namespace
}  // namespace wl::tools
