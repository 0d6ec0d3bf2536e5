// The starter bot's entry point. You should not need to change this file:
// your decisions live in starter_bot.h. `--param NAME=VALUE` and
// `--list-params` are for tuning (tunable.h).
#include "runner.h"
#include "starter_bot.h"
#include "tunable.h"

int main(int argc, char** argv) {
  StarterBot bot;
  if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0) return exit;
  return wl::Run(bot);
}
