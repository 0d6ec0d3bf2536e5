#include "colorfight/colorfight_game.h"

#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <system_error>
#include <utility>

#include "colorfight/builtin_bots.h"
#include "colorfight/colorfight_files.h"
#include "colorfight/replay_log.h"
#include "common/bot_params.h"
#include "common/bots.h"
#include "common/capped_log.h"
#include "common/cli.h"
#include "common/files.h"
#include "sdk/colorfight/command.h"
#include "sdk/colorfight/game.h"
#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/rules.h"

namespace wl::tools {
namespace {

namespace cf = colorfight;

constexpr int64_t kMinMaxTurn = 2;      // update 1 has no commands (§1.7)
constexpr int64_t kRoundTimeMs = 1000;  // the default round_time (§2.8)
constexpr int64_t kMaxMaxTurn = 2000;   // colorfight §2.8

bool ValidPlayers(int64_t n) { return n == 2 || n == 4 || n == 8; }

// One seat as it plays.
struct Seat {
  std::unique_ptr<cf::Bot> bot;
  std::vector<std::string> texts;        // this turn's command strings
  std::vector<cf::Command> commands;     // parsed (kInvalid when not)
  std::vector<std::string> parse_error;  // by command, "" when parsed
  std::vector<std::string> errors;       // the last update's (§3.2 error)
  double ms = 0;                         // in OnTurn
  std::vector<TimedRequest>* timing = nullptr;  // profile: each turn's
  bool stopped = false;                         // threw: sends nothing more
  SeatOutcome outcome;
  // What the bot prints with std::cout or std::cerr under the arena's
  // StandardOutputRouter (common/capped_log.h): its stderr_playerN.txt.
  std::unique_ptr<CappedLog> log;
};

// The frame's error entries and the seats' fault counts of one update.
class Failures : public cf::FailureSink {
 public:
  explicit Failures(std::vector<Seat>* seats) : seats_(seats) {}
  void Failed(int user, int command, cf::Failure failure) override {
    Seat& seat = (*seats_)[user];
    if (failure == cf::Failure::kInvalid) {
      seat.errors.push_back(seat.parse_error[command]);
      ++seat.outcome.parse_errors;
    } else {
      seat.errors.push_back(cf::FailureText(seat.texts[command], failure));
      ++seat.outcome.rejected_moves;
    }
  }

