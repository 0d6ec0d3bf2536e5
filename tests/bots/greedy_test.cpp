// Tests of the greedy bot: named tactical positions, then whole games
// through the harness engine (legality, strength, speed, determinism).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bots/bot_positions.h"
#include "bots/greedy/greedy_bot.h"
#include "bots/random/random_bot.h"
#include "bots/replay_illegal.h"
#include "bots/starter/starter_bot.h"
#include "combat.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "protocol.h"
#include "runner.h"
#include "shared_data.h"
#include "test_maps.h"
#include "view.h"
#include "wl/engine.h"
#include "wl/map_json.h"

namespace wl {
namespace {

using testing::FinishableBonus;
using testing::kLineMap;
using testing::PlacedOn;
using testing::PlayRound;
using testing::Position;
using testing::Round;
using testing::Sum;
using testing::ThreatenedBonusBorder;
using testing::TwoArmyNeutral;

// --- positions ---

TEST(GreedyPositionTest, TakesATwoArmyNeutralWithExactlyThree) {
  View view = Position(TwoArmyNeutral());
  GreedyBot bot;
  Round round = PlayRound(bot, view);
  EXPECT_EQ(Sum(round.placements), 5);
  ASSERT_EQ(round.moves.size(), 1u);
  EXPECT_EQ(round.moves[0], Move::AttackTransfer(1, 2, 3));
  EXPECT_EQ(ArmiesToTakeSurely(2), 3);
}

TEST(GreedyPositionTest, TakesASixArmyWastelandWithExactlyEleven) {
  // The wasteland 2 is all that is missing for super region 1 (bonus 3).
  View view = Position(
      {"setup_map super_regions 1 3 2 1", "setup_map regions 1 1 2 1 3 2",
       "setup_map neighbors 1 2 2 3", "setup_map wastelands 2",
       "setup_map opponent_starting_regions 3", "settings starting_armies 5",
       "update_map 1 player1 9 2 neutral 6", "opponent_moves"});
  GreedyBot bot;
  Round round = PlayRound(bot, view);
  ASSERT_EQ(round.moves.size(), 1u);
  EXPECT_EQ(round.moves[0], Move::AttackTransfer(1, 2, 11));
  EXPECT_EQ(ArmiesToTakeSurely(6), 11);
}

TEST(GreedyPositionTest, NeverAttacksTwoAgainstTwo) {
  // Region 1 (3 armies: 2 may move) touches a 2-army neutral (2) and a
  // 2-army opponent region (3). Asked to move without placing, it must not
  // attack either with 2.
  View view = Position(
      {"setup_map super_regions 1 1 2 1 3 1",
       "setup_map regions 1 1 2 2 3 3 4 3", "setup_map neighbors 1 2,3 3 4",
       "setup_map wastelands", "setup_map opponent_starting_regions 3",
       "settings starting_armies 5",
       "update_map 1 player1 3 2 neutral 2 3 player2 2", "opponent_moves"});
  GreedyBot bot;
  for (const Move& m : bot.AttackTransfer(view)) {
    EXPECT_FALSE(m.to == 2 || m.to == 3)
        << "attacked " << m.to << " with " << m.armies;
  }
  // With its income placed, it takes them for sure.
  Round round = PlayRound(bot, view);
  EXPECT_EQ(Sum(round.placements), 5);
  for (const Move& m : round.moves) {
    if (m.to == 2 || m.to == 3) {
      EXPECT_GE(m.armies, ArmiesToTakeSurely(2)) << "into " << m.to;
    }
  }
}

TEST(GreedyPositionTest, DeploysItsWholeIncome) {
  const std::vector<std::vector<std::string>> updates = {
      {"settings starting_armies 5", "update_map 1 player1 1 2 neutral 2"},
      {"settings starting_armies 7",
       "update_map 1 player1 4 2 player1 3 3 player2 9"},
      {"settings starting_armies 12",
       "update_map 1 player1 30 2 player1 1 3 neutral 2"},
  };
  for (const auto& update : updates) {
    std::vector<std::string> lines = kLineMap;
    lines.insert(lines.end(), update.begin(), update.end());
    lines.push_back("opponent_moves");
    View view = Position(lines);
    GreedyBot bot;
    std::vector<Move> placements = bot.PlaceArmies(view);
    EXPECT_EQ(Sum(placements), view.Income()) << update[1];
    for (const Move& m : placements) {
      EXPECT_TRUE(view.Owned().Contains(m.from)) << update[1];
      EXPECT_GE(m.armies, 1) << update[1];
    }
  }
}

TEST(GreedyPositionTest, ReinforcesTheThreatenedBorderOfABonusItHolds) {
  // Region 2 of our bonus borders the opponent's 6 armies (5 can attack),
  // and the opponent's income is believed to be 5.
  for (double threat_income : {greedy::Weights().threat_income, 1.0}) {
    View view = Position(ThreatenedBonusBorder());
    greedy::Weights w;
    w.threat_income = threat_income;
    GreedyBot bot(1, w);
    Round round = PlayRound(bot, view);
    EXPECT_EQ(Sum(round.placements), 7);
    // 6 on region 2 hold against 5 + 1 attackers (a quarter of its income
    // there, the default); 7 against 5 + 5 (its whole income there).
    EXPECT_GE(PlacedOn(round.placements, 2), threat_income < 1 ? 4 : 5)
        << threat_income;
    for (const Move& m : round.moves) {
      EXPECT_NE(m.from, 2) << "the border region must keep its armies";
    }
  }
}

TEST(GreedyPositionTest, FinishesABonusItCanFinishThisRound) {
  View view = Position(FinishableBonus());
  GreedyBot bot;
  Round round = PlayRound(bot, view);
  EXPECT_GE(PlacedOn(round.placements, 2), 2);
  EXPECT_NE(std::find(round.moves.begin(), round.moves.end(),
                      Move::AttackTransfer(2, 3, 3)),
            round.moves.end());
}

TEST(GreedyPositionTest, BreaksTheOpponentsBonus) {
  // The opponent holds super region 2 = {2, 3} (bonus 3), 1 army each, both
  // next to our region 1 (5 armies). A neutral (4) is open too.
  View view = Position(
      {"setup_map super_regions 1 0 2 3 3 2",
       "setup_map regions 1 1 2 2 3 2 4 3 5 3",
       "setup_map neighbors 1 2,3,4 2 3 4 5", "setup_map wastelands",
       "setup_map opponent_starting_regions 2", "settings starting_armies 5",
       "update_map 1 player1 5 2 player2 1 3 player2 1 4 neutral 2",
       "opponent_moves"});
  GreedyBot bot;
  Round round = PlayRound(bot, view);
  bool breaks = false;
  for (const Move& m : round.moves) breaks |= m.to == 2 || m.to == 3;
  EXPECT_TRUE(breaks);
}

TEST(GreedyPositionTest, MovesIdleInlandArmiesTowardTheFront) {
  // 1-2-3-4-5: we hold 1..3, the opponent 4. Region 1 is inland with 6
  // armies: they walk to 2, the shortest way to the front (3).
  View view = Position(
      {"setup_map super_regions 1 3 2 1",
       "setup_map regions 1 1 2 1 3 1 4 2 5 2",
       "setup_map neighbors 1 2 2 3 3 4 4 5", "setup_map wastelands",
       "setup_map opponent_starting_regions 4", "settings starting_armies 8",
       "update_map 1 player1 6 2 player1 1 3 player1 9 4 player2 3",
       "opponent_moves"});
  GreedyBot bot;
  Round round = PlayRound(bot, view);
  EXPECT_NE(std::find(round.moves.begin(), round.moves.end(),
                      Move::AttackTransfer(1, 2, 5)),
            round.moves.end());
}

TEST(GreedyPositionTest, ExpandsBeforeItAttacksTheOpponent) {
  // Region 1 (20 armies) can take the neutral 2 and the opponent's 3.
  View view = Position(
      {"setup_map super_regions 1 1 2 1 3 1",
       "setup_map regions 1 1 2 2 3 3 4 3", "setup_map neighbors 1 2,3 3 4",
       "setup_map wastelands", "setup_map opponent_starting_regions 3",
       "settings starting_armies 5",
       "update_map 1 player1 20 2 neutral 2 3 player2 2", "opponent_moves"});
  GreedyBot bot;
  Round round = PlayRound(bot, view);
  ASSERT_EQ(round.moves.size(), 2u);
  EXPECT_EQ(round.moves[0].to, 2);
  EXPECT_EQ(round.moves[1].to, 3);
}

// --- the draft ---

// Three bonuses of 3, each of three or four neutrals of 2, seen from their
// candidates 1, 4 and 7: from 1 both others are next door (complete in
// round 1 with 5 + 1 spare armies), from 4 one is two steps away (round
// 2), from 7 the bonus is a path of four (round 3 at the earliest). Super
// region 1 has three entrances (8, 9, 10), super region 2 one (7).
Map DraftSpeedMap() {
  Map map;
  for (int s : {1, 2, 3}) EXPECT_EQ(map.AddSuperRegion(s, 3), "");
  const int super_of[] = {0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3};
  for (int r = 1; r <= 10; ++r) EXPECT_EQ(map.AddRegion(r, super_of[r]), "");
  const int links[][2] = {{1, 2},  {1, 3}, {4, 5}, {5, 6}, {7, 8}, {8, 9},
                          {9, 10}, {6, 7}, {2, 8}, {2, 9}, {3, 10}};
  for (const auto& l : links) EXPECT_EQ(map.AddLink(l[0], l[1]), "");
  EXPECT_EQ(map.Validate(), "");
  return map;
}

View DraftSpeedView(const Map& map, const std::vector<int>& candidates) {
  View view = ViewOfDraft(map, Player::kPlayer1, {}, candidates, 2);
  std::string line = "pick_starting_region 10000";
  for (int c : candidates) line += " " + std::to_string(c);
  EXPECT_EQ(view.Apply(Parse(line)), "");
  return view;
}

TEST(GreedyDraftTest, PickFastRaisesAStartByTheRoundsItsBonusSaves) {
  const Map map = DraftSpeedMap();
  const View view = DraftSpeedView(map, {1, 4, 7});
  greedy::Weights slow, fast;
  slow.pick_next = fast.pick_next = 0;  // the start's own bonus alone
  slow.pick_fast = 0;
  fast.pick_fast = 1;
  const GreedyBot a(1, slow), b(1, fast);
  // 1 + pick_fast * (3 - rounds): complete in round 1, 2, not before 3.
  const std::vector<std::pair<int, double>> expected = {{1, 3}, {4, 2}, {7, 1}};
  for (auto [c, ratio] : expected) {
    EXPECT_NEAR(b.PickScore(view, c) / a.PickScore(view, c), ratio, 1e-4) << c;
  }
}

TEST(GreedyDraftTest, PrefersTheStartWhoseBonusIsCompleteInRoundOne) {
  // Candidate 4's bonus costs the same and has fewer entrances, so it
  // scores more without the speed term; with the default pick_fast, 1's
  // bonus that pays from round 2 comes first, whatever the order or seed.
  const Map map = DraftSpeedMap();
  greedy::Weights plain;
  plain.pick_next = 0;
  greedy::Weights slow = plain;
  slow.pick_fast = 0;
  for (const std::vector<int>& order :
       {std::vector<int>{1, 4}, std::vector<int>{4, 1}}) {
    const View view = DraftSpeedView(map, order);
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      EXPECT_EQ(GreedyBot(seed, slow).PickStartingRegion(view), 4) << seed;
      EXPECT_EQ(GreedyBot(seed, plain).PickStartingRegion(view), 1) << seed;
    }
  }
}

// --- whole games ---

// Wraps a bot and checks each of its answers against the View before the
// runner could clean it up: placements exactly the income on own regions;
// moves from own regions to neighbours, at most armies - 1 out of each
// region, each pair once; attacks on neutrals with enough to take them for
// sure, and on the opponent with at least that much in total.
class CheckedBot : public Bot {
 public:
  explicit CheckedBot(std::unique_ptr<Bot> bot) : bot_(std::move(bot)) {}
  int PickStartingRegion(const View& view) override {
    return bot_->PickStartingRegion(view);
  }
  std::vector<Move> PlaceArmies(const View& view) override {
    auto start = std::chrono::steady_clock::now();
    std::vector<Move> moves = bot_->PlaceArmies(view);
    Time(start);
    int sum = 0;
    for (const Move& m : moves) {
      if (m.kind != MoveKind::kPlace || !view.Owned().Contains(m.from) ||
          m.armies < 1) {
        Fail(view, "bad placement", m);
      }
      sum += m.armies;
    }
    if (sum != view.Income()) {
      Fail(view, "placed " + std::to_string(sum), Move());
    }
    return moves;
  }
  std::vector<Move> AttackTransfer(const View& view) override {
    auto start = std::chrono::steady_clock::now();
    std::vector<Move> moves = bot_->AttackTransfer(view);
    Time(start);
    int out[kRegionSlots] = {};
    int into[kRegionSlots] = {};
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      if (m.kind != MoveKind::kAttackTransfer ||
          !view.Owned().Contains(m.from) ||
          !view.GetMap().AreNeighbors(m.from, m.to) || m.armies < 1) {
        Fail(view, "bad move", m);
        continue;
      }
      for (size_t j = 0; j < i; ++j) {
        if (moves[j].from == m.from && moves[j].to == m.to) {
          Fail(view, "repeated pair", m);
        }
      }
      out[m.from] += m.armies;
      if (out[m.from] > view.Armies(m.from) - 1) Fail(view, "too many", m);
      if (view.Owner(m.to) == Player::kNeutral &&
          m.armies < ArmiesToTakeSurely(view.Armies(m.to))) {
        Fail(view, "neutral attack that may fail", m);
      }
      if (view.Owner(m.to) == view.Them()) into[m.to] += m.armies;
    }
    for (int r : view.OpponentVisible()) {
      if (into[r] > 0 && into[r] < ArmiesToTakeSurely(view.Armies(r))) {
        Fail(view, "weak attack on " + std::to_string(r), Move());
      }
    }
    return moves;
  }

