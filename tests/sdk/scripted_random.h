// scripted_random.h: scripted dice and coins for rules-core tests. The
// rules core draws through any type with NextDouble(); this one hands out a
// given sequence and fails the test on a draw beyond it.
//
//   ScriptedRandom rng;
//   rng.Then(kCoinP1).Then(kHit, 3).Then(kMiss, 2);  // coin, then dice
//   ... ExecuteAttacks(..., rng) ...
//   EXPECT_EQ(rng.draws(), rng.size());              // every draw used
#ifndef WL_TESTS_SDK_SCRIPTED_RANDOM_H_
#define WL_TESTS_SDK_SCRIPTED_RANDOM_H_

#include <cstddef>
#include <vector>

#include "gtest/gtest.h"
#include "player.h"

namespace wl::testing {

constexpr Player kP1 = Player::kPlayer1;
constexpr Player kP2 = Player::kPlayer2;
constexpr Player kNeutral = Player::kNeutral;

// Scripted draws: a coin below 0.5 lets player1 go (spec section 6, wl1
// §6.1); a die below 0.6 is an attacker hit, below 0.7 a defender hit (the
// official engines' 60% and 70%).
constexpr double kCoinP1 = 0.25;
constexpr double kCoinP2 = 0.75;
constexpr double kHit = 0.0;
constexpr double kMiss = 0.99;

// Hands out a scripted sequence of doubles, counting every draw; a draw
// beyond the script fails the test. It has no CountBelow, so the rules core
// draws dice one NextDouble() at a time, as with JavaRandom.
class ScriptedRandom {
 public:
  ScriptedRandom& Then(double r, int times = 1) {
    for (int i = 0; i < times; ++i) script_.push_back(r);
    return *this;
  }
  double NextDouble() {
    ++draws_;
    if (next_ >= script_.size()) {
      ADD_FAILURE() << "draw #" << draws_ << " is beyond the script of "
                    << script_.size();
      return 0.5;
    }
    return script_[next_++];
  }
  int draws() const { return draws_; }
  int size() const { return static_cast<int>(script_.size()); }

 private:
  std::vector<double> script_;
  size_t next_ = 0;
  int draws_ = 0;
};

}  // namespace wl::testing

#endif  // WL_TESTS_SDK_SCRIPTED_RANDOM_H_
