// illegal_text.h: the official engine's text for each illegal move reason,
// as it appears after "playerX illegal_move " in a replay (spec sections 5,
// 6 and 11; spacing exact, including the double and leading spaces).
//
//   std::string why = wl::tools::IllegalText(q.illegal, q.move);
//   // "7 place-armies  not owned"
#ifndef WL_TOOLS_WL_ILLEGAL_TEXT_H_
#define WL_TOOLS_WL_ILLEGAL_TEXT_H_

#include <string>

#include "rules.h"

namespace wl::tools {

inline std::string IllegalText(Illegal reason, const Move& m) {
  const std::string from = std::to_string(m.from);
  switch (reason) {
    case Illegal::kNone:
      return "";
    case Illegal::kPlaceNotOwned:
      return from + " place-armies  not owned";
    case Illegal::kPlaceLessThanOne:
      return " place-armies cannot place less than 1 army";
    case Illegal::kPlaceNoArmiesLeft:
      return " place-armies no armies left to place";
    case Illegal::kMoveNotOwned:
      return from + " attack/transfer not owned";
    case Illegal::kMoveNotNeighbor:
      return std::to_string(m.to) + " attack/transfer not a neighbor";
    case Illegal::kMoveLessThanOne:
      return " attack/transfer cannot use less than 1 army";
    case Illegal::kMoveTakenThisRound:
      return from + " attack/transfer was taken this round";
    case Illegal::kMoveRepeatedPair:
      return from +
             " attack/transfer has already attacked/transfered to this region";
    case Illegal::kMoveNoArmiesLeft:
      return from + " attack/transfer has used all available armies";
    case Illegal::kMoveTransferOnlyOne:  // wl1 §6.3 step 6
      return from + " transfer only has 1 army";
    case Illegal::kMoveAttackOnlyOne:  // wl1 §6.3 step 7
      return from + " attack only has 1 army";
  }
  return "";
}

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_ILLEGAL_TEXT_H_
