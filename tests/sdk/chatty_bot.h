// chatty_bot.h: the starter bot, printing debug lines to std::cout at every
// decision, some of which look like answers ("1", "No moves"). It plays the
// starter's exact moves, so a game with it must equal a game with the
// starter: the runner sends whatever a bot prints to std::cout to stderr.
// runner_stdout_test.cpp plays it in process and, built as the program
// tests/chatty_starter (chatty_starter_main.cpp), through `warlight match`.
//
//   ChattyStarterBot bot;
//   return wl::Run(bot);
#ifndef WL_TESTS_SDK_CHATTY_BOT_H_
#define WL_TESTS_SDK_CHATTY_BOT_H_

#include <iostream>
#include <vector>

#include "bots/starter/starter_bot.h"

class ChattyStarterBot : public StarterBot {
 public:
  int PickStartingRegion(const wl::View& view) override {
    std::cout << "debug: choosing among " << view.PickableRegions().size()
              << " regions" << std::endl;
    const int pick = StarterBot::PickStartingRegion(view);
    std::cout << pick << "\n";  // unflushed, and a valid pick answer
    return pick;
  }
  std::vector<wl::Move> PlaceArmies(const wl::View& view) override {
    std::cout << "No moves\n" << std::flush;
    std::vector<wl::Move> moves = StarterBot::PlaceArmies(view);
    std::cout << "debug: round " << view.Round() << ", " << moves.size()
              << " placements" << std::endl;
    return moves;
  }
  std::vector<wl::Move> AttackTransfer(const wl::View& view) override {
    std::vector<wl::Move> moves = StarterBot::AttackTransfer(view);
    std::cout << "debug: " << moves.size() << " moves\n";
    return moves;
  }
};

#endif  // WL_TESTS_SDK_CHATTY_BOT_H_
