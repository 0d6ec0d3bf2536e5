// The greedy bot's entry point: `greedy [--seed N] [--param NAME=VALUE]...
// [--list-params] [--help]` (bot_args.h, tunable.h). Its decisions live in
// greedy_bot.h.
#include "bot_args.h"
#include "greedy_bot.h"
#include "runner.h"
#include "tunable.h"

int main(int argc, char** argv) {
  if (int exit = wl::CheckBotArgs(argc, argv,
                                  "The greedy Warlight 2 bot: careful "
                                  "heuristics, in the manner of the good "
                                  "rule-based bots of 2015.",
                                  wl::TunableBotFlags());
      exit >= 0) {
    return exit;
  }
  GreedyBot bot(wl::SeedFromArgs(argc, argv));
  if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0) return exit;
  return wl::Run(bot);
}
