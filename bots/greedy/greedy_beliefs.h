// greedy_beliefs.h: what the greedy bot believes about the whole map,
// including the parts hidden by the fog, rebuilt from the View every round.
//
// The engine shows only our regions and their neighbours. Everything else
// comes from memory (View::Remembered) and from reasoning:
//   - a region we remember as the opponent's is still the opponent's;
//   - a region we remember as ours but no longer own was taken by the
//     opponent (neutrals never attack);
//   - the opponent's starting picks are its own until seen otherwise;
//   - armies in the fog are as last seen (a region it took from us: 1);
//   - its income is at least the most we saw it place in one of the last
//     rounds (opponent_moves), at least 5 plus every bonus it seems to
//     hold, and at least half our own (the game is symmetric and its
//     bonuses may be hidden);
//   - if it placed more than that explains, it holds bonuses we cannot see:
//     the super regions where it has a foothold and whose other regions are
//     hidden from us are the likely ones (their hidden regions become its,
//     with 1 army each).
//
//   greedy::Beliefs b = greedy::InferBeliefs(view);
//   if (b.enemy.Contains(r)) { int guess = b.armies[r]; ... }
//   int threat = b.enemy_income;  // armies it can place anywhere this round
#ifndef GREEDY_BELIEFS_H_
#define GREEDY_BELIEFS_H_

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "map.h"
#include "orders.h"
#include "player.h"
#include "region_set.h"
#include "view.h"

namespace greedy {

// How many past rounds of the opponent's visible placements count.
constexpr int kSeenRounds = 3;
// The game is symmetric: whatever we saw, the opponent probably earns at
// least this share of our own income (its bonuses may lie in the fog).
constexpr double kMirrorShare = 0.5;

struct Beliefs {
  // Every region of the map is in exactly one of these three sets.
  wl::RegionSet mine;     // owned now (exact)
  wl::RegionSet enemy;    // the opponent's, seen now or believed
  wl::RegionSet neutral;  // neither (possibly stale in the fog)
  // The opponent's regions we see this round: exact owner and armies.
  wl::RegionSet enemy_visible;
  // Best estimate of every region's armies (exact when visible).
  int armies[wl::kRegionSlots] = {};
  // Per super region (indexed like Map::SuperRegions()): held whole by us,
  // or believed held whole by the opponent.
  std::vector<bool> my_bonus, enemy_bonus;
  // The opponent's estimated income for the coming round (>= 5), and the
  // most we saw it place in one of the recent rounds.
  int enemy_income = 5;
  int enemy_income_seen = 0;
};

namespace beliefs_internal {

// Sorts every region into mine, enemy or neutral with its best army guess:
// what we see is exact; in the fog, a region remembered as the opponent's,
// or as ours and lost since (only the opponent takes regions), is the
// opponent's (1 army when it took it from us); the rest stays neutral.
inline void ClassifyRegions(const wl::View& view, Beliefs& b) {
  const wl::Player me = view.Me();
  const wl::Player them = view.Them();
  const wl::RegionSet visible = view.Visible();
  for (int r : view.GetMap().RegionIds()) {
    const wl::View::Memory& m = view.Remembered(r);
    b.armies[r] = std::max(1, view.Armies(r));
    if (b.mine.Contains(r)) continue;
    if (visible.Contains(r)) {
      (m.owner == them ? b.enemy : b.neutral).Insert(r);
    } else if (m.owner == them || m.owner == me) {
      b.enemy.Insert(r);
      if (m.owner == me) b.armies[r] = 1;  // what is left after a conquest
    } else {
      b.neutral.Insert(r);
    }
  }
}

// Marks the bonuses held whole: ours exactly, the opponent's as believed.
// Returns the opponent's income those bonuses give.
inline int MarkBonuses(const wl::Map& map, Beliefs& b) {
  const auto& supers = map.SuperRegions();
  b.my_bonus.assign(supers.size(), false);
  b.enemy_bonus.assign(supers.size(), false);
  int believed_income = 5;
  for (size_t i = 0; i < supers.size(); ++i) {
    b.my_bonus[i] = supers[i].members.IsSubsetOf(b.mine);
    b.enemy_bonus[i] = supers[i].members.IsSubsetOf(b.enemy);
    if (b.enemy_bonus[i]) believed_income += supers[i].bonus;
  }
  return believed_income;
}

// The most the opponent placed where we saw it in one of the last rounds:
// a lower bound of its income (which seldom falls).
inline int MostPlacedRecently(const wl::View& view) {
  int most = 0;
  for (int round = view.Round() - kSeenRounds; round < view.Round(); ++round) {
    int seen = 0;
    for (const wl::Move& m : view.OpponentMoves(round)) {
      if (m.kind == wl::MoveKind::kPlace) seen += m.armies;
    }
    most = std::max(most, seen);
  }
  return most;
}

// The smallest super region, not yet credited and with a bonus, where the
// opponent has a foothold and the rest is hidden from us; -1 if none.
inline int LikeliestHiddenBonus(const wl::Map& map, const Beliefs& b,
                                wl::RegionSet visible) {
  const auto& supers = map.SuperRegions();
  int best = -1;
  for (size_t i = 0; i < supers.size(); ++i) {
    const auto& s = supers[i];
    if (b.enemy_bonus[i] || s.bonus == 0) continue;
    if ((s.members & b.enemy).Empty()) continue;
    if (!(s.members & (b.mine | (b.neutral & visible))).Empty()) continue;
    if (best < 0 || s.regions.size() < supers[best].regions.size()) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

// Placements we cannot explain mean bonuses we cannot see: credits the
// likeliest hidden bonuses (their hidden regions become the opponent's with
// 1 army each) until the income we saw is explained. Returns the believed
// income after the credits.
inline int CreditHiddenBonuses(const wl::View& view, int believed_income,
                               Beliefs& b) {
  const auto& supers = view.GetMap().SuperRegions();
  const wl::RegionSet visible = view.Visible();
  int missing = b.enemy_income_seen - believed_income;
  while (missing > 0) {
    const int best = LikeliestHiddenBonus(view.GetMap(), b, visible);
    if (best < 0) break;
    b.enemy_bonus[best] = true;
    believed_income += supers[best].bonus;
    missing -= supers[best].bonus;
    for (int r : supers[best].members - b.enemy) {
      b.neutral.Erase(r);
      b.enemy.Insert(r);
      b.armies[r] = 1;
    }
  }
  return believed_income;
}

}  // namespace beliefs_internal

// Builds the round's beliefs from the View. Pure function of the View.
inline Beliefs InferBeliefs(const wl::View& view) {
  using namespace beliefs_internal;
  Beliefs b;
  b.mine = view.Owned();
  b.enemy_visible = view.OpponentVisible();
  ClassifyRegions(view, b);
  int believed_income = MarkBonuses(view.GetMap(), b);
  b.enemy_income_seen = MostPlacedRecently(view);
  believed_income = CreditHiddenBonuses(view, believed_income, b);
  b.enemy_income = std::max({believed_income, b.enemy_income_seen,
                             static_cast<int>(kMirrorShare * view.Income())});
  return b;
}

}  // namespace greedy

#endif  // GREEDY_BELIEFS_H_
