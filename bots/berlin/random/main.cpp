// The random Berlin bot as an HTTP server (berlin §2): `random [--port N]
// [--seed N]` (default seed 1). Its decisions live in berlin_random_bot.h.
#include "berlin_random_bot.h"
#include "sdk/berlin/server.h"

int main(int argc, char** argv) {
  return wl::berlin::Serve<BerlinRandomBot>(argc, argv);
}
