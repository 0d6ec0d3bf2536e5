// recorded_game.h: the recorded Colorfight II games
// (../shared/colorfight/conformance/gNN, colorfight §13 and
// conformance/README.md) for tests: their folders, the lines of their
// gzipped JSON-lines files, and a whole folder loaded: meta.json, every
// frame's exact text, every action-channel event, and what the rules core
// must apply between two frames (late joins, the command list each uid
// executes). Built on tests/shared_data.h.
//
//   WL_REQUIRE_COLORFIGHT_SHARED();  // skips with a message when absent
//   for (const auto& dir : wl::testing::ColorfightGames()) {
//     std::vector<std::string> frames =
//         wl::testing::ReadGzLines(dir / "frames.jsonl.gz");
//     wl::testing::ColorfightRecord game;
//     std::string error;
//     ASSERT_TRUE(wl::testing::LoadColorfightGame(dir, &game, &error))
//         << error;
//     game.frames[t];  // line t: the frame after t updates
//     for (const auto& [uid, list] : game.inputs[t].command_lists) ...
//   }
#ifndef WL_TESTS_COLORFIGHT_RECORDED_GAME_H_
#define WL_TESTS_COLORFIGHT_RECORDED_GAME_H_

#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "shared_data.h"

namespace wl::testing {

inline std::filesystem::path ColorfightSharedDir() {
  return SharedDir() / "colorfight";
}

inline bool HaveColorfightShared() {
  return std::filesystem::is_directory(ColorfightSharedDir() / "conformance");
}

// The recorded game folders g00..g11, sorted; none when absent.
inline std::vector<std::filesystem::path> ColorfightGames() {
  return SortedFolders(ColorfightSharedDir() / "conformance");
}

// The whole gunzipped content of a file; false if it cannot be opened or
// is corrupt (`text` then holds what could be read).
inline bool ReadGz(const std::filesystem::path& path, std::string* text) {
  text->clear();
  gzFile in = gzopen(path.c_str(), "rb");
  if (in == nullptr) return false;
  char buf[1 << 16];
  int n;
  while ((n = gzread(in, buf, sizeof buf)) > 0) text->append(buf, n);
  gzclose(in);
  return n == 0;
}

// The same, "" if it cannot be read.
inline std::string ReadGz(const std::filesystem::path& path) {
  std::string text;
  ReadGz(path, &text);
  return text;
}

// The first line of a gzipped text file, without its '\n' ("" if none).
inline std::string ReadGzFirstLine(const std::filesystem::path& path) {
  std::string line;
  gzFile in = gzopen(path.c_str(), "rb");
  if (in == nullptr) return line;
  char buf[1 << 16];
  while (gzgets(in, buf, sizeof buf) != nullptr) {
    line.append(buf);
    if (!line.empty() && line.back() == '\n') {
      line.pop_back();
      break;
    }
  }
  gzclose(in);
  return line;
}

// The lines of a gzipped text file, without their '\n'; false if it cannot
// be read whole.
inline bool ReadGzLines(const std::filesystem::path& path,
                        std::vector<std::string>* lines) {
  std::string text;
  const bool ok = ReadGz(path, &text);
  lines->clear();
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines->push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return ok;
}

// The same, none if it cannot be read.
inline std::vector<std::string> ReadGzLines(const std::filesystem::path& path) {
  std::vector<std::string> lines;
  ReadGzLines(path, &lines);
  return lines;
}

// A user who registers after the start (meta late_join, colorfight §5.1
// step 6): received at turn inputs-index − 1, so placed before that update.
struct ColorfightJoin {
  int64_t uid = 0;
  std::string username;
};

// What happens between frame t−1 and frame t (index t of inputs).
struct ColorfightTurnInput {
  std::vector<ColorfightJoin> joins;  // new users registered at turn t−1 > 0
  // The last successful cmd_list per uid received at turn t−1: executed by
  // update t (README "How to test a clone").
  std::map<int64_t, boost::json::array> command_lists;
};

struct ColorfightRecord {
  std::filesystem::path dir;
  boost::json::object meta;
  std::vector<std::string> frames;          // frames.jsonl.gz, line by line
  std::vector<boost::json::object> events;  // actions.jsonl.gz, in order
  std::vector<ColorfightTurnInput> inputs;  // frames.size() entries; [0] empty
};

namespace cf_internal {

inline bool Succeeded(const boost::json::object& event) {
  const boost::json::value reply =
      boost::json::parse(event.at("reply").as_string());
  return reply.as_object().at("success").as_bool();
}

// Fills record->inputs from the events: joins and command lists.
inline void CollectInputs(ColorfightRecord* record) {
  record->inputs.assign(record->frames.size(), {});
  std::map<int64_t, bool> known;  // uids present (registered at turn 0 too)
  for (const boost::json::object& e : record->events) {
    if (e.at("event").as_string() != "send" || !e.at("uid").is_int64()) {
      if (e.at("event").as_string() == "disconnect" && e.at("uid").is_int64()) {
        known.erase(e.at("uid").as_int64());
      }
      continue;
    }
    const int64_t turn = e.at("turn").as_int64(), uid = e.at("uid").as_int64();
    boost::system::error_code ec;
    const boost::json::value sent =
        boost::json::parse(e.at("sent").as_string(), ec);
    if (ec || !sent.is_object() || !Succeeded(e)) continue;
    const boost::json::object& msg = sent.as_object();
    const boost::json::value* action = msg.if_contains("action");
    if (action == nullptr || !action->is_string()) continue;
    const size_t next = static_cast<size_t>(turn) + 1;
    if (action->as_string() == "register" && !known[uid]) {
      known[uid] = true;
      if (turn > 0 && next < record->inputs.size()) {
        record->inputs[next].joins.push_back(
            {uid, std::string(msg.at("username").as_string())});
      }
    } else if (action->as_string() == "command" &&
               next < record->inputs.size()) {
      record->inputs[next].command_lists[uid] = msg.at("cmd_list").as_array();
    }
  }
}

}  // namespace cf_internal

// Loads a game folder; false and a one-line `error` if a file is missing or
// not what the README describes.
inline bool LoadColorfightGame(const std::filesystem::path& dir,
                               ColorfightRecord* record, std::string* error) {
  record->dir = dir;
  std::vector<std::string> event_lines;
  if (!ReadGzLines(dir / "frames.jsonl.gz", &record->frames) ||
      !ReadGzLines(dir / "actions.jsonl.gz", &event_lines)) {
    *error = "cannot read the gzip files of " + dir.string();
    return false;
  }
  try {
    record->meta = boost::json::parse(ReadFile(dir / "meta.json")).as_object();
    record->events.clear();
    for (const std::string& line : event_lines) {
      record->events.push_back(boost::json::parse(line).as_object());
    }
    cf_internal::CollectInputs(record);
  } catch (const std::exception& e) {
    *error = dir.string() + ": " + e.what();
    return false;
  }
  return true;
}

}  // namespace wl::testing

#define WL_REQUIRE_COLORFIGHT_SHARED()                              \
  do {                                                              \
    if (!::wl::testing::HaveColorfightShared()) {                   \
      GTEST_SKIP() << ::wl::testing::ColorfightSharedDir()          \
                   << " is absent: skipping the tests on recorded " \
                      "Colorfight games";                           \
    }                                                               \
  } while (0)

#endif  // WL_TESTS_COLORFIGHT_RECORDED_GAME_H_
