#include "berlin/berlin_game.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <utility>

#include "berlin/berlin_files.h"
#include "berlin/berlin_match.h"
#include "berlin/bot_server.h"
#include "berlin/builtin_bots.h"
#include "berlin/endpoint_seat.h"
#include "berlin/http_seat.h"
#include "common/bot_params.h"
#include "common/bots.h"
#include "common/capped_log.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/hash.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// The turn limit of every public map (berlin §2.4, §4.3).
constexpr int64_t kPublicTurnLimitMs = 5000;

// One seat as it plays. Members are destroyed seat first, the log last.
struct StartedSeat {
  std::unique_ptr<CappedLog> log;  // in process: the Endpoint's log
  std::unique_ptr<BotServer> server;
  std::unique_ptr<BerlinSeat> seat;
  std::string url;
  BerlinSeatRun run;  // kind and command; `ended` once stopped
};

// Starts `s` as a URL, a bot `make_bot` makes in process (when
// `in_process`), or a bot server.
absl::Status StartSeat(const SeatSetup& s, bool in_process,
                       const BerlinGame::BotFactory& make_bot,
                       double start_timeout_s, StartedSeat* out) {
  if (IsBerlinBotUrl(s.bot)) {
    absl::StatusOr<HttpUrl> url = ParseHttpUrl(s.bot);
    if (!url.ok()) return url.status();
    out->url = s.bot;
    out->run.seat = "url";
    out->seat = std::make_unique<HttpSeat>(*url);
    return absl::OkStatus();
  }
  if (!s.params.empty() && !in_process) {
    return absl::InvalidArgumentError(
        "parameters are set on Berlin bots in process only, not on " + s.bot);
  }
  if (in_process) {
    if (absl::Status ok =
            SetBotParams(make_bot(s.bot, s.seed).get(), s.bot, s.params);
        !ok.ok()) {
      return ok;
    }
    out->url = "in-process:" + s.bot;
    out->run.seat = "in-process";
    out->log =
        std::make_unique<CappedLog>(s.stderr_path.empty() ? 0 : s.stderr_cap);
    berlin::EndpointOptions options;
    options.log = out->log->stream();
    out->seat = std::make_unique<EndpointSeat>(
        [make_bot, bot = s.bot, seed = s.seed, params = s.params] {
          std::unique_ptr<berlin::Bot> made = make_bot(bot, seed);
          SetBotParams(made.get(), bot, params).IgnoreError();  // checked
          return made;
        },
        options);
    return absl::OkStatus();
  }
  BotServerOptions options;
  options.seed = s.seed;
  options.start_timeout_ms = std::llround(start_timeout_s * 1000);
  options.stderr_path = s.stderr_path;
  options.stderr_cap_bytes = s.stderr_cap;
  absl::StatusOr<std::unique_ptr<BotServer>> server =
      BotServer::Start(s.bot, options);
  if (!server.ok()) return server.status();
  out->server = *std::move(server);
  out->url = out->server->url();
  out->run.seat = "process";
  out->run.command = out->server->command();
  out->seat = std::make_unique<HttpSeat>(*ParseHttpUrl(out->url));
  return absl::OkStatus();
}

// What the shared tools keep of a seat (see berlin_game.h).
SeatOutcome OutcomeOf(const BerlinSeatStats& stats, const BerlinResult& result,
                      const std::string& ended) {
  SeatOutcome o;
  o.timeouts = stats.timeouts;
  o.failed_answers = stats.failed_answers;
  o.parse_errors = stats.unreadable_answers + stats.cut_short_answers;
  o.rejected_moves = stats.rejected_moves;
  o.time_used_ms = std::llround(stats.time_used_ms);
  o.crashed = !ended.empty();
  o.crash = ended;
  o.score = result.score;
  o.winner = result.winner;
  return o;
}

// Appends player `id`'s exchanges to `timing` (profile): the action, the
// limit the referee allowed, the answer's time (the limit on a time-out).
void AppendTiming(const BerlinRecord& record, int id,
                  std::vector<TimedRequest>* timing) {
  for (const BerlinExchange& e : record.exchanges) {
    if (e.player_id != id) continue;
    TimedRequest t;
    t.kind = e.request.action;
    t.bank_ms = e.timeout_option;
    t.timed_out = e.answer.kind == BerlinAnswer::Kind::kTimedOut;
    t.answer_ms = e.answer.elapsed_ms;
    t.elapsed_ms =
        t.timed_out ? e.timeout_option : std::llround(e.answer.elapsed_ms);
    timing->push_back(std::move(t));
  }
}

