// tune_summary.cpp: `warlight tune`'s end-of-run report (tune_summary.h).
#include "tune/tune_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/json.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

std::string Pad(const std::string& text, size_t width) {
  return text.size() >= width ? text + " "
                              : text + std::string(width - text.size(), ' ');
}

std::string Percent(double points, int64_t games) {
  return games > 0 ? Fixed(100 * points / games, 1) + "%" : "-";
}

}  // namespace

std::string Number(double x) { return PlainJson(json::value(x)); }

ParamValues Values(const std::vector<SpsaParam>& params,
                   const std::vector<double>& theta) {
  ParamValues values;
  for (size_t i = 0; i < params.size(); ++i)
    values.emplace_back(params[i].name, Applied(params[i], theta[i]));
  return values;
}

// The summary's table: one row per parameter, with the schedule's ends.
std::string SummaryTable(const Spsa& spsa, const std::vector<double>& theta) {
  const int last = spsa.iterations() - 1;
  size_t width = 16;  // the names' column
  for (const SpsaParam& p : spsa.params())
    width = std::max(width, std::min<size_t>(p.name.size(), 40) + 2);
  std::string text = Pad("param", width);
  for (const char* h : {"start", "final", "min", "max", "c_end", "r_end", "c_0",
                        "c_last", "a_0", "a_last"})
    text += Pad(h, 11);
  text.erase(text.find_last_not_of(' ') + 1);
  text += "\n";
  for (size_t i = 0; i < theta.size(); ++i) {
    const SpsaParam& p = spsa.params()[i];
    text += Pad(cli::EscapeForTerminal(p.name, 40), width);
    for (double x : {Applied(p, p.start), Applied(p, theta[i]), p.min, p.max,
                     p.c_end, p.r_end, spsa.C(i, 0), spsa.C(i, last),
                     spsa.A(i, 0), spsa.A(i, last)})
      text += Pad(Number(std::round(x * 1e6) / 1e6), 11);
    text.erase(text.find_last_not_of(' ') + 1);
    text += "\n";
  }
  return text;
}

// The pool's table: per opponent, the tuning games (theta+'s and theta-'s
// scores) or, with `pool_games`, the tuned values' and the defaults'.
std::string PoolTable(const TuneConfig& c,
                      const std::vector<OpponentTally>& tally,
                      bool pool_games) {
  size_t width = 16;
  for (const std::string& o : c.opponents)
    width = std::max(width, std::min<size_t>(o.size(), 60) + 2);
  std::string text = Pad("opponent", width) + Pad("games", 8) +
                     (pool_games ? "tuned    default\n" : "theta+   theta-\n");
  for (size_t i = 0; i < tally.size(); ++i) {
    const OpponentTally& t = tally[i];
    const int64_t games = pool_games ? t.pool_games : t.games;
    text += Pad(cli::EscapeForTerminal(c.opponents[i], 60), width) +
            Pad(std::to_string(games), 8) +
            Pad(Percent(pool_games ? t.tuned : t.plus, games), 9) +
            Percent(pool_games ? t.defaults : t.minus, games) + "\n";
  }
  return text;
}

// tune.json's "opponents": one object per bot of the pool.
json::array PoolJson(const TuneConfig& c,
                     const std::vector<OpponentTally>& tally) {
  const auto rate = [](double points, int64_t games) {
    return games > 0 ? json::value(points / games) : json::value(nullptr);
  };
  json::array pool;
  for (size_t i = 0; i < tally.size(); ++i) {
    const OpponentTally& t = tally[i];
    json::object o{{"bot", c.opponents[i]},
                   {"games", t.games},
                   {"plus_score", rate(t.plus, t.games)},
                   {"minus_score", rate(t.minus, t.games)}};
    if (c.pool_games > 0) {
      o["pool_games"] = t.pool_games;
      o["tuned_score"] = rate(t.tuned, t.pool_games);
      o["default_score"] = rate(t.defaults, t.pool_games);
    }
    pool.push_back(std::move(o));
  }
  return pool;
}

json::object SummaryJson(const TuneConfig& c, const Spsa& spsa,
                         const std::vector<double>& theta) {
  const int last = spsa.iterations() - 1;
  json::array params;
  for (size_t i = 0; i < theta.size(); ++i) {
    const SpsaParam& p = spsa.params()[i];
    params.push_back(json::object{{"name", p.name},
                                  {"integer", p.integer},
                                  {"start", Applied(p, p.start)},
                                  {"final", Applied(p, theta[i])},
                                  {"min", p.min},
                                  {"max", p.max},
                                  {"c_end", p.c_end},
                                  {"r_end", p.r_end},
                                  {"c_first", spsa.C(i, 0)},
                                  {"c_last", spsa.C(i, last)},
                                  {"a_first", spsa.A(i, 0)},
                                  {"a_last", spsa.A(i, last)}});
  }
  return json::object{{"bot", c.bot},
                      {"iterations", c.iterations},
                      {"pairs_per_iteration", c.pairs_per_iteration},
                      {"seed", c.seed},
                      {"gamma", kSpsaGamma},
                      {"alpha", kSpsaAlpha},
                      {"A", 0.1 * c.iterations},
                      {"params", std::move(params)},
                      {"flags", ParamFlags(Values(spsa.params(), theta))}};
}

// The confirmation as text (one paragraph) and into `summary`.
std::string ConfirmationText(const Confirmation& r, json::object* summary) {
  const Interval rate = WilsonInterval(r.score.points(), r.score.games());
  const EloEstimate elo = EloDifference(r.score);
  const EloEstimate penta = EloDifference(r.pairs);
  json::array counts;
  for (int n : r.pairs.counts) counts.push_back(n);
  (*summary)["confirmation"] =
      json::object{{"games", r.score.games()},
                   {"wins", r.score.wins},
                   {"draws", r.score.draws},
                   {"losses", r.score.losses},
                   {"score", r.score.rate()},
                   {"score_low", rate.low},
                   {"score_high", rate.high},
                   {"elo", elo.elo},
                   {"elo_low", elo.low},
                   {"elo_high", elo.high},
                   {"pentanomial", std::move(counts)},
                   {"pentanomial_elo", penta.elo},
                   {"pentanomial_elo_low", penta.low},
                   {"pentanomial_elo_high", penta.high}};
  const auto& p = r.pairs.counts;
  return "confirmation, tuned vs default: " + std::to_string(r.score.games()) +
         " games, W " + std::to_string(r.score.wins) + " D " +
         std::to_string(r.score.draws) + " L " +
         std::to_string(r.score.losses) + ", score " +
         Fixed(100 * r.score.rate(), 1) + "% [" + Fixed(100 * rate.low, 1) +
         "%, " + Fixed(100 * rate.high, 1) + "%]\n  Elo " + Fixed(elo.elo, 1) +
         " [" + Fixed(elo.low, 1) + ", " + Fixed(elo.high, 1) +
         "], pentanomial Elo " + Fixed(penta.elo, 1) + " [" +
         Fixed(penta.low, 1) + ", " + Fixed(penta.high, 1) +
         "] (pairs scoring 0/0.5/1/1.5/2: " + std::to_string(p[0]) + "/" +
         std::to_string(p[1]) + "/" + std::to_string(p[2]) + "/" +
         std::to_string(p[3]) + "/" + std::to_string(p[4]) + ")\n";
}

}  // namespace wl::tools
