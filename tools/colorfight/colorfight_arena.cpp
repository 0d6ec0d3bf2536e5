#include "colorfight/colorfight_arena.h"

#include "arena/arena.h"
#include "colorfight/colorfight_game.h"

namespace wl::tools {

namespace {

constexpr const char* kColorfightBotsHelp =
    "A BOT is a built-in Colorfight II bot (a folder of bots/colorfight:\n"
    "random, greedy, ...), played in process on the rules core; bots run\n"
    "as processes (commands, --processes) are not supported yet. Maps are\n"
    "made from each game's seed (colorfight §4); --players is 2, 4 or 8.\n"
    "The score is the final gold: the table's mean score is the mean gold;\n"
    "the winner has the most (colorfight §8).\n";

}  // namespace

int ColorfightArenaMain(int argc, char** argv) {
  ColorfightGame game;
  return ArenaMain(game, argc, argv, {"colorfight arena", kColorfightBotsHelp});
}

}  // namespace wl::tools
