// Tests of the MCTS bot: its knobs, its time manager, its fast policy,
// tactical positions with a clearly right answer, and whole games through
// the harness engine (legality, determinism).
#include <algorithm>
#include <chrono>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bots/bot_positions.h"
#include "bots/greedy/greedy_bot.h"
#include "bots/mcts/mcts_bot.h"
#include "bots/mcts/mcts_config.h"
#include "bots/mcts/mcts_policy.h"
#include "bots/mcts/mcts_search.h"
#include "bots/random/random_bot.h"
#include "bots/replay_illegal.h"
#include "combat.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "protocol.h"
#include "random_play.h"
#include "rules.h"
#include "test_maps.h"
#include "test_positions.h"
#include "view.h"
#include "wl/engine.h"
#include "wl/in_process_seat.h"

namespace wl {
namespace {

using testing::FinishableBonus;
using testing::MidGame;
using testing::PlacedOn;
using testing::PlayRound;
using testing::Position;
using testing::Round;
using testing::Sum;
using testing::ThreatenedBonusBorder;
using testing::TwoArmyNeutral;

// A small fixed-iteration configuration: deterministic and fast.
mcts::Config Fixed(int iterations, uint64_t seed = 1) {
  mcts::Config c;
  c.seed = seed;
  c.iterations = iterations;
  return c;
}

// --- knobs ---

TEST(MctsConfigTest, ParsesEveryKnobAndRejectsBadOnes) {
  const char* args[] = {"mcts",
                        "--seed",
                        "7",
                        "--iterations",
                        "300",
                        "--samples=3",
                        "--playout-rounds",
                        "0",
                        "--expected-first",
                        "0",
                        "--exploration",
                        "0.25",
                        "--their-variants",
                        "2",
                        "--their-stack=1",
                        "--max-move-ms=100",
                        "--sure-orders",
                        "0",
                        "--sure-income-margin",
                        "0.5",
                        "--sure-income-share=0.5",
                        "--front-first=0",
                        "--draft-search",
                        "0",
                        "--draft-rounds",
                        "9"};
  mcts::Config c;
  EXPECT_EQ(mcts::ParseArgs(static_cast<int>(std::size(args)),
                            const_cast<char**>(args), c),
            "");
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.iterations, 300);
  EXPECT_EQ(c.samples, 3);
  EXPECT_EQ(c.playout_rounds, 0);
  EXPECT_FALSE(c.expected_first);
  EXPECT_DOUBLE_EQ(c.exploration, 0.25);
  EXPECT_EQ(c.their_variants, 2);
  EXPECT_EQ(c.their_stack, 1);
  EXPECT_EQ(c.max_move_ms, 100);
  EXPECT_FALSE(c.sure_orders);
  EXPECT_DOUBLE_EQ(c.sure_income_margin, 0.5);
  EXPECT_DOUBLE_EQ(c.sure_income_share, 0.5);
  EXPECT_FALSE(c.front_first);
  EXPECT_FALSE(c.draft_search);
  EXPECT_EQ(c.draft_rounds, 9);
  // The bound the orders must survive: the larger income, raised by the
  // margin and taken at the share.
  EXPECT_EQ(mcts::SureIncomeBound(7, 5, c), 6);  // ceil(7 * 0.5 * 1.5)
  EXPECT_EQ(mcts::SureIncomeBound(4, 10, mcts::Config()), 10);
  for (std::vector<const char*> bad :
       {std::vector<const char*>{"mcts", "--samples", "0"},
        {"mcts", "--iterations", "-3"},
        {"mcts", "--nope", "1"},
        {"mcts", "--seed"},
        {"mcts", "--exploration", "x"},
        {"mcts", "--sure-orders", "2"},
        {"mcts", "--their-stack", "2"},
        {"mcts", "--draft-rounds", "51"},
        {"mcts", "--sure-income-share", "1.5"}}) {
    mcts::Config d;
    EXPECT_NE(mcts::ParseArgs(static_cast<int>(bad.size()),
                              const_cast<char**>(bad.data()), d),
              "")
        << bad[1];
  }
}

// --- the time manager ---

TEST(MctsTimeTest, TheBudgetNeverExceedsWhatTheBankAllows) {
  FastRandom rng(3);
  for (int trial = 0; trial < 20000; ++trial) {
    mcts::Config c;
    c.max_move_ms = RandomIndex(rng, 2000);
    c.reserve_ms = RandomIndex(rng, 3000);
    c.bank_share = 1 + RandomIndex(rng, 8);
    const int64_t bank = RandomIndex(rng, 12000) - 100;
    const int64_t b = mcts::SearchBudgetMs(bank, c);
    ASSERT_GE(b, 0);
    ASSERT_LE(b, c.max_move_ms);
    if (b > 0) {
      ASSERT_LE(b * c.bank_share + c.reserve_ms, bank) << bank;
    }
  }
  // The defaults: a full bank gives the per-move cap; the bank refills by
  // 1000 ms a round (two answers), so a search a round never drains it.
  mcts::Config d;
  EXPECT_EQ(mcts::SearchBudgetMs(10000, d), d.max_move_ms);
  EXPECT_LT(d.max_move_ms + 50, 1000);
  EXPECT_EQ(mcts::SearchBudgetMs(d.reserve_ms, d), 0);
}

TEST(MctsTimeTest, TheSearchStopsWithinItsBudget) {
  // Over many bank values and positions, the whole placement answer
  // (preparation included) stays within the budget plus a little slack
  // for one last iteration and a loaded machine.
  Map map = testing::RandomTestMap(41, 80);
  Game game(map);
  mcts::Config c;
  c.max_move_ms = 40;
  c.reserve_ms = 200;
  int searched = 0;
  for (int i = 0; i < 30; ++i) {
    const State s = MidGame(game, 100 + i, 3 + i % 10);
    if (s.Owned(Player::kPlayer1).Empty() ||
        s.Owned(Player::kPlayer2).Empty()) {
      continue;
    }
    const int64_t bank = 100 + 97 * i;
    View view = ViewOfPosition(game, s, Player::kPlayer1, bank);
    MctsBot bot(c);
    const auto start = std::chrono::steady_clock::now();
    bot.PlaceArmies(view);
    const double ms = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    const int64_t budget = mcts::SearchBudgetMs(bank, c);
    EXPECT_LE(ms, budget + 25.0) << "bank " << bank;
    if (bot.LastStats().iterations > 0) ++searched;
  }
  EXPECT_GT(searched, 10);
}

// --- the fast policy ---

TEST(MctsPolicyTest, PlansLegalTurnsThatPlaceTheWholeIncome) {
  for (uint32_t m = 0; m < 4; ++m) {
    Map map = testing::RandomTestMap(60 + m, 30 + 20 * m);
    Game game(map);
    mcts::MapInfo info(game);
    for (int i = 0; i < 40; ++i) {
      const State s = MidGame(game, 1000 * m + i, i % 15);
      for (Player p : {Player::kPlayer1, Player::kPlayer2}) {
        if (s.Owned(p).Empty()) continue;
        for (int v = 0; v < mcts::kPolicyVariants; ++v) {
          MoveQueue place, attack;
          mcts::PlanTurn(info, s, p, mcts::PolicyVariant(v), place, attack);
          int placed = 0;
          int after[kRegionSlots];
          std::copy(s.armies, s.armies + kRegionSlots, after);
          for (int k = 0; k < place.size; ++k) {
            const QueuedMove& q = place.items[k];
            ASSERT_EQ(q.illegal, Illegal::kNone);
            ASSERT_TRUE(s.Owned(p).Contains(q.move.from));
            ASSERT_GE(q.move.armies, 1);
            ASSERT_EQ(q.move.player, p);
            placed += q.move.armies;
            after[q.move.from] += q.move.armies;
          }
          ASSERT_EQ(placed, game.Income(s, p));
          int out[kRegionSlots] = {};
          for (int k = 0; k < attack.size; ++k) {
            const Move& mv = attack.items[k].move;
            ASSERT_EQ(QueueAttackTransfer(game, s, p, mv).illegal,
                      Illegal::kNone);
            ASSERT_EQ(mv.player, p);
            for (int j = 0; j < k; ++j) {
              ASSERT_FALSE(attack.items[j].move.from == mv.from &&
                           attack.items[j].move.to == mv.to);
            }
            out[mv.from] += mv.armies;
            ASSERT_LE(out[mv.from], after[mv.from] - 1);
            if (s.Owner(mv.to) == Player::kNeutral) {
              ASSERT_GE(mv.armies, ArmiesToTakeSurely(s.armies[mv.to]));
            }
          }
        }
      }
    }
  }
}

TEST(MctsPolicyTest, TheEvaluationPrefersMoreIncomeArmiesAndLand) {
  Map map = testing::RandomTestMap(5, 30);
  Game game(map);
  mcts::MapInfo info(game);
  State s = MidGame(game, 9, 4);
  ASSERT_FALSE(s.Owned(Player::kPlayer1).Empty());
  const double v = mcts::Evaluate(info, s, Player::kPlayer1, 6);
  EXPECT_NEAR(v + mcts::Evaluate(info, s, Player::kPlayer2, 6), 1.0, 1e-9);
  State more = s;
  more.armies[s.Owned(Player::kPlayer1).First()] += 10;
  EXPECT_GT(mcts::Evaluate(info, more, Player::kPlayer1, 6), v);
  State won = s;
  for (int r : s.Owned(Player::kPlayer2)) won.SetOwner(r, Player::kNeutral);
  EXPECT_EQ(mcts::Evaluate(info, won, Player::kPlayer1, 6), 1.0);
}

TEST(MctsPolicyTest, TheEvaluationCountsBonusProgressWhenAsked) {
  Map map = testing::RandomTestMap(5, 30);
  Game game(map);
  mcts::MapInfo info(game);
  int super = 0;
  while (info.Members(super).Count() < 3) ++super;
  const RegionSet members = info.Members(super);
  State s;
  for (int r : map.RegionIds()) s.armies[r] = 2;
  s.SetOwner(members.First(), Player::kPlayer1);
  for (int r : map.RegionIds()) {
    if (!members.Contains(r)) {
      s.SetOwner(r, Player::kPlayer2);
      break;
    }
  }
  mcts::EvalWeights plain, progress;
  progress.progress = 0.5;
  // One region of a three-or-more bonus ahead: worth more with the term.
  EXPECT_GT(mcts::Evaluate(info, s, Player::kPlayer1, 6, progress),
            mcts::Evaluate(info, s, Player::kPlayer1, 6, plain));
  // As many of it for the opponent: the term cancels out.
  State even = s;
  for (int r : members) {
    if (r != members.First()) {
      even.SetOwner(r, Player::kPlayer2);
      break;
    }
  }
  EXPECT_DOUBLE_EQ(mcts::Evaluate(info, even, Player::kPlayer1, 6, progress),
                   mcts::Evaluate(info, even, Player::kPlayer1, 6, plain));
}

TEST(MctsSearchTest, StackDefencePlacesTheWholeIncomeWhereWeThreatenMost) {
  Map map = testing::RandomTestMap(5, 30);
  Game game(map);
  mcts::MapInfo info(game);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const State s = MidGame(game, seed, 4);
    const Player them = Player::kPlayer2;
    mcts::Turn t;
    mcts::PlanTurn(info, s, them, mcts::PolicyVariant(1), t.place, t.attack);
    const int planned = t.attack.size;
    mcts::StackDefence(game, s, them, t);
    // The region of theirs that borders most of our armies.
    int on = -1, most = 0;
    for (int r : s.Owned(them)) {
      int threat = 0;
      for (int n : game.Neighbors(r)) {
        if (s.Owner(n) == Player::kPlayer1) threat += s.armies[n];
      }
      if (threat > most) {
        most = threat;
        on = r;
      }
    }
    if (on < 0) continue;
    ASSERT_EQ(t.place.size, 1) << seed;
    EXPECT_EQ(t.place.items[0].move.from, on) << seed;
    EXPECT_EQ(t.place.items[0].move.armies, game.Income(s, them)) << seed;
    EXPECT_LE(t.attack.size, planned) << seed;
    // What is kept fits: armies - 1 out of each region, placement included.
    int out[kRegionSlots] = {};
    for (int i = 0; i < t.attack.size; ++i) {
      out[t.attack.items[i].move.from] += t.attack.items[i].move.armies;
    }
    for (int r : s.Owned(them)) {
      EXPECT_LE(out[r], s.armies[r] - 1 + (r == on ? game.Income(s, them) : 0))
          << seed << " region " << r;
    }
  }
}

