// dingle.h: Adam Dingle's Java Warlight rules (../shared/dingle/spec.md,
// "dingle §N") on the rules core: starting regions, income, placement,
// attack/transfer lists, combat and the end of the game.
//
// Dingle's game is sequential (dingle §4): every round player 1 places and
// moves, then player 2 places and moves. A dingle::Position is the whole
// game (a small trivially copyable value, as State is, for searches);
// Place and AttackTransfer apply one phase of the player to move and
// advance the position. Nothing allocates once the game is set up. All
// randomness comes from one generator per game (dingle §10): any type with
// NextInt(bound), NextInt() and NextDouble() (JavaRandom for Dingle's own
// stream, FastRandom for searches, or a wrapper that records the draws).
// Events (placements accepted, clamped or ignored, orders rejected,
// transfers, attacks) go to an observer, in the order Dingle's traces list
// them; derive it from dingle::NoEvents and hide what you need.
//
// A game, as the harness plays it:
//   wl::Game game(map, wl::RuleSet::kDingle);
//   wl::JavaRandom rng(seed);
//   wl::dingle::Options options;                 // -warlords, -manual, +N
//   wl::dingle::Setup setup = wl::dingle::SetUp(game, rng, options);
//   while (setup.position.phase == wl::dingle::Phase::kStartingRegions) {
//     rng.NextInt();                             // the agent's clone draw
//     if (wl::dingle::Pick(setup, answer) == wl::dingle::PickResult::
//         kNotPickable) { ... }                  // Dingle dies (Error)
//   }
//   wl::dingle::Position& pos = setup.position;
//   while (!pos.Over()) {
//     rng.NextInt();                             // the agent's clone draw
//     ... one phase of pos.turn, as below ...
//   }
//   // pos.winner, pos.decided_by, pos.round (101 after the limit)
//
// One full turn (player 1 in round 1: income 3, dingle §5):
//   int income = wl::dingle::Income(game, pos);          // 3
//   const wl::Move place[] = {wl::Move::Place(40, 3)};
//   wl::dingle::Place(game, pos, place, 1, events);      // -> kAttackTransfer
//   const wl::Move moves[] = {wl::Move::AttackTransfer(40, 42, 3)};
//   int executed = wl::dingle::AttackTransfer(game, pos, moves, 1, rng,
//                                             events);   // 2 draws per attack
//   // now pos.turn == kPlayer2, pos.phase == kPlaceArmies (or pos.Over())
//
// Rejections reuse rules.h's Illegal values; Dingle's texts (dingle §6, §7)
// belong to the harness: kPlaceNotOwned, kPlaceLessThanOne,
// kPlaceNoArmiesLeft; kMoveNotOwned ("from unowned region"),
// kMoveNotNeighbor, kMoveLessThanOne, kMoveNoArmiesLeft ("requests more
// armies than are available"), kMoveRepeatedPair ("already moved between
// same regions").
#ifndef WL_DINGLE_H_
#define WL_DINGLE_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "combat.h"
#include "map.h"
#include "orders.h"
#include "player.h"
#include "region_set.h"
#include "rules.h"
#include "state.h"

namespace wl::dingle {

// The phase of the player to move (dingle §4).
enum class Phase : uint8_t { kStartingRegions, kPlaceArmies, kAttackTransfer };

// How a game ended (dingle §9).
enum class Decision : uint8_t {
  kNone,         // not over
  kElimination,  // a player lost his last region
  kRegions,      // round limit: more regions
  kArmies,       // round limit: equal regions, more armies
  kTie,          // round limit: equal regions and armies; player 2 wins
};

// The whole game state.
struct Position {
  State state;
  int32_t round = 0;  // 0 in the manual draft; max_rounds + 1 after it
  int32_t max_rounds = 100;
  Player turn = Player::kPlayer1;
  Phase phase = Phase::kPlaceArmies;
  Player winner = Player::kNeutral;  // kNeutral while the game goes on
  Decision decided_by = Decision::kNone;