  std::vector<std::string> failures;
  double max_ms = 0;
  int requests = 0;

 private:
  void Time(std::chrono::steady_clock::time_point start) {
    ++requests;
    max_ms = std::max(max_ms, std::chrono::duration<double, std::milli>(
                                  std::chrono::steady_clock::now() - start)
                                  .count());
  }
  void Fail(const View& view, const std::string& what, const Move& m) {
    if (failures.size() >= 10) return;
    std::string text = "round " + std::to_string(view.Round()) + ": " + what;
    if (m.from != 0) {
      text += ": ";
      AppendMove(text, view.MyName(), m);
    }
    failures.push_back(text);
  }

  std::unique_ptr<Bot> bot_;
};

// A bot as the engine sees it, in process: lines go through a wl::Session.
class BotSeat : public tools::Seat {
 public:
  explicit BotSeat(Bot& bot) : session_(bot, log_) {}
  void Send(const std::string& line) override { session_.Handle(line); }
  tools::Reply Ask(const std::string& line, int64_t) override {
    std::optional<std::string> answer = session_.Handle(line);
    return tools::Reply{false, answer.value_or("No moves"), 0};
  }
  void Kill() override {}

 private:
  std::ostringstream log_;
  Session session_;
};

enum class Rival { kStarter, kRandom, kGreedy };