TEST(MctsSearchTest, TheirStackAddsOneOpponentTurn) {
  Map map = testing::RandomTestMap(5, 30);
  Game game(map);
  const State s = MidGame(game, 9, 4);
  const View view = ViewOfPosition(game, s, Player::kPlayer1);
  mcts::Config c = Fixed(100);
  MctsBot plain(c);
  plain.PlaceArmies(view);
  c.their_stack = 1;
  MctsBot stacked(c);
  stacked.PlaceArmies(view);
  EXPECT_EQ(plain.LastStats().opponent_turns, c.their_variants);
  EXPECT_EQ(stacked.LastStats().opponent_turns, c.their_variants + 1);
}

TEST(MctsSearchTest, ALowerSureIncomeShareKeepsMoreOrders) {
  Map map = testing::RandomTestMap(5, 30);
  Game game(map);
  mcts::Config guaranteed, share0;
  guaranteed.sure_orders = share0.sure_orders = true;
  share0.sure_income_share = 0;
  int more = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const View view =
        ViewOfPosition(game, MidGame(game, seed, 4), Player::kPlayer1);
    const greedy::Beliefs beliefs = greedy::InferBeliefs(view);
    const greedy::Plan plan =
        greedy::Planner(view, beliefs, view.Income(), mcts::CandidateWeights())
            .Make();
    const size_t sure = mcts::SureMoves(view, beliefs.enemy_income, guaranteed,
                                        plan.placements, plan.moves)
                            .size();
    const size_t kept = mcts::SureMoves(view, beliefs.enemy_income, share0,
                                        plan.placements, plan.moves)
                            .size();
    EXPECT_GE(kept, sure) << seed;
    more += kept > sure;
  }
  // Some front orders are dropped only for the opponent's income.
  EXPECT_GT(more, 0);
}

