// bench.h: the `bench` command of any game, like Stockfish's `bench`: a
// fixed list of seeded games, played one after the other, hashed into one
// signature that says whether the games still play exactly as before, and
// timed (games per second). A change meant to keep behaviour (a refactor, a
// speed-up) must keep the signature; a change of behaviour shows in it.
//
// The bench knows no game: a game hands it its bench games, each a name and
// a callable that plays the game to its end and returns what happened.
//
//   std::vector<BenchGame> games = {
//       {"greedy-random/map1", [] { ...play...; return BenchOutcome{...}; }},
//   };
//   BenchReport report = RunBench(games);
//   std::cout << report.signature;  // "0123456789abcdef"
//
//   // A game of the GameAdapter interface (common/game.h), replayed from a
//   setup: games.push_back(GameBench(game, "starter-random", setup));
//
//   // The command: `warlight bench [--quick] [--verbose] [--json]`.
//   return BenchMain(argc, argv, "bench", "Plays my game's bench games.",
//                    [](bool quick) { return MyBenchGames(quick); });
//
// The signature must not depend on timing, threads or the machine: every
// callable must play exactly the same game each time it is called (seeded
// bots with no clock in their decisions, time banks that never run low).
#ifndef WL_TOOLS_BENCH_BENCH_H_
#define WL_TOOLS_BENCH_BENCH_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "common/game.h"
#include "common/hash.h"  // Fnv1a64, Hex64

namespace wl::tools {

// What one bench game did: everything that happened, as text (Warlight: the
// replay), the winner ("player1", "player2"... or "draw") and the rounds.
struct BenchOutcome {
  std::string transcript;
  std::string winner;
  int rounds = 0;
};

struct BenchGame {
  std::string name;  // unique in a bench, e.g. "greedy-mcts/map-24"
  std::function<absl::StatusOr<BenchOutcome>()> play;
};

// One played bench game.
struct BenchResult {
  std::string name;
  std::string winner;
  int rounds = 0;
  uint64_t hash = 0;  // of this game alone (GameHash)
  double seconds = 0;
};

struct BenchReport {
  std::vector<BenchResult> games;
  std::string signature;  // 16 lowercase hex digits
  int64_t rounds = 0;     // over every game
  double seconds = 0;     // wall time of the whole bench
  double GamesPerSecond() const;
};

// A game's hash: its name, transcript, winner and rounds.
uint64_t GameHash(const std::string& name, const BenchOutcome& outcome);

// Plays every game in order; the signature hashes each game's hash in
// order. An error names the game that could not be played.
absl::StatusOr<BenchReport> RunBench(const std::vector<BenchGame>& games);

// A bench game played through the GameAdapter interface: `setup` played with
// keep_files, its PlayedGame's Transcript, winner and rounds. `game` must
// outlive the BenchGame.
BenchGame GameBench(const GameAdapter& game, std::string name, GameSetup setup);

// Every ordered pair of `bots` (a bot against itself too) on each of
// `maps` (names the game's Play accepts; "" for a map made from the seed),
// two players, one game each through `game`, in process, with the game
// seeds 1, 2, ... and the seats' 2s+1 and 2s+2; named "BOT1-BOT2/MAP".
std::vector<BenchGame> PairBenchGames(const GameAdapter& game,
                                      const std::vector<std::string>& bots,
                                      const std::vector<std::string>& maps);

// The report as text: one line per game when `verbose`, then the signature,
// games, rounds, time and games/s.
std::string BenchText(const BenchReport& report, bool verbose);
// The same as one JSON object.
std::string BenchJson(const BenchReport& report);

// `warlight <command> [--quick] [--verbose] [--json]`: plays
// make_games(quick), prints the report; `about` opens its --help. Returns
// the exit status: 0, 1 when a game could not be played, 2 on a bad flag.
int BenchMain(
    int argc, char** argv, const std::string& command, const std::string& about,
    const std::function<std::vector<BenchGame>(bool quick)>& make_games);

}  // namespace wl::tools

#endif  // WL_TOOLS_BENCH_BENCH_H_
