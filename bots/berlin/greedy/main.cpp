// The greedy Berlin bot as an HTTP server (berlin §2): `greedy [--port N]`.
// Its decisions live in berlin_greedy_bot.h.
#include "berlin_greedy_bot.h"
#include "sdk/berlin/server.h"

int main(int argc, char** argv) {
  return wl::berlin::Serve<BerlinGreedyBot>(argc, argv);
}
