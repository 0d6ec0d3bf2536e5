// combat.h: the official combat arithmetic (spec section 6), and the exact
// army counts that follow from it; WL1's 100% luck combat (wl1 §7) and
// Dingle's probabilistically rounded expected losses (dingle §8) too.
//
// Every formula here is the engine's, in IEEE doubles with the engine's
// association; compile with -ffp-contract=off so that no multiply-add is
// fused (spec section 6 shows cases where that changes the result).
//
//   int a = wl::ArmiesToTakeSurely(2);        // 3: the classic 3 vs 2
//   wl::Losses l = wl::ExpectedLosses(5, 3);  // expectation, search only
//   wl::Losses d = wl::DingleCombat(3, 2, u1, u2);  // Dingle, its 2 draws
#ifndef WL_COMBAT_H_
#define WL_COMBAT_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace wl {

// Java's Math.round(double) for the non-negative values combat produces:
// nearest integer, ties up (exact; floor(x + 0.5) is wrong just below .5).
inline int64_t JavaRound(double x) {
  double f = std::floor(x);
  return static_cast<int64_t>(x - f >= 0.5 ? f + 1 : f);
}

// The defenders killed by `attackers` of whom `hits` rolled a hit
// (spec section 6: round(((A * 0.6) * (1 - 0.16)) + (h * 0.16))).
inline int DefendersKilled(int attackers, int hits) {
  return static_cast<int>(
      JavaRound(((attackers * 0.6) * (1 - 0.16)) + (hits * 0.16)));
}

// The attackers killed by `defenders` of whom `hits` rolled a hit
// (spec section 6: round(((D * 0.7) * (1 - 0.16)) + (g * 0.16))).
inline int AttackersKilled(int defenders, int hits) {
  return static_cast<int>(
      JavaRound(((defenders * 0.7) * (1 - 0.16)) + (hits * 0.16)));
}

// The outcome of one attack.
struct Losses {
  int attackers_killed;
  int defenders_killed;
  bool conquered;  // defenders_killed >= defenders
};

// The engine's caps on the raw kill counts (spec section 6): if every
// attacker dies, the last defender survives.
inline Losses CapLosses(int attackers, int defenders, int att_killed,
                        int def_killed) {
  if (att_killed >= attackers) {
    att_killed = attackers;
    if (def_killed >= defenders) def_killed = defenders - 1;
  }
  return Losses{att_killed, def_killed, def_killed >= defenders};
}

// The official outcome once the dice are known.
inline Losses ResolveCombat(int attackers, int defenders, int attack_hits,
                            int defend_hits) {
  return CapLosses(attackers, defenders,
                   AttackersKilled(defenders, defend_hits),
                   DefendersKilled(attackers, attack_hits));
}

// WL1's official outcome (wl1 §7, 100% luck): every attacker hit kills one
// defender and every defender hit kills one attacker, no rounding; then the
// same caps (if every attacker dies, the last defender survives).
inline Losses ResolveFullLuckCombat(int attackers, int defenders,
                                    int attack_hits, int defend_hits) {
  return CapLosses(attackers, defenders, defend_hits, attack_hits);
}

// Dingle's R(x) (dingle §8): ceil(x) when the draw u is below the
// fractional part x - floor(x), else floor(x). An integral x gives x
// whatever u is (the draw is still made by the caller).
inline int DingleRound(double x, double u) {
  const double f = std::floor(x);
  return static_cast<int>(u < x - f ? f + 1 : f);
}

// Dingle's combat once its two draws are known (dingle §8): u_attack
// rounds A * 0.6 (defenders killed, at most D), u_defend rounds D * 0.7
// (attackers killed, at most A), in Java double arithmetic; when both
// sides would be wiped out the defender keeps 1 (CapLosses' rule).
inline Losses DingleCombat(int attackers, int defenders, double u_attack,
                           double u_defend) {
  return CapLosses(attackers, defenders,
                   std::min(DingleRound(defenders * 0.7, u_defend), attackers),
                   std::min(DingleRound(attackers * 0.6, u_attack), defenders));
}

// Dingle's `mostLikely` combat (dingle §8, Game.move(move, true), for
// agents' simulations; never the engine's): Math.round instead of R, no
// draws.
inline Losses DingleMostLikelyCombat(int attackers, int defenders) {
  const int64_t def_killed = JavaRound(attackers * 0.6);
  const int64_t att_killed = JavaRound(defenders * 0.7);
  return CapLosses(attackers, defenders,
                   static_cast<int>(std::min<int64_t>(att_killed, attackers)),
                   static_cast<int>(std::min<int64_t>(def_killed, defenders)));
}

// NOT the official rule, for search only: the same formulas with each hit
// count replaced by its expectation (0.6 A and 0.7 D), so no dice at all.
inline Losses ExpectedCombat(int attackers, int defenders) {
  int def_killed = static_cast<int>(
      JavaRound(((attackers * 0.6) * (1 - 0.16)) + ((attackers * 0.6) * 0.16)));
  int att_killed = static_cast<int>(
      JavaRound(((defenders * 0.7) * (1 - 0.16)) + ((defenders * 0.7) * 0.16)));
  return CapLosses(attackers, defenders, att_killed, def_killed);
}

// True when `attackers` take `defenders` whatever the dice: the fewest
// attacker hits (none) still kill every defender, and the most defender hits
// (all) do not kill every attacker. Exact for any non-negative counts.
inline bool TakesSurely(int64_t attackers, int64_t defenders) {
  int64_t def_killed = JavaRound((attackers * 0.6) * (1 - 0.16));
  int64_t att_killed =
      JavaRound(((defenders * 0.7) * (1 - 0.16)) + (defenders * 0.16));
  return att_killed < attackers && def_killed >= defenders;
}

// The fewest attackers that take `defenders` whatever the dice (3 for 2,
// 11 for a 6-army wasteland). Constant time; any defenders >= 0.
inline int64_t ArmiesToTakeSurely(int64_t defenders) {
  // def_killed is about 0.504 * attackers: start just below the answer.
  int64_t a = std::max<int64_t>(1, static_cast<int64_t>(defenders / 0.504) - 4);
  while (!TakesSurely(a, defenders)) ++a;
  while (a > 1 && TakesSurely(a - 1, defenders)) --a;
  return a;
}

}  // namespace wl

#endif  // WL_COMBAT_H_