// --- tactical positions (greedy's suite, where the answer is clear) ---

TEST(MctsPositionTest, TakesATwoArmyNeutralWithAtLeastThree) {
  View view = Position(TwoArmyNeutral());
  MctsBot bot(Fixed(200));
  Round round = PlayRound(bot, view);
  EXPECT_EQ(Sum(round.placements), 5);
  bool takes = false;
  for (const Move& m : round.moves) {
    EXPECT_FALSE(m.to == 2 && m.armies < 3) << m.armies;
    takes |= m.from == 1 && m.to == 2 && m.armies >= 3;
  }
  EXPECT_TRUE(takes);
}

TEST(MctsPositionTest, FinishesABonusItCanFinishThisRound) {
  View view = Position(FinishableBonus());
  MctsBot bot(Fixed(200));
  Round round = PlayRound(bot, view);
  EXPECT_GE(PlacedOn(round.placements, 2), 2);
  bool finishes = false;
  for (const Move& m : round.moves)
    finishes |= m.from == 2 && m.to == 3 && m.armies >= 3;
  EXPECT_TRUE(finishes);
}

TEST(MctsPositionTest, BreaksTheOpponentsBonus) {
  // The opponent holds super region 2 = {2, 3} (bonus 3), 1 army each, both
  // next to our region 1 (30 armies, more than its income can stop).
  View view = Position(
      {"setup_map super_regions 1 0 2 3 3 2",
       "setup_map regions 1 1 2 2 3 2 4 3 5 3",
       "setup_map neighbors 1 2,3,4 2 3 4 5", "setup_map wastelands",
       "setup_map opponent_starting_regions 2", "settings starting_armies 5",
       "update_map 1 player1 30 2 player2 1 3 player2 1 4 neutral 2",
       "opponent_moves"});
  MctsBot bot(Fixed(300));
  Round round = PlayRound(bot, view);
  bool breaks = false;
  for (const Move& m : round.moves) breaks |= m.to == 2 || m.to == 3;
  EXPECT_TRUE(breaks);
}

