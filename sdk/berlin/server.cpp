// server.h's Server: HTTP/1.1 with Boost.Beast, a thread per connection
// (berlin §2.1: the engine asks every seat of a phase at once, so requests
// must not wait for each other), within server.h's Limits.
//
// The io_context runs on Run()'s thread and only accepts (and catches the
// signals, times the accept retries, joins the connection threads that
// ended). Each connection thread reads and writes its socket, made
// non-blocking, through a TimedSocket: every read and write waits in
// poll() for a deadline at most. Stopping, and closing a connection idle
// longest to make room for a new one, shut the socket's reading side,
// which wakes its thread; an answer being computed still goes out.
#include "sdk/berlin/server.h"

#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <csignal>
#include <list>
#include <mutex>
#include <new>
#include <optional>
#include <stdexcept>
#include <thread>

namespace wl::berlin {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr size_t kMaxDrainBytes = size_t{64} << 20;
constexpr auto kDrainSilence = std::chrono::seconds(1);
constexpr auto kFirstRetry = milliseconds(10);
constexpr auto kLastRetry = milliseconds(1000);
constexpr auto kFailureLogEvery = std::chrono::seconds(10);

// A plain-text answer to a request that never reached the endpoint.
HttpAnswer ErrorAnswer(int status, const std::string& why) {
  return HttpAnswer{status, "text/plain", why + "\n"};
}

// "WHAT failed: WHY; closed it" in the log, if there is memory for it.
void LogFailure(Endpoint& endpoint, const char* what,
                const char* why) noexcept {
  try {
    endpoint.Log(std::string(what) + " failed: " + why + "; closed it");
  } catch (...) {
  }
}

// The default connection cap (server.h's Limits).
size_t DefaultMaxConnections() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 ||
      limit.rlim_cur == RLIM_INFINITY) {
    return 1024;
  }
  const rlim_t margin = std::min<rlim_t>(64, limit.rlim_cur / 2);
  return static_cast<size_t>(
      std::clamp<rlim_t>(limit.rlim_cur - margin, 1, 1024));
}

// A non-blocking socket as Beast's SyncReadStream and SyncWriteStream whose
// reads and writes fail with asio::error::timed_out past their deadlines.
class TimedSocket {
 public:
  explicit TimedSocket(tcp::socket& socket) : socket_(socket) {}

  void ReadBy(Clock::time_point deadline) { read_by_ = deadline; }
  void WriteBy(Clock::time_point deadline) { write_by_ = deadline; }
  // Waits until there is something to read (or the end), or `deadline`.
  bool WaitReadable(Clock::time_point deadline) {
    beast::error_code ec;
    return Ready(POLLIN, deadline, ec);
  }

  template <typename Buffers>
  size_t read_some(const Buffers& buffers, beast::error_code& ec) {
    return Retry(POLLIN, read_by_, ec,
                 [&] { return socket_.read_some(buffers, ec); });
  }
  template <typename Buffers>
  size_t write_some(const Buffers& buffers, beast::error_code& ec) {
    return Retry(POLLOUT, write_by_, ec,
                 [&] { return socket_.write_some(buffers, ec); });
  }
  template <typename Buffers>
  size_t read_some(const Buffers& buffers) {
    beast::error_code ec;
    const size_t n = read_some(buffers, ec);
    if (ec) throw beast::system_error(ec);
    return n;
  }
  template <typename Buffers>
  size_t write_some(const Buffers& buffers) {
    beast::error_code ec;
    const size_t n = write_some(buffers, ec);
    if (ec) throw beast::system_error(ec);
    return n;
  }

 private:
  template <typename Op>
  size_t Retry(short events, Clock::time_point by, beast::error_code& ec,
               Op op) {
    for (;;) {
      const size_t n = op();
      if (ec != asio::error::would_block && ec != asio::error::try_again) {
        return n;
      }
      if (!Ready(events, by, ec)) return 0;
    }
  }
  // poll() for `events` until `by`; false with `ec` set if it did not come.
  bool Ready(short events, Clock::time_point by, beast::error_code& ec) {
    for (;;) {
      const auto left =
          std::chrono::ceil<milliseconds>(by - Clock::now()).count();
      if (left <= 0) {
        ec = asio::error::timed_out;
        return false;
      }
      pollfd p{socket_.native_handle(), events, 0};
      const int ready = ::poll(
          &p, 1, static_cast<int>(std::min<int64_t>(left, 60 * 60 * 1000)));
      if (ready > 0) {
        ec = {};
        return true;
      }
      if (ready < 0 && errno != EINTR) {
        ec = beast::error_code(errno, beast::system_category());
        return false;
      }
    }
  }

