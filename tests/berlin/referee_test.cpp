// tools/berlin/referee.h: one Berlin game as the engine plays it (berlin §1,
// §2.5, §2.6, §5, §6), against fake seats: the requests' order and text,
// ignored answers (time-outs, non-2xx with valid moves, late, throwing), a
// failed game_start (§11), elimination, game_over to everyone, phases asked
// in parallel, the replay text and the results.
#include "berlin/referee.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "berlin/berlin_files.h"
#include "gtest/gtest.h"

namespace wl::tools {
namespace {

using Kind = BerlinAnswer::Kind;
using Answerer = std::function<BerlinAnswer(const berlin::RequestFields&)>;

BerlinAnswer Answered(int status, std::string body) {
  BerlinAnswer a;
  a.status = status;
  a.body = std::move(body);
  return a;
}

BerlinAnswer Missing(Kind kind, std::string error) {
  BerlinAnswer a;
  a.kind = kind;
  a.error = std::move(error);
  return a;
}

int64_t TurnOf(const berlin::RequestFields& r) {
  return boost::json::parse(r.infos).at("current_turn").as_int64();
}

// Answers `turn` requests with `bodies[turn]` ("[]" otherwise), anything
// else with an empty 200; records what it was asked.
class FakeSeat : public BerlinSeat {
 public:
  explicit FakeSeat(Answerer answer = {}) : answer_(std::move(answer)) {}
  BerlinAnswer Ask(const berlin::RequestFields& r, int64_t limit) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      asked_.push_back(r);
      limits_.push_back(limit);
    }
    if (answer_) return answer_(r);
    return Answered(200, r.action == "turn" ? "[]" : "");
  }
  std::vector<std::string> Actions() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<std::string> out;
    for (const auto& r : asked_) out.push_back(r.action);
    return out;
  }
  std::vector<int64_t> Limits() const {
    std::lock_guard<std::mutex> lock(mu_);
    return limits_;
  }

 private:
  Answerer answer_;
  mutable std::mutex mu_;
  std::vector<berlin::RequestFields> asked_;
  std::vector<int64_t> limits_;
};

Answerer TurnBodies(std::map<int64_t, std::string> bodies) {
  return [bodies](const berlin::RequestFields& r) {
    if (r.action != "turn") return Answered(200, "");
    const auto it = bodies.find(TurnOf(r));
    return Answered(200, it == bodies.end() ? "[]" : it->second);
  };
}

// berlin_map_test's line 1 - 2 - 3 (cities at the ends), 5 turns.
const BerlinMapFile& LineMap() {
  static const BerlinMapFile map = *ParseBerlinMap(R"({
    "infos":{"maximum_number_of_turns":5},
    "types":[{"name":"city","points":1,"soldiers_per_turn":1},
             {"name":"node","points":0,"soldiers_per_turn":0}],
    "nodes":[{"id":1,"type":"city"},{"id":2,"type":"node"},
             {"id":3,"type":"city"}],
    "paths":[{"from":1,"to":2},{"from":2,"to":3}],
    "setup":{"2":{"0":[{"node":1,"number_of_soldiers":5}],
                  "1":[{"node":3,"number_of_soldiers":4}]}}})",
                                                   "line");
  return map;
}

// Four cities 1 - 2 - 3 - 4, 3 turns; player 1 starts weak on node 2.
const BerlinMapFile& ChainMap() {
  static const BerlinMapFile map = *ParseBerlinMap(R"({
    "infos":{"maximum_number_of_turns":3,"time_limit_per_turn":5000},
    "types":[{"name":"city","points":1,"soldiers_per_turn":1}],
    "nodes":[{"id":1,"type":"city"},{"id":2,"type":"city"},
             {"id":3,"type":"city"},{"id":4,"type":"city"}],
    "paths":[{"from":1,"to":2},{"from":2,"to":3},{"from":3,"to":4}],
    "setup":{"2":{"0":[{"node":1,"number_of_soldiers":5}],
                  "1":[{"node":2,"number_of_soldiers":1}]},
             "3":{"0":[{"node":1,"number_of_soldiers":5}],
                  "1":[{"node":2,"number_of_soldiers":1}],
                  "2":[{"node":4,"number_of_soldiers":5}]}}})",
                                                   "chain");
  return map;
}

