// arena.h: `warlight arena BOT BOT [BOT...]`: many games between every pair
// of bots, each seed in both seats, with statistics that say how sure the
// answer is; and `warlight arena merge FILE...` to combine result files.
//
//   warlight arena greedy starter --games 200 --maps ../shared/maps/real
//                  --results results.jsonl --jobs 2 --sprt 0,10
//
// A game of more than 2 players (--players N, up to the game's
// GameAdapter::MaxPlayers; `warlight berlin arena a b c --players 3`) is played
// by every lineup of N bots (schedule.h), each seed in every rotation of the
// seats, and reported per bot: mean score, win share, ranks and faults
// (standings.h), with the same results files, resuming, shards and merge.
//
// The arena knows no game's rules: it plays through a GameAdapter
// (common/game.h), which declares its own flags (Warlight: --timebank,
// --time-per-move, --regions), plays each game and writes its folder. A
// BOT is any bot the game plays in process (Warlight: a folder under bots/)
// or any shell command (played through a process exactly as in `warlight
// match`). Every finished game is one JSON line in --results after a settings
// line (results.h, settings.h): a re-run with the same settings skips the games
// already there, one with other settings is refused. --shard K/N splits the
// schedule deterministically across machines. The pieces: schedule.h (which
// games), results.h (the file), table.h (the final table), kept_games.h
// (--keep-replays folders).
//
// Tests and tools may run an arena in process:
//   WlGame game;                       // wl/commands/wl_game.h
//   ArenaConfig config;
//   config.bots = {"greedy", "starter"};
//   config.games = 4;
//   int status = RunArena(config, game, std::cout);
#ifndef WL_TOOLS_ARENA_ARENA_H_
#define WL_TOOLS_ARENA_ARENA_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "arena/results.h"
#include "arena/schedule.h"
#include "arena/stats.h"
#include "arena/table.h"
#include "common/game.h"

namespace wl::tools {

// Everything an arena run is told (the flags of `warlight arena` but the
// game's own, which the GameAdapter holds).
struct ArenaConfig {
  std::vector<std::string> bots;
  std::string maps_dir;           // "" for maps the game makes from the seed
  std::vector<std::string> maps;  // the pool's files (from maps_dir)
  bool force_processes = false;   // --processes
  int64_t games = 100;  // per lineup, as asked (rounded up to a multiple
                        // of the players: odd plays one more for pairs)
  int64_t players = 2;  // --players: the seats of each game
  int64_t seed = 1;
  int64_t jobs = 1;
  std::string results_path;
  std::string keep_replays = "none";  // "none", "losses" or "all"
  std::string out_dir;                // "" : games/arena-<run>
  int64_t stderr_cap = int64_t{1} << 20;
  int shard = 1, shards = 1;
  bool json = false;
  bool sprt = false;
  double elo0 = 0, elo1 = 0;
  std::string command = "arena";  // what messages name: "warlight arena: "
  // The command line that started the run, shell-quoted, which Ctrl-C says
  // resumes it ("": "warlight " + command + " ...").
  std::string command_line;
};

// How a game's command presents the arena: `warlight arena`, or `warlight
// berlin arena` with its own paragraph on BOT arguments in --help.
struct ArenaCommand {
  std::string name = "arena";  // after "warlight "
  std::string bots_help;       // "": Warlight's (folders under bots/, ...)
};

// Plays the arena's games of `game`; the final table goes to `out`,
// progress and errors to stderr. While games run, std::cout and std::cerr
// are routed (common/capped_log.h StandardOutputRouter): what a bot in
// process prints with them goes to its seat's log (a kept game's
// stderr_playerN.txt), so that it cannot touch `out` (give it std::cout's
// buffer from before the call); other prints to std::cout go nowhere. Returns
// the exit status: 0, 1 when games failed, 2 when the run cannot start (a bot
// that cannot start, stale results). While games run, an exit signal (Ctrl-C:
// common/process.h KillProcessGroupsOnExitSignals) says how many games are
// saved in
// --results and the command that resumes (config.command_line).
int RunArena(const ArenaConfig& config, GameAdapter& game, std::ostream& out);

// `warlight arena ARGS` (argv: the arguments after "arena"), and `warlight
// arena merge FILE...`; another game's command names itself in `command`.
int ArenaMain(GameAdapter& game, int argc, char** argv,
              const ArenaCommand& command = {});

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_ARENA_H_
