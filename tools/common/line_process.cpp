#include "common/line_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
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

absl::Status SetNonBlocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
    return absl::ErrnoToStatus(errno, "fcntl(O_NONBLOCK)");
  }
  return absl::OkStatus();
}

// write(2) from any thread without SIGPIPE: blocked for the call, and one
// this write raised (EPIPE) taken before the mask is restored.
ssize_t WriteWithoutSigpipe(int fd, const char* data, size_t size) {
  sigset_t pipe_only, old;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
  ssize_t n = ::write(fd, data, size);
  const int saved = errno;
  if (n < 0 && saved == EPIPE && !sigismember(&old, SIGPIPE)) {
    const timespec zero = {0, 0};
    while (sigtimedwait(&pipe_only, nullptr, &zero) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = saved;
  return n;
}

int64_t FloorMs(Clock::duration d) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

// Splits stdout into lines by the rules in line_process.h: "\n", "\r\n" and
// "\r" endings, and the 1,000,000 character cap.
class LineSplitter {
 public:
  explicit LineSplitter(int64_t max_chars) : max_chars_(max_chars) {}

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
      if (total_ + length >= max_chars_) {
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
  int64_t max_chars_;
  std::string partial_;
  int64_t total_ = 0;  // characters taken in, up to the cap
  bool capped_ = false;
  bool skip_lf_ = false;
};

// wl1 §9.1's line reader: the unread stdout bytes, from which each read
// cuts a line at the first "\r\n" anywhere in them, else the first "\r",
// else the first "\n". Each search remembers how far it has looked, so
// that all reads of a game cost time linear in what the bot printed.
class FifoLines {
 public:
  void Append(const char* data, size_t size) { bytes_.append(data, size); }

  size_t unread() const { return bytes_.size() - begin_; }

  bool HasLine() {
    return Find(crlf_) != npos || Find(cr_) != npos || Find(lf_) != npos;
  }

  // The next line, terminator removed; nullopt when none is complete.
  std::optional<std::string> Take() {
    for (Search* search : {&crlf_, &cr_, &lf_}) {
      const size_t at = Find(*search);
      if (at == npos) continue;
      std::string line = bytes_.substr(begin_, at - begin_);
      begin_ = at + search->pattern.size();
      Compact();
      return line;
    }
    return std::nullopt;
  }

 private:
  static constexpr size_t npos = std::string::npos;

  // One terminator's search: `found` its first position at or after
  // begin_ when known; no match starts in [begin_, scanned).
  struct Search {
    std::string_view pattern;
    size_t found = npos;
    size_t scanned = 0;
  };

  size_t Find(Search& s) {
    if (s.found != npos && s.found >= begin_) return s.found;
    s.found = bytes_.find(s.pattern, std::max(s.scanned, begin_));
    const size_t tail = s.pattern.size() - 1;  // may pair with later bytes
    s.scanned =
        s.found != npos
            ? s.found
            : std::max(begin_, bytes_.size() - std::min(tail, bytes_.size()));
    return s.found;
  }

  // Drops the read bytes once they are most of the buffer.
  void Compact() {
    if (begin_ < (size_t{1} << 16) || begin_ < bytes_.size() / 2) return;
    bytes_.erase(0, begin_);
    for (Search* search : {&crlf_, &cr_, &lf_}) {
      search->found = search->found != npos && search->found >= begin_
                          ? search->found - begin_
                          : npos;
      search->scanned = search->scanned > begin_ ? search->scanned - begin_ : 0;
    }
    begin_ = 0;
  }

  std::string bytes_;
  size_t begin_ = 0;  // the first unread byte
  Search crlf_{"\r\n"}, cr_{"\r"}, lf_{"\n"};
};

}  // namespace

// Everything but the owner-thread flag `killed` and the fds handed over at
// start is used by the reader thread; the fields under "shared" are guarded
// by `mu`.
struct LineProcess::Impl {
  explicit Impl(const LineRules& rules)
      : rules(rules),
        splitter(rules.max_chars),
        in(io),
        out(io),
        err(io),
        exit_watch(io),
        work(asio::make_work_guard(io)) {}

  ~Impl() { Kill(); }

  // ---- Reader thread -----------------------------------------------------

  void ArmStdout() {
    if (!StdoutHasRoom()) return;  // kFifo: a read resumes it
    out.async_wait(WaitType::wait_read,
                   [this](const boost::system::error_code& ec) {
                     if (!ec && ReadStdout(kReadBudget)) ArmStdout();
                   });
  }

  // Reads what `pipe` holds now, up to `budget` bytes, handing each chunk
  // to take(data, size). At end of file (or a read error: nothing more can
  // come) calls at_end(), closes the pipe (only the reader thread does:
  // `close_at_end`) and returns false; true while it stays open. False at
  // once when already closed.
  template <typename Take, typename AtEnd>
  static bool ReadAvailable(asio::posix::stream_descriptor& pipe, size_t budget,
                            Take take, AtEnd at_end, bool close_at_end = true) {
    if (!pipe.is_open()) return false;
    char buffer[1 << 16];
    size_t done = 0;
    while (done < budget) {
      ssize_t n = ::read(pipe.native_handle(), buffer, sizeof buffer);
      if (n > 0) {
        done += static_cast<size_t>(n);
        take(buffer, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
      at_end();
      if (!close_at_end) return false;
      boost::system::error_code ignored;
      pipe.close(ignored);
      return false;
    }
    return true;
  }

  bool Fifo() const { return rules.queue == LineQueue::kFifo; }

  // kFifo: false (and paused) while kMaxUnreadBytes or more are unread.
  bool StdoutHasRoom() {
    if (!Fifo()) return true;
    std::lock_guard<std::mutex> lock(mu);
    stdout_paused = fifo.unread() >= LineProcess::kMaxUnreadBytes;
    return !stdout_paused;
  }

  // Reads what stdout holds now, up to `budget` bytes (kFifo: and up to
  // kMaxUnreadBytes unread). False once closed. From the reader thread,
  // which closes stdout at its end, or (`owner`) from Ask's thread, which
  // leaves that to the reader thread: the end of a pipe stays readable.
  bool ReadStdout(size_t budget, bool owner = false) {
    std::lock_guard<std::mutex> reading(read_mu);
    if (Fifo()) {
      std::lock_guard<std::mutex> lock(mu);
      const size_t unread = fifo.unread();
      budget = unread >= LineProcess::kMaxUnreadBytes
                   ? 0
                   : std::min(budget, LineProcess::kMaxUnreadBytes - unread);
    }
    return ReadAvailable(
        out, budget,
        [this](const char* data, size_t size) { TakeStdout(data, size); },
        [this] { EndStdout(); }, !owner);
  }

  // Stdout has ended (read_mu held; once, whichever thread sees it first).
  void EndStdout() {
    if (stdout_ended) return;
    stdout_ended = true;
    {
      std::lock_guard<std::mutex> lock(mu);
      if (!Fifo()) {  // kFifo: an unterminated line never counts
        splitter.Finish([this](const std::string& line) { Deliver(line); });
      }
      finished = true;
      WakeOwner();
    }
    cv.notify_all();
  }

  void TakeStdout(const char* data, size_t size) {
    stdout_chars.fetch_add(static_cast<int64_t>(size));
    if (Fifo()) {
      {
        std::lock_guard<std::mutex> lock(mu);
        fifo.Append(data, size);
      }
      cv.notify_all();
      return;
    }
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
    if (!rules.ignored.empty() &&
        line.find(rules.ignored) != std::string::npos) {
      return false;
    }
    if (waiting && !answer) {
      answer = line;
      answer_time = Clock::now();
      WakeOwner();
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
    return ReadAvailable(
        err, budget,
        [this](const char* data, size_t size) { WriteStderr(data, size); },
        [] {});
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

  // Queues bytes for stdin and writes what the pipe accepts now, from any
  // thread (the owner's Send and Ask write at once: no hand-over to the
  // reader thread, which writes the rest when the pipe has room).
  void QueueInput(const std::string& text, bool on_reader_thread) {
    std::lock_guard<std::mutex> lock(input_mu);
    if (stdin_closed) return;
    size_t pending = queued_input.size() - queued_offset;
    if (pending + text.size() > kMaxQueuedInputBytes) return;  // dropped
    if (queued_offset > 0 && queued_offset >= queued_input.size() / 2) {
      queued_input.erase(0, queued_offset);
      queued_offset = 0;
    }
    queued_input += text;
    if (!FlushInput()) return;
    if (on_reader_thread) {
      ArmStdin();
    } else {
      asio::post(io, [this] {
        std::lock_guard<std::mutex> lock(input_mu);
        if (FlushInput()) ArmStdin();
      });
    }
  }

  // Writes what is queued until the pipe is full (input_mu held); true
  // when bytes are left for later.
  bool FlushInput() {
    while (queued_offset < queued_input.size() && !stdin_closed) {
      ssize_t n = WriteWithoutSigpipe(in.native_handle(),
                                      queued_input.data() + queued_offset,
                                      queued_input.size() - queued_offset);
      if (n > 0) {
        queued_offset += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || errno == EAGAIN || errno == EWOULDBLOCK) return true;
      stdin_closed = true;  // EPIPE: the bot reads no more (Kill closes it)
    }
    queued_input.clear();
    queued_offset = 0;
    return false;
  }

  // Reader thread, input_mu held: writes the rest once the pipe has room.
  void ArmStdin() {
    if (write_armed) return;
    write_armed = true;
    in.async_wait(WaitType::wait_write,
                  [this](const boost::system::error_code& ec) {
                    std::lock_guard<std::mutex> lock(input_mu);
                    write_armed = false;
                    if (!ec && FlushInput()) ArmStdin();
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
      exited = true;
      WakeOwner();
    }
    cv.notify_all();
  }

  // A request begins (mu held): a latest line is its answer at once.
  void SettleStoredAnswer() {
    answer.reset();
    stored_answer = latest.has_value();
    if (stored_answer) {
      answer = std::move(latest);
      latest.reset();
    }
    waiting = true;
  }

  // kFifo, posted by Ask (and ReadNext, with no request): takes in what
  // stdout already holds, settles a stored answer, then writes the request
  // and starts the clock.
  void BeginRequest(const std::string& request) {
    ReadStdout(kReadBudget);
    {
      std::lock_guard<std::mutex> lock(mu);
      SettleStoredAnswer();
    }
    if (!request.empty()) QueueInput(request, /*on_reader_thread=*/true);
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
    UnregisterProcessGroup(
        registry_slot);  // the supervisor keeps the pid until
    registry_slot = -1;  // the lifeline closes
    work.reset();
    io.stop();
    if (thread.joinable()) thread.join();
    ReadStderr(kFinalStderrBudget);  // the reader thread has stopped
    boost::system::error_code ignored;
    in.close(ignored);
    out.close(ignored);
    owner_out.Reset();
    err.close(ignored);
    exit_watch.close(ignored);
    lifeline.Reset();  // the supervisor kills and reaps everything, exits
    if (supervisor > 0) {
      WaitForChild(supervisor, kReapLimit);
      supervisor = -1;
    }
    stderr_file.Reset();
    std::lock_guard<std::mutex> lock(mu);
    finished = true;
  }

  // kLatest, owner thread: what BeginRequest does, done here; returns
  // holding mu, which it holds from before the request is written until
  // its clock starts, so that no answer is taken in before. (The reader
  // thread still reads the answer: stdout is read all the time.)
  std::unique_lock<std::mutex> BeginLatestRequest(const std::string& request) {
    ReadStdout(kReadBudget, /*owner=*/true);
    std::unique_lock<std::mutex> lock(mu);
    SettleStoredAnswer();
    QueueInput(request, /*on_reader_thread=*/false);
    request_time = Clock::now();
    return lock;
  }

  // kLatest, owner thread, `lock` held on mu after BeginLatestRequest:
  // waits until an answer is there, the bot is finished or `deadline`,
  // reading stdout itself as soon as it is readable (the answer is then
  // taken in without waking the reader thread first; whichever reads it,
  // the other sees it under read_mu and mu). The reader thread wakes it
  // through wake_fd when it took in the answer or saw the end.
  void AwaitLatestAnswer(std::unique_lock<std::mutex>& lock,
                         Clock::time_point deadline) {
    // BeginLatestRequest has just read stdout: poll first, then read.
    while (!answer && !finished) {
      const Clock::time_point now = Clock::now();
      if (now >= deadline) break;
      owner_polls = true;
      lock.unlock();
      PollStdout(deadline - now);
      lock.lock();
      owner_polls = false;
      lock.unlock();
      ReadStdout(kReadBudget, /*owner=*/true);
      lock.lock();
    }
  }

  // Owner thread: sleeps until stdout is readable, wake_fd is signalled or
  // `wait` has passed; takes the signal.
  void PollStdout(Clock::duration wait) {
    const auto ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(wait).count();
    const timespec limit = {static_cast<time_t>(ns / 1000000000),
                            static_cast<long>(ns % 1000000000)};
    pollfd fds[2] = {{owner_out.get(), POLLIN, 0}, {wake_fd.get(), POLLIN, 0}};
    ::ppoll(fds, 2, &limit, nullptr);
    uint64_t signals = 0;
    while (::read(wake_fd.get(), &signals, sizeof signals) < 0 &&
           errno == EINTR) {
    }
  }

  // mu held: wakes the owner from PollStdout if it is waiting there.
  void WakeOwner() {
    if (!owner_polls) return;
    const uint64_t one = 1;
    while (::write(wake_fd.get(), &one, sizeof one) < 0 && errno == EINTR) {
    }
  }

  // kFifo, owner thread: has the reader thread run BeginRequest(text) and
  // waits until it has; returns holding mu.
  std::unique_lock<std::mutex> PostRequest(std::string text) {
    {
      std::lock_guard<std::mutex> lock(mu);
      request_begun = false;
    }
    asio::post(io, [this, text = std::move(text)] { BeginRequest(text); });
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [this] { return request_begun; });
    return lock;
  }

  // kFifo, owner thread, `lock` held on mu after BeginRequest: the next
  // line, waiting until `deadline` (see line_process.h).
  LineAnswer AwaitFifoLine(std::unique_lock<std::mutex>& lock,
                           Clock::time_point deadline) {
    cv.wait_until(lock, deadline,
                  [this] { return finished || fifo.HasLine(); });
    waiting = false;
    LineAnswer reply;
    std::optional<std::string> line;
    if (!exited) line = fifo.Take();  // wl1 §9.1: none once it has exited
    reply.elapsed_ms = FloorMs(Clock::now() - request_time);
    if (!line) {
      reply.timed_out = true;
      return reply;
    }
    reply.line = std::move(*line);
    if (stdout_paused && fifo.unread() < LineProcess::kMaxUnreadBytes) {
      stdout_paused = false;
      asio::post(io, [this] { ArmStdout(); });
    }
    return reply;
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

  const LineRules rules;
  pid_t pid = -1;         // the bot's shell: also its process group id
  pid_t supervisor = -1;  // our child, the shell's parent
  UniqueFd lifeline;      // its write end: closing it ends the supervisor
  int registry_slot = -1;
  bool killed = false;
  LineSplitter splitter;  // reader thread only

  asio::io_context io;
  asio::posix::stream_descriptor in, out, err;
  asio::posix::stream_descriptor exit_watch;  // the supervisor's report
  asio::executor_work_guard<asio::io_context::executor_type> work;
  std::thread thread;

  // Reading stdout, from either thread, and closing it; stdout_ended.
  std::mutex read_mu;
  bool stdout_ended = false;
  // kLatest's waiting owner: a copy of stdout's descriptor to poll (the
  // reader thread closes its own at the end), and the reader thread's
  // signal (an eventfd), sent while owner_polls (under mu).
  UniqueFd owner_out, wake_fd;
  bool owner_polls = false;

  // Input for stdin, written from either thread.
  std::mutex input_mu;
  std::string queued_input;
  size_t queued_offset = 0;
  bool write_armed = false;
  bool stdin_closed = false;

  // Reader thread only.
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
  bool finished = false;           // stdout closed or the main process ended
  bool exited = false;             // the main process ended
  FifoLines fifo;                  // kFifo: the unread stdout bytes
  bool stdout_paused = false;      // kFifo: full, stdout not read
  std::optional<int> exit_status;  // the shell's wait status, when reported
  bool request_begun = false;
  Clock::time_point request_time;
};

LineProcess::LineProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

LineProcess::~LineProcess() = default;  // Impl's destructor kills and reaps

namespace {

// The stderr file of `options`, created or truncated; -1 for none.
absl::StatusOr<int> OpenStderr(const ProcessOptions& options) {
  if (options.stderr_path.empty()) return -1;
  int fd = ::open(options.stderr_path.c_str(),
                  O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::ErrnoToStatus(
        errno, "cannot create the bot's stderr file " + options.stderr_path);
  }
  return fd;
}

}  // namespace

absl::StatusOr<std::unique_ptr<LineProcess>> LineProcess::Start(
    const std::string& command_line, const ProcessOptions& options,
    const LineRules& rules) {
  if (command_line.empty()) {
    return absl::InvalidArgumentError("the bot command line is empty");
  }
  if (options.stderr_cap_bytes < 0) {
    return absl::InvalidArgumentError("stderr_cap_bytes must be >= 0");
  }
  auto impl = std::make_unique<Impl>(rules);
  impl->stderr_cap = options.stderr_cap_bytes;
  absl::StatusOr<int> stderr_fd = OpenStderr(options);
  if (!stderr_fd.ok()) return stderr_fd.status();
  impl->stderr_file.Reset(*stderr_fd);
  SpawnedChild child;  // From here on a failure kills and reaps (~Impl).
  absl::Status spawned = SpawnSupervised(command_line, options, child);
  impl->supervisor = child.supervisor;
  impl->lifeline.Reset(child.lifeline.Release());
  if (!spawned.ok()) return spawned;
  impl->pid = child.pid;
  impl->registry_slot = RegisterProcessGroup(impl->pid);
  impl->owner_out.Reset(::fcntl(child.stdout_read.get(), F_DUPFD_CLOEXEC, 0));
  impl->wake_fd.Reset(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
  if (impl->owner_out.get() < 0 || impl->wake_fd.get() < 0) {
    return absl::ErrnoToStatus(errno, "cannot make the bot's stdout watch");
  }
  UniqueFd* ends[] = {&child.stdin_write, &child.stdout_read,
                      &child.stderr_read, &child.report_read};
  for (UniqueFd* end : ends) {
    absl::Status status = SetNonBlocking(end->get());
    if (!status.ok()) return status;
  }
  boost::system::error_code ec;
  impl->in.assign(child.stdin_write.Release(), ec);
  if (!ec) impl->out.assign(child.stdout_read.Release(), ec);
  if (!ec) impl->err.assign(child.stderr_read.Release(), ec);
  if (!ec) impl->exit_watch.assign(child.report_read.Release(), ec);
  if (ec) return absl::InternalError("asio: " + ec.message());
  impl->ArmStdout();
  impl->ArmStderr();
  impl->ArmExitWatch();
  return StartReaderThread(std::move(impl));
}

absl::StatusOr<std::unique_ptr<LineProcess>> LineProcess::StartReaderThread(
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
  return std::unique_ptr<LineProcess>(new LineProcess(std::move(impl)));
}

void LineProcess::Send(const std::string& line) {
  Impl* m = impl_.get();
  if (m->killed) return;
  m->QueueInput(line + "\n", /*on_reader_thread=*/false);
}

LineAnswer LineProcess::Ask(const std::string& line, int64_t timeout_ms) {
  Impl* m = impl_.get();
  LineAnswer reply;
  if (m->killed) {
    reply.timed_out = true;
    return reply;
  }
  std::unique_lock<std::mutex> lock = m->Fifo()
                                          ? m->PostRequest(line + "\n")
                                          : m->BeginLatestRequest(line + "\n");
  const Clock::time_point deadline =
      m->request_time +
      std::chrono::milliseconds(std::max<int64_t>(timeout_ms, 0));
  if (m->Fifo()) return m->AwaitFifoLine(lock, deadline);
  if (m->stored_answer) {
    m->waiting = false;
    reply.line = std::move(*m->answer);
    m->answer.reset();
    return reply;  // elapsed 0
  }
  m->AwaitLatestAnswer(lock, deadline);
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

LineAnswer LineProcess::ReadNext(int64_t timeout_ms) {
  Impl* m = impl_.get();
  if (m->killed || !m->Fifo()) {
    LineAnswer reply;
    reply.timed_out = true;
    return reply;
  }
  std::unique_lock<std::mutex> lock = m->PostRequest("");
  return m->AwaitFifoLine(
      lock, m->request_time +
                std::chrono::milliseconds(std::max<int64_t>(timeout_ms, 0)));
}

void LineProcess::Kill() { impl_->Kill(); }

std::string LineProcess::EndReason() { return impl_->EndReason(); }

pid_t LineProcess::pid() const { return impl_->pid; }

bool LineProcess::Finished() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->finished;
}

int64_t LineProcess::stdout_chars() const { return impl_->stdout_chars.load(); }

}  // namespace wl::tools
