// The random bot: `random [--seed N]` (default seed 1).
#include "bot_args.h"
#include "random_bot.h"
#include "runner.h"

int main(int argc, char** argv) {
  RandomBot bot(wl::SeedFromArgs(argc, argv));
  return wl::Run(bot);
}
