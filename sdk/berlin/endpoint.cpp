// server.h's Endpoint: one Bot per (game_id, player_id), OnTurn on a worker
// thread, answers on time (berlin §2.4-2.7, §9).
//
// Threads. A Seat (one bot) is held by one request at a time (`busy`); a
// turn hands the hold to its worker thread, which releases it when OnTurn
// returns, so a bot never runs two callbacks at once. The worker sees its
// Seat by pointer: a Seat is only destroyed by the Endpoint after its worker
// is joined (seats leaving the registry wait in `retired` until idle).
#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "sdk/berlin/request.h"
#include "sdk/berlin/server.h"
#include "sdk/berlin/wire.h"

namespace wl::berlin {
namespace {

using Clock = Endpoint::Clock;

// berlin §2.4: what the engine allows game_start and game_over.
constexpr int kGameStartLimitMs = 30000;
constexpr int kGameOverLimitMs = 5000;

struct Seat {
  std::unique_ptr<Bot> bot;
  std::mutex mutex;
  std::condition_variable idle;
  bool busy = false;   // a request or a worker holds the bot
  std::thread worker;  // the last OnTurn's (touched by the holder only)

  ~Seat() {
    if (worker.joinable()) worker.join();
  }
  // Waits until nobody holds the bot, or `deadline`; true: now ours.
  bool Acquire(Clock::time_point deadline) {
    std::unique_lock<std::mutex> lock(mutex);
    if (!idle.wait_until(lock, deadline, [&] { return !busy; })) return false;
    busy = true;
    lock.unlock();
    if (worker.joinable()) worker.join();  // done: it released the hold
    return true;
  }
  void Release() {
    std::lock_guard<std::mutex> lock(mutex);
    busy = false;
    idle.notify_all();
  }
  bool WaitIdle(Clock::time_point until) {
    std::unique_lock<std::mutex> lock(mutex);
    return idle.wait_until(lock, until, [&] { return !busy; });
  }
};

// One turn's game view and how its OnTurn ended (under the seat's mutex).
struct TurnJob {
  TurnJob(Request request, Clock::time_point deadline)
      : game(std::move(request), deadline) {}
  Game game;
  bool done = false;
  bool threw = false;
};

using SeatKey = std::pair<std::string, int>;  // (game_id, player_id)

HttpAnswer Empty() { return HttpAnswer{200, "text/plain", ""}; }

HttpAnswer BadRequestAnswer(const std::string& why) {
  return HttpAnswer{400, "text/plain", why + "\n"};
}

// berlin §2.7: [{"from":1,"to":2,"number_of_soldiers":3},...]
HttpAnswer MovesAnswer(const std::vector<Move>& moves) {
  std::string body = "[";
  for (const Move& m : moves) {
    if (body.size() > 1) body += ',';
    body += "{\"from\":" + std::to_string(m.from) +
            ",\"to\":" + std::to_string(m.to) +
            ",\"number_of_soldiers\":" + std::to_string(m.number_of_soldiers) +
            "}";
  }
  return HttpAnswer{200, "application/json", body + "]"};
}

// One line, whatever the text holds.
std::string OneLine(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

std::string Describe(const Request& r) {
  return "game " + r.game_id + " player " + std::to_string(r.player_id) + " " +
         r.action + " " + std::to_string(r.current_turn);
}

}  // namespace

struct Endpoint::Impl {
  BotFactory factory;
  EndpointOptions options;
  mutable std::mutex mutex;  // registry and retired
  std::map<SeatKey, std::shared_ptr<Seat>> registry;
  std::vector<std::shared_ptr<Seat>> retired;
  std::mutex log_mutex;

  void Log(const std::string& line) {
    std::lock_guard<std::mutex> lock(log_mutex);
    std::ostream& out = options.log ? *options.log : std::cerr;
    out << "berlin bot: " << OneLine(line) << std::endl;
  }

  // When the answer leaves: `limit_ms` after `received`, minus the margin.
  Clock::time_point Deadline(Clock::time_point received, double limit_ms) {
    if (limit_ms <= 0) limit_ms = Map::kDefaultTimeLimitPerTurn;
    const double margin =
        std::max(options.margin_ms, options.margin_fraction * limit_ms);
    const double ms = std::max(0.0, limit_ms - margin);
    return received + std::chrono::duration_cast<Clock::duration>(
                          std::chrono::duration<double, std::milli>(ms));
  }

