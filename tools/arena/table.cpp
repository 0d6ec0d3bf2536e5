#include "arena/table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "arena/standings.h"
#include "boost/json.hpp"
#include "sdk/cli/terminal.h"

namespace wl::tools {

namespace json = boost::json;

namespace {

using Pair = std::pair<std::string, std::string>;

// The pairs in first-appearance order.
std::vector<Pair> PairsOf(const std::vector<ArenaResult>& results) {
  std::vector<Pair> pairs;
  for (const ArenaResult& r : results) {
    Pair p{r.lineup[0], r.lineup[1]};
    if (std::find(pairs.begin(), pairs.end(), p) == pairs.end())
      pairs.push_back(p);
  }
  return pairs;
}

// An Elo figure: "+12", "-3", "0" (never "-0"), "+inf".
std::string Signed(double x) {
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  const std::string s = Fixed(x, 0);
  return s == "0" || s[0] == '-' ? s : "+" + s;
}

std::string SprtText(const Score& s, const Pentanomial& p, double elo0,
                     double elo1) {
  Sprt t = SprtTest(s, elo0, elo1);
  const char* verdict = t.decision == SprtDecision::kAcceptH1   ? "H1 accepted"
                        : t.decision == SprtDecision::kAcceptH0 ? "H0 accepted"
                                                                : "undecided";
  return std::string("  ") + verdict + " (LLR " + Fixed(t.llr, 2) + " in [" +
         Fixed(t.lower_bound, 2) + ", " + Fixed(t.upper_bound, 2) +
         "]; by pairs " + Fixed(SprtTest(p, elo0, elo1).llr, 2) + ")";
}

std::string EloText(const EloEstimate& e) {
  return Signed(e.elo) + " [" + Signed(e.low) + ", " + Signed(e.high) + "]";
}

std::string PairName(const Pair& p) {
  return cli::EscapeForTerminal(p.first) + " vs " +
         cli::EscapeForTerminal(p.second);
}

std::string PairsText(const std::vector<ArenaResult>& results, double elo0,
                      double elo1, bool sprt) {
  const std::vector<Pair> pairs = PairsOf(results);
  size_t width = 4;
  for (const Pair& p : pairs) width = std::max(width, PairName(p).size());
  const int w = static_cast<int>(width);
  std::ostringstream out;
  char line[512];
  std::snprintf(line, sizeof line,
                "%-*s %6s %5s %5s %5s %7s  %-22s %-20s %-20s%s\n", w, "pair",
                "games", "W", "D", "L", "score", "win rate [95%]", "Elo [95%]",
                "Elo by pairs [95%]", sprt ? "  SPRT" : "");
  out << line;
  for (const Pair& p : pairs) {
    Score s = PairScore(results, p.first, p.second);
    Interval r = WilsonInterval(s.points(), s.games());
    const std::string rate = Fixed(100 * s.rate(), 1) + "% [" +
                             Fixed(100 * r.low, 1) + ", " +
                             Fixed(100 * r.high, 1) + "]";
    const Pentanomial paired = PairPentanomial(results, p.first, p.second);
    std::snprintf(line, sizeof line, " %6d %5d %5d %5d %7s  %-22s %-20s %-20s",
                  s.games(), s.wins, s.draws, s.losses,
                  Fixed(s.rate(), 3).c_str(), rate.c_str(),
                  EloText(EloDifference(s)).c_str(),
                  EloText(EloDifference(paired)).c_str());
    std::string name = PairName(p);
    name.resize(width, ' ');
    out << name << line << (sprt ? SprtText(s, paired, elo0, elo1) : "")
        << "\n";
  }
  return out.str();
}

BotFaults* FaultsOf(const std::string& bot, std::vector<BotFaults>* all) {
  for (BotFaults& b : *all) {
    if (b.bot == bot) return &b;
  }
  all->push_back(BotFaults{});
  all->back().bot = bot;
  return &all->back();
}

json::object PairJson(const std::vector<ArenaResult>& results, const Pair& p,
                      double elo0, double elo1, bool sprt) {
  const auto& [a, b] = p;
  Score s = PairScore(results, a, b);
  Interval wilson = WilsonInterval(s.points(), s.games());
  EloEstimate elo = EloDifference(s);
  json::object o{{"bot", a},
                 {"opponent", b},
                 {"games", s.games()},
                 {"wins", s.wins},
                 {"draws", s.draws},
                 {"losses", s.losses},
                 {"score", s.rate()},
                 {"score_low", wilson.low},
                 {"score_high", wilson.high},
                 {"elo", elo.elo},
                 {"elo_low", elo.low},
                 {"elo_high", elo.high}};
  const Pentanomial pairs = PairPentanomial(results, a, b);
  const EloEstimate paired = EloDifference(pairs);
  json::array counts;
  for (int c : pairs.counts) counts.push_back(c);
  o["pentanomial"] = counts;
  o["elo_pairs"] = paired.elo;
  o["elo_pairs_low"] = paired.low;
  o["elo_pairs_high"] = paired.high;
  if (sprt) {
    Sprt t = SprtTest(s, elo0, elo1);
    o["sprt_llr"] = t.llr;
    o["sprt_llr_pairs"] = SprtTest(pairs, elo0, elo1).llr;
    o["sprt"] = t.decision == SprtDecision::kAcceptH1   ? "H1"
                : t.decision == SprtDecision::kAcceptH0 ? "H0"
                                                        : "continue";
  }
  BotFaults f;
  for (const ArenaResult& r : results) {
    for (int seat = 0; seat < 2; ++seat) {
      if (r.bots[seat] != a || r.bots[1 - seat] != b) continue;
      f.timeouts += r.timeouts[seat];
      f.failed_answers += r.failed_answers[seat];
      f.crashes += r.crashed[seat];
      f.parse_errors += r.parse_errors[seat];
      f.rejected_moves += r.rejected_moves[seat];
      f.failed_moves += r.failed_moves[seat];
    }
  }
  o["bot_timeouts"] = f.timeouts;
  if (ShowsFailedAnswers(results)) o["bot_failed_answers"] = f.failed_answers;
  o["bot_crashes"] = f.crashes;
  o["bot_parse_errors"] = f.parse_errors;
  o["bot_rejected_moves"] = f.rejected_moves;
  o["bot_failed_moves"] = f.failed_moves;
  return o;
}

}  // namespace

Score PairScore(const std::vector<ArenaResult>& results, const std::string& a,
                const std::string& b) {
  Score s;
  for (const ArenaResult& r : results) {
    if (r.lineup[0] != a || r.lineup[1] != b) continue;
    const int a_seat = r.bots[0] == a ? 0 : 1;
    if (r.winner == "draw") {
      ++s.draws;
    } else if ((r.winner == "player1") == (a_seat == 0)) {
      ++s.wins;
    } else {
      ++s.losses;
    }
  }
  return s;
}

Pentanomial PairPentanomial(const std::vector<ArenaResult>& results,
                            const std::string& a, const std::string& b) {
  // a's score in the two seats of each (seed, map), -1 while unplayed.
  std::map<std::pair<int64_t, std::string>, std::array<double, 2>> seeds;
  for (const ArenaResult& r : results) {
    if (r.lineup[0] != a || r.lineup[1] != b) continue;
    const int a_seat = r.bots[0] == a ? 0 : 1;
    auto it =
        seeds.try_emplace({r.seed, r.map}, std::array<double, 2>{-1, -1}).first;
    it->second[a_seat] = r.winner == "draw"                         ? 0.5
                         : (r.winner == "player1") == (a_seat == 0) ? 1.0
                                                                    : 0.0;
  }
  Pentanomial p;
  for (const auto& [seed, score] : seeds) {
    if (score[0] >= 0 && score[1] >= 0) p.AddPair(score[0], score[1]);
  }
  return p;
}

std::vector<BotFaults> FaultsByBot(const std::vector<ArenaResult>& results) {
  std::vector<BotFaults> all;
  for (const ArenaResult& r : results) {
    for (int seat = 0; seat < r.players(); ++seat) {
      BotFaults* f = FaultsOf(r.bots[seat], &all);
      ++f->games;
      f->timeouts += r.timeouts[seat];
      f->failed_answers += r.failed_answers[seat];
      f->parse_errors += r.parse_errors[seat];
      f->rejected_moves += r.rejected_moves[seat];
      f->failed_moves += r.failed_moves[seat];
      if (!r.crashed[seat]) continue;
      ++f->crashes;
      f->crash_lines.push_back("crashed in round " +
                               std::to_string(r.crash_round[seat]) + ": " +
                               cli::EscapeForTerminal(r.crash[seat]) +
                               " (seed " + std::to_string(r.seed) +
                               ", as player" + std::to_string(seat + 1) + ")");
    }
  }
  return all;
}

bool ShowsFailedAnswers(const std::vector<ArenaResult>& results) {
  for (const ArenaResult& r : results) {
    if (r.players() > 2) return true;
    for (int n : r.failed_answers) {
      if (n != 0) return true;
    }
  }
  return false;
}

std::string FaultsTable(const std::vector<ArenaResult>& results) {
  const std::vector<BotFaults> bots = FaultsByBot(results);
  const bool answers = ShowsFailedAnswers(results);
  size_t width = 3;
  for (const BotFaults& b : bots)
    width = std::max(width, cli::EscapeForTerminal(b.bot).size());
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, " %6s %9s%s %7s %12s %14s %19s\n", "games",
                "time-outs", answers ? " failed answers" : "", "crashes",
                "parse errors", "rejected moves", "failed at execution");
  out << "\n" << std::string("bot") + std::string(width - 3, ' ') << line;
  for (const BotFaults& b : bots) {
    char failed[32] = "";
    if (answers)
      std::snprintf(failed, sizeof failed, " %14d", b.failed_answers);
    std::snprintf(line, sizeof line, " %6d %9d%s %7d %12d %14d %19d\n", b.games,
                  b.timeouts, failed, b.crashes, b.parse_errors,
                  b.rejected_moves, b.failed_moves);
    std::string name = cli::EscapeForTerminal(b.bot);
    name.resize(width, ' ');
    out << name << line;
  }
  for (const BotFaults& b : bots) {
    const size_t shown = std::min<size_t>(b.crash_lines.size(), 5);
    for (size_t i = 0; i < shown; ++i) {
      out << cli::EscapeForTerminal(b.bot) << " " << b.crash_lines[i] << "\n";
    }
    if (b.crash_lines.size() > shown) {
      out << cli::EscapeForTerminal(b.bot) << ": "
          << b.crash_lines.size() - shown << " more crashes\n";
    }
  }
  return out.str();
}

