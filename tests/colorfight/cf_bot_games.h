// cf_bot_games.h: helpers of the Colorfight bot and arena tests: a rules
// State with users placed (turn 1, as the arena starts), the Game view a
// bot gets for it, and a ColorfightGame whose built-in bots are this
// repository's random and greedy (made directly, not through the
// generated registry) plus any test bot a factory adds.
#ifndef WL_TESTS_COLORFIGHT_CF_BOT_GAMES_H_
#define WL_TESTS_COLORFIGHT_CF_BOT_GAMES_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bots/colorfight/greedy/colorfight_greedy_bot.h"
#include "bots/colorfight/random/colorfight_random_bot.h"
#include "colorfight/colorfight_game.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/game.h"
#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight::testing {

// The map of `seed` for `players`, each user k + 1 on its start, after
// update 1 (no commands), as ColorfightGame plays it.
inline State StartedGame(uint64_t seed, int players, int max_turn = 500) {
  PyRandom rng(seed);
  const GeneratedMap map = GenerateMap(rng, players);
  State s = NewGameState(map, max_turn);
  for (int k = 0; k < players; ++k) PlaceUser(s, k + 1, map.starts[k]);
  Update(s, nullptr);
  return s;
}

// The view user `uid` gets of `s`.
inline Game ViewOf(const State& s, int uid) {
  std::vector<std::string> names;
  for (int k = 0; k < s.num_users; ++k)
    names.push_back("player" + std::to_string(k + 1));
  Frame frame = FrameOf(s, names);
  frame.info.max_turn = s.max_turn;
  return Game(frame, uid);
}

using TestBotFactory =
    std::function<std::unique_ptr<Bot>(const std::string&, uint64_t)>;

// "greedy" and "random" in process, then whatever `more` makes.
inline tools::ColorfightGame GameWithBots(TestBotFactory more = nullptr) {
  auto make = [more](const std::string& bot,
                     uint64_t seed) -> std::unique_ptr<Bot> {
    if (bot == "greedy") return std::make_unique<ColorfightGreedyBot>(seed);
    if (bot == "random") return std::make_unique<ColorfightRandomBot>(seed);
    return more ? more(bot, seed) : nullptr;
  };
  return tools::ColorfightGame(
      make, [make](const std::string& bot) { return make(bot, 1) != nullptr; });
}

}  // namespace wl::colorfight::testing

#endif  // WL_TESTS_COLORFIGHT_CF_BOT_GAMES_H_
