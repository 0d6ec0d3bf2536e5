// server.h's Endpoint: one Bot per (game_id, player_id), OnTurn on a worker
// thread, answers on time (berlin §2.4-2.7, §9), games abandoned without
// game_over expired (server.h's Limits).
//
// Threads. A Seat (one bot) is held by one request at a time (`busy`); a
// turn hands the hold to its worker thread. When OnTurn returns before the
// deadline, the request takes the hold back, joins the worker and releases
// the hold; when the request gave up at the deadline, the worker releases
// the hold itself when OnTurn returns and hands its own std::thread to the
// housekeeper thread, which joins it. So a bot never runs two callbacks at
// once, and every worker is joined as soon as it ends. The worker sees its
// Seat by pointer: a Seat is only destroyed when nobody holds it (seats
// leaving the registry wait in `retired` until idle; ~Seat waits too).
//
// The housekeeper also frees the seats of expired games and the retired
// seats that became idle. Locks, outer first: Impl::mutex, Seat::mutex,
// Impl::house_mutex; log_mutex alone.
#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <list>
#include <map>
#include <mutex>
#include <new>
#include <stdexcept>
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
  std::thread worker;  // the running OnTurn's (touched by the holder only)
  // Under Endpoint::Impl::mutex, while in the registry: when its last
  // request came, and how long after it the seat expires or may be
  // evicted (server.h's Limits).
  Clock::time_point last_request;
  Clock::duration expiry{}, evictable_after{};

  ~Seat() {
    std::unique_lock<std::mutex> lock(mutex);
    idle.wait(lock, [&] { return !busy; });
  }
  // Waits until nobody holds the bot, or `deadline`; true: now ours.
  bool Acquire(Clock::time_point deadline) {
    std::unique_lock<std::mutex> lock(mutex);
    if (!idle.wait_until(lock, deadline, [&] { return !busy; })) return false;
    busy = true;
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

// A request refused for want of a resource (a thread, memory, a free game
// slot): answered 503 with the reason, and logged.
class Refused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One turn's game view and how its OnTurn ended (under the seat's mutex).
struct TurnJob {
  TurnJob(Request request, Clock::time_point deadline)
      : game(std::move(request), deadline), slot(1) {}
  Game game;
  bool done = false;
  bool threw = false;
  bool abandoned = false;  // the request answered at the deadline without it
  // Where a worker whose request gave up puts its own std::thread, spliced
  // to the housekeeper (made here: the worker allocates nothing).
  std::list<std::thread> slot;
};

using SeatKey = std::pair<std::string, int>;  // (game_id, player_id)

HttpAnswer Empty() { return HttpAnswer{200, "text/plain", ""}; }

HttpAnswer BadRequestAnswer(const std::string& why) {
  return HttpAnswer{400, "text/plain", why + "\n"};
}

HttpAnswer RefusedAnswer(const std::string& why) {
  return HttpAnswer{503, "text/plain", why + "\n"};
}

Clock::duration Ms(double ms) {
  // At most 30 days: any longer is as good as forever, and stays in range.
  ms = std::clamp(ms, 0.0, 30 * 24 * 3600e3);
  return std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double, std::milli>(ms));
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
  std::mutex house_mutex;  // ended, stopping
  std::condition_variable house_wake;
  std::list<std::thread> ended;  // workers that ended, to join
  bool stopping = false;
  std::thread housekeeper;

  // Never throws (a worker thread logs too): a line that cannot be
  // written for want of memory is lost.
  void Log(const std::string& line) noexcept {
    try {
      std::lock_guard<std::mutex> lock(log_mutex);
      std::ostream& out = options.log ? *options.log : std::cerr;
      out << "berlin bot: " << OneLine(line) << std::endl;
    } catch (...) {
    }
  }
  // A worker's OnTurn threw `what` (nullptr: not an exception).
  void LogThrow(const Request& r, const char* what) noexcept {
    try {
      Log(Describe(r) + ": OnTurn threw" +
          (what ? std::string(": ") + what : " a non-exception") +
          "; answering []");
    } catch (...) {
    }
  }

  // When the answer leaves: `limit_ms` after `received`, minus the margin.
  Clock::time_point Deadline(Clock::time_point received, double limit_ms) {
    if (limit_ms <= 0) limit_ms = Map::kDefaultTimeLimitPerTurn;
    const double margin =
        std::max(options.margin_ms, options.margin_fraction * limit_ms);
    const double ms = std::max(0.0, limit_ms - margin);
    return received + Ms(ms);
  }

  // A seat with a new bot, or nullptr (logged) if the factory failed.
  std::shared_ptr<Seat> MakeSeat(const Request& r);
  // The game's seat, made if `create` and it is new; nullptr if not found
  // and not made. Throws Refused when max_games are in play, none idle.
  std::shared_ptr<Seat> FindSeat(const Request& r, bool create);
  // A request for the seat came now (under `mutex`).
  void Touch(Seat& seat, const Request& r, Clock::time_point now) const;
  // Moves the least recently used idle seat to `retired` (under `mutex`);
  // false if no seat may go.
  bool EvictOne(Clock::time_point now);
  // Moves the expired seats to `retired` (logged).
  void Expire(Clock::time_point now);
  // Frees seats that left the registry once nobody holds them.
  void Reap();
  // Takes the seat out of the registry (with `key`), and frees it now if
  // nobody else holds it and no OnTurn of it runs, else at a later Reap.
  void Free(std::shared_ptr<Seat> seat, const SeatKey* key);
  // The housekeeper thread: joins ended workers, expires and reaps seats.
  void Housekeep();

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
  } catch (const std::bad_alloc&) {
    throw Refused(Describe(r) + ": out of memory for a bot");
  } catch (const std::exception& e) {
    Log(Describe(r) + ": the bot factory threw: " + e.what());
    return nullptr;
  }
  if (!seat->bot) Log(Describe(r) + ": the bot factory made no bot");
  return seat->bot ? seat : nullptr;
}

