// Parsing engine lines (sdk protocol.h): a 90-region update_map and a
// 50-move opponent_moves line, the two longest lines of a round, and WL1's
// draft request (wl1 §3 line 6).
#include <string>

#include "benchmark/benchmark.h"
#include "protocol.h"

namespace {

std::string UpdateMap90() {
  std::string line = "update_map";
  for (int id = 1; id <= 90; ++id) {
    const char* owner = id % 3 == 0   ? "player1"
                        : id % 3 == 1 ? "player2"
                                      : "neutral";
    line += " " + std::to_string(id) + " " + owner + " " +
            std::to_string(id * 7 % 40 + 1);
  }
  return line;
}

std::string OpponentMoves50() {
  std::string line = "opponent_moves";
  for (int i = 0; i < 10; ++i) {
    line += " player2 place_armies " + std::to_string(i * 9 + 1) + " " +
            std::to_string(i + 1);
  }
  for (int i = 0; i < 40; ++i) {
    line += " player2 attack/transfer " + std::to_string(i + 1) + " " +
            std::to_string(i + 2) + " " + std::to_string(i * 13 % 50 + 1);
  }
  return line;
}

void Run(benchmark::State& state, const std::string& line) {
  for (auto _ : state) {
    wl::Message m = wl::Parse(line);
    benchmark::DoNotOptimize(m);
  }
  state.SetItemsProcessed(state.iterations());  // lines
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(line.size()));
}

void BM_ParseUpdateMap90(benchmark::State& state) { Run(state, UpdateMap90()); }
void BM_ParseOpponentMoves50(benchmark::State& state) {
  Run(state, OpponentMoves50());
}
void BM_ParseWl1PickRequest(benchmark::State& state) {
  Run(state, "pick_starting_regions 2000 4 1 10 11 17 19 26 23 29 28 42 41");
}
BENCHMARK(BM_ParseUpdateMap90);
BENCHMARK(BM_ParseOpponentMoves50);
BENCHMARK(BM_ParseWl1PickRequest);

}  // namespace
