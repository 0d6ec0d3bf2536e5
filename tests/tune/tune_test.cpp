// `warlight tune` (tools/tune): SPSA finds the optimum of a synthetic game
// (alone, against one opponent, against a pool of two),
// a run killed with SIGKILL resumes to the very same iterations, and the
// flags fail in one line.
#include "tune/tune.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "boost/json.hpp"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"
#include "tests/tune/synthetic_game.h"
#include "tune/spsa.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// The final values of a run's tune.json.
std::vector<double> FinalValues(const fs::path& out_dir) {
  absl::StatusOr<std::string> text =
      ReadFileToString((out_dir / "tune.json").string());
  EXPECT_TRUE(text.ok());
  std::vector<double> values;
  if (!text.ok()) return values;
  boost::json::value v = boost::json::parse(*text);
  for (const boost::json::value& p : v.at("params").as_array())
    values.push_back(p.at("final").to_number<double>());
  return values;
}

TuneConfig SyntheticConfig(int iterations, const fs::path& dir) {
  TuneConfig c;
  c.bot = "synthetic";
  c.iterations = iterations;
  c.confirm_games = 0;
  c.seed = 7;
  c.out_dir = (dir / "out").string();
  return c;
}

TEST(SpsaTest, ScheduleEndsAtCEndAndREnd) {
  Spsa spsa({{"x", 20, 0, 100, 5, 0.002}}, 1000);
  EXPECT_NEAR(spsa.C(0, 999), 5, 1e-9);
  EXPECT_GT(spsa.C(0, 0), spsa.C(0, 999));
  // a_k / c_k^2 at the end is r_end (fishtest's R at the last iteration).
  EXPECT_NEAR(spsa.A(0, 999) / std::pow(spsa.C(0, 999), 2), 0.002, 1e-12);
  SpsaStep step = spsa.Step(spsa.Start(), 3, 1);
  EXPECT_DOUBLE_EQ(step.plus[0] - step.theta[0], step.c[0] * step.delta[0]);
  EXPECT_EQ(spsa.Step(spsa.Start(), 3, 1).delta, step.delta);  // seeded
  // A win of theta+ moves theta toward it by a_k / c_k, clamped.
  EXPECT_NEAR(spsa.Update(step, 1)[0] - 20,
              step.a[0] / step.c[0] * step.delta[0], 1e-12);
  step.theta[0] = 100;
  EXPECT_EQ(spsa.Update(step, 1e9 * step.delta[0])[0], 100);
}

TEST(TuneTest, FindsTheOptimumOfOneParameter) {
  const fs::path dir = testing::FreshTempDir("tune_one");
  SyntheticGame game({{"x", 20, 0, 100, 5}}, {70});
  TuneConfig c = SyntheticConfig(1500, dir);
  c.params = {"x::5:0.02"};
  std::ostringstream out;
  ASSERT_EQ(RunTune(c, game, out), 0);
  const std::vector<double> x = FinalValues(c.out_dir);
  ASSERT_EQ(x.size(), 1u);
  EXPECT_NEAR(x[0], 70, 3) << out.str();  // from 20, 50 away
}

TEST(TuneTest, FindsTheOptimumOfTwoParameters) {
  const fs::path dir = testing::FreshTempDir("tune_two");
  SyntheticGame game({{"x", 20, 0, 100, 5}, {"y", 80, 0, 100, 5}}, {70, 30});
  TuneConfig c = SyntheticConfig(2000, dir);
  c.params = {"x::5:0.02", "y::5:0.02"};
  c.pairs_per_iteration = 2;
  c.confirm_games = 400;
  std::ostringstream out;
  ASSERT_EQ(RunTune(c, game, out), 0);
  const std::vector<double> v = FinalValues(c.out_dir);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_NEAR(v[0], 70, 3) << out.str();
  EXPECT_NEAR(v[1], 30, 3) << out.str();
  // The tuned values beat the defaults (20 and 80: strength -50) clearly.
  EXPECT_NE(out.str().find("confirmation, tuned vs default: 400 games"),
            std::string::npos)
      << out.str();
  boost::json::value summary = boost::json::parse(
      *ReadFileToString((fs::path(c.out_dir) / "tune.json").string()));
  EXPECT_GT(summary.at("confirmation").at("pentanomial_elo_low").as_double(),
            200);
}