  // A seat with a new bot, or nullptr (logged) if the factory failed.
  std::shared_ptr<Seat> MakeSeat(const Request& r);
  // The game's seat, made if `create` and it is new; nullptr if not found
  // and not made.
  std::shared_ptr<Seat> FindSeat(const Request& r, bool create);
  // Frees seats that left the registry once nobody holds them.
  void Reap();
  // Takes the seat out of the registry (with `key`), and frees it now if
  // nobody else holds it and no OnTurn of it runs, else at a later Reap.
  void Free(std::shared_ptr<Seat> seat, const SeatKey* key);

  HttpAnswer Turn(const std::shared_ptr<Seat>& seat, Request request,
                  Clock::time_point deadline);
  static void RunTurn(Impl* impl, Seat* seat, std::shared_ptr<TurnJob> job);
  HttpAnswer Ping(Request request, Clock::time_point received);
  HttpAnswer StartOrOver(Request request, Clock::time_point received);
  HttpAnswer Dispatch(Request request, Clock::time_point received);
};

std::shared_ptr<Seat> Endpoint::Impl::MakeSeat(const Request& r) {
  auto seat = std::make_shared<Seat>();
  try {
    seat->bot = factory();
  } catch (const std::exception& e) {
    Log(Describe(r) + ": the bot factory threw: " + e.what());
    return nullptr;
  }
  if (!seat->bot) Log(Describe(r) + ": the bot factory made no bot");
  return seat->bot ? seat : nullptr;
}

std::shared_ptr<Seat> Endpoint::Impl::FindSeat(const Request& r, bool create) {
  const SeatKey key{r.game_id, r.player_id};
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = registry.find(key);
    if (it != registry.end() || !create) {
      return it == registry.end() ? nullptr : it->second;
    }
  }
  std::shared_ptr<Seat> seat = MakeSeat(r);  // unlocked: bots may be slow
  if (!seat) return nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  return registry.try_emplace(key, std::move(seat)).first->second;
}

void Endpoint::Impl::Reap() {
  std::vector<std::shared_ptr<Seat>> freed;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto idle = [](const std::shared_ptr<Seat>& seat) {
      if (seat.use_count() != 1) return false;  // a request still has it
      std::lock_guard<std::mutex> seat_lock(seat->mutex);
      return !seat->busy;
    };
    auto it = std::stable_partition(retired.begin(), retired.end(),
                                    [&](const auto& s) { return !idle(s); });
    std::move(it, retired.end(), std::back_inserter(freed));
    retired.erase(it, retired.end());
  }
  // freed's destructors join finished workers and free the bots, unlocked.
}

void Endpoint::Impl::Free(std::shared_ptr<Seat> seat, const SeatKey* key) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (key) {
      auto it = registry.find(*key);
      if (it != registry.end() && it->second == seat) registry.erase(it);
    }
    retired.push_back(std::move(seat));
  }
  Reap();
}

void Endpoint::Impl::RunTurn(Impl* impl, Seat* seat,
                             std::shared_ptr<TurnJob> job) {
  bool threw = true;
  try {
    seat->bot->OnTurn(job->game);
    threw = false;
  } catch (const std::exception& e) {
    impl->Log(Describe(job->game.request()) + ": OnTurn threw: " + e.what() +
              "; answering []");
  } catch (...) {
    impl->Log(Describe(job->game.request()) +
              ": OnTurn threw a non-exception; answering []");
  }
  std::lock_guard<std::mutex> lock(seat->mutex);
  job->done = true;
  job->threw = threw;
  seat->busy = false;  // the hold the request handed over
  seat->idle.notify_all();
}

// berlin §2.6 turn: OnTurn on a worker, answered by `deadline` with the
// moves added so far.
HttpAnswer Endpoint::Impl::Turn(const std::shared_ptr<Seat>& seat,
                                Request request, Clock::time_point deadline) {
  const std::string what = Describe(request);
  if (!seat->Acquire(deadline)) {
    Log(what + ": the bot is still busy with its previous turn; answering []");
    return MovesAnswer({});
  }
  auto job = std::make_shared<TurnJob>(std::move(request), deadline);
  // Started under the lock: the worker releases the hold (under the lock)
  // only after `worker` is stored, for the next holder to join.
  std::unique_lock<std::mutex> lock(seat->mutex);
  try {
    seat->worker = std::thread(&Impl::RunTurn, this, seat.get(), job);
  } catch (const std::system_error& e) {
    seat->busy = false;
    seat->idle.notify_all();
    Log(what + ": cannot start a thread: " + e.what() + "; answering []");
    return MovesAnswer({});
  }
  if (!seat->idle.wait_until(lock, deadline, [&] { return job->done; })) {
    Log(what + ": OnTurn still running at the deadline; answering the " +
        "moves added so far");
  }
  if (job->threw) return MovesAnswer({});
  lock.unlock();
  return MovesAnswer(job->game.Moves());
}