 private:
  std::vector<Seat>* seats_;
};

// The frame of `state` as the room shows it, with the seats' errors of
// the last update (none before update 1, §3.2).
cf::Frame FrameWith(const cf::State& state, const cf::FrameInfo& info,
                    const std::vector<std::string>& names,
                    const std::vector<Seat>& seats) {
  cf::Frame frame = cf::FrameOf(state, names);
  frame.info = info;
  if (state.turn > 0) {
    for (size_t k = 0; k < seats.size(); ++k)
      frame.error.emplace_back(static_cast<int64_t>(k + 1), seats[k].errors);
  }
  return frame;
}

// Asks seat k's bot for its commands and parses them.
void AskSeat(const cf::Frame& frame, int k, Seat* seat) {
  seat->texts.clear();
  seat->commands.clear();
  seat->parse_error.clear();
  if (seat->stopped || frame.users[k].dead) return;
  const auto start = std::chrono::steady_clock::now();
  try {
    const cf::Game view(frame, k + 1);
    CaptureOutput capture(seat->log ? seat->log->buffer() : nullptr);
    seat->texts = seat->bot->OnTurn(view);
  } catch (const std::exception& e) {
    seat->stopped = true;
    seat->outcome.crashed = true;
    seat->outcome.crash_round = static_cast<int>(frame.turn);
    seat->outcome.crash = std::string("exception: ") + e.what();
  }
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  seat->ms += ms;
  if (seat->timing != nullptr) {
    // In process the round time is not enforced: never a time-out.
    seat->timing->push_back(
        {"turn", kRoundTimeMs, std::llround(ms), false, ms});
  }
  for (const std::string& text : seat->texts) {
    cf::ParsedCommand p = cf::ParseCommand(text);
    seat->commands.push_back(p.command);
    seat->parse_error.push_back(std::move(p.error));
  }
}

// "turn T" and a line per seat with its commands.
void AppendTranscript(int turn, const std::vector<Seat>& seats,
                      std::string* out) {
  *out += "turn " + std::to_string(turn) + "\n";
  for (size_t k = 0; k < seats.size(); ++k) {
    *out += "p" + std::to_string(k + 1) + ":";
    for (const std::string& t : seats[k].texts) *out += " " + t + ";";
    *out += "\n";
  }
}

// Scores (final gold), ranks and winner (colorfight §8).
void RankSeats(const cf::State& state, std::vector<Seat>* seats,
               ColorfightPlayedGame* played, std::string* transcript) {
  int8_t ranking[cf::kMaxUsers];
  const int n = cf::RankByGold(state, ranking);
  for (int k = 0; k < n; ++k) {
    Seat& seat = (*seats)[ranking[k]];
    seat.outcome.score = static_cast<double>(state.users[ranking[k]].gold);
    seat.outcome.rank = k + 1;
    seat.outcome.winner = k == 0;
    if (transcript) {
      *transcript += "rank " + std::to_string(k + 1) + ": p" +
                     std::to_string(ranking[k] + 1) + " gold " +
                     std::to_string(state.users[ranking[k]].gold) + "\n";
    }
  }
  played->winner = "player" + std::to_string(ranking[0] + 1);
  for (Seat& seat : *seats) {
    seat.outcome.time_used_ms = std::llround(seat.ms);
    played->seats.push_back(seat.outcome);
  }
}

// What a played game keeps besides its seats.
struct Record {
  cf::Frame final_frame;
  std::string replay_json;  // with keep_files
  std::string transcript;   // with keep_files, the ranking to follow
};

// Plays `state` (users placed, turn 0) to max_turn (see the header).
void PlayOut(cf::State& state, int64_t seed, bool keep_files,
             std::vector<Seat>* seats_ptr, Record* record) {
  std::vector<Seat>& seats = *seats_ptr;
  const int n = static_cast<int>(seats.size());
  std::vector<std::string> names;
  for (int k = 0; k < n; ++k) names.push_back("player" + std::to_string(k + 1));
  cf::FrameInfo info;
  info.max_turn = state.max_turn;
  info.max_player = n;
  info.game_id = std::to_string(static_cast<uint64_t>(seed));
  ColorfightReplayLog log;
  if (keep_files) log.Reset(FrameWith(state, info, names, seats));
  Failures failures(&seats);
  std::vector<cf::CommandList> lists(n);
  cf::Update(state, nullptr);  // update 1: no commands yet (§1.7)
  for (;;) {
    cf::Frame frame = FrameWith(state, info, names, seats);
    if (keep_files) log.Append(frame);
    if (state.Ended()) {
      record->final_frame = std::move(frame);
      break;
    }
    for (int k = 0; k < n; ++k) {
      AskSeat(frame, k, &seats[k]);
      seats[k].errors.clear();
      lists[k] = {seats[k].commands.data(),
                  static_cast<int>(seats[k].commands.size())};
    }
    if (keep_files) AppendTranscript(state.turn, seats, &record->transcript);
    cf::Update(state, lists.data(), &failures);
  }
  if (keep_files) record->replay_json = log.Json();
}

}  // namespace

absl::Status ColorfightPlayedGame::WriteFiles(
    const std::string& dir, const std::string& command) const {
  return WriteColorfightGameFolder(
      dir, ColorfightGzip(replay_json_, /*mtime=*/0),
      ColorfightResultOf(final_frame_, seed_, command));
}

ColorfightGame::ColorfightGame()
    : ColorfightGame(MakeBuiltInColorfightBot, [](const std::string& bot) {
        return BuiltInColorfightBots().Contains(bot);
      }) {}

ColorfightGame::ColorfightGame(BotFactory make_bot, InProcessTest in_process)
    : make_bot_(std::move(make_bot)), in_process_(std::move(in_process)) {}

void ColorfightGame::DeclareFlags(Flags& flags) {
  flags.Int("max-turn", &max_turn_, "T",
            "the last turn of each game (colorfight §2.8 max_turn), 2 to "
            "2000");
}

std::string ColorfightGame::CheckFlags() const {
  if (max_turn_ < kMinMaxTurn || max_turn_ > kMaxMaxTurn)
    return "--max-turn must be between 2 and 2000";
  if (!ValidPlayers(players_))
    return "--players must be 2, 4 or 8 (a Colorfight room's max_player)";
  return "";
}

std::vector<GameSetting> ColorfightGame::Settings() const {
  return {{"--max-turn", "max_turn", std::to_string(max_turn_)}};
}

absl::StatusOr<std::vector<std::string>> ColorfightGame::ListMaps(
    const std::string& dir) const {
  return absl::InvalidArgumentError(
      "--maps " + dir +
      ": Colorfight II maps are made from each game's seed (colorfight §4); "
      "there are no map files");
}

bool ColorfightGame::PlaysInProcess(const std::string& bot) const {
  return in_process_(bot);
}

absl::Status ColorfightGame::CheckBot(const std::string& bot) const {
  return absl::UnimplementedError(
      "'" + bot +
      "' would play as a process, which the Colorfight arena does not "
      "support yet: give built-in bots (bots/colorfight) without "
      "--processes");
}

std::string ColorfightGame::BotIdentity(const std::string& bot,
                                        bool in_process) const {
  if (!in_process) return "process " + bot + " (not supported)";
  std::error_code ec;
  return "in process; binary " +
         FileIdentity(
             std::filesystem::read_symlink("/proc/self/exe", ec).string());
}

absl::StatusOr<std::vector<wl::Param>> ColorfightGame::BotParams(
    const std::string& bot) const {
  if (!PlaysInProcess(bot)) return CheckBot(bot);
  return ParamsOfBot(make_bot_(bot, 0).get(), bot);
}

absl::StatusOr<std::unique_ptr<PlayedGame>> ColorfightGame::Play(
    const GameSetup& setup) const {
  const int n = static_cast<int>(setup.seats.size());
  if (!ValidPlayers(n)) {
    return absl::InvalidArgumentError(
        "a Colorfight II game has 2, 4 or 8 players, not " + std::to_string(n));
  }
  std::vector<Seat> seats(n);
  for (int k = 0; k < n; ++k) {
    const SeatSetup& s = setup.seats[k];
    if (setup.force_processes || !PlaysInProcess(s.bot)) return CheckBot(s.bot);
    seats[k].bot = make_bot_(s.bot, s.seed);
    seats[k].timing = s.timing;
    if (absl::Status ok = SetBotParams(seats[k].bot.get(), s.bot, s.params);
        !ok.ok()) {
      return ok;
    }
    seats[k].log =
        std::make_unique<CappedLog>(s.stderr_path.empty() ? 0 : s.stderr_cap);
    if (!seats[k].bot)
      return absl::NotFoundError("no built-in Colorfight bot '" + s.bot + "'");
  }
  auto played = std::make_unique<ColorfightPlayedGame>();
  played->seed_ = setup.seed;
  cf::PyRandom rng(static_cast<uint64_t>(setup.seed));
  const cf::GeneratedMap map = cf::GenerateMap(rng, n);
  cf::State state = cf::NewGameState(map, static_cast<int>(max_turn_));
  for (int k = 0; k < n; ++k) cf::PlaceUser(state, k + 1, map.starts[k]);
  Record record;
  PlayOut(state, setup.seed, setup.keep_files, &seats, &record);
  played->final_frame_ = std::move(record.final_frame);
  played->replay_json_ = std::move(record.replay_json);
  played->transcript_ = std::move(record.transcript);
  played->rounds = state.turn;
  RankSeats(state, &seats, played.get(),
            setup.keep_files ? &played->transcript_ : nullptr);
  for (int k = 0; k < n; ++k) {
    const std::string& path = setup.seats[k].stderr_path;
    if (path.empty()) continue;
    if (absl::Status s = WriteFileAtomically(path, seats[k].log->text());
        !s.ok()) {
      return s;
    }
  }
  return std::unique_ptr<PlayedGame>(std::move(played));
}

}  // namespace wl::tools
