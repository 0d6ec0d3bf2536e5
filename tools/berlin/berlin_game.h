// berlin_game.h: Berlin as a GameAdapter (common/game.h), for the shared arena:
// `warlight berlin arena BOT BOT... [--players N]` is ArenaMain(BerlinGame)
// (berlin_arena.h). Games of 2 to 4 players (berlin §1.1), refereed as the
// official engine played them (referee.h).
//
//   BerlinGame game;
//   game.SetPlayers(3);                   // before DefaultMaps, ListMaps
//   GameSetup setup;
//   setup.seed = 7;                       // player ids and game id
//   setup.map = "deployed-3";             // a built-in name or a file
//   setup.seats = {{"random", 1}, {"starter", 2}, {"python3 bot.py", 3}};
//   absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
//   // played->seats[i]: score (berlin §6), rank, winner, time-outs, ...
//
// Tests give their own bots in process:
//   BerlinGame game([](const std::string& bot, uint64_t seed) { ... },
//                   [](const std::string& bot) { return true; });
//
// A BOT is a built-in Berlin bot (bots/berlin/NAME), played in process
// through the bot server's own Endpoint (endpoint_seat.h) or, with
// GameSetup::force_processes, as its server binary; an http:// URL, asked
// as given (http_seat.h); or any other shell command, started as a bot
// server on a free port (bot_server.h). Seat k is the k-th in the
// engine's iteration order (berlin §1.2); the player ids are a shuffle
// fixed by the game's seed (BerlinPlayerIds, berlin §1.1), and the game id
// is BerlinGameId(seed), so that every rotation of the seats in the arena
// plays the same game with the bots moved round.
//
// Flags: --turn-limit-ms (berlin §2.4; default the map's
// time_limit_per_turn) and --start-timeout (seconds a bot process may take
// to listen). Maps: without --maps, every built-in official map with a
// setup for the number of players (berlin §4.3, §4.4); with --maps DIR, the
// folder's Berlin map files (.json, .map) that have one.
//
// What a seat's outcome counts (SeatOutcome, from the referee's
// BerlinSeatStats): time-outs of any request; failed answers (refused,
// reset, not 2xx; a failed game_start included); parse errors: turn
// answers that were a success but not a JSON array, or cut short by a bad
// element (berlin §5.2); rejected moves: aggregated moves dropped by
// validation (berlin §5.3); time used over turn answers; a bot process
// that ended during the game as a crash ("exit status 1"; crash_round 0:
// the referee does not say when). Scores and winners are berlin §6's.
//
// PlayOn is the one place that starts and stops Berlin seats: the arena
// plays through Play, and `warlight berlin match` (berlin_match.h) through
// PlayOn, as `warlight match` plays through WlGame::PlayOn.
#ifndef WL_TOOLS_BERLIN_BERLIN_GAME_H_
#define WL_TOOLS_BERLIN_BERLIN_GAME_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "berlin/berlin_files.h"
#include "berlin/berlin_map.h"
#include "berlin/referee.h"
#include "common/game.h"
#include "sdk/berlin/bot.h"

namespace wl::tools {

// A finished Berlin game: the referee's record and what it was played
// with.
class BerlinPlayedGame : public PlayedGame {
 public:
  // `spec`'s seats are no longer used (the game is over); its map is
  // `map`'s. `runs`: how each seat was played, in `spec`'s order.
  BerlinPlayedGame(std::unique_ptr<BerlinMapFile> map, BerlinGameSpec spec,
                   BerlinRecord record, int64_t seed,
                   std::vector<BerlinSeatRun> runs);

  // game.json, exchanges.jsonl, meta.json, result.json (with the runs),
  // replay.html (berlin_files.h).
  absl::Status WriteFiles(const std::string& dir,
                          const std::string& command) const override;
  // The replay (berlin §8's "replay": infos and every turn).
  std::string Transcript() const override { return record_.replay_json; }

