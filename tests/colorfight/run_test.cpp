// Tests of the Colorfight II bots' runner (sdk/colorfight/run.h) on the
// network: a hostile frame size (one line, status 1, and the flag that
// raises the limit) and the end of a game on our server (tools/colorfight
// cf_server.h) in process: the bots print their rank and exit at once
// after the last frame, without waiting on a reply.
#include "sdk/colorfight/run.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bots/colorfight/greedy/colorfight_greedy_bot.h"
#include "colorfight/cf_server_client.h"
#include "colorfight/fake_server.h"
#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"

namespace wl::colorfight {
namespace {

using Clock = std::chrono::steady_clock;

SeededBotFactory Greedy() {
  return
      [](uint64_t seed) { return std::make_unique<ColorfightGreedyBot>(seed); };
}

// A header announcing 2^40 bytes on game_channel (it aborted every bot with
// bad_alloc): one line on the log naming the limit and the flag, status 1.
TEST(ColorfightRunTest, AHugeFrameIsOneLineAndStatusOne) {
  testing::FakeCfServer server;
  server.SetActionHandler([&](const std::string&) {
    // 0x81: a final text frame; 127: a 64-bit length, 2^40.
    server.PushRaw(std::string("\x81\x7f\x00\x00\x01\x00\x00\x00\x00\x00", 10));
    return std::string(R"({"success": true, "uid": 1})");
  });
  RunOptions options;
  options.url = server.Url();
  options.username = "greedy";
  std::ostringstream out, log;
  EXPECT_EQ(PlayGames(Greedy(), options, "greedy", out, log), 1);
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(log.str(),
            "greedy: game_channel: the server sent a message over the limit "
            "of 16777216 bytes (--max-frame-bytes raises it)\n");
}

TEST(ColorfightRunTest, MaxFrameBytesIsAFlagWithARange) {
  auto run = [](std::vector<const char*> args) {
    std::vector<char*> argv;
    for (const char* a : args) argv.push_back(const_cast<char*>(a));
    return RunSeeded(Greedy(), static_cast<int>(argv.size()), argv.data());
  };
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(run({"greedy", "--max-frame-bytes", "1000"}), 2);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find(
                "--max-frame-bytes must be from 65536 to 1099511627776"),
            std::string::npos);
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run({"greedy", "--help"}), 0);
  EXPECT_NE(::testing::internal::GetCapturedStdout().find("--max-frame-bytes"),
            std::string::npos);
}

// The last command round's reply (turn 199 of g00's 200) never comes, but
// the final frame does: the bot prints its rank and leaves at once. It
// used to wait the reply's 5 s and log "turn 199: no reply on
// action_channel in 5000 ms" (our server in lock-step writes that reply
// only after the final frame and its end-of-game work).
TEST(ColorfightRunTest, TheLastRoundsReplyIsNotWaitedForAfterTheFinalFrame) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<std::string> frames =
      testing::ReadGzLines(testing::ColorfightSharedDir() / "conformance" /
                           "g00" / "frames.jsonl.gz");
  ASSERT_EQ(frames.size(), 201u);
  testing::FakeCfServer server;
  size_t next = 197;  // I/O thread only
  server.SetActionHandler(
      [&](const std::string& text) -> std::optional<std::string> {
        const bool reg = text.find("\"register\"") != std::string::npos;
        server.Push(frames[next++]);
        if (reg) return std::string(R"({"success": true, "uid": 1})");
        if (next < frames.size()) return std::string(R"({"success": true})");
        return std::nullopt;  // the final frame is out; no reply
      });
  RunOptions options;
  options.url = server.Url();
  options.username = "greedy1";
  std::ostringstream out, log;
  const Clock::time_point start = Clock::now();
  EXPECT_EQ(PlayGames(Greedy(), options, "greedy", out, log), 0) << log.str();
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(3));
  EXPECT_EQ(log.str(), "");
  EXPECT_NE(out.str().find("greedy: game 1565000101000: rank "),
            std::string::npos)
      << out.str();
}

// Two greedy bots play a short game on our server in process; from the
// server's last frame (its finished-game callback) to PlayGames' return
// takes well under the 5 s of a command reply's deadline, and nothing is
// logged.
void ExpectNoStallAtTheEnd(tools::ColorfightRoomConfig room, bool lockstep) {
  tools::ColorfightServerOptions options;
  options.rooms = {{"duel", room}};
  options.lockstep = lockstep;
  std::mutex mu;
  Clock::time_point last_frame{};
  options.on_game_end = [&](const tools::ColorfightFinishedGame&) {
    std::lock_guard lock(mu);
    last_frame = Clock::now();
  };
  testing::RunningServer server(options);
  std::ostringstream out[2], log[2];
  int status[2] = {-1, -1};
  Clock::time_point exited[2];
  std::vector<std::thread> players;
  for (int i = 0; i < 2; ++i) {
    players.emplace_back([&, i] {
      RunOptions o;
      o.url = server.Url() + "gameroom/duel";
      o.username = "greedy" + std::to_string(i + 1);
      o.give_up_at = Clock::now() + std::chrono::seconds(60);
      status[i] = PlayGames(Greedy(), o, o.username, out[i], log[i]);
      exited[i] = Clock::now();
    });
  }
  for (std::thread& t : players) t.join();
  std::lock_guard lock(mu);
  ASSERT_NE(last_frame, Clock::time_point{});
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(status[i], 0) << log[i].str();
    EXPECT_EQ(log[i].str(), "");
    EXPECT_NE(out[i].str().find(": rank "), std::string::npos) << out[i].str();
    EXPECT_LT(exited[i] - last_frame, std::chrono::milliseconds(1500));
  }
}

TEST(ColorfightRunTest, NoStallAtTheEndOfALockStepGame) {
  tools::ColorfightRoomConfig duel = tools::ColorfightPreset("duel");
  duel.max_turn = 8;
  ExpectNoStallAtTheEnd(duel, true);
}

TEST(ColorfightRunTest, NoStallAtTheEndOfATimedGame) {
  tools::ColorfightRoomConfig duel = tools::ColorfightPreset("duel");
  duel.max_turn = 8;
  duel.round_time = {0.1, true};
  ExpectNoStallAtTheEnd(duel, false);
}

}  // namespace
}  // namespace wl::colorfight
