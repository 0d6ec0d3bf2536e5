#include "common/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "common/shell_words.h"

extern char** environ;

namespace wl::tools {

void UniqueFd::Reset(int fd) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
}

namespace {

// ---- The registry of live process groups, for KillAllProcessGroups ------

constexpr int kRegistrySlots = 4096;
static_assert(std::atomic<pid_t>::is_always_lock_free,
              "KillAllProcessGroups must be async-signal-safe");
std::atomic<pid_t> live_groups[kRegistrySlots];  // 0 = free (static: zeroed)

// ---- Small POSIX helpers ------------------------------------------------

// A pipe whose two ends are close-on-exec and above 0, 1 and 2 (so that the
// child's dup2 onto 0, 1, 2 never meets an fd equal to its target).
absl::Status MakePipe(UniqueFd& read_end, UniqueFd& write_end) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return absl::ErrnoToStatus(errno, "pipe2");
  UniqueFd ends[2] = {UniqueFd(fds[0]), UniqueFd(fds[1])};
  for (UniqueFd& end : ends) {
    if (end.get() > 2) continue;
    int moved = ::fcntl(end.get(), F_DUPFD_CLOEXEC, 3);
    if (moved < 0) return absl::ErrnoToStatus(errno, "fcntl(F_DUPFD_CLOEXEC)");
    end.Reset(moved);
  }
  read_end.Reset(ends[0].Release());
  write_end.Reset(ends[1].Release());
  return absl::OkStatus();
}

// ---- The supervisor: between the harness and the bot --------------------
//
// SpawnSupervised forks a small supervisor process (no exec) which forks
// the bot's shell in a new process group and then only waits (process.h
// says what it guarantees). It reports to the harness on the report pipe:
// the bot's pid, then the shell's wait status when it ends. Everything
// after fork() is async-signal-safe (plain syscalls).

// What the forked processes need, prepared before fork().
struct SpawnPlan {
  char** argv = nullptr;              // sh -c command_line
  const char* direct_path = nullptr;  // a plain command's program, or none
  char** direct_argv = nullptr;       // its words
  char** envp = nullptr;
  const char* working_dir = nullptr;  // nullptr: keep the harness's
  int in_read = -1, out_write = -1, err_write = -1;
  int exec_error_write = -1;  // the bot writes its exec errno here
  int lifeline_read = -1;     // EOF: the harness is gone or killing the bot
  int report_write = -1;      // the bot's pid, then its wait status
  bool subreaper = true;
};

void WriteAll(int fd, const void* data, size_t size) {
  const char* bytes = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, bytes, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    bytes += n;
    size -= static_cast<size_t>(n);
  }
}

void CloseRange(int first, int last) {  // [first, last], best effort
  if (first > last) return;
#ifdef SYS_close_range
  if (::syscall(SYS_close_range, first, last, 0) == 0) return;
#endif
  int limit = static_cast<int>(std::min<long>(::sysconf(_SC_OPEN_MAX), 65536));
  for (int fd = first; fd <= last && fd < limit; ++fd) ::close(fd);
}

// Closes every fd >= 3 but those in keep (any order, -1 ignored).
void CloseAllBut(int* keep, int count) {
  std::sort(keep, keep + count);
  int next = 3;
  for (int i = 0; i < count; ++i) {
    if (keep[i] < next) continue;
    CloseRange(next, keep[i] - 1);
    next = keep[i] + 1;
  }
  CloseRange(next, ~0U >> 1);
}

void SetAllSignals(void (*handler)(int)) {
  struct sigaction action = {};
  action.sa_handler = handler;
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &action, nullptr);
  }
}

