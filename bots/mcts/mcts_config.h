// mcts_config.h: every knob of the MCTS bot in one struct, how to read it
// from the command line, and the time manager.
//
//   mcts::Config config;
//   std::string err = mcts::ParseArgs(argc, argv, config);  // "" when fine
//   int64_t ms = mcts::SearchBudgetMs(view.Timebank(), config);
//
// The competition starts bots without arguments, so every knob has a
// default; `mcts --help` lists them.
#ifndef MCTS_CONFIG_H_
#define MCTS_CONFIG_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace mcts {

struct Config {
  uint64_t seed = 1;
  // > 0: exactly this many iterations per search (deterministic with the
  // seed; the time budget still caps it as a safety net). 0: use the clock.
  int iterations = 0;
  // Time management (spec section 9: bank = min(max(bank - elapsed, 0) +
  // 500, 10000)). A search spends at most max_move_ms, at most
  // 1/bank_share of the bank beyond reserve_ms, and nothing below that.
  int max_move_ms = 450;
  int reserve_ms = 600;
  int bank_share = 4;
  // Determinisation: hidden states sampled per decision, and the most
  // armies the opponent may have added to a fogged region it holds.
  int samples = 8;
  int fog_noise = 4;
  // Playouts: rounds of fast policy play after the searched turn, then the
  // evaluation. 0: evaluate right after the searched turn.
  int playout_rounds = 3;
  // Combat of the searched turn: true = exact expectation (no dice),
  // false = sampled as in playouts.
  bool expected_first = true;
  // Decoupled UCB1 exploration constant (values are in [0, 1]).
  double exploration = 0.5;
  // Candidate turns: greedy planner variants and fast policy variants
  // (at most), and the opponent's fast policy variants.
  int my_greedy_variants = 8;
  bool tactical_turns = true;  // stack on the front, all-in attacks
  int my_policy_variants = 3;
  int their_variants = 4;
  // The evaluation's squashing scale (income-equivalent units).
  double eval_scale = 6.0;
  // Orders sure to run: drop every move the opponent could make fail at
  // execution (its source taken or drained first; wl::KeepSureOrders).
  bool sure_orders = true;
  // The opponent's income those orders must survive: the larger of what
  // greedy_beliefs.h believes and our own income (the game is symmetric),
  // raised by this share for more safety (it costs strength: 0.25 cost
  // about 7 points of win rate against greedy in a 200-game test).
  double sure_income_margin = 0.0;
  // Orders from regions that touch the opponent go first (wl::FrontFirst).
  bool front_first = true;
  // The draft: searched (flat UCB over our pick; the rest of the draft
  // completed by a randomised greedy pick, then draft_rounds rounds of
  // fast-policy play and the evaluation), or the greedy bot's pick score.
  bool draft_search = true;
  int draft_rounds = 6;
};

// The opponent's income the orders we send must survive (sure_orders):
// `believed` or our own `income`, whichever is larger, raised by the margin.
inline int SureIncomeBound(int believed, int income, const Config& config) {
  const double base = std::max(believed, income);
  return static_cast<int>(std::ceil(base * (1 + config.sure_income_margin)));
}

// The time manager: the milliseconds one search may take when the bank
// holds bank_ms. Never more than config.max_move_ms, never more than
// (bank_ms - reserve_ms) / bank_share, never negative.
inline int64_t SearchBudgetMs(int64_t bank_ms, const Config& config) {
  const int64_t usable = bank_ms - config.reserve_ms;
  if (usable <= 0) return 0;
  const int64_t share = usable / std::max(1, config.bank_share);
  return std::clamp<int64_t>(share, 0, std::max(0, config.max_move_ms));
}

namespace config_internal {

inline bool ParseInt(const char* text, int& out) {
  char* end = nullptr;
  long v = std::strtol(text, &end, 10);
  if (*text == '\0' || *end != '\0' || v < 0 || v > 1000000000) return false;
  out = static_cast<int>(v);
  return true;
}

inline bool ParseDouble(const char* text, double& out) {
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (*text == '\0' || *end != '\0' || !(v >= 0) || v > 1e9) return false;
  out = v;
  return true;
}

}  // namespace config_internal

