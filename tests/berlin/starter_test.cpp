// Tests of the starter and random Berlin bots (bots/berlin/starter,
// bots/berlin/random): every move they send is one the engine accepts
// (berlin §5.3, checked with the rules core's ResolveTurn) over many random
// maps and states, directed ones and negative counters included; the random
// bot is the gem's README example and is reproducible from its seed; the
// starter beats it.
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "berlin/berlin_selfplay.h"
#include "bots/berlin/random/berlin_random_bot.h"
#include "bots/berlin/starter/berlin_starter_bot.h"
#include "gtest/gtest.h"
#include "sdk/berlin/bot.h"
#include "sdk/berlin/rules.h"

namespace wl::berlin {
namespace {

using Rng = std::mt19937_64;

int Uniform(Rng& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

// A random connected map: a random tree plus extra paths; types with
// points and spawns, some negative (berlin §5.7); directed maps list both
// directions of the tree so that every node stays reachable (berlin §7).
Map RandomMap(Rng& rng, std::vector<std::pair<int64_t, int64_t>>& paths) {
  Map map;
  map.directed = Uniform(rng, 0, 3) == 0;
  const int node = map.AddType("node", 0, 0);
  const int city = map.AddType("city", 1, 1);
  const int capital = map.AddType("capital", 3, 2);
  const int swamp = map.AddType("swamp", -1, -1);
  const int types[] = {node, node, city, capital, swamp};
  const int n = Uniform(rng, 2, kMaxNodes);
  for (int i = 0; i < n; ++i)
    map.AddNode(10 + 3 * i, types[Uniform(rng, 0, 4)]);
  paths.clear();
  for (int i = 1; i < n; ++i) {
    const int64_t a = map.node(Uniform(rng, 0, i - 1)).id;
    const int64_t b = map.node(i).id;
    paths.emplace_back(a, b);
    if (map.directed) paths.emplace_back(b, a);
  }
  for (int extra = Uniform(rng, 0, n); extra > 0; --extra) {
    paths.emplace_back(map.node(Uniform(rng, 0, n - 1)).id,
                       map.node(Uniform(rng, 0, n - 1)).id);
  }
  for (const auto& [a, b] : paths) map.AddPath(a, b);
  return map;
}

// Random owners and counters; an owner's counter may be 0 or negative.
State RandomState(Rng& rng, const Map& map, int players) {
  State s = State::Empty(map.size(), players);
  for (int i = 0; i < map.size(); ++i) {
    const int owner = Uniform(rng, -2, players - 1);
    if (owner >= 0) s.Place(i, owner, Uniform(rng, -3, 40));
  }
  s.turn = Uniform(rng, 0, 99);
  return s;
}

// The turn request of `player` for `s` (berlin §3), with the paths listed.
Request TurnRequest(const Map& map,
                    const std::vector<std::pair<int64_t, int64_t>>& paths,
                    const State& s, int player) {
  Request r = testing::SelfPlayRequest(map, s, player, "turn", s.turn + 1);
  r.paths = paths;
  return r;
}

// One OnTurn: the bot's moves, aggregated by (from, to) in first-appearance
// order as the engine reads integer keys (berlin §5.2).
std::vector<Move> AskBot(Bot& bot, const Map& map,
                         const std::vector<std::pair<int64_t, int64_t>>& paths,
                         const State& s, int player) {
  Game game(TurnRequest(map, paths, s, player),
            Game::Clock::now() + std::chrono::seconds(10));
  bot.OnTurn(game);
  return testing::AggregateMoves(game.Moves());
}

// Moves of `player` the engine accepts (berlin §5.3) from `s`.
int Accepted(const Map& map, State s, int player,
             const std::vector<Move>& moves) {
  int accepted = 0;
  const PlayerMoves pm{player, moves.data(), static_cast<int>(moves.size())};
  ResolveTurn(map, s, &pm, 1, [&](const AcceptedMove&) { ++accepted; });
  return accepted;
}

void ExpectOnlyAcceptedMoves(const std::function<std::unique_ptr<Bot>()>& make,
                             const char* name) {
  Rng rng(14);
  int total = 0;
  for (int round = 0; round < 600; ++round) {
    std::vector<std::pair<int64_t, int64_t>> paths;
    const Map map = RandomMap(rng, paths);
    const State s = RandomState(rng, map, Uniform(rng, 2, kMaxPlayers));
    for (int p = 0; p < s.num_players; ++p) {
      std::unique_ptr<Bot> bot = make();
      const std::vector<Move> moves = AskBot(*bot, map, paths, s, p);
      ASSERT_EQ(Accepted(map, s, p, moves), static_cast<int>(moves.size()))
          << name << ": round " << round << ", player " << p;
      total += static_cast<int>(moves.size());
    }
  }
  EXPECT_GT(total, 1000) << name << " hardly moves";
}

TEST(BerlinStarterBotTest, SendsOnlyMovesTheEngineAccepts) {
  ExpectOnlyAcceptedMoves([] { return std::make_unique<BerlinStarterBot>(); },
                          "starter");
}

TEST(BerlinRandomBotTest, SendsOnlyMovesTheEngineAccepts) {
  uint64_t seed = 0;
  ExpectOnlyAcceptedMoves(
      [&] { return std::make_unique<BerlinRandomBot>(++seed); }, "random");
}

// The gem's example: moves only from nodes it controls to their
// neighbours, never more than the soldiers there; the same seed gives the
// same moves, another seed other moves.
TEST(BerlinRandomBotTest, IsTheGemExampleAndReproducible) {
  Rng rng(7);
  int differ = 0;
  for (int round = 0; round < 200; ++round) {
    std::vector<std::pair<int64_t, int64_t>> paths;
    const Map map = RandomMap(rng, paths);
    const State s = RandomState(rng, map, 2);
    BerlinRandomBot a(round), b(round), c(round + 1000);
    const std::vector<Move> moves = AskBot(a, map, paths, s, 0);
    std::vector<int64_t> sent(map.size(), 0);
    for (const Move& m : moves) {
      const int from = map.IndexOf(m.from);
      ASSERT_GE(from, 0);
      EXPECT_EQ(s.owner[from], 0);
      EXPECT_TRUE(map.Adjacent(from, map.IndexOf(m.to)));
      sent[from] += m.number_of_soldiers;
      EXPECT_LE(sent[from], s.Soldiers(from));
    }
    const std::vector<Move> again = AskBot(b, map, paths, s, 0);
    ASSERT_EQ(again.size(), moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      EXPECT_EQ(again[i].from, moves[i].from);
      EXPECT_EQ(again[i].to, moves[i].to);
      EXPECT_EQ(again[i].number_of_soldiers, moves[i].number_of_soldiers);
    }
    const std::vector<Move> other = AskBot(c, map, paths, s, 0);
    bool same = other.size() == moves.size();
    for (size_t i = 0; same && i < moves.size(); ++i) {
      same = other[i].from == moves[i].from && other[i].to == moves[i].to &&
             other[i].number_of_soldiers == moves[i].number_of_soldiers;
    }
    differ += same ? 0 : 1;
  }
  EXPECT_GT(differ, 100);
}

// A whole game on a random undirected map (no negative types), each player
// starting with 5 soldiers on a city, the first and the last in map order:
// 0 if the starter wins alone, 1 if the random bot does, -1 otherwise.
int PlayGame(uint64_t seed, bool starter_first) {
  Rng rng(seed);
  std::vector<std::pair<int64_t, int64_t>> paths;
  Map map;
  std::vector<int> cities;
  while (cities.size() < 2) {
    map = RandomMap(rng, paths);
    if (map.directed) continue;
    cities.clear();
    for (NodeType& type : map.types) {
      type.points = std::max<int64_t>(type.points, 0);
      type.soldiers_per_turn = std::max<int64_t>(type.soldiers_per_turn, 0);
    }
    for (int i = 0; i < map.size(); ++i) {
      if (map.SoldiersPerTurn(i) > 0) cities.push_back(i);
    }
  }
  map.maximum_number_of_turns = 40;
  State s = State::Empty(map.size(), 2);
  s.Place(cities.front(), 0, 5);
  s.Place(cities.back(), 1, 5);
  const int starter = starter_first ? 0 : 1;
  std::unique_ptr<Bot> bots[2];
  bots[starter] = std::make_unique<BerlinStarterBot>();
  bots[1 - starter] = std::make_unique<BerlinRandomBot>(seed);
  while (!GameOver(map, s)) {
    std::vector<Move> moves[2];
    PlayerMoves pm[2];
    for (int p = 0; p < 2; ++p) {
      if (s.Alive(p)) moves[p] = AskBot(*bots[p], map, paths, s, p);
      pm[p] = {p, moves[p].data(), static_cast<int>(moves[p].size())};
    }
    ResolveTurn(map, s, pm, 2);
  }
  const uint32_t winners = Winners(map, s);
  if (winners == (uint32_t{1} << starter)) return 0;
  if (winners == (uint32_t{1} << (1 - starter))) return 1;
  return -1;
}

TEST(BerlinStarterBotTest, BeatsTheRandomBot) {
  int wins = 0, losses = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    const int result = PlayGame(seed, seed % 2 == 0);
    wins += result == 0;
    losses += result == 1;
  }
  // 87 wins and 11 losses when written.
  EXPECT_GE(wins, 80) << wins << " wins, " << losses << " losses of 100";
  EXPECT_LE(losses, 15) << wins << " wins, " << losses << " losses of 100";
}

}  // namespace
}  // namespace wl::berlin
