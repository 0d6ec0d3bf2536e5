// The greedy bot's entry point: `greedy [--seed N]`. Its decisions live in
// greedy_bot.h.
#include "bot_args.h"
#include "greedy_bot.h"
#include "runner.h"

int main(int argc, char** argv) {
  GreedyBot bot(wl::SeedFromArgs(argc, argv));
  return wl::Run(bot);
}
