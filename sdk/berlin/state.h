// state.h: the Berlin game state, a compact trivially copyable value.
//
// Owner and every player's army counter per node (berlin §3.3, §5.6), the
// number of turns played and the number of players. The counters of players
// that do not own a node are the engine's hidden counters: 0, or negative
// after a negative spawn (berlin §5.6); bots never see them. Indexes are node
// indexes in map order (map.h). Copying it is a memcpy; it never allocates.
//
//   wl::berlin::State s = wl::berlin::State::Empty(map.size(), 2);
//   s.Place(map.IndexOf(1), /*player=*/0, /*soldiers=*/5);  // berlin §4.4
//   if (s.owner[i] == 0) { int n = s.Soldiers(i); ... }
#ifndef WL_BERLIN_STATE_H_
#define WL_BERLIN_STATE_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "map.h"

namespace wl::berlin {

inline constexpr int8_t kFree = -1;  // owner of a free node (player_id null)

struct State {
  int32_t soldiers[kMaxPlayers][kMaxNodes];  // [player][node]: counters
  int8_t owner[kMaxNodes];                   // player id, or kFree
  int32_t turn;                              // turns played so far
  int8_t num_players;                        // who started the game
  int8_t num_nodes;

  // All nodes free with 0 soldiers (berlin §4.4: unlisted nodes).
  static State Empty(int nodes, int players) {
    State s;
    std::memset(&s, 0, sizeof(s));
    std::memset(s.owner, kFree, sizeof(s.owner));
    s.num_nodes = static_cast<int8_t>(nodes);
    s.num_players = static_cast<int8_t>(players);
    return s;
  }

  // berlin §4.4: a setup entry gives the node an owner and soldiers.
  void Place(int node, int player, int32_t count) {
    owner[node] = static_cast<int8_t>(player);
    soldiers[player][node] = count;
  }

  // What `state` shows (berlin §3.3): the owner's counter, 0 when free.
  int32_t Soldiers(int node) const {
    return owner[node] == kFree ? 0 : soldiers[owner[node]][node];
  }

  // berlin §5.1: alive = owns at least one node, even with 0 soldiers.
  bool Alive(int player) const {
    for (int i = 0; i < num_nodes; ++i) {
      if (owner[i] == player) return true;
    }
    return false;
  }
  int AliveCount() const {
    int n = 0;
    for (int p = 0; p < num_players; ++p) n += Alive(p) ? 1 : 0;
    return n;
  }

  bool operator==(const State& o) const {
    return turn == o.turn && num_players == o.num_players &&
           num_nodes == o.num_nodes &&
           std::memcmp(owner, o.owner, sizeof(owner)) == 0 &&
           std::memcmp(soldiers, o.soldiers, sizeof(soldiers)) == 0;
  }
  bool operator!=(const State& o) const { return !(*this == o); }
};

static_assert(std::is_trivially_copyable_v<State>,
              "State is copied by searches: keep it a plain value");
static_assert(sizeof(State) <= 1152, "State should stay small");

}  // namespace wl::berlin

#endif  // WL_BERLIN_STATE_H_
