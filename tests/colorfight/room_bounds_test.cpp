// tools/colorfight/room.h's bounds and its preset rooms' first frames: the
// pending chat of an unwatched room (issue 28 item 4), the error list of a
// huge cmd_list (item 7), idle rooms (item 11), and `info` of the first
// frame of every preset room byte for byte as the official server writes
// it (item 13, colorfight §2.8, §3.2).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "colorfight/room.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/py_random.h"

namespace wl::tools {
namespace {

namespace json = boost::json;
namespace cf = wl::colorfight;

constexpr double kNow = 1565000101.0;

// The text of the frame's "info" object (the frame's second key, §3.1).
std::string InfoText(const std::string& frame, const char* key = "\"info\"") {
  const size_t start = frame.find('{', frame.find(key));
  return frame.substr(start, frame.find('}', start) + 1 - start);
}

cf::Frame Parsed(const std::string& text) {
  cf::Frame f;
  std::string error;
  EXPECT_TRUE(cf::ParseFrame(text, &f, &error)) << error;
  return f;
}

// Each preset's info as the official server's first frame has it: its
// config() stores round_time as float(val) (so `1.0`), first_round_time as
// given (§2.8); preset "default" sets nothing (round_time stays the int 1).
TEST(ColorfightRoomBounds, FirstFrameInfoOfEveryPresetIsTheOfficialText) {
  struct Expected {
    const char* preset;
    const char* info;  // with GAME_ID for the game id
  };
  const Expected kExpected[] = {
      {"default",
       R"({"max_turn": 500, "max_player": 8, "width": 30, "height": 30, )"
       R"("round_time": 1, "start_count_down": 1, "allow_manual_mode": )"
       R"(true, "game_id": "GAME_ID", "replay_version": 2, )"
       R"("game_version": 2})"},
      {"official",
       R"({"max_turn": 500, "max_player": 8, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": "never", )"
       R"("allow_manual_mode": false, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
      {"duel",
       R"({"max_turn": 500, "max_player": 2, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": "full", )"
       R"("allow_manual_mode": false, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
      {"rank_2",
       R"({"max_turn": 300, "max_player": 2, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": "full", )"
       R"("allow_manual_mode": false, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
      {"rank_4",
       R"({"max_turn": 400, "max_player": 4, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": "full", )"
       R"("allow_manual_mode": false, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
      {"rank_8",
       R"({"max_turn": 500, "max_player": 8, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": "full", )"
       R"("allow_manual_mode": false, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
      {"test-run",
       R"({"max_turn": 500, "max_player": 8, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": "full", )"
       R"("allow_manual_mode": false, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
      {"constant-run",
       R"({"max_turn": 500, "max_player": 8, "width": 30, "height": 30, )"
       R"("round_time": 1.0, "start_count_down": 10, )"
       R"("allow_manual_mode": true, "game_id": "GAME_ID", )"
       R"("replay_version": 2, "game_version": 2})"},
  };
  const std::string game_id = "1565000101000";
  for (const Expected& e : kExpected) {
    cf::PyRandom random(7);
    ColorfightRoom room("r", ColorfightPreset(e.preset), "", false, random,
                        kNow);
    std::string want = e.info;
    want.replace(want.find("GAME_ID"), 7, game_id);
    EXPECT_EQ(InfoText(*room.CurrentFrame().text), want) << e.preset;
    // The replay's frame 0 (orjson, §9) has the same values.
    if (room.config().replay_enable != "never") {
      std::string compact;
      for (size_t i = 0; i < want.size(); ++i) {
        if ((want[i] == ',' || want[i] == ':') && i + 1 < want.size() &&
            want[i + 1] == ' ') {
          compact += want[i++];
        } else {
          compact += want[i];
        }
      }
      EXPECT_EQ(InfoText(room.ReplayJson(), "\"info\":"), compact) << e.preset;
    }
  }
}

// /send_chat on a room nobody watches: the chat waits for the next frame,
// bounded in messages and bytes (the newest kept); one message over the
// byte bound is refused.
TEST(ColorfightRoomBounds, PendingChatIsBounded) {
  cf::PyRandom random(3);
  ColorfightRoomSet rooms(random, "", kNow);
  const std::string body_start =
      R"({"gameroom_id": "public", "user": "u", "msg": ")";
  const std::string big(100000, 'x');
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(rooms.SendChat(
                  json::parse(body_start + std::to_string(i) + big + "\"}")),
              R"({"success": true})");
  }
  for (int i = 0; i < 300; ++i) {
    rooms.SendChat(json::parse(body_start + "s" + std::to_string(i) + "\"}"));
  }
  const std::string text = *rooms.Find("public")->CurrentFrame().text;
  EXPECT_LT(text.size(), ColorfightRoom::kMaxPendingChatBytes + 200000);
  const cf::Frame frame = Parsed(text);
  ASSERT_EQ(frame.chat.size(), ColorfightRoom::kMaxPendingChatMessages);
  EXPECT_EQ(frame.chat.back().msg, "\"s299\"");  // the newest kept
  const std::string too_long(ColorfightRoom::kMaxPendingChatBytes, 'y');
  EXPECT_EQ(rooms.SendChat(json::parse(body_start + too_long + "\"}")),
            R"({"success": false, "err_msg": "Chat message too long"})");
}

