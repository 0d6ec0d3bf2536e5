// tools/colorfight/replay_log.h: orjson texts, the replay log of colorfight
// §9 rebuilt from a recorded game's frames byte for byte, and the gzip
// Python's gzip.compress(data, 5, mtime) writes.
#include "colorfight/replay_log.h"

#include <gtest/gtest.h>

#include <string>

#include "colorfight/colorfight_replay_page.h"
#include "colorfight/recorded_game.h"
#include "sdk/colorfight/frame.h"

namespace wl::tools {
namespace {

TEST(ColorfightReplayLog, OrjsonFromPyJson) {
  EXPECT_EQ(OrjsonFromPyJson(R"({"a": [1, 2.0, "\u00e9"], "b": 1e-05})"),
            "{\"a\":[1,2.0,\"\xC3\xA9\"],\"b\":0.00001}");
  EXPECT_EQ(OrjsonFromPyJson(R"(["x, y: z", "\"q\\", "\u0001\n", 1e+16])"),
            R"(["x, y: z","\"q\\","\u0001\n",1e16])");
  EXPECT_EQ(OrjsonFromPyJson(R"(["\ud83d\ude00", true, null, -3])"),
            "[\"\xF0\x9F\x98\x80\",true,null,-3]");
  EXPECT_EQ(OrjsonFromPyJson("{}"), "{}");
  EXPECT_EQ(OrjsonFromPyJson("[\"\\"), "[\"\\\"");  // cut short: no overrun
  EXPECT_EQ(OrjsonFromPyJson("[\"\\u00"), "[\"\\u00\"");
}

TEST(ColorfightReplayLog, OrjsonStrings) {
  std::string out;
  AppendOrjsonString("a\"b\\c\nd\x01\x7f\xC3\xA9", &out);
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\nd\\u0001\x7f\xC3\xA9\"");
}

TEST(ColorfightReplayLog, GzipIsPythonsGzipCompress) {
  const std::string data = "[{\"turn\":0}]" + std::string(1000, 'x');
  const std::string gz = ColorfightGzip(data, 0x01020304);
  ASSERT_GT(gz.size(), 18u);
  EXPECT_EQ(gz.substr(0, 10),
            std::string("\x1f\x8b\x08\x00\x04\x03\x02\x01\x00\xff", 10));
  absl::StatusOr<std::string> back = GunzipColorfightReplay(gz);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, data);
}

// The log rebuilt from frames.jsonl.gz (log[0] is the restart frame, which
// only replay.cfr holds) is replay.cfr's JSON; compressed with the recorded
// MTIME it is replay.cfr itself (same zlib, level 5).
TEST(ColorfightReplayLog, RebuildsARecordedReplay) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const auto dir = testing::ColorfightGames().front();
  const std::string cfr = testing::ReadFile(dir / "replay.cfr");
  absl::StatusOr<std::string> recorded = GunzipColorfightReplay(cfr);
  ASSERT_TRUE(recorded.ok()) << recorded.status();
  std::vector<std::string> frames;
  ASSERT_TRUE(testing::ReadGzLines(dir / "frames.jsonl.gz", &frames));
  // log[0]: the first element of the recorded array.
  const boost::json::array log = boost::json::parse(*recorded).as_array();
  colorfight::Frame frame;
  std::string error;
  ASSERT_TRUE(
      colorfight::ParseFrame(boost::json::serialize(log[0]), &frame, &error))
      << error;
  frame.info.start_count_down = "\"never\"";
  frame.info.round_time = "1.0";
  ColorfightReplayLog replay;
  replay.Reset(frame);
  for (size_t t = 1; t < frames.size(); ++t) {
    ASSERT_TRUE(colorfight::ParseFrame(frames[t], &frame, &error)) << error;
    replay.Append(frame);
  }
  EXPECT_EQ(replay.size(), frames.size());
  const std::string json = replay.Json();
  ASSERT_EQ(json.size(), recorded->size());
  EXPECT_TRUE(json == *recorded);
  const uint32_t mtime =
      static_cast<uint8_t>(cfr[4]) | static_cast<uint8_t>(cfr[5]) << 8 |
      static_cast<uint8_t>(cfr[6]) << 16 |
      static_cast<uint32_t>(static_cast<uint8_t>(cfr[7])) << 24;
  EXPECT_TRUE(ColorfightGzip(json, mtime) == cfr);
}

}  // namespace
}  // namespace wl::tools
