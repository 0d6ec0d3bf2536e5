// `mcts --help` (mcts::Usage): every knob that mcts::ParseArgs reads is
// listed with its meaning and its default, and that default is Config{}'s.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bots/mcts/mcts_config.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace {

// The flags that mcts_config.h's ParseArgs compares against.
std::set<std::string> ParsedFlags() {
  std::ifstream file(std::string(WL_SOURCE_DIR) + "/bots/mcts/mcts_config.h");
  std::stringstream text;
  text << file.rdbuf();
  const std::string source = text.str();
  std::set<std::string> flags;
  const std::regex compared(R"re(name == "--([a-z-]+)")re");
  for (std::sregex_iterator it(source.begin(), source.end(), compared), end;
       it != end; ++it) {
    flags.insert((*it)[1].str());
  }
  return flags;
}

struct Entry {
  std::string flag, value, meaning, default_text;
};

// Each "  --flag VALUE  meaning... (default: X)" entry of the help, its
// continuation lines joined.
std::vector<Entry> HelpEntries(const std::string& help) {
  std::string joined = std::regex_replace(help, std::regex("\n {20,}"), " ");
  std::vector<Entry> entries;
  const std::regex entry(
      R"(\n  --([a-z-]+) (\S+) +(.*?) \(default: ([^)]*)\)(?=\n))");
  for (std::sregex_iterator it(joined.begin(), joined.end(), entry), end;
       it != end; ++it) {
    entries.push_back({(*it)[1], (*it)[2], (*it)[3], (*it)[4]});
  }
  return entries;
}

TEST(MctsHelpTest, EveryKnobHasItsMeaningAndDefault) {
  const std::string help = mcts::Usage();
  const std::set<std::string> parsed = ParsedFlags();
  ASSERT_GE(parsed.size(), 20u);  // the regex read the source
  std::set<std::string> listed;
  for (const Entry& e : HelpEntries(help)) {
    listed.insert(e.flag);
    EXPECT_GE(e.meaning.size(), 12u) << "--" << e.flag << " says too little";
    // The printed default is a value the bot accepts.
    mcts::Config config;
    std::string arg = "--" + e.flag + "=" + e.default_text;
    char* argv[] = {nullptr, arg.data()};
    EXPECT_EQ(mcts::ParseArgs(2, argv, config), "") << arg;
  }
  EXPECT_EQ(listed, parsed) << help;
}

TEST(MctsHelpTest, PrintedDefaultsAreTheConfigDefaults) {
  const mcts::Config d;
  const std::vector<std::pair<std::string, double>> defaults = {
      {"seed", static_cast<double>(d.seed)},
      {"iterations", d.iterations},
      {"max-move-ms", d.max_move_ms},
      {"reserve-ms", d.reserve_ms},
      {"bank-share", d.bank_share},
      {"samples", d.samples},
      {"fog-noise", d.fog_noise},
      {"playout-rounds", d.playout_rounds},
      {"expected-first", d.expected_first},
      {"exploration", d.exploration},
      {"my-greedy-variants", d.my_greedy_variants},
      {"tactical-turns", d.tactical_turns},
      {"my-policy-variants", d.my_policy_variants},
      {"their-variants", d.their_variants},
      {"eval-scale", d.eval_scale},
      {"sure-orders", d.sure_orders},
      {"sure-income-margin", d.sure_income_margin},
      {"front-first", d.front_first},
      {"draft-search", d.draft_search},
      {"draft-rounds", d.draft_rounds}};
  std::map<std::string, std::string> printed;
  for (const Entry& e : HelpEntries(mcts::Usage())) {
    printed[e.flag] = e.default_text;
  }
  EXPECT_EQ(printed.size(), defaults.size());
  for (const auto& [flag, value] : defaults) {
    ASSERT_TRUE(printed.count(flag)) << "--" << flag << " is not listed";
    EXPECT_DOUBLE_EQ(std::stod(printed[flag]), value) << "--" << flag;
  }
}

// A bad flag is one line naming it, and exit status 2 (the whole help is
// for --help, not for a typo).
TEST(MctsHelpTest, ABadFlagIsOneLineAndExit2) {
  const std::string command =
      std::string(WL_BINARY_DIR) + "/bots/mcts --iteratoins 5 2>&1";
  const wl::testing::CommandRun run = wl::testing::PipeCommand(command);
  const std::string& out = run.out;
  EXPECT_EQ(run.status, 2) << out;
  EXPECT_NE(out.find("--iteratoins"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
}

}  // namespace
