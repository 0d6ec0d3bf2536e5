// server.h's Server: HTTP/1.1 with Boost.Beast, a thread per connection
// (berlin §2.1: the engine asks every seat of a phase at once, so requests
// must not wait for each other).
//
// The io_context runs on Run()'s thread and only accepts (and catches the
// signals); each connection thread reads and writes its socket
// synchronously. Stopping shuts the sockets' reading side, which wakes the
// connection threads blocked in a read; an answer being computed still
// goes out.
#include "sdk/berlin/server.h"

#include <poll.h>
#include <sys/socket.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <csignal>
#include <list>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

namespace wl::berlin {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// A plain-text answer to a request that never reached the endpoint.
HttpAnswer ErrorAnswer(int status, const std::string& why) {
  return HttpAnswer{status, "text/plain", why + "\n"};
}

// What to answer when reading a request failed; nullopt: just close (the
// peer left, or the server is stopping).
std::optional<HttpAnswer> ReadError(const beast::error_code& ec) {
  if (ec == http::error::body_limit) {
    return ErrorAnswer(413, "request body too large");
  }
  if (ec == http::error::header_limit) {
    return ErrorAnswer(431, "request header (or query string) too large");
  }
  if (ec.category() ==
          http::make_error_code(http::error::bad_target).category() &&
      ec != http::error::end_of_stream && ec != http::error::partial_message) {
    return ErrorAnswer(400, "bad HTTP request: " + ec.message());
  }
  return std::nullopt;
}

// After an answer to a request it did not read whole: reads and drops what
// the peer still sends (for 1 s, 1 MiB at most) before the close, which
// would otherwise reset the connection before the peer reads the answer.
void DrainBeforeClose(tcp::socket& socket) {
  beast::error_code ec;
  socket.shutdown(tcp::socket::shutdown_send, ec);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  char buffer[16384];
  for (size_t total = 0; total < (size_t{1} << 20);) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        until - std::chrono::steady_clock::now());
    pollfd p{socket.native_handle(), POLLIN, 0};
    if (left.count() <= 0 ||
        ::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
      return;
    }
    const ssize_t n = ::recv(socket.native_handle(), buffer, sizeof buffer, 0);
    if (n <= 0) return;
    total += static_cast<size_t>(n);
  }
}

}  // namespace

struct Server::Impl {
  struct Connection {
    std::thread thread;
    int fd = -1;  // -1 once the thread no longer reads its socket
    bool done = false;
  };

  Impl(BotFactory factory, ServerOptions opts)
      : options(std::move(opts)),
        endpoint(std::move(factory), options.endpoint) {}

  ServerOptions options;
  Endpoint endpoint;
  asio::io_context io;
  tcp::acceptor acceptor{io};
  tcp::endpoint bound;  // where the acceptor listens
  std::optional<asio::signal_set> signals;
  std::mutex mutex;  // connections, stopping
  std::list<Connection> connections;
  bool stopping = false;

  void Bind();
  void Accept();
  void StopNow();
  void RunConnection(Connection* connection, tcp::socket socket);
  void ServeRequests(tcp::socket& socket);
  bool Answer(tcp::socket& socket, const HttpAnswer& answer, unsigned version,
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

void Server::Impl::Accept() {
  acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
    std::lock_guard<std::mutex> lock(mutex);
    if (stopping) return;
    connections.remove_if([](Connection& c) {
      if (!c.done) return false;
      c.thread.join();  // it has left RunConnection
      return true;
    });
    if (!ec) {
      Connection& c = connections.emplace_back();
      c.fd = socket.native_handle();
      // Under the lock: the thread sees `c` whole.
      c.thread = std::thread(&Impl::RunConnection, this, &c, std::move(socket));
    }
    Accept();
  });
}

void Server::Impl::StopNow() {
  std::lock_guard<std::mutex> lock(mutex);
  stopping = true;
  beast::error_code ec;
  acceptor.close(ec);
  if (signals) signals->cancel(ec);
  for (Connection& c : connections) {
    if (c.fd >= 0) ::shutdown(c.fd, SHUT_RD);  // wakes a blocked read
  }
  io.stop();
}

void Server::Impl::RunConnection(Connection* connection, tcp::socket socket) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (stopping) ::shutdown(connection->fd, SHUT_RD);
  }
  ServeRequests(socket);
  {
    std::lock_guard<std::mutex> lock(mutex);
    connection->fd = -1;  // before the close: the number may be reused
  }
  beast::error_code ec;
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
  std::lock_guard<std::mutex> lock(mutex);
  connection->done = true;
}

bool Server::Impl::Answer(tcp::socket& socket, const HttpAnswer& answer,
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
  http::write(socket, res, ec);
  return !ec && keep_alive;
}

// Requests one after another on one connection (keep-alive) until the peer
// closes, asks to close, or sends what cannot be read.
void Server::Impl::ServeRequests(tcp::socket& socket) {
  beast::flat_buffer buffer;
  for (;;) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(options.max_header_bytes);
    parser.body_limit(options.max_body_bytes);
    beast::error_code ec;
    http::read_header(socket, buffer, parser, ec);
    const Endpoint::Clock::time_point received = Endpoint::Clock::now();
    if (!ec &&
        beast::iequals(parser.get()[http::field::expect], "100-continue")) {
      // berlin §2.1: curl waits for this before it sends a large body.
      http::response<http::empty_body> go_on{http::status::continue_,
                                             parser.get().version()};
      http::write(socket, go_on, ec);
    }
    if (!ec) http::read(socket, buffer, parser, ec);
    if (ec) {
      const unsigned version =
          parser.is_header_done() ? parser.get().version() : 11;
      if (auto answer = ReadError(ec)) {
        Answer(socket, *answer, version, false);
        DrainBeforeClose(socket);
      }
      return;
    }
    const http::request<http::string_body>& req = parser.get();
    HttpAnswer answer;
    try {
      answer = endpoint.Handle(req.target(), req[http::field::content_type],
                               req.body(), received);
    } catch (const std::exception& e) {
      answer = ErrorAnswer(500, std::string("internal error: ") + e.what());
    }
    if (!Answer(socket, answer, req.version(), req.keep_alive())) return;
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

std::string Server::Url() const {
  const tcp::endpoint& where = impl_->bound;
  std::string host = where.address().to_string();
  if (where.address().is_v6()) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(where.port()) + "/";
}

Endpoint& Server::endpoint() { return impl_->endpoint; }

void Server::Run() {
  impl_->Accept();
  impl_->io.run();
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
