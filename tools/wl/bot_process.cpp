#include "wl/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "boost/asio/executor_work_guard.hpp"
#include "boost/asio/io_context.hpp"
#include "boost/asio/posix/stream_descriptor.hpp"
#include "boost/asio/post.hpp"
#include "boost/asio/steady_timer.hpp"

extern char** environ;

namespace wl::tools {
namespace {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;
using WaitType = asio::posix::descriptor_base::wait_type;

// Bytes read per wake-up before the reader thread turns to other work.
constexpr size_t kReadBudget = size_t{1} << 20;
// Bytes read from stderr after a kill, to keep what the bot wrote last.
constexpr size_t kFinalStderrBudget = size_t{4} << 20;
// Kill() waits at most this long for the killed group to be reaped.
constexpr std::chrono::milliseconds kReapLimit(3000);
// After stdout closed, how long EndReason waits for the exit status.
constexpr std::chrono::milliseconds kStatusWait(200);

// ---- The registry of live process groups, for KillAllBots ----------------

constexpr int kRegistrySlots = 4096;
static_assert(std::atomic<pid_t>::is_always_lock_free,
              "KillAllBots must be async-signal-safe");
std::atomic<pid_t> live_groups[kRegistrySlots];  // 0 = free (static: zeroed)

int RegisterGroup(pid_t pgid) {
  for (int slot = 0; slot < kRegistrySlots; ++slot) {
    pid_t expected = 0;
    if (live_groups[slot].compare_exchange_strong(expected, pgid)) return slot;
  }
  return -1;  // full: this bot is still killed by Kill(), not by KillAllBots
}

void UnregisterGroup(int slot) {
  if (slot >= 0) live_groups[slot].store(0);
}

// ---- Small POSIX helpers ------------------------------------------------

class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { Reset(); }
  int get() const { return fd_; }
  int Release() { return std::exchange(fd_, -1); }
  void Reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

absl::Status ErrnoStatus(int error, const std::string& what) {
  return absl::ErrnoToStatus(error, what);
}

// A pipe whose two ends are close-on-exec and above 0, 1 and 2 (so that the
// child's dup2 onto 0, 1, 2 never meets an fd equal to its target).
absl::Status MakePipe(UniqueFd& read_end, UniqueFd& write_end) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return ErrnoStatus(errno, "pipe2");
  UniqueFd ends[2] = {UniqueFd(fds[0]), UniqueFd(fds[1])};
  for (UniqueFd& end : ends) {
    if (end.get() > 2) continue;
    int moved = ::fcntl(end.get(), F_DUPFD_CLOEXEC, 3);
    if (moved < 0) return ErrnoStatus(errno, "fcntl(F_DUPFD_CLOEXEC)");
    end.Reset(moved);
  }
  read_end.Reset(ends[0].Release());
  write_end.Reset(ends[1].Release());
  return absl::OkStatus();
}

absl::Status SetNonBlocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
    return ErrnoStatus(errno, "fcntl(O_NONBLOCK)");
  }
  return absl::OkStatus();
}

// ---- The supervisor: between the harness and the bot --------------------
//
// Start() forks a small supervisor process (no exec) which forks the bot's
// shell in a new process group and then only waits. It is a child subreaper,
// so the bot's orphaned descendants (also those that called setsid) become
// its children and are reaped as they end. It reports to the harness on the
// report pipe: the bot's pid, then the shell's wait status when it ends. It
// watches the lifeline pipe, whose write end only the harness holds: when
// the harness closes it (Kill) or dies (even by SIGKILL), the supervisor
// kills the bot's group and every descendant it adopted, reaps them all and
// exits. The shell also gets SIGKILL if the supervisor dies (parent-death
// signal). Everything after fork() is async-signal-safe (plain syscalls).

