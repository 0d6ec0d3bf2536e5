// dingle_engine.h: one game under Adam Dingle's Warlight rules
// (../shared/dingle/spec.md, "dingle §N"), on the rules core.
//
// Dingle's engine has only in-process Java agents; here both players are
// Seats that speak the WL protocol (our extension, README "Dingle's rules"):
// full visibility, sequential turns (player1 places and moves, then
// player2), the round-1 handicap. The record holds the dumps, a replay in
// the WL replay format (unfogged) and trace.jsonl, Dingle's events as
// ../shared/dingle/conformance records them.
//
//   GameOptions options;
//   options.rules = RuleSet::kDingle;
//   GameRecord record = PlayDingleGame(map, seed, p1, p2, options);
#ifndef WL_TOOLS_WL_DINGLE_ENGINE_H_
#define WL_TOOLS_WL_DINGLE_ENGINE_H_

#include <cstdint>

#include "map.h"
#include "wl/engine.h"

namespace wl::tools {

// Precondition: map.Validate() is "" and options.rules is kDingle.
GameRecord PlayDingleGame(const Map& map, int64_t seed, Seat& player1,
                          Seat& player2, const GameOptions& options);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_DINGLE_ENGINE_H_
