// bot_args.h: the command line of a Warlight bot: --help, the flags it
// takes, and a refusal of any other, all named after the binary itself.
//
//   int main(int argc, char** argv) {
//     if (int exit = wl::CheckBotArgs(argc, argv, "My bot.", {wl::kSeedFlag});
//         exit >= 0)
//       return exit;                             // --help, or a bad flag
//     MyBot bot(wl::SeedFromArgs(argc, argv));   // `mybot --seed 7`
//     return wl::Run(bot);
//   }
//
// `mybot --help` prints "usage: mybot [options]", the bot's description and
// one line per flag, and exits 0; an unknown flag or an argument that is no
// flag is one line, "mybot: unknown option '--sed' (did you mean --seed?);
// see --help", and exit status 2. ("mybot" is argv[0]'s file name.) The
// competition starts bots without arguments, so everything has a default;
// a bad --seed is reported on stderr and the default is used.
// C++17 standard library only.
#ifndef WL_BOT_ARGS_H_
#define WL_BOT_ARGS_H_

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "sdk/common/closest_name.h"

namespace wl {

// One flag a bot takes: `--NAME VALUE` (or --NAME=VALUE), or `--NAME`
// alone when `value` is empty.
struct BotFlag {
  std::string name;   // "seed"
  std::string value;  // "N"; "" for a flag that takes none
  std::string help;   // "the random seed (default: 1)"
};

// SeedFromArgs's flag. `warlight` starts every bot of bots/ with --seed N,
// so every Warlight bot takes it, even one that draws nothing at random.
inline const BotFlag kSeedFlag = {
    "seed", "N", "the random seed (warlight gives every bot one; default: 1)"};

// The file name of argv[0] ("build/bots/mybot" -> "mybot"), or "bot".
inline std::string BotName(int argc, char** argv) {
  if (argc < 1 || !argv[0] || !*argv[0]) return "bot";
  const std::string path = argv[0];
  const std::string name = path.substr(path.find_last_of('/') + 1);
  return name.empty() ? "bot" : name;
}

// "unknown option '--sed' (did you mean --seed?)": `option` with the
// nearest of `names` ("--seed", ...), when one is near.
inline std::string UnknownOption(const std::string& option,
                                 const std::vector<std::string>& names) {
  return "unknown option '" + option + "'" + DidYouMean(option, names);
}

// The --help text of `program`: usage, `about`, then each flag and --help.
inline std::string BotUsage(const std::string& program,
                            const std::string& about,
                            const std::vector<BotFlag>& flags) {
  std::string text =
      "usage: " + program + " [options]\n\n" + about + "\n\noptions:\n";
  for (const BotFlag& f : flags) {
    std::string left = "  --" + f.name + (f.value.empty() ? "" : " " + f.value);
    left += left.size() < 24 ? std::string(24 - left.size(), ' ')
                             : "\n" + std::string(24, ' ');
    text += left + f.help + "\n";
  }
  return text + "  --help                print this help and exit\n";
}

// Checks argv against `flags` (and --help, -h). Returns -1 to go on and
// play; 0 after --help (BotUsage on `out`); 2 after an unknown option, an
// argument that is no flag or a flag without its value (one line on `err`).
// The flags' values are read elsewhere (SeedFromArgs, ApplyParamArgs).
inline int CheckBotArgs(int argc, char** argv, const std::string& about,
                        const std::vector<BotFlag>& flags,
                        std::ostream& out = std::cout,
                        std::ostream& err = std::cerr) {
  const std::string program = BotName(argc, argv);
  std::vector<std::string> names = {"--help"};
  for (const BotFlag& f : flags) names.push_back("--" + f.name);
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      out << BotUsage(program, about, flags);
      return 0;
    }
  }
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq);
    const BotFlag* flag = nullptr;
    for (const BotFlag& f : flags) {
      if (name == "--" + f.name) flag = &f;
    }
    std::string why;
    if (!flag) {
      why = arg.rfind("-", 0) == 0 ? UnknownOption(name, names)
                                   : "unexpected argument '" + arg + "'";
    } else if (flag->value.empty() && eq != std::string::npos) {
      why = name + " takes no value";
    } else if (!flag->value.empty() && eq == std::string::npos && ++i == argc) {
      why = name + " needs a value (" + name + " " + flag->value + ")";
    }
    if (!why.empty()) {
      err << program << ": " << why << "; see --help\n";
      return 2;
    }
  }
  return -1;
}

// The value of `--seed N` (or `--seed=N`): decimal digits, 0 to 2^64-1
// (a negative seed is refused, as every seed flag refuses it: tools/common/
// cli.h), else `fallback`.
inline uint64_t SeedFromArgs(int argc, char** argv, uint64_t fallback = 1) {
  for (int i = 1; i < argc; ++i) {
    const char* value = nullptr;
    if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      value = argv[i + 1];
    } else if (std::strncmp(argv[i], "--seed=", 7) == 0) {
      value = argv[i] + 7;
    }
    if (value) {
      // Digits only, 0 to 2^64-1: strtoull alone would take "-1" (as
      // 2^64-1), " 7", "+7" and clamp an overflow.
      char* end = nullptr;
      errno = 0;
      unsigned long long seed = std::strtoull(value, &end, 10);
      const bool digits = *value >= '0' && *value <= '9';
      if (digits && *end == '\0' && errno != ERANGE) return seed;
      std::cerr << BotName(argc, argv) << ": bad --seed '" << value
                << "', using " << fallback << "\n";
    }
  }
  return fallback;
}

}  // namespace wl

#endif  // WL_BOT_ARGS_H_
