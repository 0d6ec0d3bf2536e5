// The Berlin rules core's hot paths (sdk/berlin/rules.h, state.h) on the
// largest official map, deployed-4 ("3 Way Star", 30 nodes, 3 players,
// built into the tools): turns of random play, and copying the State.
//
// BM_BerlinRandomTurn: every alive player answers as the official gem's
// README bot (berlin §9.1: for each node it controls, in map order, its
// neighbours shuffled, each sent rand(0..available) soldiers, zeros
// included), generated from the State each turn with a fast generator, then
// ResolveTurn (berlin §5.3-5.7); a finished game starts again from the
// setup. items/s = turns resolved per second, move generation included.
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "berlin/berlin_map.h"
#include "java_random.h"
#include "sdk/berlin/rules.h"

namespace {

using wl::berlin::Map;
using wl::berlin::Move;
using wl::berlin::PlayerMoves;
using wl::berlin::State;

struct Deployed4 {
  wl::tools::BerlinMapFile file = *wl::tools::LoadBerlinMap("deployed-4");
  State start = *file.Setup(3);
};

const Deployed4& Board() {
  static const Deployed4 board;
  return board;
}

// The gem's random bot for `player` (berlin §9.1), appended to `moves`.
void RandomMoves(const Map& map, const State& s, int player,
                 wl::FastRandom& rng, std::vector<Move>& moves) {
  int others[wl::berlin::kMaxNodes];
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] != player || s.Soldiers(i) <= 0) continue;
    int n = 0;
    for (uint64_t m = map.Neighbours(i); m != 0; m &= m - 1) {
      others[n++] = __builtin_ctzll(m);
    }
    for (int k = n; k > 1; --k) {  // Fisher-Yates
      std::swap(others[k - 1], others[rng.NextInt(k)]);
    }
    int32_t available = s.Soldiers(i);
    for (int k = 0; k < n; ++k) {
      const int32_t sent = rng.NextInt(available + 1);
      available -= sent;
      moves.push_back({map.node(i).id, map.node(others[k]).id, sent});
    }
  }
}

void BM_BerlinRandomTurn(benchmark::State& state) {
  const Map& map = Board().file.map;
  wl::FastRandom rng(7);
  State s = Board().start;
  std::vector<Move> moves[wl::berlin::kMaxPlayers];
  for (auto& m : moves) m.reserve(64 * 8);
  PlayerMoves turn[wl::berlin::kMaxPlayers];
  int64_t games = 0;
  for (auto _ : state) {
    if (wl::berlin::GameOver(map, s)) {
      s = Board().start;
      ++games;
    }
    int asked = 0;
    for (int p = 0; p < s.num_players; ++p) {
      if (!s.Alive(p)) continue;
      moves[p].clear();
      RandomMoves(map, s, p, rng, moves[p]);
      turn[asked++] = {p, moves[p].data(), static_cast<int>(moves[p].size())};
    }
    wl::berlin::ResolveTurn(map, s, turn, asked);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["games"] = static_cast<double>(games);
}
BENCHMARK(BM_BerlinRandomTurn);

// A State copy (what a search does per node): 1,152 bytes, a memcpy.
void BM_BerlinStateCopy(benchmark::State& state) {
  State a = Board().start;
  State b;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&a);
    b = a;
    benchmark::DoNotOptimize(&b);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(sizeof(State)));
}
BENCHMARK(BM_BerlinStateCopy);

}  // namespace
