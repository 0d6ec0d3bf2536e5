#include "arena/arena.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <streambuf>
#include <thread>

#include "arena/kept_games.h"
#include "arena/settings.h"
#include "arena/standings.h"
#include "common/capped_log.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/parallel.h"
#include "common/process.h"
#include "common/progress.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// Bounds that keep the schedule in memory and its indices in an int.
constexpr int64_t kMaxGamesPerPair = 1000000;  // per lineup
constexpr int64_t kMaxScheduledGames = 10000000;
constexpr int64_t kMaxJobs = 1024;

// A status's message, escaped for the terminal.
std::string Why(const absl::Status& status) {
  return cli::EscapeForTerminal(std::string(status.message()));
}

// "warlight arena: ", "warlight berlin arena: ".
std::string Prefix(const ArenaConfig& config) {
  return "warlight " + config.command + ": ";
}

int Error(const ArenaConfig& config, const std::string& message) {
  std::cerr << Prefix(config) << message << "\n";
  return 2;
}

bool PlaysInProcess(const ArenaConfig& config, const GameAdapter& game,
                    const std::string& bot) {
  return !config.force_processes && game.PlaysInProcess(bot);
}

// Plays one game. With a `folder` (a kept game's temporary folder), each
// bot's stderr (or in-process log) is written there as stderr_playerN.txt
// and the game keeps what its files need.
absl::StatusOr<std::unique_ptr<PlayedGame>> PlayArenaGame(
    const ArenaGame& game, const ArenaConfig& config, const GameAdapter& rules,
    const std::string& folder) {
  GameSetup setup = SetupOf(game, config.force_processes, folder);
  for (SeatSetup& s : setup.seats) s.stderr_cap = config.stderr_cap;
  return rules.Play(setup);
}

// `played` has a seat per bot of `game` (PlayOne checks).
ArenaResult ToResult(const ArenaGame& game, const PlayedGame& played) {
  ArenaResult r(static_cast<int>(game.bots.size()));
  r.key = game.key;
  for (int i = 0; i < r.players(); ++i) {
    r.lineup[i] = game.lineup[i];
    r.bots[i] = game.bots[i];
    const SeatOutcome& s = played.seats[i];
    r.scores[i] = s.score;
    r.ranks[i] = s.rank;
    r.winners[i] = s.winner;
    r.timeouts[i] = s.timeouts;
    r.failed_answers[i] = s.failed_answers;
    r.illegal_moves[i] = s.rejected_moves + s.failed_moves;
    r.rejected_moves[i] = s.rejected_moves;
    r.failed_moves[i] = s.failed_moves;
    r.parse_errors[i] = s.parse_errors;
    r.time_used_ms[i] = s.time_used_ms;
    r.crashed[i] = s.crashed;
    r.crash_round[i] = s.crash_round;
    r.crash[i] = s.crash;
  }
  r.seed = game.seed;
  r.map = game.map;
  r.winner = played.winner;
  r.rounds = played.rounds;
  return r;
}

ArenaSettings CurrentSettings(const ArenaConfig& config,
                              const GameAdapter& game) {
  ArenaSettings s;
  s.game = game.Settings();
  const bool default_maps =
      config.maps_dir.empty() && config.maps == game.DefaultMaps();
  s.maps = default_maps ? game.DefaultMap()
                        : MapPoolIdentity(config.maps_dir, config.maps);
  s.processes = config.force_processes;
  s.players = static_cast<int>(config.players);
  for (const std::string& bot : config.bots) {
    s.bots[bot] = game.BotIdentity(bot, PlaysInProcess(config, game, bot));
  }
  s.run = NewRunName();
  return s;
}

// Reads --results, refuses it when its games were played with other
// settings, and rewrites it whole (settings line, then every valid result:
// a cut last line is dropped). On success *settings holds the run's.
absl::StatusOr<std::vector<ArenaResult>> OpenResults(const ArenaConfig& config,
                                                     ArenaSettings* settings) {
  const std::string& path = config.results_path;
  absl::StatusOr<ResultsFile> file = LoadResultsFile(path);
  if (!file.ok()) return file.status();
  for (const std::string& w : file->warnings)
    std::cerr << Prefix(config) << cli::EscapeForTerminal(w) << "\n";
  if (file->settings) {
    std::vector<std::string> diff =
        SettingsDifferences(*file->settings, *settings);
    if (!diff.empty()) {
      std::string text;
      for (const std::string& d : diff) text += (text.empty() ? "" : "; ") + d;
      return absl::FailedPreconditionError(
          path + " holds games played with other settings (" + text +
          "); give --results a new file to play with these");
    }
    *settings = MergedSettings(*file->settings, *settings);
  } else if (!file->results.empty() || !file->warnings.empty()) {
    return absl::FailedPreconditionError(
        path +
        " has no arena settings line (an older or foreign file); "
        "give --results a new file");
  }
  std::string text = SettingsLine(*settings) + "\n";
  for (const ArenaResult& r : file->results) text += ResultToJsonLine(r);
  std::error_code ec;
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, ec);
  absl::Status written = WriteFileAtomically(path, text);
  if (!written.ok()) return written;
  return file->results;
}

