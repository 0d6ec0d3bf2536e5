// tune.h: `warlight tune BOT`: SPSA tuning of a bot's numeric parameters by
// self-play (spsa.h), the way fishtest tunes chess engines, then a
// confirmation match of the tuned values against the defaults.
//
//   warlight tune greedy --iterations 200 --param land --param reserve:6:2
//                 --log tune.jsonl --out tune-out --jobs 2
//
// A BOT declares its parameters (sdk/common/param_set.h): in process as a
// wl::Tunable, as a process through --list-params and --param NAME=VALUE
// (GameAdapter::BotParams, SeatSetup::params). Each iteration plays
// --pairs-per-iteration game pairs of theta+ against theta-, each pair one
// seed and map with the seats swapped (the arena's schedule.h), --jobs
// games at once; with --opponent BOT, theta+ and theta- each play those
// pairs against BOT instead (tuning against a fixed rival). --opponent may
// be given several times: a pool, each pair's opponent drawn by its seed
// (theta+ and theta- meet the same one on the same seed), the per-opponent
// scores in the log ("against"), the table and tune.json. Every iteration is
// one JSON line of --log after a settings line: re-running the same command
// resumes after the last whole line (a line cut by a kill is dropped), other
// settings (the pool too) are refused. At the end: a text table (and --out
// DIR/tune.json and tune.txt, each written whole), then --confirm-games games
// of the tuned values against the defaults, each seed in both seats, with the
// arena's statistics (stats.h: W/D/L, score with its Wilson interval, Elo,
// pentanomial Elo), and with --pool-games G the tuned values and the
// defaults each play G games against the pool on the same seeds.
//
// Like the arena it knows no game's rules: it plays through a GameAdapter.
//   TuneConfig config;
//   config.bot = "greedy";
//   config.iterations = 50;
//   int status = RunTune(config, game, std::cout);
#ifndef WL_TOOLS_TUNE_TUNE_H_
#define WL_TOOLS_TUNE_TUNE_H_

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/process.h"

namespace wl::tools {

struct TuneConfig {
  std::string bot;
  // Empty: self-play (theta+ against theta-). Otherwise theta+ and theta-
  // each play these bots, at their defaults, on the same seeds (each pair's
  // opponent drawn by its seed: PoolIndex), and theta moves toward the one
  // that scored more.
  std::vector<std::string> opponents;
  // With opponents: games of the tuned values and of the defaults against
  // them (the same seeds) after the confirmation; 0: none.
  int64_t pool_games = 0;
  int64_t iterations = 0;
  // --param NAME[:START[:C_END[:R_END]]]; empty: every declared parameter.
  std::vector<std::string> params;
  int64_t seed = 1;
  int64_t jobs = 1;
  int64_t pairs_per_iteration = 1;
  std::string log_path;  // "": no log, no resuming
  std::string out_dir;   // "": no tune.json
  int64_t confirm_games = 200;
  std::string maps_dir;           // "": the game's own maps
  std::vector<std::string> maps;  // the pool's files (from maps_dir)
  bool force_processes = false;
  bool json = false;  // print tune.json's text instead of the table
  std::string command = "tune";
  // Tests: called after iteration k's line is in the log.
  std::function<void(int k)> after_iteration;
};

// Tunes, prints the summary and the confirmation to `out` (progress and
// errors to stderr). Returns 0, 1 when games failed, 2 when the run cannot
// start (bad parameters, a bot that declares none, a stale log).
int RunTune(const TuneConfig& config, GameAdapter& game, std::ostream& out);

// The opponent of the games of `seed` in a pool of `size` bots (0 for one).
int PoolIndex(int64_t seed, size_t size);

// `warlight tune ARGS` (the arguments after "tune").
int TuneMain(GameAdapter& game, int argc, char** argv,
             const std::string& name = "tune");

// `warlight GAME tune` for a game G (common/game.h) that is made with no
// arguments: "berlin tune", "colorfight tune".
template <typename G>
int TuneCommand(int argc, char** argv) {
  G game;
  KillProcessGroupsOnExitSignals();  // its bots die with the command
  return TuneMain(game, argc, argv, game.Name() + " tune");
}

}  // namespace wl::tools

#endif  // WL_TOOLS_TUNE_TUNE_H_