std::unique_ptr<Bot> MakeRival(Rival o, uint32_t seed) {
  switch (o) {
    case Rival::kStarter:
      return std::make_unique<StarterBot>();
    case Rival::kRandom:
      return std::make_unique<RandomBot>(seed);
    case Rival::kGreedy:
      return std::make_unique<GreedyBot>(seed + 1);
  }
  return nullptr;
}

// The figures of the greedy bot over a series of games.
struct Series {
  int games = 0, wins = 0, losses = 0;
  int parse_errors = 0;
  int illegal_at_queue = 0;      // the bot's own fault: must be 0
  int illegal_at_execution = 0;  // its region was taken or drained first
  int requests = 0;
  double max_ms = 0;
  std::vector<std::string> failures;
};

// Illegal moves of `player` in the replay's full history, split by whether
// the engine found them when queued or only when executing them (section 6
// of the spec: "was taken this round", "has used all available armies").
void CountIllegal(const std::string& replay, const std::string& player,
                  Series& s) {
  testing::IllegalMoves m = testing::CountIllegalMoves(replay, player);
  s.illegal_at_queue += m.at_queue;
  s.illegal_at_execution += m.at_execution;
  s.failures.insert(s.failures.end(), m.at_queue_lines.begin(),
                    m.at_queue_lines.end());
}