  bool Over() const { return winner != Player::kNeutral; }
};

// The game's options (dingle §3, §12).
struct Options {
  bool warlords = false;  // -warlords: one region per continent
  bool manual = false;    // -manual: the players pick
  int extra[2] = {0, 0};  // "+N": extra armies on each starting region
  int max_rounds = 100;   // -maxrounds
};

// What an attack did (dingle §8), for the observer.
struct AttackReport {
  Move move;        // player, from, to and A, the attacking armies
  int defenders;    // D, before the attack
  Player defender;  // the owner of `to` before the attack
  Losses losses;    // after the both-wiped-out rule
};

// The observer that ignores everything. Callbacks come in trace order:
// for a placement list every PlaceIgnored / PlaceClamped (in list order)
// before the first Placed; for a move list every MoveRejected before the
// first Transferred / Attacked. States are the ones after the event.
struct NoEvents {
  // dingle §6 checks 1-3: kPlaceNotOwned, kPlaceLessThanOne,
  // kPlaceNoArmiesLeft.
  void PlaceIgnored(const Move& /*order*/, Illegal /*why*/) {}
  // dingle §6 step 4: order.armies wanted, `available` placed instead.
  void PlaceClamped(const Move& /*order*/, int /*available*/) {}
  // An accepted placement, armies after clamping.
  void Placed(const Move& /*placed*/, const State& /*after*/) {}
  // dingle §7 checks 1-5 (see the header comment).
  void MoveRejected(const Move& /*order*/, Illegal /*why*/) {}
  void Transferred(const Move& /*move*/, const State& /*after*/) {}
  void Attacked(const AttackReport& /*attack*/, const State& /*after*/) {}
};

// ---------------------------------------------------------------------------
// Setup (dingle §3).

struct Setup {
  Position position;          // round 1, or round 0 in the manual draft
  std::vector<int> pickable;  // the pickable list left, in its order
  int starts = 4;             // S, starting regions per player
  int extra[2] = {0, 0};      // from Options
  std::string error;          // "no possible starting region" (Dingle dies)
};

enum class PickResult : uint8_t {
  kNotPickable,  // Dingle dies: "starting region is not pickable"
  kPicked,       // the other player picks next
  kDraftOver,    // round 1, player 1 places
};

namespace dingle_internal {

inline void RemovePickable(Setup& setup, int region) {
  std::vector<int>& list = setup.pickable;
  list.erase(std::find(list.begin(), list.end(), region));
}

// Gives `region` to p as a starting region: 2 + extra armies.
inline void GiveStart(Setup& setup, int region, Player p) {
  setup.position.state.SetOwner(region, p);
  setup.position.state.armies[region] = 2 + setup.extra[PlayerIndex(p)];
  RemovePickable(setup, region);
}

// -warlords' pickable list: per continent, the k-th region (id order) for
// k = nextInt(size), redrawn while a neighbour is already listed.
template <typename Rng>
std::vector<int> WarlordsRegions(const Game& game, Rng& rng) {
  std::vector<int> list;
  RegionSet listed;
  for (const Map::SuperRegion& c : game.GetMap().SuperRegions()) {
    for (;;) {
      const int region = c.members.Nth(rng.NextInt(c.members.Count()));
      if ((game.Neighbors(region) & listed).Empty()) {
        list.push_back(region);
        listed.Insert(region);
        break;
      }
    }
  }
  return list;
}

// The automatic choice for p: pass 1 pickable regions on a continent with
// fewer than 2 of p's and no neighbour of another player's; pass 2 the
// same without the neighbour rule. 0 when none.
template <typename Rng>
int ChooseStart(const Game& game, const Setup& setup, Player p, Rng& rng) {
  const State& s = setup.position.state;
  const Map& map = game.GetMap();
  const RegionSet others = s.Owned(Opponent(p));
  int possible[kRegionSlots];
  for (int pass = 1; pass <= 2; ++pass) {
    int n = 0;
    for (int r : setup.pickable) {
      const RegionSet members =
          map.GetSuperRegion(map.SuperRegionOf(r)).members;
      if ((members & s.Owned(p)).Count() >= 2) continue;
      if (pass == 1 && !(game.Neighbors(r) & others).Empty()) continue;
      possible[n++] = r;
    }
    if (n > 0) return possible[rng.NextInt(n)];
  }
  return 0;
}

}  // namespace dingle_internal

// Every region neutral with 2 armies, the pickable list (all regions in id
// order, or -warlords' draws) and, unless manual, the automatic
// distribution p1, p2, p1, p2, ... (dingle §3). Draws from `rng` exactly
// as Dingle's constructor does.
template <typename Rng>
Setup SetUp(const Game& game, Rng& rng, const Options& options = Options()) {
  using namespace dingle_internal;
  Setup setup;
  Position& pos = setup.position;
  pos.state = game.InitialState();
  pos.max_rounds = options.max_rounds;
  setup.extra[0] = options.extra[0];
  setup.extra[1] = options.extra[1];
  if (options.warlords) {
    setup.pickable = WarlordsRegions(game, rng);
    setup.starts = static_cast<int>(setup.pickable.size()) / 2;
  } else {
    setup.pickable = game.GetMap().RegionIds();
  }
  if (options.manual) {
    pos.phase = Phase::kStartingRegions;
    return setup;
  }
  for (int i = 0; i < setup.starts; ++i) {
    for (Player p : {Player::kPlayer1, Player::kPlayer2}) {
      const int region = ChooseStart(game, setup, p, rng);
      if (region == 0) {
        setup.error = "no possible starting region";
        return setup;
      }
      GiveStart(setup, region, p);
    }
  }
  pos.round = 1;
  return setup;
}

// The manual draft (dingle §3): the player to move picks `region`; when the
// next player already holds S regions the draft is over (round 1, player 1
// places). Precondition: phase is kStartingRegions.
inline PickResult Pick(Setup& setup, int region) {
  const std::vector<int>& list = setup.pickable;
  if (std::find(list.begin(), list.end(), region) == list.end()) {
    return PickResult::kNotPickable;
  }
  Position& pos = setup.position;
  dingle_internal::GiveStart(setup, region, pos.turn);
  pos.turn = Opponent(pos.turn);
  if (pos.state.Owned(pos.turn).Count() < setup.starts) {
    return PickResult::kPicked;
  }
  pos.turn = Player::kPlayer1;
  pos.round = 1;
  pos.phase = Phase::kPlaceArmies;
  return PickResult::kDraftOver;
}

// ---------------------------------------------------------------------------
// A turn.

// 5 + the bonus of every continent p owns whole; 3 + bonuses for player 1
// in round 1 (dingle §5).
inline int Income(const Game& game, const State& s, Player p, int round) {
  const int income = game.Income(s, p);
  return p == Player::kPlayer1 && round <= 1 ? income - 2 : income;
}
// The income of the player to move.
inline int Income(const Game& game, const Position& pos) {
  return Income(game, pos.state, pos.turn, pos.round);
}

// Applies the placement list of the player to move (dingle §6): walked in
// order with `left` = income; unowned, < 1 and nothing left are ignored, an
// order above `left` is clamped to it. Then the phase is kAttackTransfer.
// Precondition: phase is kPlaceArmies.
template <typename Events = NoEvents>
void Place(const Game& game, Position& pos, const Move* orders, int count,
           Events&& events = Events()) {
  State& s = pos.state;
  const int income = Income(game, pos);
  int left = income;
  for (int i = 0; i < count; ++i) {  // the messages, in list order
    const QueuedMove q = QueuePlacement(s, pos.turn, orders[i], left);
    Move order = orders[i];
    order.player = pos.turn;
    if (q.illegal != Illegal::kNone) {
      events.PlaceIgnored(order, q.illegal);
    } else if (q.move.armies < order.armies) {
      events.PlaceClamped(order, q.move.armies);
    }
  }
  left = income;
  for (int i = 0; i < count; ++i) {  // the same walk, applied
    const QueuedMove q = QueuePlacement(s, pos.turn, orders[i], left);
    if (q.illegal != Illegal::kNone) continue;
    s.armies[q.move.from] += q.move.armies;
    events.Placed(q.move, s);
  }
  pos.phase = Phase::kAttackTransfer;
}
template <typename Events = NoEvents>
void Place(const Game& game, Position& pos, const std::vector<Move>& orders,
           Events&& events = Events()) {
  Place(game, pos, orders.data(), static_cast<int>(orders.size()), events);
}

namespace dingle_internal {

// The up-front validation of a move list (dingle §7), order by order in
// list order, against the state after placement. Running it twice over
// the same list and state gives the same verdicts, so the execution pass
// needs no per-order storage.
class Validator {
 public:
  Validator(const Game& game, const State& s, Player p, const Move* orders)
      : game_(game), s_(s), p_(p), orders_(orders) {}

