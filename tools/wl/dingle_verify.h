// dingle_verify.h: `warlight verify` for games recorded from Dingle's Java
// Warlight (the format of ../shared/dingle/conformance: meta.json and
// trace.jsonl, no dumps).
//
// The game is replayed from meta.json's seed and options (-manual,
// -warlords, -maxrounds, the agents' "+N") with the agents' answers taken
// from the trace (pick, place_orders, move_orders: raw, odd armies
// included), and every event of the regenerated trace is compared with the
// recorded one as a JSON value (nextDouble draws by their exact "k53").
//
//   absl::StatusOr<std::string> diff = VerifyDingleGameDir("g000");
//   // "" when identical, else the first difference and its event index
#ifndef WL_TOOLS_WL_DINGLE_VERIFY_H_
#define WL_TOOLS_WL_DINGLE_VERIFY_H_

#include <string>

#include "absl/status/statusor.h"
#include "wl/engine.h"

namespace wl::tools {

// A Dingle recording played again: the game as our engine records it
// (dumps, the unfogged replay, trace.jsonl) and the map's text, so that
// `warlight view` can show a recording that holds only a trace.
struct DingleReplay {
  GameRecord record;
  std::string map_json;
  int64_t seed = 0;
  std::string starts;     // "default", "warlords", "manual" or both
  std::string agents[2];  // meta.json's agent names, "" for our folders
};
// Plays the recording's game again from its seed, options and recorded
// answers (the maps as VerifyDingleGameDir finds them).
absl::StatusOr<DingleReplay> ReplayDingleRecording(
    const std::string& dir, const std::string& maps_dir = "");

// Our own game folders verify too (warlight arena/match --rules dingle,
// when they keep trace.jsonl): without meta.json, result.json gives the
// seed and "starts", and the folder's map.json the map.
//
// The map is <maps_dir>/map.json, else <maps_dir>/dingle_earth.json; an
// empty maps_dir means <dir>/map.json, else <dir>/../../map.json
// (../shared/dingle/map.json for ../shared/dingle/conformance/gNNN).
// Returns "" when every event is reproduced, otherwise one line naming the
// first difference; an error status when the directory cannot be read.
absl::StatusOr<std::string> VerifyDingleGameDir(
    const std::string& dir, const std::string& maps_dir = "");

// "" when the two trace lines hold the same event (same fields in the same
// order, equal values, draws of nextDouble compared by "k53"), else what
// differs first. A line that is not a JSON object differs.
std::string CompareTraceEvents(const std::string& recorded,
                               const std::string& regenerated);

// The "+N" of an agent name as Dingle's launcher reads it ("Julius+2=J"
// gives 2), or 0.
int ExtraArmiesOfAgent(const std::string& agent);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_DINGLE_VERIFY_H_
