// `warlight profile` (profile.h): flags, the games, the progress line.
#include "profile/profile.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_join.h"
#include "arena/schedule.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/progress.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// The --help text; `kinds` the game's request kinds.
std::string Description(const std::vector<std::string>& kinds) {
  const std::string kind_list =
      kinds.empty() ? "" : " (" + absl::StrJoin(kinds, ", ") + ")";
  return "Plays BOT against another bot (--opponent; the random bot by\n"
         "default) under the game's rules, one game at a time, seats\n"
         "alternating, and reports per request kind" +
         kind_list +
         " the\n"
         "answer times (mean, median, p90, p99, max), the time-outs, the\n"
         "lowest bank left, the median share of the bank used, the games\n"
         "where the time-outs killed the bot, and the time used out of what\n"
         "the rules allowed. BOT is the name of any folder under bots/ or any\n"
         "shell command line; it always runs as a process, so the times are\n"
         "the real ones (in a game whose bots play in process only, such as\n"
         "Colorfight II, they are timed in process). With --out, each game's\n"
         "folder holds replay.html\n"
         "(open it in a browser), the game's files and result.json.";
}

// The profile's own flags (the game declares its own).
struct ProfileOptions {
  std::string command;  // "warlight profile", "warlight berlin profile"
  std::string bot;
  std::string opponent = "random";
  std::string maps_dir, out_dir;
  std::vector<std::string> maps;  // the game's map files in maps_dir
  int64_t games = 10, seed = 1;
  bool as_json = false;
};

void DeclareFlags(Flags& flags, GameAdapter& game, ProfileOptions* o) {
  flags.Int("games", &o->games, "N", "games to play (seats alternate)");
  SeedFlag(flags, &o->seed, "the seed of the games: same seed, same games");
  flags.String("maps", &o->maps_dir, "DIR",
               "a folder of the game's maps (default: generated maps)");
  flags.String("opponent", &o->opponent, "BOT", "the bot played against");
  flags.String("out", &o->out_dir, "DIR",
               "keep each game's folder and profile.json here (default: none)");
  flags.Bool("json", &o->as_json, "print the report as JSON");
  game.DeclareFlags(flags);  // Warlight: --timebank, --time-per-move, ...
}

// After parsing: nullopt to go on, else the exit status (the error
// printed).
std::optional<int> Validate(const Flags& flags, const GameAdapter& game,
                            const std::vector<std::string>& bots,
                            ProfileOptions* o) {
  if (bots.size() != 1) return flags.Fail("needs exactly one bot");
  o->bot = bots[0];
  if (o->games < 1) return flags.Fail("--games must be >= 1");
  if (std::string error = game.CheckFlags(); !error.empty()) {
    return flags.Fail(error);
  }
  if (o->bot.empty() || o->opponent.empty()) {
    return flags.Fail("empty bot command");
  }
  for (const std::string& b : {o->bot, o->opponent}) {
    if (!game.PlaysProcesses() && game.PlaysInProcess(b)) continue;
    if (absl::Status can_start = game.CheckBot(b); !can_start.ok()) {
      std::cerr << o->command << ": " << can_start.message() << "\n";
      return 2;
    }
  }
  if (!o->maps_dir.empty()) {
    absl::StatusOr<std::vector<std::string>> listed =
        game.ListMaps(o->maps_dir);
    if (!listed.ok()) return flags.Fail(std::string(listed.status().message()));
    o->maps = *std::move(listed);
  } else {
    o->maps = game.DefaultMaps();  // Berlin: its built-in maps
  }
  return std::nullopt;
}

// Creates `dir` (when given); false after printing why it cannot be.
bool MakeFolder(const std::string& command, const std::string& dir) {
  if (dir.empty()) return true;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!ec && fs::is_directory(dir)) return true;
  std::cerr << command << ": cannot create " << dir << ": " << ec.message()
            << "\n";
  return false;
}

// The setup of `scheduled`: the arena's (the same seeds), with both seats
// as processes (the real times) where the game plays processes, the bot's
// requests timed into result->requests, stderr kept in result->dir.
GameSetup ProfileSetup(const GameAdapter& game, const ArenaGame& scheduled,
                       ProfiledGame* result) {
  GameSetup setup = SetupOf(scheduled, game.PlaysProcesses(), result->dir);
  setup.seats[result->seat].timing = &result->requests;
  return setup;
}

// What the bot's side keeps of a played game.
void TakeOutcome(const PlayedGame& played, ProfiledGame* result) {
  const SeatOutcome& mine = played.seats[result->seat];
  result->rounds = played.rounds;
  result->killed = mine.killed;
  result->skipped_requests = mine.skipped_requests;
  const std::string won = "player" + std::to_string(result->seat + 1);
  result->outcome = played.winner == "draw" ? "draw"
                    : played.winner == won  ? "win"
                                            : "loss";
}

