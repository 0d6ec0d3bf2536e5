#include "wl/commands/wl_game.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "common/bots.h"
#include "common/cli.h"
#include "common/files.h"
#include "wl/bot_command.h"
#include "wl/bot_process.h"
#include "wl/builtin_bots.h"
#include "wl/commands/view.h"
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

int CountOf(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size())) {
    ++n;
  }
  return n;
}

SeatOutcome OutcomeOf(const SeatStats& s, const std::string& dump) {
  SeatOutcome o;
  o.timeouts = s.timeouts;
  o.parse_errors = s.parse_errors;
  o.rejected_moves = s.rejected_moves;
  o.failed_moves = s.failed_moves;
  o.time_used_ms = s.time_used_ms;
  o.killed = s.killed;
  o.skipped_requests = CountOf(dump, kSkipping);
  o.crashed = s.crashed;
  o.crash_round = s.crash_round;
  o.crash = s.crash;
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
                           GameSetup setup)
    : record_(std::move(record)),
      map_json_(std::move(map_json)),
      setup_(std::move(setup)) {
  winner = WinnerName(record_.outcome);
  rounds = record_.rounds;
  for (int i = 0; i < 2; ++i)
    seats.push_back(OutcomeOf(record_.stats[i], record_.dump[i]));
}

absl::Status WlPlayedGame::WriteFiles(const std::string& dir,
                                      const std::string& command) const {
  const std::string result = ResultJson(
      record_, setup_.seed, setup_.map.empty() ? "generated" : setup_.map,
      setup_.seats[0].bot, setup_.seats[1].bot, command);
  return WriteGameFolderWithPage(dir, record_, map_json_, result);
}

WlGame::WlGame() : WlGame(MakeBuiltInBot, IsBuiltInBot) {}

WlGame::WlGame(BotFactory make_bot, InProcessTest in_process)
    : make_bot_(std::move(make_bot)), in_process_(std::move(in_process)) {}

void WlGame::DeclareFlags(Flags& flags) {
  flags.Int("regions", &regions_, "N", "regions of generated maps; 0: varied");
  flags.Int("timebank", &time_.timebank_ms, "MS",
            "the time bank; the default is the official one");
  flags.Int("time-per-move", &time_.time_per_move_ms, "MS",
            "added to the bank per answer; the default is the official one");
}

std::string WlGame::CheckFlags() const {
  if (time_.timebank_ms < 1 || time_.time_per_move_ms < 0)
    return "--timebank must be >= 1 and --time-per-move >= 0";
  if (regions_ != 0 &&
      (regions_ < kMapgenMinRegions || regions_ > kMapgenMaxRegions)) {
    return "--regions must be " + std::to_string(kMapgenMinRegions) + ".." +
           std::to_string(kMapgenMaxRegions) + ", or 0 for varied maps";
  }
  return "";
}

std::vector<GameSetting> WlGame::Settings() const {
  return {{"--timebank", "timebank_ms", std::to_string(time_.timebank_ms)},
          {"--time-per-move", "time_per_move_ms",
           std::to_string(time_.time_per_move_ms)},
          {"--regions", "regions", std::to_string(regions_)}};
}

absl::StatusOr<std::vector<std::string>> WlGame::ListMaps(
    const std::string& dir) const {
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
// else as a process; wrapped in a TimingSeat when asked.
absl::Status StartSeat(const GameSetup& setup, int i, bool in_process,
                       const WlGame::BotFactory& make_bot, Seats* seats) {
  const SeatSetup& s = setup.seats[i];
  if (in_process) {
    const int64_t log_cap = s.stderr_path.empty() ? 0 : s.stderr_cap;
    auto seat =
        std::make_unique<InProcessSeat>(make_bot(s.bot, s.seed), log_cap);
    seats->in_process[i] = seat.get();
    seats->owned[i] = std::move(seat);
  } else {
    BotProcessOptions options;
    options.stderr_cap_bytes = s.stderr_cap;
    options.stderr_path = s.stderr_path;
    absl::StatusOr<std::unique_ptr<BotProcess>> process =
        BotProcess::Start(BotCommand(s.bot, s.seed), options);
    if (!process.ok()) return process.status();
    seats->owned[i] = *std::move(process);
  }
  seats->playing[i] = seats->owned[i].get();
  if (s.timing) {
    seats->timing[i] = std::make_unique<TimingSeat>(*seats->owned[i], s.timing);
    seats->playing[i] = seats->timing[i].get();
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<PlayedGame>> WlGame::Play(
    const GameSetup& setup) const {
  if (setup.seats.size() != 2) {
    return absl::InvalidArgumentError("Warlight 2 is played by 2 seats, not " +
                                      std::to_string(setup.seats.size()));
  }
  absl::StatusOr<GameMap> map =
      LoadGameMap(setup.map, static_cast<uint64_t>(setup.seed), regions_);
  if (!map.ok()) return map.status();
  Seats seats;
  for (int i = 0; i < 2; ++i) {
    const bool in_process =
        !setup.force_processes && PlaysInProcess(setup.seats[i].bot);
    absl::Status started = StartSeat(setup, i, in_process, make_bot_, &seats);
    if (!started.ok()) return started;
  }
  GameRecord record = PlayGame(map->map, setup.seed, *seats.playing[0],
                               *seats.playing[1], time_, setup.keep_files);
  for (int i = 0; i < 2; ++i) {
    const std::string& path = setup.seats[i].stderr_path;
    if (!seats.in_process[i] || path.empty()) continue;
    absl::Status s = WriteFileAtomically(path, seats.in_process[i]->log());
    if (!s.ok()) return s;
  }
  return std::make_unique<WlPlayedGame>(std::move(record), std::move(map->json),
                                        setup);
}

int64_t WlGame::TimeAvailableMs(int64_t requests) const {
  return ::wl::tools::TimeAvailableMs(time_, requests);
}

bool WlGame::OfficialRules() const {
  return time_.timebank_ms == kTimebankMs &&
         time_.time_per_move_ms == kTimePerMoveMs;
}

std::vector<std::string> WlGame::RequestKinds() const {
  return {RequestKindName(RequestKind::kPick),
          RequestKindName(RequestKind::kPlace),
          RequestKindName(RequestKind::kAttack)};
}

}  // namespace wl::tools
