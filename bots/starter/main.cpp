// The starter bot's entry point. You should not need to change this file
// (but the description --help prints): your decisions live in
// starter_bot.h. `--seed N` (which warlight passes), `--param NAME=VALUE`
// and `--list-params` (for tuning, tunable.h) are its flags; any other is
// refused (bot_args.h).
#include "bot_args.h"
#include "runner.h"
#include "starter_bot.h"
#include "tunable.h"

int main(int argc, char** argv) {
  if (int exit = wl::CheckBotArgs(argc, argv,
                                  "A Warlight 2 bot: it reads the engine's "
                                  "lines on stdin and answers on stdout.",
                                  wl::TunableBotFlags());
      exit >= 0) {
    return exit;  // --help, or a flag it does not take
  }
  StarterBot bot;
  if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0) return exit;
  return wl::Run(bot);
}
