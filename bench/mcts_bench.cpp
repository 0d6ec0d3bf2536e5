// The MCTS bot's search (bots/mcts): tree iterations per second (each one
// a playout: the searched round, then `playout_rounds` rounds of fast
// policy play, then the evaluation), rounds simulated per second inside the
// search, the fast policy's turn, and a whole timed decision. Positions:
// round 8 of fast-policy games on the official example map (64 regions)
// and on the largest real map (90 regions), both shipped in maps/wl2/
// (without them the cases are skipped with a message). Under
// the other rule sets, on their earth maps (built into the tools): WL1
// (wl1, the same search with WL1's combat, whose playouts are
// Config::wl1_playout_rounds long whatever the case says) and Dingle (dingle:
// the sequential search of mcts_search.h on Dingle's rules core, the map read
// by the harness's Dingle loader).
//
//   build/bench/wl_bench --benchmark_filter=Mcts
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "bots/mcts/mcts_bot.h"
#include "bots/mcts/mcts_policy.h"
#include "bots/mcts/mcts_search.h"
#include "dingle.h"
#include "engine_lines.h"
#include "protocol.h"
#include "random_play.h"
#include "rules.h"
#include "view.h"
#include "wl/dingle_engine.h"
#include "wl/game_files.h"
#include "wl/map_json.h"

