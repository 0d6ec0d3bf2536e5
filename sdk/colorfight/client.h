// client.h: the Colorfight II client, what the official Python client's
// Colorfight object does (colorfight §12) over the server's two WebSockets
// (colorfight §2.2-§2.5), for ws:// and wss://.
//
//   wl::colorfight::Client client;
//   if (!client.Connect("ws://127.0.0.1:5000/gameroom/public") ||
//       !client.Register("me", "secret")) {
//     std::cerr << client.error().message << "\n";   // one line
//     return 1;
//   }
//   while (true) {
//     if (!client.UpdateTurn(std::chrono::seconds(5))) {
//       if (client.new_game()) { client.Register("me", "secret"); continue; }
//       if (client.error().code == ClientErrc::kTimeout) continue;
//       break;                                       // closed, bad frame
//     }
//     const Game& game = client.game();
//     if (game.me() == nullptr) continue;            // not placed yet
//     Reply r = client.SendCommands({Attack({3, 4}, 120)});
//   }
//   client.Disconnect();
//
// game_channel is opened first, with no keepalive pings (the server never
// reads it, §2.2); a background thread keeps only the latest frame text.
// A message (on either channel) over ClientOptions::max_message_bytes
// closes the connection (kTooLarge) at its header, before any of it is
// stored: the official client sets no limit (§12), but a frame is about
// 47 KB (§2.2), so the default 16 MiB is far above any real one. action_channel
// is request/one-reply, with a keepalive ping every 20 s. Every wait has a
// deadline. A Client is used from one thread (its own I/O runs on a thread of
// its own).
#ifndef WL_COLORFIGHT_CLIENT_H_
#define WL_COLORFIGHT_CLIENT_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/game.h"

namespace wl::colorfight {

enum class ClientErrc {
  kNone,
  kBadUrl,             // not http(s)/ws(s)://host[:port][/path]
  kResolve,            // the host name does not resolve
  kConnectionRefused,  // nobody listens there
  kConnect,            // another TCP connect failure
  kTls,                // the TLS handshake or the peer's certificate failed
  kHandshake,          // the WebSocket (or HTTP) exchange was refused
  kClosed,             // the connection closed (or was never opened)
  kTimeout,            // no answer before the deadline
  kBadFrame,           // a game_channel message that is not a frame (§3)
  kBadReply,           // an action_channel reply that is not §2.5's
  kRejected,           // the server said {"success": false, "err_msg"}
  kTooLarge,           // a message over ClientOptions::max_message_bytes
};

// The name of a code ("connection refused", "timeout", ...).
const char* ClientErrcName(ClientErrc code);

struct ClientError {
  ClientErrc code = ClientErrc::kNone;
  std::string message;  // one line, for people
  explicit operator bool() const { return code != ClientErrc::kNone; }
};

// An action_channel reply (§2.5).
struct Reply {
  bool success = false;
  std::string err_msg;
  int uid = 0;  // a successful register's
  // SendCommands(..., until_next_frame): a newer frame came before the
  // reply, which was not waited for (error() is not set).
  bool superseded = false;
};

struct ClientOptions {
  bool verify_peer = true;  // wss://: check the certificate (system store)
  std::chrono::milliseconds connect_timeout{5000};   // per channel
  std::chrono::milliseconds register_timeout{2000};  // §12: 2 s
  std::chrono::milliseconds command_timeout{5000};
  // The largest WebSocket message taken from the server (a frame is about
  // 47 KB, colorfight §2.2); a larger one ends the connection, kTooLarge.
  size_t max_message_bytes = size_t{16} << 20;
};

// A room of GET /get_gameroom_list (§2.6).
struct GameroomListing {
  std::string name;
  int64_t player_number = 0;
  int64_t max_player = 0;
  int64_t turn = 0;
  int64_t max_turn = 0;
};

// A server URL, split. Connect and GetGameroomList accept http, https, ws
// and wss; http becomes ws and https wss.
struct ServerUrl {
  bool tls = false;
  std::string host;
  std::string port;  // "80" or "443" when absent
  std::string path;  // "/gameroom/<room>": the room base, no final '/'
};

// Parses `url`: scheme://host[:port][/path]; an empty path (or "/") is
// `default_path`. IPv6 hosts in brackets. false and a one-line `error`.
bool ParseServerUrl(const std::string& url, const std::string& default_path,
                    ServerUrl* out, std::string* error);

class Client {
 public:
  explicit Client(ClientOptions options = {});
  ~Client();  // Disconnect()
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Opens game_channel, then action_channel, of the room at `url`
  // (http(s)://host[:port]/gameroom/<room> or ws(s)://...; no path: room
  // "public"). false: error() says why.
  bool Connect(const std::string& url);

  // Registers on action_channel (§5.1): true and uid() set, or false with
  // error() (kRejected: the server's err_msg).
  bool Register(const std::string& username, const std::string& password,
                const std::string& join_key = "");

  // Waits up to `timeout` for a frame whose turn differs from game()'s,
  // takes the latest one and rebuilds game(): true. false on a new game_id
  // (new_game(): game() is its first frame, register again), on timeout
  // (kTimeout), a closed game_channel (kClosed; kTooLarge after a message
  // over max_message_bytes) or a bad frame (kBadFrame).
  // The first frame of a connection is always a new turn.
  bool UpdateTurn(std::chrono::milliseconds timeout);

  // {"action": "command", "cmd_list": [...]} and its reply. A reply that
  // does not come gives success false and error() set.
  // With `until_next_frame` it also stops waiting as soon as a frame newer
  // than game() arrives (superseded): for the last command round of a game
  // (turn max_turn - 1), whose reply changes nothing once the final frame
  // is in; our server in lock-step writes that reply after the final frame
  // and its end-of-game work, the engine at once.
  Reply SendCommands(const std::vector<std::string>& cmd_list,
                     bool until_next_frame = false);

  // Leaves: drops game_channel's TCP connection (the server never answers
  // a close there, §2.2) and closes action_channel cleanly.
  void Disconnect();

  int uid() const { return uid_; }
  bool new_game() const { return new_game_; }
  const ClientError& error() const { return error_; }
  const Game& game() const { return game_; }
  const Frame& frame() const { return frame_; }
  // The game channel's frames received so far (the ones skipped included).
  uint64_t frames_received() const;

  // GET <host>/get_gameroom_list, host as "http(s)://host[:port]" or
  // "host[:port]" (then http). nullopt and `error` on failure.
  static std::optional<std::vector<GameroomListing>> GetGameroomList(
      const std::string& host, ClientError* error,
      const ClientOptions& options = {});

 private:
  struct Impl;
  Reply Request(const std::string& text, std::chrono::milliseconds timeout,
                bool until_next_frame = false);
  bool Fail(ClientErrc code, std::string message);

  ClientOptions options_;
  std::unique_ptr<Impl> impl_;
  ClientError error_;
  int uid_ = 0;
  bool new_game_ = false;
  bool have_frame_ = false;
  uint64_t frames_taken_ = 0;
  Frame frame_;
  Game game_;
};

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_CLIENT_H_
