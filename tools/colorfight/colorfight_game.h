// colorfight_game.h: Colorfight II as a GameAdapter (common/game.h), for the
// shared arena: `warlight colorfight arena BOT BOT... [--players 2|4|8]` is
// ArenaMain(ColorfightGame) (colorfight_arena.h). Games of 2, 4 or 8
// players (a room's max_player, colorfight §2.8), played in process on the
// rules core, as fast as the bots think.
//
//   ColorfightGame game;
//   game.SetPlayers(4);
//   GameSetup setup;
//   setup.seed = 7;            // the map (§4: random.seed(7)) and game_id
//   setup.seats = {{"greedy", 1}, {"random", 2}, {"random", 3}, {"greedy", 4}};
//   absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
//   // played->seats[i]: score (final gold), rank (§8), winner, faults
//
// Tests give their own bots:
//   ColorfightGame game([](const std::string& bot, uint64_t seed) { ... },
//                       [](const std::string& bot) { return true; });
//
// A game: the map and the shuffled start list drawn from the seed
// (map_gen.h, as a room restart does), seat k registered k-th (uid k + 1,
// the k-th start, §5.1), update 1 without commands (§1.7), then for each
// turn 1..max_turn-1 every live seat's bot gets the Game view of the
// frame (FrameOf, then Game(frame, uid); the frame's error holds the
// seat's failures of the last update, §3.2), its strings are parsed
// (ParseCommand) and the update runs (rules.h Update). Command strings
// that do not parse count as the seat's parse errors, commands the rules
// refuse as its rejected moves; a bot that throws is a crash and sends
// nothing more. The score is the final gold; ranks and the winner follow
// colorfight §8 (gold descending, ties in registration order = seat
// order; no draws).
//
// Flags: --max-turn (the last turn, 2..2000; default 500). Maps are always
// made from the seed (--maps is refused). Only built-in bots play: a bot
// run as a process (a command, or --processes) would need our server, and
// the arena does not run one yet: CheckBot says so.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_GAME_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_GAME_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/game.h"
#include "sdk/colorfight/bot.h"
#include "sdk/colorfight/frame.h"

namespace wl::tools {

// A finished Colorfight II game.
class ColorfightPlayedGame : public PlayedGame {
 public:
  // The turn-max_turn frame.
  const colorfight::Frame& final_frame() const { return final_frame_; }
  // With keep_files: the replay's log JSON (replay_log.h, §9).
  const std::string& replay_json() const { return replay_json_; }

  // replay.cfr, result.json, replay.html (colorfight_files.h).
  absl::Status WriteFiles(const std::string& dir,
                          const std::string& command) const override;
  // Every seat's command list of every turn ("turn T" then "pK: a;b;c"
  // lines), then the final ranking.
  std::string Transcript() const override { return transcript_; }

 private:
  friend class ColorfightGame;
  colorfight::Frame final_frame_;
  std::string replay_json_;
  std::string transcript_;
  int64_t seed_ = 0;
};

class ColorfightGame : public GameAdapter {
 public:
  using BotFactory = std::function<std::unique_ptr<colorfight::Bot>(
      const std::string&, uint64_t)>;
  using InProcessTest = std::function<bool(const std::string&)>;

  // The built-in bots play in process (builtin_bots.h).
  ColorfightGame();
  // `in_process` says which bots `make_bot` makes (tests).
  ColorfightGame(BotFactory make_bot, InProcessTest in_process);

  std::string Name() const override { return "colorfight"; }
  int MinPlayers() const override { return 2; }
  int MaxPlayers() const override { return colorfight::kMaxUsers; }
  void SetPlayers(int players) override { players_ = players; }

  void DeclareFlags(Flags& flags) override;  // --max-turn
  // Also that the players are 2, 4 or 8.
  std::string CheckFlags() const override;
  std::vector<GameSetting> Settings() const override;
  // Always an error: maps are made from each game's seed.
  absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string& dir) const override;
  bool PlaysProcesses() const override { return false; }
  bool PlaysInProcess(const std::string& bot) const override;
  // A one-line error: bots as processes are not supported yet.
  absl::Status CheckBot(const std::string& bot) const override;
  std::string BotIdentity(const std::string& bot,
                          bool in_process) const override;
  // setup.seats.size() must be 2, 4 or 8, each seat a built-in bot.
  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override;
  // The default round time, 1 s (colorfight §2.8), per request.
  int64_t TimeAvailableMs(int64_t requests) const override {
    return requests * 1000;
  }
  std::vector<std::string> RequestKinds() const override { return {"turn"}; }
  // A built-in bot's declared parameters (sdk/common/param_set.h).
  absl::StatusOr<std::vector<wl::Param>> BotParams(
      const std::string& bot) const override;
  // The final gold is worth a mean in duels too (mean gold, mean rank).
  bool ScoresTwoPlayerGames() const override { return true; }

  int players() const { return players_; }
  void set_max_turn(int64_t max_turn) { max_turn_ = max_turn; }

 private:
  int players_ = 2;
  int64_t max_turn_ = 500;
  BotFactory make_bot_;
  InProcessTest in_process_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_GAME_H_
