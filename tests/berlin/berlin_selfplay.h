// berlin_selfplay.h: whole Berlin games between in-process bots, for tests
// and measurements, without HTTP or JSON.
//
// Each turn every alive player's bot (berlin §5.1) gets a wl::berlin::Game
// built from a Request filled directly from the Map and what the State shows
// (berlin §3.3: owners and owners' counters; hidden counters stay hidden),
// its Moves() are aggregated as the engine reads them (berlin §5.2) and go
// to wl::berlin::ResolveTurn in the iteration order (berlin §1.2), until
// GameOver; Winners and Score decide (berlin §6). It counts the moves the
// engine drops, per player, and times every OnTurn.
//
//   std::vector<wl::berlin::testing::SelfPlayBotFactory> bots = {
//       [](uint64_t seed) { return std::make_unique<BerlinGreedyBot>(seed); },
//       wl::berlin::testing::RandomBotFactory()};
//   wl::berlin::testing::SelfPlayResult r =
//       wl::berlin::testing::PlaySelfGame(map, start, bots, {/*seed=*/7});
//   if (r.SoleWinner(0)) ...;  // r.dropped[p], r.max_turn_ms[p], r.score[p]
#ifndef WL_TESTS_BERLIN_BERLIN_SELFPLAY_H_
#define WL_TESTS_BERLIN_BERLIN_SELFPLAY_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "berlin/berlin_map.h"
#include "bots/berlin/random/berlin_random_bot.h"
#include "gtest/gtest.h"
#include "sdk/berlin/aggregate.h"
#include "sdk/berlin/bot.h"
#include "sdk/berlin/rules.h"

namespace wl::berlin::testing {

// Makes one seat's bot; `seed` differs per game and per seat.
using SelfPlayBotFactory = std::function<std::unique_ptr<Bot>(uint64_t seed)>;

// A map and its setup for some number of players.
struct Scenario {
  std::string name;  // "deployed-2/2"
  Map map;
  State start;
};

// A built-in official map (berlin §4.3) or a file, with its setup for
// `players` (berlin §4.4), or nothing without that setup (a map that cannot
// be loaded also fails the test).
inline std::optional<Scenario> LoadScenario(const std::string& name,
                                            int players) {
  absl::StatusOr<tools::BerlinMapFile> file = tools::LoadBerlinMap(name);
  EXPECT_TRUE(file.ok()) << file.status().message();
  if (!file.ok()) return std::nullopt;
  absl::StatusOr<State> start = file->Setup(players);
  if (!start.ok()) return std::nullopt;
  return Scenario{name + "/" + std::to_string(players), file->map, *start};
}

struct SelfPlayOptions {
  uint64_t seed = 1;
  // The engine's iteration order (player ids); empty: 0, 1, ...
  std::vector<int> order;
  // Each Game's deadline (not enforced: OnTurn is timed instead).
  int time_limit_ms = 1000;
};

struct SelfPlayResult {
  State final_state;
  int turns = 0;
  uint32_t winners = 0;  // bit p: player p is a winner (berlin §6)
  double score[kMaxPlayers] = {};
  int64_t points[kMaxPlayers] = {};
  int sent[kMaxPlayers] = {};     // aggregated moves given to the engine
  int dropped[kMaxPlayers] = {};  // ... of which it dropped (berlin §5.3)
  int asked[kMaxPlayers] = {};    // turns the player was asked
  double max_turn_ms[kMaxPlayers] = {};
  double total_turn_ms[kMaxPlayers] = {};

