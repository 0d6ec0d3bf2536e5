// berlin_match.h: `warlight berlin match BOT BOT [BOT BOT]`: one Berlin game
// between 2 to 4 bots, refereed exactly as the official engine played
// (referee.h), written to a game folder (berlin_files.h).
//
//   warlight berlin match greedy "python3 bot.py" --seed 7
//   warlight berlin match random http://127.0.0.1:4567/ --map deployed-3
//
// A BOT is
//  * the name of a built-in Berlin bot (bots/berlin/NAME: starter, random,
//    ...), played in process through the sdk's Endpoint (endpoint_seat.h),
//    or as its server binary with --processes;
//  * an http:// URL, asked as given (http_seat.h);
//  * any other shell command line, started as a bot server on a free port
//    (bot_server.h: $PORT, {port}) and asked over HTTP.
// The players get their ids from a shuffle fixed by --seed (berlin §1.1)
// and are asked in the order given (berlin §1.2). The seats are started,
// played and stopped by BerlinGame::PlayOn (berlin_game.h), as in the
// arena. See BerlinMatchMain's --help.
#ifndef WL_TOOLS_BERLIN_BERLIN_MATCH_H_
#define WL_TOOLS_BERLIN_BERLIN_MATCH_H_

#include <cstdint>
#include <string>
#include <vector>

namespace wl::tools {

// berlin §1.1: the player id of each bot, in the order given: a
// Fisher-Yates shuffle of 0..n-1 driven by `seed` (std::mt19937_64, the
// same on every platform).
std::vector<int> BerlinPlayerIds(int n, uint64_t seed);

// The built-in map a game of `players` is played on without --map:
// deployed-2 for 2, else the first of deployed-3, deployed-4 and the 2011
// server maps with a setup for that many ("" when none has).
std::string DefaultBerlinMap(int players);

// `warlight berlin match ARGS` (argv: the arguments after "match").
int BerlinMatchMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_MATCH_H_
