// What a Warlight 2 game through processes costs at the least, and what the
// harness adds to it (issue 31). Three figures, in one run:
//  * BM_PipeFloor: the lines of a real 160-round game between two bots that
//    answer "No moves" (each line the harness sent each bot, in its order),
//    written by hand to two such bots (bench/programs/no_moves_bot.cpp,
//    started by posix_spawn, no shell), each request waiting for its answer
//    line: the physical floor, pipes and process wake-ups only.
//  * BM_LineProcessTranscript: the same lines through the harness's
//    LineProcess (supervisor, shell, reader threads, time-outs).
//  * BM_MatchCommand: `warlight match` of those two bots on the example map,
//    as a user runs it (its start, the game, every file of the folder);
//    WL_BENCH_WARLIGHT=path/to/warlight times another build's instead.
// Harness / floor = BM_MatchCommand / BM_PipeFloor.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench_maps.h"
#include "benchmark/benchmark.h"
#include "bot.h"
#include "common/line_process.h"
#include "wl/engine.h"
#include "wl/in_process_seat.h"
#include "wl/map_json.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;

std::string NoMovesBotPath() {
  return (fs::path(WL_BINARY_DIR) / "bench" / "bench_no_moves_bot").string();
}

// The in-process twin of no_moves_bot, to record the game's lines.
class NoMovesBot : public wl::Bot {
 public:
  int PickStartingRegion(const wl::View& view) override {
    return view.PickableRegions().empty() ? 0 : view.PickableRegions()[0];
  }
  std::vector<wl::Move> PlaceArmies(const wl::View&) override { return {}; }
  std::vector<wl::Move> AttackTransfer(const wl::View&) override { return {}; }
};

// One line the harness sends a bot; `ask`: it waits for an answer.
struct Line {
  std::string text;
  bool ask = false;
};

// Each bot's lines in a 160-round game on the example map, from the dumps
// of a game played in process ("Output from your bot" follows a request;
// "Round N" is the dump's own). False, the benchmark skipped, without the
// map.
bool RecordTranscript(benchmark::State& state, std::vector<Line> lines[2]) {
  absl::StatusOr<wl::Map> map =
      wl::tools::LoadMapFile(wl::bench::MapPath("example"));
  if (!map.ok()) {
    state.SkipWithError("maps/wl2 is missing: floor bench skipped");
    return false;
  }
  wl::tools::InProcessSeat p1(std::make_unique<NoMovesBot>());
  wl::tools::InProcessSeat p2(std::make_unique<NoMovesBot>());
  const wl::tools::GameRecord record = wl::tools::PlayGame(*map, 1, p1, p2);
  for (int i = 0; i < 2; ++i) {
    std::istringstream dump(record.dump[i]);
    std::string text;
    while (std::getline(dump, text)) {
      if (text.rfind("Round ", 0) == 0) continue;
      if (text.rfind("Output from your bot", 0) == 0) {
        if (!lines[i].empty()) lines[i].back().ask = true;
        continue;
      }
      lines[i].push_back({text + "\n", false});
    }
  }
  if (lines[0].empty() || lines[1].empty()) {
    state.SkipWithError("the recorded game has no lines");
    return false;
  }
  return true;
}

// A child on two pipes, started without a shell.
struct Child {
  pid_t pid = -1;
  int in = -1, out = -1;
  std::string unread;

  bool Start(const std::string& path) {
    int to[2], from[2];
    if (::pipe2(to, O_CLOEXEC) != 0) return false;
    if (::pipe2(from, O_CLOEXEC) != 0) return false;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from[1], 1);
    char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
    const int spawned =
        posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(to[0]);
    ::close(from[1]);
    in = to[1];
    out = from[0];
    return spawned == 0;
  }

  bool Send(const std::string& text) {
    return ::write(in, text.data(), text.size()) ==
           static_cast<ssize_t>(text.size());
  }

  // Sends `text` and reads until one answer line is complete.
  bool Ask(const std::string& text) {
    if (!Send(text)) return false;
    char buffer[4096];
    size_t end;
    while ((end = unread.find('\n')) == std::string::npos) {
      const ssize_t n = ::read(out, buffer, sizeof buffer);
      if (n <= 0) return false;
      unread.append(buffer, static_cast<size_t>(n));
    }
    unread.erase(0, end + 1);
    return true;
  }

  void Stop() {
    ::close(in);
    ::close(out);
    int status = 0;
    ::waitpid(pid, &status, 0);
  }
};

// Plays both bots' lines in the harness's order: each bot's lines up to and
// including its next request, the two bots in turn.
template <typename Send, typename Ask>
bool PlayTranscript(const std::vector<Line> lines[2], Send send, Ask ask) {
  size_t next[2] = {0, 0};
  while (next[0] < lines[0].size() || next[1] < lines[1].size()) {
    for (int i = 0; i < 2; ++i) {
      while (next[i] < lines[i].size()) {
        const Line& line = lines[i][next[i]++];
        if (!line.ask) {
          send(i, line.text);
          continue;
        }
        if (!ask(i, line.text)) return false;
        break;
      }
    }
  }
  return true;
}

