// bot_process.h: a bot run as a child process, seen by the engine as a Seat
// (spec sections 1, 8, 9 and 11a). Any language works: the command line is
// run with `/bin/sh -c`, in its own process group under a small supervisor
// process, with pipes for stdin and stdout and stderr copied to a capped
// file. The mechanism is the game-independent common/line_process.h (and
// common/process.h for the supervisor); this is its Warlight Seat.
//
//   wl::tools::BotProcessOptions options;
//   options.stderr_path = "out/player1_stderr.txt";
//   absl::StatusOr<std::unique_ptr<wl::tools::BotProcess>> bot =
//       wl::tools::BotProcess::Start("java -jar bots/MyBot.jar", options);
//   if (!bot.ok()) { std::cerr << bot.status() << "\n"; return 1; }
//   (*bot)->Send("settings timebank 10000");
//   wl::tools::Reply reply = (*bot)->Ask("go place_armies 10000", 10000);
//   if (reply.timed_out) { ... } else { Read(reply.line); }
//   (*bot)->Kill();  // or let the BotProcess go out of scope
//
//   // On Ctrl-C (from a signal handler or an asio::signal_set handler):
//   wl::tools::KillAllBots();
//
// Answers are read by line_process.h's rules, in the queue Start is given
// (AnswerQueue(rules): WL2's latest line with the official engine's stdout
// cap of 1,000,000 characters and its `VM warning` filter, spec section 8;
// WL1's FIFO, wl1 §9.1, §10), and killing and threading are as there; a
// crashed bot behaves like a timed-out one (spec section 9).
#ifndef WL_TOOLS_WL_BOT_PROCESS_H_
#define WL_TOOLS_WL_BOT_PROCESS_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "common/line_process.h"
#include "common/process.h"
#include "rule_set.h"
#include "wl/engine.h"

namespace wl::tools {

// stderr_path (capped at stderr_cap_bytes), working_dir, reap_descendants:
// common/process.h.
using BotProcessOptions = ProcessOptions;

// How a rule set's engine reads answers: kFifo for WL1, else kLatest. Under
// WL1 a time-out never kills the bot (the engine stops asking, wl1 §10.2),
// and lines reach the bot at once where the official engine flushed them
// when it began to read (wl1 §10.3): the same lines, in the same order,
// only sooner.
LineQueue AnswerQueue(RuleSet rules);

class BotProcess : public Seat {
 public:
  // After this many characters of stdout every further line is ignored.
  static constexpr int64_t kStdoutCapChars = 1000000;
  // Input queued for a bot that does not read its stdin is capped here.
  static constexpr size_t kMaxQueuedInputBytes =
      LineProcess::kMaxQueuedInputBytes;

  // Runs `/bin/sh -c command_line`, its answers read as `queue` says (see
  // above). Fails (InvalidArgument, or the errno's
  // status with a message) on an empty command, a bad option, an stderr file
  // that cannot be created, a working directory that does not exist, or when
  // /bin/sh cannot be run. A command that sh cannot find is NOT an error
  // here: sh prints why to stderr and exits, and the bot behaves as crashed
  // (bot_command.h CheckBotCanStart tells it before any game).
  static absl::StatusOr<std::unique_ptr<BotProcess>> Start(
      const std::string& command_line,
      const BotProcessOptions& options = BotProcessOptions(),
      LineQueue queue = LineQueue::kLatest);

  ~BotProcess() override;  // Kill()
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Queues `line` + "\n" for the bot's stdin; never blocks.
  void Send(const std::string& line) override;
  // See the rule above. Never waits longer than timebank_ms (plus the time
  // to hand the request to the reader thread).
  Reply Ask(const std::string& line, int64_t timebank_ms) override;
  // kFifo: the next queued line, sending nothing, waiting at most wait_ms;
  // kLatest: timed_out at once.
  Reply ReadNext(int64_t wait_ms) override;
  // Kills the process group with SIGKILL and reaps it. Idempotent.
  void Kill() override;
  // Why the bot can no longer answer: "exit status N" or "signal N" once
  // its main process (the shell, or what it exec'd) ended, "closed its
  // stdout" when it did so but runs on; "" while it can answer or after
  // Kill(). May wait up to 200 ms for the exit status after stdout closed.
  std::string EndReason() override;

  // The shell's pid, which is also the process group id (its zombie is
  // kept by the supervisor until Kill(), so the id is never reused before).
  pid_t pid() const;
  // True once the bot can no longer answer: stdout closed, main process
  // ended, or killed.
  bool Finished() const;
  // Characters read from the bot's stdout so far (including ignored ones).
  int64_t stdout_chars() const;

 private:
  explicit BotProcess(std::unique_ptr<LineProcess> process);
  std::unique_ptr<LineProcess> process_;
};

// Sends SIGKILL to the process group of every live BotProcess, without
// reaping (the BotProcess objects still reap when killed or destroyed).
// Async-signal-safe: lock-free, preserves errno. Returns the number of
// groups signalled.
int KillAllBots();

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_BOT_PROCESS_H_
