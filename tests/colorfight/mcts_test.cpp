// The Colorfight II MCTS bot (bots/colorfight/mcts): its candidates, the
// legality of what it sends, its time budget, determinism with an
// iteration cap, and short games it wins against the random bot. Games
// are played here on the rules core, each bot through its Game view
// (cf_bot_games.h), so every command goes through the engine's text.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/colorfight/mcts/colorfight_mcts_bot.h"
#include "colorfight/cf_bot_games.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/command.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight {
namespace {

using testing::StartedGame;
using testing::ViewOf;

// A quick search: reproducible, short playouts.
colorfight_mcts::Options Quick(uint64_t seed, int iterations = 30) {
  colorfight_mcts::Options o;
  o.seed = seed;
  o.search.iterations = iterations;
  o.search.playout_turns = 3;
  o.max_turn_ms = 0;  // no clock: the iteration cap stops it
  return o;
}

class CountFailures : public FailureSink {
 public:
  void Failed(int user_index, int, Failure) override { ++per_user[user_index]; }
  int per_user[kMaxUsers] = {};
};

// Plays `bots` (user k + 1 is bots[k]) to the end of `s`; returns the
// failed commands of each user.
std::vector<int> Play(State& s, const std::vector<Bot*>& bots) {
  CountFailures failures;
  std::vector<std::vector<Command>> typed(bots.size());
  while (!s.Ended()) {
    CommandList lists[kMaxUsers] = {};
    for (size_t k = 0; k < bots.size(); ++k) {
      typed[k].clear();
      for (const std::string& text : bots[k]->OnTurn(ViewOf(s, k + 1))) {
        typed[k].push_back(ParseCommand(text).command);
      }
      lists[k] = {typed[k].data(), static_cast<int>(typed[k].size())};
    }
    Update(s, lists, &failures);
  }
  return std::vector<int>(failures.per_user, failures.per_user + bots.size());
}

// The game of `seed` after `turns` updates of greedy play for everyone (a
// position with choices: at the start every setting plays the same turn).
State Midgame(uint64_t seed, int players, int max_turn, int turns) {
  State s = StartedGame(seed, players, max_turn);
  ColorfightGreedyBot greedy(1);
  s.max_turn = s.turn + turns;
  Play(s, std::vector<Bot*>(players, &greedy));
  s.max_turn = max_turn;
  return s;
}

TEST(ColorfightMctsBotTest, CandidatesForEverySideGreedysFirst) {
  const State s = StartedGame(/*seed=*/3, /*players=*/4, /*max_turn=*/100);
  colorfight_mcts::Search search(Quick(1).search);
  search.Prepare(s, /*me=*/2, /*seed=*/5);
  ASSERT_EQ(search.Sides(), 4);
  EXPECT_EQ(search.UidOf(0), 2);
  for (int k = 0; k < 4; ++k) {
    EXPECT_GE(search.Candidates(k).size(), 2u) << k;
    colorfight_mcts::TurnMaker maker;
    colorfight_mcts::TurnPlan greedy;
    maker.Make(s, search.UidOf(k), colorfight_mcts::kSettings[0], greedy);
    EXPECT_TRUE(search.Candidates(k)[0] == greedy) << k;
  }
  const auto stats =
      search.Run(std::chrono::steady_clock::now() + std::chrono::seconds(30));
  EXPECT_EQ(stats.iterations, 30);
  EXPECT_GT(stats.updates, 30);
}

TEST(ColorfightMctsBotTest, EveryCommandItSendsIsLegal) {
  State s = StartedGame(/*seed=*/11, /*players=*/2, /*max_turn=*/60);
  ColorfightMctsBot mcts(Quick(1));
  ColorfightGreedyBot greedy(1);
  const std::vector<int> failed = Play(s, {&mcts, &greedy});
  EXPECT_EQ(failed[0], 0);
  EXPECT_GT(s.users[0].cell_number, 1);
}

TEST(ColorfightMctsBotTest, StopsAtItsTimeBudget) {
  const State s = Midgame(/*seed=*/5, /*players=*/2, /*max_turn=*/500, 80);
  colorfight_mcts::Options o;
  o.max_turn_ms = 40;
  ColorfightMctsBot mcts(o);
  const Game view = ViewOf(s, 1);
  const auto start = std::chrono::steady_clock::now();
  mcts.OnTurn(view);
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  ASSERT_GT(mcts.LastStats().candidates, 1);
  EXPECT_GT(mcts.LastStats().iterations, 0);
  EXPECT_LT(mcts.LastStats().elapsed_ms, 40 + 500);  // one iteration late
  EXPECT_LT(ms, 40 + 1000);
}

TEST(ColorfightMctsBotTest, TheSameSeedAndIterationsPlayTheSame) {
  State s = Midgame(/*seed=*/8, /*players=*/2, /*max_turn=*/100, 30);
  ColorfightMctsBot a(Quick(9)), b(Quick(9));
  for (int t = 0; t < 5; ++t) {
    const std::vector<std::string> from_a = a.OnTurn(ViewOf(s, 1));
    EXPECT_EQ(from_a, b.OnTurn(ViewOf(s, 1))) << t;
    EXPECT_EQ(a.LastStats().iterations, 30);
    std::vector<Command> typed;
    for (const std::string& text : from_a) {
      typed.push_back(ParseCommand(text).command);
    }
    CommandList lists[kMaxUsers] = {{typed.data(), int(typed.size())}};
    Update(s, lists);
  }
}

TEST(ColorfightMctsBotTest, BeatsRandom) {
  for (uint64_t seed : {21, 22}) {
    State s = StartedGame(seed, /*players=*/2, /*max_turn=*/60);
    ColorfightMctsBot mcts(Quick(seed));
    ColorfightRandomBot random(seed);
    const bool mcts_first = seed % 2 == 0;
    std::vector<Bot*> bots = {&mcts, &random};
    if (!mcts_first) std::swap(bots[0], bots[1]);
    Play(s, bots);
    const UserState& m = s.users[mcts_first ? 0 : 1];
    const UserState& r = s.users[mcts_first ? 1 : 0];
    EXPECT_GT(m.gold, r.gold) << "seed " << seed;
  }
}

}  // namespace
}  // namespace wl::colorfight