[[noreturn]] void ExecBot(const SpawnPlan& plan, pid_t supervisor) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (::getppid() != supervisor) ::_exit(127);
  SetAllSignals(SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  int error = 0;
  if (::dup2(plan.in_read, 0) < 0 || ::dup2(plan.out_write, 1) < 0 ||
      ::dup2(plan.err_write, 2) < 0) {
    error = errno;
  } else if (plan.working_dir && ::chdir(plan.working_dir) != 0) {
    error = errno;
  } else {
    int keep[] = {plan.exec_error_write};
    CloseAllBut(keep, 1);
    // A plain command runs as sh would run it, without sh; should that
    // fail (a script without #!, say), sh runs it as it always did.
    if (plan.direct_path) {
      ::execve(plan.direct_path, plan.direct_argv, plan.envp);
    }
    ::execve("/bin/sh", plan.argv, plan.envp);
    error = errno;
  }
  WriteAll(plan.exec_error_write, &error, sizeof error);
  ::_exit(127);
}

void NoOpHandler(int) {}

// The supervisor's children (the bot's shell, adopted descendants), from
// /proc/self/task/<pid>/children; returns how many were stored (<= max).
int ListChildren(pid_t* children, int max) {
  char path[64] = "/proc/self/task/";
  char digits[16];
  int n = 0;
  for (long v = ::getpid(); v > 0; v /= 10) digits[n++] = '0' + v % 10;
  size_t at = std::strlen(path);
  while (n > 0) path[at++] = digits[--n];
  std::memcpy(path + at, "/children", 10);
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buffer[8192];
  ssize_t size = ::read(fd, buffer, sizeof buffer - 1);
  ::close(fd);
  int count = 0;
  long pid = 0;
  for (ssize_t i = 0; i <= size && count < max; ++i) {
    if (i < size && buffer[i] >= '0' && buffer[i] <= '9') {
      pid = pid * 10 + (buffer[i] - '0');
      continue;
    }
    if (pid > 0) children[count++] = static_cast<pid_t>(pid);
    pid = 0;
  }
  return count;
}

constexpr int kMaxListed = 1024;

// Reaps what has ended; the bot's own status goes to the harness once.
// The bot's zombie is kept (not reaped) until the end, so that its pid,
// the group id, cannot be reused while the harness may signal the group.
void ReapEnded(pid_t bot, int report_write, bool* bot_reported) {
  while (!*bot_reported) {
    siginfo_t info = {};
    if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return;
    if (info.si_pid == 0) return;
    if (info.si_pid != bot) {
      ::waitpid(info.si_pid, nullptr, WNOHANG);
      continue;
    }
    int status = info.si_code == CLD_EXITED ? (info.si_status & 0xff) << 8
                                            : info.si_status & 0x7f;
    WriteAll(report_write, &status, sizeof status);
    *bot_reported = true;
  }
  // The bot's zombie may now come first in waitid: reap the others by pid.
  pid_t children[kMaxListed];
  int count = ListChildren(children, kMaxListed);
  for (int i = 0; i < count; ++i) {
    if (children[i] != bot) ::waitpid(children[i], nullptr, WNOHANG);
  }
}

[[noreturn]] void Shutdown(pid_t bot) {
  timespec start, now;
  ::clock_gettime(CLOCK_MONOTONIC, &start);
  while (true) {
    ::kill(-bot, SIGKILL);
    pid_t children[kMaxListed];
    int count = ListChildren(children, kMaxListed);
    for (int i = 0; i < count; ++i) {
      ::kill(-children[i], SIGKILL);  // a setsid'd descendant's own group
      ::kill(children[i], SIGKILL);
    }
    pid_t reaped = ::waitpid(-1, nullptr, WNOHANG);
    if (reaped < 0 && errno == ECHILD) ::_exit(0);
    if (reaped > 0) continue;
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - start.tv_sec > 3) ::_exit(1);
    // Until a child ends (SIGCHLD is blocked here), 1 ms at most.
    sigset_t child_ended;
    sigemptyset(&child_ended);
    sigaddset(&child_ended, SIGCHLD);
    const timespec pause = {0, 1000000};
    ::sigtimedwait(&child_ended, nullptr, &pause);
  }
}