// Plays `scheduled`, the `index`-th game, with the bot timed; its folder
// written under --out. Cancelled when the folder cannot be made (said).
absl::StatusOr<ProfiledGame> PlayProfiledGame(const GameAdapter& game,
                                              const ProfileOptions& o,
                                              const ArenaGame& scheduled,
                                              int index) {
  ProfiledGame result;
  result.index = index;
  result.seed = scheduled.seed;
  result.seat = scheduled.swapped ? 1 : 0;
  result.map = scheduled.map.empty() ? game.DefaultMap() : scheduled.map;
  if (!o.out_dir.empty()) {
    // A new folder (common/files.h): an earlier run's is never overwritten.
    absl::StatusOr<std::string> dir = MakeNewFolder(
        (fs::path(o.out_dir) / ("game" + std::to_string(index) + "-seed" +
                                std::to_string(result.seed)))
            .string());
    if (!dir.ok()) {
      std::cerr << o.command << ": " << dir.status().message() << "\n";
      return absl::CancelledError();
    }
    result.dir = *dir;
  }
  const GameSetup setup = ProfileSetup(game, scheduled, &result);
  absl::StatusOr<std::unique_ptr<PlayedGame>> played = game.Play(setup);
  if (!played.ok()) return played.status();
  TakeOutcome(**played, &result);
  if (setup.keep_files) {
    absl::Status written = (*played)->WriteFiles(result.dir, o.command);
    if (!written.ok()) return written;
  }
  return result;
}

// The time-outs of the games played so far, for the progress line.
std::string TimeoutsSoFar(const std::vector<ProfiledGame>& played) {
  int timeouts = 0;
  for (const ProfiledGame& g : played) {
    for (const TimedRequest& t : g.requests) timeouts += t.timed_out;
  }
  return " | " + std::to_string(timeouts) + " time-outs";
}

// Plays the games one at a time: the arena's schedule for the pair (bot,
// opponent), each seed in both seats, cut to --games. Nullopt (the error
// printed) when a game cannot be played or written.
std::optional<std::vector<ProfiledGame>> PlayAll(const GameAdapter& game,
                                                 const ProfileOptions& o) {
  std::vector<ArenaGame> schedule =
      Schedule({o.bot, o.opponent}, static_cast<int>(o.games), o.seed, o.maps);
  schedule.resize(static_cast<size_t>(o.games));
  std::vector<ProfiledGame> played;
  ProgressLine progress("games");
  const int total = static_cast<int>(schedule.size());
  for (const ArenaGame& scheduled : schedule) {
    absl::StatusOr<ProfiledGame> one = PlayProfiledGame(
        game, o, scheduled, static_cast<int>(played.size()) + 1);
    if (!one.ok()) {
      if (!absl::IsCancelled(one.status())) {
        std::cerr << o.command << ": " << one.status().message() << "\n";
      }
      return std::nullopt;
    }
    played.push_back(*std::move(one));
    const int done = static_cast<int>(played.size());
    progress.Show(done, total, done == total,
                  [&] { return TimeoutsSoFar(played); });
  }
  return played;
}

// Prints the report (and writes profile.json under --out); the exit
// status.
int Report(const GameAdapter& game, const ProfileOptions& o,
           std::vector<ProfiledGame> played) {
  const ProfileReport report =
      BuildProfileReport(game, o.bot, o.opponent, std::move(played));
  const std::string report_json = ProfileJson(report);
  if (!o.out_dir.empty()) {
    absl::Status written = WriteFileAtomically(
        (fs::path(o.out_dir) / "profile.json").string(), report_json);
    if (!written.ok()) {
      std::cerr << o.command << ": " << written.message() << "\n";
      return 1;
    }
  }
  std::cout << (o.as_json ? report_json : ProfileTable(report));
  return 0;
}

}  // namespace

int ProfileMain(GameAdapter& game, int argc, char** argv,
                const std::string& name) {
  ProfileOptions options;
  options.command = "warlight " + name;
  Flags flags(name, "BOT", Description(game.RequestKinds()));
  DeclareFlags(flags, game, &options);
  std::vector<std::string> bots;
  if (std::optional<int> exit = flags.Parse(argc, argv, &bots)) return *exit;
  if (std::optional<int> exit = Validate(flags, game, bots, &options)) {
    return *exit;
  }
  if (!MakeFolder(options.command, options.out_dir)) return 1;
  std::optional<std::vector<ProfiledGame>> played = PlayAll(game, options);
  if (!played) return 1;
  return Report(game, options, *std::move(played));
}

}  // namespace wl::tools
