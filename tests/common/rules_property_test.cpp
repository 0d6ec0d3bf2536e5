// The invariants every rules core shares, in the spirit of OpenSpiel's
// random-simulation test: N seeded random games per game (Warlight 2,
// Berlin, Colorfight II), each checked after every step: the state stays
// a trivially copyable value and valid, the game ends within its bound,
// the scores add up and the ranks follow them, a copy taken mid-game plays
// on exactly as the original, and the same seed gives the same game.
// Each game's own, deeper checks (naive restatements of its spec) are in
// tests/sdk/rules_simulation_test.cpp, tests/berlin/rules_simulation_test.cpp
// and tests/colorfight/rules_random_test.cpp. WL_LONG_TESTS=1 plays ten
// times more games.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "berlin/berlin_map.h"
#include "colorfight/cf_random_game.h"
#include "random_play.h"
#include "rules.h"
#include "sdk/berlin/rules.h"
#include "sdk/colorfight/rules.h"
#include "sdk/common/fast_random.h"
#include "test_maps.h"

namespace wl {
namespace {

// A driver plays one seeded random game of its game a step at a time:
//   StateType; explicit Driver(uint64_t seed); bool Step() (true once the
//   game has ended); const StateType& state(); int MaxSteps();
//   std::string Invalid() ("" when the state is valid);
//   std::vector<double> Scores(); std::vector<int> Ranks();
//   bool SameState(const Driver&); double ScoreTotal() (what the scores
//   add up to, NaN when the game's measure does not add up to a constant).

// Warlight 2 on random grid maps, 10% of the orders illegal on purpose.
class Wl2Driver {
 public:
  using StateType = State;
  static constexpr const char* kName = "warlight2";

  explicit Wl2Driver(uint64_t seed)
      : game_(std::make_shared<const Game>(testing::RandomTestMap(
            static_cast<uint32_t>(seed), 10 + static_cast<int>(seed % 41)))),
        rng_(seed),
        state_(RandomStart(*game_, rng_)) {}

  bool Step() {
    outcome_ = PlayRandomRound(*game_, state_, ++round_, rng_, queues_, 0.1);
    return outcome_ != Outcome::kOngoing;
  }
  const State& state() const { return state_; }
  int MaxSteps() const { return game_->MaxRounds(); }
  std::string Invalid() const {
    if (!(state_.owned[0] & state_.owned[1]).Empty()) return "a shared region";
    for (int r : game_->GetMap().RegionIds()) {
      if (state_.armies[r] < 1) return "a region with no army";
    }
    return "";
  }
  std::vector<double> Scores() const {
    switch (outcome_) {
      case Outcome::kPlayer1Won:
        return {1, 0};
      case Outcome::kPlayer2Won:
        return {0, 1};
      default:
        return {0.5, 0.5};
    }
  }
  std::vector<int> Ranks() const {
    const std::vector<double> s = Scores();
    return {s[0] >= s[1] ? 1 : 2, s[1] >= s[0] ? 1 : 2};
  }
  double ScoreTotal() const { return 1; }
  bool SameState(const Wl2Driver& o) const { return state_ == o.state_; }

 private:
  std::shared_ptr<const Game> game_;
  FastRandom rng_;
  State state_;
  RoundQueues queues_;
  int round_ = 0;
  Outcome outcome_ = Outcome::kOngoing;
};

// Berlin on the official maps, 2 to 4 players, random moves (some invalid).
class BerlinDriver {
 public:
  using StateType = berlin::State;
  static constexpr const char* kName = "berlin";

  explicit BerlinDriver(uint64_t seed) : rng_(seed) {
    const std::vector<std::string> names = tools::BuiltinBerlinMapNames();
    absl::StatusOr<tools::BerlinMapFile> file =
        tools::LoadBerlinMap(names[seed % names.size()]);
    EXPECT_TRUE(file.ok()) << file.status().message();
    if (!file.ok()) return;
    map_ = std::make_shared<const berlin::Map>(file->map);
    const std::vector<int> counts = file->PlayerCounts();
    state_ = *file->Setup(counts[seed / names.size() % counts.size()]);
  }

