// berlin_arena.h: `warlight berlin arena BOT BOT... [--players N]`: the
// shared arena (arena/arena.h) playing Berlin games (berlin_game.h): every
// pair of bots with the Elo statistics of 2-player games, or with
// --players 3 or 4 every lineup of bots in every rotation of the seats,
// with each bot's mean score, win share and ranks. Results files, --resume
// by re-running, --shard and `warlight berlin arena merge` as for Warlight.
//
//   warlight berlin arena random starter --games 100 --results r.jsonl
//   warlight berlin arena random starter greedy --players 3 --games 30
#ifndef WL_TOOLS_BERLIN_BERLIN_ARENA_H_
#define WL_TOOLS_BERLIN_BERLIN_ARENA_H_

namespace wl::tools {

// argv: the arguments after "arena".
int BerlinArenaMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_ARENA_H_
