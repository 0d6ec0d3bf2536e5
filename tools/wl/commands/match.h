// match.h: `warlight match BOT1 BOT2`: one game between two bot processes,
// exactly as the official engine plays it, with its dumps, replay, result
// and replay.html written to a game folder.
//
//   warlight match starter "python3 mybot.py" --seed 42 --map maps/x.json
//
// A BOT is the name of a bot built in this repository (starter, random,
// greedy, mcts) or any shell command line. See MatchMain's --help.
#ifndef WL_TOOLS_WL_COMMANDS_MATCH_H_
#define WL_TOOLS_WL_COMMANDS_MATCH_H_

#include <cstdint>
#include <string>

namespace wl::tools {

// `warlight match ARGS` (argv: the arguments after "match").
int MatchMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_MATCH_H_