  const BerlinGameSpec& spec() const { return spec_; }
  const BerlinRecord& record() const { return record_; }
  const std::vector<BerlinSeatRun>& runs() const { return runs_; }

 private:
  std::unique_ptr<BerlinMapFile> map_;
  BerlinGameSpec spec_;
  BerlinRecord record_;
  int64_t seed_;
  std::vector<BerlinSeatRun> runs_;
};

// True for an http:// or https:// URL (any case): a bot asked as given.
bool IsBerlinBotUrl(const std::string& bot);

class BerlinGame : public GameAdapter {
 public:
  using BotFactory =
      std::function<std::unique_ptr<berlin::Bot>(const std::string&, uint64_t)>;
  using InProcessTest = std::function<bool(const std::string&)>;

  // The built-in bots play in process (builtin_bots.h).
  BerlinGame();
  // `in_process` says which bots `make_bot` makes (tests).
  BerlinGame(BotFactory make_bot, InProcessTest in_process);

  std::string Name() const override { return "berlin"; }
  int MinPlayers() const override { return berlin::kMinPlayers; }
  int MaxPlayers() const override { return berlin::kMaxPlayers; }
  void SetPlayers(int players) override { players_ = players; }

  // --turn-limit-ms, --start-timeout.
  void DeclareFlags(Flags& flags) override;
  // Also that some built-in map has a setup for the players.
  std::string CheckFlags() const override;
  // --turn-limit-ms (0: the map's). --start-timeout changes no game.
  std::vector<GameSetting> Settings() const override;
  // "built-in maps for N players: deployed-3, ...; fnv1a64 HEX" (their
  // names and request map fields).
  std::string DefaultMap() const override;
  // The built-in maps with a setup for the players, in
  // BuiltinBerlinMapNames' order.
  std::vector<std::string> DefaultMaps() const override;
  // The .json and .map files of `dir`, sorted, that have a setup for the
  // players; an error naming a file that is not a Berlin map, or when none
  // has such a setup.
  absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string& dir) const override;
  // A built-in bot (`in_process`'s), not a URL.
  bool PlaysInProcess(const std::string& bot) const override;
  // A URL that parses; a command that can start.
  absl::Status CheckBot(const std::string& bot) const override;
  // "url http://...", "in process; binary fnv1a64 HEX" (this program),
  // "process; binary fnv1a64 HEX", or the command's CommandIdentity.
  std::string BotIdentity(const std::string& bot,
                          bool in_process) const override;
  // Loads setup.map ("": the first default map), then PlayOn.
  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override;
  // One game on `map`, which has a setup for setup.seats.size() players:
  // starts the seats (an error naming a bot that cannot start; nothing
  // else fails before the game), referees, stops them, and writes each
  // in-process bot's Endpoint log to its stderr_path (at most stderr_cap
  // bytes; an error when it cannot be written).
  absl::StatusOr<std::unique_ptr<BerlinPlayedGame>> PlayOn(
      const GameSetup& setup, std::unique_ptr<BerlinMapFile> map) const;
  // requests x the turn limit (the public maps' 5000 ms without
  // --turn-limit-ms, berlin §2.4).
  int64_t TimeAvailableMs(int64_t requests) const override;
  std::vector<std::string> RequestKinds() const override {
    return {"game_start", "turn", "game_over"};
  }
  // A built-in bot's declared parameters (sdk/common/param_set.h); seats set
  // them in process only.
  absl::StatusOr<std::vector<wl::Param>> BotParams(
      const std::string& bot) const override;

  int players() const { return players_; }
  void set_turn_limit_ms(int64_t ms) { turn_limit_ms_ = ms; }

 private:
  int players_ = 2;
  int64_t turn_limit_ms_ = 0;
  double start_timeout_s_ = 10;
  BotFactory make_bot_;
  InProcessTest in_process_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_GAME_H_
