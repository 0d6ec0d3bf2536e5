#include "tune/tune.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <streambuf>
#include <thread>
#include <variant>

#include "arena/schedule.h"
#include "arena/settings.h"  // MapPoolIdentity
#include "arena/stats.h"
#include "common/bot_params.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/json.h"
#include "common/parallel.h"
#include "common/progress.h"
#include "java_random.h"  // FastRandom: PoolIndex
#include "sdk/cli/terminal.h"
#include "sdk/common/closest_name.h"
#include "tune/spsa.h"
#include "tune/tune_log.h"
#include "tune/tune_summary.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

constexpr int64_t kMaxIterations = 10000000;
constexpr int64_t kMaxPairs = 10000;
constexpr int64_t kMaxJobs = 1024;
constexpr int64_t kMaxConfirmGames = 1000000;
// The schedule's salts: iteration k's games, the confirmation's.
constexpr uint64_t kGamesSalt = 0x6A3E;
constexpr uint64_t kConfirmSalt = 0xC0F1;
constexpr uint64_t kPoolSalt = 0x9001;

std::string Prefix(const TuneConfig& c) {
  return "warlight " + c.command + ": ";
}

int Error(const TuneConfig& c, const std::string& message) {
  std::cerr << Prefix(c) << cli::EscapeForTerminal(message) << "\n";
  return 2;
}

// One field of NAME:START:C_END:R_END; "" keeps *value.
bool ParseField(const std::string& text, double* value) {
  if (text.empty()) return true;
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(x)) return false;
  *value = x;
  return true;
}

// "the bot declares no parameter 'lnad' (did you mean land?; it declares
// land, bonus)".
std::string NoSuchParam(const std::string& name,
                        const std::vector<wl::Param>& declared) {
  std::vector<std::string> names;
  std::string list;
  for (const wl::Param& d : declared) {
    names.push_back(d.name);
    list += (list.empty() ? "" : ", ") + d.name;
  }
  const std::string best = ClosestName(name, names);
  return "the bot declares no parameter '" + name + "' (" +
         (best.empty() ? "" : "did you mean " + best + "?; ") + "it declares " +
         list + ")";
}

// One --param spec against the declared parameters.
absl::StatusOr<SpsaParam> ParseSpec(const std::string& spec,
                                    const std::vector<wl::Param>& declared) {
  std::vector<std::string> fields;
  std::stringstream in(spec);
  for (std::string f; std::getline(in, f, ':');) fields.push_back(f);
  if (!spec.empty() && spec.back() == ':') fields.push_back("");
  const auto bad = [&](const std::string& why) {
    return absl::InvalidArgumentError("--param " + spec + ": " + why);
  };
  if (fields.empty() || fields[0].empty())
    return bad("no NAME (NAME[:START[:C_END[:R_END]]])");
  if (fields.size() > 4)
    return bad(std::to_string(fields.size()) +
               " fields, at most 4: NAME[:START[:C_END[:R_END]]]");
  const auto p =
      std::find_if(declared.begin(), declared.end(),
                   [&](const wl::Param& d) { return d.name == fields[0]; });
  if (p == declared.end()) return bad(NoSuchParam(fields[0], declared));
  SpsaParam s{p->name,
              p->value,
              p->min,
              p->max,
              p->step > 0 ? p->step : (p->max - p->min) / 20,
              kSpsaDefaultREnd};
  s.integer = p->is_integer;
  fields.resize(4);
  const char* kNames[] = {"NAME", "START", "C_END", "R_END"};
  double* targets[] = {nullptr, &s.start, &s.c_end, &s.r_end};
  for (int i = 1; i < 4; ++i) {
    if (!ParseField(fields[i], targets[i]))
      return bad(std::string(kNames[i]) + " '" + fields[i] +
                 "' is not a number");
  }
  if (s.start < s.min || s.start > s.max)
    return bad("START " + Number(s.start) + " is outside [" + Number(s.min) +
               ", " + Number(s.max) + "]");
  if (!(s.c_end > 0) || !(s.r_end > 0))
    return bad("C_END and R_END must be > 0");
  return s;
}

