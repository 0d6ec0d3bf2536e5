// line_process.h: a bot run as a child process (process.h: under a
// supervisor, in its own process group) that is sent lines and asked for
// answer lines with a deadline, for any game whose bots talk lines on
// stdin and stdout. The game's Seat wraps it (tools/wl/bot_process.h).
//
//   LineRules rules;
//   rules.max_chars = 1000000;      // stdout characters a bot may write
//   rules.ignored = "VM warning";   // lines holding it are no answers
//   absl::StatusOr<std::unique_ptr<LineProcess>> bot =
//       LineProcess::Start("java -jar MyBot.jar", ProcessOptions(), rules);
//   (*bot)->Send("settings timebank 10000");
//   LineAnswer answer = (*bot)->Ask("go place_armies 10000", 10000);
//   (*bot)->Kill();  // or let it go out of scope
//
// A reader thread reads the bot's stdout all the time; answers are queued
// as LineQueue says (WL2's latest line, WL1's FIFO), below, with the rules
// of sending, killing and threading at LineProcess.
#ifndef WL_TOOLS_COMMON_LINE_PROCESS_H_
#define WL_TOOLS_COMMON_LINE_PROCESS_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "common/process.h"

namespace wl::tools {

// How answer lines are queued.
//
// LineQueue::kFifo, WL1's io layer (wl1 §9.1, §10), a FIFO of lines:
//  * The unread bytes are kept. A read cuts a line from them at the first
//    "\r\n" anywhere in them, else at the first "\r", else at the first
//    "\n" (so unread "a\nb\r\n" gives "a\nb"); an empty line is a line.
//    Bytes after the last terminator wait for one; they never make a line
//    of their own, not even when stdout closes.
//  * Every line is an answer, in order: lines printed before a request,
//    extra lines and late answers stay queued for later reads. No cap on a
//    line's length, no filter (rules.max_chars and rules.ignored unused).
//  * Ask(line, T) takes in what stdout holds, sends the request and
//    reads: the oldest queued line at once, else the first to complete
//    within T ms; none: timed_out. ReadNext(T) reads the same way, sending
//    nothing. elapsed_ms: from the request (Ask) or the call (ReadNext) to
//    the moment the line was taken, or the time waited.
//  * Once the bot's main process has ended, a read returns timed_out at
//    once, even with lines queued (wl1 §9.1, the official rule, kept over
//    §15's wish to read them); after stdout closed, when no complete line
//    is queued. After Kill() likewise, elapsed 0.
//  * Bounded memory without losing a line: while kMaxUnreadBytes or more
//    are unread, stdout is not read (the bot blocks in its writes, as
//    with any full pipe) until reads make room. So a line longer than
//    that never completes: the bot then never answers again.
//
// LineQueue::kLatest, WL2's rules (spec section 8, made deterministic):
//  * Lines end with "\n", "\r\n" or "\r" (a "\n" right after a "\r" belongs
//    to it, even in a later read). An empty line is an answer (""). A last
//    line without terminator counts when stdout closes.
//  * Lines containing rules.ignored (when not empty) are ignored.
//  * The rules.max_chars cap: every stdout character counts, terminators
//    included. A line is kept only if its terminator's first character is
//    among the first max_chars characters. Past the cap, stdout is still
//    read and discarded, and nothing is buffered, so a flood costs no
//    memory.
//  * One "latest line" is kept: each kept line replaces it.
//  * Ask(line, T): first everything the bot has already written to its
//    stdout (all of it still in the pipe is read now) is taken in; if a
//    latest line exists, it is the answer, at once, with elapsed_ms = 0,
//    and it is cleared (older lines were already replaced by it). The
//    request is sent either way. Otherwise the FIRST kept line completed
//    after the request answers; lines that come after it in the same read
//    become the latest line, which answers the next request at once. No
//    line within T ms: timed_out = true, elapsed_ms = the time waited
//    (>= T); a line that comes later becomes the latest line.
//  * elapsed_ms is measured on a steady clock from the moment the request
//    was written (or queued, if the bot's stdin pipe is full), rounded down.
//  * A bot whose stdout is closed or whose main process (the shell or what
//    it exec'd) has ended can never answer: Ask returns timed_out = true at
//    once, after taking a latest line if one is there. After Kill()
//    likewise, elapsed 0. EndReason() then says why: "exit status N",
//    "signal N" or "closed its stdout". Limit: a compound command
//    (`./bot; sleep 30`) whose shell outlives the bot is noticed only when
//    the shell ends or the time runs out (the shell is the main process
//    and may answer itself).
//
enum class LineQueue {
  kLatest,  // one latest line, the stdout cap and the filter: WL2
  kFifo,    // every line in order: WL1
};

// How a game's bots write their answers.
struct LineRules {
  LineQueue queue = LineQueue::kLatest;
  int64_t max_chars = 1000000;  // kLatest: stdout characters that count
  std::string ignored;          // kLatest: lines holding it are ignored
};

struct LineAnswer {
  std::string line;
  bool timed_out = false;
  int64_t elapsed_ms = 0;
};

// A bot as a child process, sent lines and asked for answers.
//
// Send never blocks: a line is written at once as far as the bot's stdin
// pipe accepts it, the rest by the reader thread when it has room (at most
// kMaxQueuedInputBytes are kept waiting; beyond that lines are dropped).
// Writing to a bot that has exited is silently dropped; the harness never
// gets SIGPIPE (blocked around each write). The bot's stderr is copied to
// options.stderr_path up to options.stderr_cap_bytes, the rest read and
// discarded. Ask (WL2's queue) reads the answer on the calling thread as
// soon as stdout is readable; the reader thread reads stdout between
// requests, so nothing a bot prints is ever left waiting in the pipe.
//
// Kill() sends SIGKILL to the whole process group, closes the pipes and the
// supervisor's lifeline and waits for the supervisor (its own child only);
// when it returns, no process of the bot remains, not even a zombie. The
// destructor does the same.
//
// Threading: one LineProcess is driven from one thread at a time (Send,
// Ask, Kill); each has its own Boost.Asio reader thread.
// KillAllProcessGroups() (process.h) may be called from anywhere, including
// a signal handler.
class LineProcess {
 public:
  // Input queued for a bot that does not read its stdin is capped here.
  static constexpr size_t kMaxQueuedInputBytes = size_t{16} << 20;
  // kFifo: stdout is not read while this much is unread (see above).
  static constexpr size_t kMaxUnreadBytes = size_t{32} << 20;

