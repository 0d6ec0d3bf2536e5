#include "wl/dump_reader.h"

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

TEST(DumpReaderTest, SplitsTheMessagesTheEngineGluesToTheNextLine) {
  std::string dump =
      "Round 3\n"
      "go place_armies 10000\n"
      "Output from your bot: \"player1 place_armies 1 1, x\"\n"
      "Maximum number of moves reached, max 50 moves are allowedgo "
      "attack/transfer 9000\n"
      "Response timed out (500ms), let your bot return 'No moves' instead of "
      "nothing or make it faster.\n"
      "Output from your bot: nullParse error: Region id input incorrect ()\n"
      "Output from your bot: \"7 \"\n";
  std::vector<DumpEntry> e = ReadDump(dump);
  ASSERT_EQ(e.size(), 9u);
  EXPECT_EQ(e[0].kind, DumpEntry::kRound);
  EXPECT_EQ(e[0].number, 3);
  EXPECT_EQ(e[1].kind, DumpEntry::kSent);
  EXPECT_EQ(e[2].kind, DumpEntry::kOutput);
  EXPECT_EQ(e[2].text, "player1 place_armies 1 1, x");
  EXPECT_EQ(e[3].kind, DumpEntry::kLog);
  EXPECT_EQ(e[4].kind, DumpEntry::kSent);
  EXPECT_EQ(e[4].text, "go attack/transfer 9000");
  EXPECT_EQ(e[4].line, 4);
  EXPECT_EQ(e[5].kind, DumpEntry::kTimeout);
  EXPECT_EQ(e[6].kind, DumpEntry::kOutput);
  EXPECT_TRUE(e[6].timed_out);
  EXPECT_FALSE(e[2].timed_out);
  EXPECT_EQ(e[7].kind, DumpEntry::kLog);
  EXPECT_EQ(e[7].text, "Parse error: Region id input incorrect ()");
  EXPECT_EQ(e[8].text, "7 ");  // raw, untrimmed
}

// A bot may answer the text "null": quoted, it is an answer, not a time-out.
TEST(DumpReaderTest, AQuotedNullIsAnAnswerNotATimeout) {
  std::vector<DumpEntry> e = ReadDump(
      "go place_armies 100\nOutput from your bot: \"null\"\n"
      "go attack/transfer 100\nOutput from your bot: null");
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[1].text, "null");
  EXPECT_FALSE(e[1].timed_out);
  EXPECT_TRUE(e[3].timed_out);
}

}  // namespace
}  // namespace wl::tools