TEST(TuneTest, FindsTheOptimumAgainstAFixedOpponent) {
  // theta+ and theta- each play the defaults (x = 20) on the same seeds;
  // theta moves toward the one that scored more, and reaches the optimum.
  // (A wide peak: against a much weaker opponent both would always win and
  // there would be nothing to learn.)
  const fs::path dir = testing::FreshTempDir("tune_opponent");
  SyntheticGame game({{"x", 20, 0, 100, 5}}, {70}, /*width=*/40);
  TuneConfig c = SyntheticConfig(3000, dir);
  c.pairs_per_iteration = 2;
  c.params = {"x::5:0.02"};
  c.opponents = {"synthetic"};
  c.log_path = (dir / "log.jsonl").string();
  std::ostringstream out;
  ASSERT_EQ(RunTune(c, game, out), 0);
  const std::vector<double> x = FinalValues(c.out_dir);
  ASSERT_EQ(x.size(), 1u);
  EXPECT_NEAR(x[0], 70, 3) << out.str();
  // Each iteration's line has theta+'s four games, then theta-'s.
  std::ifstream log(c.log_path);
  std::string settings, first;
  std::getline(log, settings);
  std::getline(log, first);
  EXPECT_EQ(boost::json::parse(settings).at("tune_settings").at("opponent"),
            "synthetic");
  EXPECT_EQ(boost::json::parse(first).at("results").as_array().size(), 8u)
      << first;
  EXPECT_FALSE(boost::json::parse(first).as_object().contains("against"))
      << first;  // one opponent: the log as before pools
  // Resumed whole (no "against" in the log): the same summary, the games
  // all against the one opponent.
  std::ostringstream again;
  ASSERT_EQ(RunTune(c, game, again), 0);
  EXPECT_EQ(again.str(), out.str());
  EXPECT_NE(out.str().find("\nsynthetic       12000   "), std::string::npos)
      << out.str();
}

// Our bot's score against "peak2" is 0.95 - 0.012 (x - 2)^2, against
// "peak8" 0.95 - 0.006 (x - 8)^2: the pool's (their average) peaks at x = 4.
double AgainstPeak2(double x) { return 0.95 - 0.012 * (x - 2) * (x - 2); }
double AgainstPeak8(double x) { return 0.95 - 0.006 * (x - 8) * (x - 8); }

void AddPool(SyntheticGame* game) {
  game->AddOpponent("peak2", AgainstPeak2);
  game->AddOpponent("peak8", AgainstPeak8);
}

TuneConfig PoolConfig(int iterations, const fs::path& dir) {
  TuneConfig c = SyntheticConfig(iterations, dir);
  c.params = {"x::0.5:0.3"};
  c.pairs_per_iteration = 8;
  c.opponents = {"peak2", "peak8"};
  c.log_path = (dir / "log.jsonl").string();
  return c;
}