// The parameters to tune: each --param, or every declared one.
absl::StatusOr<std::vector<SpsaParam>> TunedParams(
    const TuneConfig& c, const std::vector<wl::Param>& declared) {
  std::vector<std::string> specs = c.params;
  if (specs.empty()) {
    for (const wl::Param& p : declared) specs.push_back(p.name);
  }
  std::vector<SpsaParam> params;
  for (const std::string& spec : specs) {
    absl::StatusOr<SpsaParam> p = ParseSpec(spec, declared);
    if (!p.ok()) return p.status();
    for (const SpsaParam& q : params) {
      if (q.name == p->name)
        return absl::InvalidArgumentError("--param " + q.name + " given twice");
    }
    if (!(p->max > p->min))
      return absl::InvalidArgumentError(p->name +
                                        " has no range to tune (min = max)");
    params.push_back(*std::move(p));
  }
  return params;
}

}  // namespace

namespace {

// Plays `game` (lineup {"a", "b"}): c.bot with values `a`, and `b_bot`
// with values `b`; the score of "a".
absl::StatusOr<double> PlayOne(const TuneConfig& c, const GameAdapter& rules,
                               const ArenaGame& game, const ParamValues& a,
                               const std::string& b_bot, const ParamValues& b) {
  GameSetup setup = SetupOf(game, c.force_processes);
  int a_seat = 0;
  for (int seat = 0; seat < 2; ++seat) {
    SeatSetup& s = setup.seats[seat];
    const bool is_a = game.bots[seat] == "a";
    s.bot = is_a ? c.bot : b_bot;
    s.params = is_a ? a : b;
    if (is_a) a_seat = seat;
  }
  absl::StatusOr<std::unique_ptr<PlayedGame>> played = rules.Play(setup);
  if (!played.ok()) return played.status();
  const std::string& winner = (*played)->winner;
  if (winner == "draw") return 0.5;
  return winner == "player" + std::to_string(a_seat + 1) ? 1.0 : 0.0;
}

// Plays the games of c.bot with a's values against b's with b's values on
// `seed`'s schedule (each seed in both seats), c.jobs at a time; a's score
// in each game, in schedule order. Each game's b is b_bots[PoolIndex(its
// seed)], its index put in *against when given. `done` is called after
// each game.
absl::StatusOr<std::vector<double>> PlayMatch(
    const TuneConfig& c, const GameAdapter& rules, int64_t games, int64_t seed,
    const ParamValues& a, const std::vector<std::string>& b_bots,
    const ParamValues& b, const std::function<void()>& done = nullptr,
    std::vector<int>* against = nullptr) {
  const std::vector<ArenaGame> schedule =
      Schedule({"a", "b"}, static_cast<int>(games), seed, c.maps);
  std::vector<int> opponent(schedule.size());
  for (size_t i = 0; i < schedule.size(); ++i)
    opponent[i] = PoolIndex(schedule[i].seed, b_bots.size());
  if (against) *against = opponent;
  std::vector<double> scores(schedule.size());
  std::mutex mu;
  absl::Status failure;
  ForEachIndex(schedule.size(), c.jobs, [&](size_t i) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (!failure.ok()) return;  // the rest are not played
    }
    absl::StatusOr<double> s =
        PlayOne(c, rules, schedule[i], a, b_bots[opponent[i]], b);
    std::lock_guard<std::mutex> lock(mu);
    if (!s.ok()) {
      failure = s.status();
      return;
    }
    scores[i] = *s;
    if (done) done();
  });
  if (!failure.ok()) return failure;
  return scores;
}

}  // namespace

int PoolIndex(int64_t seed, size_t size) {
  if (size <= 1) return 0;
  return static_cast<int>(FastRandom(static_cast<uint64_t>(seed)).NextU64() %
                          size);
}