// berlin §2.6 ping: like a turn; a bot of its own unless the game is in play.
HttpAnswer Endpoint::Impl::Ping(Request request, Clock::time_point received) {
  const Clock::time_point deadline =
      Deadline(received, request.time_limit_per_turn);
  if (std::shared_ptr<Seat> seat = FindSeat(request, false)) {
    return Turn(seat, std::move(request), deadline);
  }
  std::shared_ptr<Seat> seat = MakeSeat(request);
  if (!seat) return MovesAnswer({});
  HttpAnswer answer = Turn(seat, std::move(request), deadline);
  Free(std::move(seat), nullptr);
  return answer;
}

// berlin §2.6 game_start / game_over: the callback, then 200 empty; the bot
// is freed after game_over.
HttpAnswer Endpoint::Impl::StartOrOver(Request request,
                                       Clock::time_point received) {
  const bool over = request.action == "game_over";
  const SeatKey key{request.game_id, request.player_id};
  std::shared_ptr<Seat> seat = FindSeat(request, !over);
  if (!seat) return Empty();
  const std::string what = Describe(request);
  const Clock::time_point deadline =
      Deadline(received, over ? kGameOverLimitMs : kGameStartLimitMs);
  if (seat->Acquire(deadline)) {
    try {
      Game game(std::move(request), deadline);
      if (over) {
        seat->bot->OnGameOver(game);
      } else {
        seat->bot->OnGameStart(game);
      }
    } catch (const std::exception& e) {
      Log(what + ": the bot threw: " + e.what());
    }
    seat->Release();
  } else {
    Log(what + ": the bot is still busy with a turn; not called");
  }
  if (over) Free(std::move(seat), &key);
  return Empty();
}

HttpAnswer Endpoint::Impl::Dispatch(Request request,
                                    Clock::time_point received) {
  if (request.action == "turn") {
    const Clock::time_point deadline =
        Deadline(received, request.time_limit_per_turn);
    std::shared_ptr<Seat> seat = FindSeat(request, true);
    if (!seat) return MovesAnswer({});
    return Turn(seat, std::move(request), deadline);
  }
  if (request.action == "ping") return Ping(std::move(request), received);
  return StartOrOver(std::move(request), received);
}

Endpoint::Endpoint(BotFactory factory, EndpointOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->factory = std::move(factory);
  impl_->options = options;
}

Endpoint::~Endpoint() {
  // Seats' destructors join their workers before the bots go.
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->registry.clear();
  impl_->retired.clear();
}

HttpAnswer Endpoint::Handle(std::string_view target,
                            std::string_view content_type,
                            std::string_view body, Clock::time_point received) {
  impl_->Reap();
  RequestFields fields;
  Request request;
  try {
    fields = ReadRequestFields(target, content_type, body);
    if (fields.action != "game_start" && fields.action != "turn" &&
        fields.action != "game_over" && fields.action != "ping") {
      impl_->Log("unknown action '" + fields.action +
                 "': answered 200 with an empty body");
      return Empty();
    }
    request = ParseRequest(fields);
  } catch (const std::exception& e) {
    return BadRequestAnswer(OneLine(e.what()));
  }
  return impl_->Dispatch(std::move(request), received);
}

size_t Endpoint::GamesInPlay() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->registry.size();
}

bool Endpoint::WaitIdle(Clock::time_point until) const {
  std::vector<std::shared_ptr<Seat>> seats;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (const auto& [key, seat] : impl_->registry) seats.push_back(seat);
    seats.insert(seats.end(), impl_->retired.begin(), impl_->retired.end());
  }
  bool idle = true;
  for (const auto& seat : seats) idle = seat->WaitIdle(until) && idle;
  return idle;
}

}  // namespace wl::berlin
