// The starter Berlin bot as an HTTP server (berlin §2): `starter [--port N]
// [--host H] [--seed N]`. You should not need to change this file: your
// decisions live in berlin_starter_bot.h.
#include "berlin_starter_bot.h"
#include "sdk/berlin/server.h"

int main(int argc, char** argv) {
  return wl::berlin::Serve<BerlinStarterBot>(argc, argv);
}