  tcp::socket& socket_;
  Clock::time_point read_by_ = Clock::time_point::max();
  Clock::time_point write_by_ = Clock::time_point::max();
};

// What reading a request ended with.
struct ReadResult {
  enum Kind { kRequest, kClose, kAnswer, kAnswerAndDrain } kind = kRequest;
  HttpAnswer answer;  // kAnswer, kAnswerAndDrain
  unsigned version = 11;
  // When the headers were read: the time limit starts (server.h's Endpoint).
  Endpoint::Clock::time_point received;
};

ReadResult Outcome(ReadResult::Kind kind, HttpAnswer answer = {}) {
  ReadResult result;
  result.kind = kind;
  result.answer = std::move(answer);
  return result;
}

// What to do when reading a request failed with `ec`.
ReadResult ReadError(const beast::error_code& ec, int64_t timeout_ms) {
  using Kind = ReadResult::Kind;
  if (ec == http::error::body_limit) {
    return Outcome(Kind::kAnswerAndDrain,
                   ErrorAnswer(413, "request body too large"));
  }
  if (ec == http::error::header_limit) {
    return Outcome(
        Kind::kAnswerAndDrain,
        ErrorAnswer(431, "request header (or query string) too large"));
  }
  if (ec == asio::error::timed_out) {
    return Outcome(Kind::kAnswer,
                   ErrorAnswer(408, "request not received whole within " +
                                        std::to_string(timeout_ms) + " ms"));
  }
  if (ec.category() ==
          http::make_error_code(http::error::bad_target).category() &&
      ec != http::error::end_of_stream && ec != http::error::partial_message) {
    return Outcome(Kind::kAnswerAndDrain,
                   ErrorAnswer(400, "bad HTTP request: " + ec.message()));
  }
  return Outcome(Kind::kClose);  // the peer left, or the server is stopping
}

using Parser = http::request_parser<http::string_body>;

// Reads one request into `parser`, answering 100 Continue when asked
// (berlin §2.1: curl waits for it before it sends a large body).
ReadResult ReadRequest(TimedSocket& stream, beast::flat_buffer& buffer,
                       Parser& parser, int64_t timeout_ms) {
  beast::error_code ec;
  Endpoint::Clock::time_point received;
  try {
    http::read_header(stream, buffer, parser, ec);
    received = Endpoint::Clock::now();
    if (!ec &&
        beast::iequals(parser.get()[http::field::expect], "100-continue")) {
      http::response<http::empty_body> go_on{http::status::continue_,
                                             parser.get().version()};
      http::write(stream, go_on, ec);
    }
    if (!ec) http::read(stream, buffer, parser, ec);
  } catch (const std::length_error&) {  // Beast: a field past 65533 bytes
    return Outcome(ReadResult::kAnswerAndDrain,
                   ErrorAnswer(431,
                               "a header field or trailer larger than 65533 "
                               "bytes"));
  } catch (const std::bad_alloc&) {
    return Outcome(ReadResult::kAnswer, ErrorAnswer(503, "out of memory"));
  }
  ReadResult result = ec ? ReadError(ec, timeout_ms) : ReadResult{};
  if (parser.is_header_done()) result.version = parser.get().version();
  result.received = received;
  return result;
}

// After an answer to a request it did not read whole: reads and drops what
// the peer still sends (kMaxDrainBytes and `timeout_ms` at most, until a
// second of silence) before the close, which would otherwise reset the
// connection before the peer reads the answer.
void DrainBeforeClose(tcp::socket& socket, TimedSocket& stream,
                      int64_t timeout_ms) {
  beast::error_code ec;
  socket.shutdown(tcp::socket::shutdown_send, ec);
  const Clock::time_point until = Clock::now() + milliseconds(timeout_ms);
  char buffer[16384];
  for (size_t total = 0; total < kMaxDrainBytes;) {
    stream.ReadBy(std::min(until, Clock::now() + kDrainSilence));
    total += stream.read_some(asio::buffer(buffer), ec);
    if (ec) return;
  }
}

}  // namespace

struct Server::Impl {
  struct Connection {
    std::thread thread;
    int fd = -1;        // -1 once the thread no longer reads its socket
    bool idle = false;  // waiting for the first byte of a request
    Clock::time_point idle_since;
    bool evicted = false;  // its reading side shut to make room
    bool done = false;
  };

