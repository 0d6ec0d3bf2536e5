// bot_args.h: the command-line arguments every built-in bot understands.
//
//   int main(int argc, char** argv) {
//     MyBot bot(wl::SeedFromArgs(argc, argv));   // `mybot --seed 7`
//     return wl::Run(bot);
//   }
// The competition starts bots without arguments, so everything has a
// default; a bad argument is reported on stderr and the default is used.
#ifndef WL_BOT_ARGS_H_
#define WL_BOT_ARGS_H_

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace wl {

// The value of `--seed N` (or `--seed=N`), else `fallback`.
inline uint64_t SeedFromArgs(int argc, char** argv, uint64_t fallback = 1) {
  for (int i = 1; i < argc; ++i) {
    const char* value = nullptr;
    if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      value = argv[i + 1];
    } else if (std::strncmp(argv[i], "--seed=", 7) == 0) {
      value = argv[i] + 7;
    }
    if (value) {
      char* end = nullptr;
      unsigned long long seed = std::strtoull(value, &end, 10);
      if (*value != '\0' && *end == '\0') return seed;
      std::cerr << "bot: bad --seed '" << value << "', using " << fallback
                << "\n";
    }
  }
  return fallback;
}

}  // namespace wl

#endif  // WL_BOT_ARGS_H_
