#include "berlin/berlin_match.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "berlin/berlin_game.h"
#include "berlin/berlin_map.h"
#include "berlin/referee.h"
#include "common/capped_log.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/game.h"
#include "common/match_folder.h"
#include "common/process.h"
#include "common/progress.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMatchHelp =
    "Plays one Berlin game between 2 to 4 bots exactly as the official\n"
    "engine did (berlin §1, §5), and writes to the game folder: game.json\n"
    "(the official replay shape), exchanges.jsonl (every request and\n"
    "answer), meta.json, result.json, replay.html (open it in a browser)\n"
    "and stderr_playerN.txt per bot (player ids come from a shuffle fixed\n"
    "by --seed, berlin §1.1; bots are asked in the order given).\n"
    "A BOT is\n"
    "  * a built-in bot (a folder of bots/berlin: starter, random, ...),\n"
    "    played in process through the bot server's own endpoint, or as\n"
    "    its server binary with --processes (given --seed S+k, k its\n"
    "    position);\n"
    "  * an http:// URL, asked as given (a bot you run yourself);\n"
    "  * any other shell command line, e.g. \"python3 bot.py\", started as\n"
    "    an HTTP server on a free port of 127.0.0.1, given as $PORT; each\n"
    "    {port} in the command is replaced by it. It must accept\n"
    "    connections within --start-timeout.\n"
    "Each request is a POST of the four form fields with the official\n"
    "headers (berlin §2.1); turn answers must come within the turn limit\n"
    "(berlin §2.4, milliseconds), game_start within 30 s and game_over\n"
    "within 5 s; an answer over 1 MiB is a failed answer. A failed or late\n"
    "answer means no moves that turn (berlin §2.5); a failed game_start\n"
    "means no moves all game (berlin §11). The result line and result.json\n"
    "name every seat's time-outs, failed and unreadable answers, and a bot\n"
    "process that ended during the game.\n"
    "Exit status: 0 when a game was played, 2 on bad flags, a bad map or a\n"
    "bot that cannot start (one line), 1 when the folder cannot be written.";

// The flags of `warlight berlin match` beyond the game's
// (BerlinGame::DeclareFlags: --turn-limit-ms, --start-timeout), and its bots.
struct MatchOptions {
  std::string map, out_dir;
  int64_t seed = -1, stderr_cap = 1 << 20;
  bool processes = false, json = false;
  std::vector<std::string> bots;
};

void DeclareFlags(Flags& flags, BerlinGame& game, MatchOptions* o) {
  flags.String("map", &o->map, "FILE|NAME",
               "the map: a file, or a built-in map (deployed-2, deployed-3, "
               "deployed-4, server-public-1..4) (default: deployed-2 for 2 "
               "players, else a deployed map with a setup for them)");
  SeedFlag(flags, &o->seed,
           "fixes the player ids, the game id and the bots' seeds "
           "(default: a random one, printed)");
  flags.String("out", &o->out_dir, "DIR",
               "the game folder (default: a new games/<time>-seed<S>)");
  game.DeclareFlags(flags);
  flags.Bool("processes", &o->processes,
             "run built-in bots as their server binaries, over HTTP");
  flags.Int("stderr-cap", &o->stderr_cap, "BYTES",
            "keep at most this much of each bot's output");
  flags.Bool("json", &o->json, "print result.json instead of one line");
}

std::optional<int> CheckFlags(const Flags& flags, const BerlinGame& game,
                              const MatchOptions& o) {
  if (o.bots.size() < 2 || o.bots.size() > 4) {
    return flags.Fail("needs 2 to 4 bots, not " +
                      std::to_string(o.bots.size()));
  }
  if (std::string error = game.CheckFlags(); !error.empty()) {
    return flags.Fail(error);
  }
  if (o.stderr_cap < 0) return flags.Fail("--stderr-cap must be >= 0");
  return std::nullopt;
}

