// Hostile input to the map reader and to `warlight verify` (issue 11 B10):
// each is refused with one clear line and exit status 2, never an abort (an
// uncaught exception), a hang or unbounded memory, and recorded text reaches
// the terminal escaped. Needs nothing from ../shared.
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "map.h"
#include "wl/map_json.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// Two regions in super region 1 (bonus `bonus`), with region 1's
// neighbours written as `neighbours` (JSON).
std::string TwoRegionMap(const std::string& neighbours,
                         const std::string& bonus = "1") {
  return absl::StrCat(R"({"SuperRegions":[{"id":1,"bonus":)", bonus,
                      R"(}],"Regions":[{"id":1,"superRegion":1,"neighbors":)",
                      neighbours,
                      R"(},{"id":2,"superRegion":1,"neighbors":[1]}]})");
}

TEST(HostileMapTest, NeighboursAndIdsThatDoNotFitAnIntAreErrorsNotAborts) {
  ASSERT_TRUE(ParseMapJson(TwoRegionMap("[2]")).ok());
  struct Case {
    std::string neighbours, message;
  } const cases[] = {
      {"[9223372036854775808]", "unknown neighbour 9223372036854775808"},
      {"[18446744073709551615]", "unknown neighbour 18446744073709551615"},
      {"[-9223372036854775808]", "unknown neighbour -9223372036854775808"},
      {"[4294967298]", "unknown neighbour 4294967298"},  // 2 mod 2^32
      {"[1e300]", "a neighbour is not an integer"},
      {"[2.5]", "a neighbour is not an integer"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<Map> map;
    EXPECT_NO_THROW(map = ParseMapJson(TwoRegionMap(c.neighbours)))
        << c.neighbours;
    ASSERT_FALSE(map.ok()) << c.neighbours;
    EXPECT_NE(map.status().message().find(c.message), std::string::npos)
        << map.status().message();
  }
  for (const char* id : {"9223372036854775808", "4294967297", "1.0e300"}) {
    const std::string text =
        absl::StrCat(R"({"SuperRegions":[{"id":1,"bonus":1}],"Regions":[)",
                     R"({"id":)", id, R"(,"superRegion":1,"neighbors":[]}]})");
    absl::StatusOr<Map> map;
    EXPECT_NO_THROW(map = ParseMapJson(text)) << id;
    ASSERT_FALSE(map.ok()) << id;
    EXPECT_NE(map.status().message().find("\"id\" is not an integer"),
              std::string::npos)
        << map.status().message();
  }
}

TEST(HostileMapTest, BonusesThatCouldOverflowAnIncomeAreRefusedNamingTheCap) {
  // Two super regions of INT_MAX would overflow 5 + bonuses (undefined
  // behaviour in the rules' Income and in the viewer's statistics).
  const std::string huge = absl::StrCat(
      R"({"SuperRegions":[{"id":1,"bonus":2147483647},{"id":2,"bonus":)",
      R"(2147483647}],"Regions":[{"id":1,"superRegion":1,"neighbors":[2]},)",
      R"({"id":2,"superRegion":2,"neighbors":[1]}]})");
  absl::StatusOr<Map> map = ParseMapJson(huge);
  ASSERT_FALSE(map.ok());
  EXPECT_NE(map.status().message().find(
                "super region 1 has bonus 2147483647, above the cap of 200"),
            std::string::npos)
      << map.status().message();
  EXPECT_FALSE(ParseMapJson(TwoRegionMap("[2]", "201")).ok());
  EXPECT_TRUE(ParseMapJson(TwoRegionMap("[2]", "200")).ok());
}

// ---------------------------------------------------------------------------
// warlight verify

class HostileRecordingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("wl_hostile_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "g");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void Write(const std::string& file, const std::string& text) {
    std::ofstream(dir_ / "g" / file, std::ios::binary) << text;
  }
  std::string Game() const { return (dir_ / "g").string(); }
  // Runs VerifyMain, returning its exit status and its stdout.
  static int Verify(std::vector<std::string> args, std::string* out) {
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    ::testing::internal::CaptureStdout();
    int status = -1;
    EXPECT_NO_THROW(status =
                        VerifyMain(static_cast<int>(argv.size()), argv.data()));
    *out = ::testing::internal::GetCapturedStdout();
    return status;
  }
  fs::path dir_;
};

