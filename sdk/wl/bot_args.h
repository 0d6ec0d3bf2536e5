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

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace wl {

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
      std::cerr << "bot: bad --seed '" << value << "', using " << fallback
                << "\n";
    }
  }
  return fallback;
}

}  // namespace wl

#endif  // WL_BOT_ARGS_H_
