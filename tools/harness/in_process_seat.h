// in_process_seat.h: a wl::Bot playing in the harness's own process: the
// engine's lines go straight to the bot's Session (sdk runner.h), with no
// pipes. The arena plays built-in bots this way, much faster than through
// processes, with the same answers.
//
//   InProcessSeat seat(std::make_unique<StarterBot>());
//   GameRecord record = PlayGame(map, seed, seat, other_seat);
//
// Time: an answer that took longer than the bank counts as a time-out and is
// discarded (an in-process bot cannot be interrupted, and a late answer is
// not kept for the next request as a process's late line would be).
#ifndef WL_TOOLS_HARNESS_IN_PROCESS_SEAT_H_
#define WL_TOOLS_HARNESS_IN_PROCESS_SEAT_H_

#include <chrono>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

#include "bot.h"
#include "harness/engine.h"
#include "runner.h"

namespace wl::tools {

class InProcessSeat : public Seat {
 public:
  explicit InProcessSeat(std::unique_ptr<Bot> bot)
      : bot_(std::move(bot)), log_(&discard_), session_(*bot_, log_) {}

  void Send(const std::string& line) override {
    if (!killed_) session_.Handle(line);
  }
  Reply Ask(const std::string& line, int64_t timebank_ms) override {
    Reply reply;
    if (killed_) {
      reply.timed_out = true;
      return reply;
    }
    auto start = std::chrono::steady_clock::now();
    std::optional<std::string> answer = session_.Handle(line);
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
  // Bots' diagnostics are dropped in process.
  struct DiscardBuffer : std::streambuf {
    int overflow(int c) override { return c; }
  };
  std::unique_ptr<Bot> bot_;
  DiscardBuffer discard_;
  std::ostream log_;
  Session session_;
  bool killed_ = false;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_HARNESS_IN_PROCESS_SEAT_H_
