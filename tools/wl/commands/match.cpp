#include "wl/commands/match.h"

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/match_folder.h"
#include "common/process.h"
#include "rule_set.h"
#include "sdk/cli/terminal.h"
#include "wl/builtin_bots.h"
#include "wl/commands/wl_game.h"
#include "wl/game_files.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMatchHelp =
    "Plays one game between two bots exactly as the official engine\n"
    "would, and writes to the game folder: replay.html (open it in a\n"
    "browser to watch the game), dump_player1.txt, dump_player2.txt,\n"
    "replay.txt, map.json, result.json and each bot's stderr.\n"
    "A BOT is the name of any folder under bots/ (starter, random,\n"
    "greedy, mcts, or your fork, built with the repository) or any\n"
    "shell command line, e.g. \"python3 bot.py\"; each plays as a\n"
    "process. A bot that cannot start (also a command whose script or\n"
    "file is missing: \"python3 mybot.py\" without mybot.py) is one line\n"
    "and exit status 2, before any game; a bot that dies during the game\n"
    "is reported (result line, pointing at its stderr file; result.json;\n"
    "its dump) with its exit status or signal. Ctrl-C removes the\n"
    "unfinished game's files.\n"
    "--rules wl1 plays the Warlight AI Challenge 1 engine on its fixed\n"
    "earth map (wl1-earth): answers are read as a FIFO of lines, every\n"
    "request waits 2000 ms, no time bank; the folder also holds\n"
    "engine_stdout.txt and engine_stderr.txt as that engine printed them.\n"
    "--rules dingle plays Adam Dingle's Warlight on its earth map\n"
    "(dingle-earth), with --starts default|warlords|manual: no fog,\n"
    "60000 ms per decision, no time bank; the folder also holds\n"
    "trace.jsonl, which `warlight verify` replays.\n"
    "Exit status is otherwise non-zero only if the harness fails.";

// What a match's bots are given as their --seed (bots/ folders only): the
// seed they read when started without one (bot_args.h), so that a match
// plays each bot as the competition starts it.
constexpr uint64_t kBotSeed = 1;

// The flags of `warlight match` beyond the game's (WlGame::DeclareFlags:
// --rules, --starts, --regions, --timebank, --time-per-move), and its bots.
struct MatchOptions {
  std::string map_file, out_dir;
  int64_t seed = -1, stderr_cap = 1 << 20;
  bool json = false;
  std::vector<std::string> bots;
};

void DeclareMatchFlags(Flags& flags, MatchOptions* o) {
  SeedFlag(flags, &o->seed,
           "the game's random seed (default: a random one, printed)");
  flags.String("map", &o->map_file, "FILE",
               "the map, official JSON (default: a generated map)");
  flags.String("out", &o->out_dir, "DIR",
               "the game folder (default: a new games/<time>-seed<S>)");
  flags.Bool("json", &o->json, "print result.json instead of one line");
  flags.Int("stderr-cap", &o->stderr_cap, "BYTES",
            "keep at most this much of each bot's stderr");
}

// Checks the parsed flags and that both bots can start; an exit status
// when the match cannot be played (after saying why).
std::optional<int> CheckMatch(const Flags& flags, const WlGame& game,
                              const MatchOptions& o) {
  if (o.bots.size() != 2) return flags.Fail("needs exactly two bots");
  if (o.stderr_cap < 0) return flags.Fail("--stderr-cap must be >= 0");
  if (std::string error = game.CheckFlags(); !error.empty())
    return flags.Fail(error);
  for (const std::string& bot : o.bots) {
    if (absl::Status can_start = game.CheckBot(bot); !can_start.ok()) {
      std::cerr << "warlight match: " << can_start.message() << "\n";
      return 2;
    }
  }
  if (!o.map_file.empty() && game.regions() != 0)
    return flags.Fail("--regions needs no --map");
  return std::nullopt;
}

// The map setup.map names for `map`, loaded from --map: WL1 and Dingle
// play only their earth map (wl1 §2, dingle §2), named as such; an error
// for any other.
absl::StatusOr<std::string> SetupMap(RuleSet rules, const std::string& file,
                                     const GameMap& map) {
  if (rules == RuleSet::kWl2) return file;
  if (map.json != EarthMapJson(rules)) {
    const std::string name(RuleSetName(rules));
    return absl::InvalidArgumentError(
        "--rules " + name + " plays its fixed earth map (" + name +
        " §2): --map " + EarthMapName(rules) + " or none");
  }
  return EarthMapName(rules);
}

// The game: both bots as processes, their stderr into the game folder.
GameSetup MatchSetup(const MatchOptions& o, const std::string& map) {
  GameSetup setup;
  setup.seed = o.seed;
  setup.map = map;
  setup.force_processes = true;
  setup.keep_files = true;
  for (int i = 0; i < 2; ++i) {
    SeatSetup seat;
    seat.bot = o.bots[i];
    seat.seed = kBotSeed;
    seat.stderr_path = (fs::path(o.out_dir) /
                        ("stderr_player" + std::to_string(i + 1) + ".txt"))
                           .string();
    seat.stderr_cap = o.stderr_cap;
    setup.seats.push_back(std::move(seat));
  }
  return setup;
}