namespace {

// The log's settings: everything that changes the run's iterations.
json::object LogSettings(const TuneConfig& c, const GameAdapter& game,
                         const std::vector<SpsaParam>& params) {
  json::object game_settings;
  for (const GameSetting& s : game.Settings())
    game_settings[s.key] = IntegerOrString(s.value);
  json::array tuned;
  for (const SpsaParam& p : params) {
    tuned.push_back(json::object{{"name", p.name},
                                 {"start", p.start},
                                 {"min", p.min},
                                 {"max", p.max},
                                 {"c_end", p.c_end},
                                 {"r_end", p.r_end}});
  }
  const bool in_process = !c.force_processes && game.PlaysInProcess(c.bot);
  return json::object{
      {"game", game.Name()},
      {"game_settings", std::move(game_settings)},
      {"maps", c.maps_dir.empty() ? game.DefaultMap()
                                  : MapPoolIdentity(c.maps_dir, c.maps)},
      {"bot", c.bot},
      {"bot_identity", game.BotIdentity(c.bot, in_process)},
      // One opponent (or none) as before pools: its name (or ""); a pool as
      // the array of its bots.
      {"opponent", c.opponents.size() == 1 ? json::value(c.opponents[0])
                   : c.opponents.empty()
                       ? json::value("")
                       : json::value(json::value_from(c.opponents))},
      {"processes", c.force_processes},
      {"iterations", c.iterations},
      {"pairs_per_iteration", c.pairs_per_iteration},
      {"seed", c.seed},
      {"params", std::move(tuned)}};
}

// Iteration k's games: theta+ against theta-, or each against the
// opponents on the same seeds (theta+'s scores, then theta-'s; *against:
// the pool index of each of theta+'s games' opponent, a pool's only).
// `result`: theta+'s points minus theta-'s (twice that against opponents).
absl::StatusOr<std::vector<double>> PlayIteration(
    const TuneConfig& c, const GameAdapter& game, const Spsa& spsa,
    const SpsaStep& step, int k, double* result, std::vector<int>* against) {
  const int64_t games = 2 * c.pairs_per_iteration;
  const int64_t seed = IterationSeed(c.seed, k, kGamesSalt);
  const ParamValues plus = Values(spsa.params(), step.plus);
  const ParamValues minus = Values(spsa.params(), step.minus);
  if (c.opponents.empty()) {
    absl::StatusOr<std::vector<double>> scores =
        PlayMatch(c, game, games, seed, plus, {c.bot}, minus);
    if (scores.ok()) {
      for (double s : *scores) *result += 2 * s - 1;
    }
    return scores;
  }
  absl::StatusOr<std::vector<double>> scores =
      PlayMatch(c, game, games, seed, plus, c.opponents, {}, nullptr, against);
  if (!scores.ok()) return scores;
  absl::StatusOr<std::vector<double>> theirs =
      PlayMatch(c, game, games, seed, minus, c.opponents, {});
  if (!theirs.ok()) return theirs;
  if (c.opponents.size() < 2) against->clear();  // the log as before pools
  // Twice the difference: near even, the same expectation as theta+'s
  // points against theta- (each game's 2s - 1) in self-play.
  for (size_t i = 0; i < scores->size(); ++i)
    *result += 2 * ((*scores)[i] - (*theirs)[i]);
  scores->insert(scores->end(), theirs->begin(), theirs->end());
  return scores;
}

// " | land 23.4, reserve 5.1": the current values.
std::string Live(const Spsa& spsa, const std::vector<double>& theta) {
  std::string text;
  for (size_t i = 0; i < theta.size() && i < 4; ++i) {
    const SpsaParam& p = spsa.params()[i];
    text += (i ? ", " : " | ") + cli::EscapeForTerminal(p.name, 20) + " " +
            Fixed(Applied(p, theta[i]), p.integer ? 0 : 3);
  }
  return text + (theta.size() > 4 ? ", ..." : "");
}

// Adds an iteration's games against the pool (`results`: theta+'s games,
// then theta-'s; `against`: their opponents, empty for all the first).
void AddIteration(const std::vector<double>& results,
                  const std::vector<int>& against,
                  std::vector<OpponentTally>* tally) {
  const size_t n = results.size() / 2;
  for (size_t i = 0; i < n; ++i) {
    const size_t o = i < against.size() ? against[i] : 0;
    if (o >= tally->size()) continue;
    OpponentTally& t = (*tally)[o];
    ++t.games;
    t.plus += results[i];
    t.minus += results[n + i];
  }
}

// Runs the iterations after `log`'s, adding the games against opponents to
// *tally; the final theta.
absl::StatusOr<std::vector<double>> Iterate(const TuneConfig& c,
                                            const GameAdapter& game,
                                            const Spsa& spsa, TuneLog& log,
                                            std::vector<OpponentTally>* tally) {
  std::vector<double> theta =
      log.done.empty() ? spsa.Start() : log.done.back().theta;
  const int total = static_cast<int>(c.iterations);
  ProgressLine progress("iterations", static_cast<int>(log.done.size()));
  for (int k = static_cast<int>(log.done.size()); k < total; ++k) {
    const SpsaStep step = spsa.Step(theta, k, c.seed);
    double result = 0;  // theta+'s points minus theta-'s
    std::vector<int> against;
    absl::StatusOr<std::vector<double>> scores =
        PlayIteration(c, game, spsa, step, k, &result, &against);
    if (!scores.ok()) return scores.status();
    theta = spsa.Update(step, result);
    if (!c.opponents.empty()) AddIteration(*scores, against, tally);
    if (log.file) {
      const std::string line =
          IterationJson(spsa.params(), step, *scores, against, result, theta) +
          "\n";
      std::fwrite(line.data(), 1, line.size(), log.file);
      std::fflush(log.file);
    }
    if (c.after_iteration) c.after_iteration(k);
    progress.Show(k + 1, total, k + 1 == total,
                  [&] { return Live(spsa, theta); });
  }
  return theta;
}

absl::StatusOr<Confirmation> Confirm(const TuneConfig& c,
                                     const GameAdapter& game,
                                     const ParamValues& tuned) {
  Confirmation result;
  const int total = static_cast<int>(GamesPlayedPerPair(c.confirm_games));
  ProgressLine progress("confirmation games");
  int done = 0;
  absl::StatusOr<std::vector<double>> scores = PlayMatch(
      c, game, c.confirm_games, IterationSeed(c.seed, 0, kConfirmSalt), tuned,
      {c.bot}, {}, [&] {
        ++done;
        progress.Show(done, total, done == total);
      });
  if (!scores.ok()) return scores.status();
  for (size_t i = 0; i < scores->size(); ++i) {
    const double s = (*scores)[i];
    (s == 1   ? result.score.wins
     : s == 0 ? result.score.losses
              : result.score.draws)++;
    if (i % 2 == 1) result.pairs.AddPair((*scores)[i - 1], s);
  }
  return result;
}

// --pool-games: the tuned values, then the defaults, against the pool on
// the same seeds, into *tally.
absl::Status PoolConfirm(const TuneConfig& c, const GameAdapter& game,
                         const ParamValues& tuned,
                         std::vector<OpponentTally>* tally) {
  const int total = static_cast<int>(2 * GamesPlayedPerPair(c.pool_games));
  ProgressLine progress("games against the pool");
  int done = 0;
  const auto show = [&] {
    ++done;
    progress.Show(done, total, done == total);
  };
  const int64_t seed = IterationSeed(c.seed, 0, kPoolSalt);
  std::vector<int> against;
  absl::StatusOr<std::vector<double>> ours = PlayMatch(
      c, game, c.pool_games, seed, tuned, c.opponents, {}, show, &against);
  if (!ours.ok()) return ours.status();
  absl::StatusOr<std::vector<double>> theirs =
      PlayMatch(c, game, c.pool_games, seed, {}, c.opponents, {}, show);
  if (!theirs.ok()) return theirs.status();
  for (size_t i = 0; i < against.size(); ++i) {
    OpponentTally& t = (*tally)[against[i]];
    ++t.pool_games;
    t.tuned += (*ours)[i];
    t.defaults += (*theirs)[i];
  }
  return absl::OkStatus();
}

}  // namespace

