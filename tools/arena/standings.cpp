#include "arena/standings.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "arena/table.h"
#include "common/json.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {

namespace json = boost::json;

double BotStanding::mean_score() const { return games ? score_sum / games : 0; }

Interval BotStanding::mean_score_interval() const {
  const double mean = mean_score();
  if (games < 2) return {mean, mean};
  const double variance =
      std::max(0.0, (score_squares - games * mean * mean) / (games - 1));
  const double half = kZ95 * std::sqrt(variance / games);
  return {mean - half, mean + half};
}

double BotStanding::win_share() const {
  return games ? win_share_sum / games : 0;
}

double BotStanding::mean_rank() const {
  int64_t seats = 0, sum = 0;
  for (size_t r = 0; r < ranks.size(); ++r) {
    seats += ranks[r];
    sum += ranks[r] * static_cast<int64_t>(r + 1);
  }
  return seats ? static_cast<double>(sum) / seats : 0;
}

namespace {

BotStanding* StandingOf(const std::string& bot, int players,
                        std::vector<BotStanding>* all) {
  for (BotStanding& b : *all) {
    if (b.bot == bot) return &b;
  }
  all->push_back(BotStanding{});
  all->back().bot = bot;
  all->back().ranks.assign(players, 0);
  return &all->back();
}

int Winners(const ArenaResult& r) {
  return static_cast<int>(std::count(r.winners.begin(), r.winners.end(), true));
}

// "0.412 [0.380, 0.444]"; scores of 1000 or more (Colorfight's gold)
// without decimals: "561004 [427012, 694996]".
std::string MeanText(const BotStanding& b) {
  const Interval i = b.mean_score_interval();
  const int decimals = std::fabs(b.mean_score()) >= 1000 ? 0 : 3;
  return Fixed(b.mean_score(), decimals) + " [" + Fixed(i.low, decimals) +
         ", " + Fixed(i.high, decimals) + "]";
}

// "1st", "2nd", "3rd", "4th", ...
std::string Ordinal(int rank) {
  const char* suffix = rank == 1   ? "st"
                       : rank == 2 ? "nd"
                       : rank == 3 ? "rd"
                                   : "th";
  return std::to_string(rank) + suffix;
}

}  // namespace

std::vector<BotStanding> Standings(const std::vector<ArenaResult>& results) {
  int players = 0;
  for (const ArenaResult& r : results) players = std::max(players, r.players());
  std::vector<BotStanding> all;
  for (const ArenaResult& r : results) {
    const int winners = Winners(r);
    for (int seat = 0; seat < r.players(); ++seat) {
      BotStanding* b = StandingOf(r.bots[seat], players, &all);
      ++b->games;
      b->score_sum += r.scores[seat];
      b->score_squares += r.scores[seat] * r.scores[seat];
      if (r.winners[seat]) b->win_share_sum += 1.0 / winners;
      const int rank = r.ranks[seat];
      if (rank >= 1 && rank <= players) ++b->ranks[rank - 1];
    }
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const BotStanding& a, const BotStanding& b) {
                     return a.mean_score() > b.mean_score();
                   });
  return all;
}

std::string StandingsTable(const std::vector<ArenaResult>& results) {
  return StandingsText(results) + FaultsTable(results);
}

std::string StandingsText(const std::vector<ArenaResult>& results) {
  const std::vector<BotStanding> bots = Standings(results);
  const int players = bots.empty() ? 0 : static_cast<int>(bots[0].ranks.size());
  size_t width = 3, mean_width = 22;
  for (const BotStanding& b : bots) {
    width = std::max(width, cli::EscapeForTerminal(b.bot).size());
    mean_width = std::max(mean_width, MeanText(b).size());
  }
  std::ostringstream out;
  out << results.size() << " games of " << players << " players\n";
  char cell[192];
  std::snprintf(cell, sizeof cell, " %6s  %-*s %9s", "games",
                static_cast<int>(mean_width), "mean score [95%]", "win share");
  out << "bot" << std::string(width - 3, ' ') << cell;
  for (int r = 1; r <= players; ++r) out << " " << std::setw(5) << Ordinal(r);
  out << "  mean rank\n";
  for (const BotStanding& b : bots) {
    std::string name = cli::EscapeForTerminal(b.bot);
    name.resize(width, ' ');
    std::snprintf(cell, sizeof cell, " %6d  %-*s %8s%%", b.games,
                  static_cast<int>(mean_width), MeanText(b).c_str(),
                  Fixed(100 * b.win_share(), 1).c_str());
    out << name << cell;
    for (int count : b.ranks) out << " " << std::setw(5) << count;
    out << "  " << std::setw(9) << Fixed(b.mean_rank(), 2) << "\n";
  }
  return out.str();
}

json::object StandingsJson(const std::vector<ArenaResult>& results) {
  const std::vector<BotFaults> faults = FaultsByBot(results);
  const bool answers = ShowsFailedAnswers(results);
  json::array bots;
  int players = 0;
  for (const BotStanding& b : Standings(results)) {
    players = static_cast<int>(b.ranks.size());
    const Interval i = b.mean_score_interval();
    json::array ranks;
    for (int count : b.ranks) ranks.push_back(count);
    json::object o{{"bot", b.bot},
                   {"games", b.games},
                   {"mean_score", b.mean_score()},
                   {"mean_score_low", i.low},
                   {"mean_score_high", i.high},
                   {"win_share", b.win_share()},
                   {"mean_rank", b.mean_rank()},
                   {"ranks", ranks}};
    for (const BotFaults& f : faults) {
      if (f.bot != b.bot) continue;
      for (const auto& [key, value] : FaultsJson(f, answers)) {
        if (!o.contains(key)) o[key] = value;
      }
    }
    bots.push_back(std::move(o));
  }
  return json::object{
      {"players", players}, {"games", results.size()}, {"bots", bots}};
}

}  // namespace wl::tools
