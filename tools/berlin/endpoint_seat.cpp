#include "berlin/endpoint_seat.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <utility>

#include "absl/strings/str_join.h"
#include "berlin/builtin_bots.h"
#include "common/capped_log.h"
#include "sdk/berlin/wire.h"

namespace wl::tools {

// One request handed to the Endpoint on its own thread.
struct EndpointSeat::Call {
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  BerlinAnswer answer;
};

namespace {

// The bot, its prints with std::cout and std::cerr sent to `log`
// (common/capped_log.h CaptureOutput) in each call: the Endpoint calls it
// on worker threads of its own.
class CapturedBot : public berlin::Bot {
 public:
  CapturedBot(std::unique_ptr<berlin::Bot> bot, std::streambuf* log)
      : bot_(std::move(bot)), log_(log) {}
  void OnGameStart(const berlin::Game& game) override {
    CaptureOutput capture(log_);
    bot_->OnGameStart(game);
  }
  void OnTurn(berlin::Game& game) override {
    CaptureOutput capture(log_);
    bot_->OnTurn(game);
  }
  void OnGameOver(const berlin::Game& game) override {
    CaptureOutput capture(log_);
    bot_->OnGameOver(game);
  }

 private:
  std::unique_ptr<berlin::Bot> bot_;
  std::streambuf* log_;
};

// `factory`'s bots, captured into `log` when there is one.
berlin::BotFactory Captured(berlin::BotFactory factory, std::ostream* log) {
  if (!log) return factory;
  return [factory = std::move(factory), log]() -> std::unique_ptr<berlin::Bot> {
    std::unique_ptr<berlin::Bot> bot = factory();
    if (!bot) return bot;
    return std::make_unique<CapturedBot>(std::move(bot), log->rdbuf());
  };
}

}  // namespace

EndpointSeat::EndpointSeat(berlin::BotFactory factory,
                           berlin::EndpointOptions options)
    : endpoint_(Captured(std::move(factory), options.log), options) {}

absl::StatusOr<std::unique_ptr<EndpointSeat>> EndpointSeat::BuiltIn(
    const std::string& name, uint64_t seed, std::ostream* log) {
  if (!BuiltInBerlinBots().Contains(name)) {
    return absl::NotFoundError(
        "no built-in Berlin bot '" + name + "' (built in: " +
        absl::StrJoin(BuiltInBerlinBots().Names(), ", ") + ")");
  }
  berlin::EndpointOptions options;
  options.log = log;
  return std::make_unique<EndpointSeat>(
      [name, seed] { return MakeBuiltInBerlinBot(name, seed); }, options);
}

EndpointSeat::~EndpointSeat() { JoinLate(true); }

void EndpointSeat::JoinLate(bool all) {
  for (auto it = late_.begin(); it != late_.end();) {
    bool done = all;
    if (!done) {
      std::lock_guard<std::mutex> lock(it->second->mu);
      done = it->second->done;
    }
    if (!done) {
      ++it;
      continue;
    }
    it->first.join();
    it = late_.erase(it);
  }
}

BerlinAnswer EndpointSeat::Ask(const berlin::RequestFields& request,
                               int64_t timeout_ms) {
  using Clock = std::chrono::steady_clock;
  JoinLate(false);
  const Clock::time_point start = Clock::now();
  auto call = std::make_shared<Call>();
  std::thread worker([this, call, body = berlin::FormBody(request), start] {
    BerlinAnswer answer;
    try {
      berlin::HttpAnswer http = endpoint_.Handle(
          "/", "application/x-www-form-urlencoded", body, start);
      answer.status = http.status;
      answer.body = std::move(http.body);
    } catch (const std::exception& e) {
      answer.kind = BerlinAnswer::Kind::kFailed;
      answer.error = std::string("the endpoint failed: ") + e.what();
    }
    std::lock_guard<std::mutex> lock(call->mu);
    call->answer = std::move(answer);
    call->done = true;
    call->cv.notify_all();
  });
  std::unique_lock<std::mutex> lock(call->mu);
  const auto done = [&call] { return call->done; };
  if (timeout_ms > 0) {
    call->cv.wait_until(lock, start + std::chrono::milliseconds(timeout_ms),
                        done);
  } else {
    call->cv.wait(lock, done);
  }
  BerlinAnswer answer;
  if (call->done) {
    answer = std::move(call->answer);
    lock.unlock();
    worker.join();
  } else {
    lock.unlock();
    answer.kind = BerlinAnswer::Kind::kTimedOut;
    answer.error = "no answer within " + std::to_string(timeout_ms) + " ms";
    late_.emplace_back(std::move(worker), std::move(call));
  }
  answer.elapsed_ms =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return answer;
}

}  // namespace wl::tools