// Plays each map twice, the greedy bot in each seat.
Series PlaySeries(const std::vector<Map>& maps, Rival rival) {
  Series s;
  for (size_t i = 0; i < maps.size(); ++i) {
    for (int seat = 0; seat < 2; ++seat) {
      const uint32_t seed = static_cast<uint32_t>(7 + i);
      CheckedBot greedy(std::make_unique<GreedyBot>(seed));
      std::unique_ptr<Bot> other = MakeRival(rival, seed);
      BotSeat greedy_seat(greedy), other_seat(*other);
      tools::GameRecord record =
          seat == 0 ? tools::PlayGame(maps[i], seed, greedy_seat, other_seat)
                    : tools::PlayGame(maps[i], seed, other_seat, greedy_seat);
      ++s.games;
      const Outcome won =
          seat == 0 ? Outcome::kPlayer1Won : Outcome::kPlayer2Won;
      const Outcome lost =
          seat == 0 ? Outcome::kPlayer2Won : Outcome::kPlayer1Won;
      s.wins += record.outcome == won;
      s.losses += record.outcome == lost;
      s.parse_errors += record.stats[seat].parse_errors;
      const int counted = s.illegal_at_queue + s.illegal_at_execution;
      CountIllegal(record.replay, seat == 0 ? "player1" : "player2", s);
      EXPECT_EQ(s.illegal_at_queue + s.illegal_at_execution - counted,
                record.stats[seat].illegal_moves());
      s.requests += greedy.requests;
      s.max_ms = std::max(s.max_ms, greedy.max_ms);
      for (const std::string& f : greedy.failures) {
        s.failures.push_back("map " + std::to_string(i) + ": " + f);
      }
    }
  }
  return s;
}

