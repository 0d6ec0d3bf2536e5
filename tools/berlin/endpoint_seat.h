// endpoint_seat.h: a Berlin seat that plays a bot in process, through the
// same Endpoint a bot server runs (sdk/berlin/server.h), so that a built-in
// bot reads its requests exactly as it would over HTTP.
//
//   absl::StatusOr<std::unique_ptr<EndpointSeat>> seat =
//       EndpointSeat::BuiltIn("greedy", 7, &log);  // MakeBuiltInBerlinBot
//   BerlinAnswer a = (*seat)->Ask(fields, 5000);
//
// Ask hands the Endpoint the request as an HTTP server would: target "/",
// Content-Type application/x-www-form-urlencoded and the body FormBody
// (wire.h, berlin §2.2), received now. The Endpoint keeps its own turn
// deadline from the request's time_limit_per_turn, as a bot server does;
// the seat waits at most `timeout_ms` (the referee's limit) for the answer
// and then reports kTimedOut, leaving the Endpoint to finish that request
// on its thread (it is waited for before the next request is handled, and
// when the seat is destroyed). The answer is kAnswered with the Endpoint's
// status and body; an exception out of the Endpoint is kFailed.
#ifndef WL_TOOLS_BERLIN_ENDPOINT_SEAT_H_
#define WL_TOOLS_BERLIN_ENDPOINT_SEAT_H_

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "berlin/referee.h"
#include "sdk/berlin/server.h"

namespace wl::tools {

class EndpointSeat : public BerlinSeat {
 public:
  // `options.log` receives the Endpoint's lines (nullptr: std::cerr) and,
  // under a StandardOutputRouter (common/capped_log.h), what the bot prints
  // with std::cout or std::cerr while it handles a request.
  explicit EndpointSeat(berlin::BotFactory factory,
                        berlin::EndpointOptions options = {});
  // The built-in Berlin bot `name` (builtin_bots.h), every instance seeded
  // with `seed`; NotFound naming the known bots when there is none.
  static absl::StatusOr<std::unique_ptr<EndpointSeat>> BuiltIn(
      const std::string& name, uint64_t seed, std::ostream* log = nullptr);
  ~EndpointSeat() override;  // waits for requests still being handled

  BerlinAnswer Ask(const berlin::RequestFields& request,
                   int64_t timeout_ms) override;

 private:
  struct Call;
  // Joins the threads of late requests that have finished (all: `all`).
  void JoinLate(bool all);

  berlin::Endpoint endpoint_;
  std::vector<std::pair<std::thread, std::shared_ptr<Call>>> late_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_ENDPOINT_SEAT_H_