BerlinGameSpec Spec(const BerlinMapFile& map, std::vector<int> order,
                    std::vector<BerlinSeat*> seats) {
  BerlinGameSpec spec;
  spec.map = &map;
  spec.game_id = "G";
  for (size_t k = 0; k < order.size(); ++k) {
    spec.players.push_back(
        {order[k], std::string(1, char('a' + order[k])),
         "http://127.0.0.1:" + std::to_string(9100 + k) + "/", seats[k]});
  }
  return spec;
}

std::string Turn(const BerlinRecord& r, int t) {
  return boost::json::serialize(
      boost::json::parse(r.replay_json).at("turns").at(std::to_string(t)));
}

TEST(BerlinReferee, RequestsInTheEnginesOrderAndText) {
  FakeSeat s0, s1;
  const BerlinRecord r = RefereeGame(Spec(LineMap(), {1, 0}, {&s1, &s0}));
  // game_start to all, 5 turns to both, game_over to all (berlin §1.3-1.5),
  // each phase in iteration order [1, 0] (berlin §1.2).
  ASSERT_EQ(r.exchanges.size(), 14u);
  for (size_t i = 0; i < r.exchanges.size(); ++i) {
    const BerlinExchange& e = r.exchanges[i];
    EXPECT_EQ(e.seq, static_cast<int>(i));
    EXPECT_EQ(e.player_id, i % 2 == 0 ? 1 : 0);
    EXPECT_EQ(e.request.action, i < 2    ? "game_start"
                                : i < 12 ? "turn"
                                         : "game_over");
    EXPECT_EQ(e.timeout_option, i < 2 ? 30000 : i < 12 ? 1000 : 5000);
    EXPECT_EQ(e.request.map, LineMap().map_json);
    EXPECT_EQ(e.url,
              i % 2 == 0 ? "http://127.0.0.1:9100/" : "http://127.0.0.1:9101/");
  }
  EXPECT_EQ(r.exchanges[0].request.infos,
            R"({"game_id":"G","current_turn":0,"maximum_number_of_turns":5,)"
            R"("time_limit_per_turn":1000,"directed":false,)"
            R"("number_of_players":2,"player_id":1})");
  EXPECT_EQ(r.exchanges[0].request.state,
            R"([{"node_id":1,"player_id":0,"number_of_soldiers":5},)"
            R"({"node_id":2,"player_id":null,"number_of_soldiers":0},)"
            R"({"node_id":3,"player_id":1,"number_of_soldiers":4}])");
  EXPECT_EQ(TurnOf(r.exchanges[4].request), 2);
  EXPECT_NE(r.exchanges[4].request.state.find(R"("number_of_soldiers":6)"),
            std::string::npos);
  EXPECT_EQ(TurnOf(r.exchanges[13].request), 5);  // turns played
  EXPECT_EQ(s0.Limits(),
            (std::vector<int64_t>{30000, 1000, 1000, 1000, 1000, 1000, 5000}));
  // berlin §8: the replay's infos has no player_id, current_turn = turns.
  EXPECT_EQ(r.replay_json.rfind(
                R"({"infos":{"game_id":"G","current_turn":5,)"
                R"("maximum_number_of_turns":5,"time_limit_per_turn":1000,)"
                R"("directed":false,"number_of_players":2},"turns":{"1":{)"
                R"("states_pre":[)",
                0),
            0u)
      << r.replay_json;
  EXPECT_EQ(r.number_of_turns, 5);
  ASSERT_EQ(r.results.size(), 2u);  // one city each: co-winners (berlin §6)
  EXPECT_EQ(r.results[0].score, 0.5);
  EXPECT_TRUE(r.results[0].winner && r.results[1].winner);
}

TEST(BerlinReferee, MovesResolveInIterationOrder) {
  FakeSeat s0(
      TurnBodies({{1, R"([{"from":1,"to":2,"number_of_soldiers":5}])"}}));
  FakeSeat s1(
      TurnBodies({{1, R"([{"from":3,"to":2,"number_of_soldiers":4}])"}}));
  const BerlinRecord r = RefereeGame(Spec(LineMap(), {1, 0}, {&s1, &s0}));
  // berlin §5.8: accepted moves grouped by player in iteration order; §5.5:
  // 5 against 4 leaves 1.
  EXPECT_EQ(
      Turn(r, 1),
      R"({"states_pre":[{"node_id":1,"player_id":0,"number_of_soldiers":5},)"
      R"({"node_id":2,"player_id":null,"number_of_soldiers":0},)"
      R"({"node_id":3,"player_id":1,"number_of_soldiers":4}],)"
      R"("moves":[{"player_id":1,"from":3,"to":2,"number_of_soldiers":4},)"
      R"({"player_id":0,"from":1,"to":2,"number_of_soldiers":5}],)"
      R"("states_post":[{"node_id":1,"player_id":0,"number_of_soldiers":0},)"
      R"({"node_id":2,"player_id":0,"number_of_soldiers":1},)"
      R"({"node_id":3,"player_id":1,"number_of_soldiers":0}],)"
      R"("spawns":[{"node_id":1,"player_id":0,"number_of_soldiers":1},)"
      R"({"node_id":3,"player_id":1,"number_of_soldiers":1}]})");
}

