// rules.h: the rules core, the official engine's rules exactly.
//
// One implementation serves the harness (with JavaRandom, which reproduces
// official games bit for bit) and searching bots (with FastRandom, and if
// they wish the expected-value combat mode, which is NOT the official rule).
// Every function cites the section of ../shared/spec/warlight2-engine.md it
// implements ("spec section N"); where WL1 differs, the Game's RuleSet
// (rule_set.h) is consulted and ../shared/wl1/spec.md is cited ("wl1 §N").
// Nothing here allocates once a round is being resolved.
//
// A game, as the harness plays it:
// clang-format off
//   wl::Game game(map);                         // immutable, shared; WL2
//   wl::Game wl1(map, wl::RuleSet::kWl1);       // the same core, WL1 rules
//   wl::JavaRandom rng(seed);
//   wl::Setup setup = wl::SetUp(game, rng);     // wastelands, draft candidates
//   ... the draft: wl::DraftPicker(i), wl::ResolvePick(...) ...
//   // (WL1: wl::Wl1Candidates(game, g1), a wl::Wl1Fallback(candidates, g2)
//   //  per player, wl::AssignWl1Starts(list1, list2, state, g1); wl1 §4)
//   // a round:
//   wl::MoveQueue place[2], attack[2];
//   int left = game.Income(state, wl::Player::kPlayer1);
//   place[0].Push(wl::QueuePlacement(state, wl::Player::kPlayer1, move, left));
//   attack[0].Push(wl::QueueAttackTransfer(game, state, wl::Player::kPlayer1, m));
//   wl::ExecutePlacements(state, place[0], place[1], observer);
//   wl::ExecuteAttacks(state, attack[0], attack[1], rng, observer,
//                      wl::CombatMode::kOfficial, game.Rules());
//   wl::Outcome o = wl::RoundOutcome(state, round, game.MaxRounds());
// clang-format on
//
// Illegal moves come back as an Illegal reason; the official texts live in
// the harness (tools/wl/illegal_text.h).
#ifndef WL_RULES_H_
#define WL_RULES_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "combat.h"
#include "java_random.h"
#include "map.h"
#include "orders.h"
#include "player.h"
#include "region_set.h"
#include "rule_set.h"
#include "state.h"

namespace wl {

// Why a move is illegal (spec sections 5 and 6), in the engine's order.
enum class Illegal : uint8_t {
  kNone,
  kPlaceNotOwned,       // region not owned by the player
  kPlaceLessThanOne,    // armies < 1
  kPlaceNoArmiesLeft,   // the round's income is spent
  kMoveNotOwned,        // from not owned (queue time)
  kMoveNotNeighbor,     // to not adjacent to from (queue time)
  kMoveLessThanOne,     // armies < 1 (queue time)
  kMoveTakenThisRound,  // from lost before the move ran
  kMoveRepeatedPair,    // this from->to pair already ran this round
  kMoveNoArmiesLeft,    // from has no unmoved armies left
  // WL1 only (wl1 §6.3 steps 6 and 7): the source is down to 1 army while
  // its post-placement budget is still above 1.
  kMoveTransferOnlyOne,  // "<from> transfer only has 1 army"
  kMoveAttackOnlyOne,    // "<from> attack only has 1 army"
};

// A move as queued: for placements, armies are already clamped to what was
// left; `illegal` is the queue-time verdict.
struct QueuedMove {
  Move move;
  Illegal illegal = Illegal::kNone;
};

// Room for every move one player can queue in a round: the answer reader
// keeps at most 51 moves per answer and a round has two answers.
constexpr int kMaxQueuedMoves = 128;

// A fixed-capacity FIFO of queued moves (no allocation).
struct MoveQueue {
  QueuedMove items[kMaxQueuedMoves];
  int size = 0;
  // Moves beyond the capacity are dropped (the engine never queues that
  // many: spec section 8 caps an answer at 51 moves).
  void Push(const QueuedMove& q) {
    if (size < kMaxQueuedMoves) items[size++] = q;
  }
  void Clear() { size = 0; }
};

// Combat as the official engine rolls it, or (for search only) the rounded
// expectation with no draws.
enum class CombatMode { kOfficial, kExpected };

enum class Outcome { kOngoing, kPlayer1Won, kPlayer2Won, kDraw };

// The immutable part of a game: the map and what is precomputed from it.
class Game {
 public:
  // Precondition: map.Validate() is "" (the harness checks it first).
  explicit Game(Map map, RuleSet rules = RuleSet::kWl2)
      : map_(std::move(map)), rules_(rules) {
    for (const Map::SuperRegion& s : map_.SuperRegions()) {
      bonuses_.push_back(Bonus{s.members, s.bonus});
    }
    for (int r = 0; r < kRegionSlots; ++r) {
      first_neighbor_[r] = static_cast<int>(in_order_.size());
      if (!map_.HasRegion(r)) continue;
      neighbors_[r] = map_.NeighborSet(r);
      for (int n : map_.Neighbors(r)) {
        in_order_.push_back(static_cast<uint8_t>(n));
      }
    }
    first_neighbor_[kRegionSlots] = static_cast<int>(in_order_.size());
  }