std::vector<Map> RandomMaps(int count) {
  std::vector<Map> maps;
  for (int i = 0; i < count; ++i) {
    maps.push_back(testing::RandomTestMap(500 + i, 24 + 3 * i));
  }
  return maps;
}

// Every tenth real competition map of ../shared (none without it).
std::vector<Map> SharedMaps() {
  std::vector<Map> maps;
  if (!testing::HaveShared()) return maps;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(
           testing::SharedDir() / "maps" / "real")) {
    files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (size_t i = 0; i < files.size(); i += 10) {
    absl::StatusOr<Map> map = tools::LoadMapFile(files[i].string());
    if (map.ok()) maps.push_back(*std::move(map));
  }
  return maps;
}

void ExpectClean(const Series& s, const char* what) {
  EXPECT_EQ(s.parse_errors, 0) << what;
  EXPECT_EQ(s.illegal_at_queue, 0) << what;
  for (const std::string& f : s.failures) ADD_FAILURE() << what << ": " << f;
  // An order can fail at execution through no fault of the bot (the
  // opponent took its region first); the bot keeps that rare.
  EXPECT_LE(s.illegal_at_execution, s.games / 10) << what;
  ::testing::Test::RecordProperty(std::string(what) + ": illegal at execution",
                                  s.illegal_at_execution);
  std::cout << what << ": " << s.wins << " won, " << s.losses << " lost of "
            << s.games << "; illegal at execution " << s.illegal_at_execution
            << "; slowest request " << s.max_ms << " ms\n";
}

TEST(GreedyGameTest, BeatsTheStarterBotClearlyAndPlaysLegally) {
  Series s = PlaySeries(RandomMaps(20), Rival::kStarter);
  ExpectClean(s, "vs starter (random maps)");
  EXPECT_GE(s.wins, 36) << "of " << s.games;
}

TEST(GreedyGameTest, BeatsARandomBotClearlyAndPlaysLegally) {
  Series s = PlaySeries(RandomMaps(20), Rival::kRandom);
  ExpectClean(s, "vs random (random maps)");
  EXPECT_GE(s.wins, 38) << "of " << s.games;
}

TEST(GreedyGameTest, PlaysLegallyAgainstItself) {
  Series s = PlaySeries(RandomMaps(10), Rival::kGreedy);
  ExpectClean(s, "vs greedy (random maps)");
}

TEST(GreedyGameTest, BeatsTheStarterBotOnRealMaps) {
  WL_REQUIRE_SHARED();
  std::vector<Map> maps = SharedMaps();
  ASSERT_FALSE(maps.empty());
  Series s = PlaySeries(maps, Rival::kStarter);
  ExpectClean(s, "vs starter (real maps)");
  EXPECT_GE(s.wins, s.games * 9 / 10) << "of " << s.games;
}

TEST(GreedyGameTest, AnswersFastOnALargeMap) {
  std::vector<Map> maps = {testing::RandomTestMap(77, 100)};
  Series s = PlaySeries(maps, Rival::kGreedy);
  EXPECT_GT(s.requests, 20);
  EXPECT_LT(s.max_ms, 100.0);
}

TEST(GreedyGameTest, IsDeterministicGivenItsSeed) {
  Map map = testing::RandomTestMap(3, 40);
  std::string replays[2];
  for (std::string& replay : replays) {
    GreedyBot a(5), b(6);
    BotSeat sa(a), sb(b);
    replay = tools::PlayGame(map, 11, sa, sb).replay;
  }
  EXPECT_EQ(replays[0], replays[1]);
}

}  // namespace
}  // namespace wl