[[noreturn]] void RunSupervisor(const SpawnPlan& plan) {
  ::setpgid(0, 0);  // away from the terminal's Ctrl-C: the harness decides
  ::prctl(PR_SET_NAME, "wl-supervisor", 0, 0, 0);  // in ps and top
  SetAllSignals(SIG_IGN);
  struct sigaction on_child = {};
  on_child.sa_handler = NoOpHandler;
  on_child.sa_flags = SA_NOCLDSTOP;
  ::sigaction(SIGCHLD, &on_child, nullptr);
  sigset_t blocked, waiting;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGCHLD);
  ::sigprocmask(SIG_SETMASK, &blocked, nullptr);
  sigemptyset(&waiting);
  if (plan.subreaper) ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  int keep[] = {plan.in_read,          plan.out_write,     plan.err_write,
                plan.exec_error_write, plan.lifeline_read, plan.report_write};
  CloseAllBut(keep, 6);
  const pid_t self = ::getpid();
  // vfork: no copy of the harness's page tables; ExecBot only sets up the
  // child's own process state, execs or writes an errno and _exits.
  const pid_t bot = ::vfork();
  if (bot == 0) ExecBot(plan, self);
  if (bot < 0) {
    int error = errno;
    WriteAll(plan.exec_error_write, &error, sizeof error);
    ::_exit(1);
  }
  for (int fd :
       {plan.in_read, plan.out_write, plan.err_write, plan.exec_error_write}) {
    ::close(fd);
  }
  int null_fd = ::open("/dev/null", O_RDWR);
  for (int fd = 0; fd < 3 && null_fd >= 0; ++fd) ::dup2(null_fd, fd);
  if (null_fd > 2) ::close(null_fd);
  WriteAll(plan.report_write, &bot, sizeof bot);
  bool bot_reported = false;
  while (true) {
    ReapEnded(bot, plan.report_write, &bot_reported);
    pollfd lifeline = {plan.lifeline_read, POLLIN, 0};
    int ready = ::ppoll(&lifeline, 1, nullptr, &waiting);
    if (ready > 0) Shutdown(bot);  // EOF: the harness closed or died
  }
}

