// room.h: the Colorfight II server without the network (colorfight §1,
// §2.3-§2.8, §5, §9): a room (ColorfightRoom) plays one game after another
// on the rules core, answers the action channel's messages with the
// engine's exact reply texts, and makes the frames its game_channel pushes
// and the replay it serves; the set of rooms (ColorfightRoomSet) answers
// the HTTP RPC. Both are transport-free, deterministic and
// single-threaded: the server serialises every call (a mutex or a strand)
// and injects the time (`now`, seconds since the epoch as Python's
// time.time() gives them), so `warlight colorfight verify` can pin it.
//
//   wl::colorfight::PyRandom random(seed);          // one stream (§4.4)
//   ColorfightRoomSet rooms(random, /*master_password=*/"", now);
//   ColorfightRoom* room = rooms.Find("public");
//   std::string reply = room->HandleAction(conn, R"({"action": ...})");
//   room->Poll(now);                               // every 40 ms (§2.4)
//   ColorfightFrameRef f = room->CurrentFrame();   // push when changed
//   room->Disconnect(conn);                        // the socket closed
//   std::string body = rooms.Restart(json_body, now);   // POST /restart
//
// Server-layer choices (colorfight §11 S items):
// * S8: a message that kills the engine's connection (valid JSON on which
//   `'action' in data` or data['action'] raises: a number, true/false/null,
//   an array holding "action", a string containing "action",
//   {"action": []} or {"action": {}}) gets the reply `This is not a valid
//   json` instead (§2.5 allows it); the connection stays open.
// * S10: a connection is bound to (game_id, uid): after a restart its old
//   uid acts for nobody, even if another player now holds that number: its
//   command lists get the turn-0 refusal or `Wrong uid` (what the engine
//   replies when nobody holds the uid), and closing it removes nobody. The
//   recordings never use a stale connection (a turn-0 leaver's uid is
//   reused on a new connection in g03 and g08: same replies either way).
//   Within one game everything is the engine's: several connections may act
//   for one uid, and closing any of them at turn 0 removes the user (§5.4).
// * S11: passwords as the engine checks them (an omitted one is "", the
//   master password opens every room): a local server should be started
//   with a master password if others can reach it.
// * S12: the replay download at turn 0 is empty (ReplayGzip() returns "").
// * S13: the first frame after a restart carries first_round_time verbatim
//   as start_count_down (e.g. the string "never"), as the engine does.
// * §2.5's binary message / close frame are the transport's: it calls
//   Disconnect.
// * Bounds the engine lacks: a frame lists at most kMaxErrorsPerUser
//   errors (kMaxErrorBytesPerUser bytes) per user, then the line "<N> more
//   errors not listed" (every command still runs); pending chat keeps the
//   newest kMaxPendingChatMessages messages within kMaxPendingChatBytes,
//   and one message over that gets `Chat message too long`.
// * Messages are parsed by Boost.JSON: Python's json.loads also takes NaN,
//   Infinity and lone \uD800-style surrogates, which get `This is not a
//   valid json` here; no official client sends them.
// * A 9th user cannot be placed (State holds kMaxUsers = 8): when a start
//   cell frees up late in an 8-player game with join after start, a new
//   name gets `Map is full` where the engine would place it.
#ifndef WL_TOOLS_COLORFIGHT_ROOM_H_
#define WL_TOOLS_COLORFIGHT_ROOM_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boost/json.hpp"
#include "colorfight/colorfight_files.h"
#include "colorfight/replay_log.h"
#include "colorfight/room_config.h"
#include "sdk/colorfight/command.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/state.h"

namespace wl::colorfight {
class PyRandom;  // sdk/colorfight/py_random.h
}  // namespace wl::colorfight