// A cmd_list of 200,000 empty strings: every entry still runs (§6.2), the
// frame lists the first kMaxErrorsPerUser errors and one line saying how
// many more failed.
TEST(ColorfightRoomBounds, ErrorListOfAHugeCommandListIsBounded) {
  cf::PyRandom random(5);
  ColorfightRoomConfig config = ColorfightPreset("official");
  config.max_player = 2;
  ColorfightRoom room("r", config, "", false, random, kNow);
  ASSERT_EQ(
      room.HandleAction(
          1, R"({"action": "register", "username": "a", "password": ""})"),
      R"({"success": true, "uid": 1})");
  room.Start(kNow);
  std::string list = R"({"action": "command", "cmd_list": [)";
  for (int i = 0; i < 200000; ++i) list += i == 0 ? "\"\"" : ", \"\"";
  list += R"(, "u 0 0 )" + std::string(100000, 'z') + "\"]}";
  ASSERT_EQ(room.HandleAction(1, list), R"({"success": true})");
  room.ForceUpdate(kNow + 1);
  const std::string text = *room.CurrentFrame().text;
  EXPECT_LT(text.size(), size_t{400000});
  const cf::Frame frame = Parsed(text);
  ASSERT_EQ(frame.error.size(), 1u);
  const std::vector<std::string>& errors = frame.error[0].second;
  ASSERT_EQ(errors.size(), ColorfightRoom::kMaxErrorsPerUser + 1);
  EXPECT_EQ(errors[0], " is not a command");
  EXPECT_EQ(errors.back(),
            std::to_string(200001 - ColorfightRoom::kMaxErrorsPerUser) +
                " more errors not listed");
}

// Non-admin rooms idle for more than the idle time are deleted (§2.6); a
// room that updates is not idle.
TEST(ColorfightRoomBounds, IdleRoomsExpire) {
  cf::PyRandom random(11);
  ColorfightRoomSet rooms(random, "", kNow);
  for (int i = 1; i < ColorfightRoomSet::kMaxRooms; ++i) {
    EXPECT_EQ(rooms.CreateRoom(
                  json::parse(R"({"gameroom_id": "r)" + std::to_string(i) +
                              R"(", "admin_password": "mine"})"),
                  false, kNow),
              R"({"success": true})");
  }
  EXPECT_EQ(
      rooms.CreateRoom(json::parse(R"({"gameroom_id": "late"})"), false, kNow),
      R"({"success": false, "err_msg": "Max room number reached"})");
  rooms.Find("r1")->Start(kNow + 50);  // an update: r1 is not idle
  rooms.DeleteIdleRooms(kNow + 601);
  ASSERT_EQ(rooms.rooms().size(), 2u);  // public (an admin room) and r1
  EXPECT_EQ(rooms.CreateRoom(json::parse(R"({"gameroom_id": "late"})"), false,
                             kNow + 601),
            R"({"success": true})");
}

}  // namespace
}  // namespace wl::tools