// Reads exactly `size` bytes (blocking); false on EOF or error first.
bool ReadExactly(int fd, void* data, size_t size) {
  char* bytes = static_cast<char*>(data);
  while (size > 0) {
    ssize_t n = ::read(fd, bytes, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// The pipes of one start: stdin, stdout, stderr, exec error, lifeline,
// report, each [read end, write end].
enum PipeIndex { kIn, kOut, kErr, kExecError, kLifeline, kReport, kPipes };
using StartPipes = UniqueFd[kPipes][2];

// " in DIR" when the bot runs in its own working directory.
std::string WhereText(const ProcessOptions& options) {
  return options.working_dir.empty() ? "" : " in " + options.working_dir;
}

absl::Status CheckWorkingDir(const std::string& command_line,
                             const ProcessOptions& options) {
  struct stat dir_info;
  if (!options.working_dir.empty() &&
      (::stat(options.working_dir.c_str(), &dir_info) != 0 ||
       !S_ISDIR(dir_info.st_mode))) {
    return absl::ErrnoToStatus(ENOTDIR, "cannot start bot `" + command_line +
                                            "`" + WhereText(options) +
                                            ": not a folder");
  }
  return absl::OkStatus();
}

SpawnPlan MakePlan(StartPipes& pipes, const ProcessOptions& options,
                   char** argv) {
  SpawnPlan plan;
  plan.argv = argv;
  plan.envp = environ;
  plan.working_dir =
      options.working_dir.empty() ? nullptr : options.working_dir.c_str();
  plan.in_read = pipes[kIn][0].get();
  plan.out_write = pipes[kOut][1].get();
  plan.err_write = pipes[kErr][1].get();
  plan.exec_error_write = pipes[kExecError][1].get();
  plan.lifeline_read = pipes[kLifeline][0].get();
  plan.report_write = pipes[kReport][1].get();
  plan.subreaper = options.reap_descendants;
  return plan;
}

// After the fork: closes the children's ends, then waits for the shell's
// exec (an errno on the exec error pipe, or EOF) and its pid.
absl::Status AwaitStart(const std::string& command_line,
                        const ProcessOptions& options, StartPipes& pipes,
                        SpawnedChild& child) {
  child.lifeline.Reset(pipes[kLifeline][1].Release());
  // The children's ends: stdin's read end, the others' write ends.
  pipes[kIn][0].Reset();
  for (int i : {kOut, kErr, kExecError, kReport}) pipes[i][1].Reset();
  pipes[kLifeline][0].Reset();
  int error = 0;
  if (ReadExactly(pipes[kExecError][0].get(), &error, sizeof error)) {
    return absl::ErrnoToStatus(error, "cannot start bot `" + command_line +
                                          "` with /bin/sh -c" +
                                          WhereText(options));
  }
  pid_t bot = -1;
  if (!ReadExactly(pipes[kReport][0].get(), &bot, sizeof bot) || bot <= 0) {
    return absl::InternalError("the bot's supervisor ended at its start");
  }
  child.pid = bot;
  child.stdin_write.Reset(pipes[kIn][1].Release());
  child.stdout_read.Reset(pipes[kOut][0].Release());
  child.stderr_read.Reset(pipes[kErr][0].Release());
  child.report_read.Reset(pipes[kReport][0].Release());
  return absl::OkStatus();
}

// The farewell, copied into static storage for the signal handler, which
// reads it only when `farewell_ready` (set after the copy).
struct FarewellStore {
  char paths[kMaxFarewellPaths][kMaxFarewellText + 1];
  int path_count;
  char before[kMaxFarewellText + 1], after[kMaxFarewellText + 1];
  const std::atomic<int64_t>* count;
};
FarewellStore farewell_store;
std::atomic<bool> farewell_ready{false};

void CopyText(const std::string& text, char* to) {
  const size_t n = std::min(text.size(), kMaxFarewellText);
  std::memcpy(to, text.data(), n);
  to[n] = '\0';
}

void WriteAll(const char* text, size_t n) {
  while (n > 0) {
    const ssize_t written = ::write(STDERR_FILENO, text, n);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    text += written;
    n -= static_cast<size_t>(written);
  }
}

// Async-signal-safe: unlink, rmdir, write and arithmetic only.
void SayFarewell() {
  if (!farewell_ready.load()) return;
  const int saved_errno = errno;
  const FarewellStore& f = farewell_store;
  for (int i = 0; i < f.path_count; ++i) {
    if (::unlink(f.paths[i]) != 0 && (errno == EISDIR || errno == EPERM)) {
      ::rmdir(f.paths[i]);
    }
  }
  WriteAll(f.before, std::strlen(f.before));
  if (f.count) {
    int64_t n = f.count->load();
    char digits[24];
    size_t at = sizeof digits;
    const bool negative = n < 0;
    do {
      digits[--at] = static_cast<char>('0' + (negative ? -(n % 10) : n % 10));
      n /= 10;
    } while (n != 0 && at > 1);
    if (negative) digits[--at] = '-';
    WriteAll(digits + at, sizeof digits - at);
  }
  WriteAll(f.after, std::strlen(f.after));
  errno = saved_errno;
}

void KillGroupsAndExit(int signal) {
  KillAllProcessGroups();  // async-signal-safe: only kill(2) on known groups
  SayFarewell();
  ::_exit(128 + signal);
}

// The words of a command line that sh would run as one program with
// those arguments (PlainWords, and nothing else: no operator, no second
// line, no character sh reads otherwise than a stream does, no assignment
// or keyword first); empty for anything else (sh then runs it).
std::vector<std::string> ProgramWords(const std::string& command_line) {
  if (command_line.find_first_of(";&|<>()\n\r\v\f") != std::string::npos) {
    return {};
  }
  std::vector<std::string> words = PlainWords(command_line);
  if (words.empty() || IsShellWord(words[0]) ||
      words[0].find('=') != std::string::npos) {
    return {};
  }
  return words;
}

// The program `word` names, as sh finds it: the file itself when it has a
// '/' (relative to the bot's folder `dir`, if any), else SearchPath's
// (only through absolute folders when the bot runs in `dir`). "" when
// there is none, or when finding it needs sh (an unset $PATH, whose
// default is sh's own).
std::string FindProgram(const std::string& word, const std::string& dir) {
  if (word.find('/') != std::string::npos) {
    const bool relative = word[0] != '/' && !dir.empty();
    return IsExecutableFile(relative ? dir + "/" + word : word) ? word : "";
  }
  if (!std::getenv("PATH")) return "";
  return SearchPath(word, /*relative_folders=*/dir.empty());
}

}  // namespace

absl::Status SpawnSupervised(const std::string& command_line,
                             const ProcessOptions& options,
                             SpawnedChild& child) {
  if (absl::Status ok = CheckWorkingDir(command_line, options); !ok.ok()) {
    return ok;
  }
  StartPipes pipes;
  for (auto& ends : pipes) {
    absl::Status status = MakePipe(ends[0], ends[1]);
    if (!status.ok()) return status;
  }
  std::string arg0 = "sh", arg1 = "-c", arg2 = command_line;
  char* argv[] = {arg0.data(), arg1.data(), arg2.data(), nullptr};
  SpawnPlan plan = MakePlan(pipes, options, argv);
  std::vector<std::string> words = ProgramWords(command_line);
  const std::string program =
      words.empty() ? "" : FindProgram(words[0], options.working_dir);
  std::vector<char*> direct_argv;
  if (!program.empty()) {
    for (std::string& w : words) direct_argv.push_back(w.data());
    direct_argv.push_back(nullptr);
    plan.direct_path = program.c_str();
    plan.direct_argv = direct_argv.data();
  }
  const pid_t supervisor = ::fork();
  if (supervisor == 0) RunSupervisor(plan);
  if (supervisor < 0) return absl::ErrnoToStatus(errno, "fork");
  child.supervisor = supervisor;
  return AwaitStart(command_line, options, pipes, child);
}

void WaitForChild(pid_t pid, std::chrono::milliseconds limit) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point give_up = Clock::now() + limit;
  // Checks 20 us apart at first, doubling to 1 ms: a killed child is
  // usually gone within a few hundred microseconds.
  std::chrono::microseconds pause(20);
  while (true) {
    pid_t reaped = ::waitpid(pid, nullptr, WNOHANG);
    if (reaped == pid || (reaped < 0 && errno != EINTR)) break;
    if (Clock::now() >= give_up) {
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(2 * pause, std::chrono::microseconds(1000));
  }
}

int RegisterProcessGroup(pid_t pgid) {
  for (int slot = 0; slot < kRegistrySlots; ++slot) {
    pid_t expected = 0;
    if (live_groups[slot].compare_exchange_strong(expected, pgid)) return slot;
  }
  return -1;  // full: this bot is still killed by Kill(), not by KillAll
}

void UnregisterProcessGroup(int slot) {
  if (slot >= 0) live_groups[slot].store(0);
}

int KillAllProcessGroups() {
  const int saved_errno = errno;
  int signalled = 0;
  for (int slot = 0; slot < kRegistrySlots; ++slot) {
    pid_t pgid = live_groups[slot].load();
    if (pgid > 0 && ::kill(-pgid, SIGKILL) == 0) ++signalled;
  }
  errno = saved_errno;
  return signalled;
}

void SetExitSignalFarewell(const ExitSignalFarewell& farewell) {
  farewell_ready.store(false);
  FarewellStore& f = farewell_store;
  f.path_count = 0;
  for (const std::string& path : farewell.remove) {
    if (f.path_count == kMaxFarewellPaths) break;
    if (path.empty() || path.size() > kMaxFarewellText) continue;
    CopyText(path, f.paths[f.path_count++]);
  }
  CopyText(farewell.before, f.before);
  CopyText(farewell.after, f.after);
  f.count = farewell.count;
  farewell_ready.store(true);
}

void ClearExitSignalFarewell() { farewell_ready.store(false); }

void SayExitSignalFarewell() { SayFarewell(); }

void KillProcessGroupsOnExitSignals() {
  struct sigaction action = {};
  action.sa_handler = KillGroupsAndExit;
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
    sigaction(signal, &action, nullptr);
  }
}

}  // namespace wl::tools