  bool Step() {
    std::vector<berlin::Move> moves[berlin::kMaxPlayers];
    berlin::PlayerMoves turn[berlin::kMaxPlayers];
    for (int p = 0; p < state_.num_players; ++p) {
      for (int i = 0; i < state_.num_nodes; ++i) {
        if (state_.owner[i] != p || rng_.Below(3) == 0) continue;
        const int to = static_cast<int>(rng_.Below(state_.num_nodes));
        const int64_t have = std::max<int64_t>(state_.soldiers[p][i], 0);
        const int64_t n = static_cast<int64_t>(rng_.Below(have + 2)) - 1;
        moves[p].push_back({map_->node(i).id, map_->node(to).id, n});
      }
      turn[p] = {p, moves[p].data(), static_cast<int>(moves[p].size())};
    }
    berlin::ResolveTurn(*map_, state_, turn, state_.num_players);
    return berlin::GameOver(*map_, state_);
  }
  const berlin::State& state() const { return state_; }
  int MaxSteps() const { return map_->maximum_number_of_turns; }
  std::string Invalid() const {
    for (int i = 0; i < state_.num_nodes; ++i) {
      if (state_.owner[i] < berlin::kFree ||
          state_.owner[i] >= state_.num_players) {
        return "an owner that is no player";
      }
    }
    return "";
  }
  std::vector<double> Scores() const {
    std::vector<double> s;
    for (int p = 0; p < state_.num_players; ++p) {
      s.push_back(berlin::Score(*map_, state_, p));
    }
    return s;
  }
  // berlin §6: the winners (most points among the players alive) rank 1.
  std::vector<int> Ranks() const {
    const uint32_t winners = berlin::Winners(*map_, state_);
    std::vector<int> ranks;
    for (int p = 0; p < state_.num_players; ++p) {
      ranks.push_back(winners >> p & 1 ? 1 : 2);
    }
    return ranks;
  }
  // Shares of the owned nodes' points: 1, or 0 when nobody scores (maps
  // whose types are worth nothing), NaN when negative points can cancel.
  double ScoreTotal() const {
    int64_t total = 0;
    bool negative = false;
    for (int i = 0; i < state_.num_nodes; ++i) {
      negative |= map_->Points(i) < 0;
      if (state_.owner[i] != berlin::kFree) total += map_->Points(i);
    }
    return negative ? std::nan("") : total == 0 ? 0 : 1;
  }
  bool SameState(const BerlinDriver& o) const { return state_ == o.state_; }

 private:
  std::shared_ptr<const berlin::Map> map_;
  FastRandom rng_;
  berlin::State state_ = berlin::State::Empty(0, 2);
};

// Colorfight II on official maps (tests/colorfight/cf_random_game.h), 2, 4
// or 8 users, 150 turns.
class ColorfightDriver {
 public:
  using StateType = colorfight::State;
  static constexpr const char* kName = "colorfight";
  static constexpr int kTurns = 150;

  explicit ColorfightDriver(uint64_t seed)
      : game_(seed, 2 << (seed % 3), kTurns) {}

  bool Step() {
    game_.MakeCommands();
    colorfight::Update(game_.state(), game_.lists());
    return game_.state().Ended();
  }
  const colorfight::State& state() const {
    return const_cast<testing::ColorfightRandomGame&>(game_).state();
  }
  int MaxSteps() const { return kTurns; }
  std::string Invalid() const {
    const colorfight::State& s = state();
    int owned[colorfight::kMaxUsers + 1] = {};
    for (const colorfight::Cell& c : s.cells) {
      if (c.owner < 0 || c.owner > colorfight::kMaxUsers) return "bad owner";
      if (c.level < 1 || c.level > 3) return "a level outside 1..3";
      ++owned[c.owner];
    }
    for (int i = 0; i < s.num_users; ++i) {
      const colorfight::UserState& u = s.users[i];
      if (u.gold < 0) return "negative gold";
      if (!u.dead && u.cell_number != owned[u.uid]) return "a wrong count";
    }
    return "";
  }
  // colorfight §8: the final gold, ranked from the most.
  std::vector<double> Scores() const {
    std::vector<double> s;
    for (int i = 0; i < state().num_users; ++i) {
      s.push_back(static_cast<double>(state().users[i].gold));
    }
    return s;
  }
  std::vector<int> Ranks() const {
    int8_t ranking[colorfight::kMaxUsers];
    const int n = colorfight::RankByGold(state(), ranking);
    std::vector<int> ranks(state().num_users, 0);
    for (int k = 0; k < n; ++k) ranks[ranking[k]] = k + 1;
    return ranks;
  }
  double ScoreTotal() const { return std::nan(""); }  // gold: no constant
  bool SameState(const ColorfightDriver& o) const {
    const colorfight::State &a = state(), &b = o.state();
    if (a.turn != b.turn || a.num_users != b.num_users) return false;
    for (int i = 0; i < colorfight::kCells; ++i) {
      const colorfight::Cell &x = a.cells[i], &y = b.cells[i];
      if (x.owner != y.owner || x.building != y.building ||
          x.level != y.level || x.force_field != y.force_field ||
          x.home_energy != y.home_energy) {
        return false;
      }
    }
    for (int i = 0; i < a.num_users; ++i) {
      const colorfight::UserState &x = a.users[i], &y = b.users[i];
      if (x.gold != y.gold || x.energy != y.energy || x.dead != y.dead) {
        return false;
      }
    }
    return true;
  }

