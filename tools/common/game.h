// game.h: what a game gives the shared tools, its GameAdapter. The arena
// (scheduling, results, statistics, kept folders), profile, tune and bench
// know no game's rules, maps, bots or files: they are handed a GameAdapter
// and play through it. WlGame (tools/wl/commands/wl_game.h: WL2, WL1 and
// Dingle's rules by its --rules flag), BerlinGame and ColorfightGame
// implement it.
//
//   WlGame game;                           // the game's own flags and rules
//   Flags flags("arena", "BOT BOT...", "...");
//   game.DeclareFlags(flags);              // e.g. --timebank, --regions
//   ... parse ...
//   GameSetup setup;
//   setup.seed = 42;
//   setup.seats.resize(2);
//   setup.seats[0].bot = "greedy";          // seeds: seats[i].seed
//   setup.seats[1].bot = "python3 bot.py";
//   absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
//   // played->winner, ->rounds, ->seats[i].timeouts, ->seats[i].rank, ...
//   // played->WriteFiles(dir, "warlight arena") when setup.keep_files
//
// A game says how many players it takes (MinPlayers..MaxPlayers; Warlight
// 2, Berlin 2 to 4); the arena tells it the count it plays with
// (SetPlayers) before asking for its maps. Every finished game says its
// winner ("player2" or "draw") and each seat's score, rank and winner flag:
// a game decided by one winner string sets the seats with SeatsFromWinner,
// a game that scores its seats (Berlin §6) gets its winner and ranks from
// RankSeats.
//
// A BOT argument is a folder of the game's bots (played in process when
// the game can, else as the built binary) or any shell command; each seat
// gets its own seed, so that a game is replayed exactly from its setup.
#ifndef WL_TOOLS_COMMON_GAME_H_
#define WL_TOOLS_COMMON_GAME_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/seat_outcome.h"
#include "sdk/common/param_set.h"  // wl::Param

namespace wl::tools {

class Flags;

// One request a seat was asked, timed (profile). `kind` is the game's name
// for the request ("pick", "place", "attack" in Warlight).
struct TimedRequest {
  std::string kind;
  int64_t bank_ms = 0;     // the time the rules gave for the answer
  int64_t elapsed_ms = 0;  // as the rules count it (the bank on a time-out)
  bool timed_out = false;
  double answer_ms = 0;  // wall time around the request, to the microsecond
};

// One seat of a game to play.
struct SeatSetup {
  std::string bot;    // a BOT argument: a bots/ folder name or a command
  uint64_t seed = 0;  // the bot's own seed (in process, or --seed N)
  // Where the bot's stderr (or, in process, its log) goes; "" nowhere.
  std::string stderr_path;
  int64_t stderr_cap = int64_t{1} << 20;
  // When set, every request the seat is asked is appended (profile).
  std::vector<TimedRequest>* timing = nullptr;
  // Values for the bot's declared parameters (sdk/common/param_set.h), by name;
  // empty: its defaults (`warlight tune`).
  std::vector<std::pair<std::string, double>> params;
};

struct GameSetup {
  int64_t seed = 0;  // the game's seed
  std::string map;   // a map file of the game, "" for one made from the seed
  std::vector<SeatSetup> seats;
  bool force_processes = false;  // never in process (--processes)
  bool keep_files = false;       // PlayedGame::WriteFiles will be called
};

// Sets each seat's score, rank and winner flag from a game's `winner`
// ("player2" or "draw"): the winner scores 1 and ranks first, the others 0
// and second; a draw gives every seat 0.5 and first place.
void SeatsFromWinner(const std::string& winner,
                     std::vector<SeatOutcome>* seats);
// Ranks the seats by their winner flags and scores (winners first, then
// the higher score, ties sharing the better rank) and returns the game's
// winner: "playerK" when seat K-1 is the one winner, else "draw".
std::string RankSeats(std::vector<SeatOutcome>* seats);

// A finished game.
class PlayedGame {
 public:
  virtual ~PlayedGame() = default;

  // "player1", "player2", ... the one winner; or "draw": a tie for first
  // place, or no winner at all.
  std::string winner;
  int rounds = 0;
  std::vector<SeatOutcome> seats;

  // Writes the game's folder contents into `dir` (an existing folder): the
  // game's own files (Warlight: replay, dumps, map.json, replay.html) and
  // result.json naming `command`, the tool that played it ("warlight
  // arena"). Each file whole. Only after a Play with keep_files.
  virtual absl::Status WriteFiles(const std::string& dir,
                                  const std::string& command) const = 0;

