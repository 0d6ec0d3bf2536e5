// shared_data.h: where the tests find ../shared (recorded official games and
// maps), and how they skip when it is absent (a user's clone).
//
//   TEST(X, Y) {
//     WL_REQUIRE_SHARED();                 // skips with a message if absent
//     for (const auto& dir : wl::testing::ConformanceGames()) { ... }
//   }
//
// Berlin's recordings are ../shared/berlin (BerlinSharedDir(),
// BerlinConformanceGames()); WL_REQUIRE_BERLIN_SHARED() skips when its
// conformance/ is absent.
#ifndef WL_TESTS_SHARED_DATA_H_
#define WL_TESTS_SHARED_DATA_H_

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace wl::testing {

// $WL_SHARED if set, else ../shared next to the source tree.
inline std::filesystem::path SharedDir() {
  if (const char* env = std::getenv("WL_SHARED")) return env;
  return WL_SHARED_DIR;
}

inline bool HaveShared() {
  return std::filesystem::is_directory(SharedDir() / "conformance");
}

// ../shared/berlin: Berlin's spec, fixtures and recorded games.
inline std::filesystem::path BerlinSharedDir() {
  return SharedDir() / "berlin";
}

inline bool HaveBerlinShared() {
  return std::filesystem::is_directory(BerlinSharedDir() / "conformance");
}

// The folders in `root`, sorted; none when it is absent.
inline std::vector<std::filesystem::path> SortedFolders(
    const std::filesystem::path& root) {
  std::vector<std::filesystem::path> folders;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(root, ec)) {
    if (e.is_directory()) folders.push_back(e.path());
  }
  std::sort(folders.begin(), folders.end());
  return folders;
}

// The recorded game folders, sorted.
inline std::vector<std::filesystem::path> ConformanceGames() {
  return SortedFolders(SharedDir() / "conformance");
}

// The recorded Berlin game folders (../shared/berlin/conformance/gNNN),
// sorted; none when absent.
inline std::vector<std::filesystem::path> BerlinConformanceGames() {
  return SortedFolders(BerlinSharedDir() / "conformance");
}

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace wl::testing

#define WL_REQUIRE_SHARED()                                                 \
  do {                                                                      \
    if (!::wl::testing::HaveShared()) {                                     \
      GTEST_SKIP() << "../shared is absent (" << ::wl::testing::SharedDir() \
                   << "): skipping the tests on recorded official games";   \
    }                                                                       \
  } while (0)

#define WL_REQUIRE_BERLIN_SHARED()                                  \
  do {                                                              \
    if (!::wl::testing::HaveBerlinShared()) {                       \
      GTEST_SKIP() << ::wl::testing::BerlinSharedDir()              \
                   << " is absent: skipping the tests on recorded " \
                      "Berlin games";                               \
    }                                                               \
  } while (0)

#endif  // WL_TESTS_SHARED_DATA_H_
