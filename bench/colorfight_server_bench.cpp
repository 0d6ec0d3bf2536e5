// What a turn of our Colorfight II server costs in lock-step (colorfight
// §1.4, §2.4, §2.5; tools/colorfight/cf_server.h, room.h), with trivial
// bots: every player sends an empty command list as soon as it sees a turn.
// The room (max_turn 10^6, so no game ends during a run; replay_enable
// "never", so nothing grows with the turns) starts when full and runs a
// turn as soon as every player has sent its list.
//
//  * BM_ColorfightServerLockstep/N: N sdk clients (sdk/colorfight/client.h,
//    both WebSockets each) on the server running in a thread of the
//    benchmark on a free port; the benchmark's thread plays user 1, the
//    others play on threads of their own. One iteration: user 1 sends its
//    list, then waits for the next turn's frame (every client parses the
//    whole frame, §3).
//  * BM_ColorfightRoomTurn/N: the room alone, in process: the N players'
//    action messages (HandleAction), the update and its frame text.
// Time is the wall-clock time per turn; turns/s is its inverse.
//
//   build/bench/wl_bench --benchmark_filter=ColorfightServer\|ColorfightRoom
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "benchmark/benchmark.h"
#include "colorfight/cf_server_thread.h"
#include "colorfight/room.h"
#include "colorfight/room_config.h"
#include "sdk/colorfight/client.h"
#include "sdk/colorfight/py_random.h"

namespace {

using wl::colorfight::Client;
using wl::colorfight::ClientErrc;
using wl::tools::ColorfightRoomConfig;

constexpr char kRoom[] = "bench";
constexpr std::chrono::seconds kDeadline{5};  // any wait longer fails

// A rank_8 room for `players`, long enough for any run.
ColorfightRoomConfig BenchRoom(int players) {
  ColorfightRoomConfig config = wl::tools::ColorfightPreset("rank_8");
  config.max_player = players;
  config.max_turn = 1000000;
  config.replay_enable = "never";
  return config;
}

std::string Username(int i) { return "bot" + std::to_string(i + 1); }

// Waits for a frame of turn >= 1 (the room starts when full).
bool WaitForStart(Client& client) {
  const auto give_up = std::chrono::steady_clock::now() + kDeadline;
  while (std::chrono::steady_clock::now() < give_up) {
    if (client.UpdateTurn(kDeadline) && client.game().turn() >= 1) return true;
    if (client.error() && client.error().code != ClientErrc::kTimeout) break;
  }
  return false;
}

// The server, its N connected and registered clients, and the N-1 that
// play on threads of their own until the table is destroyed.
class LockstepTable {
 public:
  explicit LockstepTable(int players) {
    wl::tools::ColorfightServerOptions options;
    options.port = 0;
    options.rooms = {{kRoom, BenchRoom(players)}};
    options.lockstep = true;
    server_ = std::make_unique<wl::tools::ColorfightServerThread>(options);
    const std::string url = server_->Url() + "gameroom/" + kRoom;
    for (int i = 0; i < players; ++i) {
      clients_.push_back(std::make_unique<Client>());
      Client& c = *clients_.back();
      if (!c.Connect(url) || !c.Register(Username(i), "pw")) {
        throw std::runtime_error(Username(i) + ": " + c.error().message);
      }
    }
    if (!WaitForStart(me())) {
      throw std::runtime_error("no turn 1: " + me().error().message);
    }
    for (int i = 1; i < players; ++i) {
      threads_.emplace_back([this, i] { Play(*clients_[i]); });
    }
  }
  ~LockstepTable() {
    stop_ = true;
    for (std::thread& t : threads_) t.join();
  }

  Client& me() { return *clients_[0]; }
  // The first failure of a background player ("" if none).
  std::string BotError() {
    std::lock_guard<std::mutex> lock(mu_);
    return bot_error_;
  }

 private:
  // A trivial bot: an empty list for every turn it sees.
  void Play(Client& client) {
    while (!stop_) {
      if (!client.UpdateTurn(std::chrono::milliseconds(50))) {
        if (client.error().code == ClientErrc::kTimeout) continue;
        return Fail(client.error().message);
      }
      if (client.game().turn() == 0) continue;  // a late turn-0 frame
      if (!client.SendCommands({}).success) {
        return Fail("command list refused: " + client.error().message);
      }
    }
  }
  void Fail(const std::string& message) {
    std::lock_guard<std::mutex> lock(mu_);
    if (bot_error_.empty()) bot_error_ = message;
  }

  std::unique_ptr<wl::tools::ColorfightServerThread> server_;
  std::vector<std::unique_ptr<Client>> clients_;
  std::vector<std::thread> threads_;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::string bot_error_;
};

void ReportTurns(benchmark::State& state, int players) {
  state.counters["turns/s"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.SetLabel(std::to_string(players) + " players, empty lists");
}

void BM_ColorfightServerLockstep(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  std::unique_ptr<LockstepTable> table;
  try {
    table = std::make_unique<LockstepTable>(players);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  Client& me = table->me();
  for (auto _ : state) {
    const int turn = me.game().turn();
    if (!me.SendCommands({}).success || !me.UpdateTurn(kDeadline) ||
        me.game().turn() != turn + 1) {
      const std::string bot = table->BotError();
      state.SkipWithError(("user 1 at turn " + std::to_string(turn) + ": " +
                           me.error().message +
                           (bot.empty() ? "" : "; another bot: " + bot))
                              .c_str());
      break;
    }
  }
  ReportTurns(state, players);
}
BENCHMARK(BM_ColorfightServerLockstep)
    ->Arg(2)
    ->Arg(8)
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(2.0)
    ->UseRealTime();

bool Succeeded(const std::string& reply) {
  return reply.rfind(R"({"success": true)", 0) == 0;
}

void BM_ColorfightRoomTurn(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const double now = 1.7e9;  // the room's clock (ForceUpdate ignores it)
  wl::colorfight::PyRandom random(1);
  wl::tools::ColorfightRoom room(kRoom, BenchRoom(players), "", false, random,
                                 now);
  for (int i = 0; i < players; ++i) {
    const std::string reply =
        room.HandleAction(i, R"({"action": "register", "username": ")" +
                                 Username(i) + R"(", "password": "pw"})");
    if (!Succeeded(reply)) {
      state.SkipWithError(("register: " + reply).c_str());
      return;
    }
  }
  room.Poll(now);  // full: turn 1
  size_t frame_bytes = 0;
  for (auto _ : state) {
    for (int i = 0; i < players; ++i) {
      const std::string reply =
          room.HandleAction(i, R"({"action": "command", "cmd_list": []})");
      benchmark::DoNotOptimize(reply.data());
    }
    if (!room.AllLiveUsersSent()) {
      state.SkipWithError(
          ("turn " + std::to_string(room.turn()) + ": not every list was taken")
              .c_str());
      break;
    }
    room.ForceUpdate(now);
    frame_bytes = room.CurrentFrame().text->size();
  }
  ReportTurns(state, players);
  state.counters["frame_bytes"] = static_cast<double>(frame_bytes);
}
BENCHMARK(BM_ColorfightRoomTurn)
    ->Arg(2)
    ->Arg(8)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

}  // namespace
