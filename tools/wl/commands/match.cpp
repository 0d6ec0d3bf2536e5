#include "wl/commands/match.h"

#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "common/cli.h"
#include "common/files.h"
#include "common/process.h"
#include "common/terminal.h"
#include "rule_set.h"
#include "wl/bot_command.h"
#include "wl/bot_process.h"
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
    "shell command line, e.g. \"python3 bot.py\". A bot that cannot\n"
    "start is one line and exit status 2, before any game; a bot\n"
    "that dies during the game is reported (result line,\n"
    "result.json, its dump) with its exit status or signal.\n"
    "--rules wl1 plays the Warlight AI Challenge 1 engine on its fixed\n"
    "earth map (wl1-earth): answers are read as a FIFO of lines, every\n"
    "request waits 2000 ms, no time bank; the folder also holds\n"
    "engine_stdout.txt and engine_stderr.txt as that engine printed them.\n"
    "Exit status is otherwise non-zero only if the harness fails.";

// The flags of `warlight match` and its two bots.
struct MatchOptions {
  std::string rules_name = "wl2";
  RuleSet rules = RuleSet::kWl2;
  std::string map_file, out_dir;
  int64_t seed = -1, regions = 0, stderr_cap = 1 << 20;
  TimeRules time;
  bool json = false;
  std::vector<std::string> bots;
};

void DeclareMatchFlags(Flags& flags, MatchOptions* o) {
  flags.String("rules", &o->rules_name, "wl2|wl1",
               "the rule set: Warlight AI Challenge 2 (the default) or 1 "
               "(README: The three rule sets)");
  flags.Int("seed", &o->seed, "S",
            "the game's random seed (default: a random one, printed)");
  flags.String("map", &o->map_file, "FILE",
               "the map, official JSON (default: a generated map)");
  flags.Int("regions", &o->regions, "N",
            "regions of the generated map (default: like the real maps)");
  flags.String("out", &o->out_dir, "DIR",
               "the game folder (default: games/<time>-seed<S>)");
  flags.Bool("json", &o->json, "print result.json instead of one line");
  flags.Int("timebank", &o->time.timebank_ms, "MS",
            "the time bank; not the official value if changed");
  flags.Int("time-per-move", &o->time.time_per_move_ms, "MS",
            "added to the bank after each answer; not official if changed");
  flags.Int("stderr-cap", &o->stderr_cap, "BYTES",
            "keep at most this much of each bot's stderr");
}

// Checks --rules (setting o.rules) and what it allows; an exit status when
// the match cannot be played.
std::optional<int> CheckRules(const Flags& flags, MatchOptions& o) {
  const std::optional<RuleSet> rules = ParseRuleSet(o.rules_name);
  if (!rules) return flags.Fail("--rules must be wl2 or wl1");
  o.rules = *rules;
  switch (o.rules) {
    case RuleSet::kWl2:
      return std::nullopt;
    case RuleSet::kWl1:
      break;
    case RuleSet::kDingle:
      // Dingle's rules go here: LoadDingleMap and PlayDingleGame
      // (dingle_engine.h), the folder with trace.jsonl.
      return flags.Fail("--rules dingle is not played by match yet");
  }
  if (o.time.timebank_ms != kTimebankMs ||
      o.time.time_per_move_ms != kTimePerMoveMs) {
    return flags.Fail(
        "--rules wl1 has no time bank: every request waits 2000 ms (wl1 "
        "§10); no --timebank or --time-per-move");
  }
  if (o.regions != 0) {
    return flags.Fail("--rules wl1 plays its fixed map (wl1 §2): no --regions");
  }
  return std::nullopt;
}

// Checks the parsed flags and that both bots can start; an exit status
// when the match cannot be played (after saying why).
std::optional<int> CheckMatch(const Flags& flags, MatchOptions& o) {
  if (o.bots.size() != 2) return flags.Fail("needs exactly two bots");
  if (o.seed < -1) return flags.Fail("--seed must be >= 0");
  if (o.stderr_cap < 0) return flags.Fail("--stderr-cap must be >= 0");
  if (std::optional<int> exit = CheckRules(flags, o)) return exit;
  if (o.time.timebank_ms < 1 || o.time.time_per_move_ms < 0) {
    return flags.Fail("--timebank must be >= 1 and --time-per-move >= 0");
  }
  for (const std::string& bot : o.bots) {
    if (absl::Status can_start = CheckBotCanStart(bot); !can_start.ok()) {
      std::cerr << "warlight match: " << can_start.message() << "\n";
      return 2;
    }
  }
  if (!o.map_file.empty() && o.regions != 0)
    return flags.Fail("--regions needs no --map");
  return std::nullopt;
}

// What result.json says of the map.
std::string MapName(const MatchOptions& o, const Map& map) {
  if (o.rules == RuleSet::kWl1) return EarthMapName(o.rules);
  if (!o.map_file.empty()) return o.map_file;
  return "generated (seed " + std::to_string(o.seed) + ", " +
         std::to_string(map.RegionCount()) + " regions)";
}

// "; player1 (mybot) crashed in round 12: signal 11" per crashed seat.
std::string CrashText(const GameRecord& record, const std::string bots[2]) {
  std::string text;
  for (int i = 0; i < 2; ++i) {
    const SeatStats& s = record.stats[i];
    if (!s.crashed) continue;
    text += "; player" + std::to_string(i + 1) + " (" +
            EscapeForTerminal(bots[i]) + ") crashed in round " +
            std::to_string(s.crash_round) + ": " + EscapeForTerminal(s.crash);
  }
  return text;
}

