// The program tests/chatty_starter: the starter bot printing debug lines to
// std::cout (chatty_bot.h), for runner_stdout_test.cpp's real matches.
#include "runner.h"
#include "sdk/chatty_bot.h"

int main() {
  ChattyStarterBot bot;
  return wl::Run(bot);
}
