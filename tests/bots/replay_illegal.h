// replay_illegal.h: a player's illegal moves in a replay's full history,
// split by whether the engine found them when queued (the bot's own fault)
// or only when executing them (its region was taken or drained earlier in
// the round: spec section 6, "was taken this round", "has used all
// available armies").
//
//   wl::testing::IllegalMoves m = wl::testing::CountIllegalMoves(replay,
//   "player1"); EXPECT_EQ(m.at_queue, 0);
#ifndef WL_TESTS_BOTS_REPLAY_ILLEGAL_H_
#define WL_TESTS_BOTS_REPLAY_ILLEGAL_H_

#include <sstream>
#include <string>
#include <vector>

namespace wl::testing {

struct IllegalMoves {
  int at_queue = 0;
  int at_execution = 0;
  std::vector<std::string> at_queue_lines;  // the replay lines, for messages
};

inline IllegalMoves CountIllegalMoves(const std::string& replay,
                                      const std::string& player) {
  IllegalMoves m;
  std::istringstream in(replay);
  std::string line;
  int histories = 0;
  const std::string prefix = player + " illegal_move ";
  while (std::getline(in, line)) {
    if (line == "round 0") ++histories;
    if (histories != 1 || line.rfind(prefix, 0) != 0) continue;
    if (line.find("was taken this round") != std::string::npos ||
        line.find("has used all available armies") != std::string::npos) {
      ++m.at_execution;
    } else {
      ++m.at_queue;
      m.at_queue_lines.push_back(line);
    }
  }
  return m;
}

}  // namespace wl::testing

#endif  // WL_TESTS_BOTS_REPLAY_ILLEGAL_H_