// The built-in maps with a setup for `players`, loaded.
std::vector<std::pair<std::string, BerlinMapFile>> BuiltinMapsFor(int players) {
  std::vector<std::pair<std::string, BerlinMapFile>> maps;
  for (const std::string& name : BuiltinBerlinMapNames()) {
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
    if (map.ok() && map->Setup(players).ok())
      maps.emplace_back(name, *std::move(map));
  }
  return maps;
}

bool IsMapFileName(const fs::path& path) {
  return path.extension() == ".json" || path.extension() == ".map";
}

}  // namespace

BerlinPlayedGame::BerlinPlayedGame(std::unique_ptr<BerlinMapFile> map,
                                   BerlinGameSpec spec, BerlinRecord record,
                                   int64_t seed,
                                   std::vector<BerlinSeatRun> runs)
    : map_(std::move(map)),
      spec_(std::move(spec)),
      record_(std::move(record)),
      seed_(seed),
      runs_(std::move(runs)) {
  spec_.map = map_.get();
  for (BerlinPlayer& p : spec_.players) p.seat = nullptr;
  rounds = record_.number_of_turns;
}

absl::Status BerlinPlayedGame::WriteFiles(const std::string& dir,
                                          const std::string& command) const {
  return WriteBerlinGameFolder(dir, spec_, record_, seed_, command, runs_);
}

BerlinGame::BerlinGame()
    : BerlinGame(MakeBuiltInBerlinBot, [](const std::string& bot) {
        return BuiltInBerlinBots().Contains(bot);
      }) {}

BerlinGame::BerlinGame(BotFactory make_bot, InProcessTest in_process)
    : make_bot_(std::move(make_bot)), in_process_(std::move(in_process)) {}

bool IsBerlinBotUrl(const std::string& bot) {
  std::string head = bot.substr(0, 8);
  std::transform(head.begin(), head.end(), head.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return head.rfind("http://", 0) == 0 || head.rfind("https://", 0) == 0;
}

void BerlinGame::DeclareFlags(Flags& flags) {
  flags.Int("turn-limit-ms", &turn_limit_ms_, "MS",
            "the time a turn answer may take, also sent to the bots as "
            "time_limit_per_turn; 0: the map's");
  flags.Double("start-timeout", &start_timeout_s_, "SECONDS",
               "how long a bot process may take to accept connections");
}

std::string BerlinGame::CheckFlags() const {
  if (turn_limit_ms_ < 0) return "--turn-limit-ms must be >= 0";
  if (!(start_timeout_s_ > 0 && start_timeout_s_ <= 86400))
    return "--start-timeout must be > 0 and at most 86400";
  return "";
}

std::vector<GameSetting> BerlinGame::Settings() const {
  return {{"--turn-limit-ms", "turn_limit_ms", std::to_string(turn_limit_ms_)}};
}

std::string BerlinGame::DefaultMap() const {
  std::string names;
  uint64_t hash = Fnv1a64("");
  for (const auto& [name, map] : BuiltinMapsFor(players_)) {
    names += (names.empty() ? "" : ", ") + name;
    hash = Fnv1a64(map.map_json, Fnv1a64(name + '\0', hash));
  }
  return "built-in maps for " + std::to_string(players_) +
         " players: " + (names.empty() ? "none" : names) + "; fnv1a64 " +
         Hex64(hash);
}

std::vector<std::string> BerlinGame::DefaultMaps() const {
  std::vector<std::string> names;
  for (const auto& [name, map] : BuiltinMapsFor(players_))
    names.push_back(name);
  return names;
}

absl::StatusOr<std::vector<std::string>> BerlinGame::ListMaps(
    const std::string& dir) const {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return absl::NotFoundError("--maps " + dir + ": not a folder");
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file(ec) && IsMapFileName(entry.path()))
      files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> maps;
  for (const std::string& file : files) {
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(file);
    if (!map.ok()) return map.status();
    if (map->Setup(players_).ok()) maps.push_back(file);
  }
  if (maps.empty()) {
    return absl::NotFoundError("--maps " + dir + ": no Berlin map (.json, " +
                               ".map) with a setup for " +
                               std::to_string(players_) + " players");
  }
  return maps;
}

bool BerlinGame::PlaysInProcess(const std::string& bot) const {
  return !IsBerlinBotUrl(bot) && in_process_(bot);
}

absl::Status BerlinGame::CheckBot(const std::string& bot) const {
  if (IsBerlinBotUrl(bot)) return ParseHttpUrl(bot).status();
  return CheckBotCanStart(bot, BerlinBotFolders());
}

