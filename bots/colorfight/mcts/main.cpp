// Colorfight II's MCTS bot as a client of a Colorfight server (run.h: the
// room, name and password flags). Its decisions live in
// colorfight_mcts_bot.h; its search budget is 300 ms a turn at most, 40% of
// the room's round_time, or WL_COLORFIGHT_MCTS_MS / _ITERATIONS from the
// environment (colorfight_mcts_bot.h).
#include "colorfight_mcts_bot.h"
#include "sdk/colorfight/run.h"

int main(int argc, char** argv) {
  return wl::colorfight::Run<ColorfightMctsBot>(argc, argv);
}
