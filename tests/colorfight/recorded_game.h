// recorded_game.h: reading a recorded Colorfight II game
// (../shared/colorfight/conformance/gNN, colorfight §13): its folders, its
// meta.json, and the lines of its gzipped JSON-lines files.
//
//   WL_REQUIRE_COLORFIGHT_SHARED();
//   for (const auto& dir : wl::testing::ColorfightGames()) {
//     std::vector<std::string> frames =
//         wl::testing::ReadGzLines(dir / "frames.jsonl.gz");
//   }
#ifndef WL_TESTS_COLORFIGHT_RECORDED_GAME_H_
#define WL_TESTS_COLORFIGHT_RECORDED_GAME_H_

#include <zlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "shared_data.h"

namespace wl::testing {

inline std::filesystem::path ColorfightSharedDir() {
  return SharedDir() / "colorfight";
}

inline bool HaveColorfightShared() {
  return std::filesystem::is_directory(ColorfightSharedDir() / "conformance");
}

// g00..g11, sorted; none when absent.
inline std::vector<std::filesystem::path> ColorfightGames() {
  return SortedFolders(ColorfightSharedDir() / "conformance");
}

// The whole gunzipped content of a file ("" if it cannot be read).
inline std::string ReadGz(const std::filesystem::path& path) {
  std::string text;
  gzFile in = gzopen(path.c_str(), "rb");
  if (in == nullptr) return text;
  char buf[1 << 16];
  for (int n; (n = gzread(in, buf, sizeof buf)) > 0;) text.append(buf, n);
  gzclose(in);
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

// The lines of a gzipped text file, without their '\n'.
inline std::vector<std::string> ReadGzLines(const std::filesystem::path& path) {
  const std::string text = ReadGz(path);
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
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