  Impl(BotFactory factory, ServerOptions opts)
      : options(std::move(opts)),
        endpoint(std::move(factory), options.endpoint),
        max_connections(options.max_connections > 0 ? options.max_connections
                                                    : DefaultMaxConnections()) {
  }

  ServerOptions options;
  Endpoint endpoint;
  const size_t max_connections;
  // The cap in force (under `mutex`): lowered to the connections served
  // when a thread cannot be had, up again by one per connection that ends.
  size_t cap = max_connections;
  asio::io_context io;
  // Keeps io.run() going while accepting pauses (at the cap) until Stop.
  asio::executor_work_guard<asio::io_context::executor_type> work{
      io.get_executor()};
  tcp::acceptor acceptor{io};
  tcp::endpoint bound;  // where the acceptor listens
  std::optional<asio::signal_set> signals;
  asio::steady_timer retry{io};
  asio::steady_timer evict_timer{io};  // at the cap: an idle one to close
  Clock::duration retry_after{};       // the next accept retry's wait; 0: none
  // Failures are logged at most every kFailureLogEvery (io thread only).
  std::optional<Clock::time_point> last_failure_logged;  // none yet
  size_t unlogged_failures = 0;
  mutable std::mutex mutex;  // connections, stopping, paused
  std::list<Connection> connections;
  bool stopping = false;
  bool paused = false;  // at the cap: Accept again when a connection ends

  void Bind();
  size_t Live() const;  // connections not ended (closing ones too)
  bool EvictIdle(Clock::duration* wait);
  void Accept();
  void OnPending(const beast::error_code& ec);
  void OnAccepted(const beast::error_code& ec, tcp::socket socket);
  bool Start(tcp::socket socket, std::string* why);
  void RetryLater(const std::string& why);
  void JoinEnded();
  void StopNow();
  void SetIdle(Connection* connection, bool idle);
  void RunConnection(Connection* connection, tcp::socket socket);
  void ServeRequests(Connection* connection, tcp::socket& socket);
  bool Answer(TimedSocket& stream, const HttpAnswer& answer, unsigned version,
              bool keep_alive);
};

void Server::Impl::Bind() {
  beast::error_code ec;
  tcp::resolver resolver(io);
  auto results = resolver.resolve(options.host, std::to_string(options.port),
                                  tcp::resolver::passive, ec);
  if (!ec && results.empty()) ec = asio::error::host_not_found;
  if (!ec) {
    const tcp::endpoint where = results.begin()->endpoint();
    acceptor.open(where.protocol(), ec);
    if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) acceptor.bind(where, ec);
    if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (!ec) bound = acceptor.local_endpoint(ec);
  }
  if (!ec && options.stop_on_signals) {
    signals.emplace(io, SIGINT, SIGTERM);
    signals->async_wait([this](beast::error_code error, int) {
      if (!error) StopNow();
    });
  }
  if (ec) {
    throw std::runtime_error("cannot listen on http://" + options.host + ":" +
                             std::to_string(options.port) +
                             "/: " + ec.message());
  }
}

size_t Server::Impl::Live() const {
  return static_cast<size_t>(
      std::count_if(connections.begin(), connections.end(),
                    [](const Connection& c) { return !c.done; }));
}

// Under `mutex`: shuts the reading side of the connection idle longest, if
// it has been idle for min(1 s, idle_timeout_ms / 2) (a new connection's
// first bytes may be on their way); else false, with `*wait` the time
// until the longest idle one will have been (that time itself when none is
// idle yet: one may be by then).
bool Server::Impl::EvictIdle(Clock::duration* wait) {
  Connection* longest = nullptr;
  for (Connection& c : connections) {
    if (c.idle && !c.evicted && !c.done && c.fd >= 0 &&
        (!longest || c.idle_since < longest->idle_since)) {
      longest = &c;
    }
  }
  const Clock::duration enough =
      milliseconds(std::clamp<int64_t>(options.idle_timeout_ms / 2, 1, 1000));
  *wait = enough;
  if (!longest) return false;
  const Clock::duration idle = Clock::now() - longest->idle_since;
  if (idle < enough) {
    *wait = enough - idle;
    return false;
  }
  longest->evicted = true;
  ::shutdown(longest->fd, SHUT_RD);
  return true;
}

// On the io thread: the next connection, now if under the cap, else once
// one is waiting and room was made for it.
void Server::Impl::Accept() {
  std::lock_guard<std::mutex> lock(mutex);
  if (stopping) return;
  paused = false;
  if (Live() < cap) {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
      OnAccepted(ec, std::move(socket));
    });
  } else {
    acceptor.async_wait(tcp::acceptor::wait_read,
                        [this](beast::error_code ec) { OnPending(ec); });
  }
}

