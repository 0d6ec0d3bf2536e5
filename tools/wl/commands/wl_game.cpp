#include "wl/commands/wl_game.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <optional>
#include <system_error>
#include <utility>

#include "common/bot_params.h"
#include "common/bots.h"
#include "common/cli.h"
#include "common/files.h"
#include "sdk/cli/terminal.h"
#include "wl/bot_command.h"
#include "wl/bot_process.h"
#include "wl/builtin_bots.h"
#include "wl/commands/view.h"
#include "wl/dingle_engine.h"
#include "wl/game_files.h"
#include "wl/in_process_seat.h"
#include "wl/mapgen.h"
#include "wl/timing_seat.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// The dump line of each request the engine answered for a killed bot.
constexpr char kSkipping[] =
    "Maximum number (2) of time-outs reached: skipping all moves.";
// WL1's, for each go request not sent after two time-outs (wl1 §10.2).
constexpr char kWl1Skipping[] =
    "Maximum number of idle moves returned: skipping move";

// Dingle's starting regions (dingle §3): --starts.
constexpr const char* kStarts[] = {"default", "warlords", "manual"};

bool OfficialTime(const TimeRules& time) {
  return time.timebank_ms == kTimebankMs &&
         time.time_per_move_ms == kTimePerMoveMs;
}

int CountOf(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size())) {
    ++n;
  }
  return n;
}

SeatOutcome OutcomeOf(const SeatOutcome& s, const std::string& dump,
                      RuleSet rules) {
  SeatOutcome o = s;
  o.skipped_requests =
      CountOf(dump, rules == RuleSet::kWl1 ? kWl1Skipping : kSkipping);
  return o;
}

// A game's two seats as they play: in process or a process, each maybe
// wrapped in a TimingSeat.
struct Seats {
  std::unique_ptr<Seat> owned[2];
  InProcessSeat* in_process[2] = {nullptr, nullptr};
  std::unique_ptr<TimingSeat> timing[2];
  Seat* playing[2] = {nullptr, nullptr};
};

}  // namespace

absl::Status WriteGameFolderWithPage(const std::string& dir,
                                     const GameRecord& record,
                                     const std::string& map_json,
                                     const std::string& result_json) {
  absl::Status written = WriteGameFolder(dir, record, map_json, result_json);
  if (!written.ok() || record.replay.empty()) return written;
  return WriteReplayHtml(dir);
}

WlPlayedGame::WlPlayedGame(GameRecord record, std::string map_json,
                           std::string map_name, GameSetup setup, RuleSet rules,
                           std::string starts)
    : record_(std::move(record)),
      map_json_(std::move(map_json)),
      map_name_(std::move(map_name)),
      setup_(std::move(setup)),
      rules_(rules),
      starts_(std::move(starts)) {
  winner = WinnerName(record_.outcome);
  rounds = record_.rounds;
  for (int i = 0; i < 2; ++i)
    seats.push_back(OutcomeOf(record_.stats[i], record_.dump[i], rules_));
  SeatsFromWinner(winner, &seats);
}

absl::Status WlPlayedGame::WriteFiles(const std::string& dir,
                                      const std::string& command) const {
  return WriteGameFolderWithPage(dir, record_, map_json_, ResultJson(command));
}

std::string WlPlayedGame::ResultJson(const std::string& command) const {
  return ::wl::tools::ResultJson(record_, setup_.seed, map_name_,
                                 setup_.seats[0].bot, setup_.seats[1].bot,
                                 command, rules_, starts_);
}

WlGame::WlGame() : WlGame(MakeBuiltInBot, IsBuiltInBot) {}

WlGame::WlGame(BotFactory make_bot, InProcessTest in_process)
    : make_bot_(std::move(make_bot)), in_process_(std::move(in_process)) {}

std::string WlGame::Name() const {
  switch (rules()) {
    case RuleSet::kWl1:
      return "warlight1";
    case RuleSet::kDingle:
      return "dingle";
    case RuleSet::kWl2:
      break;
  }
  return "warlight2";
}

void WlGame::DeclareFlags(Flags& flags) {
  flags.String("rules", &rules_name_, "wl2|wl1|dingle",
               "the rule set: Warlight AI Challenge 2 (the default), 1, or "
               "Adam Dingle's Warlight (README: The three rule sets)");
  flags.String("starts", &starts_, "default|warlords|manual",
               "--rules dingle's starting regions (default: 4 random each)");
  flags.Int("regions", &regions_, "N", "regions of generated maps; 0: varied");
  flags.Int("timebank", &time_.timebank_ms, "MS",
            "the time bank; the default is the official one");
  flags.Int("time-per-move", &time_.time_per_move_ms, "MS",
            "added to the bank per answer; the default is the official one");
}

