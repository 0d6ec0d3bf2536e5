// cf_server_client.h: what the Colorfight server's tests need to drive it:
// the server on a thread of its own (RunningServer), one HTTP request
// (HttpCall) or raw bytes (RawConnect, RawStatus), a blocking WebSocket client
// with a receive deadline (WsClient) and the process's resident memory. The
// replays it serves read with tools' GunzipColorfightReplay
// (colorfight_replay_page.h).
//
//   wl::testing::RunningServer server(options);        // port 0, runs
//   auto reply = wl::testing::HttpCall(server.port(), "GET",
//                                      "/get_gameroom_list", "");
//   wl::testing::WsClient game;
//   ASSERT_TRUE(game.Connect(server.port(), "/gameroom/duel/game_channel"));
//   std::optional<std::string> frame = game.Receive();  // nullopt: closed
#ifndef WL_TESTS_COLORFIGHT_CF_SERVER_CLIENT_H_
#define WL_TESTS_COLORFIGHT_CF_SERVER_CLIENT_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "colorfight/cf_server.h"
#include "colorfight/cf_server_thread.h"
#include "common/proc_status.h"

namespace wl::testing {

namespace cf_asio = boost::asio;
namespace cf_beast = boost::beast;

// Blocking reads and writes on the socket fail after `seconds` (a test's
// deadline instead of a hang).
inline void SetSocketDeadline(int fd, int seconds) {
  timeval tv{seconds, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

// The server on 127.0.0.1, any free port, run on a thread until destroyed
// (tools' ColorfightServerThread with port 0).
class RunningServer : public tools::ColorfightServerThread {
 public:
  explicit RunningServer(tools::ColorfightServerOptions options)
      : ColorfightServerThread((options.port = 0, std::move(options))) {}
};

// A TCP connection to 127.0.0.1:port with a 10 s deadline, or -1.
inline int RawConnect(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<uint16_t>(port));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    return -1;
  }
  SetSocketDeadline(fd, 10);
  return fd;
}

inline void SendRaw(int fd, const std::string& bytes) {
  (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
}

// Sends raw `request` bytes on a connection of their own and reads until
// the server closes: the status of "HTTP/1.1 NNN", 0 if none came.
inline int RawStatus(int port, const std::string& request) {
  const int fd = RawConnect(port);
  if (fd < 0) return 0;
  SendRaw(fd, request);
  std::string in;
  char buffer[4096];
  ssize_t n;
  while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0) {
    in.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  if (in.rfind("HTTP/1.1 ", 0) != 0 || in.size() < 12) return 0;
  return std::atoi(in.substr(9, 3).c_str());
}

// A chunked POST of `body` (one chunk) whose trailer holds one field of
// `trailer_bytes` bytes.
inline std::string ChunkedPostWithTrailer(const std::string& target,
                                          const std::string& body,
                                          size_t trailer_bytes) {
  char size[24];
  std::snprintf(size, sizeof size, "%zx", body.size());
  return "POST " + target +
         " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
         "Transfer-Encoding: chunked\r\n\r\n" +
         size + "\r\n" + body +
         "\r\n0\r\nX-Big: " + std::string(trailer_bytes, 'a') + "\r\n\r\n";
}

struct HttpReply {
  int status = 0;  // 0: no answer
  std::map<std::string, std::string> headers;
  std::string body;
};

// One request on a connection of its own; `headers` are added as given.
inline HttpReply HttpCall(
    int port, const std::string& method, const std::string& target,
    const std::string& body,
    const std::map<std::string, std::string>& headers = {}) {
  namespace http = cf_beast::http;
  HttpReply reply;
  cf_asio::io_context io;
  cf_asio::ip::tcp::socket socket(io);
  cf_beast::error_code ec;
  socket.connect({cf_asio::ip::make_address("127.0.0.1"),
                  static_cast<unsigned short>(port)},
                 ec);
  if (ec) return reply;
  SetSocketDeadline(socket.native_handle(), 20);
  http::request<http::string_body> req{http::string_to_verb(method), target,
                                       11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  req.set("Accept-Encoding", "identity");
  for (const auto& [name, value] : headers) req.set(name, value);
  if (method == "POST") {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
  }
  http::write(socket, req, ec);
  if (ec) return reply;
  cf_beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 << 20);
  http::read(socket, buffer, parser, ec);
  if (ec) return reply;
  reply.status = parser.get().result_int();
  for (const auto& field : parser.get()) {
    reply.headers[std::string(field.name_string())] =
        std::string(field.value());
  }
  reply.body = parser.get().body();
  return reply;
}

// A blocking WebSocket client; every call gives up after the deadline.
class WsClient {
 public:
  explicit WsClient(int deadline_seconds = 20)
      : deadline_seconds_(deadline_seconds) {}

  bool Connect(int port, const std::string& target) {
    cf_beast::error_code ec;
    ws_.next_layer().connect({cf_asio::ip::make_address("127.0.0.1"),
                              static_cast<unsigned short>(port)},
                             ec);
    if (ec) return false;
    SetSocketDeadline(ws_.next_layer().native_handle(), deadline_seconds_);
    ws_.read_message_max(64 << 20);
    ws_.handshake("127.0.0.1:" + std::to_string(port), target, ec);
    return !ec;
  }
  bool Send(const std::string& text) {
    cf_beast::error_code ec;
    ws_.text(true);
    ws_.write(cf_asio::buffer(text), ec);
    return !ec;
  }
  bool SendBinary(const std::string& bytes) {
    cf_beast::error_code ec;
    ws_.binary(true);
    ws_.write(cf_asio::buffer(bytes), ec);
    return !ec;
  }
  // The next text message; nullopt when the connection ended (close_code()
  // tells how) or the deadline passed.
  std::optional<std::string> Receive() {
    cf_beast::flat_buffer buffer;
    cf_beast::error_code ec;
    ws_.read(buffer, ec);
    if (ec) {
      error_ = ec;
      return std::nullopt;
    }
    return cf_beast::buffers_to_string(buffer.data());
  }
  // The request/reply of the action channel.
  std::optional<std::string> Ask(const std::string& text) {
    if (!Send(text)) return std::nullopt;
    return Receive();
  }
  // Sends a ping and a message that needs a reply: true when a pong came
  // before the reply.
  bool PingAndSeePong() {
    bool pong = false;
    ws_.control_callback(
        [&pong](cf_beast::websocket::frame_type kind, cf_beast::string_view) {
          if (kind == cf_beast::websocket::frame_type::pong) pong = true;
        });
    cf_beast::error_code ec;
    ws_.ping({}, ec);
    const bool replied = !ec && Ask("{}").has_value();
    ws_.control_callback();
    return replied && pong;
  }
  // The close frame's code the server sent (0: none).
  int close_code() const { return static_cast<int>(ws_.reason().code); }
  cf_beast::error_code error() const { return error_; }
  // Drops the TCP connection without a close frame.
  void Drop() {
    cf_beast::error_code ec;
    ws_.next_layer().close(ec);
  }

 private:
  int deadline_seconds_;
  cf_asio::io_context io_;
  cf_beast::websocket::stream<cf_asio::ip::tcp::socket> ws_{io_};
  cf_beast::error_code error_;
};

// The process's resident memory (VmRSS), in KiB, after glibc has given its
// free pages back (proc_status.h), or -1.
inline long ResidentKib() { return ProcStatus("VmRSS:"); }

}  // namespace wl::testing

#endif  // WL_TESTS_COLORFIGHT_CF_SERVER_CLIENT_H_