json::object FaultsJson(const BotFaults& f, bool failed_answers) {
  json::array crashes;
  for (const std::string& c : f.crash_lines) crashes.push_back(json::value(c));
  json::object o{{"bot", f.bot}, {"games", f.games}, {"timeouts", f.timeouts}};
  if (failed_answers) o["failed_answers"] = f.failed_answers;
  o["crashes"] = f.crashes;
  o["crash_lines"] = crashes;
  o["parse_errors"] = f.parse_errors;
  o["rejected_moves"] = f.rejected_moves;
  o["failed_moves"] = f.failed_moves;
  return o;
}

namespace {

// The results by number of players, 2 first.
std::map<int, std::vector<ArenaResult>> ByPlayers(
    const std::vector<ArenaResult>& results) {
  std::map<int, std::vector<ArenaResult>> groups;
  for (const ArenaResult& r : results) groups[r.players()].push_back(r);
  return groups;
}

// True when every result keeps the game's own scores (ArenaResult::scored):
// the 2-player table then adds the standings of standings.h.
bool AllScored(const std::vector<ArenaResult>& results) {
  for (const ArenaResult& r : results) {
    if (!r.scored) return false;
  }
  return !results.empty();
}

std::string PairsTable(const std::vector<ArenaResult>& results, double elo0,
                       double elo1, bool sprt) {
  std::string text = PairsText(results, elo0, elo1, sprt);
  if (AllScored(results)) text += "\n" + StandingsText(results);
  return text + FaultsTable(results);
}

json::object PairsJson(const std::vector<ArenaResult>& results, double elo0,
                       double elo1, bool sprt) {
  json::array pairs, bots;
  for (const Pair& p : PairsOf(results))
    pairs.push_back(PairJson(results, p, elo0, elo1, sprt));
  const bool answers = ShowsFailedAnswers(results);
  for (const BotFaults& f : FaultsByBot(results))
    bots.push_back(FaultsJson(f, answers));
  json::object o{{"pairs", pairs}, {"bots", bots}};
  if (AllScored(results)) o["standings"] = StandingsJson(results);
  return o;
}

}  // namespace

