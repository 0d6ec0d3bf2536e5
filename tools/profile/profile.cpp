#include "profile/profile.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <utility>

#include "arena/arena.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "common/files.h"
#include "wl/bot_command.h"
#include "wl/bot_process.h"
#include "wl/builtin_bots.h"
#include "wl/game_files.h"
#include "wl/map_json.h"
#include "wl/mapgen.h"
#include "wl/match.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// What the engine logs for each request of a killed bot (spec section 9).
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

bool IsOfficial(const TimeRules& time) {
  return time.timebank_ms == kTimebankMs &&
         time.time_per_move_ms == kTimePerMoveMs;
}

std::string Plural(int n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

json::object StatsJson(const RequestStats& s) {
  return json::object{{"kind", s.kind},
                      {"count", s.count},
                      {"timeouts", s.timeouts},
                      {"mean_ms", s.mean_ms},
                      {"median_ms", s.median_ms},
                      {"p90_ms", s.p90_ms},
                      {"p99_ms", s.p99_ms},
                      {"max_ms", s.max_ms},
                      {"lowest_bank_ms", s.lowest_bank_ms},
                      {"lowest_bank_left_ms", s.lowest_bank_left_ms},
                      {"median_bank_share", s.median_bank_share}};
}

std::string FormatDuration(double seconds) {
  int s = static_cast<int>(seconds + 0.5);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
  return buf;
}

}  // namespace

double Percentile(std::vector<double> values, double percent) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  percent = std::clamp(percent, 0.0, 100.0);
  // percent * n first: exact for whole percents, so 90% of 10 is rank 9.
  double rank = std::ceil(percent * static_cast<double>(values.size()) / 100);
  size_t index = rank < 1 ? 0 : static_cast<size_t>(rank) - 1;
  return values[std::min(index, values.size() - 1)];
}

RequestStats SummarizeRequests(const std::string& kind,
                               const std::vector<TimedRequest>& requests) {
  RequestStats s;
  s.kind = kind;
  s.count = static_cast<int>(requests.size());
  if (requests.empty()) return s;
  std::vector<double> answers, shares;
  double sum = 0;
  s.lowest_bank_ms = requests[0].bank_ms;
  s.lowest_bank_left_ms = requests[0].bank_ms;
  for (const TimedRequest& r : requests) {
    if (r.timed_out) ++s.timeouts;
    answers.push_back(r.answer_ms);
    sum += r.answer_ms;
    shares.push_back(
        r.bank_ms > 0
            ? std::min(1.0, static_cast<double>(r.elapsed_ms) / r.bank_ms)
            : 1.0);
    s.lowest_bank_ms = std::min(s.lowest_bank_ms, r.bank_ms);
    s.lowest_bank_left_ms = std::min(
        s.lowest_bank_left_ms, std::max<int64_t>(r.bank_ms - r.elapsed_ms, 0));
  }
  s.mean_ms = sum / static_cast<double>(requests.size());
  s.median_ms = Percentile(answers, 50);
  s.p90_ms = Percentile(answers, 90);
  s.p99_ms = Percentile(answers, 99);
  s.max_ms = Percentile(answers, 100);
  s.median_bank_share = Percentile(shares, 50);
  return s;
}

ProfileReport BuildProfileReport(const std::string& bot,
                                 const std::string& opponent,
                                 const TimeRules& time,
                                 const std::vector<ProfiledGame>& games) {
  ProfileReport report;
  report.bot = bot;
  report.opponent = opponent;
  report.time = time;
  report.games = games;
  const std::vector<std::string> kinds = {"pick", "place", "attack"};
  std::vector<TimedRequest> by_kind[3], all;
  bool any = false;
  for (const ProfiledGame& game : games) {
    for (const TimedRequest& r : game.requests) {
      for (size_t k = 0; k < kinds.size(); ++k) {
        if (r.kind == kinds[k]) by_kind[k].push_back(r);
      }
      all.push_back(r);
      report.time_used_ms += r.elapsed_ms;
      const int64_t left = std::max<int64_t>(r.bank_ms - r.elapsed_ms, 0);
      report.lowest_bank_left_ms =
          any ? std::min(report.lowest_bank_left_ms, left) : left;
      any = true;
    }
    report.time_available_ms +=
        TimeAvailableMs(time, static_cast<int64_t>(game.requests.size()));
    if (game.killed) ++report.games_killed;
    report.skipped_requests += game.skipped_requests;
    if (game.outcome == "win") ++report.wins;
    if (game.outcome == "draw") ++report.draws;
    if (game.outcome == "loss") ++report.losses;
  }
  for (size_t k = 0; k < kinds.size(); ++k) {
    report.kinds.push_back(SummarizeRequests(kinds[k], by_kind[k]));
  }
  report.kinds.push_back(SummarizeRequests("all", all));
  report.timeouts = report.kinds.back().timeouts;
  return report;
}

