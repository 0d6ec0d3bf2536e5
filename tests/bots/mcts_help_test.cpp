// `mcts --help` (mcts::Usage): every knob that mcts::ParseArgs reads is
// listed with its meaning and its default, and that default is Config{}'s.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bots/mcts/mcts_config.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace {

bool IsFlagChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

// The flags that mcts_config.h's ParseArgs reads: every string literal
// "--flag" of the source (its knob tables and its special cases), but
// "--help" and tunable.h's --param and --list-params, which ParseArgs skips
// (the help describes them in a paragraph of their own). (No std::regex:
// GCC 12 warns inside it.)
std::set<std::string> ParsedFlags() {
  const std::string source = wl::testing::ReadFile(std::string(WL_SOURCE_DIR) +
                                                   "/bots/mcts/mcts_config.h");
  std::set<std::string> flags;
  for (size_t at = source.find("\"--"); at != std::string::npos;
       at = source.find("\"--", at + 1)) {
    size_t end = at + 3;
    while (end < source.size() && IsFlagChar(source[end])) ++end;
    if (end == at + 3 || end == source.size() || source[end] != '"') continue;
    const std::string flag = source.substr(at + 3, end - at - 3);
    if (flag != "help" && flag != "param" && flag != "list-params") {
      flags.insert(flag);
    }
  }
  return flags;
}

struct Entry {
  std::string flag, value, meaning, default_text;
};

// The help with its continuation lines (a newline and 20 spaces or more)
// joined to the line before by one space.
std::string JoinContinuations(const std::string& help) {
  std::string joined;
  for (size_t i = 0; i < help.size(); ++i) {
    size_t spaces = 0;
    while (help[i] == '\n' && i + 1 + spaces < help.size() &&
           help[i + 1 + spaces] == ' ') {
      ++spaces;
    }
    if (spaces >= 20) {
      joined += ' ';
      i += spaces;
    } else {
      joined += help[i];
    }
  }
  return joined;
}

// One "  --flag VALUE  meaning... (default: X)" line, if it is one: the
// flag, one space, a value without spaces, spaces, the meaning, and the
// first " (default: " after which the line holds no ')' but its last char.
bool ParseEntry(const std::string& line, Entry* e) {
  if (line.compare(0, 4, "  --") != 0) return false;
  size_t at = 4;
  while (at < line.size() && IsFlagChar(line[at])) ++at;
  if (at == 4 || at == line.size() || line[at] != ' ') return false;
  e->flag = line.substr(4, at - 4);
  const size_t value = ++at;
  while (at < line.size() && line[at] != ' ') ++at;
  if (at == value || at == line.size()) return false;
  e->value = line.substr(value, at - value);
  while (at < line.size() && line[at] == ' ') ++at;
  const std::string marker = " (default: ";
  if (line.empty() || line.back() != ')') return false;
  for (size_t m = line.find(marker, at); m != std::string::npos;
       m = line.find(marker, m + 1)) {
    const size_t text = m + marker.size();
    if (text > line.size() - 1) break;
    const std::string inside = line.substr(text, line.size() - 1 - text);
    if (inside.find(')') != std::string::npos) continue;
    e->meaning = line.substr(at, m - at);
    e->default_text = inside;
    return true;
  }
  return false;
}

// Each "  --flag VALUE  meaning... (default: X)" entry of the help, its
// continuation lines joined.
std::vector<Entry> HelpEntries(const std::string& help) {
  const std::string joined = JoinContinuations(help);
  std::vector<Entry> entries;
  // Lines after a newline and followed by one.
  size_t start = joined.find('\n');
  while (start != std::string::npos) {
    const size_t end = joined.find('\n', start + 1);
    if (end == std::string::npos) break;
    Entry e;
    if (ParseEntry(joined.substr(start + 1, end - start - 1), &e)) {
      entries.push_back(e);
    }
    start = end;
  }
  return entries;
}

TEST(MctsHelpTest, EveryKnobHasItsMeaningAndDefault) {
  const std::string help = mcts::Usage();
  const std::set<std::string> parsed = ParsedFlags();
  ASSERT_GE(parsed.size(), 20u);  // the scan read the source
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
      {"wl1-playout-rounds", d.wl1_playout_rounds},
      {"expected-first", d.expected_first},
      {"exploration", d.exploration},
      {"my-greedy-variants", d.my_greedy_variants},
      {"tactical-turns", d.tactical_turns},
      {"my-policy-variants", d.my_policy_variants},
      {"their-variants", d.their_variants},
      {"their-stack", d.their_stack},
      {"eval-scale", d.eval_scale},
      {"sure-orders", d.sure_orders},
      {"sure-income-margin", d.sure_income_margin},
      {"sure-income-share", d.sure_income_share},
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
