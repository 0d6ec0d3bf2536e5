// cf_server_impl.h: the inside of cf_server.h's ColorfightServer, shared by
// cf_server.cpp (the sockets, sessions and ticks) and cf_server_rpc.cpp
// (the HTTP RPC answers). Internal to those two files.
#ifndef WL_TOOLS_COLORFIGHT_CF_SERVER_IMPL_H_
#define WL_TOOLS_COLORFIGHT_CF_SERVER_IMPL_H_

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "colorfight/cf_server.h"
#include "colorfight/cf_server_http.h"
#include "colorfight/room.h"
#include "sdk/colorfight/py_random.h"

namespace wl::tools {
namespace cf_server_detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using tcp = asio::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;
using cf_http::AddCors;
using cf_http::JsonResponse;
using cf_http::ReadErrorResponse;
using cf_http::Seconds;
using cf_http::SetUpWebSocket;
using cf_http::SplitRoomPath;
using cf_http::TextResponse;

inline constexpr auto kPollPeriod = std::chrono::milliseconds(40);  // §2.4
inline constexpr double kResendSeconds = 30;                        // §2.4
inline constexpr size_t kMaxHttpBody = size_t{1}
                                       << 20;  // aiohttp client_max_size
inline constexpr size_t kMaxHttpHeader = size_t{16} << 10;
// What a request may leave unparsed in the read buffer: the header, a chunk
// header or the trailer (Beast throws on a field over 64 KiB).
inline constexpr size_t kMaxHttpBuffer = size_t{32} << 10;
inline constexpr auto kAcceptPause = std::chrono::milliseconds(100);
inline constexpr double kIdleCheckSeconds = 1;
// aiohttp's answer to a handler that raised (§2.6: a body that is not JSON).
inline constexpr const char* kInternalError =
    "500 Internal Server Error\n\nServer got itself in trouble";

// Seconds since the epoch, as Python's time.time() (room.h's `now`).
inline double Now() {
  return std::chrono::duration<double>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Counts an open connection for its lifetime.
class Slot {
 public:
  explicit Slot(std::atomic<size_t>* open) : open_(open) { ++*open_; }
  ~Slot() {
    if (open_ != nullptr) --*open_;
  }
  Slot(Slot&& other) noexcept : open_(std::exchange(other.open_, nullptr)) {}
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  std::atomic<size_t>* open_;
};

}  // namespace cf_server_detail

class GameSession;
class HttpSession;

struct ColorfightServer::Impl {
  // A game_channel of a room and what it was last sent (§2.4).
  struct Watcher {
    std::weak_ptr<GameSession> session;
    int64_t key_frame = -1;
    std::string game_id;
    double last_sent = 0;
  };
  // A frame to send once the lock is released.
  struct Push {
    std::shared_ptr<GameSession> session;
    std::shared_ptr<const std::string> text;
  };
  // What a tick leaves to do outside the lock.
  struct Outbox {
    std::vector<Push> pushes;
    std::vector<ColorfightFinishedGame> finished;
    std::vector<std::shared_ptr<GameSession>> to_close;  // room deleted
  };

  explicit Impl(ColorfightServerOptions opts);

  ColorfightServerOptions options;
  // Destroyed first (~Impl): the sessions its handlers hold go before the
  // rooms they refer to.
  std::unique_ptr<boost::asio::io_context> io =
      std::make_unique<boost::asio::io_context>();
  std::optional<boost::asio::ip::tcp::acceptor> acceptor{std::in_place, *io};
  std::optional<boost::asio::steady_timer> ticker{std::in_place, *io};
  std::optional<boost::asio::steady_timer> accept_pause{std::in_place, *io};
  boost::asio::ip::tcp::endpoint bound;
  size_t max_connections = ColorfightConnectionCap(options.max_connections);
  std::atomic<size_t> open_connections{0};
  double last_idle_check = 0;
  // The io thread's: whether accepting fails now; the HTTP connections
  // waiting for a request, oldest first (at the cap, the first is closed
  // for a new connection). A session is listed only while its read is
  // pending (the read's handler holds it).
  bool accept_failing = false;
  std::list<HttpSession*> waiting;

  std::mutex mutex;  // everything below
  colorfight::PyRandom random;
  ColorfightRoomSet rooms;
  std::map<std::string, std::vector<Watcher>> watchers;  // by room name
  std::map<std::string, std::string> finished_game;      // room -> game_id
  ConnectionId next_connection = 1;

  ~Impl() {
    acceptor.reset();
    ticker.reset();
    accept_pause.reset();
    io.reset();
  }

  void Log(const std::string& line) {
    if (options.log != nullptr) *options.log << line << std::endl;
  }
  void Bind();
  void Accept();
  // Closes the oldest HTTP connection waiting for a request; false if none.
  bool EvictWaiting();
  void Tick();
  void DeleteIdleRooms(double now, Outbox* out);
  // Polls the room (if watched), runs a lock-step turn, notes a finished
  // game and queues the frames its watchers need. Under the lock.
  void TickRoom(ColorfightRoom& room, double now, Outbox* out);
  void TickRoomNamed(const std::string& name, Outbox* out);
  // Sends the frames, closes the sessions and tells of finished games.
  void Deliver(Outbox out);

  // The WebSocket side, for the sessions.
  bool RoomExists(const std::string& room);
  ConnectionId NewConnection();
  void Watch(const std::string& room, const std::shared_ptr<GameSession>& s);
  // The reply to an action-channel message; nullopt when the room is gone.
  std::optional<std::string> Action(const std::string& room, ConnectionId id,
                                    std::string_view text);
  void Disconnect(const std::string& room, ConnectionId id);

  // The HTTP side.
  void Upgrade(boost::beast::tcp_stream stream, cf_server_detail::Request req,
               cf_server_detail::Slot slot);
  cf_server_detail::Response Answer(const cf_server_detail::Request& req);
  cf_server_detail::Response Rpc(std::string_view path, std::string_view query,
                                 const std::string& body);
  cf_server_detail::Response Replay(const std::string& room);
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_CF_SERVER_IMPL_H_
