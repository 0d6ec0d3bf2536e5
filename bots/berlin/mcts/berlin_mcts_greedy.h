// berlin_mcts_greedy.h: the greedy Berlin bot's headers (its planner and
// chooser, bots/berlin/greedy), which the MCTS bot builds on.
//
// With bots/berlin/greedy on the include path (the bot's build, which
// cmake/WlBots.cmake gives it) they are found by bare name; without it
// (the tests and benchmarks, which include bots by path), through the
// sibling folder.
#ifndef BERLIN_MCTS_GREEDY_H_
#define BERLIN_MCTS_GREEDY_H_

#if __has_include("berlin_greedy_choose.h")
#include "berlin_greedy_choose.h"
#else
#define BERLIN_MCTS_GREEDY_HEADER "../greedy/berlin_greedy_choose.h"
#include BERLIN_MCTS_GREEDY_HEADER
#undef BERLIN_MCTS_GREEDY_HEADER
#endif

#endif  // BERLIN_MCTS_GREEDY_H_