  // Runs `/bin/sh -c command_line`. Fails (InvalidArgument, or the errno's
  // status with a message) on an empty command, a bad option, an stderr
  // file that cannot be created, a working directory that does not exist,
  // or when /bin/sh cannot be run. A command that sh cannot find is NOT an
  // error here: sh prints why to stderr and exits, and the bot behaves as
  // crashed (bots.h CheckBotCanStart tells it before any game).
  static absl::StatusOr<std::unique_ptr<LineProcess>> Start(
      const std::string& command_line, const ProcessOptions& options,
      const LineRules& rules);

  ~LineProcess();  // Kill()
  LineProcess(const LineProcess&) = delete;
  LineProcess& operator=(const LineProcess&) = delete;

  // Queues `line` + "\n" for the bot's stdin; never blocks.
  void Send(const std::string& line);
  // See the rule above. Never waits longer than timeout_ms (plus the time
  // to hand the request to the reader thread).
  LineAnswer Ask(const std::string& line, int64_t timeout_ms);
  // kFifo: the next queued line, sending nothing (see above); kLatest:
  // timed_out at once.
  LineAnswer ReadNext(int64_t timeout_ms);
  // Kills the process group with SIGKILL and reaps it. Idempotent.
  void Kill();
  // Why the bot can no longer answer: "exit status N" or "signal N" once
  // its main process (the shell, or what it exec'd) ended, "closed its
  // stdout" when it did so but runs on; "" while it can answer or after
  // Kill(). May wait up to 200 ms for the exit status after stdout closed.
  std::string EndReason();

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
  explicit LineProcess(std::unique_ptr<Impl> impl);
  static absl::StatusOr<std::unique_ptr<LineProcess>> StartReaderThread(
      std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_LINE_PROCESS_H_
