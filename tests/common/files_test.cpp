// common/files.h: the one bounded reader every tool reads user-given files
// with (regular files only, at most kMaxInputBytes, gzip inflating to at
// most that) and game folders written whole (WriteFolderWhole: a .tmp-
// folder renamed when whole; RemoveUnfinishedFolders clears what a killed
// writer left).
#include "common/files.h"

#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

TEST(FilesTest, ReadsARegularFileWhole) {
  const fs::path dir = testing::FreshTempDir("files_read");
  const std::string file = (dir / "a.txt").string();
  ASSERT_TRUE(WriteFileAtomically(file, std::string("x\0y\n", 4)).ok());
  absl::StatusOr<std::string> text = ReadFileToString(file);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, std::string("x\0y\n", 4));
  EXPECT_EQ(ReadFileToString((dir / "none").string()).status(),
            absl::NotFoundError("cannot read " + (dir / "none").string()));
  fs::remove_all(dir);
}

// /dev/zero never ends: before the rule, reading it took gigabytes.
TEST(FilesTest, RefusesDevicesFoldersAndFifosAtOnce) {
  EXPECT_EQ(ReadFileToString("/dev/zero").status(),
            absl::InvalidArgumentError("/dev/zero is not a regular file"));
  EXPECT_EQ(ReadGzipFile("/dev/zero").status(),
            absl::InvalidArgumentError("/dev/zero is not a regular file"));
  const fs::path dir = testing::FreshTempDir("files_fifo");
  EXPECT_EQ(ReadFileToString(dir.string()).status().code(),
            absl::StatusCode::kInvalidArgument);
  // A FIFO without a writer: opening it must not wait for one.
  const std::string fifo = (dir / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(ReadFileToString(fifo).status(),
            absl::InvalidArgumentError(fifo + " is not a regular file"));
  EXPECT_EQ(ReadGzipFile(fifo).status().code(),
            absl::StatusCode::kInvalidArgument);
  fs::remove_all(dir);
}

TEST(FilesTest, RefusesFilesOverTheCapBeforeReadingThem) {
  const fs::path dir = testing::FreshTempDir("files_cap");
  const std::string file = (dir / "a.txt").string();
  ASSERT_TRUE(WriteFileAtomically(file, "0123456789").ok());
  EXPECT_TRUE(ReadFileToString(file, 10).ok());
  EXPECT_EQ(
      ReadFileToString(file, 9).status(),
      absl::InvalidArgumentError(file + " holds 10 bytes, more than the 9 "
                                        "allowed"));
  // The default cap, on a sparse file one byte over it (no disk used).
  const std::string big = (dir / "big.json").string();
  ASSERT_TRUE(WriteFileAtomically(big, "").ok());
  ASSERT_EQ(::truncate(big.c_str(), static_cast<off_t>(kMaxInputBytes) + 1), 0);
  EXPECT_EQ(ReadFileToString(big).status(),
            absl::InvalidArgumentError(
                big + " holds " + std::to_string(kMaxInputBytes + 1) +
                " bytes, more than the " + std::to_string(kMaxInputBytes) +
                " allowed"));
  EXPECT_EQ(ReadGzipFile(big).status().code(),
            absl::StatusCode::kInvalidArgument);
  fs::remove_all(dir);
}

TEST(FilesTest, GzipFilesAreReadAndTheirInflatedSizeCapped) {
  const fs::path dir = testing::FreshTempDir("files_gzip");
  const std::string file = (dir / "a.gz").string();
  gzFile f = gzopen(file.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  const std::string text(5000, 'a');
  gzwrite(f, text.data(), static_cast<unsigned>(text.size()));
  gzclose(f);
  absl::StatusOr<std::string> read = ReadGzipFile(file);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(*read, text);
  EXPECT_EQ(ReadGzipFile(file, 4999).status().code(),
            absl::StatusCode::kDataLoss);
  fs::remove_all(dir);
}

TEST(FilesTest, AFolderIsWrittenWholeUnderATemporaryName) {
  const fs::path dir = testing::FreshTempDir("files_folder");
  const std::string game = (dir / "games" / "g1").string();
  EXPECT_EQ(UnfinishedFolderOf(game), (dir / "games" / ".tmp-g1").string());
  EXPECT_EQ(UnfinishedFolderOf(game + "/"), UnfinishedFolderOf(game));
  std::string seen;
  absl::Status s = WriteFolderWhole(game, [&](const std::string& temp) {
    seen = temp;
    EXPECT_FALSE(fs::exists(game));  // not under its name while written
    return WriteFileAtomically(temp + "/a.txt", "a");
  });
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(seen, UnfinishedFolderOf(game));
  EXPECT_FALSE(fs::exists(seen));
  EXPECT_EQ(testing::ReadFile(fs::path(game) / "a.txt"), "a");
  // A write that fails leaves no temporary folder.
  s = WriteFolderWhole(game, [](const std::string&) {
    return absl::UnavailableError("disk full");
  });
  EXPECT_EQ(s, absl::UnavailableError("disk full"));
  EXPECT_FALSE(fs::exists(UnfinishedFolderOf(game)));
  fs::remove_all(dir);
}

// What kill -9 during a write leaves: a .tmp- folder holding a file's
// temporary name only; the next start removes it and says so.
TEST(FilesTest, RemoveUnfinishedFoldersClearsWhatAKilledWriterLeft) {
  const fs::path dir = testing::FreshTempDir("files_unfinished");
  fs::create_directories(dir / ".tmp-public-7");
  std::ofstream(dir / ".tmp-public-7" / "replay.cfr.tmp.123") << "half";
  fs::create_directories(dir / "public-6");
  std::ofstream(dir / ".tmp-file") << "a file, not a folder: kept";
  EXPECT_EQ(RemoveUnfinishedFolders(dir.string()),
            std::vector<std::string>{(dir / ".tmp-public-7").string()});
  EXPECT_FALSE(fs::exists(dir / ".tmp-public-7"));
  EXPECT_TRUE(fs::exists(dir / "public-6"));
  EXPECT_TRUE(fs::exists(dir / ".tmp-file"));
  EXPECT_TRUE(RemoveUnfinishedFolders((dir / "none").string()).empty());
  fs::remove_all(dir);
}

// Issue 32: two games of the same seed in the same second wrote the same
// folder, the second replacing the first. A new folder never takes an
// existing name, not even when many threads ask for the same one at once.
TEST(FilesTest, MakeNewFolderNeverTakesAnExistingOne) {
  const fs::path dir = testing::FreshTempDir("files_new_folder");
  const std::string base = (dir / "games" / "g-seed7").string();
  absl::StatusOr<std::string> first = MakeNewFolder(base);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(*first, base);  // parents made too
  std::ofstream(fs::path(base) / "result.json") << "first";
  absl::StatusOr<std::string> second = MakeNewFolder(base + "/");
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(*second, base + "-2");
  EXPECT_EQ(testing::ReadFile(fs::path(base) / "result.json"), "first");
  EXPECT_TRUE(fs::is_empty(*second));
  constexpr int kThreads = 8;
  std::vector<std::string> taken(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      absl::StatusOr<std::string> made = MakeNewFolder(base);
      if (made.ok()) taken[i] = *made;
    });
  }
  for (std::thread& t : threads) t.join();
  std::set<std::string> distinct(taken.begin(), taken.end());
  EXPECT_EQ(distinct.size(), static_cast<size_t>(kThreads));
  EXPECT_EQ(distinct.count(""), 0u);
  EXPECT_EQ(distinct.count(base), 0u);
  // A name that cannot be made is one line naming it.
  std::ofstream(dir / "file") << "not a folder";
  absl::StatusOr<std::string> bad =
      MakeNewFolder((dir / "file" / "g").string());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(bad.status().message().find("cannot create"), std::string::npos);
  fs::remove_all(dir);
}

// A name MakeNewFolder took for a folder written whole (the Colorfight
// server's) is an empty folder while the .tmp- one fills: kill -9 leaves
// both, and the next start removes both.
TEST(FilesTest, RemoveUnfinishedFoldersRemovesTheEmptyNameTheyHeld) {
  const fs::path dir = testing::FreshTempDir("files_held_name");
  fs::create_directories(dir / ".tmp-public-1");
  fs::create_directories(dir / "public-1");  // the name, held empty
  fs::create_directories(dir / ".tmp-public-2");
  fs::create_directories(dir / "public-2");
  std::ofstream(dir / "public-2" / "result.json") << "a whole game: kept";
  EXPECT_EQ(RemoveUnfinishedFolders(dir.string()),
            (std::vector<std::string>{(dir / ".tmp-public-1").string(),
                                      (dir / ".tmp-public-2").string()}));
  EXPECT_FALSE(fs::exists(dir / "public-1"));
  EXPECT_TRUE(fs::exists(dir / "public-2" / "result.json"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
