// The MCTS bot's searched draft (bots/mcts/mcts_draft.h): draft simulations
// per second (each one: the rest of the draft by randomised greedy picks,
// `draft_rounds` rounds of fast-policy play, the evaluation), and what a
// Pick costs before its first simulation (the greedy order of the
// candidates, the start state). Position: player1's first pick of a draft
// set up as the engine does, on the official example map (64 regions) and
// on the largest real map (90 regions), both shipped in maps/wl2/ (without
// them the cases are skipped with a message).
//
//   build/bench/wl_bench --benchmark_filter=Draft
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "bots/mcts/mcts_config.h"
#include "bots/mcts/mcts_draft.h"
#include "bots/mcts/mcts_policy.h"
#include "engine_lines.h"
#include "java_random.h"
#include "protocol.h"
#include "rules.h"
#include "view.h"
#include "wl/map_json.h"

namespace {

struct DraftFixture {
  std::unique_ptr<wl::Game> game;
  std::unique_ptr<mcts::MapInfo> info;
  wl::Setup setup;
  wl::View view;  // player1's, at its first pick
};

void Apply(wl::View& view, const std::string& line) {
  if (!view.Apply(wl::Parse(line)).empty()) std::abort();
}

// Player1's View at the first pick, through the engine's lines.
wl::View FirstPickView(const wl::Game& game, const wl::Setup& setup) {
  wl::View view =
      wl::ViewOfDraft(game.GetMap(), wl::Player::kPlayer1, setup.wastelands,
                      setup.candidates, setup.pick_amount);
  Apply(view, "pick_starting_region 10000" + wl::JoinIds(setup.candidates));
  return view;
}

const DraftFixture* LoadDraftFixture(const std::string& which) {
  static std::unique_ptr<DraftFixture> example, largest;
  std::unique_ptr<DraftFixture>& slot = which == "example" ? example : largest;
  if (slot) return slot.get();
  const std::string path = wl::bench::MapPath(which);
  absl::StatusOr<wl::Map> map = wl::tools::LoadMapFile(path);
  if (!map.ok()) return nullptr;
  auto f = std::make_unique<DraftFixture>();
  f->game = std::make_unique<wl::Game>(*map);
  f->info = std::make_unique<mcts::MapInfo>(*f->game);
  wl::JavaRandom rng(1);
  f->setup = wl::SetUp(*f->game, rng);
  f->view = FirstPickView(*f->game, f->setup);
  slot = std::move(f);
  return slot.get();
}

#define DRAFT_FIXTURE_OR_SKIP(state, which)                          \
  const DraftFixture* f = LoadDraftFixture(which);                   \
  if (!f) {                                                          \
    state.SkipWithError("maps/wl2 is missing: draft bench skipped"); \
    return;                                                          \
  }

constexpr int kSimulationsPerPick = 256;

// Draft simulations per second (items), with the default configuration
// (draft_rounds = 6), through whole Picks of kSimulationsPerPick each.
void BM_MctsDraftSimulations(benchmark::State& state,
                             const std::string& which) {
  DRAFT_FIXTURE_OR_SKIP(state, which);
  mcts::DraftSearch draft([] {
    mcts::Config c;
    c.iterations = kSimulationsPerPick;
    return c;
  }());
  const auto far = std::chrono::steady_clock::now() + std::chrono::hours(24);
  int64_t simulations = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(draft.Pick(f->view, *f->info, {}, far, seed++));
    simulations += draft.LastStats().simulations;
  }
  state.SetItemsProcessed(simulations);
  state.counters["candidates"] = draft.LastStats().candidates;
  state.counters["picks"] = 2 * f->setup.pick_amount;
}
BENCHMARK_CAPTURE(BM_MctsDraftSimulations, example, std::string("example"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MctsDraftSimulations, largest, std::string("largest"))
    ->Unit(benchmark::kMillisecond);

// A Pick with its deadline already past: the greedy order of the
// candidates and the start state, no simulation.
void BM_MctsDraftPrepare(benchmark::State& state, const std::string& which) {
  DRAFT_FIXTURE_OR_SKIP(state, which);
  mcts::DraftSearch draft{mcts::Config()};
  const auto past = std::chrono::steady_clock::now();
  for (auto _ : state) {
    benchmark::DoNotOptimize(draft.Pick(f->view, *f->info, {}, past, 1));
  }
}
BENCHMARK_CAPTURE(BM_MctsDraftPrepare, example, std::string("example"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MctsDraftPrepare, largest, std::string("largest"))
    ->Unit(benchmark::kMicrosecond);

}  // namespace