TEST(TuneTest, APoolIsTunedToWhereTheCombinedScorePeaks) {
  double peak = 0;  // the combined score's peak, on a grid: 4
  for (double x = 0; x <= 10; x += 0.01) {
    if (AgainstPeak2(x) + AgainstPeak8(x) >
        AgainstPeak2(peak) + AgainstPeak8(peak))
      peak = x;
  }
  ASSERT_NEAR(peak, 4, 0.01);
  const fs::path dir = testing::FreshTempDir("tune_pool");
  SyntheticGame game({{"x", 9, 0, 10, 0.5}}, {5});
  AddPool(&game);
  TuneConfig c = PoolConfig(2000, dir);
  c.pool_games = 400;
  std::ostringstream out;
  ASSERT_EQ(RunTune(c, game, out), 0);
  const std::vector<double> x = FinalValues(c.out_dir);
  ASSERT_EQ(x.size(), 1u);
  // From 9, at 4 +- 1, not at either bot's optimum (2, 8). Over seeds 1 to
  // 12 this lands in [3.0, 4.4]; against peak2 alone in [1.5, 2.3], against
  // peak8 alone in [7.8, 8.4].
  EXPECT_NEAR(x[0], peak, 1) << out.str();
  // Per opponent: the games of theta+ and its scores in tune.json, which
  // are the log's, and in the table.
  boost::json::value summary = boost::json::parse(
      *ReadFileToString((fs::path(c.out_dir) / "tune.json").string()));
  const boost::json::array& pool = summary.at("opponents").as_array();
  ASSERT_EQ(pool.size(), 2u);
  std::ifstream log(c.log_path);
  std::string line;
  std::getline(log, line);
  EXPECT_EQ(boost::json::parse(line).at("tune_settings").at("opponent"),
            boost::json::parse(R"(["peak2","peak8"])"));
  std::vector<int64_t> games(2);
  std::vector<double> plus(2);
  while (std::getline(log, line)) {
    boost::json::value v = boost::json::parse(line);
    const boost::json::array& against = v.at("against").as_array();
    ASSERT_EQ(against.size(), 16u) << line;
    for (size_t i = 0; i < 16; ++i) {
      ++games[against[i].as_int64()];
      plus[against[i].as_int64()] += v.at("results").at(i).to_number<double>();
    }
  }
  for (size_t o = 0; o < 2; ++o) {
    const std::string bot(pool[o].at("bot").as_string());
    EXPECT_EQ(pool[o].at("games").as_int64(), games[o]) << bot;
    EXPECT_GT(games[o], 2000 * 16 / 3) << bot;  // drawn about half each
    EXPECT_NEAR(pool[o].at("plus_score").as_double(), plus[o] / games[o], 1e-9);
    EXPECT_NE(out.str().find(bot + std::string(16 - bot.size(), ' ') +
                             std::to_string(games[o]) + " "),
              std::string::npos)
        << out.str();
    EXPECT_EQ(pool[o].at("pool_games").as_int64() % 2, 0) << bot;
  }
  EXPECT_EQ(
      pool[0].at("pool_games").as_int64() + pool[1].at("pool_games").as_int64(),
      400);
  // The defaults (x = 9) lose to peak2 and beat peak8; the tuned less so.
  EXPECT_GT(pool[0].at("tuned_score").as_double(),
            pool[0].at("default_score").as_double() + 0.3);
  EXPECT_LT(pool[1].at("tuned_score").as_double(),
            pool[1].at("default_score").as_double());
  EXPECT_NE(out.str().find(
                "tuning games against the opponents (theta+'s; theta- played "
                "the same seeds):\n"
                "opponent        games   theta+   theta-\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("against the opponents, tuned vs default (400 "
                           "games each, the same seeds):\n"),
            std::string::npos)
      << out.str();
}

// Runs RunTune in a child process that kills itself (SIGKILL) right after
// iteration `kill_after`'s line is in the log; true when it died so.
bool RunKilled(const TuneConfig& config, GameAdapter& game, int kill_after) {
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    TuneConfig c = config;
    c.after_iteration = [kill_after](int k) {
      if (k == kill_after) ::raise(SIGKILL);
    };
    std::ostringstream out;
    RunTune(c, game, out);
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

TEST(TuneTest, ResumesAfterKillNineExactly) {
  const fs::path dir = testing::FreshTempDir("tune_resume");
  SyntheticGame game({{"x", 20, 0, 100, 5}, {"y", 80, 0, 100, 5}}, {70, 30});
  TuneConfig whole = SyntheticConfig(40, dir / "whole");
  whole.params = {"x::5:0.02", "y"};
  whole.log_path = (dir / "whole.jsonl").string();
  whole.pairs_per_iteration = 2;
  whole.jobs = 3;  // the cut run plays one game at a time: the same games
  std::ostringstream whole_out;
  ASSERT_EQ(RunTune(whole, game, whole_out), 0);

  TuneConfig cut = whole;
  cut.out_dir = (dir / "cut").string();
  cut.log_path = (dir / "cut.jsonl").string();
  cut.jobs = 1;
  ASSERT_TRUE(RunKilled(cut, game, 12));
  // The kill came after 13 whole lines; cut the last one in its middle, as
  // a kill during the write would.
  std::string log = *ReadFileToString(cut.log_path);
  ASSERT_EQ(testing::Occurrences(log, "\n"), 14);
  const size_t last = log.rfind('\n', log.size() - 2);
  log.resize(last + (log.size() - last) / 2);
  ASSERT_TRUE(WriteFileAtomically(cut.log_path, log).ok());

  std::ostringstream cut_out;
  ::testing::internal::CaptureStderr();
  const int resumed = RunTune(cut, game, cut_out);
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(resumed, 0) << err;
  EXPECT_NE(err.find("cut short, dropped"), std::string::npos) << err;
  EXPECT_NE(err.find("(12 iterations were already in"), std::string::npos)
      << err;
  EXPECT_EQ(*ReadFileToString(cut.log_path), *ReadFileToString(whole.log_path));
  EXPECT_EQ(FinalValues(cut.out_dir), FinalValues(whole.out_dir));
  EXPECT_EQ(cut_out.str(), whole_out.str());

  // Other settings are refused, naming the difference.
  TuneConfig other = cut;
  other.seed = 8;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(RunTune(other, game, cut_out), 2);
  const std::string refused = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(refused.find("seed: 7 before, 8 now"), std::string::npos)
      << refused;
  EXPECT_EQ(testing::Occurrences(refused, "\n"), 1) << refused;
}

TEST(TuneTest, APoolResumesAfterKillNineAndAnotherPoolIsRefused) {
  const fs::path dir = testing::FreshTempDir("tune_pool_resume");
  SyntheticGame game({{"x", 9, 0, 10, 0.5}}, {5});
  AddPool(&game);
  TuneConfig whole = PoolConfig(30, dir / "whole");
  whole.log_path = (dir / "whole.jsonl").string();
  whole.jobs = 3;
  std::ostringstream whole_out;
  ASSERT_EQ(RunTune(whole, game, whole_out), 0);
  TuneConfig cut = whole;
  cut.out_dir = (dir / "cut").string();
  cut.log_path = (dir / "cut.jsonl").string();
  cut.jobs = 1;
  ASSERT_TRUE(RunKilled(cut, game, 9));
  std::ostringstream cut_out;
  ::testing::internal::CaptureStderr();
  ASSERT_EQ(RunTune(cut, game, cut_out), 0);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("(10 iterations were already in"), std::string::npos)
      << err;
  EXPECT_EQ(*ReadFileToString(cut.log_path), *ReadFileToString(whole.log_path));
  // The per-opponent table counts the resumed iterations too.
  EXPECT_EQ(cut_out.str(), whole_out.str());
  EXPECT_EQ(
      *ReadFileToString((fs::path(cut.out_dir) / "tune.json").string()),
      *ReadFileToString((fs::path(whole.out_dir) / "tune.json").string()));

  for (const auto& [pool, why] :
       std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"peak2"}, R"(opponent: ["peak2","peak8"] before, "peak2" now)"},
           {{"peak8", "peak2"},
            R"(opponent: ["peak2","peak8"] before, ["peak8","peak2"] now)"},
           {{}, R"(opponent: ["peak2","peak8"] before, "" now)"}}) {
    TuneConfig other = cut;
    other.opponents = pool;
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(RunTune(other, game, cut_out), 2);
    const std::string refused = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(refused.find(why), std::string::npos) << refused;
    EXPECT_EQ(testing::Occurrences(refused, "\n"), 1) << refused;
  }
}

