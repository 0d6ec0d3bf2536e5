// random_play.h: random orders and whole random games on the rules core,
// without allocation. Used by the random-simulation tests, the benchmarks
// and as a cheap playout policy.
//
//   wl::FastRandom rng(1);
//   wl::State s = wl::RandomStart(game, rng);          // setup + random draft
//   wl::MoveQueue place;
//   wl::RandomPlacements(game, s, wl::Player::kPlayer1, rng, place);
//   wl::Outcome o = wl::PlayRandomGame(game, s, rng);  // to the end
//
// Dingle's rules (dingle.h) have their own: turns shaped like Dingle's
// RandomAgent (dingle Appendix A), one player's phase at a time.
//   wl::dingle::Setup setup = wl::dingle::SetUp(dingle_game, rng);
//   wl::Player winner = wl::PlayRandomDingleGame(dingle_game,
//                                                setup.position, rng);
//
// Orders are legal at queue time unless `illegal_rate` > 0, in which case
// that share of moves is deliberately wrong (not owned, not a neighbour,
// 0 or negative armies, too many armies, repeated pairs).
#ifndef WL_RANDOM_PLAY_H_
#define WL_RANDOM_PLAY_H_

#include <vector>

#include "dingle.h"
#include "rules.h"

namespace wl {

namespace random_play_internal {

template <typename Rng>
bool Chance(Rng& rng, double p) {
  return p > 0 && rng.NextDouble() < p;
}

// A random member of a non-empty set.
template <typename Rng>
int RandomMember(RegionSet set, Rng& rng) {
  return set.Nth(RandomIndex(rng, set.Count()));
}

}  // namespace random_play_internal

// Appends one player's random placements to `place`: all its income, on up
// to 3 random owned regions, through the queue-time checks of rules.h.
template <typename Rng>
void RandomPlacements(const Game& game, const State& s, Player p, Rng& rng,
                      MoveQueue& place, double illegal_rate = 0.0) {
  using random_play_internal::Chance;
  using random_play_internal::RandomMember;
  const Map& map = game.GetMap();
  RegionSet owned = s.Owned(p);
  if (owned.Empty()) return;
  int left = game.Income(s, p);
  int income = left;
  const int pieces = 1 + RandomIndex(rng, 3);
  for (int i = 0; i < pieces && income > 0; ++i) {
    int armies = i + 1 == pieces ? income : 1 + RandomIndex(rng, income);
    income -= armies;
    Move m = Move::Place(RandomMember(owned, rng), armies);
    if (Chance(rng, illegal_rate)) {
      switch (RandomIndex(rng, 3)) {
        case 0:
          m.from = static_cast<int16_t>(RandomMember(map.Regions(), rng));
          break;
        case 1:
          m.armies = -RandomIndex(rng, 2);
          break;
        default:
          m.armies += 5;
          break;
      }
    }
    place.Push(QueuePlacement(s, p, m, left));
  }
}

// Appends one player's random attacks/transfers to `attack`: each owned
// region with spare armies moves, with probability 1/2, a random number of
// them to a random neighbour. Queue-time checks run against `s`, which
// should be the map after placement.
template <typename Rng>
void RandomAttacks(const Game& game, const State& s, Player p, Rng& rng,
                   MoveQueue& attack, double illegal_rate = 0.0) {
  using random_play_internal::Chance;
  using random_play_internal::RandomMember;
  const Map& map = game.GetMap();
  // Each region's move-or-not coin is one bit of a 64-bit draw; a moving
  // region then draws once more: u * n picks the neighbour by its integer
  // part and the armies by its fraction, both uniform.
  uint64_t coins = 0;
  int coins_left = 0;
  for (int r : s.Owned(p)) {
    if (s.armies[r] <= 1) continue;
    if (coins_left == 0) {
      coins = rng.NextU64();
      coins_left = 64;
    }
    const bool moves = coins & 1;
    coins >>= 1;
    --coins_left;
    if (!moves) continue;
    const Game::NeighborList nbs = game.NeighborsInOrder(r);
    const double v = rng.NextDouble() * nbs.size();
    const int index = static_cast<int>(v);
    const int spare = s.armies[r] - 1;
    Move m = Move::AttackTransfer(r, nbs[index],
                                  1 + static_cast<int>((v - index) * spare), p);
    if (Chance(rng, illegal_rate)) {
      switch (RandomIndex(rng, 4)) {
        case 0:
          m.from = static_cast<int16_t>(RandomMember(map.Regions(), rng));
          break;
        case 1:
          m.to = static_cast<int16_t>(RandomMember(map.Regions(), rng));
          break;
        case 2:
          m.armies = -RandomIndex(rng, 2);
          break;
        default:
          attack.Push(QueueAttackTransfer(game, s, p, m));
          break;
      }
      attack.Push(QueueAttackTransfer(game, s, p, m));
    } else {
      // Owned source, a neighbour, 1..spare armies: legal at queue time by
      // construction, so QueueAttackTransfer's checks would all pass.
      attack.Push(QueuedMove{m, Illegal::kNone});
    }
  }
}

// The setup and a random draft (every pick a random remaining candidate,
// in the official order); returns the state of round 1.
template <typename Rng>
State RandomStart(const Game& game, Rng& rng) {
  Setup setup = SetUp(game, rng);
  std::vector<int> remaining = setup.candidates;
  for (int i = 0; i < 2 * setup.pick_amount; ++i) {
    int region = ResolvePick(remaining, std::nullopt, rng);
    setup.state.SetOwner(region, DraftPicker(i));
  }
  return setup.state;
}

// Scratch queues for random rounds; reuse one to avoid re-initialising.
struct RoundQueues {
  MoveQueue place[2], attack[2];
};

// One round of random orders for both players, in the engine's order:
// placements queued and executed, then attacks queued on the new map and
// executed, under the game's rule set. Returns the outcome after the round.
template <typename Rng>
Outcome PlayRandomRound(const Game& game, State& s, int round, Rng& rng,
                        RoundQueues& q, double illegal_rate = 0.0,
                        CombatMode combat = CombatMode::kOfficial) {
  for (int i = 0; i < 2; ++i) {
    q.place[i].Clear();
    q.attack[i].Clear();
  }
  for (int i = 0; i < 2; ++i) {
    RandomPlacements(game, s, PlayerOfIndex(i), rng, q.place[i], illegal_rate);
  }
  ExecutePlacements(s, q.place[0], q.place[1]);
  for (int i = 0; i < 2; ++i) {
    RandomAttacks(game, s, PlayerOfIndex(i), rng, q.attack[i], illegal_rate);
  }
  ExecuteAttacks(s, q.attack[0], q.attack[1], rng, IgnoreEvents(), combat,
                 game.Rules());
  return RoundOutcome(s, round, game.MaxRounds());
}

// Plays random rounds from round 1 to the end; returns the outcome.
template <typename Rng>
Outcome PlayRandomGame(const Game& game, State& s, Rng& rng,
                       double illegal_rate = 0.0) {
  RoundQueues q;
  for (int round = 1;; ++round) {
    Outcome o = PlayRandomRound(game, s, round, rng, q, illegal_rate);
    if (o != Outcome::kOngoing) return o;
  }
}

// ---------------------------------------------------------------------------
// Dingle (dingle.h). The generator needs NextInt(bound) and NextDouble().

// One player's orders for one Dingle phase, in a fixed buffer.
struct DingleOrders {
  Move items[2 * kRegionSlots];
  int size = 0;
  void Clear() { size = 0; }
  // Orders beyond the capacity are dropped.
  void Push(const Move& m) {
    if (size < 2 * kRegionSlots) items[size++] = m;
  }
};

namespace random_play_internal {

// Spoils a share of orders the ways dingle §6 and §7 reject them.
template <typename Rng>
void SpoilDingleOrder(const Game& game, const State& s, Rng& rng, Move& m) {
  const RegionSet regions = game.GetMap().Regions();
  switch (rng.NextInt(4)) {
    case 0:
      m.from = RandomMember(regions, rng);  // often not owned
      break;
    case 1:
      m.to = RandomMember(regions, rng);  // often not a neighbour
      break;
    case 2:
      m.armies = -rng.NextInt(2);  // < 1
      break;
    default:
      m.armies += s.armies[m.from];  // too many (or above the income)
      break;
  }
}

}  // namespace random_play_internal

// The placements of the player to move, as Dingle's RandomAgent makes
// them: each army of the income on a random owned region, one order per
// region that got any, in id order.
template <typename Rng>
void RandomDinglePlacements(const Game& game, const dingle::Position& pos,
                            Rng& rng, DingleOrders& out,
                            double illegal_rate = 0.0) {
  out.Clear();
  int mine[kRegionSlots], count[kRegionSlots];
  int n = 0;
  for (int r : pos.state.Owned(pos.turn)) {
    count[n] = 0;
    mine[n++] = r;
  }
  if (n == 0) return;
  for (int a = dingle::Income(game, pos); a > 0; --a) ++count[rng.NextInt(n)];
  for (int i = 0; i < n; ++i) {
    if (count[i] == 0) continue;
    Move m = Move::Place(mine[i], count[i]);
    if (random_play_internal::Chance(rng, illegal_rate)) {
      random_play_internal::SpoilDingleOrder(game, pos.state, rng, m);
    }
    out.Push(m);
  }
}

// The attacks/transfers of the player to move, as Dingle's RandomAgent
// makes them: each owned region (id order) sends nextInt(armies) armies,
// if any, to a random neighbour. With illegal_rate > 0, that share of the
// orders is spoiled and as many again repeat the previous pair.
template <typename Rng>
void RandomDingleMoves(const Game& game, const dingle::Position& pos, Rng& rng,
                       DingleOrders& out, double illegal_rate = 0.0) {
  out.Clear();
  const Map& map = game.GetMap();
  for (int r : pos.state.Owned(pos.turn)) {
    const int armies = rng.NextInt(pos.state.armies[r]);
    if (armies == 0) continue;
    const std::vector<int>& nbs = map.Neighbors(r);
    Move m = Move::AttackTransfer(
        r, nbs[rng.NextInt(static_cast<int>(nbs.size()))], armies);
    if (random_play_internal::Chance(rng, illegal_rate)) {
      random_play_internal::SpoilDingleOrder(game, pos.state, rng, m);
    }
    if (out.size > 0 && random_play_internal::Chance(rng, illegal_rate)) {
      out.Push(out.items[out.size - 1]);
    }
    out.Push(m);
  }
}

// The phase of the player to move, with random orders (official combat
// unless `combat` says kExpected).
template <typename Rng>
void PlayRandomDinglePhase(const Game& game, dingle::Position& pos, Rng& rng,
                           DingleOrders& orders, double illegal_rate = 0.0,
                           CombatMode combat = CombatMode::kOfficial) {
  if (pos.phase == dingle::Phase::kPlaceArmies) {
    RandomDinglePlacements(game, pos, rng, orders, illegal_rate);
    dingle::Place(game, pos, orders.items, orders.size);
  } else {
    RandomDingleMoves(game, pos, rng, orders, illegal_rate);
    dingle::AttackTransfer(game, pos, orders.items, orders.size, rng,
                           dingle::NoEvents(), combat);
  }
}

// Random phases until the round changes or the game ends (from round 1,
// player 1 to place: one whole round). Returns pos.Over().
template <typename Rng>
bool PlayRandomDingleRound(const Game& game, dingle::Position& pos, Rng& rng,
                           DingleOrders& orders, double illegal_rate = 0.0) {
  const int round = pos.round;
  while (!pos.Over() && pos.round == round) {
    PlayRandomDinglePhase(game, pos, rng, orders, illegal_rate);
  }
  return pos.Over();
}

// Random phases to the end; returns the winner.
template <typename Rng>
Player PlayRandomDingleGame(const Game& game, dingle::Position& pos, Rng& rng,
                            double illegal_rate = 0.0) {
  DingleOrders orders;
  while (!pos.Over()) {
    PlayRandomDinglePhase(game, pos, rng, orders, illegal_rate);
  }
  return pos.winner;
}

}  // namespace wl

#endif  // WL_RANDOM_PLAY_H_
