#include "berlin/bot_server.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "berlin/builtin_bots.h"
#include "boost/asio/io_context.hpp"
#include "boost/asio/ip/tcp.hpp"
#include "common/process.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {
namespace {

using Clock = std::chrono::steady_clock;
using tcp = boost::asio::ip::tcp;

// What the bot wrote last is kept for the start error.
constexpr size_t kTailBytes = 4096;
// After a kill, what is still in the pipes is read up to this much.
constexpr int64_t kFinalReadBudget = int64_t{1} << 20;
constexpr std::chrono::milliseconds kReapLimit(3000);

// "exited with status N" or "was killed by signal N".
std::string EndedText(int status) {
  if (WIFSIGNALED(status)) {
    return "was killed by signal " + std::to_string(WTERMSIG(status));
  }
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

std::string WaitStatusText(int status) {
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return "exit status " + std::to_string(WEXITSTATUS(status));
}

// Whether /bin/sh may `exec` the command line: one simple command (no
// ; & | ( ) or line break, not starting with an assignment, a keyword or
// a builtin that is no program),
// so that the bot replaces the shell and its own end is reported
// ("signal 11", not the shell's "exit status 139").
bool Execable(const std::string& command) {
  if (command.find_first_of(";&|()\n") != std::string::npos) return false;
  const size_t begin = command.find_first_not_of(" \t");
  if (begin == std::string::npos) return false;
  const std::string first =
      command.substr(begin, command.find_first_of(" \t", begin) - begin);
  static const char* kKeywords[] = {
      "if",       "then",   "else", "elif",   "fi",   "case",   "esac", "for",
      "while",    "until",  "do",   "done",   "{",    "}",      "!",    "[[",
      "function", "select", "time", "exit",   "cd",   "export", "eval", ".",
      ":",        "source", "wait", "ulimit", "umask"};
  for (const char* keyword : kKeywords) {
    if (first == keyword) return false;
  }
  return first.find('=') == std::string::npos;
}

// The last non-empty line of `text`, shown safely.
std::string LastLine(const std::string& text) {
  size_t end = text.find_last_not_of("\r\n \t");
  if (end == std::string::npos) return "";
  size_t begin = text.find_last_of("\r\n", end);
  begin = begin == std::string::npos ? 0 : begin + 1;
  return cli::EscapeForTerminal(text.substr(begin, end + 1 - begin), 200);
}

}  // namespace

struct BotServer::Impl {
  std::string bot, command;
  int port = 0;
  SpawnedChild child;
  int registry_slot = -1;
  UniqueFd output;  // the stderr file
  int64_t cap = 0, written = 0;
  UniqueFd wake_read, wake_write;
  std::thread reader;
  bool killed = false;

  mutable std::mutex mu;
  bool killing = false;
  std::optional<int> exit_status;  // the shell's wait status
  std::string tail;                // the last kTailBytes written

  ~Impl() { Kill(); }

  // Copies the bot's output to the file (up to the cap) and the tail.
  void Keep(const char* data, size_t size) {
    if (output.get() >= 0 && written < cap) {
      const size_t keep =
          static_cast<size_t>(std::min<int64_t>(cap - written, size));
      if (::write(output.get(), data, keep) < 0) written = cap;
      written += static_cast<int64_t>(keep);
    }
    std::lock_guard<std::mutex> lock(mu);
    tail.append(data, size);
    if (tail.size() > kTailBytes) tail.erase(0, tail.size() - kTailBytes);
  }

  // Reads what `fd` holds; false (and closes it) at EOF or error.
  bool ReadOnce(UniqueFd& fd, std::string* report_bytes) {
    char buffer[16384];
    ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) return true;
    if (n <= 0) {
      fd.Reset();
      return false;
    }
    if (report_bytes == nullptr) {
      Keep(buffer, static_cast<size_t>(n));
      return true;
    }
    report_bytes->append(buffer, static_cast<size_t>(n));
    if (report_bytes->size() >= sizeof(int)) {
      int status = 0;
      std::copy_n(report_bytes->data(), sizeof status,
                  reinterpret_cast<char*>(&status));
      std::lock_guard<std::mutex> lock(mu);
      if (!killing) exit_status = status;  // not our own kill
    }
    return true;
  }

