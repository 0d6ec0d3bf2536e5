// tools/colorfight/room.h: the transport-free server layer: the action
// channel's replies (colorfight §2.5, §5.1), turn-0 disconnects and stale
// connections (§5.3-§5.4), the game_channel's polls (§1.3-§1.6, §2.4),
// chat, the replay download (§2.6, §9) and the rooms' HTTP RPC (§2.6).
#include "colorfight/room.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "colorfight/colorfight_replay_page.h"
#include "colorfight/recorded_game.h"
#include "colorfight/replay_log.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/py_random.h"

namespace wl::tools {
namespace {

namespace json = boost::json;
namespace cf = wl::colorfight;

constexpr double kNow = 1565000101.0;
constexpr const char* kOk = R"({"success": true})";

std::string Err(const std::string& m) {
  return R"({"success": false, "err_msg": ")" + m + "\"}";
}

std::string Reg(const std::string& name, const std::string& pw) {
  return R"({"action": "register", "username": ")" + name +
         R"(", "password": ")" + pw + "\"}";
}

ColorfightRoomConfig Official(int max_player, int max_turn = 200) {
  ColorfightRoomConfig c = ColorfightPreset("official");
  c.max_player = max_player;
  c.max_turn = max_turn;
  return c;
}

cf::Frame FrameOfRoom(ColorfightRoom& room) {
  cf::Frame f;
  std::string error;
  EXPECT_TRUE(cf::ParseFrame(*room.CurrentFrame().text, &f, &error)) << error;
  return f;
}

TEST(ColorfightRoom, ActionChannelReplies) {
  cf::PyRandom random(101);
  ColorfightRoom room("r", Official(2), "", false, random, kNow);
  const std::string not_json = Err("This is not a valid json");
  EXPECT_EQ(room.HandleAction(1, ""), not_json);
  EXPECT_EQ(room.HandleAction(1, "{\"action\": 1,}"), not_json);
  EXPECT_EQ(room.HandleAction(1, "[]"), Err("You have to specify an action"));
  EXPECT_EQ(room.HandleAction(1, "\"xyz\""),
            Err("You have to specify an action"));
  EXPECT_EQ(room.HandleAction(1, "{}"), Err("You have to specify an action"));
  // What kills the engine's connection gets the not-JSON reply (S8).
  for (const char* dies : {"5", "true", "null", "[\"action\"]", "\"my action\"",
                           R"({"action": []})", R"({"action": {}})"}) {
    EXPECT_EQ(room.HandleAction(1, dies), not_json) << dies;
  }
  EXPECT_EQ(room.HandleAction(1, R"({"action": null})"),
            Err("Not a valid action"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "fly"})"),
            Err("Not a valid action"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "command", "cmd_list": []})"),
            Err("You need to join the game first"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "register", "username": "x"})"),
            Err("password is missing"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "register"})"),
            Err("username is missing"));
  EXPECT_EQ(room.HandleAction(
                1, R"({"action": "register", "username": 1, "password": "x"})"),
            Err("Username and Password needs to be strings"));
  EXPECT_EQ(room.HandleAction(1, Reg("abcdefghijklmno", "x")),
            Err("Username can't exceed 15 characters."));
  EXPECT_EQ(room.HandleAction(1, Reg("", "x")),
            Err("Username has to be at least 1 characters"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "register", "username": "k",
      "password": "x", "join_key": "abc"})"),
            Err("You need the correct join key for the room"));
  EXPECT_EQ(room.HandleAction(1, Reg("abcdefghijklmn", "p1")),
            R"({"success": true, "uid": 1})");  // 14 characters
  EXPECT_EQ(room.HandleAction(2, Reg("abcdefghijklmn", "no")),
            Err("Username exists"));
  EXPECT_EQ(room.HandleAction(2, Reg("abcdefghijklmn", "p1")),
            R"({"success": true, "uid": 1})");  // reconnect, any connection
  EXPECT_EQ(room.HandleAction(1, R"({"action": "command"})"),
            Err("cmd_list is missing"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "command", "cmd_list": []})"),
            Err("The game has not started or it ended already."));
  EXPECT_EQ(room.HandleAction(3, Reg("\xC3\xA9t\xC3\xA9", "p")),
            R"({"success": true, "uid": 2})");
  EXPECT_EQ(room.HandleAction(4, Reg("third", "p")), Err("Map is full"));
  EXPECT_EQ(room.player_number(), 2);
}

