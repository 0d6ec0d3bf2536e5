// runner_session.h: runs a bot (the starter by default) through wl::Run on
// a sequence of engine lines and checks every answer against a View kept in
// parallel: one line per request, well formed for that View, "No moves" for
// a request the View could not apply.
//
//   std::vector<std::string> answers = wl::testing::CheckSession(lines);
//   GreedyBot greedy;
//   wl::testing::CheckSession(lines, greedy);
//   lines = wl::testing::FourRegionOpening("1 2 2 3 3 4", "1 4");
#ifndef WL_TESTS_SDK_RUNNER_SESSION_H_
#define WL_TESTS_SDK_RUNNER_SESSION_H_

#include <sstream>
#include <string>
#include <vector>

#include "bots/starter/starter_bot.h"
#include "gtest/gtest.h"
#include "runner.h"
#include "sdk/answer_check.h"

namespace wl::testing {

// The engine's lines up to the first pick request on a four-region map
// (super regions 1 = {1, 2} worth 2 and 2 = {3, 4} worth 1), with the given
// "setup_map neighbors" and starting regions, one pick each.
inline std::vector<std::string> FourRegionOpening(
    const std::string& neighbours, const std::string& candidates) {
  return {"settings timebank 10000",
          "settings time_per_move 500",
          "settings max_rounds 60",
          "settings your_bot player1",
          "settings opponent_bot player2",
          "setup_map super_regions 1 2 2 1",
          "setup_map regions 1 1 2 1 3 2 4 2",
          "setup_map neighbors " + neighbours,
          "setup_map wastelands",
          "settings starting_regions " + candidates,
          "settings starting_pick_amount 1",
          "pick_starting_region 10000 " + candidates};
}

inline bool IsRequestLine(std::string_view line) {
  while (!line.empty() && protocol_internal::IsSpace(line.front())) {
    line.remove_prefix(1);
  }
  return line.substr(0, 3) == "go " ||
         line.substr(0, 20) == "pick_starting_region";
}

// Returns the answers; records a test failure for each malformed one.
inline std::vector<std::string> CheckSession(
    const std::vector<std::string>& lines, Bot& bot) {
  std::string input;
  for (const std::string& line : lines) input += line + "\n";
  std::istringstream in(input);
  std::ostringstream out, log;
  EXPECT_EQ(wl::Run(bot, in, out, log), 0);
  std::vector<std::string> answers;
  const std::string text = out.str();
  for (std::string_view a : Split(text, "\n")) answers.emplace_back(a);
  EXPECT_EQ(answers.back(), "") << "the last answer must end with a newline";
  answers.pop_back();

  View view;
  size_t next = 0;
  for (const std::string& line : lines) {
    Message m = Parse(line);
    bool applied = view.Apply(m).empty();
    bool is_request =
        applied ? (std::holds_alternative<msg::PickStartingRegion>(m) ||
                   std::holds_alternative<msg::GoPlaceArmies>(m) ||
                   std::holds_alternative<msg::GoAttackTransfer>(m))
                : IsRequestLine(line);
    if (!is_request) continue;
    if (next >= answers.size()) {
      ADD_FAILURE() << "no answer to \"" << line << "\"";
      return answers;
    }
    const std::string& answer = answers[next++];
    if (!applied || (std::holds_alternative<msg::PickStartingRegion>(m) &&
                     view.PickableRegions().empty())) {
      EXPECT_EQ(answer, "No moves") << "request: " << line;
      continue;
    }
    Request kind =
        std::holds_alternative<msg::PickStartingRegion>(m) ? Request::kPick
        : std::holds_alternative<msg::GoPlaceArmies>(m)    ? Request::kPlace
                                                           : Request::kAttack;
    std::vector<Move> moves;
    EXPECT_EQ(CheckAnswer(view, kind, answer, &moves), "")
        << "request: " << line << "\nanswer: " << answer;
    if (kind == Request::kPlace) view.ApplyOwnPlacements(moves);
  }
  EXPECT_EQ(next, answers.size()) << "answers without a request";
  return answers;
}

inline std::vector<std::string> CheckSession(
    const std::vector<std::string>& lines) {
  StarterBot bot;
  return CheckSession(lines, bot);
}

}  // namespace wl::testing

#endif  // WL_TESTS_SDK_RUNNER_SESSION_H_
