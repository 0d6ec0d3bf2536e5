// Tests of frame.h: every recorded frame (the 12 conformance games and the
// transport capture's game_channel frames) parsed and written back byte
// for byte, and rebuilt through the rules State (StateOf, then FrameOf);
// the replay's restart frame; Python's float and string formats; and bad
// input (not JSON, truncated and mutated frames, wrong types, a short map,
// a missing header, huge numbers) refused with a one-line error.
#include "sdk/colorfight/frame.h"

#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/py_json.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight {
namespace {

namespace json = boost::json;

// The frames' texts of recorded game `index` (g00 = 0).
std::vector<std::string> GameFrames(size_t index) {
  return testing::ReadGzLines(testing::ColorfightGames().at(index) /
                              "frames.jsonl.gz");
}

// The usernames of a frame's users, in order.
std::vector<std::string> Usernames(const Frame& frame) {
  std::vector<std::string> names;
  for (const FrameUser& u : frame.users) names.push_back(u.username);
  return names;
}

// The game_channel frames of the transport capture (chat, "never",
// round_time 0.2).
std::vector<std::string> TransportFrames() {
  std::vector<std::string> frames;
  for (const std::string& line : testing::ReadGzLines(
           testing::ColorfightSharedDir() / "transport/ws_frames.jsonl.gz")) {
    json::error_code ec;
    const json::value e = json::parse(line, ec);
    if (ec || !e.is_object()) continue;
    const json::value* dir = e.as_object().if_contains("dir");
    const json::value* path_value = e.as_object().if_contains("path");
    const json::value* text_value = e.as_object().if_contains("text");
    if (dir == nullptr || *dir != "s2c" || path_value == nullptr ||
        text_value == nullptr) {
      continue;
    }
    const json::string* path = path_value->if_string();
    const json::string* text = text_value->if_string();
    if (path == nullptr || text == nullptr ||
        path->find("game_channel") == json::string::npos ||
        !text->starts_with("{\"turn\"")) {
      continue;
    }
    frames.emplace_back(text->data(), text->size());
  }
  return frames;
}

std::string FirstFrame() { return GameFrames(0).at(1); }

// Each frame is parsed once and checked twice: written back, and rebuilt
// from the rules state (StateOf, then FrameOf with the frame's info, chat
// and error, which the room sets).
TEST(FrameTest, EveryRecordedFrameRoundTripsAndComesBackThroughTheState) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const auto games = testing::ColorfightGames();
  ASSERT_EQ(games.size(), 12u);
  const auto start = std::chrono::steady_clock::now();
  size_t count = 0;
  Frame frame;
  std::string error;
  for (size_t g = 0; g < games.size(); ++g) {
    const std::vector<std::string> lines = GameFrames(g);
    ASSERT_GT(lines.size(), 200u);
    for (size_t t = 0; t < lines.size(); ++t) {
      const std::string& text = lines[t];
      ASSERT_TRUE(ParseFrame(text, &frame, &error))
          << "game " << g << " line " << t << ": " << error;
      ASSERT_EQ(frame.turn, static_cast<int64_t>(t));
      ASSERT_EQ(FrameText(frame), text) << "game " << g << " line " << t;
      const State state = StateOf(frame);
      ASSERT_EQ(state.max_turn, frame.info.max_turn);
      Frame again = FrameOf(state, Usernames(frame));
      again.info = frame.info;
      again.chat = frame.chat;
      again.error = frame.error;
      ASSERT_EQ(FrameText(again), text)
          << "through the state: game " << g << " line " << t;
      ++count;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("[ frames   ] %zu frames read, parsed and written in %.2f s\n",
              count, seconds);
  EXPECT_GT(count, 3400u);
}

TEST(FrameTest, TransportFramesWithChatAndStringCountdownRoundTrip) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<std::string> frames = TransportFrames();
  ASSERT_GE(frames.size(), 50u);
  bool saw_chat = false;
  bool saw_never = false;
  for (const std::string& text : frames) {
    Frame frame;
    std::string error;
    ASSERT_TRUE(ParseFrame(text, &frame, &error)) << error;
    EXPECT_EQ(FrameText(frame), text);
    EXPECT_EQ(frame.info.round_time, "0.2");
    if (!frame.chat.empty()) {
      saw_chat = true;
      EXPECT_EQ(frame.chat[0].user, "\"admin\"");
      EXPECT_EQ(frame.chat[0].msg, "\"hi bots\"");
    }
    saw_never |= frame.info.start_count_down == "\"never\"";
  }
  EXPECT_TRUE(saw_chat);
  EXPECT_TRUE(saw_never);
}

TEST(FrameTest, StateOfRecoversHomesUsersAndFlags) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::vector<std::string> game = GameFrames(0);
  Frame frame;
  std::string error;
  ASSERT_TRUE(ParseFrame(game.at(0), &frame, &error)) << error;
  State s = StateOf(frame);
  EXPECT_EQ(s.turn, 0);
  EXPECT_EQ(s.max_turn, 200);
  ASSERT_EQ(s.num_users, 2);
  EXPECT_EQ(s.index_of_uid[1], 0);
  EXPECT_EQ(s.index_of_uid[2], 1);
  EXPECT_EQ(s.index_of_uid[3], -1);
  EXPECT_TRUE(s.users[0].building_home);  // placed at registration (§6.2)
  const Cell& home = s.cells[CellIndex(10, 3)];
  EXPECT_EQ(home.building, Building::kHome);
  EXPECT_EQ(home.owner, 1);
  EXPECT_EQ(home.home_energy, 0);  // stored at no scan yet (§7)

