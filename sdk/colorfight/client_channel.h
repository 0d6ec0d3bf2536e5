// client_channel.h: the Colorfight client's transport (client.cpp's
// insides, not an API): one WebSocket over a plain or a TLS stream
// (Socket<Stream>), opening it with deadlines, and one HTTP GET. The
// templates are instantiated once per stream type, in client_plain.cpp and
// client_tls.cpp, so that the two (Beast's TLS WebSocket above all) compile
// in parallel and client.cpp does not wait for them.
#ifndef WL_COLORFIGHT_CLIENT_CHANNEL_H_
#define WL_COLORFIGHT_CLIENT_CHANNEL_H_

#include <openssl/ssl.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "sdk/colorfight/client.h"

namespace wl::colorfight::client_channel {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using PlainStream = beast::tcp_stream;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

constexpr const char* kUserAgent = "warlight-sdk colorfight client";

// One asynchronous operation started by `start(handler)`, run on the
// caller's thread until it completes or `deadline` passes (then `cancel()`
// and kTimeout's asio error).
template <class Start, class Cancel>
beast::error_code RunUntil(asio::io_context& ioc, Clock::time_point deadline,
                           Start start, Cancel cancel) {
  beast::error_code result;
  bool done = false;
  start([&](beast::error_code ec, auto&&...) {
    result = ec;
    done = true;
  });
  ioc.restart();
  while (!done && Clock::now() < deadline && !ioc.stopped()) {
    ioc.run_one_until(deadline);
  }
  if (!done) {
    cancel();
    ioc.restart();
    ioc.run();  // the cancelled handlers
    return asio::error::timed_out;
  }
  return result;
}

inline ClientError TcpError(const beast::error_code& ec,
                            const std::string& where) {
  if (ec == asio::error::connection_refused) {
    return {ClientErrc::kConnectionRefused,
            "connection refused by " + where + " (no server there?)"};
  }
  if (ec == asio::error::timed_out) {
    return {ClientErrc::kTimeout, "no connection to " + where + " in time"};
  }
  return {ClientErrc::kConnect,
          "cannot connect to " + where + ": " + ec.message()};
}

// Resolves url's host and connects the lowest layer of `stream`, then the
// TLS handshake for a TlsStream (SNI, the peer checked when `verify`).
template <class Stream>
ClientError OpenTransport(asio::io_context& ioc, Stream& stream,
                          const ServerUrl& url, Clock::time_point deadline) {
  const std::string where = url.host + ":" + url.port;
  tcp::resolver resolver(ioc);
  tcp::resolver::results_type endpoints;
  beast::error_code ec = RunUntil(
      ioc, deadline,
      [&](auto handler) {
        resolver.async_resolve(
            url.host, url.port,
            [&, handler](beast::error_code e, tcp::resolver::results_type r) {
              endpoints = std::move(r);
              handler(e);
            });
      },
      [&] { resolver.cancel(); });
  if (ec) {
    return {ec == asio::error::timed_out ? ClientErrc::kTimeout
                                         : ClientErrc::kResolve,
            "cannot resolve " + url.host + ": " + ec.message()};
  }
  auto& socket = beast::get_lowest_layer(stream);
  ec = RunUntil(
      ioc, deadline,
      [&](auto handler) { socket.async_connect(endpoints, handler); },
      [&] { socket.close(); });
  if (ec) return TcpError(ec, where);
  // Small request/reply messages: no Nagle delay.
  socket.socket().set_option(tcp::no_delay(true), ec);
  if constexpr (std::is_same_v<Stream, TlsStream>) {
    if (!SSL_set_tlsext_host_name(stream.native_handle(), url.host.c_str())) {
      return {ClientErrc::kTls, "cannot set the TLS server name " + url.host};
    }
    ec = RunUntil(
        ioc, deadline,
        [&](auto handler) {
          stream.async_handshake(ssl::stream_base::client, handler);
        },
        [&] { socket.close(); });
    if (ec) {
      return {ClientErrc::kTls,
              "TLS handshake with " + where + " failed: " + ec.message()};
    }
  }
  return {};
}

// One WebSocket of the two, over a plain or TLS stream (see Socket).
class Channel {
 public:
  using OnMessage = std::function<void(std::string)>;
  // kClosed, or kTooLarge for a message over the limit, and why.
  using OnClosed = std::function<void(ClientError)>;
  virtual ~Channel() = default;
  // On the caller's thread, before the I/O thread runs.
  // Messages over `max_message` bytes end the connection (kTooLarge).
  virtual ClientError Open(const ServerUrl& url, const std::string& target,
                           bool keepalive, size_t max_message,
                           Clock::time_point deadline) = 0;
  // The rest on the I/O thread.
  virtual void StartReading(OnMessage on_message, OnClosed on_closed) = 0;
  virtual void Write(std::string text) = 0;
  virtual void Close(std::function<void()> done) = 0;  // a clean close
  virtual void Drop() = 0;                             // just the TCP
};

template <class Stream>
class Socket : public Channel {
 public:
  Socket(asio::io_context& ioc, ssl::context& tls)
      : ioc_(ioc), ws_(MakeStream(ioc, tls)) {}

