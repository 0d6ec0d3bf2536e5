// mcts_greedy.h: the greedy bot's headers, which the MCTS bot builds on.
//
// In an upload zip (scripts/package_bot.sh copies them next to ours) and
// with bots/greedy on the include path they are found by bare name; in
// this repository without it, through the sibling folder.
#ifndef MCTS_GREEDY_H_
#define MCTS_GREEDY_H_

#if __has_include("greedy_bot.h")
#include "greedy_bot.h"
#else
#define MCTS_GREEDY_BOT_HEADER "../greedy/greedy_bot.h"
#include MCTS_GREEDY_BOT_HEADER
#undef MCTS_GREEDY_BOT_HEADER
#endif

#endif  // MCTS_GREEDY_H_
