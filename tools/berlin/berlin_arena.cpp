#include "berlin/berlin_arena.h"

#include "arena/arena.h"
#include "berlin/berlin_game.h"

namespace wl::tools {

namespace {

constexpr const char* kBerlinBotsHelp =
    "A BOT is a built-in Berlin bot (a folder of bots/berlin: starter,\n"
    "random, ...), played in process through the bot server's own\n"
    "endpoint, or as its server binary with --processes; an http:// URL,\n"
    "asked as given; or any other shell command line (\"python3 bot.py\"),\n"
    "started as an HTTP server on a free port of 127.0.0.1, given as $PORT\n"
    "and in place of each {port}. Maps: the built-in official maps with a\n"
    "setup for the players, or --maps DIR. Kept game folders hold\n"
    "replay.html: open it in a browser.\n";

}  // namespace

int BerlinArenaMain(int argc, char** argv) {
  BerlinGame game;
  return ArenaMain(game, argc, argv, {"berlin arena", kBerlinBotsHelp});
}

}  // namespace wl::tools