TEST(ColorfightRoom, CommandsAfterTheStart) {
  cf::PyRandom random(101);
  ColorfightRoom room("r", Official(2, 3), "", false, random, kNow);
  room.HandleAction(1, Reg("a", "p"));
  room.HandleAction(2, Reg("b", "p"));
  EXPECT_FALSE(room.AllLiveUsersSent());
  room.Start(kNow);
  EXPECT_EQ(room.turn(), 1);
  EXPECT_EQ(room.HandleAction(3, Reg("late", "p")),
            Err("You are not allowed to join after the game starts"));
  EXPECT_EQ(room.HandleAction(1, R"({"action": "command", "cmd_list": 5})"),
            Err("Wrong type"));
  EXPECT_EQ(
      room.HandleAction(
          1, R"({"action": "command", "cmd_list": ["x 1", 5, "a 99 0 1"]})"),
      kOk);
  EXPECT_FALSE(room.AllLiveUsersSent());
  EXPECT_EQ(room.HandleAction(2, R"({"action": "command", "cmd_list": []})"),
            kOk);
  EXPECT_TRUE(room.AllLiveUsersSent());
  room.ForceUpdate(kNow);
  EXPECT_FALSE(room.AllLiveUsersSent());  // lists are cleared
  const cf::Frame f = FrameOfRoom(room);
  ASSERT_EQ(f.error.size(), 2u);
  EXPECT_EQ(f.error[0].first, 1);
  EXPECT_EQ(
      f.error[0].second,
      (std::vector<std::string>{
          "x 1 is a wrong command, cmd type x is invalid", "5 is not a command",
          "a 99 0 1 failed, Attack position is not in the map."}));
  EXPECT_TRUE(f.error[1].second.empty());
  room.ForceUpdate(kNow);
  EXPECT_EQ(room.turn(), 3);
  room.ForceUpdate(kNow);  // nothing at max_turn
  EXPECT_EQ(room.turn(), 3);
  EXPECT_EQ(room.HandleAction(1, R"({"action": "command", "cmd_list": []})"),
            Err("The game has not started or it ended already."));
  EXPECT_EQ(room.Ranking().size(), 2u);
}

TEST(ColorfightRoom, TurnZeroDisconnectAndStaleConnections) {
  cf::PyRandom random(104);
  ColorfightRoom room("r", Official(4), "", false, random, kNow);
  room.HandleAction(1, Reg("a", "p"));
  room.HandleAction(2, Reg("leaver", "p"));
  const int64_t key = room.key_frame();
  room.Disconnect(2);  // turn 0: the user leaves, uid 2 is free again
  EXPECT_EQ(room.key_frame(), key + 1);
  EXPECT_EQ(room.player_number(), 1);
  EXPECT_EQ(room.HandleAction(3, Reg("b", "p")),
            R"({"success": true, "uid": 2})");
  // After a restart conn 1's uid 1 acts for nobody (S10), even when uid 1
  // is someone else's again.
  room.Restart(kNow + 1);
  EXPECT_EQ(room.HandleAction(4, Reg("new", "p")),
            R"({"success": true, "uid": 1})");
  room.Disconnect(1);  // stale: removes nobody
  EXPECT_EQ(room.player_number(), 1);
  room.HandleAction(5, Reg("other", "p"));
  room.Start(kNow + 1);
  EXPECT_EQ(room.HandleAction(3, R"({"action": "command", "cmd_list": []})"),
            Err("Wrong uid"));
  EXPECT_EQ(room.HandleAction(4, R"({"action": "command", "cmd_list": []})"),
            kOk);
  room.Disconnect(4);  // turn > 0: nothing happens
  EXPECT_EQ(room.player_number(), 2);
}