std::string WlGame::CheckFlags() const {
  const std::optional<RuleSet> rules = ParseRuleSet(rules_name_);
  if (!rules) return "--rules must be wl2, wl1 or dingle";
  const std::string name(RuleSetName(*rules));
  if (!starts_.empty() && *rules != RuleSet::kDingle)
    return "--starts is for --rules dingle (dingle §3), not " + name;
  if (!starts_.empty() && std::find(std::begin(kStarts), std::end(kStarts),
                                    starts_) == std::end(kStarts)) {
    return "--starts must be default, warlords or manual";
  }
  if (time_.timebank_ms < 1 || time_.time_per_move_ms < 0)
    return "--timebank must be >= 1 and --time-per-move >= 0";
  if (*rules == RuleSet::kWl1 && !OfficialTime(time_)) {
    return "--rules wl1 has no time bank: every request waits 2000 ms (wl1 "
           "§10); no --timebank or --time-per-move";
  }
  if (*rules == RuleSet::kDingle && !OfficialTime(time_)) {
    return "--rules dingle has no time bank: every decision has 60000 ms "
           "(dingle §11); no --timebank or --time-per-move";
  }
  if (*rules != RuleSet::kWl2 && regions_ != 0) {
    return "--rules " + name + " plays its fixed earth map (" +
           EarthMapName(*rules) + "): no --regions";
  }
  if (regions_ != 0 &&
      (regions_ < kMapgenMinRegions || regions_ > kMapgenMaxRegions)) {
    return "--regions must be " + std::to_string(kMapgenMinRegions) + ".." +
           std::to_string(kMapgenMaxRegions) + ", or 0 for varied maps";
  }
  return "";
}

std::string WlGame::StartsName() const {
  return starts_.empty() ? kStarts[0] : starts_;
}

GameOptions WlGame::Options(bool record_replay) const {
  GameOptions options;
  options.rules = rules();
  options.time = time_;
  options.record_replay = record_replay;
  options.warlords = rules() == RuleSet::kDingle && StartsName() == "warlords";
  options.manual = rules() == RuleSet::kDingle && StartsName() == "manual";
  return options;
}

std::vector<GameSetting> WlGame::Settings() const {
  const GameSetting rule_set{"--rules", "rules",
                             std::string(RuleSetName(rules()))};
  const GameSetting timebank{"--timebank", "timebank_ms",
                             std::to_string(time_.timebank_ms)};
  const GameSetting per_move{"--time-per-move", "time_per_move_ms",
                             std::to_string(time_.time_per_move_ms)};
  switch (rules()) {
    case RuleSet::kWl1:
      return {rule_set};
    case RuleSet::kDingle:
      return {rule_set, {"--starts", "starts", StartsName()}};
    case RuleSet::kWl2:
      break;
  }
  return {
      timebank, per_move, {"--regions", "regions", std::to_string(regions_)}};
}

std::string WlGame::DefaultMap() const {
  return rules() == RuleSet::kWl2 ? "generated" : EarthMapName(rules());
}

absl::StatusOr<std::vector<std::string>> WlGame::ListMaps(
    const std::string& dir) const {
  if (rules() != RuleSet::kWl2) {
    return absl::InvalidArgumentError(
        "--rules " + std::string(RuleSetName(rules())) +
        " plays its fixed earth map (" + EarthMapName(rules()) +
        ", built in): no --maps");
  }
  return ListMapFiles(dir);
}

bool WlGame::PlaysInProcess(const std::string& bot) const {
  return in_process_(bot);
}

absl::Status WlGame::CheckBot(const std::string& bot) const {
  return CheckBotCanStart(bot);
}

std::string WlGame::BotIdentity(const std::string& bot, bool in_process) const {
  if (!IsRepositoryBot(bot)) return CommandIdentity(bot, BotExecutable(bot));
  std::string binary = ResolveBotCommand(bot);
  std::error_code ec;
  if (!fs::is_regular_file(binary, ec)) {
    // Not built as a binary: what plays is the code inside this program.
    binary = fs::read_symlink("/proc/self/exe", ec).string();
  }
  return std::string(in_process ? "in process" : "process") + "; binary " +
         FileIdentity(binary);
}

