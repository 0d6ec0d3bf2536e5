// orders.h: a bot's orders and their exact text form (spec section 8).
//
// A Move is one placement or one attack/transfer. The engine reads a turn as
// one line of comma-separated moves, "No moves" when there are none, and a
// draft pick as a bare integer.
//
//   std::vector<wl::Move> moves = {wl::Move::Place(3, 5),
//                                  wl::Move::AttackTransfer(3, 7, 4)};
//   std::string line = wl::FormatMoves(wl::Player::kPlayer1, moves);
//   // "player1 place_armies 3 5, player1 attack/transfer 3 7 4"
#ifndef WL_ORDERS_H_
#define WL_ORDERS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "player.h"

namespace wl {

enum class MoveKind : uint8_t { kPlace, kAttackTransfer };

// Region ids are stored as full ints: any id a bot or a line names is kept
// as it was given (never truncated), so that the runner and the rules can
// refuse an id that is not on the map instead of reading another region.
struct Move {
  MoveKind kind = MoveKind::kPlace;
  Player player = Player::kNeutral;  // set by whoever knows the mover
  int32_t from = 0;  // the region placed on, or the attacking region
  int32_t to = 0;    // the target region; 0 for a placement
  int32_t armies = 0;

  static Move Place(int region, int armies, Player p = Player::kNeutral) {
    return Move{MoveKind::kPlace, p, region, 0, armies};
  }
  static Move AttackTransfer(int from, int to, int armies,
                             Player p = Player::kNeutral) {
    return Move{MoveKind::kAttackTransfer, p, from, to, armies};
  }
  int region() const { return from; }  // for placements
  bool operator==(const Move& o) const {
    return kind == o.kind && player == o.player && from == o.from &&
           to == o.to && armies == o.armies;
  }
  bool operator!=(const Move& o) const { return !(*this == o); }
};

// Appends "<name> place_armies R N" or "<name> attack/transfer F T N".
inline void AppendMove(std::string& out, std::string_view name, const Move& m) {
  out.append(name);
  if (m.kind == MoveKind::kPlace) {
    out += " place_armies ";
    out += std::to_string(m.from);
  } else {
    out += " attack/transfer ";
    out += std::to_string(m.from);
    out += ' ';
    out += std::to_string(m.to);
  }
  out += ' ';
  out += std::to_string(m.armies);
}

// One answer line as the engine reads it: moves joined by ", ", or
// "No moves" when empty. The mover's name is given, not taken from the moves.
inline std::string FormatMoves(std::string_view name,
                               const std::vector<Move>& moves) {
  if (moves.empty()) return "No moves";
  std::string out;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i) out += ", ";
    AppendMove(out, name, moves[i]);
  }
  return out;
}
inline std::string FormatMoves(Player me, const std::vector<Move>& moves) {
  return FormatMoves(PlayerName(me), moves);
}

// The draft answer: the region id as a bare integer.
inline std::string FormatPick(int region) { return std::to_string(region); }

}  // namespace wl

#endif  // WL_ORDERS_H_