  ClientError Open(const ServerUrl& url, const std::string& target,
                   bool keepalive, size_t max_message,
                   Clock::time_point deadline) override {
    if (ClientError e = OpenTransport(ioc_, ws_.next_layer(), url, deadline)) {
      return e;
    }
    websocket::stream_base::timeout timeout;
    timeout.handshake_timeout = std::chrono::seconds(5);  // and the close's
    // §2.2: the server answers pings on action_channel only.
    timeout.idle_timeout =
        keepalive ? std::chrono::seconds(40) : websocket::stream_base::none();
    timeout.keep_alive_pings = keepalive;
    ws_.set_option(timeout);
    // Checked at each frame header, before the payload is read or any
    // memory is taken for it (Beast's read_message_max).
    max_message_ = max_message;
    ws_.read_message_max(max_message);
    ws_.set_option(
        websocket::stream_base::decorator([](websocket::request_type& r) {
          r.set(http::field::user_agent, kUserAgent);
        }));
    const std::string host = url.host + ":" + url.port;
    const beast::error_code ec = RunUntil(
        ioc_, deadline,
        [&](auto handler) { ws_.async_handshake(host, target, handler); },
        [&] { beast::get_lowest_layer(ws_).close(); });
    if (ec == asio::error::timed_out) {
      return {ClientErrc::kTimeout,
              "no WebSocket handshake from " + host + target + " in time"};
    }
    if (ec) {
      return {ClientErrc::kHandshake, "WebSocket handshake with " + host +
                                          target + " failed: " + ec.message()};
    }
    return {};
  }

  void StartReading(OnMessage on_message, OnClosed on_closed) override {
    on_message_ = std::move(on_message);
    on_closed_ = std::move(on_closed);
    Read();
  }

  void Write(std::string text) override {
    writes_.push_back(std::move(text));
    if (writes_.size() == 1) WriteFront();
  }

  void Close(std::function<void()> done) override {
    ws_.async_close(websocket::close_code::normal,
                    [this, done](beast::error_code) {
                      Drop();
                      done();
                    });
  }

  void Drop() override {
    beast::error_code ignored;
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  }

 private:
  static websocket::stream<Stream> MakeStream(asio::io_context& ioc,
                                              ssl::context& tls) {
    if constexpr (std::is_same_v<Stream, TlsStream>) {
      return websocket::stream<Stream>(ioc, tls);
    } else {
      (void)tls;
      return websocket::stream<Stream>(ioc);
    }
  }

  void Read() {
    ws_.async_read(buffer_, [this](beast::error_code ec, size_t) {
      if (ec) {
        on_closed_(ReadError(ec));
        return;
      }
      on_message_(beast::buffers_to_string(buffer_.data()));
      buffer_.consume(buffer_.size());
      Read();
    });
  }

  ClientError ReadError(const beast::error_code& ec) const {
    if (ec == websocket::error::message_too_big) {
      return {ClientErrc::kTooLarge,
              "the server sent a message over the limit of " +
                  std::to_string(max_message_) + " bytes"};
    }
    if (ec == websocket::error::closed) {
      return {ClientErrc::kClosed, "closed by the server (" +
                                       std::to_string(ws_.reason().code) + ")"};
    }
    return {ClientErrc::kClosed, ec.message()};
  }

  void WriteFront() {
    ws_.text(true);
    ws_.async_write(asio::buffer(writes_.front()),
                    [this](beast::error_code ec, size_t) {
                      writes_.pop_front();
                      if (!ec && !writes_.empty()) WriteFront();
                    });
  }

  asio::io_context& ioc_;
  websocket::stream<Stream> ws_;
  beast::flat_buffer buffer_;
  size_t max_message_ = 0;
  std::deque<std::string> writes_;
  OnMessage on_message_;
  OnClosed on_closed_;
};

// The two instantiations (client_plain.cpp, client_tls.cpp): a channel, and
// GET `target` from url's server (a new connection) into *body.
std::unique_ptr<Channel> MakePlainChannel(asio::io_context& ioc,
                                          ssl::context& tls);
std::unique_ptr<Channel> MakeTlsChannel(asio::io_context& ioc,
                                        ssl::context& tls);
ClientError FetchPlainText(asio::io_context& ioc, const ServerUrl& url,
                           const std::string& target,
                           Clock::time_point deadline, std::string* body);
ClientError FetchTlsText(asio::io_context& ioc, ssl::context& tls,
                         const ServerUrl& url, const std::string& target,
                         Clock::time_point deadline, std::string* body);

// GET `target` on an open `stream`; the body or an error.
template <class Stream>
ClientError HttpGet(asio::io_context& ioc, Stream& stream, const ServerUrl& url,
                    const std::string& target, Clock::time_point deadline,
                    std::string* body) {
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, url.host + ":" + url.port);
  request.set(http::field::user_agent, kUserAgent);
  request.set(http::field::connection, "close");
  http::response<http::string_body> response;
  beast::flat_buffer buffer;
  auto close = [&] { beast::get_lowest_layer(stream).close(); };
  beast::error_code ec = RunUntil(
      ioc, deadline,
      [&](auto handler) { http::async_write(stream, request, handler); },
      close);
  if (!ec) {
    ec = RunUntil(
        ioc, deadline,
        [&](auto handler) {
          http::async_read(stream, buffer, response, handler);
        },
        close);
  }
  if (ec) {
    return {ec == asio::error::timed_out ? ClientErrc::kTimeout
                                         : ClientErrc::kClosed,
            "GET " + target + " failed: " + ec.message()};
  }
  if (response.result() != http::status::ok) {
    return {ClientErrc::kHandshake, "GET " + target + ": HTTP " +
                                        std::to_string(response.result_int())};
  }
  *body = std::move(response.body());
  return {};
}

template <class Stream>
ClientError FetchText(asio::io_context& ioc, Stream& stream,
                      const ServerUrl& url, const std::string& target,
                      Clock::time_point deadline, std::string* body) {
  if (ClientError e = OpenTransport(ioc, stream, url, deadline)) return e;
  return HttpGet(ioc, stream, url, target, deadline, body);
}

}  // namespace wl::colorfight::client_channel

#endif  // WL_COLORFIGHT_CLIENT_CHANNEL_H_
