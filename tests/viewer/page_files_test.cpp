// tools/viewer/page_files.h: where a folder's page goes (in the folder, or
// --out DIR/<name>.html), and the bounded read of what a page is made from
// (missing and too large files are one clear error naming the file).
#include "viewer/page_files.h"

#include <filesystem>
#include <string>

#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

TEST(PageFilesTest, PagePathIsInTheFolderOrNamedAfterIt) {
  EXPECT_EQ(PagePath("games/g1", ""), "games/g1/replay.html");
  EXPECT_EQ(PagePath("games/g1", "pages"), "pages/g1.html");
  EXPECT_EQ(PagePath("games/g1/", "pages"), "pages/g1.html");
  EXPECT_EQ(PagePath("games/g1/.", "pages"), "pages/g1.html");
  EXPECT_EQ(PagePath(".", "pages"), "pages/game.html");
  EXPECT_EQ(PagePath("/", "pages"), "pages/game.html");
}

TEST(PageFilesTest, ReadPageSourceRefusesMissingAndLargeFiles) {
  const fs::path dir = testing::FreshTempDir("page_files");
  const std::string file = (dir / "a.txt").string();
  ASSERT_TRUE(WriteFileAtomically(file, "0123456789").ok());
  absl::StatusOr<std::string> text = ReadPageSource(file, 10);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, "0123456789");
  absl::StatusOr<std::string> large = ReadPageSource(file, 9);
  EXPECT_EQ(large.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(large.status().message(),
            file + " holds 10 bytes, more than the 9 allowed");
  const std::string missing = (dir / "none.txt").string();
  EXPECT_EQ(ReadPageSource(missing, 10).status(),
            absl::NotFoundError("cannot read " + missing));
  EXPECT_EQ(ReadPageSource(dir.string(), 10).status(),
            absl::InvalidArgumentError(dir.string() +
                                       " is not a regular file"));  // a folder
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
