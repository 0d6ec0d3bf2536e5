// Every command of every game that reads a file a user gives it refuses a
// file that is not regular (/dev/zero, a FIFO) or larger than
// kMaxInputBytes with one line and exit status 2 (common/files.h), at once:
// before the shared rule, `berlin match --map /dev/zero` grew to 3 GB in
// 9 s and `verify` of a folder whose meta.json is /dev/zero to 16 GB.
// Runs the built `warlight`, each command under a time limit.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// `warlight ARGS` (ARGS shell-quoted by the caller), killed after 60 s.
testing::CommandRun Warlight(const std::string& args, const fs::path& dir) {
  return testing::RunCommand(
      "timeout -k 5 60 " +
          testing::ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") + " " +
          args,
      dir);
}

std::string Q(const fs::path& p) { return testing::ShellQuote(p.string()); }

int Lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// The run failed with status 2 and one line naming `what`, on stderr or
// (verify's report) stdout.
void ExpectRefused(const testing::CommandRun& run, const std::string& what) {
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  const std::string& text = run.err.empty() ? run.out : run.err;
  EXPECT_NE(text.find(what), std::string::npos) << text;
  EXPECT_EQ(Lines(run.err), run.err.empty() ? 0 : 1) << run.err;
}

// A game folder holding `file` as a link to /dev/zero.
fs::path FolderWithZero(const fs::path& root, const std::string& name,
                        const std::string& file) {
  const fs::path dir = root / name;
  fs::create_directories(dir);
  fs::create_symlink("/dev/zero", dir / file);
  return dir;
}

TEST(InputFilesCliTest, MapsThatAreNotRegularFilesOrTooLargeAreRefused) {
  const fs::path dir = testing::FreshTempDir("input_maps");
  ExpectRefused(Warlight("berlin match random random --map /dev/zero", dir),
                "/dev/zero is not a regular file");
  ExpectRefused(Warlight("match cat cat --map /dev/zero", dir),
                "/dev/zero is not a regular file");
  const fs::path fifo = dir / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ExpectRefused(Warlight("berlin match random random --map " + Q(fifo), dir),
                fifo.string() + " is not a regular file");
  const fs::path big = dir / "big.json";
  std::ofstream(big).close();
  ASSERT_EQ(::truncate(big.c_str(), static_cast<off_t>(kMaxInputBytes) + 1), 0);
  ExpectRefused(Warlight("berlin match random random --map " + Q(big), dir),
                "more than the " + std::to_string(kMaxInputBytes) + " allowed");
  ExpectRefused(Warlight("match cat cat --map " + Q(big), dir),
                "more than the " + std::to_string(kMaxInputBytes) + " allowed");
  const fs::path maps = FolderWithZero(dir, "maps", "zero.json");
  ExpectRefused(Warlight("arena cat cat --games 2 --maps " + Q(maps), dir),
                "is not a regular file");
  fs::remove_all(dir);
}

TEST(InputFilesCliTest, VerifyRefusesARecordingWhoseFileIsDevZero) {
  const fs::path dir = testing::FreshTempDir("input_verify");
  const fs::path wl = FolderWithZero(dir, "wl", "meta.json");
  ExpectRefused(Warlight("verify " + Q(wl), dir),
                (wl / "meta.json").string() + " is not a regular file");
  const fs::path berlin = FolderWithZero(dir, "berlin", "meta.json");
  ExpectRefused(Warlight("berlin verify " + Q(berlin), dir),
                (berlin / "meta.json").string() + " is not a regular file");
  const fs::path cf = FolderWithZero(dir, "cf", "meta.json");
  ExpectRefused(Warlight("colorfight verify " + Q(cf), dir),
                (cf / "meta.json").string() + " is not a regular file");
  fs::remove_all(dir);
}

TEST(InputFilesCliTest, ViewRefusesAReplayThatIsDevZero) {
  const fs::path dir = testing::FreshTempDir("input_view");
  const fs::path wl = FolderWithZero(dir, "wl", "replay.txt");
  ExpectRefused(Warlight("view " + Q(wl), dir), "is not a regular file");
  const fs::path berlin = FolderWithZero(dir, "berlin", "game.json");
  ExpectRefused(Warlight("berlin view " + Q(berlin), dir),
                "is not a regular file");
  const fs::path cf = FolderWithZero(dir, "cf", "replay.cfr");
  ExpectRefused(Warlight("colorfight view " + Q(cf), dir),
                "is not a regular file");
  ExpectRefused(Warlight("colorfight view " + Q(cf / "replay.cfr"), dir),
                "is not a regular file");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