namespace {

// Starts seat `i` of `setup` into *seats: in process when the game can,
// else as a process reading answers as `rules` does (WL1's FIFO); wrapped
// in a TimingSeat when asked.
absl::Status StartSeat(const GameSetup& setup, int i, bool in_process,
                       RuleSet rules, const WlGame::BotFactory& make_bot,
                       Seats* seats) {
  const SeatSetup& s = setup.seats[i];
  if (in_process) {
    const int64_t log_cap = s.stderr_path.empty() ? 0 : s.stderr_cap;
    std::unique_ptr<Bot> bot = make_bot(s.bot, s.seed);
    absl::Status set = SetBotParams(bot.get(), s.bot, s.params);
    if (!set.ok()) return set;
    auto seat = std::make_unique<InProcessSeat>(std::move(bot), log_cap);
    seats->in_process[i] = seat.get();
    seats->owned[i] = std::move(seat);
  } else {
    BotProcessOptions options;
    options.stderr_cap_bytes = s.stderr_cap;
    options.stderr_path = s.stderr_path;
    absl::StatusOr<std::unique_ptr<BotProcess>> process =
        BotProcess::Start(BotCommand(s.bot, s.seed) + ParamFlags(s.params),
                          options, AnswerQueue(rules));
    if (!process.ok()) {
      return absl::Status(process.status().code(),
                          "cannot start " + cli::EscapeForTerminal(s.bot, 200) +
                              ": " + std::string(process.status().message()));
    }
    seats->owned[i] = *std::move(process);
  }
  seats->playing[i] = seats->owned[i].get();
  if (s.timing) {
    seats->timing[i] = std::make_unique<TimingSeat>(*seats->owned[i], s.timing);
    seats->playing[i] = seats->timing[i].get();
  }
  return absl::OkStatus();
}

// One game under options.rules: the WL2/WL1 engine or Dingle's (whose
// messages name the map's regions).
GameRecord PlayUnder(const GameOptions& options, const GameMap& map,
                     int64_t seed, const Seats& seats) {
  if (options.rules == RuleSet::kDingle) {
    DingleSettings settings;
    settings.names = map.names;
    return PlayDingleGame(map.map, seed, *seats.playing[0], *seats.playing[1],
                          options, settings);
  }
  return PlayGame(map.map, seed, *seats.playing[0], *seats.playing[1], options);
}

// What result.json says of the map of `setup`: its file (or name), else
// the generated one or the rule set's earth map.
std::string MapName(const GameSetup& setup, const Map& map, RuleSet rules) {
  if (!setup.map.empty()) return setup.map;
  if (rules != RuleSet::kWl2) return EarthMapName(rules);
  return "generated (seed " + std::to_string(setup.seed) + ", " +
         std::to_string(map.RegionCount()) + " regions)";
}

}  // namespace

absl::StatusOr<std::unique_ptr<PlayedGame>> WlGame::Play(
    const GameSetup& setup) const {
  absl::StatusOr<GameMap> map = LoadRulesMap(
      rules(), setup.map, static_cast<uint64_t>(setup.seed), regions_);
  if (!map.ok()) return map.status();
  absl::StatusOr<std::unique_ptr<WlPlayedGame>> played =
      PlayOn(setup, *std::move(map));
  if (!played.ok()) return played.status();
  return std::unique_ptr<PlayedGame>(*std::move(played));
}

absl::StatusOr<std::unique_ptr<WlPlayedGame>> WlGame::PlayOn(
    const GameSetup& setup, GameMap map) const {
  if (setup.seats.size() != 2) {
    return absl::InvalidArgumentError("Warlight 2 is played by 2 seats, not " +
                                      std::to_string(setup.seats.size()));
  }
  Seats seats;
  for (int i = 0; i < 2; ++i) {
    const bool in_process =
        !setup.force_processes && PlaysInProcess(setup.seats[i].bot);
    absl::Status started =
        StartSeat(setup, i, in_process, rules(), make_bot_, &seats);
    if (!started.ok()) return started;
  }
  GameRecord record =
      PlayUnder(Options(setup.keep_files), map, setup.seed, seats);
  for (int i = 0; i < 2; ++i) {
    const std::string& path = setup.seats[i].stderr_path;
    if (!seats.in_process[i] || path.empty()) continue;
    absl::Status s = WriteFileAtomically(path, seats.in_process[i]->log());
    if (!s.ok()) return s;
  }
  std::string map_name = MapName(setup, map.map, rules());
  return std::make_unique<WlPlayedGame>(
      std::move(record), std::move(map.json), std::move(map_name), setup,
      rules(), rules() == RuleSet::kDingle ? StartsName() : "");
}

absl::StatusOr<std::vector<wl::Param>> WlGame::BotParams(
    const std::string& bot) const {
  if (PlaysInProcess(bot)) return ParamsOfBot(make_bot_(bot, 0).get(), bot);
  if (absl::Status ok = CheckBot(bot); !ok.ok()) return ok;
  return ListParamsOfCommand(ResolveBotCommand(bot), list_params_deadline_);
}

int64_t WlGame::TimeAvailableMs(int64_t requests) const {
  if (rules() == RuleSet::kWl1) return kWl1RequestMs * requests;
  if (rules() == RuleSet::kDingle) {
    return DingleSettings().timeout_ms * requests;
  }
  return ::wl::tools::TimeAvailableMs(time_, requests);
}

bool WlGame::OfficialRules() const {
  return rules() != RuleSet::kWl2 || OfficialTime(time_);
}

std::vector<std::string> WlGame::RequestKinds() const {
  return {RequestKindName(RequestKind::kPick),
          RequestKindName(RequestKind::kPlace),
          RequestKindName(RequestKind::kAttack)};
}

}  // namespace wl::tools