  // Everything that happened, as text the game chooses (Warlight: the
  // replay's histories): `warlight bench` hashes it into its signature.
  // Only after a Play with keep_files.
  virtual std::string Transcript() const = 0;
};

// One value the game's flags set, as results files keep it. The arena
// writes `key` into its settings line (value as a JSON number when it is a
// decimal integer, else as a string) and names `flag` when a re-run
// differs: "--timebank: 3000 before, 2000 now".
struct GameSetting {
  std::string flag;   // "--timebank"
  std::string key;    // "timebank_ms"
  std::string value;  // "3000"
};

class GameAdapter {
 public:
  virtual ~GameAdapter() = default;

  // A short name: "warlight2".
  virtual std::string Name() const = 0;

  // The players of one game: GameSetup::seats holds this many. The arena
  // plays 2 unless told (--players).
  virtual int MinPlayers() const { return 2; }
  virtual int MaxPlayers() const { return 2; }
  // The number of players of the games to come, MinPlayers..MaxPlayers:
  // called after the flags are parsed, before CheckFlags, DefaultMap,
  // DefaultMaps and ListMaps, which may depend on it (a Berlin map
  // supports some counts only).
  virtual void SetPlayers(int /*players*/) {}

  // Declares the game's own flags (time rules, generated maps) on a
  // command's flags; they are read after parsing.
  virtual void DeclareFlags(Flags& flags) = 0;
  // After parsing: "" or a one-line error about the game's flags.
  virtual std::string CheckFlags() const = 0;
  // What the game's flags set, in a fixed order, e.g. {"--timebank",
  // "timebank_ms", "10000"}: results are never mixed across them.
  virtual std::vector<GameSetting> Settings() const = 0;

  // What the game plays when given no map file: "generated" (a map made
  // from the game's seed), or the name of the one map its rules fix
  // (WL1's "wl1-earth"). Results files and profiles name it.
  virtual std::string DefaultMap() const { return "generated"; }
  // The maps drawn when given no map folder, as names Play accepts in
  // GameSetup::map (Berlin: its built-in official maps for the number of
  // players); DefaultMap then names this pool. Empty (the default): one
  // map made from each game's seed.
  virtual std::vector<std::string> DefaultMaps() const { return {}; }

  // The game's map files in `dir`, sorted, each checked to be a map of the
  // game; a one-line error when there is none or one is not a map.
  virtual absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string& dir) const = 0;

  // False when the game's bots play in process only (Colorfight II today):
  // CheckBot then refuses every process, and profile times bots in process.
  virtual bool PlaysProcesses() const { return true; }
  // True when `bot` names one of the game's bots that can play in process.
  virtual bool PlaysInProcess(const std::string& bot) const = 0;
  // OK when `bot` can start as a process; else a one-line reason naming it
  // (checked before any game).
  virtual absl::Status CheckBot(const std::string& bot) const = 0;
  // What `bot` is as it will play, for results files: a re-run with another
  // build of the bot is refused. E.g. "in process; binary fnv1a64 HEX".
  virtual std::string BotIdentity(const std::string& bot,
                                  bool in_process) const = 0;

  // Plays one game to its end. An error only when it cannot be played (a
  // map that cannot be read, a bot that cannot start); a bot that fails
  // during the game is part of the outcome.
  virtual absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const = 0;

  // The most time the rules let a bot use over `requests` requests
  // (profile's "time used of the most allowed").
  virtual int64_t TimeAvailableMs(int64_t requests) const = 0;
  // True when the game's flags keep the official rules (profile says when
  // a bot is timed under others). A game without variants keeps this.
  virtual bool OfficialRules() const { return true; }
  // True when a seat's score is a measure worth keeping in 2-player games
  // too (Colorfight's final gold): their results lines then hold "scores"
  // and the 2-player table adds the standings (mean score, mean rank).
  // Games whose 2-player score follows from the winner keep false, and
  // their results files as they were.
  virtual bool ScoresTwoPlayerGames() const { return false; }
  // The kinds of TimedRequest, in the order the profile shows them, each
  // also when a bot was never asked it (Warlight: pick, place, attack);
  // other kinds follow as first seen.
  virtual std::vector<std::string> RequestKinds() const { return {}; }
  // The parameters `bot` declares (sdk/common/param_set.h: name, default, min,
  // max, step), which SeatSetup::params may set (`warlight tune`). The
  // default: an error, this game's bots cannot be tuned.
  virtual absl::StatusOr<std::vector<wl::Param>> BotParams(
      const std::string& bot) const {
    return absl::UnimplementedError(Name() + "'s bots cannot be tuned (" + bot +
                                    ")");
  }
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_GAME_H_
