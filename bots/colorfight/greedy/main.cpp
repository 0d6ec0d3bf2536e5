// The greedy Colorfight II bot as a client of a Colorfight II server
// (run.h: `greedy [--url URL] [--seed N] ...`). Its decisions live in
// colorfight_greedy_bot.h and colorfight_greedy_plan.h.
#include "colorfight_greedy_bot.h"
#include "sdk/colorfight/run.h"

int main(int argc, char** argv) {
  return wl::colorfight::Run<ColorfightGreedyBot>(argc, argv);
}
