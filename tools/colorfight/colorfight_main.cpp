#include "colorfight/colorfight_main.h"

#include "colorfight/colorfight_arena.h"
#include "colorfight/colorfight_bench.h"
#include "colorfight/colorfight_game.h"
#include "colorfight/colorfight_server.h"
#include "colorfight/colorfight_verify.h"
#include "colorfight/colorfight_view.h"
#include "common/subcommands.h"
#include "profile/profile.h"
#include "tune/tune.h"

namespace wl::tools {
namespace {

constexpr const char* kAbout =
    "Colorfight II (colorfightai.com, 2019): a 30x30 grid for 2 to 8 bots\n"
    "that talk to the server over WebSockets; most gold after max_turn "
    "wins.";

// Each command adds itself here, in the order the usage lists them.
constexpr Subcommand kCommands[] = {
    {"server", "server", "a local server official clients play on",
     ColorfightServerMain},
    {"verify", "verify DIR...",
     "replay recorded official games and compare\n"
     "every frame, reply and replay byte for byte",
     ColorfightVerifyMain},
    {"arena", "arena BOT BOT...", "many games in process, with statistics",
     ColorfightArenaMain},
    {"view", "view GAME_DIR...", "(re)write GAME_DIR/replay.html",
     ColorfightViewMain},
    {"profile", "profile BOT", "how fast a bot answers, timed in process",
     ProfileCommand<ColorfightGame>},
    {"tune", "tune BOT", "tune a bot's parameters (SPSA)",
     TuneCommand<ColorfightGame>},
    {"bench", "bench",
     "fixed seeded games of every built-in bot: a signature\n"
     "of their moves and results, and games per second",
     ColorfightBenchMain},
};

}  // namespace

int ColorfightMain(int argc, char** argv) {
  return Dispatch("warlight colorfight", kAbout, kCommands, argc, argv);
}

}  // namespace wl::tools