TEST(MctsPositionTest, NeverAttacksANeutralWithTooFew) {
  // Region 1 (3 armies) touches a 2-army neutral (2) and a 2-army opponent
  // region (3); whatever it does, 2 attackers never go at 2 defenders.
  View view = Position(
      {"setup_map super_regions 1 1 2 1 3 1",
       "setup_map regions 1 1 2 2 3 3 4 3", "setup_map neighbors 1 2,3 3 4",
       "setup_map wastelands", "setup_map opponent_starting_regions 3",
       "settings starting_armies 5",
       "update_map 1 player1 3 2 neutral 2 3 player2 2", "opponent_moves"});
  MctsBot bot(Fixed(300));
  Round round = PlayRound(bot, view);
  EXPECT_EQ(Sum(round.placements), 5);
  for (const Move& m : round.moves) {
    if (m.to == 2 || m.to == 3) {
      EXPECT_GE(m.armies, ArmiesToTakeSurely(2)) << "into " << m.to;
    }
  }
}

TEST(MctsPositionTest, ReinforcesTheThreatenedBorderOfABonusItHolds) {
  View view = Position(ThreatenedBonusBorder());
  MctsBot bot(Fixed(300));
  Round round = PlayRound(bot, view);
  EXPECT_EQ(Sum(round.placements), 7);
  EXPECT_GE(PlacedOn(round.placements, 2), 5);
  for (const Move& m : round.moves) {
    EXPECT_NE(m.from, 2) << "the border region must keep its armies";
  }
}