namespace {

// Reads what BOT declares and what is tuned; an exit status on failure.
std::optional<int> Prepare(const TuneConfig& c, const GameAdapter& game,
                           std::vector<SpsaParam>* params) {
  std::vector<std::string> bots = c.opponents;
  bots.insert(bots.begin(), c.bot);
  for (const std::string& bot : bots) {
    if (bot.empty() || (game.PlaysInProcess(bot) && !c.force_processes))
      continue;
    if (absl::Status ok = game.CheckBot(bot); !ok.ok())
      return Error(c, std::string(ok.message()));
  }
  absl::StatusOr<std::vector<wl::Param>> declared = game.BotParams(c.bot);
  if (!declared.ok()) return Error(c, std::string(declared.status().message()));
  if (declared->empty())
    return Error(c, "bot '" + c.bot + "' declares no parameter to tune");
  absl::StatusOr<std::vector<SpsaParam>> tuned = TunedParams(c, *declared);
  if (!tuned.ok()) return Error(c, std::string(tuned.status().message()));
  *params = *std::move(tuned);
  return std::nullopt;
}

}  // namespace

namespace {

// Plays the iterations (resuming --log), the games against the pool in
// *tally (one per opponent); the final theta, or an exit status.
std::variant<std::vector<double>, int> Tune(const TuneConfig& c,
                                            GameAdapter& game, const Spsa& spsa,
                                            std::vector<OpponentTally>* tally) {
  tally->assign(c.opponents.size(), OpponentTally());
  TuneLog log;
  if (!c.log_path.empty()) {
    absl::StatusOr<TuneLog> opened = OpenTuneLog(
        c.log_path, LogSettings(c, game, spsa.params()), spsa.params().size());
    if (!opened.ok()) return Error(c, std::string(opened.status().message()));
    log = *std::move(opened);
    for (const std::string& w : log.warnings)
      std::cerr << Prefix(c) << cli::EscapeForTerminal(w) << "\n";
    for (const TuneIteration& it : log.done)
      AddIteration(it.results, it.against, tally);
    if (!log.done.empty())
      std::cerr << "(" << log.done.size() << " iterations were already in "
                << cli::EscapeForTerminal(c.log_path) << ")\n";
  }
  absl::StatusOr<std::vector<double>> theta =
      Iterate(c, game, spsa, log, tally);
  if (log.file) std::fclose(log.file);
  if (!theta.ok()) {
    std::cerr << Prefix(c) << "a game failed: "
              << cli::EscapeForTerminal(std::string(theta.status().message()))
              << "\n";
    return 1;
  }
  return *std::move(theta);
}

}  // namespace