// What the forked processes need, prepared before fork().
struct SpawnPlan {
  char** argv = nullptr;
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
    timespec pause = {0, 1000000};
    ::nanosleep(&pause, nullptr);
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
  const pid_t bot = ::fork();
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

int64_t FloorMs(Clock::duration d) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

// Splits stdout into lines by the rules in bot_process.h: "\n", "\r\n" and
// "\r" endings, and the 1,000,000 character cap.
class LineSplitter {
 public:
  // Feeds bytes; calls emit(const std::string&) for each complete kept line.
  template <typename Emit>
  void Feed(const char* data, size_t size, Emit&& emit) {
    size_t i = 0;
    while (i < size && !capped_) {
      if (skip_lf_) {
        skip_lf_ = false;
        if (data[i] == '\n') {
          ++total_;
          ++i;
          continue;
        }
      }
      size_t end = i;
      while (end < size && data[end] != '\n' && data[end] != '\r') ++end;
      const int64_t length = static_cast<int64_t>(end - i);
      if (total_ + length >= BotProcess::kStdoutCapChars) {
        // This line's terminator, if it ever comes, lies past the cap.
        capped_ = true;
        partial_.clear();
        partial_.shrink_to_fit();
        break;
      }
      partial_.append(data + i, end - i);
      total_ += length;
      if (end == size) return;  // the line goes on in a later read
      ++total_;
      skip_lf_ = data[end] == '\r';
      emit(partial_);
      partial_.clear();
      i = end + 1;
    }
  }

  // Stdout closed: a last line without terminator still counts.
  template <typename Emit>
  void Finish(Emit&& emit) {
    if (!capped_ && !partial_.empty()) emit(partial_);
    partial_.clear();
  }

 private:
  std::string partial_;
  int64_t total_ = 0;  // characters taken in, up to the cap
  bool capped_ = false;
  bool skip_lf_ = false;
};

}  // namespace

// Everything but the owner-thread flag `killed` and the fds handed over at
// start is used by the reader thread; the fields under "shared" are guarded
// by `mu`.
struct BotProcess::Impl {
  Impl()
      : in(io),
        out(io),
        err(io),
        exit_watch(io),
        work(asio::make_work_guard(io)) {}

  ~Impl() { Kill(); }

  // ---- Reader thread -----------------------------------------------------

  void ArmStdout() {
    out.async_wait(WaitType::wait_read,
                   [this](const boost::system::error_code& ec) {
                     if (!ec && ReadStdout(kReadBudget)) ArmStdout();
                   });
  }