TEST(BerlinReferee, TimeOutsAndNon2xxAnswersAreIgnored) {
  const std::string moves = R"([{"from":1,"to":2,"number_of_soldiers":5}])";
  FakeSeat s0([&](const berlin::RequestFields& r) {
    if (r.action != "turn") return Answered(200, "");
    BerlinAnswer a = Missing(Kind::kTimedOut, "no answer within 1000 ms");
    a.body = moves;  // never read
    return a;
  });
  FakeSeat s1([](const berlin::RequestFields& r) {
    // berlin §2.5: a 500 is ignored even with valid moves; a 201 counts.
    if (r.action != "turn") return Answered(200, "");
    return Answered(TurnOf(r) == 5 ? 201 : 500,
                    R"([{"from":3,"to":2,"number_of_soldiers":1}])");
  });
  const BerlinRecord r = RefereeGame(Spec(LineMap(), {0, 1}, {&s0, &s1}));
  for (int t = 1; t <= 4; ++t) {
    EXPECT_NE(Turn(r, t).find(R"("moves":[])"), std::string::npos) << t;
  }
  EXPECT_NE(Turn(r, 5).find(R"("moves":[{"player_id":1,"from":3,"to":2,)"),
            std::string::npos);
  EXPECT_TRUE(r.exchanges[2].reading.moves.empty());
  ASSERT_EQ(r.stats.size(), 2u);
  EXPECT_EQ(r.stats[0].timeouts, 5);
  EXPECT_EQ(r.stats[1].failed_answers, 4);
  EXPECT_EQ(r.stats[1].moves_sent, 1);
  EXPECT_EQ(r.stats[1].rejected_moves, 0);
}

TEST(BerlinReferee, UnreadableCutShortAndRejectedAnswersAreCounted) {
  FakeSeat s0(TurnBodies(
      {{1, "not json"},
       {2, R"([{"from":1,"to":2,"number_of_soldiers":1},7,{"from":1}])"},
       {3, R"([{"from":1,"to":3,"number_of_soldiers":1},{"x":1}])"}}));
  FakeSeat s1;
  const BerlinRecord r = RefereeGame(Spec(LineMap(), {0, 1}, {&s0, &s1}));
  const BerlinSeatStats& s = r.stats[0];
  EXPECT_EQ(s.unreadable_answers, 1);
  EXPECT_EQ(s.cut_short_answers, 1);
  EXPECT_EQ(s.moves_sent, 3);      // 1->2; 1->3; (nil, nil)
  EXPECT_EQ(s.rejected_moves, 2);  // not adjacent (§5.3 check 3), unknown
  EXPECT_EQ(s.requests, 7);
  EXPECT_NE(Turn(r, 2).find(R"({"player_id":0,"from":1,"to":2,)"),
            std::string::npos);
}

TEST(BerlinReferee, AFailedGameStartPlaysOnWithoutThatPlayer) {
  FakeSeat s0;
  FakeSeat s1([](const berlin::RequestFields& r) {
    if (r.action == "game_start") {
      return Missing(Kind::kFailed, "connection refused");
    }
    return Answered(200, R"([{"from":3,"to":2,"number_of_soldiers":4}])");
  });
  const BerlinRecord r = RefereeGame(Spec(LineMap(), {0, 1}, {&s0, &s1}));
  // berlin §11: no retry; the player makes no moves but gets game_over.
  ASSERT_EQ(r.start_failures.size(), 1u);
  EXPECT_EQ(r.start_failures[0],
            "player 1 (b): game_start failed: connection refused");
  EXPECT_EQ(s1.Actions(),
            (std::vector<std::string>{"game_start", "game_over"}));
  EXPECT_EQ(r.number_of_turns, 5);
  EXPECT_NE(r.exchanges.back().request.state.find(
                R"({"node_id":3,"player_id":1,"number_of_soldiers":9})"),
            std::string::npos);
}