  ASSERT_TRUE(ParseFrame(game.at(50), &frame, &error)) << error;
  s = StateOf(frame);
  EXPECT_FALSE(s.users[0].building_home);
  int homes = 0;
  for (int i = 0; i < kCells; ++i) {
    const Cell& c = s.cells[i];
    if (c.building != Building::kHome) continue;
    ++homes;
    const FrameCell& f = frame.Cell(CellX(i), CellY(i));
    EXPECT_EQ((1000 + c.home_energy + c.force_field) * c.level, f.attack_cost);
  }
  EXPECT_GE(homes, 1);
}

// Every replay's log[0] (orjson's compact text, colorfight §9) is the
// restart-time frame: turn 0, no users, "never", the map of frame 0.
TEST(FrameTest, ReplayRestartFramesParse) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const auto games = testing::ColorfightGames();
  for (size_t g = 0; g < games.size(); ++g) {
    json::error_code ec;
    const json::value replay =
        json::parse(testing::ReadGz(games[g] / "replay.cfr"), ec);
    ASSERT_FALSE(ec) << g;
    Frame frame;
    std::string error;
    ASSERT_TRUE(ParseFrame(json::serialize(replay.at(0)), &frame, &error))
        << g << ": " << error;
    EXPECT_EQ(frame.turn, 0);
    EXPECT_TRUE(frame.users.empty());
    EXPECT_TRUE(frame.error.empty());
    EXPECT_EQ(frame.info.start_count_down, "\"never\"");
    Frame first;
    ASSERT_TRUE(ParseFrame(
        testing::ReadGzFirstLine(games[g] / "frames.jsonl.gz"), &first, &error))
        << error;
    EXPECT_EQ(frame.info.game_id, first.info.game_id);
    for (int i = 0; i < kCells; ++i) {
      ASSERT_EQ(frame.cells[i].natural_cost, first.cells[i].natural_cost);
      ASSERT_EQ(frame.cells[i].natural_gold, first.cells[i].natural_gold);
      ASSERT_EQ(frame.cells[i].owner, 0);
    }
    const std::string text = FrameText(frame);
    EXPECT_NE(text.find(", \"start_count_down\": \"never\", "),
              std::string::npos);
    EXPECT_EQ(text.substr(text.size() - 16), "]}, \"users\": {}}");
  }
}

// A small valid frame text with `round_time` as given.
std::string FrameWithRoundTime(const std::string& round_time) {
  Frame frame = FrameOf(State::Empty(500), {});
  std::string text = FrameText(frame);
  const std::string key = "\"round_time\": 1";
  text.replace(text.find(key), key.size(), "\"round_time\": " + round_time);
  return text;
}