  // The verdict on orders[i]; call for i = 0, 1, 2, ... in turn.
  Illegal Check(int i) {
    Move m = orders_[i];
    Illegal why = QueueAttackTransfer(game_, s_, p_, m).illegal;  // 1-3
    if (why == Illegal::kNone &&
        int64_t{used_[m.from]} + m.armies >= s_.armies[m.from]) {
      why = Illegal::kMoveNoArmiesLeft;  // 4: rejected whole
    }
    if (why == Illegal::kNone && RepeatsPair(i)) {
      why = Illegal::kMoveRepeatedPair;  // 5: any earlier raw order
    }
    if (InRange(m.from)) froms_.Insert(m.from);
    if (why == Illegal::kNone) used_[m.from] += m.armies;
    return why;
  }

 private:
  bool RepeatsPair(int i) const {
    const Move& m = orders_[i];
    if (!froms_.Contains(m.from)) return false;
    for (int j = 0; j < i; ++j) {
      if (orders_[j].from == m.from && orders_[j].to == m.to) return true;
    }
    return false;
  }

  const Game& game_;
  const State& s_;
  Player p_;
  const Move* orders_;
  int32_t used_[kRegionSlots] = {};
  RegionSet froms_;  // the in-range sources of the orders checked so far
};

// One attack (dingle §8): two draws, A * 0.6 then D * 0.7 (none in the
// mostLikely mode); then the elimination check (dingle §9).
template <typename Rng, typename Events>
void Attack(Position& pos, const Move& m, Rng& rng, Events& events,
            CombatMode combat) {
  State& s = pos.state;
  const int defenders = s.armies[m.to];
  const Player defender = s.Owner(m.to);
  Losses loss;
  if (combat == CombatMode::kOfficial) {
    const double u_attack = rng.NextDouble();
    const double u_defend = rng.NextDouble();
    loss = DingleCombat(m.armies, defenders, u_attack, u_defend);
  } else {
    loss = DingleMostLikelyCombat(m.armies, defenders);
  }
  if (loss.conquered) {
    s.armies[m.from] -= m.armies;
    s.SetOwner(m.to, m.player);
    s.armies[m.to] = m.armies - loss.attackers_killed;
  } else {
    s.armies[m.from] -= loss.attackers_killed;
    s.armies[m.to] -= loss.defenders_killed;
  }
  events.Attacked(AttackReport{m, defenders, defender, loss}, s);
  if (loss.conquered && defender != Player::kNeutral &&
      s.Owned(defender).Empty()) {
    pos.winner = m.player;
    pos.decided_by = Decision::kElimination;
  }
}

// The end of a move phase (dingle §4, §9): the other player's turn; after
// player 2, the next round, or past max_rounds the ranking by regions,
// then armies, player 2 winning an exact tie.
inline void EndTurn(Position& pos) {
  pos.phase = Phase::kPlaceArmies;
  if (pos.turn == Player::kPlayer1) {
    pos.turn = Player::kPlayer2;
    return;
  }
  pos.turn = Player::kPlayer1;
  if (++pos.round <= pos.max_rounds) return;
  const State& s = pos.state;
  const int regions[2] = {s.owned[0].Count(), s.owned[1].Count()};
  int64_t armies[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    for (int r : s.owned[i]) armies[i] += s.armies[r];
  }
  pos.decided_by = regions[0] != regions[1] ? Decision::kRegions
                   : armies[0] != armies[1] ? Decision::kArmies
                                            : Decision::kTie;
  const bool p1_wins = regions[0] != regions[1] ? regions[0] > regions[1]
                                                : armies[0] > armies[1];
  pos.winner = p1_wins ? Player::kPlayer1 : Player::kPlayer2;
}

}  // namespace dingle_internal

// Applies the attack/transfer list of the player to move (dingle §7):
// validates the whole list first, then runs the valid orders in list
// order, each a transfer if its target is the player's now, else an attack
// (combat: kOfficial draws 2 doubles, kExpected is Dingle's mostLikely).
// The game ends at once when a player loses his last region; otherwise the
// turn passes (dingle §4, §9). Returns the number of orders executed.
// Precondition: phase is kAttackTransfer and the game is not over.
template <typename Rng, typename Events = NoEvents>
int AttackTransfer(const Game& game, Position& pos, const Move* orders,
                   int count, Rng& rng, Events&& events = Events(),
                   CombatMode combat = CombatMode::kOfficial) {
  using dingle_internal::Validator;
  const Player p = pos.turn;
  Validator messages(game, pos.state, p, orders);
  for (int i = 0; i < count; ++i) {
    const Illegal why = messages.Check(i);
    if (why == Illegal::kNone) continue;
    Move order = orders[i];
    order.player = p;
    events.MoveRejected(order, why);
  }
  const State before = pos.state;
  Validator valid(game, before, p, orders);
  State& s = pos.state;
  int executed = 0;
  for (int i = 0; i < count; ++i) {
    if (valid.Check(i) != Illegal::kNone) continue;
    Move m = orders[i];
    m.player = p;
    m.armies = std::min(m.armies, s.armies[m.from] - 1);  // never binds
    ++executed;
    if (s.Owner(m.to) == p) {
      s.armies[m.from] -= m.armies;
      s.armies[m.to] += m.armies;
      events.Transferred(m, s);
    } else {
      dingle_internal::Attack(pos, m, rng, events, combat);
      if (pos.Over()) return executed;
    }
  }
  dingle_internal::EndTurn(pos);
  return executed;
}
template <typename Rng, typename Events = NoEvents>
int AttackTransfer(const Game& game, Position& pos,
                   const std::vector<Move>& orders, Rng& rng,
                   Events&& events = Events(),
                   CombatMode combat = CombatMode::kOfficial) {
  return AttackTransfer(game, pos, orders.data(),
                        static_cast<int>(orders.size()), rng, events, combat);
}

}  // namespace wl::dingle

#endif  // WL_DINGLE_H_
