#include "wl/match.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>

#include "boost/json.hpp"
#include "common/cli.h"
#include "common/files.h"
#include "common/terminal.h"
#include "wl/bot_command.h"
#include "wl/bot_process.h"
#include "wl/game_files.h"
#include "wl/map_json.h"
#include "wl/verify.h"
#include "wl/mapgen.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

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

}  // namespace

std::string DefaultGameDir(int64_t seed) {
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return "games/" + std::string(stamp) + "-seed" + std::to_string(seed);
}

std::string ResultJson(const GameRecord& record, int64_t seed,
                       const std::string& map_name, const std::string& bot1,
                       const std::string& bot2, const std::string& command) {
  boost::json::array players;
  const std::string bots[2] = {bot1, bot2};
  for (int i = 0; i < 2; ++i) {
    const SeatStats& s = record.stats[i];
    players.push_back(
        boost::json::object{{"name", i == 0 ? "player1" : "player2"},
                            {"bot", bots[i]},
                            {"timeouts", s.timeouts},
                            {"killed", s.killed},
                            {"illegal_moves", s.illegal_moves},
                            {"rejected_moves", s.rejected_moves},
                            {"failed_moves", s.failed_moves},
                            {"parse_errors", s.parse_errors},
                            {"time_used_ms", s.time_used_ms},
                            {"crashed", s.crashed},
                            {"crash_round", s.crash_round},
                            {"crash", s.crash}});
  }
  boost::json::object result{{"seed", seed},
                             {"map", map_name},
                             {"winner", WinnerName(record.outcome)},
                             {"rounds", record.rounds},
                             {"players", players},
                             {"command", command}};
  return boost::json::serialize(result) + "\n";
}

int MatchMain(int argc, char** argv) {
  std::string map_file, out_dir;
  int64_t seed = -1, regions = 0, stderr_cap = 1 << 20;
  int64_t timebank = kTimebankMs, time_per_move = kTimePerMoveMs;
  bool json = false;
  Flags flags(
      "match", "BOT1 BOT2",
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
      "Exit status is otherwise non-zero only if the harness fails.");
  flags.Int("seed", &seed, "S",
            "the game's random seed (default: a random one, printed)");
  flags.String("map", &map_file, "FILE",
               "the map, official JSON (default: a generated map)");
  flags.Int("regions", &regions, "N",
            "regions of the generated map (default: like the real maps)");
  flags.String("out", &out_dir, "DIR",
               "the game folder (default: games/<time>-seed<S>)");
  flags.Bool("json", &json, "print result.json instead of one line");
  flags.Int("timebank", &timebank, "MS",
            "the time bank; not the official value if changed");
  flags.Int("time-per-move", &time_per_move, "MS",
            "added to the bank after each answer; not official if changed");
  flags.Int("stderr-cap", &stderr_cap, "BYTES",
            "keep at most this much of each bot's stderr");
  std::vector<std::string> bots;
  if (std::optional<int> exit = flags.Parse(argc, argv, &bots)) return *exit;
  if (bots.size() != 2) return flags.Fail("needs exactly two bots");
  if (seed < -1) return flags.Fail("--seed must be >= 0");
  if (stderr_cap < 0) return flags.Fail("--stderr-cap must be >= 0");
  if (timebank < 1 || time_per_move < 0) {
    return flags.Fail("--timebank must be >= 1 and --time-per-move >= 0");
  }
  for (const std::string& bot : bots) {
    if (absl::Status can_start = CheckBotCanStart(bot); !can_start.ok()) {
      std::cerr << "warlight match: " << can_start.message() << "\n";
      return 2;
    }
  }
  if (seed == -1) seed = std::random_device()() & 0x7FFFFFFF;

  // The map, checked before any bot is started.
  Map map;
  std::string map_name, map_json;
  if (!map_file.empty()) {
    if (regions != 0) return flags.Fail("--regions needs no --map");
    absl::StatusOr<Map> loaded = LoadMapFile(map_file);
    if (!loaded.ok()) return flags.Fail(std::string(loaded.status().message()));
    map = *std::move(loaded);
    map_name = map_file;
    map_json = MapToJson(map);
    absl::StatusOr<std::string> original = ReadFileToString(map_file);
    if (original.ok()) map_json = *original;  // keep the file order
  } else {
    MapgenOptions options;
    options.seed = static_cast<uint64_t>(seed);
    options.regions = static_cast<int>(regions);
    absl::StatusOr<GeneratedMap> generated = GenerateMap(options);
    if (!generated.ok()) {
      return flags.Fail(std::string(generated.status().message()));
    }
    map = generated->map;
    map_json = GeneratedMapToJson(*generated);
    map_name = "generated (seed " + std::to_string(seed) + ", " +
               std::to_string(map.RegionCount()) + " regions)";
  }

  if (out_dir.empty()) out_dir = DefaultGameDir(seed);
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec || !fs::is_directory(out_dir)) {
    std::cerr << "warlight match: cannot create " << out_dir << ": "
              << ec.message() << "\n";
    return 1;
  }

  KillBotsOnExitSignals();

  std::unique_ptr<BotProcess> seats[2];
  for (int i = 0; i < 2; ++i) {
    BotProcessOptions options;
    options.stderr_path =
        (fs::path(out_dir) / ("stderr_player" + std::to_string(i + 1) + ".txt"))
            .string();
    options.stderr_cap_bytes = static_cast<size_t>(stderr_cap);
    absl::StatusOr<std::unique_ptr<BotProcess>> bot =
        BotProcess::Start(ResolveBotCommand(bots[i]), options);
    if (!bot.ok()) {
      std::cerr << "warlight match: cannot start "
                << EscapeForTerminal(bots[i], 200) << ": "
                << bot.status().message() << "\n";
      return 1;
    }
    seats[i] = *std::move(bot);
  }
  GameRecord record = PlayGame(map, seed, *seats[0], *seats[1],
                               TimeRules{timebank, time_per_move});
  for (auto& seat : seats) seat.reset();  // closes stdin, kills, reaps

  std::string command = "warlight match";
  for (int i = 0; i < argc; ++i) command += std::string(" ") + argv[i];
  std::string result =
      ResultJson(record, seed, map_name, bots[0], bots[1], command);
  if (absl::Status written = WriteGameFolder(out_dir, record, map_json, result);
      !written.ok()) {
    std::cerr << "warlight match: " << written.message() << "\n";
    return 1;
  }
  if (json) {
    std::cout << result;
  } else {
    std::string winner =
        record.outcome == Outcome::kDraw
            ? "draw"
            : std::string(WinnerName(record.outcome)) + " (" +
                  EscapeForTerminal(
                      bots[record.outcome == Outcome::kPlayer1Won ? 0 : 1]) +
                  ") won";
    std::cout << winner << " after " << record.rounds << " rounds; seed "
              << seed << "; time-outs " << record.stats[0].timeouts << "/"
              << record.stats[1].timeouts << ", illegal moves "
              << record.stats[0].illegal_moves << "/"
              << record.stats[1].illegal_moves << ", parse errors "
              << record.stats[0].parse_errors << "/"
              << record.stats[1].parse_errors << CrashText(record, bots.data())
              << "; " << EscapeForTerminal(out_dir) << "\n";
  }
  return 0;
}

}  // namespace wl::tools
