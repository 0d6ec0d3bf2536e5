#include "bench/bench.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>

#include "boost/json.hpp"
#include "common/cli.h"
#include "common/json.h"

namespace wl::tools {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

double BenchReport::GamesPerSecond() const {
  return seconds > 0 ? static_cast<double>(games.size()) / seconds : 0;
}

uint64_t GameHash(const std::string& name, const BenchOutcome& outcome) {
  uint64_t hash = Fnv1a64(name + "\n");
  hash = Fnv1a64(outcome.transcript, hash);
  return Fnv1a64("\nwinner " + outcome.winner + "\nrounds " +
                     std::to_string(outcome.rounds) + "\n",
                 hash);
}

absl::StatusOr<BenchReport> RunBench(const std::vector<BenchGame>& games) {
  BenchReport report;
  uint64_t signature = kFnvOffset;
  const Clock::time_point start = Clock::now();
  for (const BenchGame& game : games) {
    const Clock::time_point game_start = Clock::now();
    absl::StatusOr<BenchOutcome> outcome = game.play();
    if (!outcome.ok()) {
      return absl::Status(
          outcome.status().code(),
          game.name + ": " + std::string(outcome.status().message()));
    }
    BenchResult result;
    result.name = game.name;
    result.winner = outcome->winner;
    result.rounds = outcome->rounds;
    result.hash = GameHash(game.name, *outcome);
    result.seconds = SecondsSince(game_start);
    signature = Fnv1a64(Hex64(result.hash), signature);
    report.rounds += result.rounds;
    report.games.push_back(std::move(result));
  }
  report.seconds = SecondsSince(start);
  report.signature = Hex64(signature);
  return report;
}

BenchGame GameBench(const GameAdapter& game, std::string name,
                    GameSetup setup) {
  setup.keep_files = true;
  return {std::move(name), [&game, setup]() -> absl::StatusOr<BenchOutcome> {
            absl::StatusOr<std::unique_ptr<PlayedGame>> played =
                game.Play(setup);
            if (!played.ok()) return played.status();
            return BenchOutcome{(*played)->Transcript(), (*played)->winner,
                                (*played)->rounds};
          }};
}

std::vector<BenchGame> PairBenchGames(const GameAdapter& game,
                                      const std::vector<std::string>& bots,
                                      const std::vector<std::string>& maps) {
  std::vector<BenchGame> games;
  int64_t seed = 0;
  for (const std::string& map : maps) {
    for (const std::string& bot1 : bots) {
      for (const std::string& bot2 : bots) {
        GameSetup setup;
        setup.seed = ++seed;
        setup.map = map;
        setup.seats.resize(2);
        setup.seats[0].bot = bot1;
        setup.seats[0].seed = static_cast<uint64_t>(2 * seed + 1);
        setup.seats[1].bot = bot2;
        setup.seats[1].seed = static_cast<uint64_t>(2 * seed + 2);
        const std::string where = map.empty() ? "seed" : map;
        games.push_back(
            GameBench(game, bot1 + "-" + bot2 + "/" + where, setup));
      }
    }
  }
  return games;
}

std::string BenchText(const BenchReport& report, bool verbose) {
  std::string out;
  if (verbose) {
    for (const BenchResult& g : report.games) {
      out += g.name + "  " + g.winner + " in " + std::to_string(g.rounds) +
             " rounds  " + Hex64(g.hash) + "  " + Fixed(g.seconds, 3) + " s\n";
    }
  }
  out += "signature: " + report.signature + "\n";
  out += "games:     " + std::to_string(report.games.size()) + "\n";
  out += "rounds:    " + std::to_string(report.rounds) + "\n";
  out += "time:      " + Fixed(report.seconds, 3) + " s\n";
  out += "games/s:   " + Fixed(report.GamesPerSecond(), 2) + "\n";
  return out;
}

std::string BenchJson(const BenchReport& report) {
  boost::json::array games;
  for (const BenchResult& g : report.games) {
    games.push_back(boost::json::object{{"name", g.name},
                                        {"winner", g.winner},
                                        {"rounds", g.rounds},
                                        {"hash", Hex64(g.hash)},
                                        {"seconds", g.seconds}});
  }
  boost::json::object out{{"signature", report.signature},
                          {"games", static_cast<int64_t>(report.games.size())},
                          {"rounds", report.rounds},
                          {"seconds", report.seconds},
                          {"games_per_second", report.GamesPerSecond()},
                          {"per_game", std::move(games)}};
  return PlainJson(out) + "\n";
}

int BenchMain(
    int argc, char** argv, const std::string& command, const std::string& about,
    const std::function<std::vector<BenchGame>(bool quick)>& make_games) {
  bool quick = false, verbose = false, json = false;
  Flags flags(command, "",
              about +
                  " Prints the signature, a hash of every game's moves and "
                  "result: the same on every machine, with any timing; a "
                  "change that keeps behaviour keeps it. Then the games per "
                  "second.");
  flags.Bool("quick", &quick,
             "fewer, shorter games (for sanitizer builds); another signature");
  flags.Bool("verbose", &verbose, "one line per game: winner, rounds, hash");
  flags.Bool("json", &json, "print the report as one JSON object");
  std::vector<std::string> args;
  if (std::optional<int> exit = flags.Parse(argc, argv, &args)) return *exit;
  if (!args.empty()) return flags.Fail("takes no arguments");
  absl::StatusOr<BenchReport> report = RunBench(make_games(quick));
  if (!report.ok()) {
    std::cerr << "warlight " << command << ": " << report.status().message()
              << "\n";
    return 1;
  }
  std::cout << (json ? BenchJson(*report) : BenchText(*report, verbose));
  return 0;
}

}  // namespace wl::tools
