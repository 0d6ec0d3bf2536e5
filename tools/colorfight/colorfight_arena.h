// colorfight_arena.h: `warlight colorfight arena BOT BOT... [--players
// 2|4|8]`: the shared arena (arena/arena.h) playing Colorfight II games in
// process (colorfight_game.h): every pair of bots with the statistics of
// 2-player games, or with --players 4 or 8 every lineup of bots (bots
// repeat when there are fewer than the players) in every rotation of the
// seats, with each bot's mean rank, win share, mean gold (the mean score)
// and places. --max-turn T sets the games' length (default 500). Results
// files, --resume by re-running, --shard and `warlight colorfight arena
// merge` as for Warlight.
//
//   warlight colorfight arena greedy random --games 200 --jobs 2
//   warlight colorfight arena greedy random --players 8 --games 16
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_ARENA_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_ARENA_H_

namespace wl::tools {

// argv: the arguments after "arena".
int ColorfightArenaMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_ARENA_H_