  const Map& GetMap() const { return map_; }
  RuleSet Rules() const { return rules_; }
  RegionSet Neighbors(int region) const { return neighbors_[region]; }

  // A region's neighbours in the map's order (Map::Neighbors), from one
  // flat array: for loops that pick by position or break ties by order.
  struct NeighborList {
    const uint8_t *first, *last;
    const uint8_t* begin() const { return first; }
    const uint8_t* end() const { return last; }
    int size() const { return static_cast<int>(last - first); }
    int operator[](int i) const { return first[i]; }
  };
  NeighborList NeighborsInOrder(int region) const {
    const uint8_t* all = in_order_.data();
    return {all + first_neighbor_[region], all + first_neighbor_[region + 1]};
  }

  // settings max_rounds: (int) max(60, 2.5 * regions) (spec section 3);
  // WL1: 100 rounds whatever the map (wl1 §1.3, §11); Dingle: 100 by
  // default, -maxrounds changes it (dingle §9, dingle::Options).
  int MaxRounds() const {
    if (const int fixed = TraitsOf(rules_).fixed_rounds; fixed > 0) {
      return fixed;
    }
    return static_cast<int>(std::max(60.0, 2.5 * map_.RegionCount()));
  }

  // Every region neutral with 2 armies (spec section 4).
  State InitialState() const {
    State s;
    for (int r : map_.RegionIds()) s.armies[r] = 2;
    return s;
  }

  // 5 + the bonus of every super region the player owns whole; a bonus may
  // be 0 (spec section 5; the same in WL1, wl1 §5).
  int Income(const State& s, Player p) const {
    RegionSet owned = s.Owned(p);
    int income = 5;
    for (const Bonus& b : bonuses_) {
      if (b.members.IsSubsetOf(owned)) income += b.bonus;
    }
    return income;
  }

  // Owned regions and their neighbours (spec section 7).
  RegionSet VisibleSet(const State& s, Player p) const {
    RegionSet owned = s.Owned(p);
    RegionSet visible = owned;
    for (int r : owned) visible |= neighbors_[r];
    return visible;
  }

  // The visible regions in update_map order: owned regions by id, then for
  // each owned region by id its adjacency list in insertion order, each
  // region listed once (spec section 7).
  void VisibleOrder(const State& s, Player p, std::vector<int>& out) const {
    out.clear();
    RegionSet owned = s.Owned(p);
    RegionSet listed = owned;
    for (int r : owned) out.push_back(r);
    for (int r : owned) {
      for (int n : map_.Neighbors(r)) {
        if (!listed.Contains(n)) {
          listed.Insert(n);
          out.push_back(n);
        }
      }
    }
  }

