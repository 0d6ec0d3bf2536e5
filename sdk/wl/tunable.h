// tunable.h: a bot's numeric parameters, declared so that `warlight tune`
// (and anyone) can set them: in process through the Tunable interface, in a
// bot process through `--param NAME=VALUE` flags.
//
//   class MyBot : public wl::Bot, public wl::Tunable {
//    public:
//     void DeclareParams(wl::ParamSet& params) override {
//       //        name            field          min  max  step
//       params.Add("attack_share", &attack_share_, 0.0, 1.0, 0.05);
//       params.Add("reserve", &reserve_, 0, 20, 1);  // int fields too
//     }
//     ...
//    private:
//     double attack_share_ = 0.6;   // the defaults are the fields' values
//     int reserve_ = 4;
//   };
//
//   int main(int argc, char** argv) {
//     if (int exit = wl::CheckBotArgs(argc, argv, "My bot.",
//                                     wl::TunableBotFlags());
//         exit >= 0)
//       return exit;                   // --help, or an unknown flag
//     MyBot bot(wl::SeedFromArgs(argc, argv));
//     if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0)
//       return exit;                   // --list-params, or a bad --param
//     return wl::Run(bot);
//   }
//
// `mybot --list-params` prints one line per parameter, "NAME DEFAULT MIN MAX
// STEP", with a sixth word "int" for an int parameter, and exits 0; `mybot
// --param reserve=6 --param attack_share=0.5` sets them before the game. An
// unknown name, a value that is not a number or one outside [MIN, MAX] is
// one line on stderr saying which ("mybot: bad --param 'reserve=x': 'x' is
// not a number") and exit status 2. An int parameter takes the nearest
// integer, and is printed as one. `step` is the change the parameter's
// owner expects to matter: the tuner's perturbation starts there.
// The parameters themselves (wl::Tunable, wl::ParamSet) are the same for
// every game: sdk/common/param_set.h. C++17 standard library only.
#ifndef WL_TUNABLE_H_
#define WL_TUNABLE_H_

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bot_args.h"
#include "sdk/common/param_set.h"

namespace wl {

// A tunable bot's flags, for CheckBotArgs and its --help: --seed (which
// `warlight` gives every bot of bots/), --param and --list-params.
inline std::vector<BotFlag> TunableBotFlags() {
  return {kSeedFlag,
          {"param", "NAME=VALUE",
           "set a tunable parameter (repeatable; see --list-params)"},
          {"list-params", "",
           "print NAME DEFAULT MIN MAX STEP [int] per parameter, and exit"}};
}

// Handles --list-params and every --param NAME=VALUE (or --param=NAME=VALUE)
// of the command line for `bot`. Returns -1 to go on and play, else the
// exit status: 0 after --list-params, 2 after a bad --param (one line on
// `err`, named after the binary). Other arguments are left to the bot.
inline int ApplyParamArgs(int argc, char** argv, Tunable& bot,
                          std::ostream& out = std::cout,
                          std::ostream& err = std::cerr) {
  ParamSet params = ParamsOf(bot);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--list-params") == 0) {
      for (const Param& p : params.params()) out << ParamLine(p) << "\n";
      return 0;
    }
  }
  const std::string program = BotName(argc, argv);
  for (int i = 1; i < argc; ++i) {
    std::string text;
    if (std::strcmp(argv[i], "--param") == 0) {
      if (i + 1 == argc) {
        err << program << ": --param needs NAME=VALUE\n";
        return 2;
      }
      text = argv[++i];
    } else if (std::strncmp(argv[i], "--param=", 8) == 0) {
      text = argv[i] + 8;
    } else {
      continue;
    }
    std::string name;
    double value = 0;
    std::string why = ParseParamAssignment(text, &name, &value);
    if (why.empty()) why = params.Set(name, value);
    if (!why.empty()) {
      err << program << ": bad --param '" << text << "': " << why
          << " (see --list-params)\n";
      return 2;
    }
  }
  return -1;
}

}  // namespace wl

#endif  // WL_TUNABLE_H_