namespace wl::tools {

// An action channel connection, numbered by the transport.
using ConnectionId = int64_t;

// The frame a game_channel pushes (§2.4): push again when key_frame or
// game_id differ from the last sent (or 30 s passed). `text` is shared by
// every connection (computed once per key frame).
struct ColorfightFrameRef {
  int64_t key_frame = 0;
  std::string game_id;
  std::shared_ptr<const std::string> text;
};

class ColorfightRoom {
 public:
  // Pending chat (/send_chat, shown in the next frame): at most this many
  // messages and bytes of their json.dumps texts; the oldest go first, and
  // one message over the byte bound is refused ("Chat message too long").
  static constexpr size_t kMaxPendingChatMessages = 100;
  static constexpr size_t kMaxPendingChatBytes = size_t{256} << 10;
  // A frame's error list of one user (§3.2): the first errors up to this
  // many and bytes, then one line "<N> more errors not listed". Every
  // command still runs (§6.2); only the list is cut.
  static constexpr size_t kMaxErrorsPerUser = 1000;
  static constexpr size_t kMaxErrorBytesPerUser = size_t{64} << 10;

  // A room restarts at creation (§1.2): the map draws come from `random`,
  // which outlives the room (the server's one stream, §4.4).
  ColorfightRoom(std::string name, ColorfightRoomConfig config,
                 std::string admin_password, bool admin_room,
                 colorfight::PyRandom& random, double now);

  const std::string& name() const { return name_; }
  const ColorfightRoomConfig& config() const { return config_; }
  const std::string& admin_password() const { return admin_password_; }
  void set_admin_password(std::string p) { admin_password_ = std::move(p); }
  const std::string& join_key() const { return join_key_; }
  void set_join_key(std::string key) { join_key_ = std::move(key); }
  bool admin_room() const { return admin_room_; }
  const colorfight::State& state() const { return state_; }
  int turn() const { return state_.turn; }
  int max_turn() const { return state_.max_turn; }
  int player_number() const { return state_.num_users; }  // dead included
  const std::string& game_id() const { return game_id_; }
  double last_update() const { return last_update_; }
  int64_t key_frame() const { return key_frame_; }

  // Replaces the config (the fields /restart validated, or max_turn set
  // directly) and restarts (§1.2).
  void Reconfigure(const ColorfightRoomConfig& config, double now);
  // §1.2: turn 0, no users, a new map and start list, game_id from `now`,
  // key frame 1, the replay log reset to the restart frame.
  void Restart(double now);

  // One action-channel message; returns the reply's exact text (§2.5,
  // §5.1): {"success": true[, "uid": n]} or {"success": false, "err_msg":
  // ...}. `conn` keeps its uid for later messages.
  std::string HandleAction(ConnectionId conn, std::string_view message);
  // The connection closed (§2.5, §5.4): at turn 0 its user leaves.
  void Disconnect(ConnectionId conn);

  // The room's update() at a game_channel poll (§2.4, §1.3-§1.6): the
  // countdown, the start (timer or full room), a turn when more than
  // round_time passed since the last update, the restart finish_time after
  // the end.
  void Poll(double now);
  // POST /start: update 1 now if the turn is 0 (§2.6).
  void Start(double now);
  // One update now, whatever the clock (the recordings' update(force)).
  // Nothing at max_turn.
  void ForceUpdate(double now);
  // Lock-step: every live (non-dead) user has a pending list this turn
  // (false at turn 0, at the end, and with no live user).
  bool AllLiveUsersSent() const;

  // The current frame (computed at the first call after each key-frame
  // change; that consumes the pending chat, §3.2).
  ColorfightFrameRef CurrentFrame();
  // /send_chat (§2.6): shown once, in the next frame; a new key frame.
  // Pending chat is bounded (kMaxPendingChat*: the oldest dropped); false
  // (nothing added) when this one message is over kMaxPendingChatBytes.
  bool AddChat(const boost::json::value& user, const boost::json::value& msg);

  // Whether GET replay may serve now (§2.6: "always", or "end" at
  // max_turn).
  bool ReplayAllowed() const;
  // The replay's gzip bytes (§9), built at the first call of each turn
  // (gzip MTIME = int(now)); "" at turn 0 (S12).
  const std::string& ReplayGzip(double now);
  // The replay's JSON text (orjson), what ReplayGzip compresses.
  std::string ReplayJson() const { return replay_.Json(); }

  // The users ranked by gold (§8, colorfight_files.h ColorfightRanking).
  std::vector<ColorfightRankedUser> Ranking() const;
  // Usernames in State::users order.
  std::vector<std::string> Usernames() const;