int Requests(const std::vector<Line> lines[2]) {
  int n = 0;
  for (int i = 0; i < 2; ++i) {
    for (const Line& line : lines[i]) n += line.ask ? 1 : 0;
  }
  return n;
}

void BM_PipeFloor(benchmark::State& state) {
  std::vector<Line> lines[2];
  if (!RecordTranscript(state, lines)) return;
  for (auto _ : state) {
    Child bots[2];
    for (Child& bot : bots) {
      if (!bot.Start(NoMovesBotPath())) {
        state.SkipWithError("cannot start build/bench/bench_no_moves_bot");
        return;
      }
    }
    const bool played = PlayTranscript(
        lines, [&](int i, const std::string& t) { bots[i].Send(t); },
        [&](int i, const std::string& t) { return bots[i].Ask(t); });
    for (Child& bot : bots) bot.Stop();
    if (!played) {
      state.SkipWithError("a bot stopped answering");
      return;
    }
  }
  state.counters["requests/game"] = Requests(lines);
}
BENCHMARK(BM_PipeFloor)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_LineProcessTranscript(benchmark::State& state) {
  std::vector<Line> lines[2];
  if (!RecordTranscript(state, lines)) return;
  for (auto _ : state) {
    std::unique_ptr<wl::tools::LineProcess> bots[2];
    for (auto& bot : bots) {
      auto started = wl::tools::LineProcess::Start(NoMovesBotPath(),
                                                   wl::tools::ProcessOptions(),
                                                   wl::tools::LineRules());
      if (!started.ok()) {
        state.SkipWithError("cannot start build/bench/bench_no_moves_bot");
        return;
      }
      bot = *std::move(started);
    }
    const bool played = PlayTranscript(
        lines,
        [&](int i, const std::string& t) {
          bots[i]->Send(t.substr(0, t.size() - 1));
        },
        [&](int i, const std::string& t) {
          return !bots[i]->Ask(t.substr(0, t.size() - 1), 10000).timed_out;
        });
    for (auto& bot : bots) bot->Kill();
    if (!played) {
      state.SkipWithError("a bot stopped answering");
      return;
    }
  }
  state.counters["requests/game"] = Requests(lines);
}
BENCHMARK(BM_LineProcessTranscript)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A bot's start, one request and its end, through LineProcess and by hand:
// what starting and stopping costs beyond the floor's.
void BM_StartAskStop(benchmark::State& state, bool harness) {
  for (auto _ : state) {
    if (harness) {
      auto bot = wl::tools::LineProcess::Start(NoMovesBotPath(),
                                               wl::tools::ProcessOptions(),
                                               wl::tools::LineRules());
      if (!bot.ok() || (*bot)->Ask("go place_armies 10000", 10000).timed_out) {
        state.SkipWithError("cannot start build/bench/bench_no_moves_bot");
        return;
      }
      (*bot)->Kill();
    } else {
      Child bot;
      if (!bot.Start(NoMovesBotPath()) || !bot.Ask("go place_armies 10000\n")) {
        state.SkipWithError("cannot start build/bench/bench_no_moves_bot");
        return;
      }
      bot.Stop();
    }
  }
}
BENCHMARK_CAPTURE(BM_StartAskStop, floor, false)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_StartAskStop, line_process, true)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Runs `argv` with stdout and stderr on /dev/null; its exit status.
int Run(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int spawned =
      posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void BM_MatchCommand(benchmark::State& state) {
  const std::string map = wl::bench::MapPath("example");
  if (map.empty()) {
    state.SkipWithError("maps/wl2 is missing: match bench skipped");
    return;
  }
  const fs::path folder = fs::temp_directory_path() /
                          ("wl_match_bench_" + std::to_string(getpid()));
  // WL_BENCH_WARLIGHT: another build's binary, to compare two builds.
  const char* other = std::getenv("WL_BENCH_WARLIGHT");
  const std::string warlight =
      other ? other : (fs::path(WL_BINARY_DIR) / "warlight").string();
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const int status =
        Run({warlight, "match", "--map", map, "--seed", "1", "--out",
             folder.string(), NoMovesBotPath(), NoMovesBotPath()});
    const auto end = std::chrono::steady_clock::now();
    state.SetIterationTime(std::chrono::duration<double>(end - start).count());
    std::error_code ignored;
    fs::remove_all(folder, ignored);
    if (status != 0) {
      state.SkipWithError("warlight match failed");
      return;
    }
  }
}
BENCHMARK(BM_MatchCommand)->Unit(benchmark::kMillisecond)->UseManualTime();

}  // namespace