TEST(MctsPositionTest, KillsAnOpponentThatCannotHold) {
  // The opponent's last region (3 armies) touches our 20: taking it wins,
  // even if it places its whole income there.
  View view = Position(
      {"setup_map super_regions 1 1 2 1 3 1",
       "setup_map regions 1 1 2 2 3 3 4 3", "setup_map neighbors 1 2,3 3 4",
       "setup_map wastelands", "setup_map opponent_starting_regions 3",
       "settings starting_armies 5",
       "update_map 1 player1 20 2 neutral 2 3 player2 3 4 player1 1",
       "opponent_moves"});
  MctsBot bot(Fixed(300));
  Round round = PlayRound(bot, view);
  int into = 0;
  for (const Move& m : round.moves) {
    if (m.to == 3) into += m.armies;
  }
  EXPECT_TRUE(ExpectedCombat(into, 3 + 5).conquered) << into;
}

// --- whole games ---

struct Series {
  int games = 0, wins = 0, losses = 0;
  int parse_errors = 0, timeouts = 0;
  int illegal_at_queue = 0, illegal_at_execution = 0;
  std::vector<std::string> failures;
};

void CountIllegal(const std::string& replay, const std::string& player,
                  Series& s) {
  testing::IllegalMoves m = testing::CountIllegalMoves(replay, player);
  s.illegal_at_queue += m.at_queue;
  s.illegal_at_execution += m.at_execution;
  s.failures.insert(s.failures.end(), m.at_queue_lines.begin(),
                    m.at_queue_lines.end());
}

enum class Rival { kRandom, kGreedy };