 private:
  testing::ColorfightRandomGame game_;
};

int GamesPerGame(int short_count) {
  const char* env = std::getenv("WL_LONG_TESTS");
  return env != nullptr && *env != '\0' && *env != '0' ? 10 * short_count
                                                       : short_count;
}

template <typename Driver>
class RulesPropertyTest : public ::testing::Test {};
using Drivers = ::testing::Types<Wl2Driver, BerlinDriver, ColorfightDriver>;
TYPED_TEST_SUITE(RulesPropertyTest, Drivers);

// Plays `driver` to its end, checking the state after every step; a copy
// taken at step `fork_at` must play on identically. Returns the steps.
template <typename Driver>
int PlayChecked(Driver& driver, int fork_at) {
  std::unique_ptr<Driver> fork;
  for (int step = 1;; ++step) {
    SCOPED_TRACE(::testing::Message() << "step " << step);
    if (step == fork_at) fork = std::make_unique<Driver>(driver);
    const bool ended = driver.Step();
    if (fork != nullptr) {
      EXPECT_EQ(fork->Step(), ended);
      if (!fork->SameState(driver)) {
        ADD_FAILURE() << "a copy of the game played on differently";
        return step;
      }
    }
    const std::string why = driver.Invalid();
    if (!why.empty()) {
      ADD_FAILURE() << "invalid state: " << why;
      return step;
    }
    if (ended) return step;
    if (step > driver.MaxSteps()) {
      ADD_FAILURE() << "the game did not end in " << driver.MaxSteps();
      return step;
    }
  }
}

template <typename Driver>
void CheckScores(const Driver& driver) {
  const std::vector<double> scores = driver.Scores();
  const std::vector<int> ranks = driver.Ranks();
  ASSERT_EQ(scores.size(), ranks.size());
  double sum = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    sum += scores[i];
    EXPECT_GE(ranks[i], 1);
    EXPECT_LE(ranks[i], static_cast<int>(ranks.size()));
    for (size_t j = 0; j < scores.size(); ++j) {
      // A better score never ranks worse.
      if (scores[i] > scores[j]) EXPECT_LE(ranks[i], ranks[j]);
    }
  }
  EXPECT_TRUE(std::count(ranks.begin(), ranks.end(), 1) >= 1);
  const double total = driver.ScoreTotal();
  if (!std::isnan(total)) EXPECT_NEAR(sum, total, 1e-9);
}

TYPED_TEST(RulesPropertyTest, RandomGamesKeepTheSharedInvariants) {
  using Driver = TypeParam;
  static_assert(std::is_trivially_copyable_v<typename Driver::StateType>,
                "a rules state is a plain value, copied at every search node");
  const int games =
      GamesPerGame(std::string(Driver::kName) == "colorfight" ? 40 : 1000);
  int64_t steps = 0;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = 1000 + g;
    SCOPED_TRACE(::testing::Message() << Driver::kName << " seed " << seed);
    Driver driver(seed);
    steps += PlayChecked(driver, 1 + g % 7);
    if (::testing::Test::HasFailure()) return;
    CheckScores(driver);
    // The same seed gives the same game.
    Driver again(seed);
    while (!again.Step()) {
    }
    EXPECT_TRUE(again.SameState(driver));
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(steps, games);  // the games lasted more than a step
}

}  // namespace
}  // namespace wl