// One arena run: the games still to play and what has been played.
class ArenaRun {
 public:
  ArenaRun(const ArenaConfig& config, const GameAdapter& game,
           std::vector<ArenaGame> schedule, std::vector<ArenaResult> results,
           const std::string& run)
      : config_(config),
        game_(game),
        schedule_(std::move(schedule)),
        results_(std::move(results)),
        kept_(config.keep_replays == "none"
                  ? ""
                  : (config.out_dir.empty() ? "games/arena-" + run
                                            : config.out_dir),
              run) {}

  // Picks the games of this shard not yet in the results; clears the kept
  // folders an interrupted run left for them.
  int SelectPending();
  // Plays the pending games, config.jobs at a time; appends each result.
  void Play(std::FILE* results_file);
  int finished() const { return finished_; }
  const std::string& failure() const { return failure_; }
  int failures() const { return failures_; }
  const std::vector<ArenaResult>& results() const { return results_; }

 private:
  bool ShouldSkip(const ArenaGame& game);
  void PlayOne(const ArenaGame& game);
  void Record(const ArenaGame& game, const ArenaResult& result);
  void Progress(bool final_line);
  // The first pair's score so far, or the first lineup's first bot's mean
  // score and win share: " | a 55.0% vs b".
  std::string LiveScore() const;

  const ArenaConfig& config_;
  const GameAdapter& game_;
  const std::vector<ArenaGame> schedule_;
  std::vector<ArenaGame> pending_;
  std::vector<ArenaResult> results_;
  KeptGames kept_;
  std::FILE* results_file_ = nullptr;
  // The games in --results (or, without it, played): what Ctrl-C reports.
  std::atomic<int64_t> saved_{0};
  std::mutex mu_;
  std::set<int> stopped_pairs_;  // lineup indices, by the SPRT
  int finished_ = 0, skipped_ = 0, failures_ = 0;
  std::string failure_;
  ProgressLine progress_{"games"};
};

int ArenaRun::SelectPending() {
  std::set<std::string> done;
  for (const ArenaResult& r : results_) done.insert(r.key);
  int already = 0;
  for (const ArenaGame& g : schedule_) {
    if (g.index % config_.shards != config_.shard - 1) continue;
    if (done.count(g.key)) {
      ++already;
    } else {
      pending_.push_back(g);
    }
  }
  kept_.ClearUnrecorded(pending_);
  if (!config_.results_path.empty()) saved_ = already;
  return already;
}

// What an exit signal says while the games of `config` run: how many are
// saved (`saved`) and how to resume.
ExitSignalFarewell ArenaFarewell(const ArenaConfig& config,
                                 const std::atomic<int64_t>* saved) {
  ExitSignalFarewell farewell;
  farewell.before = "\n" + Prefix(config) + "interrupted; ";
  farewell.count = saved;
  if (config.results_path.empty()) {
    farewell.after =
        " games were played, none saved (no --results FILE); with --results, "
        "the same command resumes a run\n";
  } else {
    farewell.after = " games are saved in " +
                     cli::EscapeForTerminal(config.results_path) +
                     "; the same command resumes:\n  " +
                     cli::EscapeForTerminal(config.command_line) + "\n";
  }
  return farewell;
}

void ArenaRun::Play(std::FILE* results_file) {
  if (pending_.empty()) return;  // all already played: no 0/0 progress line
  results_file_ = results_file;
  SetExitSignalFarewell(ArenaFarewell(config_, &saved_));
  progress_.Start();
  {
    // What bots in process print with std::cout or std::cerr goes to their
    // seat's log (a kept game's stderr_playerN.txt), never to `out`.
    Nowhere nowhere;
    StandardOutputRouter router(&nowhere);
    ForEachIndex(pending_.size(), config_.jobs, [this](size_t i) {
      if (!ShouldSkip(pending_[i])) PlayOne(pending_[i]);
    });
  }
  ClearExitSignalFarewell();
  Progress(true);
}

