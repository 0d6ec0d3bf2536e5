// The report of `warlight profile` (profile.h): statistics, table, JSON.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <utility>

#include "boost/json.hpp"
#include "common/json.h"
#include "profile/profile.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

std::string Plural(int n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// A game setting's value: a JSON number when it is a decimal integer (as
// Warlight's time rules are), else a string.
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

json::object GameJson(const ProfiledGame& g) {
  RequestStats s = SummarizeRequests("all", g.requests);
  int64_t used = 0;
  for (const TimedRequest& t : g.requests) used += t.elapsed_ms;
  return json::object{{"index", g.index},
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
                      {"time_available_ms", g.time_available_ms},
                      {"lowest_bank_left_ms", s.lowest_bank_left_ms},
                      {"dir", g.dir}};
}

// The game's kinds in its order, then the others as first seen.
std::vector<std::string> KindOrder(std::vector<std::string> kinds,
                                   const std::vector<ProfiledGame>& games) {
  for (const ProfiledGame& game : games) {
    for (const TimedRequest& r : game.requests) {
      if (std::find(kinds.begin(), kinds.end(), r.kind) == kinds.end()) {
        kinds.push_back(r.kind);
      }
    }
  }
  return kinds;
}

// The figures per kind (in KindOrder), then "all".
std::vector<RequestStats> KindStats(const std::vector<std::string>& kinds,
                                    const std::vector<ProfiledGame>& games) {
  std::vector<std::vector<TimedRequest>> by_kind(kinds.size());
  std::vector<TimedRequest> all;
  for (const ProfiledGame& game : games) {
    for (const TimedRequest& r : game.requests) {
      const auto k = std::find(kinds.begin(), kinds.end(), r.kind);
      by_kind[static_cast<size_t>(k - kinds.begin())].push_back(r);
      all.push_back(r);
    }
  }
  std::vector<RequestStats> stats;
  for (size_t k = 0; k < kinds.size(); ++k) {
    stats.push_back(SummarizeRequests(kinds[k], by_kind[k]));
  }
  stats.push_back(SummarizeRequests("all", all));
  return stats;
}

// The table's second line: the game's settings, and whether they are the
// official rules.
std::string SettingsLine(const ProfileReport& r) {
  std::string line = "settings:";
  for (const GameSetting& s : r.settings) line += " " + s.flag + " " + s.value;
  if (r.settings.empty()) line += " none";
  return line + (r.official ? " (official)" : " (NOT the official rules)");
}

// One row of the table; `width` the request column's.
std::string StatsRow(const RequestStats& s, int width) {
  char line[256];
  if (s.count == 0) {
    std::snprintf(line, sizeof line,
                  "%-*s %6d %9s %9s %9s %9s %9s %9s %10s %6s\n", width,
                  s.kind.c_str(), 0, "-", "-", "-", "-", "-", "-", "-", "-");
  } else {
    std::snprintf(line, sizeof line,
                  "%-*s %6d %9.2f %9.2f %9.2f %9.2f %9.2f %9d %10lld %5.1f%%\n",
                  width, s.kind.c_str(), s.count, s.mean_ms, s.median_ms,
                  s.p90_ms, s.p99_ms, s.max_ms, s.timeouts,
                  static_cast<long long>(s.lowest_bank_left_ms),
                  100 * s.median_bank_share);
  }
  return line;
}

// The lines under the kinds: time-outs, kills and the time used.
std::string TimeLines(const ProfileReport& r) {
  std::string out = "time-outs: " + std::to_string(r.timeouts);
  if (r.games_killed > 0) {
    out += "; they killed the bot in " + Plural(r.games_killed, "game") + " (" +
           Plural(r.skipped_requests, "request") + " then answered empty)";
  } else if (r.skipped_requests > 0) {  // WL1: not killed, not asked
    out += "; after them the rules skipped " +
           Plural(r.skipped_requests, "request") + " (answered empty)";
  }
  const double used =
      r.time_available_ms > 0
          ? static_cast<double>(r.time_used_ms) / r.time_available_ms
          : 0;
  char line[256];
  std::snprintf(line, sizeof line,
                "\ntime used: %lld ms of the %lld ms the rules allowed "
                "(%.1f%%); %.1f%% left unused\n",
                static_cast<long long>(r.time_used_ms),
                static_cast<long long>(r.time_available_ms), 100 * used,
                100 * (1 - used));
  return out + line;
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

ProfileReport BuildProfileReport(const GameAdapter& game,
                                 const std::string& bot,
                                 const std::string& opponent,
                                 std::vector<ProfiledGame> games) {
  ProfileReport report;
  report.bot = bot;
  report.opponent = opponent;
  report.settings = game.Settings();
  report.official = game.OfficialRules();
  bool any = false;
  for (ProfiledGame& g : games) {
    for (const TimedRequest& r : g.requests) {
      report.time_used_ms += r.elapsed_ms;
      const int64_t left = std::max<int64_t>(r.bank_ms - r.elapsed_ms, 0);
      report.lowest_bank_left_ms =
          any ? std::min(report.lowest_bank_left_ms, left) : left;
      any = true;
    }
    g.time_available_ms =
        game.TimeAvailableMs(static_cast<int64_t>(g.requests.size()));
    report.time_available_ms += g.time_available_ms;
    if (g.killed) ++report.games_killed;
    report.skipped_requests += g.skipped_requests;
    if (g.outcome == "win") ++report.wins;
    if (g.outcome == "draw") ++report.draws;
    if (g.outcome == "loss") ++report.losses;
  }
  report.kinds = KindStats(KindOrder(game.RequestKinds(), games), games);
  report.timeouts = report.kinds.back().timeouts;
  report.games = std::move(games);
  return report;
}

std::string ProfileTable(const ProfileReport& r) {
  std::ostringstream out;
  int first = 0;
  for (const ProfiledGame& g : r.games) first += g.seat == 0;
  out << "profile of " << r.bot << ": "
      << Plural(static_cast<int>(r.games.size()), "game") << " against "
      << r.opponent << " (" << first << " as player1, "
      << r.games.size() - first << " as player2): " << r.wins << " won, "
      << r.draws << " drawn, " << r.losses << " lost\n";
  out << SettingsLine(r) << "\n\n";
  int width = 7;  // "request"; Berlin's "game_start" is wider
  for (const RequestStats& s : r.kinds) {
    width = std::max(width, static_cast<int>(s.kind.size()));
  }
  char header[256];
  std::snprintf(header, sizeof header,
                "%-*s %6s %9s %9s %9s %9s %9s %9s %10s %6s\n", width, "request",
                "count", "mean", "median", "p90", "p99", "max", "time-outs",
                "least left", "share");
  out << header;
  for (const RequestStats& s : r.kinds) out << StatsRow(s, width);
  out << "(answer times in ms, wall clock around each request; least left:\n"
         " the lowest bank left after an answer, in ms; share: the median\n"
         " share of the bank given that an answer used, as the engine "
         "counts)\n\n";
  out << TimeLines(r);
  return out.str();
}

std::string ProfileJson(const ProfileReport& r) {
  json::array kinds, games;
  for (const RequestStats& s : r.kinds) kinds.push_back(StatsJson(s));
  for (const ProfiledGame& g : r.games) games.push_back(GameJson(g));
  json::object rules;
  for (const GameSetting& s : r.settings)
    rules[s.key] = IntegerOrString(s.value);
  rules["official"] = r.official;
  json::object o{
      {"bot", r.bot},
      {"opponent", r.opponent},
      {"games", r.games.size()},
      {"wins", r.wins},
      {"draws", r.draws},
      {"losses", r.losses},
      {"time_rules", std::move(rules)},
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
  return PlainJson(o) + "\n";
}

}  // namespace wl::tools
