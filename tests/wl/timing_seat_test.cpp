// timing_seat_test.cpp: the TimingSeat of `warlight profile`: request
// kinds from the engine's lines, what it records of a scripted Seat, and
// that it agrees with the engine's own accounting on a whole game.
#include "wl/timing_seat.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "shell.h"
#include "test_maps.h"
#include "wl/builtin_bots.h"
#include "wl/in_process_seat.h"

namespace wl::tools {
namespace {

int Count(const std::string& text, const std::string& what) {
  return wl::testing::Occurrences(text, what);
}

TEST(TimingSeatTest, RequestKindsComeFromTheEngineLines) {
  EXPECT_EQ(RequestKindOf("pick_starting_region 10000 4 7 12"),
            RequestKind::kPick);
  EXPECT_EQ(RequestKindOf("go place_armies 9500"), RequestKind::kPlace);
  EXPECT_EQ(RequestKindOf("go attack/transfer 9500"), RequestKind::kAttack);
  EXPECT_EQ(RequestKindOf("settings timebank 10000"), RequestKind::kOther);
  EXPECT_EQ(RequestKindOf(""), RequestKind::kOther);
  EXPECT_EQ(RequestKindName(RequestKind::kPick), "pick");
  EXPECT_EQ(RequestKindName(RequestKind::kPlace), "place");
  EXPECT_EQ(RequestKindName(RequestKind::kAttack), "attack");
  EXPECT_EQ(RequestKindName(RequestKind::kOther), "other");
}

TEST(TimingSeatTest, TimeAvailableIsTheBankPlusWhatTheAnswersAdd) {
  const TimeRules official;
  EXPECT_EQ(TimeAvailableMs(official, 0), 0);
  EXPECT_EQ(TimeAvailableMs(official, 1), 10000);
  EXPECT_EQ(TimeAvailableMs(official, 3), 11000);
  // Reached by a bot that always uses its whole bank.
  const TimeRules small{1000, 300};
  int64_t bank = small.timebank_ms, used = 0;
  for (int i = 0; i < 7; ++i) {
    used += bank;
    bank = std::min(std::max<int64_t>(bank - bank, 0) + small.time_per_move_ms,
                    small.timebank_ms);
  }
  EXPECT_EQ(TimeAvailableMs(small, 7), used);
  // More per answer than the bank holds: the bank is the cap.
  EXPECT_EQ(TimeAvailableMs(TimeRules{100, 500}, 4), 400);
}

// A Seat that answers from a script, to see what the TimingSeat records.
class ScriptedSeat : public Seat {
 public:
  explicit ScriptedSeat(std::deque<Reply> replies)
      : replies_(std::move(replies)) {}
  void Send(const std::string&) override { ++sent; }
  Reply Ask(const std::string& line, int64_t) override {
    asked.push_back(line);
    Reply r = replies_.front();
    replies_.pop_front();
    return r;
  }
  void Kill() override { killed = true; }
  int sent = 0;
  std::vector<std::string> asked;
  bool killed = false;

 private:
  std::deque<Reply> replies_;
};

TEST(TimingSeatTest, PassesThroughAndRecords) {
  Reply fast{false, "No moves", 12};
  Reply late{true, "", 777};  // waited past the bank
  ScriptedSeat inner({fast, late});
  std::vector<TimedRequest> requests;
  TimingSeat seat(inner, &requests);
  seat.Send("settings timebank 500");
  EXPECT_EQ(seat.Ask("pick_starting_region 500 1 2", 500).line, "No moves");
  EXPECT_TRUE(seat.Ask("go place_armies 300", 300).timed_out);
  EXPECT_FALSE(seat.killed());
  seat.Kill();
  EXPECT_TRUE(seat.killed());
  EXPECT_TRUE(inner.killed);
  EXPECT_EQ(inner.sent, 1);
  ASSERT_EQ(inner.asked.size(), 2u);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0].kind, "pick");
  EXPECT_EQ(requests[0].bank_ms, 500);
  EXPECT_EQ(requests[0].elapsed_ms, 12);
  EXPECT_FALSE(requests[0].timed_out);
  EXPECT_EQ(requests[1].kind, "place");
  EXPECT_EQ(requests[1].elapsed_ms, 300);  // the engine's count
  EXPECT_TRUE(requests[1].timed_out);
}

// In process: the TimingSeat sees exactly the requests of the dump, and its
// elapsed times add up to the engine's time_used_ms.
TEST(TimingSeatTest, AgreesWithTheEngine) {
  Map map = wl::testing::RandomTestMap(5, 24);
  InProcessSeat starter(MakeBuiltInBot("starter", 1));
  InProcessSeat random(MakeBuiltInBot("random", 2));
  std::vector<TimedRequest> requests;
  TimingSeat timing(starter, &requests);
  GameRecord record = PlayGame(map, 11, timing, random);
  const std::string& dump = record.dump[0];
  int picks = 0, places = 0, attacks = 0;
  for (const TimedRequest& r : requests) {
    picks += r.kind == "pick";
    places += r.kind == "place";
    attacks += r.kind == "attack";
  }
  EXPECT_GT(picks, 0);
  EXPECT_GT(places, 0);
  EXPECT_EQ(picks, Count(dump, "pick_starting_region "));
  EXPECT_EQ(places, Count(dump, "go place_armies "));
  EXPECT_EQ(attacks, Count(dump, "go attack/transfer "));
  int64_t used = 0;
  for (const TimedRequest& r : requests) used += r.elapsed_ms;
  EXPECT_EQ(used, record.stats[0].time_used_ms);
  int timeouts = 0;
  for (const TimedRequest& r : requests) timeouts += r.timed_out;
  EXPECT_EQ(timeouts, record.stats[0].timeouts);
}

}  // namespace
}  // namespace wl::tools