void Endpoint::Impl::Touch(Seat& seat, const Request& r,
                           Clock::time_point now) const {
  const double limit = r.time_limit_per_turn > 0
                           ? r.time_limit_per_turn
                           : Map::kDefaultTimeLimitPerTurn;
  const double turns_left =
      std::max(0.0, static_cast<double>(r.maximum_number_of_turns) -
                        static_cast<double>(r.current_turn));
  seat.last_request = now;
  seat.expiry = Ms(std::max(options.game_expiry_ms, (turns_left + 2) * limit));
  seat.evictable_after = Ms(std::min(options.game_expiry_ms, 2 * limit));
}

bool Endpoint::Impl::EvictOne(Clock::time_point now) {
  auto lru = registry.end();
  for (auto it = registry.begin(); it != registry.end(); ++it) {
    Seat& seat = *it->second;
    if (it->second.use_count() != 1 ||
        now - seat.last_request < seat.evictable_after ||
        (lru != registry.end() &&
         lru->second->last_request <= seat.last_request)) {
      continue;
    }
    std::lock_guard<std::mutex> seat_lock(seat.mutex);
    if (!seat.busy) lru = it;
  }
  if (lru == registry.end()) return false;
  retired.push_back(std::move(lru->second));
  registry.erase(lru);
  return true;
}

std::shared_ptr<Seat> Endpoint::Impl::FindSeat(const Request& r, bool create) {
  const SeatKey key{r.game_id, r.player_id};
  const Clock::time_point now = Clock::now();
  bool evicted = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = registry.find(key);
    if (it != registry.end()) Touch(*it->second, r, now);
    if (it != registry.end() || !create) {
      return it == registry.end() ? nullptr : it->second;
    }
    if (registry.size() >= options.max_games) {
      evicted = EvictOne(now);
      if (!evicted) {
        throw Refused(Describe(r) + ": " + std::to_string(registry.size()) +
                      " games in play, none idle: no room for a new one");
      }
    }
  }
  if (evicted) Reap();
  std::shared_ptr<Seat> seat = MakeSeat(r);  // unlocked: bots may be slow
  if (!seat) return nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = registry.try_emplace(key, std::move(seat)).first;
  Touch(*it->second, r, now);
  return it->second;
}

void Endpoint::Impl::Expire(Clock::time_point now) {
  size_t expired = 0;
  std::string first;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = registry.begin(); it != registry.end();) {
      if (it->second.use_count() != 1 ||
          now - it->second->last_request <= it->second->expiry) {
        ++it;
        continue;
      }
      if (expired++ == 0) {
        first = "game " + it->first.first + " player " +
                std::to_string(it->first.second);
      }
      retired.push_back(std::move(it->second));
      it = registry.erase(it);
    }
  }
  if (expired > 0) {
    Log("freed the bots of " + std::to_string(expired) +
        " seat(s) with no request for their games' time (" + first +
        (expired > 1 ? ", ..." : "") + "): abandoned without game_over");
  }
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
  // freed's destructors free the bots, unlocked.
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