// `warlight tune ARGS` on the synthetic game: exit status and stderr.
std::pair<int, std::string> Main(GameAdapter& game, const std::string& args) {
  std::vector<std::string> words;
  std::istringstream in(args);
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  const int status = TuneMain(game, static_cast<int>(argv.size()), argv.data());
  ::testing::internal::GetCapturedStdout();
  return {status, ::testing::internal::GetCapturedStderr()};
}

// An int parameter is tuned on a real theta but played, logged and printed
// as its nearest integer: the table, tune.json, the --param flags, the log.
TEST(TuneTest, IntParamsArePlayedAndPrintedAsIntegers) {
  const fs::path dir = testing::FreshTempDir("tune_int");
  SyntheticGame game(
      {{"n", 5, 0, 20, 1, nullptr, nullptr, true}, {"x", 20, 0, 100, 5}},
      {12, 70});
  TuneConfig c = SyntheticConfig(40, dir);
  c.log_path = (dir / "tune.jsonl").string();
  std::ostringstream out;
  ASSERT_EQ(RunTune(c, game, out), 0);
  const std::vector<double> final_values = FinalValues(c.out_dir);
  ASSERT_EQ(final_values.size(), 2u);
  EXPECT_EQ(final_values[0], std::round(final_values[0]));
  const std::string flags =
      "--param n=" + std::to_string(static_cast<int>(final_values[0])) + " ";
  EXPECT_NE(out.str().find("tuned: " + flags), std::string::npos) << out.str();
  boost::json::value summary = boost::json::parse(
      *ReadFileToString((fs::path(c.out_dir) / "tune.json").string()));
  EXPECT_EQ(std::string(summary.at("flags").as_string()).find(flags), 1u);
  EXPECT_TRUE(summary.at("params").at(0).at("integer").as_bool());
  // The table's row of n: every column before c_end an integer.
  std::istringstream table(out.str());
  std::string line;
  while (std::getline(table, line) && line.rfind("n ", 0) != 0) {
  }
  std::istringstream row(line);
  std::string name, start, final_text;
  row >> name >> start >> final_text;
  EXPECT_EQ(start, "5") << line;
  EXPECT_EQ(final_text.find('.'), std::string::npos) << line;
  // Every line of the log: theta+ and theta- of n are integers.
  std::ifstream log(c.log_path);
  int lines = 0;
  for (std::getline(log, line); std::getline(log, line); ++lines) {
    boost::json::value v = boost::json::parse(line);
    for (const char* probe : {"plus", "minus"}) {
      const double n = v.at(probe).at(0).to_number<double>();
      EXPECT_EQ(n, std::round(n)) << line;
    }
  }
  EXPECT_EQ(lines, 40);
}