namespace {

// The confirmation, then --pool-games; their text to `out` (unless
// --json) and their results into `summary`. 0, or 1 when a game failed.
int Confirmations(const TuneConfig& c, GameAdapter& game,
                  const ParamValues& tuned, std::vector<OpponentTally>* tally,
                  json::object* summary, std::ostream& out) {
  Nowhere nowhere;
  std::streambuf* const cout_buffer = std::cout.rdbuf(&nowhere);
  int status = 0;
  if (c.confirm_games > 0) {
    absl::StatusOr<Confirmation> confirmed = Confirm(c, game, tuned);
    if (confirmed.ok()) {
      const std::string paragraph = ConfirmationText(*confirmed, summary);
      if (!c.json) out << paragraph << std::flush;
    } else {
      std::cerr << Prefix(c) << "a confirmation game failed: "
                << cli::EscapeForTerminal(
                       std::string(confirmed.status().message()))
                << "\n";
      status = 1;
    }
  }
  if (c.pool_games > 0 && !c.opponents.empty()) {
    const absl::Status played = PoolConfirm(c, game, tuned, tally);
    if (played.ok() && !c.json) {
      out << "against the opponents, tuned vs default ("
          << GamesPlayedPerPair(c.pool_games)
          << " games each, the same seeds):\n"
          << PoolTable(c, *tally, true);
    } else if (!played.ok()) {
      std::cerr << Prefix(c) << "a game against the opponents failed: "
                << cli::EscapeForTerminal(std::string(played.message()))
                << "\n";
      status = 1;
    }
  }
  std::cout.rdbuf(cout_buffer);
  if (!c.opponents.empty()) (*summary)["opponents"] = PoolJson(c, *tally);
  return status;
}

// --out DIR: tune.json and tune.txt; an exit status on failure.
std::optional<int> WriteOut(const TuneConfig& c, const json::object& summary,
                            const std::string& text) {
  if (c.out_dir.empty()) return std::nullopt;
  std::error_code ec;
  std::filesystem::create_directories(c.out_dir, ec);
  const std::filesystem::path dir(c.out_dir);
  absl::Status written = WriteFileAtomically((dir / "tune.json").string(),
                                             PlainJson(summary) + "\n");
  if (written.ok())
    written = WriteFileAtomically((dir / "tune.txt").string(), text);
  if (!written.ok()) return Error(c, std::string(written.message()));
  return std::nullopt;
}

}  // namespace