TEST(ColorfightRoom, PollsStartUpdateAndRestart) {
  cf::PyRandom random(7);
  ColorfightRoomConfig c = Official(2, 3);
  ASSERT_EQ(ApplyConfigFields(json::parse(R"({"first_round_time": 10,
      "round_time": 0.5, "finish_time": 2})")
                                  .as_object(),
                              &c),
            "");
  ColorfightRoom room("r", c, "", false, random, kNow);
  EXPECT_EQ(FrameOfRoom(room).info.start_count_down, "10");  // verbatim
  EXPECT_EQ(FrameOfRoom(room).info.round_time, "0.5");
  room.Poll(kNow + 0.5);
  EXPECT_EQ(FrameOfRoom(room).info.start_count_down, "9");
  const int64_t key = room.key_frame();
  room.Poll(kNow + 0.7);  // the same whole second: no new frame
  EXPECT_EQ(room.key_frame(), key);
  room.Poll(kNow + 10);
  EXPECT_EQ(room.turn(), 1);
  EXPECT_EQ(FrameOfRoom(room).info.start_count_down, "0");
  room.Poll(kNow + 10.5);  // not strictly more than round_time
  EXPECT_EQ(room.turn(), 1);
  room.Poll(kNow + 10.51);
  EXPECT_EQ(room.turn(), 2);
  room.Poll(kNow + 11.02);
  EXPECT_EQ(room.turn(), 3);
  const std::string old_id = room.game_id();
  room.Poll(kNow + 12);  // finish_time 2 not yet passed
  EXPECT_EQ(room.turn(), 3);
  room.Poll(kNow + 13.5);
  EXPECT_EQ(room.turn(), 0);
  EXPECT_NE(room.game_id(), old_id);
  EXPECT_EQ(room.game_id(), "1565000114500");
  EXPECT_EQ(room.CurrentFrame().key_frame, 1);
}

TEST(ColorfightRoom, FullAndNeverStartRules) {
  cf::PyRandom random(8);
  ColorfightRoom duel("d", ColorfightPreset("duel"), "", false, random, kNow);
  EXPECT_EQ(FrameOfRoom(duel).info.start_count_down, "\"full\"");
  duel.Poll(kNow + 100);
  EXPECT_EQ(FrameOfRoom(duel).info.start_count_down, "9999");
  duel.HandleAction(1, Reg("a", "p"));
  duel.Poll(kNow + 100);
  EXPECT_EQ(duel.turn(), 0);
  duel.HandleAction(2, Reg("b", "p"));
  duel.Poll(kNow + 100);
  EXPECT_EQ(duel.turn(), 1);
  ColorfightRoom never("n", Official(2), "", false, random, kNow);
  never.Poll(kNow + 1000);
  EXPECT_EQ(never.turn(), 0);
  never.Start(kNow + 1000);
  EXPECT_EQ(never.turn(), 1);
}