  bool SoleWinner(int p) const { return winners == uint32_t{1} << p; }
  bool Winner(int p) const { return (winners >> p & 1) != 0; }
};

// The request a bot of `player` gets for `s` (berlin §3): infos from the
// map, the state as shown (berlin §3.3), state.turn = current_turn.
inline Request SelfPlayRequest(const Map& map, const State& s, int player,
                               const std::string& action,
                               int64_t current_turn) {
  Request r;
  r.action = action;
  r.game_id = "selfplay";
  r.current_turn = current_turn;
  r.maximum_number_of_turns = map.maximum_number_of_turns;
  r.time_limit_per_turn = map.time_limit_per_turn;
  r.directed = map.directed;
  r.number_of_players = s.num_players;
  r.player_id = player;
  r.map = map;
  r.state = State::Empty(s.num_nodes, s.num_players);
  for (int i = 0; i < s.num_nodes; ++i) {
    if (s.owner[i] != kFree) r.state.Place(i, s.owner[i], s.Soldiers(i));
  }
  r.state.turn = static_cast<int32_t>(current_turn);
  return r;
}

// berlin §5.2: a bot's moves as the engine reads them, aggregated by
// (from, to) integer keys in first-appearance order.
inline std::vector<Move> AggregateMoves(const std::vector<Move>& moves) {
  Aggregator agg;
  for (const Move& m : moves) {
    agg.Add({"i:" + std::to_string(m.from), m.from},
            {"i:" + std::to_string(m.to), m.to}, m.number_of_soldiers);
  }
  return agg.Moves();
}

namespace internal {

// One OnTurn of `bot` (player p), timed into `r`; returns its moves.
inline std::vector<Move> AskBot(Bot& bot, const Map& map, const State& s, int p,
                                const SelfPlayOptions& options,
                                SelfPlayResult& r) {
  const auto start = Game::Clock::now();
  Game game(SelfPlayRequest(map, s, p, "turn", s.turn + 1),
            start + std::chrono::milliseconds(options.time_limit_ms));
  bot.OnTurn(game);
  const double ms =
      std::chrono::duration<double, std::milli>(Game::Clock::now() - start)
          .count();
  r.max_turn_ms[p] = std::max(r.max_turn_ms[p], ms);
  r.total_turn_ms[p] += ms;
  ++r.asked[p];
  return AggregateMoves(game.Moves());
}

// berlin §5: one turn, every alive player asked in `order`.
inline void PlayTurn(const Map& map, State& s,
                     std::vector<std::unique_ptr<Bot>>& bots,
                     const std::vector<int>& order,
                     const SelfPlayOptions& options, SelfPlayResult& r) {
  std::vector<std::vector<Move>> answers(order.size());
  std::vector<PlayerMoves> turn;
  for (size_t k = 0; k < order.size(); ++k) {
    const int p = order[k];
    if (!s.Alive(p)) continue;
    answers[k] = AskBot(*bots[p], map, s, p, options, r);
    turn.push_back({p, answers[k].data(), int(answers[k].size())});
    r.sent[p] += int(answers[k].size());
    r.dropped[p] += int(answers[k].size());
  }
  ResolveTurn(map, s, turn.data(), int(turn.size()),
              [&](const AcceptedMove& a) { --r.dropped[a.player]; });
}

}  // namespace internal

// Plays a whole game from `start`; bots[p] makes player p's bot.
inline SelfPlayResult PlaySelfGame(
    const Map& map, const State& start,
    const std::vector<SelfPlayBotFactory>& factories,
    const SelfPlayOptions& options = {}) {
  const int n = start.num_players;
  std::vector<int> order = options.order;  // every id once, or empty
  for (int p = 0; options.order.empty() && p < n; ++p) order.push_back(p);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < n; ++p) {
    bots.push_back(factories[p](options.seed * kMaxPlayers + uint64_t(p)));
    Game game(SelfPlayRequest(map, start, p, "game_start", 0),
              Game::Clock::now());
    bots[p]->OnGameStart(game);
  }
  SelfPlayResult r;
  State s = start;
  while (!GameOver(map, s)) internal::PlayTurn(map, s, bots, order, options, r);
  for (int p = 0; p < n; ++p) {
    Game game(SelfPlayRequest(map, s, p, "game_over", s.turn),
              Game::Clock::now());
    bots[p]->OnGameOver(game);
    r.score[p] = Score(map, s, p);
    r.points[p] = Points(map, s, p);
  }
  r.final_state = s;
  r.turns = s.turn;
  r.winners = Winners(map, s);
  return r;
}

// The official gem's example AI (bots/berlin/random, berlin §9.1).
inline SelfPlayBotFactory RandomBotFactory() {
  return [](uint64_t seed) { return std::make_unique<BerlinRandomBot>(seed); };
}

}  // namespace wl::berlin::testing

#endif  // WL_TESTS_BERLIN_BERLIN_SELFPLAY_H_
