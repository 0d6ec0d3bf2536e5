// berlin_files.h: the folder of a Berlin game the referee played.
//
//   BerlinRecord record = RefereeGame(spec);
//   absl::Status s = WriteBerlinGameFolder("games/x", spec, record, seed,
//                                          "warlight berlin match ...");
//
// The folder holds, each written whole (temporary file, then rename):
//  * game.json: the official `GET /games/:id.json` shape (berlin §8), as
//    conformance game.json: {"game":{id, number_of_turns, time_start,
//    time_end, created_at, map_id, updated_at, round_id, status,
//    last_error, is_practice, replay, map:{id,name,representation},
//    artificial_intelligences:[{id,name,user_id,player_id}]}}; `replay` is
//    the referee's text byte for byte (the engine's, berlin §5.8), the
//    AIs in iteration order with the player id they played (for the
//    viewer; the official rows had none);
//  * exchanges.jsonl: every request and answer in order, the conformance
//    line format ({"seq","player_id","url","timeout_option","request":
//    {action,infos,map,state},"response":{"status","body"} or
//    {"timed_out":true}}), plus "elapsed_ms" and, for an answer that never
//    came whole, {"failed":true} and "error"; every line is JSON any reader
//    takes: a string whose bytes are not UTF-8 (a bot answering gzip) is
//    written as KEY_base64 instead of KEY ("body_base64": the bytes in
//    base64, RFC 4648), which verify reads back byte for byte;
//  * meta.json: the conformance meta.json (seed, map, game_id, players in
//    iteration order, number_of_turns, results, winners), so that
//    `warlight berlin verify` plays the folder again; with
//    --turn-limit-ms, also "turn_limit_ms" (the one match setting that
//    changes what the referee sends), which verify plays with;
//  * result.json: players by id with their bots, scores and winner flags
//    and each seat's counts (BerlinSeatStats), the winners, any game_start
//    failures, and the command; given the seats' BerlinSeatRun, also each
//    player's "seat", "command" (a process's), "ended" and "problems" (what
//    went wrong with its answers, counted by kind: "turn timed out": 3,
//    "turn failed: connection refused": 2, "turn answered HTTP 500": 1,
//    "turn answer not JSON": 4, ...; berlin §2.5, §5.2);
//  * replay.html: the replay page (berlin_replay_page.h).
// Scores are written as Ruby writes floats (1.0, 0.3333333333333333) and a
// non-finite one as the string "Infinity" or "-Infinity" (berlin §11).
#ifndef WL_TOOLS_BERLIN_BERLIN_FILES_H_
#define WL_TOOLS_BERLIN_BERLIN_FILES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "berlin/referee.h"
#include "boost/json.hpp"

namespace wl::tools {

// How one seat was played (berlin_game.h starts the seats), for
// result.json.
struct BerlinSeatRun {
  int player_id = 0;
  std::string seat;     // "in-process", "process" or "url"
  std::string command;  // a process's command line as run; "" otherwise
  std::string ended;    // why a process ended during the game; "" if not
};

std::string BerlinGameJson(const BerlinGameSpec& spec,
                           const BerlinRecord& record);
std::string BerlinExchangesJsonl(const BerlinRecord& record);
std::string BerlinMetaJson(const BerlinGameSpec& spec,
                           const BerlinRecord& record, int64_t seed);
// `runs`: the seats' BerlinSeatRun, any order (none: no per-seat fields).
std::string BerlinResultJson(const BerlinGameSpec& spec,
                             const BerlinRecord& record, int64_t seed,
                             const std::string& command,
                             const std::vector<BerlinSeatRun>& runs = {});

// A score as JSON: a number, or a string when it is not finite (§11).
boost::json::value BerlinScoreJson(double score);

// Creates `dir` if needed and writes the five files. Fails with the first
// file that cannot be written, or with the replay page's error after the
// other four are written.
absl::Status WriteBerlinGameFolder(const std::string& dir,
                                   const BerlinGameSpec& spec,
                                   const BerlinRecord& record, int64_t seed,
                                   const std::string& command,
                                   const std::vector<BerlinSeatRun>& runs = {});

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_FILES_H_