std::string BerlinGame::BotIdentity(const std::string& bot,
                                    bool in_process) const {
  if (IsBerlinBotUrl(bot)) return "url " + bot;
  std::error_code ec;
  if (in_process) {
    // What plays is the code inside this program.
    return "in process; binary " +
           FileIdentity(fs::read_symlink("/proc/self/exe", ec).string());
  }
  const BotFolders& folders = BerlinBotFolders();
  if (IsRepositoryBot(bot, folders))
    return "process; binary " + FileIdentity(ResolveBotCommand(bot, folders));
  return CommandIdentity(bot, BotExecutable(bot, folders));
}

absl::StatusOr<std::unique_ptr<PlayedGame>> BerlinGame::Play(
    const GameSetup& setup) const {
  std::string name = setup.map;
  if (name.empty()) {
    const std::vector<std::string> maps = DefaultMaps();
    if (maps.empty()) {
      return absl::InvalidArgumentError(
          "no built-in Berlin map has a setup for " + std::to_string(players_) +
          " players");
    }
    name = maps.front();
  }
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
  if (!map.ok()) return map.status();
  absl::StatusOr<std::unique_ptr<BerlinPlayedGame>> played =
      PlayOn(setup, std::make_unique<BerlinMapFile>(*std::move(map)));
  if (!played.ok()) return played.status();
  return std::unique_ptr<PlayedGame>(*std::move(played));
}

absl::StatusOr<std::unique_ptr<BerlinPlayedGame>> BerlinGame::PlayOn(
    const GameSetup& setup, std::unique_ptr<BerlinMapFile> map) const {
  const int n = static_cast<int>(setup.seats.size());
  if (absl::StatusOr<berlin::State> start = map->Setup(n); !start.ok())
    return start.status();
  const std::vector<int> ids =
      BerlinPlayerIds(n, static_cast<uint64_t>(setup.seed));
  std::vector<StartedSeat> seats(n);
  BerlinGameSpec spec;
  spec.map = map.get();
  spec.game_id = BerlinGameId(static_cast<uint64_t>(setup.seed));
  spec.turn_limit_ms = turn_limit_ms_;
  for (int k = 0; k < n; ++k) {
    const SeatSetup& s = setup.seats[k];
    const bool in_process = !setup.force_processes && PlaysInProcess(s.bot);
    if (absl::Status ok =
            StartSeat(s, in_process, make_bot_, start_timeout_s_, &seats[k]);
        !ok.ok()) {
      return ok;
    }
    spec.players.push_back({ids[k], s.bot, seats[k].url, seats[k].seat.get()});
  }
  BerlinRecord record = RefereeGame(spec);
  std::vector<BerlinSeatRun> runs(n);
  for (int k = 0; k < n; ++k) {
    runs[k] = seats[k].run;
    runs[k].player_id = ids[k];
    if (seats[k].server) runs[k].ended = seats[k].server->EndReason();
    seats[k].seat.reset();  // an EndpointSeat waits for its late requests
    seats[k].server.reset();
    const std::string& path = setup.seats[k].stderr_path;
    if (!seats[k].log || path.empty()) continue;
    if (absl::Status s = WriteFileAtomically(path, seats[k].log->text());
        !s.ok()) {
      return s;
    }
  }
  auto played = std::make_unique<BerlinPlayedGame>(
      std::move(map), std::move(spec), std::move(record), setup.seed, runs);
  for (int k = 0; k < n; ++k) {
    if (setup.seats[k].timing != nullptr) {
      AppendTiming(played->record(), ids[k], setup.seats[k].timing);
    }
    played->seats.push_back(OutcomeOf(played->record().stats.at(ids[k]),
                                      played->record().results.at(ids[k]),
                                      runs[k].ended));
  }
  played->winner = RankSeats(&played->seats);
  return played;
}

absl::StatusOr<std::vector<wl::Param>> BerlinGame::BotParams(
    const std::string& bot) const {
  if (!PlaysInProcess(bot)) {
    return absl::UnimplementedError(
        "a Berlin bot is tuned in process only (a built-in bot): " + bot);
  }
  return ParamsOfBot(make_bot_(bot, 0).get(), bot);
}

int64_t BerlinGame::TimeAvailableMs(int64_t requests) const {
  return requests * (turn_limit_ms_ > 0 ? turn_limit_ms_ : kPublicTurnLimitMs);
}

}  // namespace wl::tools