std::string ProfileTable(const ProfileReport& r) {
  std::ostringstream out;
  char line[512];
  int first = 0;
  for (const ProfiledGame& g : r.games) first += g.seat == 0;
  out << "profile of " << r.bot << ": " << Plural(r.games.size(), "game")
      << " against " << r.opponent << " (" << first << " as player1, "
      << r.games.size() - first << " as player2): " << r.wins << " won, "
      << r.draws << " drawn, " << r.losses << " lost\n";
  out << "time rules: bank " << r.time.timebank_ms << " ms, +"
      << r.time.time_per_move_ms << " ms per answer"
      << (IsOfficial(r.time) ? " (official)" : " (NOT the official rules)")
      << "\n\n";
  std::snprintf(line, sizeof line,
                "%-7s %6s %9s %9s %9s %9s %9s %9s %10s %6s\n", "request",
                "count", "mean", "median", "p90", "p99", "max", "time-outs",
                "least left", "share");
  out << line;
  for (const RequestStats& s : r.kinds) {
    if (s.count == 0) {
      std::snprintf(line, sizeof line,
                    "%-7s %6d %9s %9s %9s %9s %9s %9s %10s %6s\n",
                    s.kind.c_str(), 0, "-", "-", "-", "-", "-", "-", "-", "-");
    } else {
      std::snprintf(
          line, sizeof line,
          "%-7s %6d %9.2f %9.2f %9.2f %9.2f %9.2f %9d %10lld %5.1f%%\n",
          s.kind.c_str(), s.count, s.mean_ms, s.median_ms, s.p90_ms, s.p99_ms,
          s.max_ms, s.timeouts, static_cast<long long>(s.lowest_bank_left_ms),
          100 * s.median_bank_share);
    }
    out << line;
  }
  out << "(answer times in ms, wall clock around each request; least left:\n"
         " the lowest bank left after an answer, in ms; share: the median\n"
         " share of the bank given that an answer used, as the engine "
         "counts)\n\n";
  out << "time-outs: " << r.timeouts;
  if (r.games_killed > 0) {
    out << "; the third killed the bot in " << Plural(r.games_killed, "game")
        << " (" << Plural(r.skipped_requests, "request")
        << " then answered empty)";
  }
  out << "\n";
  const double used =
      r.time_available_ms > 0
          ? static_cast<double>(r.time_used_ms) / r.time_available_ms
          : 0;
  std::snprintf(line, sizeof line,
                "time used: %lld ms of the %lld ms the rules allowed (%.1f%%); "
                "%.1f%% left unused\n",
                static_cast<long long>(r.time_used_ms),
                static_cast<long long>(r.time_available_ms), 100 * used,
                100 * (1 - used));
  out << line;
  return out.str();
}

std::string ProfileJson(const ProfileReport& r) {
  json::array kinds, games;
  for (const RequestStats& s : r.kinds) kinds.push_back(StatsJson(s));
  for (const ProfiledGame& g : r.games) {
    RequestStats s = SummarizeRequests("all", g.requests);
    int64_t used = 0;
    for (const TimedRequest& t : g.requests) used += t.elapsed_ms;
    games.push_back(json::object{
        {"index", g.index},
        {"seed", g.seed},
        {"seat", g.seat == 0 ? "player1" : "player2"},
        {"map", g.map},
        {"outcome", g.outcome},
        {"rounds", g.rounds},
        {"requests", s.count},
        {"timeouts", s.timeouts},
        {"killed", g.killed},
        {"skipped_requests", g.skipped_requests},
        {"time_used_ms", used},
        {"time_available_ms",
         TimeAvailableMs(r.time, static_cast<int64_t>(g.requests.size()))},
        {"lowest_bank_left_ms", s.lowest_bank_left_ms},
        {"dir", g.dir}});
  }
  json::object o{
      {"bot", r.bot},
      {"opponent", r.opponent},
      {"games", r.games.size()},
      {"wins", r.wins},
      {"draws", r.draws},
      {"losses", r.losses},
      {"time_rules", json::object{{"timebank_ms", r.time.timebank_ms},
                                  {"time_per_move_ms", r.time.time_per_move_ms},
                                  {"official", IsOfficial(r.time)}}},
      {"requests", kinds},
      {"timeouts", r.timeouts},
      {"games_killed", r.games_killed},
      {"skipped_requests", r.skipped_requests},
      {"time_used_ms", r.time_used_ms},
      {"time_available_ms", r.time_available_ms},
      {"unused_share",
       r.time_available_ms > 0
           ? 1 - static_cast<double>(r.time_used_ms) / r.time_available_ms
           : 1.0},
      {"lowest_bank_left_ms", r.lowest_bank_left_ms},
      {"game_list", games}};
  return json::serialize(o) + "\n";
}

