// The sdk's protocol side against every recorded official game: each engine
// line parses, and the starter bot answers each recorded session cleanly.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "protocol.h"
#include "sdk/runner_session.h"
#include "shared_data.h"
#include "wl/dump_reader.h"

namespace wl {
namespace {

std::vector<std::string> EngineLines(const std::filesystem::path& dump) {
  std::vector<std::string> lines;
  for (const tools::DumpEntry& e : tools::ReadDump(testing::ReadFile(dump))) {
    if (e.kind == tools::DumpEntry::kSent) lines.push_back(e.text);
  }
  return lines;
}

TEST(ConformanceProtocolTest, EveryRecordedEngineLineParses) {
  WL_REQUIRE_SHARED();
  int parsed = 0;
  for (const auto& game : testing::ConformanceGames()) {
    for (const char* name : {"dump_player1.txt", "dump_player2.txt"}) {
      for (const std::string& line : EngineLines(game / name)) {
        Message m = Parse(line);
        const auto* err = std::get_if<msg::Error>(&m);
        ASSERT_EQ(err, nullptr) << game / name << ": " << err->reason;
        ASSERT_FALSE(std::holds_alternative<msg::Blank>(m));
        ++parsed;
      }
    }
  }
  EXPECT_GT(parsed, 10000);
}

TEST(ConformanceProtocolTest, StarterBotAnswersEveryRecordedSessionCleanly) {
  WL_REQUIRE_SHARED();
  for (const auto& game : testing::ConformanceGames()) {
    for (const char* name : {"dump_player1.txt", "dump_player2.txt"}) {
      SCOPED_TRACE(game / name);
      std::vector<std::string> lines = EngineLines(game / name);
      std::vector<std::string> answers = testing::CheckSession(lines);
      int requests = 0;
      for (const std::string& line : lines)
        requests += testing::IsRequestLine(line);
      EXPECT_EQ(static_cast<int>(answers.size()), requests);
    }
  }
}

}  // namespace
}  // namespace wl
