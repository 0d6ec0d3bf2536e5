// bot_process.h: a bot run as a child process, seen by the engine as a Seat
// (spec sections 1, 8, 9 and 11a). Any language works: the command line is
// run with `/bin/sh -c`, in its own process group under a small supervisor
// process, with pipes for stdin and stdout and stderr copied to a capped
// file.
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
// How answers are read (spec section 8, made deterministic). A reader thread
// reads the bot's stdout all the time, as the official engine does:
//  * Lines end with "\n", "\r\n" or "\r" (a "\n" right after a "\r" belongs
//    to it, even in a later read). An empty line is an answer (""). A last
//    line without terminator counts when stdout closes.
//  * Lines containing `VM warning` are ignored.
//  * The 1,000,000 character cap: every stdout character counts, terminators
//    included. A line is kept only if its terminator's first character is
//    among the first 1,000,000 characters (a line of 999,999 characters plus
//    "\n" is kept; nothing after it is). Past the cap, stdout is still read
//    and discarded, and nothing is buffered, so a flood costs no memory.
//  * The harness keeps one "latest line": each kept line replaces it.
//  * Ask(line, T): first everything the bot has already written to its
//    stdout (all of it still in the pipe is read now) is taken in; if a latest
//    line exists, it is the answer, at once, with elapsed_ms = 0, and it is
//    cleared (older lines were already replaced by it). The request is sent
//    either way. Otherwise the FIRST kept line completed after the request
//    answers; lines that come after it in the same read become the latest
//    line, which answers the next request at once. No line within T ms:
//    timed_out = true, elapsed_ms = the time waited (>= T); a line that comes
//    later becomes the latest line.
//  * elapsed_ms is measured on a steady clock from the moment the request
//    was written (or queued, if the bot's stdin pipe is full), rounded down.
//  * A bot whose stdout is closed or whose main process (the shell or what
//    it exec'd) has ended can never answer: Ask returns timed_out = true at
//    once (spec section 9: a crashed bot behaves like a timed-out one), after
//    taking a latest line if one is there. After Kill() likewise, elapsed 0.
//    EndReason() then says why: "exit status N", "signal N" or "closed its
//    stdout". Limit: a compound command (`./bot; sleep 30`) whose shell
//    outlives the bot is noticed only when the shell ends or the time bank
//    runs out (the shell is the main process and may answer itself).
//
// Send never blocks: lines are queued and written by the reader thread as the
// bot's stdin pipe accepts them (at most kMaxQueuedInputBytes are kept
// waiting; beyond that lines are dropped). Writing to a bot that has exited
// is silently dropped; the harness never gets SIGPIPE (the thread that writes
// blocks it).
//
// The supervisor (forked by Start, no exec) is the parent of the bot's
// shell and a child subreaper (with options.reap_descendants, the default):
// the bot's orphaned descendants, also those that left its process group
// with setsid, become its children and are reaped as they end, so no zombie
// accumulates. It reports the shell's exit status to the harness, and it
// holds the read end of a "lifeline" pipe whose write end only the harness
// holds: when the harness closes it (Kill) or dies in any way, SIGKILL
// included, the supervisor kills the bot's process group and every
// descendant it adopted, reaps them and exits. The shell has a parent-death
// signal (SIGKILL) in case the supervisor itself is killed.
//
// Kill() sends SIGKILL to the whole process group, closes the pipes and the
// lifeline and waits for the supervisor (its own child only: BotProcesses in
// other threads never steal each other's statuses); when it returns, no
// process of the bot remains, not even a zombie. The destructor does the
// same.
//
// Threading: one BotProcess is driven from one thread at a time (Send, Ask,
// Kill); each BotProcess has its own Boost.Asio reader thread. KillAllBots()
// may be called from anywhere, including a signal handler.
#ifndef WL_TOOLS_WL_BOT_PROCESS_H_
#define WL_TOOLS_WL_BOT_PROCESS_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "wl/engine.h"

namespace wl::tools {

struct BotProcessOptions {
  // The bot's stderr is written here (created or truncated), up to
  // stderr_cap_bytes; the rest is read and discarded. "" discards it all.
  std::string stderr_path;
  int64_t stderr_cap_bytes = int64_t{1} << 20;
  // The bot's working directory; "" keeps the harness's.
  std::string working_dir;
  // Make the supervisor a child subreaper, so that the bot's orphaned
  // descendants are reaped and killed with it (see above).
  bool reap_descendants = true;
};

class BotProcess : public Seat {
 public:
  // After this many characters of stdout every further line is ignored.
  static constexpr int64_t kStdoutCapChars = 1000000;
  // Input queued for a bot that does not read its stdin is capped here.
  static constexpr size_t kMaxQueuedInputBytes = size_t{16} << 20;

  // Runs `/bin/sh -c command_line`. Fails (InvalidArgument, or the errno's
  // status with a message) on an empty command, a bad option, an stderr file
  // that cannot be created, a working directory that does not exist, or when
  // /bin/sh cannot be run. A command that sh cannot find is NOT an error
  // here: sh prints why to stderr and exits, and the bot behaves as crashed
  // (bot_command.h CheckBotCanStart tells it before any game).
  static absl::StatusOr<std::unique_ptr<BotProcess>> Start(
      const std::string& command_line,
      const BotProcessOptions& options = BotProcessOptions());

  ~BotProcess() override;  // Kill()
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Queues `line` + "\n" for the bot's stdin; never blocks.
  void Send(const std::string& line) override;
  // See the rule above. Never waits longer than timebank_ms (plus the time
  // to hand the request to the reader thread).
  Reply Ask(const std::string& line, int64_t timebank_ms) override;
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
  struct Impl;
  explicit BotProcess(std::unique_ptr<Impl> impl);
  static absl::StatusOr<std::unique_ptr<BotProcess>> StartReaderThread(
      std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Sends SIGKILL to the process group of every live BotProcess, without
// reaping (the BotProcess objects still reap when killed or destroyed).
// Async-signal-safe: lock-free, preserves errno. Returns the number of
// groups signalled.
int KillAllBots();

// Installs handlers so that SIGINT, SIGTERM or SIGHUP kill every live bot
// group (KillAllBots) and end the process with status 128 + signal.
void KillBotsOnExitSignals();

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_BOT_PROCESS_H_