bool ArenaRun::ShouldSkip(const ArenaGame& game) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!stopped_pairs_.count(game.lineup_index) && failure_.empty())
    return false;
  ++skipped_;
  return true;
}

void ArenaRun::PlayOne(const ArenaGame& game) {
  absl::StatusOr<std::string> folder = kept_.StartGame(game);
  absl::StatusOr<std::unique_ptr<PlayedGame>> played =
      folder.ok()
          ? PlayArenaGame(game, config_, game_, *folder)
          : absl::StatusOr<std::unique_ptr<PlayedGame>>(folder.status());
  if (!played.ok()) {
    std::lock_guard<std::mutex> lock(mu_);
    ++failures_;
    failure_ = std::string(played.status().message());
    return;
  }
  if ((*played)->seats.size() != game.bots.size()) {
    std::lock_guard<std::mutex> lock(mu_);
    ++failures_;
    failure_ =
        game_.Name() + " gave " + std::to_string((*played)->seats.size()) +
        " seats' outcomes for " + std::to_string(game.bots.size()) + " bots";
    return;
  }
  ArenaResult result = ToResult(game, **played);
  result.scored = result.players() == 2 && game_.ScoresTwoPlayerGames();
  // The seat of the lineup's first bot: seat s plays lineup[(s + rotation) %
  // N].
  const int n = result.players();
  const bool first_bot_lost = !result.winners[(n - game.rotation % n) % n];
  const bool keep = config_.keep_replays == "all" ||
                    (config_.keep_replays == "losses" && first_bot_lost);
  // The folder is whole before the result line says the game is done.
  absl::Status kept =
      kept_.Finish(game, keep, **played, "warlight " + config_.command);
  if (!kept.ok()) std::cerr << Prefix(config_) << Why(kept) << "\n";
  Record(game, result);
}

void ArenaRun::Record(const ArenaGame& game, const ArenaResult& result) {
  std::lock_guard<std::mutex> lock(mu_);
  results_.push_back(result);
  ++finished_;
  if (results_file_) {
    const std::string line = ResultToJsonLine(result);
    std::fwrite(line.data(), 1, line.size(), results_file_);
    std::fflush(results_file_);
  }
  ++saved_;  // after its line: Ctrl-C never counts a game not in the file
  if (config_.sprt && game.lineup.size() == 2 &&
      SprtTest(PairScore(results_, game.lineup[0], game.lineup[1]),
               config_.elo0, config_.elo1)
              .decision != SprtDecision::kContinue) {
    stopped_pairs_.insert(game.lineup_index);
  }
  Progress(false);
}

std::string ArenaRun::LiveScore() const {
  if (schedule_.empty()) return "";
  const std::vector<std::string>& lineup = schedule_[0].lineup;
  const std::string& a = lineup[0];
  if (lineup.size() == 2) {
    Score s = PairScore(results_, a, lineup[1]);
    if (!s.games()) return "";
    return " | " + cli::EscapeForTerminal(a, 30) + " " +
           Fixed(100 * s.rate(), 1) + "% vs " +
           cli::EscapeForTerminal(lineup[1], 30);
  }
  for (const BotStanding& b : Standings(results_)) {
    if (b.bot != a) continue;
    return " | " + cli::EscapeForTerminal(a, 30) + ": mean score " +
           Fixed(b.mean_score(), 3) + ", wins " +
           Fixed(100 * b.win_share(), 1) + "%";
  }
  return "";
}

void ArenaRun::Progress(bool final_line) {
  const int total = static_cast<int>(pending_.size()) - skipped_;
  progress_.Show(finished_, total, final_line, [this] { return LiveScore(); });
}

// Every bot that plays as a process must be able to start.
absl::Status CheckBots(const ArenaConfig& config, const GameAdapter& game) {
  for (const std::string& bot : config.bots) {
    if (PlaysInProcess(config, game, bot)) continue;
    absl::Status ok = game.CheckBot(bot);
    if (!ok.ok()) return ok;
  }
  return absl::OkStatus();
}

// The results so far (none without --results) and the file to append to.
absl::Status PrepareResults(const ArenaConfig& config, ArenaSettings* settings,
                            std::vector<ArenaResult>* results,
                            std::FILE** file) {
  if (config.results_path.empty()) return absl::OkStatus();
  absl::StatusOr<std::vector<ArenaResult>> loaded =
      OpenResults(config, settings);
  if (!loaded.ok()) return loaded.status();
  *results = *std::move(loaded);
  *file = std::fopen(config.results_path.c_str(), "a");
  if (!*file)
    return absl::UnavailableError("cannot append to " + config.results_path);
  return absl::OkStatus();
}

}  // namespace