TEST(ColorfightRoom, FramesChatAndReplay) {
  cf::PyRandom random(9);
  ColorfightRoomConfig c = Official(2, 5);
  c.replay_enable = "always";
  ColorfightRoom room("r", c, "", false, random, kNow);
  const ColorfightFrameRef first = room.CurrentFrame();
  EXPECT_EQ(room.CurrentFrame().text, first.text);  // cached, shared
  room.HandleAction(1, Reg("a", "p"));
  EXPECT_EQ(room.CurrentFrame().key_frame, first.key_frame + 1);
  room.AddChat(json::value("bob"), json::parse(R"({"m": [1, 2.5]})"));
  const cf::Frame with_chat = FrameOfRoom(room);
  ASSERT_EQ(with_chat.chat.size(), 1u);
  EXPECT_EQ(with_chat.chat[0].user, "\"bob\"");
  EXPECT_EQ(with_chat.chat[0].msg, R"({"m": [1, 2.5]})");
  room.HandleAction(2, Reg("b", "p"));
  EXPECT_TRUE(FrameOfRoom(room).chat.empty());  // shown once
  EXPECT_TRUE(room.ReplayAllowed());
  EXPECT_EQ(room.ReplayGzip(kNow), "");  // turn 0 (S12)
  room.Start(kNow);
  const std::string gz = room.ReplayGzip(kNow + 1);
  absl::StatusOr<std::string> log = GunzipColorfightReplay(gz);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(*log, room.ReplayJson());
  EXPECT_EQ(json::parse(*log).as_array().size(), 2u);
  EXPECT_EQ(log->find(", "), std::string::npos);  // compact
  EXPECT_EQ(log->find(": "), std::string::npos);
}

TEST(ColorfightRoomSet, RpcReplies) {
  cf::PyRandom random(4242);
  ColorfightRoomSet rooms(random, "master", kNow);
  EXPECT_EQ(rooms.RoomListJson(),
            R"([{"name": "public", "player_number": 0, "max_player": 8, )"
            R"("turn": 0, "max_turn": 500, "rank": false}])");
  ASSERT_NE(rooms.Find("public"), nullptr);
  EXPECT_EQ(rooms.Find("public")->admin_password(), "");
  auto create = [&](const char* body, bool admin = false) {
    return rooms.CreateRoom(json::parse(body), admin, kNow);
  };
  EXPECT_EQ(create(R"({"config": "default"})"), Err("'gameroom_id'"));
  EXPECT_EQ(create(R"({"gameroom_id": "a b"})"),
            Err("You have illegal special characters in you gameroom id"));
  EXPECT_EQ(create(R"({"gameroom_id": "public"})"), Err("Same id exists"));
  EXPECT_EQ(create(R"({"gameroom_id": "off", "config": "official"})"),
            Err("You need to set a password for official game!"));
  EXPECT_EQ(create(R"({"gameroom_id": "adm"})", true),
            Err("To create an admin room, you need admin"));
  EXPECT_EQ(create(R"({"gameroom_id": "d", "config": {}})"),
            Err("unhashable type: 'dict'"));
  EXPECT_EQ(create(R"({"gameroom_id": "demo", "config": "official",
      "admin_password": "pw", "join_key": "k"})"),
            kOk);
  ColorfightRoom* demo = rooms.Find("demo");
  ASSERT_NE(demo, nullptr);
  EXPECT_EQ(demo->join_key(), "k");
  EXPECT_EQ(demo->admin_password(), "pw");
  auto restart = [&](const char* body) {
    return rooms.Restart(json::parse(body), kNow);
  };
  EXPECT_EQ(restart(R"({"config": {}})"), Err("You need to specify room id"));
  EXPECT_EQ(restart(R"({"gameroom_id": "demo"})"),
            Err("You need to specify config"));
  EXPECT_EQ(restart(R"({"gameroom_id": "x", "config": {}})"),
            Err("No such room"));
  EXPECT_EQ(restart(R"({"gameroom_id": "demo", "config": {}})"),
            Err("You are not allowed to do this"));
  EXPECT_EQ(restart(R"({"gameroom_id": "demo", "admin_password": "pw",
      "config": {"max_turn": 20}})"),
            Err("max_turn value invalid"));
  EXPECT_EQ(restart(R"({"gameroom_id": "demo", "admin_password": "master",
      "config": {"max_player": 2, "max_turn": 300}})"),
            kOk);
  EXPECT_EQ(demo->max_turn(), 300);
  EXPECT_EQ(rooms.Start(json::parse(R"({"gameroom_id": "demo"})"), kNow),
            Err("You are not allowed to do this"));
  EXPECT_EQ(rooms.Start(json::parse(R"({"gameroom_id": "demo",
      "admin_password": "pw"})"),
                        kNow),
            kOk);
  EXPECT_EQ(demo->turn(), 1);
  EXPECT_EQ(rooms.SendChat(json::parse(R"({"gameroom_id": "demo"})")),
            Err("Need both user and msg"));
  EXPECT_EQ(rooms.SendChat(json::parse(
                R"({"gameroom_id": "demo", "user": "u", "msg": "hi"})")),
            kOk);
  EXPECT_EQ(rooms.DeleteRoom(json::parse(R"({"gameroom_id": "demo"})")),
            Err("Wrong password"));
  EXPECT_EQ(rooms.DeleteRoom(json::parse(R"({"gameroom_id": "public",
      "admin_password": ""})")),
            Err("Wrong password"));  // an admin room needs the master
  EXPECT_EQ(rooms.DeleteRoom(json::parse(
                R"({"gameroom_id": "demo", "admin_password": "pw"})")),
            kOk);
  EXPECT_EQ(rooms.DeleteRoom(json::parse(R"({"gameroom_id": "demo"})")),
            Err("No such room"));
  for (int i = 1; i < ColorfightRoomSet::kMaxRooms; ++i) {
    EXPECT_EQ(
        create(("{\"gameroom_id\": \"r" + std::to_string(i) + "\"}").c_str()),
        kOk);
  }
  EXPECT_EQ(create(R"({"gameroom_id": "one_more"})"),
            Err("Max room number reached"));
  rooms.DeleteIdleRooms(kNow + 601);  // public is an admin room: it stays
  EXPECT_EQ(rooms.rooms().size(), 1u);
}