// "; player1 (mybot) crashed in round 12: signal 11 (its stderr:
// DIR/stderr_player1.txt)" per crashed seat.
std::string CrashText(const GameRecord& record, const MatchOptions& o) {
  std::string text;
  for (int i = 0; i < 2; ++i) {
    const SeatOutcome& s = record.stats[i];
    if (!s.crashed) continue;
    const std::string player = "player" + std::to_string(i + 1);
    text +=
        "; " + player + " (" + cli::EscapeForTerminal(o.bots[i]) +
        ") crashed in round " + std::to_string(s.crash_round) + ": " +
        cli::EscapeForTerminal(s.crash) + " (its stderr: " +
        cli::EscapeForTerminal(
            (fs::path(o.out_dir) / ("stderr_" + player + ".txt")).string()) +
        ")";
  }
  return text;
}

// The result line: who won, after how many rounds, the faults, the folder.
void PrintResultLine(const GameRecord& record, const MatchOptions& o) {
  const std::string winner =
      record.outcome == Outcome::kDraw
          ? "draw"
          : std::string(WinnerName(record.outcome)) + " (" +
                cli::EscapeForTerminal(
                    o.bots[record.outcome == Outcome::kPlayer1Won ? 0 : 1]) +
                ") won";
  std::cout << winner << " after " << record.rounds << " rounds; seed "
            << o.seed << "; time-outs " << record.stats[0].timeouts << "/"
            << record.stats[1].timeouts << ", rejected moves "
            << record.stats[0].rejected_moves << "/"
            << record.stats[1].rejected_moves << ", failed at execution "
            << record.stats[0].failed_moves << "/"
            << record.stats[1].failed_moves << ", parse errors "
            << record.stats[0].parse_errors << "/"
            << record.stats[1].parse_errors << CrashText(record, o) << "; "
            << cli::EscapeForTerminal(o.out_dir) << "\n";
}

// WL1's engine_stdout.txt (wl1 §13.3: "starting game <id>", the folder's
// name, then each bot's command line as it was started) and
// engine_stderr.txt ("Could not find region with id N" lines).
absl::Status WriteWl1EngineOutput(const MatchOptions& o,
                                  const GameRecord& record) {
  const fs::path dir(o.out_dir);
  fs::path id = fs::absolute(dir).lexically_normal();
  if (id.filename().empty()) id = id.parent_path();  // "games/x/"
  std::string stdout_text = "starting game " + id.filename().string() + "\n";
  for (const std::string& bot : o.bots) {
    stdout_text += BotCommand(bot, kBotSeed) + "\n";  // as WlGame starts it
  }
  absl::Status written =
      WriteFileAtomically((dir / "engine_stdout.txt").string(), stdout_text);
  if (!written.ok()) return written;
  return WriteFileAtomically((dir / "engine_stderr.txt").string(),
                             record.engine_stderr);
}

// Plays the game on `map` (setup.map names it), writes the folder and
// prints the result.
int PlayMatch(const WlGame& game, MatchOptions o, GameMap map,
              const std::string& setup_map, const std::string& command) {
  absl::StatusOr<std::string> dir =
      OpenMatchFolder("warlight match", o.out_dir, DefaultGameDir(o.seed),
                      {"stderr_player1.txt", "stderr_player2.txt"});
  if (!dir.ok()) {
    std::cerr << "warlight match: " << dir.status().message() << "\n";
    return 1;
  }
  o.out_dir = *dir;
  KillProcessGroupsOnExitSignals();
  absl::StatusOr<std::unique_ptr<WlPlayedGame>> played =
      game.PlayOn(MatchSetup(o, setup_map), std::move(map));
  absl::Status written = played.status();
  if (written.ok()) written = (*played)->WriteFiles(o.out_dir, command);
  if (written.ok() && game.rules() == RuleSet::kWl1) {
    written = WriteWl1EngineOutput(o, (*played)->record());
  }
  CloseMatchFolder();
  if (!written.ok()) {
    std::cerr << "warlight match: " << written.message() << "\n";
    return 1;
  }
  if (o.json) {
    std::cout << (*played)->ResultJson(command);
  } else {
    PrintResultLine((*played)->record(), o);
  }
  return 0;
}

}  // namespace

int MatchMain(int argc, char** argv) {
  WlGame game;
  MatchOptions o;
  Flags flags("match", "BOT1 BOT2", kMatchHelp);
  game.DeclareFlags(flags);
  DeclareMatchFlags(flags, &o);
  if (std::optional<int> exit = flags.Parse(argc, argv, &o.bots)) return *exit;
  if (std::optional<int> exit = CheckMatch(flags, game, o)) return *exit;
  if (o.seed == -1) o.seed = std::random_device()() & 0x7FFFFFFF;
  // The map, checked before any bot is started.
  absl::StatusOr<GameMap> map = LoadRulesMap(
      game.rules(), o.map_file, static_cast<uint64_t>(o.seed), game.regions());
  if (!map.ok()) return flags.Fail(std::string(map.status().message()));
  absl::StatusOr<std::string> setup_map =
      SetupMap(game.rules(), o.map_file, *map);
  if (!setup_map.ok()) {
    return flags.Fail(std::string(setup_map.status().message()));
  }
  std::string command = "warlight match";
  for (int i = 0; i < argc; ++i) command += std::string(" ") + argv[i];
  return PlayMatch(game, o, *std::move(map), *setup_map, command);
}

}  // namespace wl::tools