int ProfileMain(int argc, char** argv) {
  std::string maps_dir, out_dir, opponent = "random";
  int64_t games = 10, seed = 1, regions = 0;
  int64_t timebank = kTimebankMs, time_per_move = kTimePerMoveMs;
  bool as_json = false;
  Flags flags(
      "profile", "BOT",
      "Plays BOT against the random bot under the official time rules, one\n"
      "game at a time, seats alternating, and reports per request kind\n"
      "(pick, place, attack) the answer times (mean, median, p90, p99,\n"
      "max), the time-outs, the lowest bank left, the median share of the\n"
      "bank used, the games where the third time-out killed the bot, and\n"
      "the time used out of what the rules allowed. BOT is the name of any\n"
      "folder under bots/ (starter, random, greedy, mcts, or your fork) or\n"
      "any shell command line; it always runs as a process, so the times\n"
      "are the real ones. With --out, each game's folder holds replay.html\n"
      "(open it in a browser), the dumps and result.json.");
  flags.Int("games", &games, "N", "games to play (seats alternate)");
  flags.Int("seed", &seed, "S", "the seed of the games: same seed, same games");
  flags.String("maps", &maps_dir, "DIR",
               "a folder of official JSON maps (default: generated maps)");
  flags.Int("regions", &regions, "N",
            "regions of generated maps (default: varied like the real ones)");
  flags.String("opponent", &opponent, "BOT", "the bot played against");
  flags.String("out", &out_dir, "DIR",
               "keep each game's folder and profile.json here (default: none)");
  flags.Bool("json", &as_json, "print the report as JSON");
  flags.Int("timebank", &timebank, "MS",
            "the time bank; not the official rules if changed");
  flags.Int("time-per-move", &time_per_move, "MS",
            "added per answer; not the official rules if changed");
  std::vector<std::string> bots;
  if (std::optional<int> exit = flags.Parse(argc, argv, &bots)) return *exit;
  if (bots.size() != 1) return flags.Fail("needs exactly one bot");
  const std::string bot = bots[0];
  if (games < 1) return flags.Fail("--games must be >= 1");
  if (seed < 0) return flags.Fail("--seed must be >= 0");
  if (timebank < 1 || time_per_move < 0) {
    return flags.Fail("--timebank must be >= 1 and --time-per-move >= 0");
  }
  if (!maps_dir.empty() && regions != 0) {
    return flags.Fail("--regions needs no --maps");
  }
  if (regions != 0 &&
      (regions < kMapgenMinRegions || regions > kMapgenMaxRegions)) {
    return flags.Fail("--regions must be " + std::to_string(kMapgenMinRegions) +
                      ".." + std::to_string(kMapgenMaxRegions));
  }
  if (bot.empty() || opponent.empty()) return flags.Fail("empty bot command");
  for (const std::string& b : {bot, opponent}) {
    if (absl::Status can_start = CheckBotCanStart(b); !can_start.ok()) {
      std::cerr << "warlight profile: " << can_start.message() << "\n";
      return 2;
    }
  }
  std::vector<std::string> maps;
  if (!maps_dir.empty()) {
    absl::StatusOr<std::vector<std::string>> listed = ListMapFiles(maps_dir);
    if (!listed.ok()) return flags.Fail(std::string(listed.status().message()));
    maps = *std::move(listed);
  }
  if (!out_dir.empty()) {
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec || !fs::is_directory(out_dir)) {
      std::cerr << "warlight profile: cannot create " << out_dir << ": "
                << ec.message() << "\n";
      return 1;
    }
  }
  const TimeRules time{timebank, time_per_move};

  KillBotsOnExitSignals();

  // The arena's schedule for the pair (bot, opponent): each seed in both
  // seats. One game at a time, so that games do not slow each other down.
  std::vector<ArenaGame> schedule =
      Schedule({bot, opponent}, static_cast<int>(games), seed, maps);
  schedule.resize(static_cast<size_t>(games));
  std::vector<ProfiledGame> played;
  const auto start = std::chrono::steady_clock::now();
  const bool tty = ::isatty(2);
  auto last_print = start - std::chrono::seconds(10);
  for (const ArenaGame& game : schedule) {
    const int bot_seat = game.swapped ? 1 : 0;
    Map map;
    std::string map_json;
    if (!game.map.empty()) {
      absl::StatusOr<Map> loaded = LoadMapFile(game.map);
      if (!loaded.ok()) {
        std::cerr << "warlight profile: " << loaded.status().message() << "\n";
        return 1;
      }
      map = *std::move(loaded);
      map_json = ReadFileToString(game.map).value_or(MapToJson(map));
    } else {
      MapgenOptions mapgen;
      mapgen.seed = static_cast<uint64_t>(game.seed);
      mapgen.regions = static_cast<int>(regions);
      absl::StatusOr<GeneratedMap> generated = GenerateMap(mapgen);
      if (!generated.ok()) {
        std::cerr << "warlight profile: " << generated.status().message()
                  << "\n";
        return 1;
      }
      map = generated->map;
      map_json = GeneratedMapToJson(*generated);
    }
    ProfiledGame result;
    result.index = static_cast<int>(played.size()) + 1;
    result.seed = game.seed;
    result.seat = bot_seat;
    result.map = game.map.empty() ? "generated" : game.map;
    if (!out_dir.empty()) {
      result.dir = (fs::path(out_dir) / ("game" + std::to_string(result.index) +
                                         "-seed" + std::to_string(game.seed)))
                       .string();
      std::error_code ec;
      fs::create_directories(result.dir, ec);
    }

    std::unique_ptr<BotProcess> processes[2];
    for (int seat = 0; seat < 2; ++seat) {
      BotProcessOptions options;
      if (!result.dir.empty()) {
        options.stderr_path =
            (fs::path(result.dir) /
             ("stderr_player" + std::to_string(seat + 1) + ".txt"))
                .string();
      }
      const int64_t bot_seed = (game.seed * 2 + seat) & 0x7FFFFFFF;
      absl::StatusOr<std::unique_ptr<BotProcess>> process =
          BotProcess::Start(BotCommand(game.bots[seat], bot_seed), options);
      if (!process.ok()) {
        std::cerr << "warlight profile: cannot start " << game.bots[seat]
                  << ": " << process.status().message() << "\n";
        return 1;
      }
      processes[seat] = *std::move(process);
    }
    TimingSeat timing(*processes[bot_seat], &result.requests);
    Seat* seats[2] = {processes[0].get(), processes[1].get()};
    seats[bot_seat] = &timing;
    GameRecord record = PlayGame(map, game.seed, *seats[0], *seats[1], time);
    for (auto& process : processes) process.reset();  // kills and reaps

    result.rounds = record.rounds;
    result.killed = timing.killed();
    result.skipped_requests = CountOf(record.dump[bot_seat], kSkipping);
    const Outcome won =
        bot_seat == 0 ? Outcome::kPlayer1Won : Outcome::kPlayer2Won;
    result.outcome = record.outcome == Outcome::kDraw ? "draw"
                     : record.outcome == won          ? "win"
                                                      : "loss";
    if (!result.dir.empty()) {
      absl::Status written = WriteGameFolder(
          result.dir, record, map_json,
          ResultJson(record, game.seed, result.map, game.bots[0], game.bots[1],
                     "warlight profile"));
      if (!written.ok()) {
        std::cerr << "warlight profile: " << written.message() << "\n";
        return 1;
      }
    }
    played.push_back(std::move(result));

    const auto now = std::chrono::steady_clock::now();
    const bool last = played.size() == schedule.size();
    if (last ||
        now - last_print >= std::chrono::milliseconds(tty ? 200 : 10000)) {
      last_print = now;
      const double elapsed = std::chrono::duration<double>(now - start).count();
      int timeouts = 0;
      for (const ProfiledGame& g : played) {
        for (const TimedRequest& t : g.requests) timeouts += t.timed_out;
      }
      std::fprintf(stderr,
                   "%sprofile: %zu/%zu games, %s elapsed, %d time-outs%s",
                   tty ? "\r" : "", played.size(), schedule.size(),
                   FormatDuration(elapsed).c_str(), timeouts,
                   tty && !last ? "   " : "\n");
      std::fflush(stderr);
    }
  }

  ProfileReport report = BuildProfileReport(bot, opponent, time, played);
  const std::string report_json = ProfileJson(report);
  if (!out_dir.empty()) {
    absl::Status written = WriteFileAtomically(
        (fs::path(out_dir) / "profile.json").string(), report_json);
    if (!written.ok()) {
      std::cerr << "warlight profile: " << written.message() << "\n";
      return 1;
    }
  }
  std::cout << (as_json ? report_json : ProfileTable(report));
  return 0;
}

}  // namespace wl::tools