 private:
  struct Bonus {
    RegionSet members;
    int bonus;
  };
  Map map_;
  RuleSet rules_;
  std::vector<Bonus> bonuses_;
  RegionSet neighbors_[kRegionSlots];
  std::vector<uint8_t> in_order_;  // NeighborsInOrder, region after region
  int first_neighbor_[kRegionSlots + 1] = {};
};

// ---------------------------------------------------------------------------
// Setup (spec section 4).

struct Setup {
  State state;                  // neutrals, with the wastelands at 6
  std::vector<int> wastelands;  // ascending
  std::vector<int> candidates;  // the draft candidates, by super region
  int pick_amount = 0;          // picks per player
};

// Wastelands, draft candidates and the pick count, drawing from `rng` in
// the engine's order.
template <typename Rng>
Setup SetUp(const Game& game, Rng& rng) {
  const Map& map = game.GetMap();
  const std::vector<int>& ids = map.RegionIds();
  Setup setup;
  setup.state = game.InitialState();
  State& s = setup.state;

  // floor(superRegions / 2) attempts. A drawn region that is already a
  // wasteland while its super region has fewer than 2 regions left at
  // exactly 2 armies is redrawn without counting; otherwise the attempt
  // counts, even when it hits an existing wasteland (the wasted-attempt
  // quirk).
  int attempts = static_cast<int>(map.SuperRegions().size()) / 2;
  for (int done = 0; done < attempts;) {
    int region = ids[RandomIndex(rng, static_cast<int>(ids.size()))];
    if (s.armies[region] > 2) {
      int at_two = 0;
      for (int m : map.GetSuperRegion(map.SuperRegionOf(region)).regions) {
        at_two += s.armies[m] == 2;
      }
      if (at_two < 2) continue;
    }
    s.armies[region] = 6;
    ++done;
  }
  for (int r : ids) {
    if (s.armies[r] > 2) setup.wastelands.push_back(r);
  }

  // One candidate per super region (by id) among its members still at 2
  // armies, in member order; all-wasteland super regions give none.
  std::vector<int> open;
  for (const Map::SuperRegion& sr : map.SuperRegions()) {
    open.clear();
    for (int m : sr.regions) {
      if (s.armies[m] == 2) open.push_back(m);
    }
    if (!open.empty()) {
      setup.candidates.push_back(
          open[RandomIndex(rng, static_cast<int>(open.size()))]);
    }
  }

  // Even count; above 6, each of (n - 6) / 2 draws below 0.25 removes 2.
  int n = static_cast<int>(setup.candidates.size());
  if (n % 2 == 1) --n;
  if (n > 6) {
    for (int i = (n - 6) / 2; i > 0; --i) {
      if (rng.NextDouble() < 0.25) n -= 2;
    }
  }
  setup.pick_amount = n / 2;
  return setup;
}

// Who makes pick number i (0-based): p1, p2, p2, p1, p1, p2, ...
// (spec section 4).
constexpr Player DraftPicker(int i) {
  return i % 2 == (i % 4 <= 1 ? 0 : 1) ? Player::kPlayer1 : Player::kPlayer2;
}

// Takes the chosen region out of `remaining` when it is there; otherwise
// draws a random remaining one (spec section 4). Returns the region picked.
// Precondition: remaining is not empty.
template <typename Rng>
int ResolvePick(std::vector<int>& remaining, std::optional<int> choice,
                Rng& rng) {
  auto it = choice ? std::find(remaining.begin(), remaining.end(), *choice)
                   : remaining.end();
  if (it == remaining.end()) {
    it = remaining.begin() +
         RandomIndex(rng, static_cast<int>(remaining.size()));
  }
  int region = *it;
  remaining.erase(it);
  return region;
}

// WL1's draft candidates (wl1 §4.1): for each super region in id order,
// draws (int)(r * n) over its n members (G1) until 2 distinct regions were
// appended, repeats redrawn; 12 on WL1's map, in draw order. A super region
// of one region gives one.
template <typename Rng>
std::vector<int> Wl1Candidates(const Game& game, Rng& g1) {
  std::vector<int> candidates;
  for (const Map::SuperRegion& sr : game.GetMap().SuperRegions()) {
    const int n = static_cast<int>(sr.regions.size());
    for (int added = 0; added < std::min(2, n);) {
      const int region = sr.regions[RandomIndex(g1, n)];
      if (std::find(candidates.begin(), candidates.end(), region) ==
          candidates.end()) {
        candidates.push_back(region);
        ++added;
      }
    }
  }
  return candidates;
}

// One player's WL1 fallback list (wl1 §4.4): the candidates in draw order,
// shuffled with G2 (Collections.shuffle), the first 6. Player1's is made
// first, then player2's, always, after both answers were read.
inline std::vector<int> Wl1Fallback(std::vector<int> candidates,
                                    JavaRandom& g2) {
  JavaShuffle(candidates, g2);
  if (candidates.size() > 6) candidates.resize(6);
  return candidates;
}

// WL1's assignment of starting regions (wl1 §4.5): each list is the
// player's valid preferences (or none) followed by its fallback list. Walks
// both lists: a region the other player got is skipped; different regions
// go one to each; on equal preferences a coin (G1) below 0.5 makes player1
// skip it, else player2. Stops at 3 regions each (or, defensively, when a
// list runs out). Sets the owners in `s`; armies stay as they are.
template <typename Rng>
void AssignWl1Starts(const std::vector<int>& list1,
                     const std::vector<int>& list2, State& s, Rng& g1) {
  RegionSet given[2];
  size_t i1 = 0, i2 = 0;
  for (int n = 0; n < 3 && i1 < list1.size() && i2 < list2.size();) {
    const int a = list1[i1], b = list2[i2];
    if (given[1].Contains(a)) {
      ++i1;
    } else if (given[0].Contains(b)) {
      ++i2;
    } else if (a != b) {
      s.SetOwner(a, Player::kPlayer1);
      s.SetOwner(b, Player::kPlayer2);
      given[0].Insert(a);
      given[1].Insert(b);
      ++n, ++i1, ++i2;
    } else if (g1.NextDouble() < 0.5) {
      ++i1;
    } else {
      ++i2;
    }
  }
}

// ---------------------------------------------------------------------------
// Queueing//
// ---------------------------------------------------------------------------
// Queueing (spec sections 5 and 6, queue-time checks).

// A region id that indexes the per-region arrays. Unknown ids never reach
// the rules from the official answer reader; this keeps hand-made moves safe.
constexpr bool InRange(int region) {
  return region >= 0 && region < kRegionSlots;
}

// Validates a placement against the running counter `left` of armies still
// to place, clamping to it (spec section 5).
inline QueuedMove QueuePlacement(const State& s, Player p, Move m, int& left) {
  m.player = p;
  if (!InRange(m.from) || s.Owner(m.from) != p)
    return {m, Illegal::kPlaceNotOwned};
  if (m.armies < 1) return {m, Illegal::kPlaceLessThanOne};
  if (m.armies > left) m.armies = left;
  if (left <= 0) return {m, Illegal::kPlaceNoArmiesLeft};
  left -= m.armies;
  return {m, Illegal::kNone};
}

// Queue-time checks of an attack/transfer, against the state when it is
// read (spec section 6).
inline QueuedMove QueueAttackTransfer(const Game& game, const State& s,
                                      Player p, Move m) {
  m.player = p;
  if (!InRange(m.from) || s.Owner(m.from) != p) {
    return {m, Illegal::kMoveNotOwned};
  }
  if (!InRange(m.to) || !game.Neighbors(m.from).Contains(m.to)) {
    return {m, Illegal::kMoveNotNeighbor};
  }
  if (m.armies < 1) return {m, Illegal::kMoveLessThanOne};
  return {m, Illegal::kNone};
}

// ---------------------------------------------------------------------------
// Execution.

// Observes nothing; for searches.
struct IgnoreEvents {
  void operator()(const QueuedMove&, const State&) const {}
};

// Adds the legal placements, player1's queue then player2's; calls
// on_event(move, state_after) for each queued placement, legal or not
// (spec section 5). No randomness.
template <typename Observer = IgnoreEvents>
void ExecutePlacements(State& s, const MoveQueue& p1, const MoveQueue& p2,
                       Observer&& on_event = Observer()) {
  for (const MoveQueue* q : {&p1, &p2}) {
    for (int i = 0; i < q->size; ++i) {
      const QueuedMove& e = q->items[i];
      if (e.illegal == Illegal::kNone) s.armies[e.move.from] += e.move.armies;
      on_event(e, s);
    }
  }
}

// One attack of m.armies from m.from on m.to (spec section 6, combat): A
// attacker draws (< 0.6 hits), then D defender draws (< 0.7 hits), all
// always made; the losses and caps of combat.h; on success the target
// changes owner and holds the survivors. WL2 freezes a conquered target for
// the round (its budget becomes 1) and takes the defenders killed off a
// defender's budget; WL1 (wl1 §6.2) never touches the target's budget, and
// its combat has 100% luck (wl1 §7: each hit kills one). The expected mode
// (search only, not official) is combat.h's ExpectedCombat for both.
template <RuleSet R = RuleSet::kWl2, typename Rng>
void Attack(State& s, int32_t* old_armies, const Move& m, Rng& rng,
            CombatMode combat) {
  const int attackers = m.armies;
  const int defenders = s.armies[m.to];
  Losses loss;
  if (combat == CombatMode::kOfficial) {
    const int attack_hits = CountBelow(rng, attackers, 0.6);
    const int defend_hits = CountBelow(rng, defenders, 0.7);
    if constexpr (TraitsOf(R).luck == Luck::kDice) {
      loss =
          ResolveFullLuckCombat(attackers, defenders, attack_hits, defend_hits);
    } else {
      loss = ResolveCombat(attackers, defenders, attack_hits, defend_hits);
    }
  } else {
    loss = ExpectedCombat(attackers, defenders);
  }
  if (loss.conquered) {
    s.armies[m.from] -= attackers;
    s.SetOwner(m.to, m.player);
    s.armies[m.to] = attackers - loss.attackers_killed;
    if constexpr (R == RuleSet::kWl2) old_armies[m.to] = 1;
  } else {
    s.armies[m.from] -= loss.attackers_killed;
    s.armies[m.to] -= loss.defenders_killed;
    if constexpr (R == RuleSet::kWl2) old_armies[m.to] -= loss.defenders_killed;
  }
}

namespace rules_internal {

// Who moves next in a round's attack/transfer phase (spec section 6, the
// pairing coin; the same in WL1, wl1 §6.1): after a legal move (or at the
// start), an odd move number draws the coin and an even one alternates;
// after an illegal move the same player goes again without a draw. An empty
// queue passes the turn; the coin was drawn anyway.
class Interleaving {
 public:
  Interleaving(const MoveQueue& q1, const MoveQueue& q2) : queue_{&q1, &q2} {}