TEST(BerlinReferee, EliminationEndsTheGame) {
  FakeSeat s0(
      TurnBodies({{1, R"([{"from":1,"to":2,"number_of_soldiers":5}])"}}));
  FakeSeat s1;
  const BerlinRecord r = RefereeGame(Spec(ChainMap(), {0, 1}, {&s0, &s1}));
  EXPECT_EQ(r.number_of_turns, 1);  // berlin §1.4: < 2 players alive
  ASSERT_EQ(r.exchanges.size(), 6u);
  EXPECT_EQ(r.exchanges[5].request.action, "game_over");
  EXPECT_EQ(r.exchanges[5].player_id, 1);  // the eliminated one too (§1.5)
  EXPECT_EQ(TurnOf(r.exchanges[5].request), 1);
  EXPECT_EQ(r.results[0].score, 1.0);
  EXPECT_TRUE(r.results[0].winner);
  EXPECT_FALSE(r.results[1].winner);
}

TEST(BerlinReferee, EliminatedPlayersAreNotAskedButGetGameOver) {
  FakeSeat s0(
      TurnBodies({{1, R"([{"from":1,"to":2,"number_of_soldiers":5}])"}}));
  FakeSeat s1, s2;
  const BerlinRecord r =
      RefereeGame(Spec(ChainMap(), {2, 1, 0}, {&s2, &s1, &s0}));
  EXPECT_EQ(r.number_of_turns, 3);
  std::vector<int> asked;
  for (const BerlinExchange& e : r.exchanges) asked.push_back(e.player_id);
  // game_start, turn 1 to all; turns 2 and 3 to the alive (§5.1); game_over.
  EXPECT_EQ(asked, (std::vector<int>{2, 1, 0, 2, 1, 0, 2, 0, 2, 0, 2, 1, 0}));
  EXPECT_EQ(s1.Actions(),
            (std::vector<std::string>{"game_start", "turn", "game_over"}));
  EXPECT_EQ(r.results[1].score, 0.0);
  EXPECT_FALSE(r.results[1].winner);
}

TEST(BerlinReferee, APhaseAsksEverySeatAtOnce) {
  // Each game_start answer waits until both seats have been asked: asked one
  // after the other, the first would wait out its 20 s and fail the test.
  std::mutex mu;
  std::condition_variable cv;
  int arrived = 0;
  std::atomic<int> together{0};
  auto wait_for_both = [&](const berlin::RequestFields& r) {
    if (r.action == "game_start") {
      std::unique_lock<std::mutex> lock(mu);
      ++arrived;
      cv.notify_all();
      if (cv.wait_for(lock, std::chrono::seconds(20),
                      [&] { return arrived >= 2; })) {
        ++together;
      }
    }
    return Answered(200, r.action == "turn" ? "[]" : "");
  };
  FakeSeat s0(wait_for_both), s1(wait_for_both);
  RefereeGame(Spec(LineMap(), {0, 1}, {&s0, &s1}));
  EXPECT_EQ(together.load(), 2);
}

TEST(BerlinReferee, OneSeatForTwoPlayersIsAskedOneRequestAtATime) {
  std::atomic<int> in_flight{0}, most{0};
  FakeSeat both([&](const berlin::RequestFields& r) {
    const int now = ++in_flight;
    most = std::max(most.load(), now);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    --in_flight;
    return Answered(200, r.action == "turn" ? "[]" : "");
  });
  const BerlinRecord r = RefereeGame(Spec(LineMap(), {0, 1}, {&both, &both}));
  EXPECT_EQ(r.exchanges.size(), 14u);
  EXPECT_EQ(most.load(), 1);
}