TEST(FrameTest, NumbersComeBackInPythonsFormat) {
  const std::pair<const char*, const char*> cases[] = {
      {"1", "1"},
      {"1.0", "1.0"},
      {"0.2", "0.2"},
      {"0.1", "0.1"},
      {"1e-05", "1e-05"},
      {"1e16", "1e+16"},
      {"1E+16", "1e+16"},
      {"1e15", "1000000000000000.0"},
      {"123456789012345678", "123456789012345678"},
      {"12345678901234567890", "12345678901234567890"},
      {"2.5e-7", "2.5e-07"},
      {"-0.0", "-0.0"},
      {"0.0001", "0.0001"},
      {"0.00012", "0.00012"},
      {"1e22", "1e+22"},
      {"5e-324", "5e-324"},
      {"1.7976931348623157e308", "1.7976931348623157e+308"},
      {"1.5", "1.5"},
      {"0.41661987254534116", "0.41661987254534116"},
      {"9999.99", "9999.99"},
      {"1e-4", "0.0001"},
      {"3.0e-3", "0.003"},
      {"-20", "-20"},
  };
  for (const auto& [in, python] : cases) {
    Frame frame;
    std::string error;
    ASSERT_TRUE(ParseFrame(FrameWithRoundTime(in), &frame, &error)) << error;
    EXPECT_EQ(frame.info.round_time, python) << in;
    EXPECT_NE(
        FrameText(frame).find(std::string("\"round_time\": ") + python + ", "),
        std::string::npos)
        << in;
  }
}

TEST(FrameTest, StringsAreEscapedAsJsonDumpsDoes) {
  // json.dumps('é😀\x00\x1f\x7f"\\/\n\t\r\b\f\u2028ü') in CPython 3.11.
  std::string out;
  AppendPyJsonString(
      std::string("\xc3\xa9\xf0\x9f\x98\x80\0\x1f\x7f\"\\/\n\t\r\b\f"
                  "\xe2\x80\xa8\xc3\xbc",
                  22),
      &out);
  EXPECT_EQ(out,
            "\"\\u00e9\\ud83d\\ude00\\u0000\\u001f\\u007f\\\"\\\\/"
            "\\n\\t\\r\\b\\f\\u2028\\u00fc\"");
  out.clear();
  AppendPyJsonString(
      "\xff"
      "a\xe2\x80",
      &out);  // invalid UTF-8
  EXPECT_EQ(out, "\"\\ufffda\\ufffd\\ufffd\"");
}

TEST(FrameTest, UnicodeUsernamesAndMessagesRoundTrip) {
  Frame frame = FrameOf(State::Empty(500), {});
  frame.users.push_back({});
  frame.users[0].uid = 3;
  frame.users[0].username = "j\xc3\xb6rg\xf0\x9f\x98\x80";
  frame.error.push_back({3, {"a \xe2\x82\xac 1 2 is a wrong command"}});
  frame.chat.push_back({"\"\\u00e9\"", "[1, 2.5, null, {\"a\": true}]"});
  const std::string text = FrameText(frame);
  EXPECT_NE(text.find("\"username\": \"j\\u00f6rg\\ud83d\\ude00\""),
            std::string::npos);
  Frame back;
  std::string error;
  ASSERT_TRUE(ParseFrame(text, &back, &error)) << error;
  EXPECT_EQ(back.users.at(0).username, frame.users[0].username);
  EXPECT_EQ(back.error.at(0).second.at(0), frame.error[0].second[0]);
  EXPECT_EQ(back.chat.at(0).msg, frame.chat[0].msg);
  EXPECT_EQ(FrameText(back), text);
}

// ParseFrame must refuse `text` with a one-line error, without crashing.
void ExpectRefused(const std::string& text, const std::string& why) {
  Frame frame;
  std::string error;
  EXPECT_FALSE(ParseFrame(text, &frame, &error)) << why;
  EXPECT_FALSE(error.empty()) << why;
  EXPECT_EQ(error.find('\n'), std::string::npos) << why << ": " << error;
}