  bool Done() const {
    return next_[0] >= queue_[0]->size && next_[1] >= queue_[1]->size;
  }

  // The next move to run. Precondition: !Done().
  template <typename Rng>
  QueuedMove Next(Rng& rng) {
    int mover;
    if (!previous_legal_) {
      mover = previous_;
    } else if (move_nr_ % 2 == 1 || previous_ < 0) {
      mover = rng.NextDouble() < 0.5 ? 0 : 1;
    } else {
      mover = 1 - previous_;
    }
    if (next_[mover] >= queue_[mover]->size) mover = 1 - mover;
    previous_ = mover;
    return queue_[mover]->items[next_[mover]++];
  }

  // Records whether the move Next gave ran (legal moves count toward the
  // move number).
  void Ran(bool legal) {
    if (legal) ++move_nr_;
    previous_legal_ = legal;
  }

 private:
  const MoveQueue* queue_[2];
  int next_[2] = {0, 0};
  int move_nr_ = 1;
  bool previous_legal_ = true;
  int previous_ = -1;  // index of the player who moved last
};

// What the round's attacks and transfers have spent so far (spec section
// 6; wl1 §6.2): the armies each region may still send (the map after
// placement, less what has moved out; in WL2 also less defence losses, and
// 1 on conquered regions) and the from->to pairs that ran.
class Spent {
 public:
  explicit Spent(const State& s) {
    std::copy(s.armies, s.armies + kRegionSlots, old_armies_);
  }