void Server::Impl::OnPending(const beast::error_code& ec) {
  if (ec == asio::error::operation_aborted) return;
  if (ec) return RetryLater("waiting for a connection failed: " + ec.message());
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (stopping) return;
    if (Live() >= cap) {
      // Until a connection ends (JoinEnded): the one closed now, if any,
      // else the next to end or `wait`.
      paused = true;
      Clock::duration wait{};
      if (EvictIdle(&wait)) return;
      evict_timer.expires_after(wait);
      evict_timer.async_wait([this](beast::error_code error) {
        if (!error) JoinEnded();  // accepts again if still paused
      });
      return;
    }
  }
  acceptor.async_accept([this](beast::error_code error, tcp::socket socket) {
    OnAccepted(error, std::move(socket));
  });
}

void Server::Impl::OnAccepted(const beast::error_code& ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted) return;
  JoinEnded();
  std::string why;
  if (ec) {
    why = "cannot accept a connection: " + ec.message();
  } else if (!Start(std::move(socket), &why)) {
    why = "cannot serve a connection: " + why + " (closed)";
  }
  if (!why.empty()) return RetryLater(why);
  retry_after = {};
  Accept();
}

// A thread for the connection; false (and why) if there cannot be one.
bool Server::Impl::Start(tcp::socket socket, std::string* why) {
  std::lock_guard<std::mutex> lock(mutex);
  if (stopping) return true;  // the socket closes
  try {
    Connection& c = connections.emplace_back();
    c.fd = socket.native_handle();
    try {
      // Under the lock: the thread sees `c` whole.
      c.thread = std::thread(&Impl::RunConnection, this, &c, std::move(socket));
    } catch (...) {
      connections.pop_back();
      cap = std::max<size_t>(1, Live());
      throw;
    }
  } catch (const std::exception& e) {
    *why = e.what();
    return false;
  }
  return true;
}

// After a failure to accept or to start a connection (out of descriptors,
// threads or memory): waits 10 ms, then twice as long each time up to 1 s.
void Server::Impl::RetryLater(const std::string& why) {
  retry_after = retry_after == Clock::duration{}
                    ? Clock::duration(kFirstRetry)
                    : std::min<Clock::duration>(2 * retry_after, kLastRetry);
  ++unlogged_failures;
  const Clock::time_point now = Clock::now();
  if (!last_failure_logged || now - *last_failure_logged >= kFailureLogEvery) {
    const size_t more = unlogged_failures - 1;
    endpoint.Log(
        why + "; retrying in " +
        std::to_string(
            std::chrono::duration_cast<milliseconds>(retry_after).count()) +
        " ms, then up to every 1 s" +
        (more > 0 ? " (" + std::to_string(more) +
                        " more failures since the last line)"
                  : std::string()));
    last_failure_logged = now;
    unlogged_failures = 0;
  }
  retry.expires_after(retry_after);
  retry.async_wait([this](beast::error_code ec) {
    if (!ec) Accept();
  });
}

// On the io thread: joins the connection threads that ended, and accepts
// again if that was waiting for one to end.
void Server::Impl::JoinEnded() {
  std::list<Connection> ended;
  bool resume = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = connections.begin(); it != connections.end();) {
      auto next = std::next(it);
      if (it->done) ended.splice(ended.end(), connections, it);
      it = next;
    }
    resume = paused && !stopping;
    cap = std::min(max_connections, cap + ended.size());
  }
  for (Connection& c : ended) c.thread.join();  // it has left RunConnection
  if (resume) Accept();
}

void Server::Impl::StopNow() {
  std::lock_guard<std::mutex> lock(mutex);
  stopping = true;
  beast::error_code ec;
  acceptor.close(ec);
  retry.cancel();
  evict_timer.cancel();
  if (signals) signals->cancel(ec);
  for (Connection& c : connections) {
    if (c.fd >= 0) ::shutdown(c.fd, SHUT_RD);  // wakes a blocked read
  }
  io.stop();
}

void Server::Impl::SetIdle(Connection* connection, bool idle) {
  std::lock_guard<std::mutex> lock(mutex);
  connection->idle = idle;
  connection->idle_since = Clock::now();
}