// `text` with its first `from` replaced by `to`.
std::string Replaced(std::string text, const std::string& from,
                     const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(FrameTest, RefusesGarbageWithOneLineErrors) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::string good = FirstFrame();
  ExpectRefused("", "empty");
  ExpectRefused("not json", "not JSON");
  ExpectRefused(std::string(100000, '['), "deeply nested");
  ExpectRefused(good + " x", "trailing garbage");
  ExpectRefused(good.substr(0, good.size() - 1), "an unclosed object");
  ExpectRefused("[1, 2, 3]", "an array");
  ExpectRefused("{}", "no fields");
  ExpectRefused(Replaced(good, "\"turn\": 1", "\"turn\": \"1\""),
                "a string turn");
  ExpectRefused(Replaced(good, "\"turn\": 1", "\"turn\": 1.5"), "a float turn");
  ExpectRefused(Replaced(good, "\"turn\": 1", "\"turn\": 99999999999999999999"),
                "a huge turn");
  ExpectRefused(Replaced(good, "\"energy\": ", "\"energy\": 1e400, \"x\": "),
                "a huge energy");
  ExpectRefused(Replaced(good, "\"gold\": ",
                         "\"gold\": -123456789012345678901234567890, \"x\": "),
                "a huge negative gold");
  ExpectRefused(Replaced(good, "\"natural_cost\"]", "\"natural_costs\"]"),
                "a missing header");
  ExpectRefused(Replaced(good, "\"headers\": [", "\"headers\": [\"extra\", "),
                "headers longer than the cells");
  ExpectRefused(Replaced(good, "\"data\": [[", "\"data\": [[[1], "),
                "31 cells in a row");
  ExpectRefused(Replaced(good, "[\" \", 1]", "[\"x\", 1]"), "a bad letter");
  ExpectRefused(Replaced(good, "[\" \", 1]", "[\" \", 4]"), "level 4");
  ExpectRefused(Replaced(good, "[0, 0], ", "[1, 0], "), "a wrong position");
  ExpectRefused(Replaced(good, "\"uid\": 1", "\"uid\": 2"), "uid != key");
  ExpectRefused(Replaced(good, "\"error\": {\"1\"", "\"error\": {\"x\""),
                "a non-uid error key");
  ExpectRefused(Replaced(good, "\"round_time\": 1.0", "\"round_time\": null"),
                "a null round_time");
  ExpectRefused(Replaced(good, "\"users\": {\"1\": {\"uid\": 1, ",
                         "\"users\": {\"1\": {"),
                "a user without uid");
  ExpectRefused(Replaced(good, "\"cells\": [[", "\"cells\": [[30, "),
                "an off-map user cell");
  // 29 rows: drop the last row.
  const size_t last_row = good.rfind(", [[");
  const size_t map_end = good.find("]], \"headers\"");
  ExpectRefused(good.substr(0, last_row) + "]" + good.substr(map_end + 1),
                "29 rows");
}

TEST(FrameTest, TruncatedAndMutatedFramesNeverCrash) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const std::string good = FirstFrame();
  Frame frame;
  std::string error;
  for (size_t cut = 0; cut < good.size(); cut += 97) {
    EXPECT_FALSE(ParseFrame(good.substr(0, cut), &frame, &error)) << cut;
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
  std::mt19937 rng(15);
  const char kBytes[] = "0123456789-.e\"[]{}:, \x80\xff";
  int refused = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::string text = good;
    for (int k = 0; k < 3; ++k) {
      text[rng() % text.size()] = kBytes[rng() % (sizeof kBytes - 1)];
    }
    error.clear();
    if (!ParseFrame(text, &frame, &error)) {
      ++refused;
      EXPECT_FALSE(error.empty());
      EXPECT_EQ(error.find('\n'), std::string::npos);
    } else {
      FrameText(frame);  // whatever was accepted can be written
      StateOf(frame);
    }
  }
  EXPECT_GT(refused, 100);
}

}  // namespace
}  // namespace wl::colorfight