  // The execution-time checks of a move legal at queue time, the same in
  // WL1 (wl1 §6.3 steps 2-4): its source still ours, its pair unused, an
  // army left to send.
  Illegal Check(const State& s, const Move& m) const {
    if (s.Owner(m.from) != m.player) return Illegal::kMoveTakenThisRound;
    if (PairUsed(m.from, m.to)) return Illegal::kMoveRepeatedPair;
    if (old_armies_[m.from] <= 1) return Illegal::kMoveNoArmiesLeft;
    return Illegal::kNone;
  }

  // Cuts a checked move to the armies its source may still send and
  // spends them: WL2 min(requested, old - 1) (spec section 6); WL1
  // min(requested, min(old, current) - 1) (wl1 §6.3 step 5).
  template <RuleSet R>
  void Clamp(Move& m, const State& s) {
    int32_t budget = old_armies_[m.from];
    if constexpr (TraitsOf(R).clamp_to_current_armies) {
      budget = std::min(budget, s.armies[m.from]);
    }
    m.armies = std::min(m.armies, budget - 1);
    old_armies_[m.from] -= m.armies;
  }

  // Records that the move's from->to pair ran this round.
  void UsePair(const Move& m) {
    touched_.Insert(m.from);
    used_pairs_[used_count_++] =
        static_cast<uint16_t>(m.from * kRegionSlots + m.to);
  }

  // The armies each region may still send, for Attack.
  int32_t* old_armies() { return old_armies_; }

 private:
  // `touched_` holds the pairs' sources so that most lookups never scan
  // the list.
  bool PairUsed(int from, int to) const {
    if (!touched_.Contains(from)) return false;
    const uint16_t key = static_cast<uint16_t>(from * kRegionSlots + to);
    return std::find(used_pairs_, used_pairs_ + used_count_, key) !=
           used_pairs_ + used_count_;
  }

