// What the Berlin referee's requests cost (tools/berlin/http_seat.h,
// endpoint_seat.h): a deployed-2 turn request (berlin §2.2, about 5 KB of
// form body) asked of a bot that answers [] at once,
//  * BM_BerlinRefereeRequests: over real HTTP, a new connection per request
//    as the referee makes them, to the sdk's bot server (sdk/berlin/
//    server.h) running in a thread of the benchmark on a free port;
//  * BM_BerlinEndpointRequests: in process, through the same Endpoint.
// items_per_second is requests per second.
#include <memory>
#include <string>
#include <thread>

#include "benchmark/benchmark.h"
#include "berlin/berlin_map.h"
#include "berlin/endpoint_seat.h"
#include "berlin/http_seat.h"
#include "sdk/berlin/bot.h"
#include "sdk/berlin/server.h"
#include "sdk/berlin/wire.h"

namespace {

using wl::tools::BerlinAnswer;

class IdleBot : public wl::berlin::Bot {
 public:
  void OnTurn(wl::berlin::Game&) override {}
};

std::unique_ptr<wl::berlin::Bot> MakeIdleBot() {
  return std::make_unique<IdleBot>();
}

// Turn 1 of a 2-player game on deployed-2, for player 0.
wl::berlin::RequestFields TurnRequest() {
  absl::StatusOr<wl::tools::BerlinMapFile> map =
      wl::tools::LoadBerlinMap("deployed-2");
  wl::berlin::InfosFields infos = map->Infos("bench-game", 2);
  infos.player_id = 0;
  infos.current_turn = 1;
  return {"turn", wl::berlin::InfosJson(infos), map->map_json,
          wl::berlin::StateJson(map->map, *map->Setup(2))};
}

void AskRepeatedly(benchmark::State& state, wl::tools::BerlinSeat& seat) {
  const wl::berlin::RequestFields request = TurnRequest();
  for (auto _ : state) {
    BerlinAnswer answer = seat.Ask(request, 5000);
    if (!answer.Success() || answer.body != "[]") {
      state.SkipWithError(("bad answer: " + answer.error).c_str());
      break;
    }
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          wl::berlin::FormBody(request).size());
}

void BM_BerlinRefereeRequests(benchmark::State& state) {
  wl::berlin::ServerOptions options;
  options.port = 0;  // a free one
  wl::berlin::Server server(MakeIdleBot, options);
  std::thread serving([&server] { server.Run(); });
  wl::tools::HttpSeat seat(*wl::tools::ParseHttpUrl(server.Url()));
  AskRepeatedly(state, seat);
  server.Stop();
  serving.join();
}
BENCHMARK(BM_BerlinRefereeRequests)->UseRealTime();

void BM_BerlinEndpointRequests(benchmark::State& state) {
  wl::tools::EndpointSeat seat(MakeIdleBot);
  AskRepeatedly(state, seat);
}
BENCHMARK(BM_BerlinEndpointRequests)->UseRealTime();

}  // namespace