void Endpoint::Impl::Housekeep() {
  const auto sweep = Ms(std::clamp(options.game_expiry_ms / 8, 10.0, 1000.0));
  std::unique_lock<std::mutex> lock(house_mutex);
  while (!stopping) {
    house_wake.wait_for(lock, sweep,
                        [&] { return stopping || !ended.empty(); });
    std::list<std::thread> joining;
    joining.swap(ended);
    lock.unlock();
    for (std::thread& worker : joining) worker.join();
    Expire(Clock::now());
    Reap();
    lock.lock();
  }
}

void Endpoint::Impl::RunTurn(Impl* impl, Seat* seat,
                             std::shared_ptr<TurnJob> job) {
  bool threw = true;
  try {
    seat->bot->OnTurn(job->game);
    threw = false;
  } catch (const std::exception& e) {
    impl->LogThrow(job->game.request(), e.what());
  } catch (...) {
    impl->LogThrow(job->game.request(), nullptr);
  }
  std::lock_guard<std::mutex> lock(seat->mutex);
  job->done = true;
  job->threw = threw;
  if (job->abandoned) {  // the hold is ours to release; the thread to hand
    job->slot.front() = std::move(seat->worker);
    seat->busy = false;
    std::lock_guard<std::mutex> house_lock(impl->house_mutex);
    impl->ended.splice(impl->ended.end(), job->slot);
    impl->house_wake.notify_one();
  }
  seat->idle.notify_all();
}

// berlin §2.6 turn: OnTurn on a worker, answered by `deadline` with the
// moves added so far.
HttpAnswer Endpoint::Impl::Turn(const std::shared_ptr<Seat>& seat,
                                Request request, Clock::time_point deadline) {
  const std::string what = Describe(request);
  auto job = std::make_shared<TurnJob>(std::move(request), deadline);
  if (!seat->Acquire(deadline)) {
    Log(what + ": the bot is still busy with its previous turn; answering []");
    return MovesAnswer({});
  }
  // Started under the lock: the worker looks at `worker` (under the lock)
  // only after it is stored.
  std::unique_lock<std::mutex> lock(seat->mutex);
  try {
    seat->worker = std::thread(&Impl::RunTurn, this, seat.get(), job);
  } catch (const std::exception& e) {
    seat->busy = false;
    seat->idle.notify_all();
    throw Refused(what + ": cannot start a thread: " + e.what());
  }
  if (seat->idle.wait_until(lock, deadline, [&] { return job->done; })) {
    std::thread worker = std::move(seat->worker);
    seat->busy = false;
    seat->idle.notify_all();
    lock.unlock();
    worker.join();  // it has ended OnTurn: at once
  } else {
    job->abandoned = true;
    lock.unlock();
    Log(what + ": OnTurn still running at the deadline; answering the " +
        "moves added so far");
    return MovesAnswer(job->game.Moves());
  }
  if (job->threw) return MovesAnswer({});
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
  impl_->housekeeper = std::thread(&Impl::Housekeep, impl_.get());
}

Endpoint::~Endpoint() {
  {
    std::lock_guard<std::mutex> lock(impl_->house_mutex);
    impl_->stopping = true;
    impl_->house_wake.notify_one();
  }
  impl_->housekeeper.join();
  {
    // Seats' destructors wait for their OnTurns before the bots go.
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->registry.clear();
    impl_->retired.clear();
  }
  for (std::thread& worker : impl_->ended) worker.join();
}

HttpAnswer Endpoint::Handle(std::string_view target,
                            std::string_view content_type,
                            std::string_view body, Clock::time_point received) {
  Request request;
  try {
    impl_->Reap();
    const RequestFields fields = ReadRequestFields(target, content_type, body);
    if (fields.action != "game_start" && fields.action != "turn" &&
        fields.action != "game_over" && fields.action != "ping") {
      impl_->Log("unknown action '" + fields.action +
                 "': answered 200 with an empty body");
      return Empty();
    }
    request = ParseRequest(fields);
  } catch (const std::bad_alloc&) {
    impl_->Log("out of memory reading a request: answered 503");
    return RefusedAnswer("out of memory");
  } catch (const std::exception& e) {
    return BadRequestAnswer(OneLine(e.what()));
  }
  try {
    return impl_->Dispatch(std::move(request), received);
  } catch (const Refused& e) {
    impl_->Log(std::string(e.what()) + ": answered 503");
    return RefusedAnswer(OneLine(e.what()));
  } catch (const std::bad_alloc&) {
    impl_->Log("out of memory answering a request: answered 503");
    return RefusedAnswer("out of memory");
  }
}

void Endpoint::Log(const std::string& line) noexcept { impl_->Log(line); }

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
