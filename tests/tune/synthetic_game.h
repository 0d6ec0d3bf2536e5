// synthetic_game.h: a GameAdapter (tools/common/game.h) for the tuner's tests,
// played instantly: a player's strength is -sum_i ((theta_i - best_i) /
// width)^2 over its parameters' values (the declared defaults when a seat
// sets none), and player1 wins with probability logistic(strength1 -
// strength2), drawn from the game's seed and the seats' seeds. A pool
// opponent (AddOpponent) is a bot against which the other seat wins with
// probability score(its first parameter's value).
//
//   SyntheticGame game({{"x", 20, 0, 100, 5}}, /*best=*/{70});
//   game.AddOpponent("punish-low", [](double x) { return x / 100; });
//   RunTune(config, game, out);  // config.bot = "synthetic"
#ifndef WL_TESTS_TUNE_SYNTHETIC_GAME_H_
#define WL_TESTS_TUNE_SYNTHETIC_GAME_H_

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/game.h"

namespace wl::tools {

class SyntheticPlayedGame : public PlayedGame {
 public:
  absl::Status WriteFiles(const std::string&,
                          const std::string&) const override {
    return absl::OkStatus();
  }
  std::string Transcript() const override { return winner; }
};

class SyntheticGame : public GameAdapter {
 public:
  // Parameters as {name, default, min, max, step}.
  SyntheticGame(std::vector<wl::Param> params, std::vector<double> best,
                double width = 10)
      : params_(std::move(params)), best_(std::move(best)), width_(width) {}

  // A bot `name` against which its rival wins with probability
  // score(x), x the rival's first parameter.
  void AddOpponent(const std::string& name,
                   std::function<double(double)> score) {
    opponents_[name] = std::move(score);
  }

  std::string Name() const override { return "synthetic"; }
  void DeclareFlags(Flags&) override {}
  std::string CheckFlags() const override { return ""; }
  std::vector<GameSetting> Settings() const override { return {}; }
  absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string&) const override {
    return absl::InvalidArgumentError("synthetic games have no maps");
  }
  bool PlaysInProcess(const std::string&) const override { return true; }
  absl::Status CheckBot(const std::string&) const override {
    return absl::OkStatus();
  }
  std::string BotIdentity(const std::string&, bool) const override {
    return "synthetic";
  }
  int64_t TimeAvailableMs(int64_t) const override { return 0; }
  absl::StatusOr<std::vector<wl::Param>> BotParams(
      const std::string&) const override {
    return params_;
  }

  double Value(const SeatSetup& seat, size_t i) const {
    double x = params_[i].value;
    for (const auto& [name, value] : seat.params) {
      if (name == params_[i].name) x = value;
    }
    return x;
  }

  // player1's chance to win.
  double Player1Wins(const GameSetup& setup) const {
    for (int seat = 0; seat < 2; ++seat) {
      const auto o = opponents_.find(setup.seats[seat].bot);
      if (o == opponents_.end()) continue;
      const double rival = o->second(Value(setup.seats[1 - seat], 0));
      return seat == 1 ? rival : 1 - rival;
    }
    const double diff = Strength(setup.seats[0]) - Strength(setup.seats[1]);
    return 1 / (1 + std::exp(-diff));
  }

  double Strength(const SeatSetup& seat) const {
    double strength = 0;
    for (size_t i = 0; i < params_.size(); ++i) {
      strength -= std::pow((Value(seat, i) - best_[i]) / width_, 2);
    }
    return strength;
  }

  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override {
    std::seed_seq seq{static_cast<uint64_t>(setup.seed), setup.seats[0].seed,
                      setup.seats[1].seed};
    std::mt19937_64 rng(seq);
    const double p1 = Player1Wins(setup);
    auto played = std::make_unique<SyntheticPlayedGame>();
    played->winner = std::uniform_real_distribution<double>(0, 1)(rng) < p1
                         ? "player1"
                         : "player2";
    played->seats.resize(2);
    SeatsFromWinner(played->winner, &played->seats);
    return std::unique_ptr<PlayedGame>(std::move(played));
  }

 private:
  std::vector<wl::Param> params_;
  std::vector<double> best_;
  double width_;
  std::map<std::string, std::function<double(double)>> opponents_;
};

}  // namespace wl::tools

#endif  // WL_TESTS_TUNE_SYNTHETIC_GAME_H_
