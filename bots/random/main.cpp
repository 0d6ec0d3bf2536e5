// The random bot: `random [--seed N] [--help]` (default seed 1).
#include "bot_args.h"
#include "random_bot.h"
#include "runner.h"

int main(int argc, char** argv) {
  if (int exit = wl::CheckBotArgs(argc, argv,
                                  "The random Warlight 2 bot: uniformly "
                                  "random legal orders.",
                                  {wl::kSeedFlag});
      exit >= 0) {
    return exit;
  }
  RandomBot bot(wl::SeedFromArgs(argc, argv));
  return wl::Run(bot);
}