int RunTune(const TuneConfig& config, GameAdapter& game, std::ostream& out) {
  TuneConfig c = config;
  if (c.maps_dir.empty() && c.maps.empty()) c.maps = game.DefaultMaps();
  std::vector<SpsaParam> params;
  if (std::optional<int> exit = Prepare(c, game, &params)) return *exit;
  const Spsa spsa(params, static_cast<int>(c.iterations));
  Nowhere nowhere;
  std::streambuf* const cout_buffer = std::cout.rdbuf(&nowhere);
  std::vector<OpponentTally> tally;
  std::variant<std::vector<double>, int> tuned = Tune(c, game, spsa, &tally);
  std::cout.rdbuf(cout_buffer);
  if (std::holds_alternative<int>(tuned)) return std::get<int>(tuned);
  const std::vector<double>& theta = std::get<0>(tuned);
  json::object summary = SummaryJson(c, spsa, theta);
  std::string text = "warlight " + c.command + " " + c.bot + ": " +
                     std::to_string(c.iterations) + " iterations of " +
                     std::to_string(c.pairs_per_iteration) +
                     " game pair(s), seed " + std::to_string(c.seed) + "\n" +
                     SummaryTable(spsa, theta) +
                     "tuned:" + ParamFlags(Values(params, theta)) + "\n";
  if (!c.opponents.empty())
    text +=
        "tuning games against the opponents (theta+'s; theta- played the "
        "same seeds):\n" +
        PoolTable(c, tally, false);
  if (!c.json) out << text << std::flush;
  const int status =
      Confirmations(c, game, Values(params, theta), &tally, &summary, out);
  if (c.json) out << PlainJson(summary) << "\n";
  out.flush();
  if (std::optional<int> exit = WriteOut(c, summary, text)) return *exit;
  return status;
}

