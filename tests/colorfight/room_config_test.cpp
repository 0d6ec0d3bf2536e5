// tools/colorfight/room_config.h: orjson's float texts, the
// presets of colorfight §2.8 and /restart's validation messages.
#include "colorfight/room_config.h"

#include <gtest/gtest.h>

#include <string>

namespace wl::tools {
namespace {

namespace json = boost::json;

TEST(ColorfightRoomConfig, FloatTextsAreOrjsonsAndPythonsRepr) {
  EXPECT_EQ(OrjsonFloat(1.0), "1.0");
  EXPECT_EQ(OrjsonFloat(0.2), "0.2");
  EXPECT_EQ(OrjsonFloat(0.00001), "0.00001");
  EXPECT_EQ(OrjsonFloat(0.000001), "1e-6");
  EXPECT_EQ(OrjsonFloat(1e16), "1e16");
  EXPECT_EQ(OrjsonFloat(1.5e-7), "1.5e-7");
  EXPECT_EQ((PyNumber{1, false}).PyText(), "1");
  EXPECT_EQ((PyNumber{1, true}).PyText(), "1.0");
}

TEST(ColorfightRoomConfig, PresetsOfTheTable) {
  const ColorfightRoomConfig d = ColorfightPreset("default");
  EXPECT_EQ(d.max_turn, 500);
  EXPECT_EQ(d.max_player, 8);
  EXPECT_EQ(d.round_time.PyText(), "1");  // int until a config sets it
  EXPECT_EQ(d.FirstRoundTimePyText(), "1");
  EXPECT_TRUE(d.allow_join_after_start);
  EXPECT_EQ(d.replay_enable, "never");
  const ColorfightRoomConfig off = ColorfightPreset("official");
  EXPECT_EQ(off.FirstRoundTimePyText(), "\"never\"");
  EXPECT_FALSE(off.allow_join_after_start);
  EXPECT_FALSE(off.allow_manual_mode);
  EXPECT_EQ(off.replay_enable, "end");
  const ColorfightRoomConfig duel = ColorfightPreset("duel");
  EXPECT_EQ(duel.max_player, 2);
  EXPECT_EQ(duel.FirstRoundTimePyText(), "\"full\"");
  EXPECT_EQ(duel.finish_time.value, 30);
  // A named preset goes through the engine's config(): float(val).
  EXPECT_EQ(duel.round_time.PyText(), "1.0");
  EXPECT_EQ(off.round_time.OrjsonText(), "1.0");
  EXPECT_EQ(ColorfightPreset("rank_4").max_turn, 400);
  EXPECT_EQ(ColorfightPreset("rank_2").max_player, 2);
  const ColorfightRoomConfig run = ColorfightPreset("constant-run");
  EXPECT_EQ(run.FirstRoundTimePyText(), "10");
  EXPECT_EQ(run.finish_time.value, 20);
  EXPECT_TRUE(run.allow_manual_mode);
  EXPECT_EQ(ColorfightPreset("no such").max_player, 8);  // default
}

std::string Apply(const char* fields, ColorfightRoomConfig* c) {
  return ApplyConfigFields(json::parse(fields).as_object(), c);
}

TEST(ColorfightRoomConfig, RestartValidationMessages) {
  ColorfightRoomConfig c;
  EXPECT_EQ(Apply(R"({"max_turn": 20})", &c), "max_turn value invalid");
  EXPECT_EQ(Apply(R"({"bogus": 1})", &c), "Invalid field bogus");
  EXPECT_EQ(Apply(R"({"round_time": 0.1})", &c), "round_time value invalid");
  EXPECT_EQ(Apply(R"({"round_time": true})", &c), "round_time value invalid");
  EXPECT_EQ(Apply(R"({"max_player": 3})", &c), "max_player value invalid");
  EXPECT_EQ(Apply(R"({"max_player": 2.0})", &c), "max_player value invalid");
  EXPECT_EQ(Apply(R"({"max_turn": true})", &c), "max_turn value invalid");
  EXPECT_EQ(Apply(R"({"first_round_time": "soon"})", &c),
            "first_round_time value invalid");
  EXPECT_EQ(Apply(R"({"finish_time": 61})", &c), "finish_time value invalid");
  EXPECT_EQ(Apply(R"({"allow_manual_mode": "yes"})", &c),
            "allow_manual_mode value invalid");
  EXPECT_EQ(Apply(R"({"replay_enable": "sometimes"})", &c),
            "replay_enable value invalid");
  const std::string long_text =
      R"({"room_description": ")" + std::string(501, 'x') + "\"}";
  EXPECT_EQ(Apply(long_text.c_str(), &c),
            "room_description value invalid, it needs to be a string under "
            "500 chars");
  // The first bad field wins, and nothing is applied.
  EXPECT_EQ(Apply(R"({"max_player": 2, "max_turn": 5, "bogus": 1})", &c),
            "max_turn value invalid");
  EXPECT_EQ(c.max_player, 8);
  EXPECT_EQ(c.round_time.PyText(), "1");
}

TEST(ColorfightRoomConfig, RestartAppliesEveryField) {
  ColorfightRoomConfig c;
  ASSERT_EQ(Apply(R"({"max_turn": 200, "max_player": 2, "round_time": 0.5,
      "first_round_time": "never", "finish_time": 5,
      "allow_join_after_start": 0, "allow_manual_mode": true,
      "replay_enable": "always", "room_description": "captured"})",
                  &c),
            "");
  EXPECT_EQ(c.max_turn, 200);
  EXPECT_EQ(c.max_player, 2);
  EXPECT_EQ(c.round_time.PyText(), "0.5");
  EXPECT_EQ(c.FirstRoundTimePyText(), "\"never\"");
  EXPECT_EQ(c.finish_time.PyText(), "5.0");  // stored as float
  EXPECT_FALSE(c.allow_join_after_start);
  EXPECT_EQ(c.replay_enable, "always");
  EXPECT_EQ(c.room_description, "captured");
  ASSERT_EQ(Apply(R"({"round_time": 1, "first_round_time": 7.5})", &c), "");
  EXPECT_EQ(c.round_time.PyText(), "1.0");
  EXPECT_EQ(c.FirstRoundTimePyText(), "7.5");  // kept as given
  ASSERT_EQ(Apply(R"({"first_round_time": 3})", &c), "");
  EXPECT_EQ(c.FirstRoundTimePyText(), "3");
  EXPECT_EQ(c.FirstRoundTimeOrjsonText(), "3");
}

}  // namespace
}  // namespace wl::tools
