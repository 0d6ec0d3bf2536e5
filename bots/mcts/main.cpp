// The MCTS bot's entry point: `mcts [--seed N] [--iterations N] [...]
// [--param NAME=VALUE]... [--list-params]` (`mcts --help` lists every knob;
// the tuning flags are tunable.h's). Its decisions live in mcts_bot.h.
#include <iostream>
#include <string>

#include "bot_args.h"
#include "mcts_bot.h"
#include "mcts_config.h"
#include "runner.h"
#include "tunable.h"

int main(int argc, char** argv) {
  mcts::Config config;
  std::string err = mcts::ParseArgs(argc, argv, config);
  const std::string program = wl::BotName(argc, argv);
  if (err == "help") {
    std::cout << mcts::Usage(program);
    return 0;
  }
  if (!err.empty()) {
    std::cerr << program << ": " << err << "; see --help\n";
    return 2;
  }
  config.seed = wl::SeedFromArgs(argc, argv, config.seed);
  MctsBot bot(config);
  if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0) return exit;
  return wl::Run(bot);
}
