// The greedy bot's entry point: its decisions live in greedy_bot.h.
#include "greedy_bot.h"
#include "runner.h"

int main() {
  GreedyBot bot;
  return wl::Run(bot);
}