// A bad --param spec says what is wrong with it.
TEST(TuneTest, ABadParamSpecSaysWhatIsWrong) {
  SyntheticGame game({{"land", 20, 0, 100, 5}, {"bonus", 2, 0, 9, 1}}, {7, 3});
  for (const auto& [spec, why] :
       std::vector<std::pair<std::string, std::string>>{
           {"lnad",
            "no parameter 'lnad' (did you mean land?; it declares "
            "land, bonus)"},
           {"zzzzzz", "no parameter 'zzzzzz' (it declares land, bonus)"},
           {"land:1:2:3:4", "5 fields, at most 4"},
           {"land:x", "START 'x' is not a number"},
           {"land::y", "C_END 'y' is not a number"},
           {"land:200", "START 200 is outside [0, 100]"},
           {":1", "no NAME"}}) {
    const auto [status, err] =
        Main(game, "synthetic --iterations 5 --param " + spec);
    EXPECT_EQ(status, 2) << spec;
    EXPECT_NE(err.find("--param " + spec + ": "), std::string::npos) << err;
    EXPECT_NE(err.find(why), std::string::npos) << err;
  }
}

TEST(TuneTest, BadFlagsAreOneLine) {
  SyntheticGame game({{"x", 20, 0, 100, 5}}, {70});
  SyntheticGame none({}, {});
  for (const auto& [g, args] :
       std::vector<std::pair<GameAdapter*, std::string>>{
           {&game, "synthetic"},
           {&game, "synthetic --iterations 0"},
           {&game, "synthetic --iterations 5 --bogus"},
           {&game, "--iterations 5"},
           {&game, "synthetic --iterations 5 --param z"},
           {&game, "synthetic --iterations 5 --param x:200"},
           {&game, "synthetic --iterations 5 --param x:50:0"},
           {&game, "synthetic --iterations 5 --param x:a"},
           {&game, "synthetic --iterations 5 --param x --param x"},
           {&game, "synthetic --iterations 5 --jobs 0"},
           {&game, "synthetic --iterations 5 --pool-games 4"},
           {&game, "synthetic --iterations 5 --opponent a --pool-games -1"},
           {&none, "synthetic --iterations 5"}}) {
    const auto [status, err] = Main(*g, args);
    EXPECT_EQ(status, 2) << args;
    EXPECT_EQ(testing::Occurrences(err, "\n"), 1) << args << ": " << err;
    EXPECT_EQ(err.rfind("warlight tune: ", 0), 0u) << err;
  }
  const auto [status, err] = Main(
      game, "synthetic --iterations 3 --param x:30::0.1 --confirm-games 2");
  EXPECT_EQ(status, 0) << err;
  // --opponent repeated: a pool.
  const auto [pool_status, pool_err] =
      Main(game,
           "synthetic --iterations 3 --opponent a --opponent b --pool-games 4 "
           "--confirm-games 0");
  EXPECT_EQ(pool_status, 0) << pool_err;
}

TEST(TuneTest, PoolIndexIsDrawnByTheSeed) {
  std::vector<int> count(3);
  for (int64_t seed = 0; seed < 3000; ++seed) {
    EXPECT_EQ(PoolIndex(seed, 1), 0);
    EXPECT_EQ(PoolIndex(seed, 3), PoolIndex(seed, 3));
    ++count[PoolIndex(seed, 3)];
  }
  for (int n : count) EXPECT_NEAR(n, 1000, 100);
}

}  // namespace
}  // namespace wl::tools