// Every bot not played in process can be: a URL that parses, a command
// that can start.
std::optional<int> CheckBots(const BerlinGame& game, const MatchOptions& o) {
  for (const std::string& bot : o.bots) {
    if (!o.processes && game.PlaysInProcess(bot)) continue;
    if (absl::Status ok = game.CheckBot(bot); !ok.ok()) {
      std::cerr << "warlight berlin match: "
                << cli::EscapeForTerminal(std::string(ok.message())) << "\n";
      return 2;
    }
  }
  return std::nullopt;
}

// The map and that it has a setup for the bots, or the error line.
absl::StatusOr<BerlinMapFile> MatchMap(const MatchOptions& o) {
  const int players = static_cast<int>(o.bots.size());
  std::string name = o.map.empty() ? DefaultBerlinMap(players) : o.map;
  if (name.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no built-in map has a setup for ", players, " players: give --map"));
  }
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
  if (!map.ok()) return map.status();
  if (absl::StatusOr<berlin::State> s = map->Setup(players); !s.ok()) {
    return s.status();
  }
  return map;
}

// The game: bot k seeded S+k, its output to stderr_player<id>.txt.
GameSetup MatchSetup(const MatchOptions& o) {
  GameSetup setup;
  setup.seed = o.seed;
  setup.force_processes = o.processes;
  setup.keep_files = true;
  const int n = static_cast<int>(o.bots.size());
  const std::vector<int> ids = BerlinPlayerIds(n, o.seed);
  for (int k = 0; k < n; ++k) {
    SeatSetup seat;
    seat.bot = o.bots[k];
    seat.seed = static_cast<uint64_t>(o.seed + k);
    seat.stderr_path = (fs::path(o.out_dir) /
                        ("stderr_player" + std::to_string(ids[k]) + ".txt"))
                           .string();
    seat.stderr_cap = o.stderr_cap;
    setup.seats.push_back(std::move(seat));
  }
  return setup;
}

std::string Plural(int n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string PlayerName(const BerlinPlayer& p) {
  return "player " + std::to_string(p.player_id) + " (" +
         cli::EscapeForTerminal(p.name, 60) + ")";
}

// "; player 1 (x): 3 time-outs, 1 failed answer, ended: exit status 1 (its
// stderr: DIR/stderr_player1.txt)" per seat with faults.
std::string FaultText(const BerlinPlayedGame& played, const std::string& dir) {
  const BerlinRecord& record = played.record();
  std::string text;
  for (size_t k = 0; k < played.spec().players.size(); ++k) {
    const BerlinPlayer& p = played.spec().players[k];
    const BerlinSeatStats& st = record.stats.at(p.player_id);
    std::vector<std::string> faults;
    if (st.timeouts) faults.push_back(Plural(st.timeouts, "time-out"));
    if (st.failed_answers) {
      faults.push_back(Plural(st.failed_answers, "failed answer"));
    }
    if (st.unreadable_answers) {
      faults.push_back(Plural(st.unreadable_answers, "unreadable answer"));
    }
    if (st.cut_short_answers) {
      faults.push_back(Plural(st.cut_short_answers, "answer") + " cut short");
    }
    const std::string& ended = played.runs()[k].ended;
    if (!ended.empty()) {
      faults.push_back(
          "ended: " + ended + " (its stderr: " +
          cli::EscapeForTerminal(
              (fs::path(dir) /
               ("stderr_player" + std::to_string(p.player_id) + ".txt"))
                  .string()) +
          ")");
    }
    if (!faults.empty()) {
      text += "; " + PlayerName(p) + ": " + absl::StrJoin(faults, ", ");
    }
  }
  for (const std::string& f : record.start_failures) {
    text += "; " + cli::EscapeForTerminal(f, 200);
  }
  return text;
}

void PrintResultLine(const MatchOptions& o, const BerlinPlayedGame& played) {
  std::vector<std::string> winners, scores;
  for (const BerlinPlayer& p : played.spec().players) {
    const BerlinResult& r = played.record().results.at(p.player_id);
    if (r.winner) winners.push_back(PlayerName(p));
    scores.push_back(PlayerName(p) + " " + RubyFloatText(r.score));
  }
  std::string head = winners.empty() ? "no winner"
                     : winners.size() == 1
                         ? winners[0] + " won"
                         : absl::StrJoin(winners, ", ") + " won together";
  std::cout << head << " after " << played.record().number_of_turns
            << " turns; scores " << absl::StrJoin(scores, ", ")
            << FaultText(played, o.out_dir) << "; seed " << o.seed << "; "
            << cli::EscapeForTerminal(o.out_dir) << "\n";
}

// Plays the game (BerlinGame::PlayOn starts and stops the seats), writes
// the folder and prints the result.
int Play(const BerlinGame& game, MatchOptions o, BerlinMapFile map,
         const std::string& command) {
  std::vector<std::string> stderr_files;
  for (int id : BerlinPlayerIds(static_cast<int>(o.bots.size()), o.seed)) {
    stderr_files.push_back("stderr_player" + std::to_string(id) + ".txt");
  }
  absl::StatusOr<std::string> dir = OpenMatchFolder(
      "warlight berlin match", o.out_dir, DefaultGameDir(o.seed), stderr_files);
  if (!dir.ok()) {
    std::cerr << "warlight berlin match: "
              << cli::EscapeForTerminal(std::string(dir.status().message()))
              << "\n";
    return 1;
  }
  o.out_dir = *dir;
  KillProcessGroupsOnExitSignals();
  absl::StatusOr<std::unique_ptr<BerlinPlayedGame>> played;
  {
    // What bots in process print with std::cout or std::cerr goes to their
    // stderr file (common/capped_log.h), never to the result line.
    Nowhere nowhere;
    StandardOutputRouter router(&nowhere);
    played = game.PlayOn(MatchSetup(o),
                         std::make_unique<BerlinMapFile>(std::move(map)));
  }
  if (!played.ok()) {  // a bot that cannot start
    std::cerr << "warlight berlin match: " << played.status().message() << "\n";
    return 2;
  }
  absl::Status written = (*played)->WriteFiles(o.out_dir, command);
  CloseMatchFolder();
  if (!written.ok()) {
    std::cerr << "warlight berlin match: " << written.message() << "\n";
    return 1;
  }
  if (o.json) {
    std::cout << *ReadFileToString(
        (fs::path(o.out_dir) / "result.json").string());
  } else {
    PrintResultLine(o, **played);
  }
  return 0;
}

}  // namespace

