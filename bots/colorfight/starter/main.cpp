// The starter Colorfight II bot, a WebSocket client of a Colorfight server
// (colorfight §2): `starter [--url URL] [--username NAME] [--games N] ...`
// (sdk/colorfight/run.h). You should not need to change this file: your
// decisions live in colorfight_starter_bot.h.
#include "colorfight_starter_bot.h"
#include "sdk/colorfight/run.h"

int main(int argc, char** argv) {
  return wl::colorfight::Run<ColorfightStarterBot>(argc, argv);
}
