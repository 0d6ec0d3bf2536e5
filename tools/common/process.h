// process.h: starting a bot's command line under a supervisor process, for
// any game. line_process.h builds the request/answer channel on it; most
// code wants that (or the game's Seat over it, tools/wl/bot_process.h).
//
//   SpawnedChild child;   // set as far as the start went, even on an error
//   absl::Status ok = SpawnSupervised("python3 bot.py", options, child);
//   // child.stdin_write, stdout_read, stderr_read: the harness's pipe ends;
//   // child.report_read: the shell's wait status (an int) when it ends.
//   ...
//   ::kill(-child.pid, SIGKILL);
//   child.lifeline.Reset();          // the supervisor kills, reaps, exits
//   WaitForChild(child.supervisor);  // no process of the bot remains
//
// The command line is run with `/bin/sh -c`, in its own process group (a
// plain one, a program and arguments with nothing for sh to expand, such
// as `python3 bot.py` or `./mybot --param x=1`, runs that program directly,
// found as sh finds it: no shell stays in front of it, its own exit status
// or signal is what is reported, and it starts faster; sh still runs it if
// that exec fails),
// under a small supervisor process (forked, no exec, named wl-supervisor in
// ps). The supervisor is the parent of the bot's shell and a child
// subreaper (with options.reap_descendants, the default): the bot's
// orphaned descendants, also those that left its process group with setsid,
// become its children and are reaped as they end, so no zombie accumulates.
// It reports the shell's pid and then its exit status to the harness, and
// it holds the read end of a "lifeline" pipe whose write end only the
// harness holds: when the harness closes it or dies in any way, SIGKILL
// included, the supervisor kills the bot's process group and every
// descendant it adopted, reaps them and exits. The shell has a parent-death
// signal (SIGKILL) in case the supervisor itself is killed. The shell's
// zombie is kept by the supervisor until then, so its pid, the group id, is
// never reused while the harness may signal the group.
//
// Live groups are listed (RegisterProcessGroup) so that KillAllProcessGroups
// can kill them all from a signal handler. A command says what that handler
// does beyond it (SetExitSignalFarewell): which files of an unfinished game
// it removes, and the line it prints (how many games are saved, and the
// command that resumes).
#ifndef WL_TOOLS_COMMON_PROCESS_H_
#define WL_TOOLS_COMMON_PROCESS_H_

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"

namespace wl::tools {

// A file descriptor closed when it goes out of scope.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { Reset(); }
  int get() const { return fd_; }
  int Release() { return std::exchange(fd_, -1); }
  void Reset(int fd = -1);

 private:
  int fd_ = -1;
};

struct ProcessOptions {
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

// What SpawnSupervised started: the harness's ends of everything.
struct SpawnedChild {
  pid_t supervisor = -1;  // our child, the shell's parent
  UniqueFd lifeline;      // its write end: closing it ends the supervisor
  pid_t pid = -1;         // the bot's shell: also its process group id
  UniqueFd stdin_write, stdout_read, stderr_read;
  UniqueFd report_read;  // the shell's wait status, an int, when it ends
};

// Forks the supervisor, which forks `/bin/sh -c command_line` (see above;
// options.stderr_* are not used here). `child.supervisor` and `lifeline`
// are set as soon as the supervisor runs (so that a failure after it can
// still be cleaned up), the rest on success. Fails on a working directory
// that is not a folder, when /bin/sh cannot be run, or when pipes or fork
// fail. All pipe ends are close-on-exec and blocking.
absl::Status SpawnSupervised(const std::string& command_line,
                             const ProcessOptions& options,
                             SpawnedChild& child);

// Waits for our own child `pid` only (several bots may run in other
// threads); after `limit` it is killed (SIGKILL) and waited for.
void WaitForChild(pid_t pid, std::chrono::milliseconds limit);

// Lists a live process group for KillAllProcessGroups; returns its slot
// (-1 when the list is full: the group is then not killed by it).
int RegisterProcessGroup(pid_t pgid);
void UnregisterProcessGroup(int slot);

// Sends SIGKILL to every listed process group, without reaping.
// Async-signal-safe: lock-free, preserves errno. Returns the number of
// groups signalled.
int KillAllProcessGroups();

// Installs handlers so that SIGINT, SIGTERM or SIGHUP kill every listed
// group (KillAllProcessGroups), do the farewell set below, and end the
// process with status 128 + signal.
void KillProcessGroupsOnExitSignals();

// What the exit-signal handler does before it exits (the last one set):
// removes each path of `remove`, in order (unlink, or rmdir for a folder,
// which fails unless empty), then writes to stderr `before`, *count when
// given (a number read at that moment), and `after`. Paths beyond
// kMaxFarewellPaths, or longer than kMaxFarewellText bytes, are not
// removed; texts are cut to kMaxFarewellText bytes. `count` must outlive
// the farewell (ClearExitSignalFarewell before it goes).
constexpr int kMaxFarewellPaths = 8;
constexpr size_t kMaxFarewellText = 2047;
struct ExitSignalFarewell {
  std::vector<std::string> remove;
  std::string before;
  const std::atomic<int64_t>* count = nullptr;
  std::string after;
};
void SetExitSignalFarewell(const ExitSignalFarewell& farewell);
void ClearExitSignalFarewell();
// Does what the handler does (the removals and the line): for tests.
void SayExitSignalFarewell();

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_PROCESS_H_