  // The reader thread: stdout, stderr and the supervisor's report, until
  // they all close or Kill wakes it (then what is left is read at once).
  void ReadLoop() {
    std::string report_bytes;
    int64_t final_budget = -1;  // >= 0 once woken
    while (true) {
      UniqueFd* fds[] = {&child.stdout_read, &child.stderr_read,
                         &child.report_read};
      pollfd polled[4];
      int count = 0;
      for (UniqueFd* fd : fds) polled[count++] = {fd->get(), POLLIN, 0};
      polled[count++] = {wake_read.get(), POLLIN, 0};
      if (fds[0]->get() < 0 && fds[1]->get() < 0 && fds[2]->get() < 0) return;
      const int ready = ::poll(polled, count, final_budget >= 0 ? 0 : -1);
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return;  // woken and drained, or poll failed
      if (polled[3].revents != 0 && final_budget < 0) {
        final_budget = kFinalReadBudget;
      }
      bool read = false;
      for (int i = 0; i < 3; ++i) {
        if (polled[i].fd < 0 || polled[i].revents == 0) continue;
        ReadOnce(*fds[i], i == 2 ? &report_bytes : nullptr);
        read = true;
        if (final_budget >= 0 && (final_budget -= 16384) < 0) return;
      }
      if (final_budget >= 0 && !read) return;
    }
  }

  void Kill() {
    if (killed) return;
    killed = true;
    {
      std::lock_guard<std::mutex> lock(mu);
      killing = true;
    }
    if (child.pid > 0) ::kill(-child.pid, SIGKILL);
    UnregisterProcessGroup(registry_slot);
    registry_slot = -1;
    child.lifeline.Reset();  // the supervisor kills, reaps and exits
    if (child.supervisor > 0) WaitForChild(child.supervisor, kReapLimit);
    child.supervisor = -1;
    if (wake_write.get() >= 0) {
      const char byte = 0;
      [[maybe_unused]] ssize_t ignored = ::write(wake_write.get(), &byte, 1);
    }
    if (reader.joinable()) reader.join();
    output.Reset();
  }

  std::string StartError(const std::string& what) const {
    std::lock_guard<std::mutex> lock(mu);
    const std::string last = LastLine(tail);
    return "bot '" + cli::EscapeForTerminal(bot, 200) + "' " + what +
           (last.empty() ? "" : " (it wrote: " + last + ")");
  }

  absl::Status Spawn(const BotServerOptions& options);
  absl::Status AwaitListening(int64_t start_timeout_ms);
};

