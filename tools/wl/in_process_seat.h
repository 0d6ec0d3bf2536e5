// in_process_seat.h: a wl::Bot playing in the harness's own process: the
// engine's lines go straight to the bot's Session (sdk runner.h), with no
// pipes. The arena plays built-in bots this way, much faster than through
// processes, with the same answers.
//
//   InProcessSeat seat(std::make_unique<StarterBot>());
//   GameRecord record = PlayGame(map, seed, seat, other_seat);
//
// What the bot writes to the Session's log (its diagnostics, which a
// process would write to stderr), and what it prints with std::cout or
// std::cerr while it is called under a StandardOutputRouter (the arena's;
// common/capped_log.h), is dropped, or kept up to a cap:
//
//   InProcessSeat seat(MakeBuiltInBot("greedy", 7), /*log_cap_bytes=*/1 << 20);
//   ... PlayGame(...) ...;
//   WriteFileAtomically("stderr_player1.txt", seat.log());
//
// Time: an answer that took longer than the bank counts as a time-out and is
// discarded (an in-process bot cannot be interrupted, and a late answer is
// not kept for the next request as a process's late line would be).
#ifndef WL_TOOLS_WL_IN_PROCESS_SEAT_H_
#define WL_TOOLS_WL_IN_PROCESS_SEAT_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bot.h"
#include "common/capped_log.h"
#include "runner.h"
#include "wl/engine.h"

namespace wl::tools {

class InProcessSeat : public Seat {
 public:
  // log_cap_bytes: how much of the bot's log log() keeps (0: none).
  explicit InProcessSeat(std::unique_ptr<Bot> bot, int64_t log_cap_bytes = 0)
      : bot_(std::move(bot)),
        log_(log_cap_bytes),
        session_(*bot_, *log_.stream()) {}

  // The first log_cap_bytes of what the bot logged.
  const std::string& log() const { return log_.text(); }

  void Send(const std::string& line) override {
    if (killed_) return;
    CaptureOutput capture(log_.buffer());
    session_.Handle(line);
  }
  Reply Ask(const std::string& line, int64_t timebank_ms) override {
    Reply reply;
    if (killed_) {
      reply.timed_out = true;
      return reply;
    }
    auto start = std::chrono::steady_clock::now();
    std::optional<std::string> answer;
    {
      CaptureOutput capture(log_.buffer());
      answer = session_.Handle(line);
    }
    reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - start)
                           .count();
    if (!answer || reply.elapsed_ms > timebank_ms) {
      reply.timed_out = true;
    } else {
      reply.line = *std::move(answer);
    }
    return reply;
  }
  void Kill() override { killed_ = true; }

 private:
  std::unique_ptr<Bot> bot_;
  CappedLog log_;
  Session session_;
  bool killed_ = false;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_IN_PROCESS_SEAT_H_