 private:
  struct Account {
    std::string username;
    std::string password;
  };
  struct Binding {
    std::string game_id;
    int uid = 0;
  };
  // A user's last accepted list (§6.2): every entry's command, and the
  // texts its error lines need (a command's text, an invalid entry's whole
  // error line) up to the last entry that can still be listed.
  struct Pending {
    std::vector<colorfight::Command> commands;
    std::vector<std::string> texts;
  };

  std::string HandleRegister(ConnectionId conn,
                             const boost::json::object& data);
  std::string HandleCommand(ConnectionId conn, const boost::json::object& data);
  int BoundUid(ConnectionId conn) const;  // 0: none or of another game
  void Update(double now);
  void StartCountdown(double now);
  colorfight::Frame MakeFrame();

  std::string name_;
  ColorfightRoomConfig config_;
  std::string admin_password_;
  std::string join_key_;
  bool admin_room_ = false;
  colorfight::PyRandom* random_;

  colorfight::State state_{};
  std::vector<int> start_cells_;     // the shuffled start list (§4.2)
  std::map<int, Account> accounts_;  // uid -> name and password
  std::map<int, Pending> pending_;   // uid -> the list for the next update
  std::vector<std::pair<int64_t, std::vector<std::string>>> errors_;
  std::vector<colorfight::ChatLine> chat_;  // json.dumps texts
  size_t chat_bytes_ = 0;
  std::map<ConnectionId, Binding> connections_;

  std::string game_id_;
  double restart_time_ = 0;
  double last_update_ = 0;
  int64_t key_frame_ = 1;
  std::string start_count_down_;  // the frame's JSON text (§3.2)
  ColorfightFrameRef frame_;      // cached for frame_.key_frame
  ColorfightReplayLog replay_;
  std::string replay_gzip_;
  int replay_gzip_turn_ = -1;
};

// The rooms of a server (§1.1, §2.6): `public` at start-up (admin,
// preset constant-run, password ""), at most 15, in creation order; every
// room draws from the one PyRandom. Replies are the exact json.dumps texts
// of §2.6; bodies are the parsed POST JSON (any JSON value).
class ColorfightRoomSet {
 public:
  static constexpr int kMaxRooms = 15;

  ColorfightRoomSet(colorfight::PyRandom& random, std::string master_password,
                    double now);

  ColorfightRoom* Find(std::string_view name);
  const std::vector<std::unique_ptr<ColorfightRoom>>& rooms() const {
    return rooms_;
  }
  // Makes a room directly (the server's start-up rooms, tests): no checks
  // but the id's; nullptr if it is not a valid id or exists. An admin room
  // draws its 10-letter password first (§4.4) instead of `admin_password`.
  ColorfightRoom* AddRoom(std::string name, ColorfightRoomConfig config,
                          std::string admin_password, bool admin_room,
                          double now);

  std::string RoomListJson() const;  // GET /get_gameroom_list
  // POST /creategameroom; `admin` is the query ?admin=true.
  std::string CreateRoom(const boost::json::value& body, bool admin,
                         double now);
  std::string Restart(const boost::json::value& body, double now);
  std::string Start(const boost::json::value& body, double now);
  std::string SendChat(const boost::json::value& body);
  std::string DeleteRoom(const boost::json::value& body);
  // Non-admin rooms idle (no update) for more than `idle_seconds` are
  // deleted (§2.6: 600 s, when the HTML room list loads; the server calls
  // this every second).
  void DeleteIdleRooms(double now, double idle_seconds = kIdleRoomSeconds);
  static constexpr double kIdleRoomSeconds = 600;
  void set_allow_create(bool allow) { allow_create_ = allow; }

 private:
  ColorfightRoom* Named(const boost::json::value& body, bool need_config,
                        std::string* reply);
  bool Allowed(const ColorfightRoom& room,
               const boost::json::value& body) const;

  colorfight::PyRandom* random_;
  std::string master_password_;
  bool allow_create_ = true;
  std::vector<std::unique_ptr<ColorfightRoom>> rooms_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_ROOM_H_
