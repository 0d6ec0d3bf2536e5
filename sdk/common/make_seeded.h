// make_seeded.h: how every game makes a bot of class T from a seed: T(seed)
// when T has a constructor from a uint64_t seed (a bot that plays a
// different game per seed), else T().
//
//   std::unique_ptr<wl::Bot> bot = wl::MakeSeeded<wl::Bot, MyBot>(seed);
//
// Header-only, C++17 standard library only.
#ifndef WL_SDK_COMMON_MAKE_SEEDED_H_
#define WL_SDK_COMMON_MAKE_SEEDED_H_

#include <cstdint>
#include <memory>
#include <type_traits>

namespace wl {

template <typename Base, typename T>
std::unique_ptr<Base> MakeSeeded(uint64_t seed) {
  static_assert(std::is_convertible_v<T*, Base*>,
                "a bot class must derive publicly from the game's bot class");
  if constexpr (std::is_constructible_v<T, uint64_t>) {
    return std::make_unique<T>(seed);
  } else {
    static_assert(std::is_default_constructible_v<T>,
                  "a bot class needs a constructor from a uint64_t seed or a "
                  "default constructor");
    return std::make_unique<T>();
  }
}

}  // namespace wl

#endif  // WL_SDK_COMMON_MAKE_SEEDED_H_