// The result line: who won, after how many rounds, the faults, the folder.
void PrintResultLine(const GameRecord& record, const MatchOptions& o) {
  const std::string winner =
      record.outcome == Outcome::kDraw
          ? "draw"
          : std::string(WinnerName(record.outcome)) + " (" +
                EscapeForTerminal(
                    o.bots[record.outcome == Outcome::kPlayer1Won ? 0 : 1]) +
                ") won";
  std::cout << winner << " after " << record.rounds << " rounds; seed "
            << o.seed << "; time-outs " << record.stats[0].timeouts << "/"
            << record.stats[1].timeouts << ", illegal moves "
            << record.stats[0].illegal_moves << "/"
            << record.stats[1].illegal_moves << ", parse errors "
            << record.stats[0].parse_errors << "/"
            << record.stats[1].parse_errors << CrashText(record, o.bots.data())
            << "; " << EscapeForTerminal(o.out_dir) << "\n";
}

// Starts both bots as processes, their stderr into the game folder; an
// exit status (after saying why) when one cannot start.
std::optional<int> StartBots(const MatchOptions& o,
                             std::unique_ptr<BotProcess> seats[2]) {
  for (int i = 0; i < 2; ++i) {
    BotProcessOptions options;
    options.stderr_path = (fs::path(o.out_dir) /
                           ("stderr_player" + std::to_string(i + 1) + ".txt"))
                              .string();
    options.stderr_cap_bytes = o.stderr_cap;
    absl::StatusOr<std::unique_ptr<BotProcess>> bot = BotProcess::Start(
        ResolveBotCommand(o.bots[i]), options, AnswerQueue(o.rules));
    if (!bot.ok()) {
      std::cerr << "warlight match: cannot start "
                << EscapeForTerminal(o.bots[i], 200) << ": "
                << bot.status().message() << "\n";
      return 1;
    }
    seats[i] = *std::move(bot);
  }
  return std::nullopt;
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
    stdout_text += ResolveBotCommand(bot) + "\n";
  }
  absl::Status written =
      WriteFileAtomically((dir / "engine_stdout.txt").string(), stdout_text);
  if (!written.ok()) return written;
  return WriteFileAtomically((dir / "engine_stderr.txt").string(),
                             record.engine_stderr);
}

// Plays the game on `map`, writes the folder and prints the result.
int PlayMatch(const MatchOptions& o, const GameMap& map,
              const std::string& command) {
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (ec || !fs::is_directory(o.out_dir)) {
    std::cerr << "warlight match: cannot create " << o.out_dir << ": "
              << ec.message() << "\n";
    return 1;
  }
  KillProcessGroupsOnExitSignals();
  std::unique_ptr<BotProcess> seats[2];
  if (std::optional<int> exit = StartBots(o, seats)) return *exit;
  GameOptions options;
  options.rules = o.rules;
  options.time = o.time;
  GameRecord record = PlayGame(map.map, o.seed, *seats[0], *seats[1], options);
  for (auto& seat : seats) seat.reset();  // closes stdin, kills, reaps
  const std::string result = ResultJson(record, o.seed, MapName(o, map.map),
                                        o.bots[0], o.bots[1], command, o.rules);
  absl::Status written =
      WriteGameFolderWithPage(o.out_dir, record, map.json, result);
  if (written.ok() && o.rules == RuleSet::kWl1) {
    written = WriteWl1EngineOutput(o, record);
  }
  if (!written.ok()) {
    std::cerr << "warlight match: " << written.message() << "\n";
    return 1;
  }
  if (o.json) {
    std::cout << result;
  } else {
    PrintResultLine(record, o);
  }
  return 0;
}

}  // namespace

std::string DefaultGameDir(int64_t seed) {
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return "games/" + std::string(stamp) + "-seed" + std::to_string(seed);
}

int MatchMain(int argc, char** argv) {
  MatchOptions o;
  Flags flags("match", "BOT1 BOT2", kMatchHelp);
  DeclareMatchFlags(flags, &o);
  if (std::optional<int> exit = flags.Parse(argc, argv, &o.bots)) return *exit;
  if (std::optional<int> exit = CheckMatch(flags, o)) return *exit;
  if (o.seed == -1) o.seed = std::random_device()() & 0x7FFFFFFF;
  // The map, checked before any bot is started.
  absl::StatusOr<GameMap> map = LoadRulesMap(
      o.rules, o.map_file, static_cast<uint64_t>(o.seed), o.regions);
  if (!map.ok()) return flags.Fail(std::string(map.status().message()));
  if (o.rules == RuleSet::kWl1 && map->json != EarthMapJson(o.rules)) {
    return flags.Fail("--rules wl1 plays its fixed map (wl1 §2): --map " +
                      EarthMapName(o.rules) + " or none");
  }
  if (o.out_dir.empty()) o.out_dir = DefaultGameDir(o.seed);
  std::string command = "warlight match";
  for (int i = 0; i < argc; ++i) command += std::string(" ") + argv[i];
  return PlayMatch(o, *map, command);
}

}  // namespace wl::tools
