// colorfight_verify.h: `warlight colorfight verify`: plays recorded official
// Colorfight II games again on our server layer (room.h) and compares
// every action-channel reply, every frame and the replay byte for byte.
//
// A recorded game folder (../shared/colorfight/conformance/gNN, described
// by its README.md) holds meta.json (seed, config, max_turn, game_id,
// ranking_by_gold), frames.jsonl.gz (line T: the frame after T updates),
// actions.jsonl.gz (send / disconnect / update events) and replay.cfr. The
// room is built as the recorder built it: the server's random stream
// seeded with `seed`, the room's config as /restart sets it, the clock
// pinned to 1565000000 + seed seconds (so game_id is that times 1000).
// Then each event in order: "send" is HandleAction on its connection and
// the reply must be the recorded text; "disconnect" is Disconnect; before
// the first update a game_channel poll, whose frame must be line 0;
// "update" T is /start (T = 1) or a forced update, whose frame must be
// line T. At the end the replay's JSON (gunzipped; the gzip MTIME is
// ignored) must be the recorded one, and the ranking meta.json's.
//
//   absl::StatusOr<std::string> diff = VerifyColorfightGameDir("g03");
//   // "" when identical, else e.g. "frame 17 (update 17) at byte 120:
//   // recorded "...", regenerated "...""
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_VERIFY_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_VERIFY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "colorfight/room_config.h"

namespace wl::tools {

// One event of actions.jsonl.gz.
struct ColorfightEvent {
  enum class Kind { kSend, kDisconnect, kUpdate };
  Kind kind = Kind::kSend;
  int64_t turn = 0;  // the turn at receipt; for kUpdate the update's number
  int64_t conn = 0;
  std::string sent;   // kSend: the exact message text
  std::string reply;  // kSend: the exact reply text
};

struct RecordedColorfightGame {
  int64_t seed = 0;
  ColorfightRoomConfig config;  // meta.json config as /restart sets it
  std::string game_id;
  std::vector<std::string> ranking;  // "uid:gold" of ranking_by_gold
  std::vector<std::string> frames;
  std::vector<ColorfightEvent> events;
  std::string replay_json;  // replay.cfr gunzipped
};

// Reads the four files; errors are one line naming the file.
absl::StatusOr<RecordedColorfightGame> LoadRecordedColorfightGame(
    const std::string& dir);

// Plays the events again and compares: "" when identical, else the first
// difference.
std::string ReplayColorfightGame(const RecordedColorfightGame& game);

// Load, play and compare; an error status when the folder cannot be read.
absl::StatusOr<std::string> VerifyColorfightGameDir(const std::string& dir);

// `warlight colorfight verify DIR...` (common/verify_report.h): exit 0 all
// identical, 1 some differ, 2 bad usage or an unreadable folder.
int ColorfightVerifyMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_VERIFY_H_
