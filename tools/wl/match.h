// match.h: `warlight match BOT1 BOT2`: one game between two bot processes,
// exactly as the official engine plays it, with its dumps, replay and
// result written to a game folder.
//
//   warlight match starter "python3 mybot.py" --seed 42 --map maps/x.json
//
// A BOT is the name of a bot built in this repository (starter, random,
// greedy, mcts) or any shell command line. See MatchMain's --help.
#ifndef WL_TOOLS_WL_MATCH_H_
#define WL_TOOLS_WL_MATCH_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "wl/builtin_bots.h"
#include "wl/engine.h"

namespace wl::tools {

// The folder a game is written to when --out is not given.
std::string DefaultGameDir(int64_t seed);

// result.json of a finished game.
std::string ResultJson(const GameRecord& record, int64_t seed,
                       const std::string& map_name, const std::string& bot1,
                       const std::string& bot2, const std::string& command);

int MatchMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_MATCH_H_