absl::Status BotServer::Impl::Spawn(const BotServerOptions& options) {
  cap = options.stderr_cap_bytes;
  if (!options.stderr_path.empty()) {
    output.Reset(::open(options.stderr_path.c_str(),
                        O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (output.get() < 0) {
      return absl::ErrnoToStatus(errno, "cannot create " + options.stderr_path);
    }
  }
  int wake[2];
  if (::pipe2(wake, O_CLOEXEC) != 0) return absl::ErrnoToStatus(errno, "pipe");
  wake_read.Reset(wake[0]);
  wake_write.Reset(wake[1]);
  absl::Status started =
      SpawnSupervised("PORT=" + std::to_string(port) + "; export PORT; " +
                          (Execable(command) ? "exec " : "") + command,
                      ProcessOptions(), child);
  if (!started.ok()) {
    return absl::Status(started.code(), "cannot start bot '" + bot + "': " +
                                            std::string(started.message()));
  }
  registry_slot = RegisterProcessGroup(child.pid);
  child.stdin_write.Reset();
  reader = std::thread([this] { ReadLoop(); });
  return absl::OkStatus();
}

absl::Status BotServer::Impl::AwaitListening(int64_t start_timeout_ms) {
  const Clock::time_point deadline =
      Clock::now() + std::chrono::milliseconds(start_timeout_ms);
  std::optional<int> status;
  const bool listening = WaitUntilListening(port, deadline, [&] {
    std::lock_guard<std::mutex> lock(mu);
    status = exit_status;
    return status.has_value();
  });
  if (listening) return absl::OkStatus();
  const std::string on_port = "port " + std::to_string(port);
  if (status) {
    return absl::FailedPreconditionError(
        StartError(EndedText(*status) + " before listening on " + on_port));
  }
  return absl::DeadlineExceededError(
      StartError("never started listening on " + on_port + " within " +
                 absl::StrCat(start_timeout_ms / 1000.0) + " s"));
}

BotServer::BotServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BotServer::~BotServer() = default;

absl::StatusOr<std::unique_ptr<BotServer>> BotServer::Start(
    const std::string& bot, const BotServerOptions& options) {
  if (options.stderr_cap_bytes < 0 || options.start_timeout_ms < 0) {
    return absl::InvalidArgumentError("negative stderr cap or start timeout");
  }
  absl::StatusOr<int> port = FreeLocalPort();
  if (!port.ok()) return port.status();
  auto impl = std::make_unique<Impl>();
  impl->bot = bot;
  impl->port = *port;
  impl->command = BotServerCommand(bot, options.seed, *port);
  if (absl::Status ok = impl->Spawn(options); !ok.ok()) return ok;
  if (absl::Status ok = impl->AwaitListening(options.start_timeout_ms);
      !ok.ok()) {
    return ok;  // ~Impl kills it
  }
  return std::unique_ptr<BotServer>(new BotServer(std::move(impl)));
}

const std::string& BotServer::command() const { return impl_->command; }
int BotServer::port() const { return impl_->port; }
std::string BotServer::url() const {
  return "http://127.0.0.1:" + std::to_string(impl_->port) + "/";
}

std::string BotServer::EndReason() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->exit_status ? WaitStatusText(*impl_->exit_status) : "";
}

void BotServer::Kill() { impl_->Kill(); }

std::string BotServerCommand(const std::string& bot, uint64_t seed, int port) {
  const std::string port_text = std::to_string(port);
  if (IsRepositoryBot(bot, BerlinBotFolders())) {
    return BerlinBotCommand(bot, seed) + " --port " + port_text;
  }
  std::string command = bot;
  for (size_t at = command.find("{port}"); at != std::string::npos;
       at = command.find("{port}", at + port_text.size())) {
    command.replace(at, 6, port_text);
  }
  return command;
}

absl::StatusOr<int> FreeLocalPort() {
  boost::asio::io_context io;
  tcp::acceptor acceptor(io);
  boost::system::error_code ec;
  acceptor.open(tcp::v4(), ec);
  if (!ec)
    acceptor.bind(tcp::endpoint(boost::asio::ip::address_v4::loopback(), 0),
                  ec);
  if (ec) {
    return absl::UnavailableError("no free port on 127.0.0.1: " + ec.message());
  }
  return static_cast<int>(acceptor.local_endpoint().port());
}

bool AcceptsConnections(int port) {
  boost::asio::io_context io;
  tcp::socket socket(io);
  boost::system::error_code ec, ignored;
  socket.connect(tcp::endpoint(boost::asio::ip::address_v4::loopback(),
                               static_cast<unsigned short>(port)),
                 ec);
  // A connection to itself (the source port chosen equal to the port, no
  // listener) is no server.
  const bool self =
      !ec && socket.local_endpoint(ignored) == socket.remote_endpoint(ignored);
  socket.close(ignored);
  return !ec && !self;
}

bool WaitUntilListening(int port, Clock::time_point deadline,
                        const std::function<bool()>& give_up) {
  while (true) {
    if (AcceptsConnections(port)) return true;
    if ((give_up && give_up()) || Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace wl::tools
