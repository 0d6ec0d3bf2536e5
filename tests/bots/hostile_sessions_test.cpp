// Sessions a real engine never sends (issue 11, A3): a region without
// neighbours, map lines with ids >= 128, moves and updates naming unknown
// regions, requests before the map, absurd numbers, a map that grows during
// the game; then a seeded fuzz of garbled real sessions. Every built-in bot
// plays each through the runner: no crash (this suite also runs under ASan
// and UBSan), and every request gets one answer line the engine can read
// (runner_session.h checks each against a View kept in parallel).
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bots/greedy/greedy_bot.h"
#include "bots/mcts/mcts_bot.h"
#include "bots/mcts/mcts_config.h"
#include "bots/random/random_bot.h"
#include "bots/starter/starter_bot.h"
#include "combat.h"
#include "gtest/gtest.h"
#include "protocol.h"
#include "sdk/recorded_session.h"
#include "sdk/runner_session.h"

namespace wl {
namespace {

struct NamedBot {
  const char* name;
  std::function<std::unique_ptr<Bot>()> make;
};

// The four built-in bots; the MCTS bot with a small fixed budget.
std::vector<NamedBot> BuiltInBots() {
  mcts::Config config;
  config.iterations = 16;
  config.samples = 2;
  config.draft_rounds = 2;
  return {
      {"starter", [] { return std::make_unique<StarterBot>(); }},
      {"random", [] { return std::make_unique<RandomBot>(7); }},
      {"greedy", [] { return std::make_unique<GreedyBot>(7); }},
      {"mcts", [config] { return std::make_unique<MctsBot>(config); }},
  };
}

void CheckEveryBot(const std::vector<std::string>& lines) {
  for (const NamedBot& bot : BuiltInBots()) {
    SCOPED_TRACE(bot.name);
    std::unique_ptr<Bot> instance = bot.make();
    testing::CheckSession(lines, *instance);
  }
}

// Settings and a four-region map: super regions 1 = {1, 2}, 2 = {3, 4}.
std::vector<std::string> Start(const std::string& neighbours) {
  return testing::FourRegionOpening(neighbours, "1 3");
}

std::vector<std::string> With(std::vector<std::string> lines,
                              const std::vector<std::string>& more) {
  lines.insert(lines.end(), more.begin(), more.end());
  return lines;
}

const std::vector<std::string> kRound = {
    "opponent_moves", "go place_armies 10000", "go attack/transfer 10000"};

TEST(HostileSessionsTest, OwnedRegionsWithoutNeighbours) {
  // Regions 3 and 4 have no neighbour at all; the bot owns 3.
  std::vector<std::string> lines = Start("1 2");
  for (int round = 0; round < 3; ++round) {
    lines = With(lines, {"settings starting_armies 5",
                         "update_map 1 player1 6 2 neutral 2 3 player1 9"});
    lines = With(lines, kRound);
  }
  CheckEveryBot(lines);
  // Only isolated regions owned.
  CheckEveryBot(With(
      Start(""),
      {"settings starting_armies 5", "update_map 3 player1 9 4 player1 4",
       "opponent_moves", "go place_armies 10000", "go attack/transfer 10000"}));
}

TEST(HostileSessionsTest, MapLinesWithIdsOf128AndMore) {
  CheckEveryBot(With(
      {"settings your_bot player1", "setup_map super_regions 1 2 1000 3",
       "setup_map regions 1 1 2 1 128 1 200 1000 32767 1 100000000 1",
       "setup_map regions 1 1 2 1 3 1000 127 1000",
       "setup_map neighbors 1 2,128 200 32767,3 127 100000000",
       "setup_map neighbors 1 2 2 3 3 127", "setup_map wastelands 128 200",
       "settings starting_regions 1 128 127",
       "pick_starting_region 10000 1 128 200", "pick_starting_region 10000 127",
       "setup_map opponent_starting_regions 128", "settings starting_armies 5",
       "update_map 128 player1 5 1 player1 5",
       "update_map 1 player1 5 2 neutral 2 127 player1 3"},
      kRound));
}

TEST(HostileSessionsTest, MovesAndUpdatesNamingUnknownRegions) {
  CheckEveryBot(With(
      Start("1 2 2 3 3 4"),
      {"settings starting_armies 5", "update_map 9 player1 5",
       "update_map 1 player1 5 9 player1 3 2 neutral 2",
       "update_map 1 player1 5 2 neutral 2",
       "opponent_moves player2 place_armies 9 5",
       "opponent_moves player2 place_armies 0 5 player2 attack/transfer 127 "
       "128 3",
       "opponent_moves player2 attack/transfer 4 100000000 3",
       "go place_armies 10000", "go attack/transfer 10000",
       "update_map 1 player1 5 2 player2 3",
       "opponent_moves player2 place_armies 2 3 player2 attack/transfer 2 "
       "99 1",
       "go place_armies 10000", "go attack/transfer 10000"}));
}

TEST(HostileSessionsTest, RequestsBeforeTheMapOrTheSettings) {
  CheckEveryBot({"go place_armies 10000", "go attack/transfer 10000",
                 "pick_starting_region 10000 1 4", "pick_starting_region 10000",
                 "update_map", "opponent_moves", "go place_armies 10000"});
  // A map but no your_bot: the bot is nobody and owns nothing.
  CheckEveryBot({"setup_map super_regions 1 2", "setup_map regions 1 1 2 1",
                 "setup_map neighbors 1 2", "pick_starting_region 10000 1 2",
                 "update_map 1 player1 5 2 player2 5", "go place_armies 10000",
                 "go attack/transfer 10000"});
  // Requests before any update_map.
  CheckEveryBot(With(Start("1 2 2 3 3 4"),
                     {"settings starting_armies 5", "go place_armies 10000",
                      "go attack/transfer 10000"}));
}

TEST(HostileSessionsTest, AbsurdNumbers) {
  CheckEveryBot(With(
      {"settings timebank 9223372036854775807", "settings max_rounds 0",
       "settings your_bot player1", "setup_map super_regions 1 2147483647 2 0",
       "setup_map regions 1 1 2 1 3 2 4 2", "setup_map neighbors 1 2 2 3 3 4",
       "settings starting_regions 1 3 1 3", "settings starting_pick_amount 99",
       "pick_starting_region 0 1 1 3", "pick_starting_region 2147483647 3",
       "settings starting_armies 2147483647",
       "update_map 1 player1 2147483647 2 player2 2147483647 3 player1 0 4 "
       "neutral 2147483647",
       "opponent_moves player2 place_armies 2 2147483647 player2 "
       "attack/transfer 2 1 2147483647",
       "go place_armies 2147483647", "go attack/transfer 0"},
      {"settings starting_armies 0", "update_map 1 player1 1 3 player1 1",
       "go place_armies 10000", "go attack/transfer 10000"}));
}

TEST(HostileSessionsTest, MapThatChangesDuringTheGame) {
  std::vector<std::string> lines = Start("1 2 2 3 3 4");
  lines = With(lines, {"settings starting_armies 5",
                       "update_map 1 player1 5 2 neutral 2 3 player2 4"});
  lines = With(lines, kRound);
  // New regions, a new super region and new links after the first round.
  lines = With(lines,
               {"setup_map super_regions 3 5", "setup_map regions 5 3 6 3 7 1",
                "setup_map neighbors 4 5 5 6 1 7", "setup_map wastelands 6",
                "settings starting_armies 7",
                "update_map 1 player1 5 5 player1 9 6 neutral 6 7 "
                "player1 3 4 player2 2"});
  lines = With(lines, kRound);
  lines = With(lines, {"settings your_bot player2",
                       "update_map 4 player2 5 5 player1 9 3 player2 2"});
  CheckEveryBot(With(lines, kRound));
}

// The greedy planner's combat helpers start next to the answer: the same
// values as counting up from 1, and instant for the largest army counts a
// line may carry (counting up took seconds per call there).
TEST(HostileSessionsTest, GreedyCombatHelpersAreExactAndConstantTime) {
  for (int n = 0; n <= 3000; ++n) {
    int a = 1;
    while (!ExpectedCombat(a, n).conquered) ++a;
    EXPECT_EQ(greedy::ArmiesToTakeExpected(n), a) << n;
    int d = 1;
    while (n > 0 && ExpectedCombat(n, d).conquered) ++d;
    EXPECT_EQ(greedy::ArmiesToHold(n), d) << n;
  }
  const auto start = std::chrono::steady_clock::now();
  for (int n = kMaxMessageArmies - 1000; n <= kMaxMessageArmies; ++n) {
    EXPECT_TRUE(ExpectedCombat(greedy::ArmiesToTakeExpected(n), n).conquered);
    EXPECT_FALSE(ExpectedCombat(n, greedy::ArmiesToHold(n)).conquered);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

// Replaces one number token of `line`, if any, with a hostile value.
std::string MutateNumber(const std::string& line, std::mt19937& rng) {
  std::vector<std::pair<size_t, size_t>> numbers;  // (start, length)
  for (size_t i = 0; i < line.size();) {
    size_t j = i;
    while (j < line.size() &&
           ((line[j] >= '0' && line[j] <= '9') || (j == i && line[j] == '-'))) {
      ++j;
    }
    if (j > i && (i == 0 || line[i - 1] == ' ')) {
      numbers.emplace_back(i, j - i);
      i = j;
    } else {
      i = line.find(' ', i + 1);
      if (i == std::string::npos) break;
      ++i;
    }
  }
  if (numbers.empty()) return line;
  static const char* const kValues[] = {
      "-1",         "0",          "1",           "2",
      "3",          "81",         "127",         "128",
      "255",        "32767",      "65537",       "100000000",
      "2147483647", "2147483648", "-2147483648", "99999999999999999999"};
  const auto [at, length] = numbers[rng() % numbers.size()];
  std::string value = rng() % 4 == 0
                          ? std::to_string(rng() % 40)
                          : kValues[rng() % (sizeof kValues / sizeof *kValues)];
  return line.substr(0, at) + value + line.substr(at + length);
}

// One garbled copy of a real session: lines dropped, duplicated, swapped,
// repeated from elsewhere, or with a number replaced.
std::vector<std::string> Garble(const std::vector<std::string>& session,
                                std::mt19937& rng) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < session.size(); ++i) {
    const unsigned roll = rng() % 100;
    if (roll < 5) continue;                      // dropped
    if (roll < 10) lines.push_back(session[i]);  // duplicated
    if (roll < 13) lines.push_back(session[rng() % session.size()]);
    if (roll >= 13 && roll < 33) {
      lines.push_back(MutateNumber(session[i], rng));
    } else {
      lines.push_back(session[i]);
    }
    if (roll >= 97 && lines.size() >= 2) {
      std::swap(lines[lines.size() - 1], lines[lines.size() - 2]);
    }
  }
  return lines;
}

TEST(HostileSessionsTest, GarbledRealSessionsNeverCrashAnyBot) {
  // The start of a real game: the setup, the draft and about 12 rounds.
  const std::vector<std::string> session =
      testing::RecordedSession(/*map_seed=*/4, /*regions=*/24,
                               /*game_seed=*/9, /*max_lines=*/90);
  ASSERT_EQ(session.size(), 90u);
  std::mt19937 rng(2026);
  for (int trial = 0; trial < 60; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    CheckEveryBot(Garble(session, rng));
    if (::testing::Test::HasFailure()) return;  // one report is enough
  }
}

}  // namespace
}  // namespace wl