std::vector<ArenaResult> InScheduleOrder(std::vector<ArenaResult> results) {
  // A bot's place: how many bots come before it in some lineup (its index
  // on the command line when every lineup was played), then first met.
  std::map<std::string, std::set<std::string>> before;
  std::map<std::string, size_t> first_met;
  for (const ArenaResult& r : results) {
    for (size_t i = 0; i < r.lineup.size(); ++i) {
      first_met.emplace(r.lineup[i], first_met.size());
      before[r.lineup[i]].insert(r.lineup.begin(), r.lineup.begin() + i);
    }
  }
  auto places = [&](const std::vector<std::string>& bots) {
    std::vector<std::pair<size_t, size_t>> p;
    for (const std::string& b : bots)
      p.emplace_back(before[b].size(), first_met[b]);
    return p;
  };
  std::stable_sort(results.begin(), results.end(),
                   [&](const ArenaResult& a, const ArenaResult& b) {
                     return std::make_tuple(places(a.lineup), a.seed,
                                            places(a.bots), a.map, a.key) <
                            std::make_tuple(places(b.lineup), b.seed,
                                            places(b.bots), b.map, b.key);
                   });
  return results;
}

std::string ResultsTable(const std::vector<ArenaResult>& unordered, double elo0,
                         double elo1, bool sprt) {
  const std::vector<ArenaResult> results = InScheduleOrder(unordered);
  std::string text;
  for (const auto& [players, group] : ByPlayers(results)) {
    if (!text.empty()) text += "\n";
    text += players == 2 ? PairsTable(group, elo0, elo1, sprt)
                         : StandingsTable(group);
  }
  return text.empty() ? PairsTable(results, elo0, elo1, sprt) : text;
}

std::string TableJson(const std::vector<ArenaResult>& unordered, double elo0,
                      double elo1, bool sprt) {
  const std::vector<ArenaResult> results = InScheduleOrder(unordered);
  json::array tables;
  for (const auto& [players, group] : ByPlayers(results)) {
    tables.push_back(players == 2 ? PairsJson(group, elo0, elo1, sprt)
                                  : StandingsJson(group));
  }
  if (tables.empty()) tables.push_back(PairsJson(results, elo0, elo1, sprt));
  if (tables.size() == 1) return PlainJson(tables[0]) + "\n";
  return PlainJson(json::object{{"tables", tables}}) + "\n";
}

}  // namespace wl::tools
