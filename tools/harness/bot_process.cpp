#include "harness/bot_process.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
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
// Polling period for the end of the main process when pidfd_open is absent.
constexpr std::chrono::milliseconds kExitPollPeriod(20);

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

void BecomeSubreaperOnce() {
  static const bool done = [] {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);  // best effort
    return true;
  }();
  (void)done;
}

int OpenPidFd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
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
        exit_timer(io),
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

  void ArmExitWatch() {
    if (exit_watch.is_open()) {  // a pidfd: readable once the process ends
      exit_watch.async_wait(WaitType::wait_read,
                            [this](const boost::system::error_code& ec) {
                              if (!ec) OnMainExited();
                            });
      return;
    }
    exit_timer.expires_after(kExitPollPeriod);
    exit_timer.async_wait([this](const boost::system::error_code& ec) {
      if (ec) return;
      siginfo_t info;
      std::memset(&info, 0, sizeof info);
      // WNOWAIT: the zombie keeps the pid (and so the group id) reserved
      // until Kill() reaps it.
      int rc = ::waitid(P_PID, static_cast<id_t>(pid), &info,
                        WEXITED | WNOHANG | WNOWAIT);
      if (rc != 0 || info.si_pid == pid) {
        OnMainExited();
      } else {
        ArmExitWatch();
      }
    });
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
    work.reset();
    io.stop();
    if (thread.joinable()) thread.join();
    ReadStderr(kFinalStderrBudget);  // the reader thread has stopped
    boost::system::error_code ignored;
    in.close(ignored);
    out.close(ignored);
    err.close(ignored);
    exit_watch.close(ignored);
    UnregisterGroup(registry_slot);  // before the pid can be reused
    registry_slot = -1;
    if (pid > 0) Reap();
    stderr_file.Reset();
    std::lock_guard<std::mutex> lock(mu);
    finished = true;
  }

  // Reaps our children in the group: the shell, and (as a subreaper) the
  // descendants it left behind, each of which SIGKILL has already hit.
  void Reap() {
    const Clock::time_point give_up = Clock::now() + kReapLimit;
    Clock::time_point next_kill = Clock::now() + std::chrono::milliseconds(100);
    while (true) {
      int status = 0;
      pid_t reaped = ::waitpid(-pid, &status, WNOHANG);
      if (reaped > 0) continue;
      if (reaped < 0) {
        if (errno == EINTR) continue;
        return;  // ECHILD: none left
      }
      const Clock::time_point now = Clock::now();
      if (now >= give_up) return;
      if (now >= next_kill) {  // a child forked while the signal flew
        ::kill(-pid, SIGKILL);
        next_kill = now + std::chrono::milliseconds(100);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  pid_t pid = -1;
  int registry_slot = -1;
  bool killed = false;

  asio::io_context io;
  asio::posix::stream_descriptor in, out, err;
  asio::posix::stream_descriptor exit_watch;  // pidfd, when available
  asio::steady_timer exit_timer;              // otherwise waitid polling
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
  bool request_begun = false;
  Clock::time_point request_time;
};

BotProcess::BotProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

BotProcess::~BotProcess() = default;  // Impl's destructor kills and reaps

absl::StatusOr<std::unique_ptr<BotProcess>> BotProcess::Start(
    const std::string& command_line, const BotProcessOptions& options) {
  if (command_line.empty()) {
    return absl::InvalidArgumentError("the bot command line is empty");
  }
  if (options.stderr_cap_bytes < 0) {
    return absl::InvalidArgumentError("stderr_cap_bytes must be >= 0");
  }
  if (options.reap_descendants) BecomeSubreaperOnce();

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

  UniqueFd in_read, in_write, out_read, out_write, err_read, err_write;
  for (auto [read_end, write_end] :
       {std::pair(&in_read, &in_write), std::pair(&out_read, &out_write),
        std::pair(&err_read, &err_write)}) {
    absl::Status status = MakePipe(*read_end, *write_end);
    if (!status.ok()) return status;
  }

  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  struct SpawnCleanup {
    posix_spawn_file_actions_t* actions;
    posix_spawnattr_t* attr;
    ~SpawnCleanup() {
      posix_spawn_file_actions_destroy(actions);
      posix_spawnattr_destroy(attr);
    }
  } cleanup{&actions, &attr};
  posix_spawn_file_actions_adddup2(&actions, in_read.get(), 0);
  posix_spawn_file_actions_adddup2(&actions, out_write.get(), 1);
  posix_spawn_file_actions_adddup2(&actions, err_write.get(), 2);
  if (!options.working_dir.empty()) {
    posix_spawn_file_actions_addchdir_np(&actions, options.working_dir.c_str());
  }
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
  // Own process group; no blocked signals; the signals the harness may
  // ignore (ignoring survives exec) back to their defaults.
  sigset_t no_signals, defaults;
  sigemptyset(&no_signals);
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGALRM,
                  SIGUSR1, SIGUSR2, SIGTSTP, SIGTTIN, SIGTTOU, SIGXFSZ}) {
    sigaddset(&defaults, sig);
  }
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
                                      POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigmask(&attr, &no_signals);
  posix_spawnattr_setsigdefault(&attr, &defaults);

  std::string arg0 = "sh", arg1 = "-c", arg2 = command_line;
  char* argv[] = {arg0.data(), arg1.data(), arg2.data(), nullptr};
  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
  if (rc != 0) {
    std::string where = options.working_dir.empty()
                            ? std::string()
                            : " in " + options.working_dir;
    return ErrnoStatus(
        rc, "cannot start bot `" + command_line + "` with /bin/sh -c" + where);
  }
  impl->pid = pid;
  impl->registry_slot = RegisterGroup(pid);
  in_read.Reset();
  out_write.Reset();
  err_write.Reset();

  // From here on a failure kills and reaps the child (Impl's destructor).
  for (int fd : {in_write.get(), out_read.get(), err_read.get()}) {
    absl::Status status = SetNonBlocking(fd);
    if (!status.ok()) return status;
  }
  boost::system::error_code ec;
  impl->in.assign(in_write.Release(), ec);
  if (!ec) impl->out.assign(out_read.Release(), ec);
  if (!ec) impl->err.assign(err_read.Release(), ec);
  if (ec) return absl::InternalError("asio: " + ec.message());
  int pidfd = OpenPidFd(pid);
  if (pidfd >= 0) {
    ::fcntl(pidfd, F_SETFD, FD_CLOEXEC);
    impl->exit_watch.assign(pidfd, ec);
    if (ec) ::close(pidfd);  // fall back to polling
  }
  impl->ArmStdout();
  impl->ArmStderr();
  impl->ArmExitWatch();

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
