#include "berlin/berlin_main.h"

#include "berlin/berlin_arena.h"
#include "berlin/berlin_bench.h"
#include "berlin/berlin_game.h"
#include "berlin/berlin_match.h"
#include "berlin/berlin_verify.h"
#include "berlin/berlin_view.h"
#include "common/subcommands.h"
#include "profile/profile.h"
#include "tune/tune.h"

namespace wl::tools {
namespace {

constexpr const char* kAbout =
    "Berlin (berlin-ai.com, 2011-2013): bots are HTTP servers; the referee\n"
    "plays them exactly as the official server did.";

constexpr Subcommand kCommands[] = {
    {"match", "match BOT BOT [BOT BOT]", "play one game between 2 to 4 bots",
     BerlinMatchMain},
    {"verify", "verify DIR...",
     "regenerate recorded official games and compare\n"
     "every request and the replay byte for byte",
     BerlinVerifyMain},
    {"arena", "arena BOT BOT...", "many games, with statistics",
     BerlinArenaMain},
    {"view", "view GAME_DIR...", "(re)write GAME_DIR/replay.html",
     BerlinViewMain},
    {"profile", "profile BOT", "how fast a bot answers under the turn limits",
     ProfileCommand<BerlinGame>},
    {"tune", "tune BOT", "tune a bot's parameters (SPSA)",
     TuneCommand<BerlinGame>},
    {"bench", "bench",
     "fixed seeded games of every built-in bot: a signature\n"
     "of their moves and results, and games per second",
     BerlinBenchMain},
};

}  // namespace

int BerlinMain(int argc, char** argv) {
  return Dispatch("warlight berlin", kAbout, kCommands, argc, argv);
}

}  // namespace wl::tools