void Server::Impl::RunConnection(Connection* connection, tcp::socket socket) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (stopping) ::shutdown(connection->fd, SHUT_RD);
  }
  try {
    socket.non_blocking(true);
    ServeRequests(connection, socket);
  } catch (const std::exception& e) {
    LogFailure(endpoint, "a connection", e.what());
  } catch (...) {
    LogFailure(endpoint, "a connection", "not an exception");
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    connection->fd = -1;  // before the close: the number may be reused
  }
  beast::error_code ec;
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
  std::lock_guard<std::mutex> lock(mutex);
  connection->done = true;
  try {
    asio::post(io, [this] { JoinEnded(); });
  } catch (...) {  // then the next accept joins it
  }
}

bool Server::Impl::Answer(TimedSocket& stream, const HttpAnswer& answer,
                          unsigned version, bool keep_alive) {
  http::response<http::string_body> res{
      static_cast<http::status>(answer.status), version};
  res.set(http::field::server, "wl-berlin");
  if (!answer.content_type.empty()) {
    res.set(http::field::content_type, answer.content_type);
  }
  res.body() = answer.body;
  res.keep_alive(keep_alive);
  res.prepare_payload();
  beast::error_code ec;
  stream.WriteBy(Clock::now() + milliseconds(options.request_timeout_ms));
  http::write(stream, res, ec);
  return !ec && keep_alive;
}

// Requests one after another on one connection (keep-alive) until the peer
// closes, asks to close, stays idle too long, or sends what cannot be read.
void Server::Impl::ServeRequests(Connection* connection, tcp::socket& socket) {
  TimedSocket stream(socket);
  beast::flat_buffer buffer;
  const int64_t timeout_ms = options.request_timeout_ms;
  for (;;) {
    if (buffer.size() == 0) {
      SetIdle(connection, true);
      const bool ready = stream.WaitReadable(
          Clock::now() + milliseconds(options.idle_timeout_ms));
      SetIdle(connection, false);
      if (!ready) return;
    }
    Parser parser;
    parser.header_limit(options.max_header_bytes);
    parser.body_limit(options.max_body_bytes);
    stream.ReadBy(Clock::now() + milliseconds(timeout_ms));
    stream.WriteBy(Clock::now() + milliseconds(timeout_ms));
    const ReadResult read = ReadRequest(stream, buffer, parser, timeout_ms);
    if (read.kind != ReadResult::kRequest) {
      if (read.kind == ReadResult::kClose) return;
      Answer(stream, read.answer, read.version, false);
      if (read.kind == ReadResult::kAnswerAndDrain) {
        DrainBeforeClose(socket, stream, timeout_ms);
      }
      return;
    }
    const http::request<http::string_body>& req = parser.get();
    HttpAnswer answer;
    try {
      answer = endpoint.Handle(req.target(), req[http::field::content_type],
                               req.body(), read.received);
    } catch (const std::exception& e) {
      answer = ErrorAnswer(500, std::string("internal error: ") + e.what());
    }
    if (!Answer(stream, answer, req.version(), req.keep_alive())) return;
  }
}

Server::Server(BotFactory factory, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(factory), std::move(options))) {
  impl_->Bind();
}

Server::~Server() {
  Stop();
  // Run() joined the connections if it ran; if not, there are none.
  std::lock_guard<std::mutex> lock(impl_->mutex);
  for (Impl::Connection& c : impl_->connections) {
    if (c.thread.joinable()) c.thread.join();
  }
}

int Server::port() const { return impl_->bound.port(); }

size_t Server::max_connections() const { return impl_->max_connections; }

size_t Server::Connections() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return static_cast<size_t>(
      std::count_if(impl_->connections.begin(), impl_->connections.end(),
                    [](const Impl::Connection& c) { return !c.done; }));
}

std::string Server::Url() const {
  const tcp::endpoint& where = impl_->bound;
  std::string host = where.address().to_string();
  if (where.address().is_v6()) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(where.port()) + "/";
}

Endpoint& Server::endpoint() { return impl_->endpoint; }

void Server::Run() {
  impl_->Accept();
  for (;;) {
    try {
      impl_->io.run();
      break;
    } catch (const std::exception& e) {  // out of memory in a handler
      LogFailure(impl_->endpoint, "accepting", e.what());
      try {
        impl_->RetryLater("accepting failed");
      } catch (...) {
      }
    }
  }
  std::list<Impl::Connection> connections;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    connections.swap(impl_->connections);
  }
  for (Impl::Connection& c : connections) c.thread.join();
}

void Server::Stop() {
  asio::post(impl_->io, [this] { impl_->StopNow(); });
}

}  // namespace wl::berlin