inline const char* Usage() {
  return "usage: mcts [--seed N] [--iterations N] [--max-move-ms N]\n"
         "  [--reserve-ms N] [--bank-share N] [--samples N] [--fog-noise N]\n"
         "  [--playout-rounds N] [--expected-first 0|1] [--exploration X]\n"
         "  [--my-greedy-variants N] [--tactical-turns 0|1]\n"
         "  [--my-policy-variants N]\n"
         "  [--their-variants N] [--eval-scale X] [--sure-orders 0|1]\n"
         "  [--sure-income-margin X] [--front-first 0|1]\n"
         "  [--draft-search 0|1] [--draft-rounds N]\n";
}

// Reads `--name value` or `--name=value` pairs into `config`. Returns "" or
// a one-line error; "help" when --help was asked for.
inline std::string ParseArgs(int argc, char** argv, Config& config) {
  using config_internal::ParseDouble;
  using config_internal::ParseInt;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") return "help";
    std::string name = arg, value;
    if (size_t eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return "missing value for " + arg;
    }
    const char* v = value.c_str();
    int n = 0;
    double x = 0;
    bool ok = true;
    if (name == "--seed") {
      char* end = nullptr;
      unsigned long long s = std::strtoull(v, &end, 10);
      ok = *v != '\0' && *end == '\0';
      if (ok) config.seed = s;
    } else if (name == "--iterations") {
      ok = ParseInt(v, config.iterations);
    } else if (name == "--max-move-ms") {
      ok = ParseInt(v, config.max_move_ms);
    } else if (name == "--reserve-ms") {
      ok = ParseInt(v, config.reserve_ms);
    } else if (name == "--bank-share") {
      ok = ParseInt(v, n) && n >= 1;
      if (ok) config.bank_share = n;
    } else if (name == "--samples") {
      ok = ParseInt(v, n) && n >= 1 && n <= 64;
      if (ok) config.samples = n;
    } else if (name == "--fog-noise") {
      ok = ParseInt(v, config.fog_noise);
    } else if (name == "--playout-rounds") {
      ok = ParseInt(v, n) && n <= 50;
      if (ok) config.playout_rounds = n;
    } else if (name == "--expected-first") {
      ok = ParseInt(v, n) && n <= 1;
      if (ok) config.expected_first = n == 1;
    } else if (name == "--exploration") {
      ok = ParseDouble(v, config.exploration);
    } else if (name == "--my-greedy-variants") {
      ok = ParseInt(v, n) && n <= 8;
      if (ok) config.my_greedy_variants = n;
    } else if (name == "--tactical-turns") {
      ok = ParseInt(v, n) && n <= 1;
      if (ok) config.tactical_turns = n == 1;
    } else if (name == "--my-policy-variants") {
      ok = ParseInt(v, n) && n <= 4;
      if (ok) config.my_policy_variants = n;
    } else if (name == "--their-variants") {
      ok = ParseInt(v, n) && n >= 1 && n <= 4;
      if (ok) config.their_variants = n;
    } else if (name == "--eval-scale") {
      ok = ParseDouble(v, x) && x > 0;
      if (ok) config.eval_scale = x;
    } else if (name == "--sure-orders") {
      ok = ParseInt(v, n) && n <= 1;
      if (ok) config.sure_orders = n == 1;
    } else if (name == "--sure-income-margin") {
      ok = ParseDouble(v, config.sure_income_margin);
    } else if (name == "--front-first") {
      ok = ParseInt(v, n) && n <= 1;
      if (ok) config.front_first = n == 1;
    } else if (name == "--draft-search") {
      ok = ParseInt(v, n) && n <= 1;
      if (ok) config.draft_search = n == 1;
    } else if (name == "--draft-rounds") {
      ok = ParseInt(v, n) && n <= 50;
      if (ok) config.draft_rounds = n;
    } else {
      return "unknown option " + name;
    }
    if (!ok) return "bad value '" + value + "' for " + name;
  }
  return "";
}

}  // namespace mcts

#endif  // MCTS_CONFIG_H_
