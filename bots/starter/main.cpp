// The starter bot's entry point. You should not need to change this file:
// your decisions live in starter_bot.h.
#include "runner.h"
#include "starter_bot.h"

int main() {
  StarterBot bot;
  return wl::Run(bot);
}
