// fake_server.h: a minimal Colorfight II server for the client's tests: one
// room on 127.0.0.1, game_channel pushes what the test gives it (Push),
// action_channel answers each message with what the test's handler returns
// (colorfight §2.4-§2.5), GET /get_gameroom_list answers SetRoomList's text,
// and any other path is refused with 404; PushRaw writes raw bytes on
// game_channel (hostile frames). It records what the client did on
// game_channel (data, pings, a close frame, a dropped TCP connection).
//
//   wl::testing::FakeCfServer server;
//   server.SetActionHandler([](const std::string& msg)
//       -> std::optional<std::string> { return R"({"success": true})"; });
//   client.Connect(server.Url());   // ws://127.0.0.1:PORT/gameroom/test
//   server.Push(frame_text);
#ifndef WL_TESTS_COLORFIGHT_FAKE_SERVER_H_
#define WL_TESTS_COLORFIGHT_FAKE_SERVER_H_

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace wl::testing {

class FakeCfServer {
 public:
  // The reply to one action_channel message, or nullopt for none.
  using ActionHandler =
      std::function<std::optional<std::string>(const std::string&)>;

  FakeCfServer()
      : acceptor_(ioc_, {boost::asio::ip::make_address("127.0.0.1"), 0}) {
    Accept();
    thread_ = std::thread([this] { ioc_.run(); });
  }
  ~FakeCfServer() {
    ioc_.stop();
    thread_.join();
  }

  int port() const { return acceptor_.local_endpoint().port(); }
  std::string Url() const {
    return "ws://127.0.0.1:" + std::to_string(port()) + "/gameroom/test";
  }

  void SetActionHandler(ActionHandler handler) {
    std::lock_guard lock(mu_);
    handler_ = std::move(handler);
  }
  // Sends `text` on every open game_channel.
  void Push(std::string text) {
    boost::asio::post(ioc_, [this, text = std::move(text)] {
      for (auto& c : games_) c->Send(text);
    });
  }
  // Writes `bytes` as they are on every open game_channel's TCP connection
  // (hostile WebSocket frames: a header that announces 2^40 bytes, ...).
  void PushRaw(std::string bytes) {
    boost::asio::post(ioc_, [this, bytes = std::move(bytes)] {
      for (auto& c : games_) {
        auto data = std::make_shared<std::string>(bytes);
        boost::asio::async_write(
            c->ws.next_layer(), boost::asio::buffer(*data),
            [c, data](boost::beast::error_code, size_t) {});
      }
    });
  }
  // Sends `text` on every open action_channel (a late reply).
  void SendOnActions(std::string text) {
    boost::asio::post(ioc_, [this, text = std::move(text)] {
      for (auto& c : action_conns_) c->Send(text);
    });
  }
  // Sends Close 1000 on every game_channel.
  void CloseGames() {
    boost::asio::post(ioc_, [this] {
      for (auto& c : games_) {
        c->ws.async_close(boost::beast::websocket::close_code::normal,
                          [](boost::beast::error_code) {});
      }
    });
  }
  std::vector<std::string> Actions() const {
    std::lock_guard lock(mu_);
    return actions_;
  }
  // Waits up to 10 s for `done`.
  template <class F>
  static bool WaitFor(F done) {
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done()) {
      if (std::chrono::steady_clock::now() > until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
  }

  // What GET /get_gameroom_list answers.
  void SetRoomList(std::string body) {
    std::lock_guard lock(mu_);
    room_list_ = std::move(body);
  }

  std::atomic<int> game_connections{0}, action_connections{0};
  std::atomic<int> game_messages{0}, game_pings{0}, game_closes{0};
  std::atomic<int> game_drops{0}, action_closes{0};

 private:
  using tcp = boost::asio::ip::tcp;
  using Ws = boost::beast::websocket::stream<boost::beast::tcp_stream>;

  struct Conn : std::enable_shared_from_this<Conn> {
    explicit Conn(tcp::socket socket) : ws(std::move(socket)) {}
    void Send(std::string text) {
      out.push_back(std::move(text));
      if (out.size() == 1) WriteFront();
    }
    void WriteFront() {
      ws.text(true);
      ws.async_write(
          boost::asio::buffer(out.front()),
          [self = shared_from_this()](boost::beast::error_code ec, size_t) {
            self->out.pop_front();
            if (!ec && !self->out.empty()) self->WriteFront();
          });
    }
    Ws ws;
    bool game = false;
    boost::beast::flat_buffer buffer;
    boost::beast::http::request<boost::beast::http::string_body> request;
    std::deque<std::string> out;
  };

  void Accept() {
    acceptor_.async_accept(
        [this](boost::beast::error_code ec, tcp::socket socket) {
          if (ec) return;
          auto conn = std::make_shared<Conn>(std::move(socket));
          boost::beast::http::async_read(
              conn->ws.next_layer(), conn->buffer, conn->request,
              [this, conn](boost::beast::error_code e, size_t) {
                if (!e) Route(conn);
              });
          Accept();
        });
  }

  // An upgrade to one of the room's channels, the room list, or 404.
  void Route(const std::shared_ptr<Conn>& conn) {
    namespace http = boost::beast::http;
    const std::string target(conn->request.target());
    const bool game = target == "/gameroom/test/game_channel";
    if (boost::beast::websocket::is_upgrade(conn->request) &&
        (game || target == "/gameroom/test/action_channel")) {
      conn->game = game;
      conn->ws.async_accept(conn->request,
                            [this, conn](boost::beast::error_code e) {
                              if (!e) Opened(conn);
                            });
      return;
    }
    auto response = std::make_shared<http::response<http::string_body>>(
        target == "/get_gameroom_list" ? http::status::ok
                                       : http::status::not_found,
        11);
    if (target == "/get_gameroom_list") {
      std::lock_guard lock(mu_);
      response->body() = room_list_;
    }
    response->prepare_payload();
    http::async_write(conn->ws.next_layer(), *response,
                      [conn, response](boost::beast::error_code, size_t) {
                        boost::beast::error_code ignored;
                        conn->ws.next_layer().socket().shutdown(
                            tcp::socket::shutdown_both, ignored);
                      });
  }

  void Opened(const std::shared_ptr<Conn>& conn) {
    if (conn->game) {
      ++game_connections;
      conn->ws.control_callback([this](boost::beast::websocket::frame_type kind,
                                       boost::beast::string_view) {
        if (kind == boost::beast::websocket::frame_type::ping) {
          ++game_pings;
        }
      });
      games_.push_back(conn);
    } else {
      ++action_connections;
      action_conns_.push_back(conn);
    }
    conn->buffer.clear();
    Read(conn);
  }

  void Read(const std::shared_ptr<Conn>& conn) {
    conn->ws.async_read(conn->buffer, [this, conn](boost::beast::error_code ec,
                                                   size_t) {
      if (ec) {
        Ended(*conn, ec == boost::beast::websocket::error::closed);
        return;
      }
      std::string text = boost::beast::buffers_to_string(conn->buffer.data());
      conn->buffer.consume(conn->buffer.size());
      if (conn->game) {
        ++game_messages;
      } else {
        Answer(conn, text);
      }
      Read(conn);
    });
  }

  void Ended(const Conn& conn, bool clean) {
    if (conn.game) {
      ++(clean ? game_closes : game_drops);
    } else if (clean) {
      ++action_closes;
    }
  }

  void Answer(const std::shared_ptr<Conn>& conn, const std::string& text) {
    ActionHandler handler;
    {
      std::lock_guard lock(mu_);
      actions_.push_back(text);
      handler = handler_;
    }
    std::optional<std::string> reply =
        handler ? handler(text) : std::optional<std::string>();
    if (reply) conn->Send(std::move(*reply));
  }

  boost::asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::thread thread_;
  std::vector<std::shared_ptr<Conn>> games_;         // I/O thread only
  std::vector<std::shared_ptr<Conn>> action_conns_;  // I/O thread only
  mutable std::mutex mu_;
  ActionHandler handler_;
  std::vector<std::string> actions_;
  std::string room_list_ = "[]";
};

}  // namespace wl::testing

#endif  // WL_TESTS_COLORFIGHT_FAKE_SERVER_H_