namespace {

// Says when --games is rounded up so that each seed is played in every
// rotation of the seats.
void WarnRoundedGames(const ArenaConfig& config) {
  const int players = static_cast<int>(config.players);
  const int64_t played = GamesPlayedPerLineup(config.games, players);
  if (played == config.games) return;
  if (players == 2) {
    std::cerr << Prefix(config) << "--games " << config.games
              << " is odd; each seed is played in both seats, so " << played
              << " games per pair are played\n";
    return;
  }
  std::cerr << Prefix(config) << "--games " << config.games
            << " is not a multiple of " << players
            << "; each seed is played in every rotation of the seats, so "
            << played << " games per lineup are played\n";
}

}  // namespace

int RunArena(const ArenaConfig& given, GameAdapter& game, std::ostream& out) {
  ArenaConfig config = given;
  if (config.command_line.empty())
    config.command_line = "warlight " + config.command + " ...";
  game.SetPlayers(static_cast<int>(config.players));
  if (config.maps_dir.empty() && config.maps.empty())
    config.maps = game.DefaultMaps();
  if (absl::Status ok = CheckBots(config, game); !ok.ok())
    return Error(config, Why(ok));
  ArenaSettings settings = CurrentSettings(config, game);
  std::vector<ArenaResult> results;
  std::FILE* results_file = nullptr;
  if (absl::Status ok =
          PrepareResults(config, &settings, &results, &results_file);
      !ok.ok()) {
    return Error(config, Why(ok));
  }
  WarnRoundedGames(config);
  ArenaRun run(
      config, game,
      Schedule(config.bots, static_cast<int>(config.games), config.seed,
               config.maps, static_cast<int>(config.players)),
      std::move(results), settings.run);
  const int already = run.SelectPending();
  run.Play(results_file);
  if (results_file) std::fclose(results_file);
  if (already) {
    std::cerr << "(" << already << " games were already in "
              << cli::EscapeForTerminal(config.results_path) << ")\n";
  }
  if (!run.failure().empty()) {
    std::cerr << Prefix(config) << run.failures()
              << " game(s) failed: " << cli::EscapeForTerminal(run.failure())
              << "\n";
  }
  const ArenaConfig& c = config;
  out << (c.json ? TableJson(run.results(), c.elo0, c.elo1, c.sprt)
                 : ResultsTable(run.results(), c.elo0, c.elo1, c.sprt));
  out.flush();
  return run.failure().empty() ? 0 : 1;
}

