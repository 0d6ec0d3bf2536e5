// timing_seat.h: a Warlight Seat that times every request a bot is asked,
// for `warlight profile` (through the GameAdapter interface,
// SeatSetup::timing).
//
//   std::vector<TimedRequest> requests;
//   TimingSeat seat(process, &requests);         // any Seat
//   GameRecord record = PlayGame(map, seed, seat, other);
//   // requests[i].kind is "pick", "place", "attack" or "other"
//
// The engine asks a killed bot nothing, so the vector holds exactly the
// requests the bot was asked (spec section 3 request lines).
// TimeAvailableMs gives the most time the rules let it use over them.
#ifndef WL_TOOLS_WL_TIMING_SEAT_H_
#define WL_TOOLS_WL_TIMING_SEAT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/game.h"
#include "wl/engine.h"

namespace wl::tools {

// What the engine asked (spec section 3), from the request line's prefix.
enum class RequestKind { kPick, kPlace, kAttack, kOther };

// "pick_starting_region ..." -> kPick, "go place_armies ..." -> kPlace,
// "go attack/transfer ..." -> kAttack, anything else -> kOther.
RequestKind RequestKindOf(const std::string& line);
// "pick", "place", "attack" or "other".
std::string RequestKindName(RequestKind kind);

// The most time a bot can use over `requests` requests under `time` (spec
// section 9): the first bank, then at most min(time per move, bank) more
// per request.
int64_t TimeAvailableMs(const TimeRules& time, int64_t requests);

// A Seat that passes everything to another Seat and appends every request
// to `out`: its kind's name, the bank given, the elapsed time as the engine
// counts it (whole milliseconds, rounded down; the bank on a time-out), and
// the wall time of the inner Seat's Ask on a steady clock, to the
// microsecond (the engine's whole milliseconds would make most answers 0).
class TimingSeat : public Seat {
 public:
  TimingSeat(Seat& inner, std::vector<TimedRequest>* out)
      : inner_(inner), out_(out) {}

  void Send(const std::string& line) override { inner_.Send(line); }
  Reply Ask(const std::string& line, int64_t timebank_ms) override;
  // WL1's next line for the same request (wl1 §9.1): its time is added to
  // the last request's, and a time-out there is the request's.
  Reply ReadNext(int64_t wait_ms) override;
  void Kill() override;
  std::string EndReason() override { return inner_.EndReason(); }
  void Dumped(std::string_view text) override { inner_.Dumped(text); }

  bool killed() const { return killed_; }

 private:
  Seat& inner_;
  std::vector<TimedRequest>* out_;
  bool killed_ = false;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_TIMING_SEAT_H_