std::vector<int> BerlinPlayerIds(int n, uint64_t seed) {
  std::vector<int> ids(n);
  for (int i = 0; i < n; ++i) ids[i] = i;
  std::mt19937_64 random(seed);
  for (int i = n - 1; i > 0; --i) {
    const int j = static_cast<int>(random() % static_cast<uint64_t>(i + 1));
    std::swap(ids[i], ids[j]);
  }
  return ids;
}

std::string DefaultBerlinMap(int players) {
  std::vector<std::string> names = {"deployed-2", "deployed-3", "deployed-4"};
  for (const std::string& name : BuiltinBerlinMapNames()) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  }
  for (const std::string& name : names) {
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
    if (map.ok() && map->Setup(players).ok()) return name;
  }
  return "";
}

int BerlinMatchMain(int argc, char** argv) {
  BerlinGame game;
  MatchOptions o;
  Flags flags("berlin match", "BOT BOT [BOT BOT]", kMatchHelp);
  DeclareFlags(flags, game, &o);
  if (std::optional<int> exit = flags.Parse(argc, argv, &o.bots)) return *exit;
  if (std::optional<int> exit = CheckFlags(flags, game, o)) return *exit;
  game.SetPlayers(static_cast<int>(o.bots.size()));
  absl::StatusOr<BerlinMapFile> map = MatchMap(o);
  if (!map.ok()) return flags.Fail(std::string(map.status().message()));
  if (std::optional<int> exit = CheckBots(game, o)) return *exit;
  if (o.seed == -1) o.seed = std::random_device()() & 0x7FFFFFFF;
  std::string command = "warlight berlin match";
  for (int i = 0; i < argc; ++i) command += std::string(" ") + argv[i];
  return Play(game, o, *std::move(map), command);
}

}  // namespace wl::tools
