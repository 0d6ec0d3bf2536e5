// The Colorfight II frame (sdk/colorfight/frame.h) on the benchmarks'
// 8-player position (colorfight_bench_position.h): the frame text a bot
// receives every turn, made by FrameText(FrameOf(state)), so that nothing
// is read from ../shared.
//
// BM_ColorfightParseFrame: ParseFrame of that text (items/s = frames per
// second, bytes/s of frame text). BM_ColorfightFrameText: FrameText of the
// parsed frame. BM_ColorfightFrameOf: FrameOf(state), the server's side.
//
//   build/bench/wl_bench --benchmark_filter=ColorfightFrame
#include <cstdint>
#include <string>
#include <vector>

#include "bench/colorfight_bench_position.h"
#include "benchmark/benchmark.h"
#include "sdk/colorfight/frame.h"

namespace {

using wl::colorfight::Frame;

std::vector<std::string> Usernames() {
  std::vector<std::string> names;
  for (int i = 0; i < ColorfightBenchPosition::kPlayers; ++i) {
    names.push_back("bot" + std::to_string(i + 1));
  }
  return names;
}

const std::string& FrameTextOfPosition() {
  static const std::string text = [] {
    Frame f = wl::colorfight::FrameOf(ColorfightBenchPosition::Get().state,
                                      Usernames());
    f.info.game_id = "1234567890";
    return wl::colorfight::FrameText(f);
  }();
  return text;
}

void BM_ColorfightParseFrame(benchmark::State& state) {
  const std::string& text = FrameTextOfPosition();
  Frame frame;
  std::string error;
  for (auto _ : state) {
    if (!wl::colorfight::ParseFrame(text, &frame, &error)) {
      state.SkipWithError(error.c_str());
      break;
    }
    benchmark::DoNotOptimize(frame.cells.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_ColorfightParseFrame)->Unit(benchmark::kMicrosecond);

void BM_ColorfightFrameText(benchmark::State& state) {
  Frame frame;
  std::string error;
  if (!wl::colorfight::ParseFrame(FrameTextOfPosition(), &frame, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  for (auto _ : state) {
    std::string text = wl::colorfight::FrameText(frame);
    benchmark::DoNotOptimize(text.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ColorfightFrameText)->Unit(benchmark::kMicrosecond);

void BM_ColorfightFrameOf(benchmark::State& state) {
  const std::vector<std::string> names = Usernames();
  for (auto _ : state) {
    Frame f =
        wl::colorfight::FrameOf(ColorfightBenchPosition::Get().state, names);
    benchmark::DoNotOptimize(f.cells.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ColorfightFrameOf)->Unit(benchmark::kMicrosecond);

}  // namespace
