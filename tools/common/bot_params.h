// bot_params.h: a bot's tunable parameters (sdk/common/param_set.h) as the
// tools see them, for any game whose bots declare them: in process through
// wl::Tunable, in a bot process through `--list-params` and `--param
// NAME=VALUE` (ApplyParamArgs). A Game's BotParams and Play use these.
//
//   // In process: the bot made for a seat, given the seat's values.
//   absl::Status ok = SetBotParams(bot.get(), "mybot", seat.params);
//   // As a process: the command line gets one --param flag per value.
//   std::string command = BotCommand(...) + ParamFlags(seat.params);
//   // What a bot declares: the in-process bot's, or its process's answer
//   // to --list-params (within `deadline`; garbage is a one-line error).
//   absl::StatusOr<std::vector<wl::Param>> params =
//       ListParamsOfCommand("python3 bot.py", std::chrono::seconds(10));
#ifndef WL_TOOLS_COMMON_BOT_PARAMS_H_
#define WL_TOOLS_COMMON_BOT_PARAMS_H_

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "sdk/common/param_set.h"

namespace wl::tools {

using ParamValues = std::vector<std::pair<std::string, double>>;

// Sets each of `values` on `bot` (each clamped to its bounds first); an
// error when the bot is not a wl::Tunable or a name is not declared.
absl::Status SetTunableParams(wl::Tunable* bot, const std::string& name,
                              const ParamValues& values);
template <typename BotT>
absl::Status SetBotParams(BotT* bot, const std::string& name,
                          const ParamValues& values) {
  if (values.empty()) return absl::OkStatus();
  return SetTunableParams(dynamic_cast<wl::Tunable*>(bot), name, values);
}

// The parameters `bot` declares (values: its current ones, its defaults
// when new), detached from the bot (Param::real and ::integer null,
// ::is_integer kept); an
// error naming `name` when the bot is not a wl::Tunable.
absl::StatusOr<std::vector<wl::Param>> DetachedParams(wl::Tunable* bot,
                                                      const std::string& name);
template <typename BotT>
absl::StatusOr<std::vector<wl::Param>> ParamsOfBot(BotT* bot,
                                                   const std::string& name) {
  return DetachedParams(dynamic_cast<wl::Tunable*>(bot), name);
}

// " --param NAME=VALUE" for each value (VALUE in the fewest digits that read
// back exactly);
// "" for none. Names are the ones BotParams accepted (no shell characters).
std::string ParamFlags(const ParamValues& values);

// Runs `command --list-params` and parses its lines "NAME DEFAULT MIN MAX
// STEP", a sixth word "int" marking an int parameter; a one-line error when it
// does not end within `deadline`, exits non-zero, prints nothing or a line that
// is not one.
absl::StatusOr<std::vector<wl::Param>> ListParamsOfCommand(
    const std::string& command, std::chrono::milliseconds deadline);

// Parses the output of --list-params (`who` names the bot in errors).
absl::StatusOr<std::vector<wl::Param>> ParseParamList(const std::string& text,
                                                      const std::string& who);

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_BOT_PARAMS_H_
