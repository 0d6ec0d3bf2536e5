// replay_illegal.h: a player's illegal moves in a replay's full history,
// split by whether the engine found them when queued (the bot's own fault)
// or only when executing them (its region was taken or drained earlier in
// the round: spec section 6, "was taken this round", "has used all
// available armies"). A WL1 replay (wl1 §13.2) has no round 0: its
// histories start at round 1, and its execution-time failures also include
// a pair already run this round and a source down to 1 army (wl1 §6.3).
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
  const bool wl1 = replay.find("round 0\n") == std::string::npos;
  auto at_execution = [&](const std::string& l) {
    return l.find("was taken this round") != std::string::npos ||
           l.find("has used all available armies") != std::string::npos ||
           (wl1 &&
            (l.find("has already attacked/transfered") != std::string::npos ||
             l.find("only has 1 army") != std::string::npos));
  };
  while (std::getline(in, line)) {
    if (line == (wl1 ? "round 1" : "round 0")) ++histories;
    if (histories != 1 || line.rfind(prefix, 0) != 0) continue;
    if (at_execution(line)) {
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