namespace {

constexpr const char* kTuneHelp =
    "Tunes BOT's numeric parameters by self-play with SPSA, as fishtest\n"
    "tunes chess engines: each iteration plays theta+ against theta- (theta\n"
    "perturbed by +-c_k in random directions) in game pairs, each seed in\n"
    "both seats, and moves theta toward the winner (with --opponent BOT,\n"
    "theta+ and theta- each play BOT on the same seeds, and theta moves\n"
    "toward the one that scored more; --opponent given several times is a\n"
    "pool, each pair's opponent drawn by its seed, the scores reported per\n"
    "opponent). Then plays the tuned values against the defaults\n"
    "(--confirm-games) with the arena's statistics, and with --pool-games\n"
    "G the tuned values and the defaults each against the pool.\n"
    "--param NAME[:START[:C_END[:R_END]]] (repeatable; fields may be\n"
    "empty) picks the parameters; without it, every one the bot\n"
    "declares (sdk/common/param_set.h), from its default, with C_END its step\n"
    "and R_END 0.002. Schedule: c_k = c_end (N/(k+1))^0.101, a_k = r_end\n"
    "c_end^2 ((A+N)/(A+k+1))^0.602, A = N/10; theta += a_k/c_k result\n"
    "delta. A BOT is a folder under bots/ (in process) or a command that\n"
    "answers --list-params and takes --param NAME=VALUE.\n";

std::string Validate(TuneConfig* c, GameAdapter& game) {
  if (c->iterations < 1 || c->iterations > kMaxIterations)
    return "--iterations must be between 1 and " +
           std::to_string(kMaxIterations);
  if (c->pairs_per_iteration < 1 || c->pairs_per_iteration > kMaxPairs)
    return "--pairs-per-iteration must be between 1 and " +
           std::to_string(kMaxPairs);
  if (c->jobs < 1 || c->jobs > kMaxJobs)
    return "--jobs must be between 1 and " + std::to_string(kMaxJobs);
  if (c->confirm_games < 0 || c->confirm_games > kMaxConfirmGames)
    return "--confirm-games must be between 0 and " +
           std::to_string(kMaxConfirmGames);
  if (c->pool_games < 0 || c->pool_games > kMaxConfirmGames)
    return "--pool-games must be between 0 and " +
           std::to_string(kMaxConfirmGames);
  if (c->pool_games > 0 && c->opponents.empty())
    return "--pool-games needs --opponent";
  game.SetPlayers(2);
  if (std::string error = game.CheckFlags(); !error.empty()) return error;
  if (!c->maps_dir.empty()) {
    absl::StatusOr<std::vector<std::string>> maps = game.ListMaps(c->maps_dir);
    if (!maps.ok()) return std::string(maps.status().message());
    c->maps = *std::move(maps);
  }
  return "";
}

}  // namespace

int TuneMain(GameAdapter& game, int argc, char** argv,
             const std::string& name) {
  TuneConfig c;
  c.command = name;
  Flags flags(name, "BOT", kTuneHelp);
  flags.Int("iterations", &c.iterations, "N", "SPSA iterations (required)");
  flags.Strings("param", &c.params, "NAME[:START[:C_END[:R_END]]]",
                "a parameter to tune (repeatable; default: every one)");
  flags.Strings("opponent", &c.opponents, "BOT",
                "tune against this bot (its defaults) instead of self-play "
                "(repeatable: a pool)");
  SeedFlag(flags, &c.seed, "the run's seed: the same seed, the same run");
  flags.Int("pairs-per-iteration", &c.pairs_per_iteration, "P",
            "game pairs per iteration, their results summed");
  c.jobs = std::max(1u, std::thread::hardware_concurrency());
  flags.Int("jobs", &c.jobs, "J", "games played at once");
  flags.String("log", &c.log_path, "FILE",
               "one JSON line per iteration; re-running resumes");
  flags.String("out", &c.out_dir, "DIR",
               "write DIR/tune.json and DIR/tune.txt");
  flags.Int("confirm-games", &c.confirm_games, "G",
            "games of tuned against default at the end (default: 200; 0: "
            "none)");
  flags.Int("pool-games", &c.pool_games, "G",
            "games of tuned and of default against the opponents at the "
            "end (default: 0)");
  flags.String("maps", &c.maps_dir, "DIR",
               "a folder of the game's map files, drawn by the seed");
  game.DeclareFlags(flags);
  flags.Bool("processes", &c.force_processes,
             "play the bots of bots/ as processes too");
  flags.Bool("json", &c.json, "print tune.json instead of the table");
  std::vector<std::string> args;
  if (std::optional<int> exit = flags.Parse(argc, argv, &args)) return *exit;
  if (args.size() != 1) return flags.Fail("needs exactly one BOT");
  c.bot = args[0];
  const std::string error = Validate(&c, game);
  if (!error.empty()) return flags.Fail(cli::EscapeForTerminal(error));
  std::ostream out(std::cout.rdbuf());
  return RunTune(c, game, out);
}

}  // namespace wl::tools
