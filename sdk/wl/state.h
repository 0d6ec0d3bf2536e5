// state.h: the hot game state, a small trivially copyable value.
//
// Who owns each region and how many armies it holds; nothing else. It is
// what the rules core changes, what a search copies at every node, and it
// never allocates. The map it refers to lives in a wl::Game (rules.h).
//
//   wl::State s = game.InitialState();
//   s.SetOwner(5, wl::Player::kPlayer1);
//   s.armies[5] += 3;
//   for (int r : s.Owned(wl::Player::kPlayer1)) { ... }
#ifndef WL_STATE_H_
#define WL_STATE_H_

#include <cstdint>
#include <type_traits>

#include "player.h"
#include "region_set.h"

namespace wl {

struct State {
  RegionSet owned[2];                 // [PlayerIndex(p)]: player1's, player2's
  int32_t armies[kRegionSlots] = {};  // by region id

  // Precondition: p is kPlayer1 or kPlayer2.
  RegionSet Owned(Player p) const { return owned[PlayerIndex(p)]; }
  Player Owner(int region) const {
    if (owned[0].Contains(region)) return Player::kPlayer1;
    if (owned[1].Contains(region)) return Player::kPlayer2;
    return Player::kNeutral;
  }
  void SetOwner(int region, Player p) {
    owned[0].Erase(region);
    owned[1].Erase(region);
    if (p != Player::kNeutral) owned[PlayerIndex(p)].Insert(region);
  }
  bool operator==(const State& o) const {
    if (owned[0] != o.owned[0] || owned[1] != o.owned[1]) return false;
    for (int i = 0; i < kRegionSlots; ++i) {
      if (armies[i] != o.armies[i]) return false;
    }
    return true;
  }
  bool operator!=(const State& o) const { return !(*this == o); }
};

static_assert(std::is_trivially_copyable_v<State>,
              "State is copied at every search node: keep it a plain value");
static_assert(sizeof(State) <= 576, "State should stay small");

}  // namespace wl

#endif  // WL_STATE_H_