  int32_t old_armies_[kRegionSlots];
  uint16_t used_pairs_[2 * kMaxQueuedMoves];
  int used_count_ = 0;
  RegionSet touched_;
};

// Runs one move that was legal at queue time (spec section 6; wl1 §6.3):
// the execution checks, the clamp, then a transfer or an attack, decided
// now. Returns why it turned illegal, or kNone (m then holds the executed
// army count).
template <RuleSet R, typename Rng>
Illegal ExecuteMove(State& s, Spent& spent, Move& m, Rng& rng,
                    CombatMode combat) {
  const Illegal why = spent.Check(s, m);
  if (why != Illegal::kNone) return why;
  const bool transfer = s.Owner(m.to) == m.player;
  if constexpr (TraitsOf(R).clamp_to_current_armies) {
    // wl1 §6.3 steps 6-7: a source down to 1 army (its clamp would be 0,
    // so nothing is spent) moves nothing; an attack still uses its pair,
    // a transfer does not.
    if (s.armies[m.from] <= 1) {
      if (transfer) return Illegal::kMoveTransferOnlyOne;
      spent.UsePair(m);
      return Illegal::kMoveAttackOnlyOne;
    }
  }
  spent.Clamp<R>(m, s);
  spent.UsePair(m);
  if (transfer) {
    s.armies[m.from] -= m.armies;
    s.armies[m.to] += m.armies;
  } else {
    Attack<R>(s, spent.old_armies(), m, rng, combat);
  }
  return Illegal::kNone;
}

// ExecuteAttacks for one rule set, fixed at compile time.
template <RuleSet R, typename Rng, typename Observer>
void RunAttacks(State& s, const MoveQueue& q1, const MoveQueue& q2, Rng& rng,
                Observer& on_event, CombatMode combat) {
  Interleaving turns(q1, q2);
  Spent spent(s);
  while (!turns.Done()) {
    QueuedMove e = turns.Next(rng);
    if (e.illegal == Illegal::kNone) {
      e.illegal = ExecuteMove<R>(s, spent, e.move, rng, combat);
    }
    turns.Ran(e.illegal == Illegal::kNone);
    on_event(e, s);
  }
}

}  // namespace rules_internal

// Runs both players' attack/transfer queues interleaved, with the pairing
// coin, the execution checks, the post-placement budget, one use per
// from->to pair and combat (spec section 6), under `rules` (WL1: wl1 §6,
// §7). Calls on_event(move, state_after) for every queued move in execution
// order, legal moves with their executed army counts. The rule set is
// looked at once here, not per move.
template <typename Rng, typename Observer = IgnoreEvents>
void ExecuteAttacks(State& s, const MoveQueue& q1, const MoveQueue& q2,
                    Rng& rng, Observer&& on_event = Observer(),
                    CombatMode combat = CombatMode::kOfficial,
                    RuleSet rules = RuleSet::kWl2) {
  if (rules == RuleSet::kWl1) {
    rules_internal::RunAttacks<RuleSet::kWl1>(s, q1, q2, rng, on_event, combat);
  } else {
    rules_internal::RunAttacks<RuleSet::kWl2>(s, q1, q2, rng, on_event, combat);
  }
}

// After a whole round: player1 owning nothing loses (checked first), then
// player2; after round max_rounds it is a draw (spec section 1.4; the same
// in WL1 with max_rounds 100 and no tie-break, wl1 §11).
inline Outcome RoundOutcome(const State& s, int round, int max_rounds) {
  if (s.owned[0].Empty()) return Outcome::kPlayer2Won;
  if (s.owned[1].Empty()) return Outcome::kPlayer1Won;
  if (round >= max_rounds) return Outcome::kDraw;
  return Outcome::kOngoing;
}

// Which moves a player sees (spec section 7): a placement on a region
// visible after it; an attack/transfer whose source or target is visible
// after it, or whose target was visible before it ("before" being after
// the previous move of the sequence, legal or not).
inline bool SeesPlacement(RegionSet visible_after, int region) {
  return visible_after.Contains(region);
}
inline bool SeesAttackTransfer(RegionSet visible_before,
                               RegionSet visible_after, int from, int to) {
  return visible_after.Contains(from) || visible_after.Contains(to) ||
         visible_before.Contains(to);
}

}  // namespace wl

#endif  // WL_RULES_H_
