// run.h: every Colorfight II bot's main(): connects to a server (ours,
// `warlight colorfight server`, or any official-compatible one), registers
// and plays, one Bot object per game (bot.h), through client.h.
//
//   int main(int argc, char** argv) {
//     return wl::colorfight::Run<MyBot>(argc, argv);
//   }
//
// The command line:
//   BOT [--url URL] [--username NAME] [--password P] [--join-key K]
//       [--games N] [--seed N] [--insecure] [the bot's own flags] [--help]
//   --url URL        the room (default ws://127.0.0.1:5000/gameroom/public;
//                    http(s):// and wss:// too)
//   --username NAME  at most 14 characters (default, or empty: the program's
//                    name and its pid)
//   --password P     (default "warlight"); the same name and password
//                    reconnect to the same player (colorfight §5.1)
//   --join-key K     the room's join key, if it has one
//   --games N        games to play to their last turn, then exit 0
//                    (default 1; 0: forever)
//   --seed N         the bot's seed (Run<B>: B(N) when B has such a
//                    constructor)
//   --insecure       wss://: do not check the server's certificate
//   --max-frame-bytes N  the largest WebSocket message taken from the
//                    server (default 16 MiB; a frame is about 47 KB): a
//                    larger one is one line on stderr and exit status 1
// Each turn from 1 on where the bot is placed, OnTurn's commands are sent
// (colorfight §2.7: one list right after each new turn); the last round's
// (turn max_turn - 1) reply is not waited for once the final frame is in. A new
// game_id makes a new Bot and registers again. At a game's last turn it prints
// one line on stdout: "NAME: game ID: rank R of N by gold (G gold, C cells)".
// A bad flag is one line on stderr and exit status 2; a server it cannot
// reach, a refused register, a closed connection or a server silent for
// 90 s is one line on stderr and exit status 1.
#ifndef WL_COLORFIGHT_RUN_H_
#define WL_COLORFIGHT_RUN_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <type_traits>

#include "sdk/cli/flags.h"
#include "sdk/colorfight/bot.h"
#include "sdk/colorfight/client.h"
#include "sdk/common/make_seeded.h"

namespace wl::colorfight {

struct RunOptions {
  std::string url = "ws://127.0.0.1:5000/gameroom/public";
  std::string username;  // required by PlayGames
  std::string password = "warlight";
  std::string join_key;
  int games = 1;  // 0: forever
  uint64_t seed = 1;
  bool verify_peer = true;
  size_t max_message_bytes = ClientOptions().max_message_bytes;
  // No frame at all for this long (the server sends one at least every
  // 30 s, colorfight §2.4): the server is gone.
  std::chrono::milliseconds silence_limit{90000};
  // PlayGames gives up (status 1) past this time (harnesses and tests).
  std::chrono::steady_clock::time_point give_up_at =
      std::chrono::steady_clock::time_point::max();
};

using SeededBotFactory = std::function<std::unique_ptr<Bot>(uint64_t seed)>;

// Plays with `options`: result lines on `out`, problems on `log`, each
// prefixed with `name`. Returns the exit status (0, or 1 as above).
int PlayGames(const SeededBotFactory& factory, const RunOptions& options,
              const std::string& name, std::ostream& out, std::ostream& log);

// The command line above (sdk/cli/flags.h reads it), with the bot's own
// flags when `bot_flags` declares some (read before `factory` makes a bot;
// see ServeSeeded in sdk/berlin/server.h), then PlayGames.
int RunSeeded(SeededBotFactory factory, int argc, char** argv,
              const cli::DeclareFlags& bot_flags = {});

// BotClass(seed) when BotClass is constructible from a uint64_t, else
// BotClass() (wl::MakeSeeded).
template <typename BotClass>
int Run(int argc, char** argv) {
  static_assert(std::is_convertible_v<BotClass*, Bot*>,
                "a Colorfight bot derives publicly from wl::colorfight::Bot");
  return RunSeeded(
      [](uint64_t seed) { return MakeSeeded<Bot, BotClass>(seed); }, argc,
      argv);
}

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_RUN_H_
