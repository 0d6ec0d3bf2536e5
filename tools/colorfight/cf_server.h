// cf_server.h: the Colorfight II server on the network (colorfight §2): one
// port with HTTP and WebSocket, in front of the transport-free rooms of
// room.h, so that official clients play on it unmodified.
//
//   wl::tools::ColorfightServerOptions options;
//   options.port = 0;                                // any free port
//   options.rooms = {{"duel", wl::tools::ColorfightPreset("duel")}};
//   options.lockstep = true;
//   wl::tools::ColorfightServer server(options);     // binds, or throws
//   std::thread t([&] { server.Run(); });
//   ... ws://127.0.0.1:<server.port()>/gameroom/duel/game_channel ...
//   server.Stop();
//   t.join();
//
// What it serves (colorfight §2.1):
// * GET /gameroom/<room>/game_channel and /action_channel: WebSocket
//   upgrades (the query is ignored; an unknown room is upgraded, then closed
//   at once with 1000, §2.2). permessage-deflate is declined (§2.2 allows
//   it). Text messages only; a binary message or a close ends an action
//   channel (§2.5), which then disconnects its player (Room::Disconnect).
// * GET /gameroom/<room>/replay (§2.6: 400 empty unless allowed, the gzip
//   bytes otherwise, empty at turn 0), GET /get_gameroom_list, POST
//   /creategameroom (?admin=true), /restart, /start, /send_chat,
//   /deletegameroom with the rooms' exact json.dumps replies; a body that is
//   not JSON gives aiohttp's 500 text. CORS as aiohttp_cors with origin *
//   and credentials (§2.1): a request with an Origin gets it back in
//   Access-Control-Allow-Origin; OPTIONS preflights are answered.
//
// Timing (colorfight §1.4, §2.4, §2.7): every 40 ms each room with a
// game_channel open is polled (Room::Poll: countdown, start, turns every
// round_time, restart after finish_time), as are the rooms an action or an
// RPC touched, at once; then every game_channel whose last frame differs in
// key frame or game_id, or was sent more than 30 s ago, gets the current
// frame: one cached text for all. With `lockstep`, a turn also runs as soon
// as every live player has sent its command list (round_time stays the
// cap).
//
// Bounds (never crash, never grow): at most `max_connections` TCP
// connections, and never more than the descriptor limit (RLIMIT_NOFILE)
// less kReservedDescriptors: one more closes the oldest HTTP connection
// still waiting for a request (a WebSocket is never closed for it), or is
// closed at once when there is none; when accept fails anyway (e.g. no
// descriptor left), the next accept waits 100 ms;
// action-channel messages up to `max_message_bytes` (larger: Close 1009, as
// aiohttp); HTTP bodies up to 1 MiB (413, as aiohttp); a request's start
// line and header up to 16 KiB (a longer start line: 414, a longer header:
// 431), a chunk header or trailer up to the 32 KiB read buffer (431), any
// other malformed request 400, each then closed; `request_timeout_seconds`
// (30) to send a request, to send the next one on a kept-alive connection,
// or to finish a handshake. An exception out of one connection's handler
// (none is known) ends that connection, logged, not the server. Rooms other
// than admin rooms that had no update for `idle_room_seconds` (600, as the
// engine, §2.6) are deleted, checked every second. A game_channel reader that
// is slower than the frames never queues more than two: the one being written
// and the latest (a newer frame replaces the waiting one, so a slow reader
// skips intermediate frames but always gets the last). The game_channel is read
// too (unlike the engine, §11 S9): its pings are answered, its close is
// answered, its messages are dropped.
//
// Threads: the io runs on Run()'s thread; one mutex guards the room set
// and every Room call (a room's calls are short; creating and deleting
// rooms changes the set).
#ifndef WL_TOOLS_COLORFIGHT_CF_SERVER_H_
#define WL_TOOLS_COLORFIGHT_CF_SERVER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "colorfight/room_config.h"

namespace wl::tools {

// A room the server makes at start-up (an admin room, like `public`).
struct ColorfightStartRoom {
  std::string name;
  ColorfightRoomConfig config;
};

// A game that reached max_turn: told once per (room, game_id).
struct ColorfightFinishedGame {
  std::string room;
  std::string game_id;
  std::string final_frame;  // the turn-max_turn frame's text (§3)
  std::string replay_cfr;   // the replay's gzip bytes (§9)
};

struct ColorfightServerOptions {
  std::string host = "127.0.0.1";
  int port = 5000;    // 0: any free port (port() tells which)
  uint64_t seed = 0;  // the server's one PyRandom (§4.4)
  // The master password (§2.6); also the start-up rooms' room password.
  // "" is the engine's open server: anyone may /restart or /start (§11 S11).
  std::string master_password;
  // `public` (constant-run) always exists, as on the engine's server; a
  // start-up room of that name reconfigures it.
  std::vector<ColorfightStartRoom> rooms;
  bool lockstep = false;
  // 0: as many as the descriptor limit allows (ColorfightConnectionCap).
  size_t max_connections = 0;
  size_t max_message_bytes = size_t{4} << 20;
  double request_timeout_seconds = 30;
  double idle_room_seconds = 600;
  // Told outside every lock, on the io thread.
  std::function<void(const ColorfightFinishedGame&)> on_game_end;
  std::ostream* log = nullptr;  // one line per event; nullptr: none
};

// Descriptors kept free for everything but connections (the listener, the
// io's, logs, --games-dir files).
constexpr size_t kReservedDescriptors = 32;

// The connection cap the server uses for `requested` (0: no cap of its
// own): at most RLIMIT_NOFILE's soft limit less kReservedDescriptors (half
// the limit when that is smaller), at least 1.
size_t ColorfightConnectionCap(size_t requested);

class ColorfightServer {
 public:
  // Makes the rooms and binds host:port. Throws std::runtime_error with one
  // line ("cannot listen on http://127.0.0.1:5000/: Address already in use").
  explicit ColorfightServer(ColorfightServerOptions options);
  // Stops (if running) and closes every connection.
  ~ColorfightServer();
  ColorfightServer(const ColorfightServer&) = delete;
  ColorfightServer& operator=(const ColorfightServer&) = delete;

  int port() const;
  std::string Url() const;  // "http://HOST:PORT/"
  // Serves until Stop(); the connections close when the server is
  // destroyed.
  void Run();
  // From any thread: closes the listener; Run returns.
  void Stop();
  // Open TCP connections (HTTP and WebSocket) now.
  size_t OpenConnections() const;

  struct Impl;  // cf_server.cpp's (its sessions name it)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_CF_SERVER_H_