Series PlaySeries(int maps, Rival rival, int iterations,
                  bool sure_orders = false) {
  Series s;
  for (int i = 0; i < maps; ++i) {
    Map map = testing::RandomTestMap(700 + i, 20 + 4 * i);
    for (int seat = 0; seat < 2; ++seat) {
      const uint32_t seed = static_cast<uint32_t>(31 + i);
      mcts::Config config = Fixed(iterations, seed);
      config.sure_orders = sure_orders;
      tools::InProcessSeat mcts(std::make_unique<MctsBot>(config));
      std::unique_ptr<Bot> other;
      if (rival == Rival::kRandom) {
        other = std::make_unique<RandomBot>(seed);
      } else {
        other = std::make_unique<GreedyBot>(seed);
      }
      tools::InProcessSeat other_seat(std::move(other));
      tools::GameRecord record =
          seat == 0 ? tools::PlayGame(map, seed, mcts, other_seat)
                    : tools::PlayGame(map, seed, other_seat, mcts);
      ++s.games;
      const Outcome won =
          seat == 0 ? Outcome::kPlayer1Won : Outcome::kPlayer2Won;
      const Outcome lost =
          seat == 0 ? Outcome::kPlayer2Won : Outcome::kPlayer1Won;
      s.wins += record.outcome == won;
      s.losses += record.outcome == lost;
      s.parse_errors += record.stats[seat].parse_errors;
      s.timeouts += record.stats[seat].timeouts;
      const int counted = s.illegal_at_queue + s.illegal_at_execution;
      CountIllegal(record.replay, seat == 0 ? "player1" : "player2", s);
      EXPECT_EQ(s.illegal_at_queue + s.illegal_at_execution - counted,
                record.stats[seat].illegal_moves());
    }
  }
  return s;
}

// No order refused when read, no time-out or parse error; with
// `sure_orders`, none failing at execution either (wl::KeepSureOrders).
void ExpectClean(const Series& s, const char* what, bool sure_orders) {
  EXPECT_EQ(s.parse_errors, 0) << what;
  EXPECT_EQ(s.timeouts, 0) << what;
  EXPECT_EQ(s.illegal_at_queue, 0) << what;
  for (const std::string& f : s.failures) ADD_FAILURE() << what << ": " << f;
  if (sure_orders) EXPECT_EQ(s.illegal_at_execution, 0) << what;
  ::testing::Test::RecordProperty(std::string(what) + ": illegal at execution",
                                  s.illegal_at_execution);
  std::cout << what << ": " << s.wins << " won, " << s.losses << " lost of "
            << s.games << "; illegal at execution " << s.illegal_at_execution
            << "\n";
}

TEST(MctsGameTest, BeatsARandomBotAndPlaysLegally) {
  Series s = PlaySeries(6, Rival::kRandom, 48);
  ExpectClean(s, "mcts vs random", false);
  EXPECT_GE(s.wins, s.games - 1);
}

TEST(MctsGameTest, PlaysLegallyAgainstGreedy) {
  Series s = PlaySeries(16, Rival::kGreedy, 48);
  ExpectClean(s, "mcts vs greedy", false);
}

TEST(MctsGameTest, WithSureOrdersNoneFailsAtExecution) {
  Series s = PlaySeries(16, Rival::kGreedy, 48, /*sure_orders=*/true);
  ExpectClean(s, "mcts --sure-orders 1 vs greedy", true);
}

TEST(MctsGameTest, IsDeterministicWithFixedIterations) {
  Map map = testing::RandomTestMap(3, 40);
  std::string replays[2];
  for (std::string& replay : replays) {
    tools::InProcessSeat a(std::make_unique<MctsBot>(Fixed(64, 5)));
    tools::InProcessSeat b(std::make_unique<GreedyBot>(6));
    replay = tools::PlayGame(map, 11, a, b).replay;
  }
  EXPECT_EQ(replays[0], replays[1]);
  EXPECT_FALSE(replays[0].empty());
}

}  // namespace
}  // namespace wl