// Room `cap`'s config in the transport capture; false if it is refused.
bool CaptureConfig(ColorfightRoomConfig* c) {
  const std::string error = ApplyConfigFields(json::parse(R"({"max_player": 4,
      "round_time": 0.2, "first_round_time": "never", "finish_time": 3,
      "allow_join_after_start": false, "allow_manual_mode": false,
      "replay_enable": "always"})")
                                                  .as_object(),
                                              c);
  EXPECT_EQ(error, "");
  c->max_turn = 20;
  return error.empty();
}

// The transport capture (../shared/colorfight/transport, seed 4242): the
// server's one random stream (colorfight §4.4) gives room `cap` its first
// map after `public`'s draws, and its second after the captured RPC calls
// (demo created, keyed created, demo restarted); both turn-0 frames are
// reproduced byte for byte, and so are the RPC replies.
std::vector<std::string> CapFirstFrames() {
  std::vector<std::string> lines, frames;
  if (!testing::ReadGzLines(
          testing::ColorfightSharedDir() / "transport" / "ws_frames.jsonl.gz",
          &lines)) {
    return frames;
  }
  std::string last_game;
  for (const std::string& line : lines) {
    const json::value v = json::parse(line);
    const json::object& o = v.as_object();
    const json::value* path = o.if_contains("path");
    const json::value* text = o.if_contains("text");
    if (!path || *path != "/gameroom/cap/game_channel" || !text ||
        o.at("dir") != "s2c") {
      continue;
    }
    const std::string t(text->as_string());
    const std::string id(json::parse(t).at("info").at("game_id").as_string());
    if (id != last_game) frames.push_back(t);
    last_game = id;
  }
  return frames;
}

