// mcts_config.h: every knob of the MCTS bot in one struct, how to read it
// from the command line, its tunable parameters, and the time manager.
//
//   mcts::Config config;
//   std::string err = mcts::ParseArgs(argc, argv, config);  // "" when fine
//   int64_t ms = mcts::SearchBudgetMs(view.Timebank(), config);
//   mcts::DeclareConfigParams(params, config);  // MctsBot::DeclareParams
//
// The competition starts bots without arguments, so every knob has a
// default; `mcts --help` lists them. The strength knobs are also tunable
// parameters (tunable.h: `mcts --list-params`, `mcts --param
// exploration=0.4`, `warlight tune`), the evaluation's weights among them;
// ParseArgs leaves --param and --list-params to wl::ApplyParamArgs.
#ifndef MCTS_CONFIG_H_
#define MCTS_CONFIG_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bot_args.h"
#include "tunable.h"

namespace mcts {

// The evaluation's weights (mcts_policy.h, Evaluate), in income-equivalent
// units: per army ahead, per region ahead, and per bonus point held where
// the other side touches it (counted against its holder).
struct EvalWeights {
  double armies = 0.12;
  double regions = 0.2;
  double exposed_bonus = 0.4;
  // Per bonus point, the share of each super region's regions held beyond
  // the other side's (progress toward a bonus not yet complete).
  double progress = 0.0;
};

struct Config {
  uint64_t seed = 1;
  // > 0: exactly this many iterations per search (deterministic with the
  // seed; the time budget still caps it as a safety net). 0: use the clock.
  int iterations = 0;
  // Time management (spec section 9: bank = min(max(bank - elapsed, 0) +
  // 500, 10000)). A search spends at most max_move_ms, at most
  // 1/bank_share of the bank beyond reserve_ms, and nothing below that.
  // One search answers a round's two requests (place_armies, then
  // attack/transfer at once), which add 1000 ms to the bank: 900 ms a
  // round keeps the bank full (+100 a round) and doubles the 450 ms search
  // that left half of the round's time unused.
  int max_move_ms = 900;
  int reserve_ms = 600;
  int bank_share = 4;
  // Determinisation: hidden states sampled per decision, and the most
  // armies the opponent may have added to a fogged region it holds.
  int samples = 8;
  int fog_noise = 4;
  // Playouts: rounds of fast policy play after the searched turn, then the
  // evaluation. 0: evaluate right after the searched turn.
  int playout_rounds = 3;
  // The same under WL1's rules: its 100% luck (wl1 §7) needs longer
  // playouts (6 rounds won 80% and 160 of 200 games against greedy where 3
  // won 72.5%, 1000 iterations a search).
  int wl1_playout_rounds = 6;
  // Combat of the searched turn: true = exact expectation (no dice),
  // false = sampled as in playouts. Under WL1 always sampled: with 100%
  // luck (wl1 §7) the expectation hides most of what an attack risks (on
  // and off cost 4 points of win rate against greedy, 200 games twice).
  bool expected_first = true;
  // Decoupled UCB1 exploration constant (values are in [0, 1]).
  double exploration = 0.5;
  // Candidate turns: greedy planner variants and fast policy variants
  // (at most), and the opponent's fast policy variants.
  int my_greedy_variants = 8;
  bool tactical_turns = true;  // stack on the front, all-in attacks
  int my_policy_variants = 3;
  int their_variants = 4;
  // 1: the opponent's turns also include its whole income placed on its
  // region most threatened by ours (its other orders kept where they fit).
  int their_stack = 0;
  // The evaluation's squashing scale (income-equivalent units), and its
  // weights (tunable parameters only: eval_armies, eval_regions,
  // eval_exposed_bonus, eval_progress).
  double eval_scale = 6.0;
  EvalWeights eval;
  // Orders sure to run: drop every move the opponent could make fail at
  // execution (its source taken or drained first; wl::KeepSureOrders).
  // Off by default: the engine skips an order that fails at execution, and
  // the cut costs strength against real opponents (issue 29, through
  // `warlight arena` at official time on the real maps: on, 35% against
  // Wunderwaffe and 57.5% against Ekdahl's bot; off, 61% and 67.5%).
  bool sure_orders = false;
  // The opponent's income those orders must survive: the larger of what
  // greedy_beliefs.h believes and our own income (the game is symmetric),
  // raised by this share for more safety (it costs strength: 0.25 cost
  // about 7 points of win rate against greedy in a 200-game test).
  double sure_income_margin = 0.0;
  // The share of that bound assumed (1: the guarantee). Below 1, orders
  // can fail at execution when the opponent places more next to their
  // regions; against the starting mcts of issue 17, 400 games at 1000
  // iterations a search: 0.75 scored 55% with 32 orders failed, 0.5 53.5%
  // with 57, 0 61% with 101; no guarantee at all (sure_orders 0) 67% with
  // 206 (it: 5 to 13).
  double sure_income_share = 1.0;
  // Orders from regions that touch the opponent go first (wl::FrontFirst).
  bool front_first = true;
  // The draft: searched (flat UCB over our pick; the rest of the draft
  // completed by a randomised greedy pick, then draft_rounds rounds of
  // fast-policy play and the evaluation), or the greedy bot's pick score.
  bool draft_search = true;
  int draft_rounds = 6;
};

// The strength knobs of `config` as tunable parameters (tunable.h), named
// as the fields (the evaluation's weights as eval_*). Not the seed nor the
// time manager's knobs, nor the 0|1 switches. Bounds: from 0 (or the least
// that works) to about 3 times the default, within what ParseArgs accepts;
// the step, about 15% of the default (1 for small counts), is the change
// expected to matter.
inline void DeclareConfigParams(wl::ParamSet& params, Config& c) {
  //          name                  field                 min  max   step
  params.Add("exploration", &c.exploration, 0.0, 1.5, 0.08);
  params.Add("eval_scale", &c.eval_scale, 1.0, 18.0, 1.0);
  params.Add("eval_armies", &c.eval.armies, 0.0, 0.36, 0.02);
  params.Add("eval_regions", &c.eval.regions, 0.0, 0.6, 0.03);
  params.Add("eval_exposed_bonus", &c.eval.exposed_bonus, 0.0, 1.2, 0.06);
  params.Add("eval_progress", &c.eval.progress, 0.0, 1.5, 0.08);
  params.Add("samples", &c.samples, 1, 24, 2);
  params.Add("fog_noise", &c.fog_noise, 0, 12, 1);
  params.Add("playout_rounds", &c.playout_rounds, 0, 9, 1);
  params.Add("wl1_playout_rounds", &c.wl1_playout_rounds, 0, 18, 1);
  params.Add("my_greedy_variants", &c.my_greedy_variants, 0, 8, 1);
  params.Add("my_policy_variants", &c.my_policy_variants, 0, 4, 1);
  params.Add("their_variants", &c.their_variants, 1, 4, 1);
  params.Add("draft_rounds", &c.draft_rounds, 0, 18, 1);
  params.Add("sure_income_margin", &c.sure_income_margin, 0.0, 0.5, 0.05);
}

// The opponent's income the orders we send must survive (sure_orders):
// `believed` or our own `income`, whichever is larger, raised by the margin
// and taken at config.sure_income_share.
inline int SureIncomeBound(int believed, int income, const Config& config) {
  const double base = std::max(believed, income);
  return static_cast<int>(std::ceil(base * config.sure_income_share *
                                    (1 + config.sure_income_margin)));
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

namespace config_internal {

// One entry of `mcts --help`: the flag and its value, then what it does and
// its default, wrapped at 79 columns under a 26-column indent.
inline std::string HelpLine(const char* flag, const char* value,
                            const char* meaning, double default_value) {
  constexpr size_t kIndent = 26, kWidth = 79;
  char number[32];
  std::snprintf(number, sizeof number, "%g", default_value);
  std::string out = std::string("  --") + flag + " " + value;
  out += out.size() < kIndent ? std::string(kIndent - out.size(), ' ')
                              : "\n" + std::string(kIndent, ' ');
  std::string line;
  auto add = [&](const std::string& word) {  // wraps before a long word
    if (!line.empty() && kIndent + line.size() + 1 + word.size() > kWidth) {
      out += line + "\n" + std::string(kIndent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  };
  const std::string text = meaning;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find(' ', at), text.size());
    add(text.substr(at, end - at));
    at = end + 1;
  }
  add(std::string("(default: ") + number + ")");  // never broken
  return out + line + "\n";
}

}  // namespace config_internal

namespace config_internal {

// `mcts --help` for the time and search knobs.
inline std::string SearchKnobsHelp(const Config& d) {
  return HelpLine("seed", "N", "random seed of the search",
                  static_cast<double>(d.seed)) +
         HelpLine("iterations", "N",
                  "exact iterations per search, deterministic with the seed "
                  "(the time budget still caps it); 0: search until the "
                  "budget is spent",
                  d.iterations) +
         HelpLine("max-move-ms", "N", "most milliseconds one search takes",
                  d.max_move_ms) +
         HelpLine("reserve-ms", "N",
                  "time bank never spent; a search takes at most 1/bank-share "
                  "of the bank above it",
                  d.reserve_ms) +
         HelpLine("bank-share", "N", "see --reserve-ms (>= 1)", d.bank_share) +
         HelpLine("samples", "N", "hidden states sampled per decision (1..64)",
                  d.samples) +
         HelpLine("fog-noise", "N",
                  "most armies the opponent may have added to a fogged region "
                  "it holds",
                  d.fog_noise) +
         HelpLine("playout-rounds", "N",
                  "rounds of fast-policy play after the searched turn, then "
                  "the evaluation (0..50)",
                  d.playout_rounds) +
         HelpLine("wl1-playout-rounds", "N",
                  "rounds of fast-policy play after the searched turn under "
                  "WL1's rules, whose 100% luck needs more (0..50)",
                  d.wl1_playout_rounds) +
         HelpLine("expected-first", "0|1",
                  "1: combat of the searched turn at its exact expectation "
                  "(not under WL1's 100% luck: sampled there); 0: dice "
                  "sampled as in playouts",
                  d.expected_first) +
         HelpLine("exploration", "X",
                  "UCB1 exploration constant (values are in [0, 1])",
                  d.exploration) +
         HelpLine("eval-scale", "X",
                  "the evaluation's squashing scale, in income units "
                  "(positive)",
                  d.eval_scale);
}

// `mcts --help` for the candidate turns, the orders sent and the draft.
inline std::string TurnKnobsHelp(const Config& d) {
  return HelpLine("my-greedy-variants", "N",
                  "our candidate turns from greedy planner settings (0..8)",
                  d.my_greedy_variants) +
         HelpLine("tactical-turns", "0|1",
                  "also try stacking on the front and an all-in attack",
                  d.tactical_turns) +
         HelpLine("my-policy-variants", "N",
                  "our candidate turns from the fast policy (0..4)",
                  d.my_policy_variants) +
         HelpLine("their-variants", "N",
                  "the opponent's fast policy turns (1..4)", d.their_variants) +
         HelpLine("their-stack", "0|1",
                  "also its whole income on its region we threaten most",
                  d.their_stack) +
         HelpLine("sure-orders", "0|1",
                  "send only orders the opponent cannot make fail",
                  d.sure_orders) +
         HelpLine("sure-income-margin", "X",
                  "raise the opponent income those orders must survive by "
                  "this share (costs strength)",
                  d.sure_income_margin) +
         HelpLine("sure-income-share", "X",
                  "assume only this share of that income (0..1; below 1 "
                  "orders may fail at execution)",
                  d.sure_income_share) +
         HelpLine("front-first", "0|1",
                  "orders from regions touching the opponent go first",
                  d.front_first) +
         HelpLine("draft-search", "0|1",
                  "1: search the starting picks; 0: the greedy bot's pick "
                  "score",
                  d.draft_search) +
         HelpLine("draft-rounds", "N",
                  "rounds played after each simulated draft (0..50)",
                  d.draft_rounds);
}

}  // namespace config_internal

// The text of `mcts --help` (`program`: the binary's name): every knob, its
// meaning and its default (read from Config{}, so it cannot drift from the
// code).
inline std::string Usage(const std::string& program = "mcts") {
  const Config defaults;
  return "usage: " + program +
         " [--KNOB VALUE]...   (--KNOB=VALUE works too)\n\n"
         "The MCTS bot: decoupled UCT over whole turns. The competition "
         "starts it\nwithout arguments: every knob has a default; 0|1 knobs "
         "are off (0) or on (1).\n\n" +
         config_internal::SearchKnobsHelp(defaults) +
         config_internal::TurnKnobsHelp(defaults) +
         "\nTuning (warlight tune): --list-params prints the tunable "
         "parameters, one a line:\nNAME DEFAULT MIN MAX STEP (the strength "
         "knobs above and the evaluation's\nweights); --param NAME=VALUE "
         "sets one (repeat it for more), after the knobs.\n"
         "--help prints this help and exits.\n";
}

namespace config_internal {

// The knobs by kind, each with its flag and its field; integers with their
// range (ParseInt already keeps them in 0..1e9), doubles whether they must
// be positive and their most (ParseDouble already keeps them in 0..1e9).
struct IntKnob {
  const char* flag;
  int Config::*field;
  int min, max;
};
struct BoolKnob {  // 0 or 1
  const char* flag;
  bool Config::*field;
};
struct DoubleKnob {
  const char* flag;
  double Config::*field;
  bool positive;
  double max = 1e9;
};

constexpr int kAnyInt = 1000000000;
inline constexpr IntKnob kIntKnobs[] = {
    {"--iterations", &Config::iterations, 0, kAnyInt},
    {"--max-move-ms", &Config::max_move_ms, 0, kAnyInt},
    {"--reserve-ms", &Config::reserve_ms, 0, kAnyInt},
    {"--bank-share", &Config::bank_share, 1, kAnyInt},
    {"--samples", &Config::samples, 1, 64},
    {"--fog-noise", &Config::fog_noise, 0, kAnyInt},
    {"--playout-rounds", &Config::playout_rounds, 0, 50},
    {"--wl1-playout-rounds", &Config::wl1_playout_rounds, 0, 50},
    {"--my-greedy-variants", &Config::my_greedy_variants, 0, 8},
    {"--my-policy-variants", &Config::my_policy_variants, 0, 4},
    {"--their-variants", &Config::their_variants, 1, 4},
    {"--their-stack", &Config::their_stack, 0, 1},
    {"--draft-rounds", &Config::draft_rounds, 0, 50},
};
inline constexpr BoolKnob kBoolKnobs[] = {
    {"--expected-first", &Config::expected_first},
    {"--tactical-turns", &Config::tactical_turns},
    {"--sure-orders", &Config::sure_orders},
    {"--front-first", &Config::front_first},
    {"--draft-search", &Config::draft_search},
};
inline constexpr DoubleKnob kDoubleKnobs[] = {
    {"--exploration", &Config::exploration, false},
    {"--eval-scale", &Config::eval_scale, true},
    {"--sure-income-margin", &Config::sure_income_margin, false},
    {"--sure-income-share", &Config::sure_income_share, false, 1.0},
};

// The knob of `knobs` named `name`, or nullptr.
template <typename Knob, size_t N>
const Knob* FindKnob(const Knob (&knobs)[N], const std::string& name) {
  for (const Knob& k : knobs) {
    if (name == k.flag) return &k;
  }
  return nullptr;
}

// The seed: any unsigned 64-bit decimal.
inline bool ParseSeed(const char* text, uint64_t& out) {
  char* end = nullptr;
  unsigned long long s = std::strtoull(text, &end, 10);
  if (*text == '\0' || *end != '\0') return false;
  out = s;
  return true;
}

enum class KnobResult { kSet, kBadValue, kUnknown };

// Sets the knob `name` to `value` when the value is valid for it; the
// config is untouched otherwise.
inline KnobResult SetKnob(const std::string& name, const char* value,
                          Config& config) {
  bool ok = false;
  int n = 0;
  double x = 0;
  if (name == "--seed") {
    ok = ParseSeed(value, config.seed);
  } else if (const IntKnob* k = FindKnob(kIntKnobs, name)) {
    ok = ParseInt(value, n) && n >= k->min && n <= k->max;
    if (ok) config.*(k->field) = n;
  } else if (const BoolKnob* k = FindKnob(kBoolKnobs, name)) {
    ok = ParseInt(value, n) && n <= 1;
    if (ok) config.*(k->field) = n == 1;
  } else if (const DoubleKnob* k = FindKnob(kDoubleKnobs, name)) {
    ok = ParseDouble(value, x) && (!k->positive || x > 0) && x <= k->max;
    if (ok) config.*(k->field) = x;
  } else {
    return KnobResult::kUnknown;
  }
  return ok ? KnobResult::kSet : KnobResult::kBadValue;
}

}  // namespace config_internal

// The flags of tunable.h, which ParseArgs skips: --param NAME=VALUE (or
// --param=NAME=VALUE) and --list-params.
constexpr const char* kParamFlag = "--param";
constexpr const char* kListParamsFlag = "--list-params";

// Every flag of the command line, for "did you mean": the knobs, --seed,
// --help and the tuning flags.
inline std::vector<std::string> FlagNames() {
  std::vector<std::string> names = {"--seed", "--help", kParamFlag,
                                    kListParamsFlag};
  for (const auto& k : config_internal::kIntKnobs) names.push_back(k.flag);
  for (const auto& k : config_internal::kBoolKnobs) names.push_back(k.flag);
  for (const auto& k : config_internal::kDoubleKnobs) names.push_back(k.flag);
  return names;
}

// Reads `--name value` or `--name=value` pairs into `config`. Returns "" or
// a one-line error ("unknown option '--iteratoins' (did you mean
// --iterations?)"); "help" when --help was asked for. The tuning flags
// (kParamFlag, kListParamsFlag) are skipped: wl::ApplyParamArgs reads them.
inline std::string ParseArgs(int argc, char** argv, Config& config) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") return "help";
    if (arg == kListParamsFlag) continue;  // wl::ApplyParamArgs's
    std::string name = arg, value;
    const size_t eq = arg.find('=');
    if (eq != std::string::npos) name = arg.substr(0, eq);
    const std::vector<std::string> names = FlagNames();
    if (name.rfind("-", 0) != 0) return "unexpected argument '" + arg + "'";
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      return wl::UnknownOption(name, names);  // before taking a value
    }
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return "missing value for " + arg;
    }
    if (name == kParamFlag) continue;  // wl::ApplyParamArgs checks it
    switch (config_internal::SetKnob(name, value.c_str(), config)) {
      case config_internal::KnobResult::kSet:
        break;
      case config_internal::KnobResult::kUnknown:
        return wl::UnknownOption(name, FlagNames());
      case config_internal::KnobResult::kBadValue:
        return "bad value '" + value + "' for " + name;
    }
  }
  return "";
}

}  // namespace mcts

#endif  // MCTS_CONFIG_H_