namespace {

bool ParseSprt(const std::string& text, ArenaConfig* config) {
  config->sprt = !text.empty();
  if (!config->sprt) return true;
  return std::sscanf(text.c_str(), "%lf,%lf", &config->elo0, &config->elo1) ==
             2 &&
         config->elo0 < config->elo1;
}

bool ParseShard(const std::string& text, ArenaConfig* config) {
  if (text.empty()) return true;
  int k = 0, n = 0;
  char rest = 0;
  if (std::sscanf(text.c_str(), "%d/%d%c", &k, &n, &rest) != 2 || n < 1 ||
      k < 1 || k > n) {
    return false;
  }
  config->shard = k;
  config->shards = n;
  return true;
}

constexpr const char* kArenaHelp =
    "Plays games between every pair of bots, each seed in both seats,\n"
    "and prints wins, draws, losses, score with its 95% Wilson interval\n"
    "and the Elo difference with its 95% interval, then per bot its\n"
    "time-outs, crashes, parse errors and moves the rules rejected.\n";

constexpr const char* kPlayersHelp =
    "With --players N > 2: every lineup of N bots, each seed in every\n"
    "rotation of the seats, and per bot its mean score, win share\n"
    "(co-winners share a win) and places.\n";

constexpr const char* kWarlightBotsHelp =
    "A BOT is the name of any folder under bots/ (starter, random, greedy,\n"
    "mcts, your fork), played in process, or any shell command line\n"
    "(\"python3 mybot.py\"), played through a process as in `warlight\n"
    "match`. Kept game folders hold replay.html: open it in a browser.\n";

// Declares the flags; the text ones are parsed after.
void DeclareFlags(Flags* flags, GameAdapter& game, ArenaConfig* c,
                  std::string* sprt_text, std::string* shard_text) {
  const bool more = game.MaxPlayers() > 2;
  flags->Int("games", &c->games, "N",
             std::string("games per pair; each seed is played in both seats, "
                         "so an odd N plays N+1") +
                 (more ? " (per lineup of N players: a multiple of N)" : ""));
  if (more) {
    flags->Int(
        "players", &c->players, "N",
        "players of each game, 2 to " + std::to_string(game.MaxPlayers()));
  }
  SeedFlag(*flags, &c->seed,
           "the arena's seed: the same seed, the same games and maps");
  flags->String("maps", &c->maps_dir, "DIR",
                "a folder of the game's map files, drawn by the seed; "
                "without it, the game's own (Warlight: generated maps)");
  game.DeclareFlags(*flags);  // Warlight: --regions, --timebank, ...
  flags->Int("jobs", &c->jobs, "J", "games played at once");
  flags->String("results", &c->results_path, "FILE",
                "append each finished game as a JSON line; a re-run with the "
                "same settings resumes");
  flags->String("keep-replays", &c->keep_replays, "losses|all|none",
                "keep game folders with replay.html and each bot's stderr; "
                "losses: the games the first bot lost");
  flags->String("out", &c->out_dir, "DIR",
                "where kept game folders go; without it, games/arena-<run>");
  flags->String("shard", shard_text, "K/N", "play only the K-th of N shares");
  flags->String("sprt", sprt_text, "ELO0,ELO1",
                "stop a pair when the SPRT accepts H0 (elo0) or H1 (elo1); "
                "2 players only");
  flags->Bool("processes", &c->force_processes,
              "play the bots of bots/ as processes too");
  flags->Bool("json", &c->json, "print the final table as JSON");
}

// --players and the size of the schedule; "" when fine.
std::string CheckPlayers(const ArenaConfig& c, const GameAdapter& game) {
  if (c.players < game.MinPlayers() || c.players > game.MaxPlayers()) {
    return "--players must be between " + std::to_string(game.MinPlayers()) +
           " and " + std::to_string(game.MaxPlayers()) + " for " + game.Name();
  }
  const int players = static_cast<int>(c.players);
  const int64_t lineups = LineupCount(static_cast<int>(c.bots.size()), players);
  const int64_t per_lineup = GamesPlayedPerLineup(c.games, players);
  if (lineups > kMaxScheduledGames / per_lineup) {
    const char* what = players == 2 ? " pairs x " : " lineups x ";
    return "too many games: " + std::to_string(lineups) + what +
           std::to_string(per_lineup) + " games; at most " +
           std::to_string(kMaxScheduledGames) + " in one schedule";
  }
  if (c.sprt && players != 2)
    return "--sprt compares pairs: it needs --players 2";
  return "";
}

// Checks the parsed flags; an error message, or "" when they are fine.
std::string Validate(ArenaConfig* c, GameAdapter& game,
                     const std::string& sprt_text,
                     const std::string& shard_text) {
  if (c->bots.size() < 2) return "needs at least two bots";
  if (!ParseSprt(sprt_text, c))
    return "--sprt needs ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10";
  if (c->games < 1 || c->games > kMaxGamesPerPair)
    return "--games must be between 1 and " + std::to_string(kMaxGamesPerPair);
  if (std::string error = CheckPlayers(*c, game); !error.empty()) return error;
  if (c->jobs < 1 || c->jobs > kMaxJobs)
    return "--jobs must be between 1 and " + std::to_string(kMaxJobs);
  game.SetPlayers(static_cast<int>(c->players));
  if (std::string error = game.CheckFlags(); !error.empty()) return error;
  if (c->keep_replays != "none" && c->keep_replays != "all" &&
      c->keep_replays != "losses") {
    return "--keep-replays must be losses, all or none";
  }
  if (!ParseShard(shard_text, c))
    return "--shard needs K/N with 1 <= K <= N, e.g. 2/8";
  if (!c->maps_dir.empty()) {
    absl::StatusOr<std::vector<std::string>> maps = game.ListMaps(c->maps_dir);
    if (!maps.ok()) return std::string(maps.status().message());
    c->maps = *std::move(maps);
  }
  return "";
}

int MergeMain(const GameAdapter& game, const std::string& command, int argc,
              char** argv);

// `word` as a shell reads it back: as is when plain, else single-quoted.
std::string ShellWord(const std::string& word) {
  if (!word.empty() &&
      word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW"
                             "XYZ0123456789_./:=,@%+-") == std::string::npos) {
    return word;
  }
  std::string quoted = "'";
  for (char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

int ArenaMain(GameAdapter& game, int argc, char** argv,
              const ArenaCommand& command) {
  if (argc > 0 && std::string(argv[0]) == "merge")
    return MergeMain(game, command.name, argc - 1, argv + 1);
  ArenaConfig config;
  config.command = command.name;
  config.jobs = std::max(1u, std::thread::hardware_concurrency());
  std::string sprt_text, shard_text;
  const std::string help =
      kArenaHelp + std::string(game.MaxPlayers() > 2 ? kPlayersHelp : "") +
      "\n" +
      (command.bots_help.empty() ? kWarlightBotsHelp : command.bots_help) +
      "Subcommand: `warlight " + command.name +
      " merge FILE...` combines result files.";
  config.command_line = "warlight " + command.name;
  for (int i = 0; i < argc; ++i)
    config.command_line += " " + ShellWord(argv[i]);
  Flags flags(command.name, "BOT BOT [BOT...]", help);
  DeclareFlags(&flags, game, &config, &sprt_text, &shard_text);
  if (std::optional<int> exit = flags.Parse(argc, argv, &config.bots))
    return *exit;
  const std::string error = Validate(&config, game, sprt_text, shard_text);
  if (!error.empty()) return flags.Fail(cli::EscapeForTerminal(error));
  std::ostream out(std::cout.rdbuf());  // the table's own stream
  KillProcessGroupsOnExitSignals();     // every game's arena: Ctrl-C says more
  return RunArena(config, game, out);
}

namespace {

// Adds one file's results to *all; false (after saying why) when the file
// was played with other settings than the first file read.
bool MergeFile(const std::string& path, const GameAdapter& game,
               const std::string& prefix, std::optional<ArenaSettings>* first,
               std::string* first_path, std::vector<ArenaResult>* all,
               std::set<std::string>* seen) {
  absl::StatusOr<ResultsFile> file = LoadResultsFile(path);
  if (!file.ok()) {
    std::cerr << prefix << Why(file.status()) << ", skipped\n";
    return true;
  }
  for (const std::string& w : file->warnings)
    std::cerr << prefix << cli::EscapeForTerminal(w) << "\n";
  if (file->settings) NameGameFlags(game.Settings(), &*file->settings);
  if (file->settings && *first) {
    std::vector<std::string> diff =
        SettingsDifferences(**first, *file->settings);
    if (!diff.empty()) {
      std::cerr << prefix << cli::EscapeForTerminal(path)
                << " was played with other settings than "
                << cli::EscapeForTerminal(*first_path) << ": "
                << cli::EscapeForTerminal(diff[0]) << "\n";
      return false;
    }
  } else if (file->settings) {
    *first = file->settings;
    *first_path = path;
  }
  for (ArenaResult& r : file->results) {
    if (seen->insert(r.key).second) all->push_back(std::move(r));
  }
  return true;
}

int MergeMain(const GameAdapter& game, const std::string& command, int argc,
              char** argv) {
  bool as_json = false;
  std::string sprt_text;
  const std::string prefix = "warlight " + command + " merge: ";
  Flags flags(
      command + " merge", "FILE...",
      "Combines arena result files (for instance one per shard) and\n"
      "prints the final table. A game found in several files counts once;\n"
      "files played with different settings are refused.");
  flags.Bool("json", &as_json, "print the table as JSON");
  flags.String("sprt", &sprt_text, "ELO0,ELO1", "also show the SPRT verdict");
  std::vector<std::string> files;
  if (std::optional<int> exit = flags.Parse(argc, argv, &files)) return *exit;
  if (files.empty()) return flags.Fail("no result file given");
  ArenaConfig config;
  if (!ParseSprt(sprt_text, &config))
    return flags.Fail("--sprt needs ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10");
  std::vector<ArenaResult> all;
  std::set<std::string> seen;
  std::optional<ArenaSettings> first;
  std::string first_path;
  for (const std::string& file : files) {
    if (!MergeFile(file, game, prefix, &first, &first_path, &all, &seen))
      return 2;
  }
  if (all.empty()) {
    std::cerr << prefix << "no arena result read from the given files\n";
    return 2;
  }
  std::cout << (as_json
                    ? TableJson(all, config.elo0, config.elo1, config.sprt)
                    : ResultsTable(all, config.elo0, config.elo1, config.sprt));
  return 0;
}

}  // namespace

}  // namespace wl::tools
