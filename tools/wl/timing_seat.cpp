#include "wl/timing_seat.h"

#include <algorithm>
#include <chrono>

namespace wl::tools {

RequestKind RequestKindOf(const std::string& line) {
  auto starts = [&line](const char* prefix) {
    return line.rfind(prefix, 0) == 0;
  };
  if (starts("pick_starting_region")) return RequestKind::kPick;
  if (starts("go place_armies")) return RequestKind::kPlace;
  if (starts("go attack/transfer")) return RequestKind::kAttack;
  return RequestKind::kOther;
}

std::string RequestKindName(RequestKind kind) {
  switch (kind) {
    case RequestKind::kPick:
      return "pick";
    case RequestKind::kPlace:
      return "place";
    case RequestKind::kAttack:
      return "attack";
    case RequestKind::kOther:
      break;
  }
  return "other";
}

int64_t TimeAvailableMs(const TimeRules& time, int64_t requests) {
  if (requests <= 0) return 0;
  // Spec section 9: bank' = min(max(bank - elapsed, 0) + per_move, bank0).
  // An answer can use the whole bank, and after the first one the bank
  // holds at most min(per_move, bank0) more than what was left: summing
  // gives the bound, reached by a bot that always uses its whole bank.
  return time.timebank_ms +
         (requests - 1) * std::min(time.time_per_move_ms, time.timebank_ms);
}

Reply TimingSeat::Ask(const std::string& line, int64_t timebank_ms) {
  const auto start = std::chrono::steady_clock::now();
  Reply reply = inner_.Ask(line, timebank_ms);
  const auto end = std::chrono::steady_clock::now();
  TimedRequest request;
  request.kind = RequestKindName(RequestKindOf(line));
  request.bank_ms = timebank_ms;
  // The engine's arithmetic (spec section 9): a time-out costs the bank.
  request.elapsed_ms = reply.timed_out ? timebank_ms : reply.elapsed_ms;
  request.timed_out = reply.timed_out;
  request.answer_ms =
      std::chrono::duration<double, std::milli>(end - start).count();
  out_->push_back(request);
  return reply;
}

Reply TimingSeat::ReadNext(int64_t wait_ms) {
  const auto start = std::chrono::steady_clock::now();
  Reply reply = inner_.ReadNext(wait_ms);
  const auto end = std::chrono::steady_clock::now();
  if (out_->empty()) return reply;
  TimedRequest& request = out_->back();
  request.answer_ms +=
      std::chrono::duration<double, std::milli>(end - start).count();
  request.timed_out = reply.timed_out;
  request.elapsed_ms =
      reply.timed_out ? request.bank_ms : request.elapsed_ms + reply.elapsed_ms;
  return reply;
}

void TimingSeat::Kill() {
  killed_ = true;
  inner_.Kill();
}

}  // namespace wl::tools
