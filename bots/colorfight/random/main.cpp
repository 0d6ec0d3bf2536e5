// The random Colorfight II bot as a client of a Colorfight II server
// (run.h: `random [--url URL] [--seed N] ...`, default seed 1). Its
// decisions live in colorfight_random_bot.h.
#include "colorfight_random_bot.h"
#include "sdk/colorfight/run.h"

int main(int argc, char** argv) {
  return wl::colorfight::Run<ColorfightRandomBot>(argc, argv);
}