TEST(ColorfightRoomSet, ReproducesTheTransportCapture) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<std::string> recorded = CapFirstFrames();
  ASSERT_EQ(recorded.size(), 2u);
  cf::PyRandom random(4242);
  const double t0 = 1795451093.8095;  // game_id 1795451093809
  ColorfightRoomSet rooms(random, "", t0);
  ColorfightRoomConfig c;
  ASSERT_TRUE(CaptureConfig(&c));
  ColorfightRoom* cap = rooms.AddRoom("cap", c, "", false, t0);
  ASSERT_NE(cap, nullptr);
  cap->Poll(t0);
  EXPECT_EQ(*cap->CurrentFrame().text, recorded[0]);
  const std::pair<const char*, const char*> rpc[] = {
      {R"({"gameroom_id": "demo", "config": "official", "admin_password": "pw"})",
       kOk},
      {R"({"gameroom_id": "demo", "config": "official", "admin_password": "pw"})",
       R"({"success": false, "err_msg": "Same id exists"})"},
      {R"({"gameroom_id": "off2", "config": "official"})",
       R"({"success": false, "err_msg": "You need to set a password for official game!"})"},
      {R"({"gameroom_id": "keyed", "config": "duel", "join_key": "k1"})", kOk}};
  for (const auto& [body, reply] : rpc) {
    EXPECT_EQ(rooms.CreateRoom(json::parse(body), false, t0), reply) << body;
  }
  EXPECT_EQ(rooms.Restart(json::parse(R"({"gameroom_id": "demo",
      "admin_password": "pw", "config": {"max_turn": 200, "max_player": 2,
      "round_time": 0.5, "first_round_time": "never", "finish_time": 5,
      "allow_join_after_start": true, "allow_manual_mode": true,
      "replay_enable": "always", "room_description": "captured"}})"),
                          t0),
            kOk);
  EXPECT_EQ(rooms.DeleteRoom(json::parse(
                R"({"gameroom_id": "keyed", "admin_password": ""})")),
            kOk);
  EXPECT_EQ(rooms.RoomListJson(),
            R"([{"name": "public", "player_number": 0, "max_player": 8, )"
            R"("turn": 0, "max_turn": 500, "rank": false}, {"name": "cap", )"
            R"("player_number": 0, "max_player": 4, "turn": 0, "max_turn": )"
            R"(20, "rank": false}, {"name": "demo", "player_number": 0, )"
            R"("max_player": 2, "turn": 0, "max_turn": 200, "rank": false}])");
  cap->Restart(1795451151.9505);  // finish_time passed: game_id ...151950
  EXPECT_EQ(*cap->CurrentFrame().text, recorded[1]);
}

// The captured game itself (transport/README.md timeline): every action
// message to room cap in time order, with its recorded reply; /start at
// 50.259 s, the chat at 51.278 s, update t >= 2 just before the first frame
// of turn t, the finish_time restart at 57.58 s (then the probe's stale
// connection is refused, registers again, uid 1, and leaves). Every turn's
// first frame, the chat frame, the last turn-0 frame and the replay the server
// served at the end (cap_replay.cfr, gzip bytes included given its MTIME)
// are reproduced byte for byte.
struct CapturedGame {
  struct Message {
    double t;
    std::string conn;
    std::string text;   // "" for a close
    std::string reply;  // the next s2c text on conn; "" if none
  };
  std::vector<Message> messages;
  std::map<std::pair<int, int>, std::pair<double, std::string>> frames;
  std::string last_turn0;
};

CapturedGame ReadCapturedGame() {
  CapturedGame game;
  std::vector<std::string> lines;
  testing::ReadGzLines(
      testing::ColorfightSharedDir() / "transport" / "ws_frames.jsonl.gz",
      &lines);
  std::set<std::string> closed;
  for (const std::string& line : lines) {
    const json::object o = json::parse(line).as_object();
    const std::string path(o.at("path").as_string());
    const std::string conn(o.at("conn").as_string());
    const double t = o.at("t").to_number<double>();
    const json::value* text = o.if_contains("text");
    const json::value* dir = o.if_contains("dir");
    if (path == "/gameroom/cap/game_channel" && text && *dir == "s2c") {
      if (t > 54.6) continue;  // the first game's frames only
      const std::string frame(text->as_string());
      const json::value f = json::parse(frame);
      const int turn = static_cast<int>(f.at("turn").as_int64());
      const int chat = static_cast<int>(f.at("chat").as_array().size());
      game.frames.emplace(std::pair(turn, chat), std::pair(t, frame));
      if (turn == 0) game.last_turn0 = frame;
    } else if (path == "/gameroom/cap/action_channel") {
      if (text && *dir == "c2s") {
        game.messages.push_back({t, conn, std::string(text->as_string()), ""});
      } else if (text) {
        for (auto it = game.messages.rbegin(); it != game.messages.rend();
             ++it) {
          if (it->conn == conn) {
            it->reply = std::string(text->as_string());
            break;
          }
        }
      } else if (o.contains("tcp") && closed.insert(conn).second) {
        game.messages.push_back({t, conn, "", ""});
      }
    }
  }
  return game;
}