TEST(BerlinReferee, LateAndThrowingSeatsAreTimeOutsAndFailures) {
  FakeSeat late([](const berlin::RequestFields& r) {
    if (r.action == "turn" && TurnOf(r) == 1) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      return Answered(200, R"([{"from":1,"to":2,"number_of_soldiers":5}])");
    }
    return Answered(200, r.action == "turn" ? "[]" : "");
  });
  FakeSeat throws([](const berlin::RequestFields& r) -> BerlinAnswer {
    if (r.action == "turn") throw std::runtime_error("boom");
    return Answered(200, "");
  });
  BerlinGameSpec spec = Spec(LineMap(), {0, 1}, {&late, &throws});
  spec.turn_limit_ms = 20;
  const BerlinRecord r = RefereeGame(spec);
  EXPECT_EQ(r.exchanges[2].answer.kind, Kind::kTimedOut);
  EXPECT_NE(r.exchanges[2].answer.error.find("limit 20 ms"), std::string::npos);
  EXPECT_NE(Turn(r, 1).find(R"("moves":[])"), std::string::npos);
  EXPECT_EQ(r.exchanges[3].answer.kind, Kind::kFailed);
  EXPECT_EQ(r.exchanges[3].answer.error, "the seat failed: boom");
  EXPECT_EQ(late.Limits()[1], 20);
  // The limit enforced is the limit the bots are told (berlin §11).
  EXPECT_EQ(r.exchanges[2].timeout_option, 20);
  EXPECT_NE(r.exchanges[2].request.infos.find(R"("time_limit_per_turn":20,)"),
            std::string::npos);
  EXPECT_EQ(late.Limits()[0], 30000);  // game_start (berlin §2.4)
}

TEST(BerlinReferee, WithoutATurnLimitTheMapsIsEnforcedAndSent) {
  FakeSeat a, b;
  const BerlinRecord r = RefereeGame(Spec(ChainMap(), {0, 1}, {&a, &b}));
  EXPECT_EQ(a.Limits()[1], 5000);
  EXPECT_EQ(r.exchanges[2].timeout_option, 5000);
  EXPECT_NE(r.exchanges[2].request.infos.find(R"("time_limit_per_turn":5000,)"),
            std::string::npos);
}

TEST(BerlinReferee, NonFiniteScoresAreStrings) {
  // berlin §6, §11: points 1 and -1 make a total of 0.
  const BerlinMapFile map = *ParseBerlinMap(R"({
    "infos":{"maximum_number_of_turns":0},
    "types":[{"name":"a","points":1},{"name":"b","points":-1}],
    "nodes":[{"id":1,"type":"a"},{"id":2,"type":"b"}],
    "paths":[{"from":1,"to":2}],
    "setup":{"2":{"0":[{"node":1,"number_of_soldiers":1}],
                  "1":[{"node":2,"number_of_soldiers":1}]}}})",
                                            "signs");
  FakeSeat s0, s1;
  const BerlinGameSpec spec = Spec(map, {0, 1}, {&s0, &s1});
  const BerlinRecord r = RefereeGame(spec);
  EXPECT_EQ(r.number_of_turns, 0);
  const std::string end = R"(,"turns":{}})";
  EXPECT_EQ(r.replay_json.substr(r.replay_json.size() - end.size()), end);
  EXPECT_TRUE(r.results[0].winner);
  EXPECT_FALSE(r.results[1].winner);
  const std::string result = BerlinResultJson(spec, r, 1, "test");
  EXPECT_NE(result.find(R"("score":"Infinity")"), std::string::npos) << result;
  EXPECT_NE(result.find(R"("score":"-Infinity")"), std::string::npos);
}

TEST(BerlinReferee, BadSpecsAreRefused) {
  FakeSeat s0, s1, s2;
  EXPECT_THROW(RefereeGame(Spec(LineMap(), {0, 0}, {&s0, &s1})),
               std::invalid_argument);
  EXPECT_THROW(RefereeGame(Spec(LineMap(), {0, 2}, {&s0, &s1})),
               std::invalid_argument);
  // No setup for 3 players on the line map.
  EXPECT_THROW(RefereeGame(Spec(LineMap(), {0, 1, 2}, {&s0, &s1, &s2})),
               std::invalid_argument);
}

TEST(BerlinReferee, GameIdsAreUuidV1ShapedAndDeterministic) {
  const std::regex uuid(
      "[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
  for (uint64_t seed : {0ULL, 1ULL, 12345ULL, ~0ULL}) {
    EXPECT_TRUE(std::regex_match(BerlinGameId(seed), uuid))
        << BerlinGameId(seed);
    EXPECT_EQ(BerlinGameId(seed), BerlinGameId(seed));
  }
  EXPECT_NE(BerlinGameId(1), BerlinGameId(2));
}

}  // namespace
}  // namespace wl::tools
