// replay_log.h: the replay a Colorfight II room records (colorfight §9):
// log[0] is the restart frame, each update appends {turn, users without
// cells, game_map.data as prefix diffs}; the file is gzip(compact JSON as
// orjson writes it) at level 5.
//
//   ColorfightReplayLog log;
//   log.Reset(restart_frame);          // log[0]
//   log.Append(frame_after_update);    // log[t]
//   std::string json = log.Json();     // "[{...},{...}]"
//   std::string cfr = ColorfightGzip(json, /*mtime=*/1565000101);
#ifndef WL_TOOLS_COLORFIGHT_REPLAY_LOG_H_
#define WL_TOOLS_COLORFIGHT_REPLAY_LOG_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sdk/colorfight/frame.h"

namespace wl::tools {

class ColorfightReplayLog {
 public:
  // Starts over with log[0] = `frame` (whole, orjson text).
  void Reset(const colorfight::Frame& frame);
  // Appends the entry of an update (§9) against the last logged frame.
  void Append(const colorfight::Frame& frame);
  // The log's JSON text; "[]" before Reset.
  std::string Json() const;
  size_t size() const { return entries_.size(); }

 private:
  std::vector<std::string> entries_;         // each entry's JSON text
  std::vector<colorfight::FrameCell> last_;  // the last logged map
};

// A frame as orjson writes it: no spaces, UTF-8 unescaped, §3.1 key order.
// Chat user/msg are JSON texts (frame.h) and are re-written compactly.
std::string OrjsonFrameText(const colorfight::Frame& frame);

// json.dumps text (a frame, a part of one) rewritten as orjson writes the
// same value: separators without spaces, \uXXXX escapes of non-ASCII back
// to UTF-8, floats in orjson's form ("1e-5" for Python's "1e-05").
std::string OrjsonFromPyJson(std::string_view text);

// Appends `text` (UTF-8) as orjson writes a string, quotes included.
void AppendOrjsonString(std::string_view text, std::string* out);

// gzip of `data` as Python's gzip.compress(data, 5, mtime=mtime): a
// 10-byte header (no name, XFL 0, OS 255), raw deflate level 5, CRC-32,
// size.
std::string ColorfightGzip(std::string_view data, uint32_t mtime);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_REPLAY_LOG_H_
