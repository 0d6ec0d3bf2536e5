// recorded_session.h: the exact lines a real engine sends one bot in one
// game, for tests that replay, garble or compare sessions. The game is
// played in process by the harness's engine (tools/wl/engine.h),
// starter against starter, on a small generated map.
//
//   std::vector<std::string> lines =
//       wl::testing::RecordedSession(/*map_seed=*/3, /*regions=*/30,
//                                    /*game_seed=*/5, /*max_lines=*/200);
//   std::string answers = ...;  // play any bot on them (runner_session.h)
#ifndef WL_TESTS_SDK_RECORDED_SESSION_H_
#define WL_TESTS_SDK_RECORDED_SESSION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/starter/starter_bot.h"
#include "test_maps.h"
#include "wl/engine.h"
#include "wl/in_process_seat.h"

namespace wl::testing {

// A Seat that plays the starter in process and keeps every line it is sent
// (requests included), up to `max_lines`.
class RecordingSeat : public tools::Seat {
 public:
  explicit RecordingSeat(size_t max_lines)
      : seat_(std::make_unique<StarterBot>()), max_lines_(max_lines) {}
  void Send(const std::string& line) override {
    Keep(line);
    seat_.Send(line);
  }
  tools::Reply Ask(const std::string& line, int64_t timebank_ms) override {
    Keep(line);
    return seat_.Ask(line, timebank_ms);
  }
  void Kill() override { seat_.Kill(); }
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  void Keep(const std::string& line) {
    if (lines_.size() < max_lines_) lines_.push_back(line);
  }
  tools::InProcessSeat seat_;
  size_t max_lines_;
  std::vector<std::string> lines_;
};

// The first `max_lines` lines player1 is sent in a starter-vs-starter game.
inline std::vector<std::string> RecordedSession(uint32_t map_seed, int regions,
                                                int64_t game_seed,
                                                size_t max_lines) {
  const Map map = RandomTestMap(map_seed, regions);
  RecordingSeat player1(max_lines);
  tools::InProcessSeat player2(std::make_unique<StarterBot>());
  tools::PlayGame(map, game_seed, player1, player2, tools::TimeRules(),
                  /*record_replay=*/false);
  return player1.lines();
}

}  // namespace wl::testing

#endif  // WL_TESTS_SDK_RECORDED_SESSION_H_