TEST_F(HostileRecordingTest, AFractionalOrHugeSeedIsOneLineAndExit2) {
  for (const char* seed :
       {"1.5", "1e300", "18446744073709551615", "9223372036854775808"}) {
    Write("meta.json", absl::StrCat(R"({"seed": )", seed,
                                    R"(, "map": "m.json", "winner": "draw"})"));
    absl::StatusOr<std::string> diff;
    EXPECT_NO_THROW(diff = VerifyGameDir(Game())) << seed;
    ASSERT_FALSE(diff.ok()) << seed;
    EXPECT_NE(diff.status().message().find(
                  "\"seed\" must be an integer from -2^63 to 2^63-1"),
              std::string::npos)
        << diff.status().message();
  }
  // On the command line: the line of the game before is printed too, and
  // every game gets exactly one line, then the summary.
  std::string out;
  EXPECT_EQ(Verify({(dir_ / "missing").string(), Game()}, &out), 2);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 3) << out;
  EXPECT_NE(out.find("missing: error: "), std::string::npos) << out;
  EXPECT_NE(out.find("g: error: "), std::string::npos) << out;
  EXPECT_NE(out.find("0 of 2 games identical"), std::string::npos) << out;
}

// Writes `members` copies of one gzip member holding `chunk` zero bytes:
// a file of a few KiB that inflates to members * chunk bytes.
void WriteGzipBomb(const fs::path& path, int members, size_t chunk) {
  std::vector<unsigned char> zeros(chunk, 0);
  z_stream z{};
  ASSERT_EQ(deflateInit2(&z, 9, Z_DEFLATED, 16 + 15, 9, Z_DEFAULT_STRATEGY),
            Z_OK);
  std::vector<unsigned char> member(deflateBound(&z, chunk));
  z.next_in = zeros.data();
  z.avail_in = static_cast<uInt>(chunk);
  z.next_out = member.data();
  z.avail_out = static_cast<uInt>(member.size());
  ASSERT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  member.resize(z.total_out);
  deflateEnd(&z);
  std::ofstream out(path, std::ios::binary);
  for (int k = 0; k < members; ++k) {
    out.write(reinterpret_cast<const char*>(member.data()), member.size());
  }
}

TEST_F(HostileRecordingTest, AGzipBombIsRefusedBeforeItFillsMemory) {
  Write("meta.json", R"({"seed": 1, "map": "m.json", "winner": "draw"})");
  Write("dump_player1.txt", "");
  Write("dump_player2.txt", "");
  // 130 MiB of zeros in about 130 KiB, just past the 128 MiB cap.
  WriteGzipBomb(dir_ / "g" / "replay.txt.gz", 130, size_t{1} << 20);
  EXPECT_LT(fs::file_size(dir_ / "g" / "replay.txt.gz"), 1u << 20);
  absl::StatusOr<std::string> diff = VerifyGameDir(Game());
  ASSERT_FALSE(diff.ok());
  EXPECT_NE(diff.status().message().find(
                "replay.txt.gz inflates to more than 134217728 bytes"),
            std::string::npos)
      << diff.status().message();
  // A small file with several members reads whole; the cap is exact.
  WriteGzipBomb(dir_ / "g" / "small.gz", 3, 1000);
  absl::StatusOr<std::string> small =
      ReadGzipFile((dir_ / "g" / "small.gz").string());
  ASSERT_TRUE(small.ok()) << small.status();
  EXPECT_EQ(*small, std::string(3000, '\0'));
  EXPECT_TRUE(ReadGzipFile((dir_ / "g" / "small.gz").string(), 3000).ok());
  EXPECT_FALSE(ReadGzipFile((dir_ / "g" / "small.gz").string(), 2999).ok());
}

TEST_F(HostileRecordingTest, NamesAndMessagesReachTheTerminalEscaped) {
  const std::string name = (dir_ / "bad\x1b[2J\a").string();
  std::string out;
  EXPECT_EQ(Verify({name}, &out), 2);
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\a'), std::string::npos) << out;
  EXPECT_NE(out.find("bad\\x1b[2J\\x07: error: "), std::string::npos) << out;
}

}  // namespace
}  // namespace wl::tools