namespace {

namespace fs = std::filesystem;

// A game on the example map or the largest real map, with its position:
// round 8 of a game the fast policy plays for both sides, and player1's
// View of it (fog included).
struct Fixture {
  std::unique_ptr<wl::Game> game;
  std::unique_ptr<mcts::MapInfo> info;
  wl::State state;
  wl::View view;
};

// WL1's View of player1 at `s` (WL1 is known by its pick request, wl1
// §3): ViewOfPosition's lines with the request's constant 2000.
wl::View Wl1ViewOf(const wl::Game& game, const wl::State& s) {
  wl::View view;
  std::vector<std::string> lines = {"settings your_bot player1",
                                    "settings opponent_bot player2"};
  for (std::string& l : wl::SetupMapLines(game.GetMap())) lines.push_back(l);
  wl::JavaRandom g1(1);
  lines.push_back("pick_starting_regions 2000" +
                  wl::JoinIds(wl::Wl1Candidates(game, g1)));
  std::vector<int> order;
  lines.push_back("settings starting_armies " +
                  std::to_string(game.Income(s, wl::Player::kPlayer1)));
  lines.push_back(wl::UpdateMapLine(game, s, wl::Player::kPlayer1, order));
  lines.push_back("opponent_moves");
  lines.push_back("go place_armies 2000");
  for (const std::string& l : lines) view.Apply(wl::Parse(l));
  return view;
}

// Dingle's View of the player to move at `pos` (dingle_engine.h's lines:
// no fog, the income with player 1's round-1 handicap).
wl::View DingleViewOf(const wl::Game& game, const wl::dingle::Position& pos) {
  wl::View view;
  const wl::Player me = pos.turn;
  std::vector<std::string> lines = {
      "settings rule_set dingle",
      "settings your_bot " + std::string(wl::PlayerName(me)),
      "settings opponent_bot " + std::string(wl::PlayerName(wl::Opponent(me))),
      "settings max_rounds " + std::to_string(pos.max_rounds)};
  for (std::string& l : wl::SetupMapLines(game.GetMap())) lines.push_back(l);
  lines.push_back("settings starting_armies " +
                  std::to_string(wl::dingle::Income(game, pos)));
  std::string update = "update_map";
  for (int r : game.GetMap().RegionIds()) {
    update += ' ' + std::to_string(r) + ' ' +
              std::string(wl::PlayerName(pos.state.Owner(r))) + ' ' +
              std::to_string(pos.state.armies[r]);
  }
  // The View counts its update_map lines as rounds.
  for (int round = 1; round <= pos.round; ++round) lines.push_back(update);
  lines.push_back("opponent_moves");
  lines.push_back("go place_armies 60000");
  for (const std::string& l : lines) view.Apply(wl::Parse(l));
  return view;
}

// Round 8 of a game the fast policy plays for both sides under WL1 or
// Dingle on the rule set's earth map.
std::unique_ptr<Fixture> EarthFixture(wl::RuleSet rules) {
  auto f = std::make_unique<Fixture>();
  const std::string_view json = wl::tools::EarthMapJson(rules);
  wl::Map map = rules == wl::RuleSet::kDingle
                    ? wl::tools::ParseDingleMapJson(json)->map
                    : *wl::tools::ParseMapJson(json);
  f->game = std::make_unique<wl::Game>(map, rules);
  f->info = std::make_unique<mcts::MapInfo>(*f->game);
  for (uint64_t seed = 1;; ++seed) {
    wl::FastRandom rng(seed);
    if (rules == wl::RuleSet::kDingle) {
      wl::dingle::Setup setup = wl::dingle::SetUp(*f->game, rng);
      wl::dingle::Position& pos = setup.position;
      mcts::DingleScratch scratch;
      while (!pos.Over() && pos.round < 8) {
        mcts::DingleTurn(*f->info, pos, mcts::PolicyParams(), rng,
                         wl::CombatMode::kOfficial, scratch);
      }
      if (pos.Over()) continue;
      f->state = pos.state;
      f->view = DingleViewOf(*f->game, pos);
      return f;
    }
    wl::State s = wl::RandomStart(*f->game, rng);
    wl::Outcome o = wl::Outcome::kOngoing;
    for (int round = 1; round < 8 && o == wl::Outcome::kOngoing; ++round) {
      wl::MoveQueue place[2], attack[2];
      mcts::PlayoutRound(*f->info, s, rng, place, attack);
      o = wl::RoundOutcome(s, round, f->game->MaxRounds());
    }
    if (o != wl::Outcome::kOngoing) continue;
    f->state = s;
    f->view = Wl1ViewOf(*f->game, s);
    return f;
  }
}

const Fixture* LoadFixture(const std::string& which) {
  static std::unique_ptr<Fixture> example, largest, wl1, dingle;
  if (which == "wl1" || which == "dingle") {
    std::unique_ptr<Fixture>& slot = which == "wl1" ? wl1 : dingle;
    if (!slot) {
      slot = EarthFixture(which == "wl1" ? wl::RuleSet::kWl1
                                         : wl::RuleSet::kDingle);
    }
    return slot.get();
  }
  std::unique_ptr<Fixture>& slot = which == "example" ? example : largest;
  if (slot) return slot.get();
  const std::string path = wl::bench::MapPath(which);
  absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(path);
  if (!map.ok()) return nullptr;
  auto f = std::make_unique<Fixture>();
  f->game = std::make_unique<wl::Game>(*map);
  f->info = std::make_unique<mcts::MapInfo>(*f->game);
  for (uint64_t seed = 1;; ++seed) {
    wl::FastRandom rng(seed);
    wl::State s = wl::RandomStart(*f->game, rng);
    wl::Outcome o = wl::Outcome::kOngoing;
    for (int round = 1; round < 8 && o == wl::Outcome::kOngoing; ++round) {
      wl::MoveQueue place[2], attack[2];
      for (int i = 0; i < 2; ++i) {
        mcts::PlanTurn(*f->info, s, wl::PlayerOfIndex(i), mcts::PolicyParams(),
                       place[i], attack[i]);
      }
      wl::ExecutePlacements(s, place[0], place[1]);
      wl::ExecuteAttacks(s, attack[0], attack[1], rng);
      o = wl::RoundOutcome(s, round, f->game->MaxRounds());
    }
    if (o == wl::Outcome::kOngoing) {
      f->state = s;
      break;
    }
  }
  f->view = wl::ViewOfPosition(*f->game, f->state, wl::Player::kPlayer1);
  slot = std::move(f);
  return slot.get();
}

#define MCTS_FIXTURE_OR_SKIP(state, which)                          \
  const Fixture* f = LoadFixture(which);                            \
  if (!f) {                                                         \
    state.SkipWithError("maps/wl2 is missing: mcts bench skipped"); \
    return;                                                         \
  }

// Tree iterations (= playouts) per second and rounds simulated per second,
// with the default configuration (3 playout rounds) or none.
void BM_MctsIterations(benchmark::State& state, const std::string& which,
                       int playout_rounds) {
  MCTS_FIXTURE_OR_SKIP(state, which);
  mcts::Config config;
  config.playout_rounds = playout_rounds;
  mcts::Search search(config);
  search.Prepare(f->view, *f->info, 7);
  wl::MoveQueue place[2], attack[2];
  int n = 0;
  int64_t rounds = 0;
  for (auto _ : state) {
    rounds += search.Iterate(n++, place, attack);
  }
  state.counters["iterations/s"] =
      benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["rounds/s"] = benchmark::Counter(static_cast<double>(rounds),
                                                  benchmark::Counter::kIsRate);
  state.counters["candidates"] = search.Turns().size();
}
BENCHMARK_CAPTURE(BM_MctsIterations, example, std::string("example"), 3);
BENCHMARK_CAPTURE(BM_MctsIterations, largest, std::string("largest"), 3);
BENCHMARK_CAPTURE(BM_MctsIterations, example_no_playout, std::string("example"),
                  0);
BENCHMARK_CAPTURE(BM_MctsIterations, largest_no_playout, std::string("largest"),
                  0);
BENCHMARK_CAPTURE(BM_MctsIterations, wl1, std::string("wl1"), 3);
BENCHMARK_CAPTURE(BM_MctsIterations, dingle, std::string("dingle"), 3);

// One turn of the fast policy for one player (the playouts' unit of work).
void BM_MctsPolicyTurn(benchmark::State& state, const std::string& which) {
  MCTS_FIXTURE_OR_SKIP(state, which);
  wl::MoveQueue place, attack;
  for (auto _ : state) {
    place.Clear();
    attack.Clear();
    mcts::PlanTurn(*f->info, f->state, wl::Player::kPlayer1,
                   mcts::PolicyParams(), place, attack);
    benchmark::DoNotOptimize(attack.size);
  }
}
BENCHMARK_CAPTURE(BM_MctsPolicyTurn, example, std::string("example"));
BENCHMARK_CAPTURE(BM_MctsPolicyTurn, largest, std::string("largest"));

// The preparation of a decision: beliefs, candidate turns (five greedy
// plans, three policy turns), samples and the opponent's turns.
void BM_MctsPrepare(benchmark::State& state, const std::string& which) {
  MCTS_FIXTURE_OR_SKIP(state, which);
  mcts::Search search{mcts::Config()};
  for (auto _ : state) search.Prepare(f->view, *f->info, 7);
}
BENCHMARK_CAPTURE(BM_MctsPrepare, example, std::string("example"));
BENCHMARK_CAPTURE(BM_MctsPrepare, largest, std::string("largest"));

// A whole decision with a budget of `ms`: how many iterations it gets and
// how many rounds they simulate (README "Speed": 100 and 400 ms).
void MctsDecision(benchmark::State& state, const std::string& which, int ms) {
  MCTS_FIXTURE_OR_SKIP(state, which);
  mcts::Config config;
  config.max_move_ms = ms;
  double iterations = 0, rounds = 0;
  int decisions = 0;
  for (auto _ : state) {
    MctsBot bot(config);
    bot.PlaceArmies(f->view);
    iterations += bot.LastStats().iterations;
    rounds += bot.LastStats().rounds_simulated;
    ++decisions;
  }
  state.counters["iterations"] = iterations / decisions;
  state.counters["rounds"] = rounds / decisions;
}
void BM_MctsDecision100ms(benchmark::State& state, const std::string& which) {
  MctsDecision(state, which, 100);
}
void BM_MctsDecision400ms(benchmark::State& state, const std::string& which) {
  MctsDecision(state, which, 400);
}
BENCHMARK_CAPTURE(BM_MctsDecision100ms, example, std::string("example"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK_CAPTURE(BM_MctsDecision100ms, largest, std::string("largest"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK_CAPTURE(BM_MctsDecision100ms, wl1, std::string("wl1"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK_CAPTURE(BM_MctsDecision100ms, dingle, std::string("dingle"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK_CAPTURE(BM_MctsDecision400ms, example, std::string("example"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK_CAPTURE(BM_MctsDecision400ms, largest, std::string("largest"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

}  // namespace
