// The greedy bot's entry point: `greedy [--seed N] [--param NAME=VALUE]...
// [--list-params]` (tunable.h). Its decisions live in greedy_bot.h.
#include "bot_args.h"
#include "greedy_bot.h"
#include "runner.h"
#include "tunable.h"

int main(int argc, char** argv) {
  GreedyBot bot(wl::SeedFromArgs(argc, argv));
  if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0) return exit;
  return wl::Run(bot);
}