TEST(ColorfightRoomSet, PlaysTheCapturedGame) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const CapturedGame game = ReadCapturedGame();
  ASSERT_EQ(game.frames.size(), 22u);  // turns 0-20 and the chat frame
  cf::PyRandom random(4242);
  const double t0 = 1795451093.8095;
  ColorfightRoomSet rooms(random, "", t0);
  ColorfightRoomConfig c;
  ASSERT_TRUE(CaptureConfig(&c));
  ColorfightRoom& cap = *rooms.AddRoom("cap", c, "", false, t0);
  std::map<std::string, ConnectionId> ids;
  bool chatted = false;
  std::string replay;
  for (const CapturedGame::Message& m : game.messages) {
    if (m.t > 57.58 && replay.empty()) {  // finish_time passed: a new game
      replay = cap.ReplayGzip(t0);
      cap.Restart(1795451151.9505);
      EXPECT_EQ(cap.player_number(), 0);
    }
    while (replay.empty() && cap.turn() < 20) {  // updates before m
      const int next = cap.turn() + 1;
      const double at =
          next == 1 ? 50.259 : game.frames.at({next, 0}).first - 0.002;
      if (at > m.t) break;
      if (next == 1) {
        cap.Poll(t0);
        EXPECT_EQ(*cap.CurrentFrame().text, game.last_turn0);
      }
      if (!chatted && at > 51.278) {
        chatted = true;
        cap.AddChat(json::value("admin"), json::value("hi bots"));
        EXPECT_EQ(*cap.CurrentFrame().text, game.frames.at({5, 1}).second);
      }
      cap.ForceUpdate(t0);
      EXPECT_EQ(*cap.CurrentFrame().text, game.frames.at({next, 0}).second)
          << "turn " << next;
    }
    const ConnectionId id = ids.emplace(m.conn, ids.size()).first->second;
    if (m.text.empty()) {
      cap.Disconnect(id);
      continue;
    }
    const std::string reply = cap.HandleAction(id, m.text);
    if (!m.reply.empty()) {
      EXPECT_EQ(reply, m.reply) << m.t << " " << m.text;
    }
  }
  EXPECT_TRUE(chatted);
  EXPECT_EQ(cap.player_number(), 0);  // the probe left again at turn 0
  EXPECT_EQ(ids.size(), 7u);
  const std::string cfr = testing::ReadFile(testing::ColorfightSharedDir() /
                                            "transport" / "cap_replay.cfr");
  absl::StatusOr<std::string> recorded = GunzipColorfightReplay(cfr);
  ASSERT_TRUE(recorded.ok()) << recorded.status();
  absl::StatusOr<std::string> played = GunzipColorfightReplay(replay);
  ASSERT_TRUE(played.ok()) << played.status();
  EXPECT_EQ(*played, *recorded);
  const uint32_t mtime =
      static_cast<uint8_t>(cfr[4]) | static_cast<uint8_t>(cfr[5]) << 8 |
      static_cast<uint8_t>(cfr[6]) << 16 |
      static_cast<uint32_t>(static_cast<uint8_t>(cfr[7])) << 24;
  EXPECT_TRUE(ColorfightGzip(*played, mtime) == cfr);
}

}  // namespace
}  // namespace wl::tools