  // Reads what stdout holds now, up to `budget` bytes. False once closed.
  bool ReadStdout(size_t budget) {
    if (!out.is_open()) return false;
    char buffer[1 << 16];
    size_t done = 0;
    while (done < budget) {
      ssize_t n = ::read(out.native_handle(), buffer, sizeof buffer);
      if (n > 0) {
        done += static_cast<size_t>(n);
        TakeStdout(buffer, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
      {  // end of file (or a read error): nothing more can come
        std::lock_guard<std::mutex> lock(mu);
        splitter.Finish([this](const std::string& line) { Deliver(line); });
        finished = true;
      }
      cv.notify_all();
      boost::system::error_code ignored;
      out.close(ignored);
      return false;
    }
    return true;
  }

  void TakeStdout(const char* data, size_t size) {
    stdout_chars.fetch_add(static_cast<int64_t>(size));
    bool delivered = false;
    {
      std::lock_guard<std::mutex> lock(mu);
      splitter.Feed(data, size, [&](const std::string& line) {
        delivered |= Deliver(line);
      });
    }
    if (delivered) cv.notify_all();
  }

  // A complete kept line (mu held): the answer of a waiting request if it is
  // the first since the request, else the new latest line.
  bool Deliver(const std::string& line) {
    if (line.find("VM warning") != std::string::npos) return false;
    if (waiting && !answer) {
      answer = line;
      answer_time = Clock::now();
    } else {
      latest = line;
    }
    return true;
  }

  void ArmStderr() {
    err.async_wait(WaitType::wait_read,
                   [this](const boost::system::error_code& ec) {
                     if (!ec && ReadStderr(kReadBudget)) ArmStderr();
                   });
  }

  // Like ReadStdout, for stderr: copied to the file up to the cap.
  bool ReadStderr(size_t budget) {
    if (!err.is_open()) return false;
    char buffer[1 << 16];
    size_t done = 0;
    while (done < budget) {
      ssize_t n = ::read(err.native_handle(), buffer, sizeof buffer);
      if (n > 0) {
        done += static_cast<size_t>(n);
        WriteStderr(buffer, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
      boost::system::error_code ignored;
      err.close(ignored);
      return false;
    }
    return true;
  }

  void WriteStderr(const char* data, size_t size) {
    if (stderr_file.get() < 0 || stderr_written >= stderr_cap) return;
    size_t keep = static_cast<size_t>(std::min<int64_t>(
        static_cast<int64_t>(size), stderr_cap - stderr_written));
    stderr_written += static_cast<int64_t>(keep);
    while (keep > 0) {
      ssize_t n = ::write(stderr_file.get(), data, keep);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {  // disk full or similar: stop writing, keep draining
        stderr_written = stderr_cap;
        return;
      }
      data += n;
      keep -= static_cast<size_t>(n);
    }
  }

  // Queues bytes for stdin and writes what the pipe accepts now.
  void QueueInput(const std::string& text) {
    if (!in.is_open()) return;
    size_t pending = queued_input.size() - queued_offset;
    if (pending + text.size() > kMaxQueuedInputBytes) return;  // dropped
    if (queued_offset > 0 && queued_offset >= queued_input.size() / 2) {
      queued_input.erase(0, queued_offset);
      queued_offset = 0;
    }
    queued_input += text;
    FlushInput();
  }

  void FlushInput() {
    while (queued_offset < queued_input.size() && in.is_open()) {
      // SIGPIPE is blocked in this thread: a closed pipe gives EPIPE.
      ssize_t n =
          ::write(in.native_handle(), queued_input.data() + queued_offset,
                  queued_input.size() - queued_offset);
      if (n > 0) {
        queued_offset += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || errno == EAGAIN || errno == EWOULDBLOCK) {
        ArmStdin();
        return;
      }
      boost::system::error_code ignored;  // EPIPE: the bot reads no more
      in.close(ignored);
    }
    queued_input.clear();
    queued_offset = 0;
  }

  void ArmStdin() {
    if (write_armed) return;
    write_armed = true;
    in.async_wait(WaitType::wait_write,
                  [this](const boost::system::error_code& ec) {
                    write_armed = false;
                    if (!ec) FlushInput();
                  });
  }

  // The supervisor's report pipe: the bot's wait status, or EOF.
  void ArmExitWatch() {
    exit_watch.async_wait(WaitType::wait_read,
                          [this](const boost::system::error_code& ec) {
                            if (!ec) ReadReport();
                          });
  }

  void ReadReport() {
    int status = 0;
    ssize_t n = ::read(exit_watch.native_handle(), &status, sizeof status);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
      ArmExitWatch();
      return;
    }
    if (n == static_cast<ssize_t>(sizeof status)) {
      std::lock_guard<std::mutex> lock(mu);
      exit_status = status;
    }
    boost::system::error_code ignored;
    exit_watch.close(ignored);
    OnMainExited();
  }

  void OnMainExited() {
    ReadStdout(kReadBudget);  // what it wrote before it ended still counts
    {
      std::lock_guard<std::mutex> lock(mu);
      finished = true;
    }
    cv.notify_all();
  }

  // Posted by Ask: takes in what stdout already holds, settles a stored
  // answer, then writes the request and starts the clock.
  void BeginRequest(const std::string& request) {
    ReadStdout(kReadBudget);
    {
      std::lock_guard<std::mutex> lock(mu);
      answer.reset();
      stored_answer = latest.has_value();
      if (stored_answer) {
        answer = std::move(latest);
        latest.reset();
      }
      waiting = true;
    }
    QueueInput(request);
    {
      std::lock_guard<std::mutex> lock(mu);
      request_time = Clock::now();
      request_begun = true;
    }
    cv.notify_all();
  }

  // ---- Owner thread ------------------------------------------------------

  void Kill() {
    if (killed) return;
    killed = true;
    if (pid > 0) ::kill(-pid, SIGKILL);
    UnregisterGroup(registry_slot);  // the supervisor keeps the pid until
    registry_slot = -1;              // the lifeline closes
    work.reset();
    io.stop();
    if (thread.joinable()) thread.join();
    ReadStderr(kFinalStderrBudget);  // the reader thread has stopped
    boost::system::error_code ignored;
    in.close(ignored);
    out.close(ignored);
    err.close(ignored);
    exit_watch.close(ignored);
    lifeline.Reset();  // the supervisor kills and reaps everything, exits
    if (supervisor > 0) WaitSupervisor();
    stderr_file.Reset();
    std::lock_guard<std::mutex> lock(mu);
    finished = true;
  }

  // Waits for our own child only (several bots may run in other threads).
  void WaitSupervisor() {
    const Clock::time_point give_up = Clock::now() + kReapLimit;
    while (true) {
      pid_t reaped = ::waitpid(supervisor, nullptr, WNOHANG);
      if (reaped == supervisor || (reaped < 0 && errno != EINTR)) break;
      if (Clock::now() >= give_up) {
        ::kill(supervisor, SIGKILL);
        while (::waitpid(supervisor, nullptr, 0) < 0 && errno == EINTR) {
        }
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    supervisor = -1;
  }

  // Why the bot can no longer answer; "" while it can or after Kill().
  std::string EndReason() {
    if (killed) return "";
    std::unique_lock<std::mutex> lock(mu);
    if (!finished) return "";
    cv.wait_for(lock, kStatusWait, [this] { return exit_status.has_value(); });
    if (!exit_status) return "closed its stdout";
    if (WIFSIGNALED(*exit_status)) {
      return "signal " + std::to_string(WTERMSIG(*exit_status));
    }
    return "exit status " + std::to_string(WEXITSTATUS(*exit_status));
  }

  pid_t pid = -1;         // the bot's shell: also its process group id
  pid_t supervisor = -1;  // our child, the shell's parent
  UniqueFd lifeline;      // its write end: closing it ends the supervisor
  int registry_slot = -1;
  bool killed = false;

  asio::io_context io;
  asio::posix::stream_descriptor in, out, err;
  asio::posix::stream_descriptor exit_watch;  // the supervisor's report
  asio::executor_work_guard<asio::io_context::executor_type> work;
  std::thread thread;

  // Reader thread only.
  std::string queued_input;
  size_t queued_offset = 0;
  bool write_armed = false;
  LineSplitter splitter;
  UniqueFd stderr_file;
  int64_t stderr_cap = 0;
  int64_t stderr_written = 0;
  std::atomic<int64_t> stdout_chars{0};

  // Shared, under mu.
  mutable std::mutex mu;
  std::condition_variable cv;
  std::optional<std::string> latest;
  std::optional<std::string> answer;
  Clock::time_point answer_time;
  bool stored_answer = false;
  bool waiting = false;
  bool finished = false;
  std::optional<int> exit_status;  // the shell's wait status, when reported
  bool request_begun = false;
  Clock::time_point request_time;
};

BotProcess::BotProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

BotProcess::~BotProcess() = default;  // Impl's destructor kills and reaps

namespace {

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

// Forks the supervisor, which forks `/bin/sh -c command_line` (see above).
// supervisor and lifeline are set as soon as it runs, pid on success; the
// returned fds are the harness's ends: stdin, stdout, stderr, report.
absl::Status Spawn(const std::string& command_line,
                   const BotProcessOptions& options, pid_t& supervisor,
                   UniqueFd& lifeline, pid_t& pid, UniqueFd harness_ends[4]);

}  // namespace

absl::StatusOr<std::unique_ptr<BotProcess>> BotProcess::Start(
    const std::string& command_line, const BotProcessOptions& options) {
  if (command_line.empty()) {
    return absl::InvalidArgumentError("the bot command line is empty");
  }
  if (options.stderr_cap_bytes < 0) {
    return absl::InvalidArgumentError("stderr_cap_bytes must be >= 0");
  }
  auto impl = std::make_unique<Impl>();
  impl->stderr_cap = options.stderr_cap_bytes;
  if (!options.stderr_path.empty()) {
    impl->stderr_file.Reset(::open(options.stderr_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                                   0644));
    if (impl->stderr_file.get() < 0) {
      return ErrnoStatus(
          errno, "cannot create the bot's stderr file " + options.stderr_path);
    }
  }
  UniqueFd ends[4];  // From here on a failure kills and reaps (~Impl).
  if (absl::Status spawned = Spawn(command_line, options, impl->supervisor,
                                   impl->lifeline, impl->pid, ends);
      !spawned.ok()) {
    return spawned;
  }
  impl->registry_slot = RegisterGroup(impl->pid);
  for (UniqueFd& end : ends) {
    absl::Status status = SetNonBlocking(end.get());
    if (!status.ok()) return status;
  }
  boost::system::error_code ec;
  impl->in.assign(ends[0].Release(), ec);
  if (!ec) impl->out.assign(ends[1].Release(), ec);
  if (!ec) impl->err.assign(ends[2].Release(), ec);
  if (!ec) impl->exit_watch.assign(ends[3].Release(), ec);
  if (ec) return absl::InternalError("asio: " + ec.message());
  impl->ArmStdout();
  impl->ArmStderr();
  impl->ArmExitWatch();
  return StartReaderThread(std::move(impl));
}

absl::StatusOr<std::unique_ptr<BotProcess>> BotProcess::StartReaderThread(
    std::unique_ptr<Impl> impl) {
  // The reader thread blocks every signal: SIGPIPE from a write to a dead
  // bot stays pending there (the write fails with EPIPE), and the harness's
  // own signals go to its other threads.
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  try {
    Impl* raw = impl.get();
    impl->thread = std::thread([raw] {
      while (true) {  // a handler that throws (bad_alloc) must not end it
        try {
          raw->io.run();
          return;  // stopped by Kill()
        } catch (...) {
        }
      }
    });
  } catch (const std::system_error& e) {
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    return absl::ResourceExhaustedError(
        std::string("cannot start the bot's reader thread: ") + e.what());
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return std::unique_ptr<BotProcess>(new BotProcess(std::move(impl)));
}

namespace {

absl::Status Spawn(const std::string& command_line,
                   const BotProcessOptions& options, pid_t& supervisor,
                   UniqueFd& lifeline, pid_t& pid, UniqueFd harness_ends[4]) {
  const std::string where =
      options.working_dir.empty() ? "" : " in " + options.working_dir;
  struct stat dir_info;
  if (!options.working_dir.empty() &&
      (::stat(options.working_dir.c_str(), &dir_info) != 0 ||
       !S_ISDIR(dir_info.st_mode))) {
    return ErrnoStatus(ENOTDIR, "cannot start bot `" + command_line + "`" +
                                    where + ": not a folder");
  }
  // stdin, stdout, stderr, exec error, lifeline, report: [read, write].
  UniqueFd pipes[6][2];
  for (auto& ends : pipes) {
    absl::Status status = MakePipe(ends[0], ends[1]);
    if (!status.ok()) return status;
  }
  std::string arg0 = "sh", arg1 = "-c", arg2 = command_line;
  char* argv[] = {arg0.data(), arg1.data(), arg2.data(), nullptr};
  SpawnPlan plan;
  plan.argv = argv;
  plan.envp = environ;
  plan.working_dir =
      options.working_dir.empty() ? nullptr : options.working_dir.c_str();
  plan.in_read = pipes[0][0].get();
  plan.out_write = pipes[1][1].get();
  plan.err_write = pipes[2][1].get();
  plan.exec_error_write = pipes[3][1].get();
  plan.lifeline_read = pipes[4][0].get();
  plan.report_write = pipes[5][1].get();
  plan.subreaper = options.reap_descendants;
  const pid_t child = ::fork();
  if (child == 0) RunSupervisor(plan);
  if (child < 0) return ErrnoStatus(errno, "fork");
  supervisor = child;
  lifeline.Reset(pipes[4][1].Release());
  // The children's ends: stdin's read end, the others' write ends.
  pipes[0][0].Reset();
  for (int i : {1, 2, 3, 5}) pipes[i][1].Reset();
  pipes[4][0].Reset();
  int error = 0;
  if (ReadExactly(pipes[3][0].get(), &error, sizeof error)) {
    return ErrnoStatus(error, "cannot start bot `" + command_line +
                                  "` with /bin/sh -c" + where);
  }
  pid_t bot = -1;
  if (!ReadExactly(pipes[5][0].get(), &bot, sizeof bot) || bot <= 0) {
    return absl::InternalError("the bot's supervisor ended at its start");
  }
  pid = bot;
  harness_ends[0].Reset(pipes[0][1].Release());
  harness_ends[1].Reset(pipes[1][0].Release());
  harness_ends[2].Reset(pipes[2][0].Release());
  harness_ends[3].Reset(pipes[5][0].Release());
  return absl::OkStatus();
}

}  // namespace

void BotProcess::Send(const std::string& line) {
  Impl* m = impl_.get();
  if (m->killed) return;
  asio::post(m->io, [m, text = line + "\n"] { m->QueueInput(text); });
}

Reply BotProcess::Ask(const std::string& line, int64_t timebank_ms) {
  Impl* m = impl_.get();
  Reply reply;
  if (m->killed) {
    reply.timed_out = true;
    return reply;
  }
  {
    std::lock_guard<std::mutex> lock(m->mu);
    m->request_begun = false;
  }
  asio::post(m->io, [m, text = line + "\n"] { m->BeginRequest(text); });

  std::unique_lock<std::mutex> lock(m->mu);
  m->cv.wait(lock, [m] { return m->request_begun; });
  if (m->stored_answer) {
    m->waiting = false;
    reply.line = std::move(*m->answer);
    m->answer.reset();
    return reply;  // elapsed 0
  }
  const Clock::time_point deadline =
      m->request_time +
      std::chrono::milliseconds(std::max<int64_t>(timebank_ms, 0));
  m->cv.wait_until(lock, deadline,
                   [m] { return m->answer.has_value() || m->finished; });
  m->waiting = false;
  if (m->answer) {
    if (m->answer_time <= deadline) {
      reply.line = std::move(*m->answer);
      m->answer.reset();
      reply.elapsed_ms = FloorMs(m->answer_time - m->request_time);
      return reply;
    }
    // It came after the deadline: it answers the next request instead,
    // unless a newer line has replaced it already.
    if (!m->latest) m->latest = std::move(m->answer);
    m->answer.reset();
  }
  reply.timed_out = true;
  reply.elapsed_ms = FloorMs(Clock::now() - m->request_time);
  return reply;
}

void BotProcess::Kill() { impl_->Kill(); }

std::string BotProcess::EndReason() { return impl_->EndReason(); }

pid_t BotProcess::pid() const { return impl_->pid; }

bool BotProcess::Finished() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->finished;
}

int64_t BotProcess::stdout_chars() const { return impl_->stdout_chars.load(); }

int KillAllBots() {
  const int saved_errno = errno;
  int signalled = 0;
  for (int slot = 0; slot < kRegistrySlots; ++slot) {
    pid_t pgid = live_groups[slot].load();
    if (pgid > 0 && ::kill(-pgid, SIGKILL) == 0) ++signalled;
  }
  errno = saved_errno;
  return signalled;
}

namespace {
void KillBotsAndExit(int signal) {
  KillAllBots();  // async-signal-safe: only kill(2) on known groups
  ::_exit(128 + signal);
}
}  // namespace

void KillBotsOnExitSignals() {
  struct sigaction action = {};
  action.sa_handler = KillBotsAndExit;
  for (int signal : {SIGINT, SIGTERM, SIGHUP})
    sigaction(signal, &action, nullptr);
}

}  // namespace wl::tools
