// profile_test.cpp: `warlight profile` knows no game: percentiles, the
// report, and whole profiles through a fake GameAdapter whose Play fills the
// timing deterministically (what the profile asks of a game, what it makes
// of the answers). Warlight through the profile: wl_profile_test.cpp.
#include "profile/profile.h"

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "common/fake_game.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

fs::path TempDir(const std::string& name) {
  return wl::testing::FreshTempDir("profile_" + name);
}

json::object ReadJson(const fs::path& file) {
  return json::parse(ReadFileToString(file.string()).value_or("null"))
      .as_object();
}

int64_t Int(const json::value& v) { return v.to_number<int64_t>(); }

TimedRequest Request(const std::string& kind, int64_t bank, int64_t elapsed,
                     bool timed_out = false) {
  TimedRequest r;
  r.kind = kind;
  r.bank_ms = bank;
  r.elapsed_ms = elapsed;
  r.timed_out = timed_out;
  r.answer_ms = static_cast<double>(elapsed);
  return r;
}

// A game with one flag, --budget MS (official: 100). Its Play answers
// every seat with the same requests ("ask" x3, then "tell"; a bot named
// "slow..." times out on each "ask" and is killed, 2 requests skipped;
// seed 7 adds an "extra"), player1 wins even seeds, odd ones are drawn.
class FakeGame : public StubGame {
 public:
  void DeclareFlags(Flags& flags) override {
    flags.Int("budget", &budget, "MS", "the fake's time per request");
  }
  std::string CheckFlags() const override {
    return budget < 1 ? "--budget must be >= 1" : "";
  }
  std::vector<GameSetting> Settings() const override {
    return {{"--budget", "budget_ms", std::to_string(budget)}};
  }
  absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string& dir) const override {
    if (!fs::is_directory(dir)) return absl::NotFoundError("no maps in " + dir);
    return std::vector<std::string>{dir + "/a.map", dir + "/b.map"};
  }
  absl::Status CheckBot(const std::string& bot) const override {
    if (bot == "missing") return absl::NotFoundError("bot 'missing': no");
    return absl::OkStatus();
  }
  std::string BotIdentity(const std::string&, bool) const override {
    return "";
  }
  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override {
    setups.push_back(setup);
    if (setup.seats[0].bot == "broken" || setup.seats[1].bot == "broken") {
      return absl::InternalError("broken cannot play");
    }
    auto played = std::make_unique<FakePlayedGame>();
    played->winner = setup.seed % 2 == 0 ? "player1" : "draw";
    played->rounds = 10 + static_cast<int>(setup.seed % 5);
    played->seats.resize(setup.seats.size());
    for (size_t i = 0; i < setup.seats.size(); ++i) {
      const bool slow = setup.seats[i].bot.rfind("slow", 0) == 0;
      if (setup.seats[i].timing) FillTiming(setup, slow, setup.seats[i].timing);
      played->seats[i].killed = slow;
      played->seats[i].skipped_requests = slow ? 2 : 0;
    }
    return played;
  }
  int64_t TimeAvailableMs(int64_t requests) const override {
    return requests * budget;
  }
  bool OfficialRules() const override { return budget == 100; }
  std::vector<std::string> RequestKinds() const override { return kinds; }

  int64_t budget = 100;
  std::vector<std::string> kinds = {"tell", "ask"};
  mutable std::vector<GameSetup> setups;  // every Play's

 private:
  void FillTiming(const GameSetup& setup, bool slow,
                  std::vector<TimedRequest>* out) const {
    for (int i = 0; i < 3; ++i) {
      out->push_back(slow ? Request("ask", budget, budget, true)
                          : Request("ask", budget, i + 1));
    }
    if (slow) return;  // killed
    out->push_back(Request("tell", budget, 5));
    if (setup.seed == 7) out->push_back(Request("extra", budget, 0));
  }
};

// Runs ProfileMain of `game` on these arguments; the exit status.
int RunProfile(GameAdapter& game, std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return ProfileMain(game, static_cast<int>(argv.size()), argv.data());
}

// ---- Pure parts ------------------------------------------------------------

TEST(ProfileTest, PercentileIsTheNearestRank) {
  std::vector<double> v = {7, 3, 10, 1, 9, 2, 8, 4, 6, 5};  // 1..10, unsorted
  EXPECT_EQ(Percentile(v, 50), 5);
  EXPECT_EQ(Percentile(v, 90), 9);
  EXPECT_EQ(Percentile(v, 91), 10);
  EXPECT_EQ(Percentile(v, 99), 10);
  EXPECT_EQ(Percentile(v, 100), 10);
  EXPECT_EQ(Percentile(v, 0), 1);
  EXPECT_EQ(Percentile(v, 10), 1);
  EXPECT_EQ(Percentile(v, 11), 2);
  EXPECT_EQ(Percentile(v, -5), 1);
  EXPECT_EQ(Percentile(v, 250), 10);
  EXPECT_EQ(Percentile({}, 50), 0);
  EXPECT_EQ(Percentile({42}, 1), 42);
  EXPECT_EQ(Percentile({42}, 99), 42);
  // 100 values: p99 is the 99th, p90 the 90th.
  std::vector<double> hundred;
  for (int i = 100; i >= 1; --i) hundred.push_back(i);
  EXPECT_EQ(Percentile(hundred, 99), 99);
  EXPECT_EQ(Percentile(hundred, 90), 90);
  EXPECT_EQ(Percentile(hundred, 50), 50);
}

TEST(ProfileTest, SummaryCountsTimeoutsBanksAndShares) {
  std::vector<TimedRequest> requests = {
      Request("place", 10000, 100),
      Request("place", 9000, 4500),
      Request("place", 5000, 5000, /*timed_out=*/true),
      Request("place", 500, 0),
  };
  RequestStats s = SummarizeRequests("place", requests);
  EXPECT_EQ(s.kind, "place");
  EXPECT_EQ(s.count, 4);
  EXPECT_EQ(s.timeouts, 1);
  EXPECT_DOUBLE_EQ(s.mean_ms, (100 + 4500 + 5000 + 0) / 4.0);
  EXPECT_EQ(s.median_ms, 100);
  EXPECT_EQ(s.p90_ms, 5000);
  EXPECT_EQ(s.max_ms, 5000);
  EXPECT_EQ(s.lowest_bank_ms, 500);
  EXPECT_EQ(s.lowest_bank_left_ms, 0);  // the time-out
  // Shares 0.01, 0.5, 1, 0: the lower middle one is 0.01.
  EXPECT_DOUBLE_EQ(s.median_bank_share, 0.01);

  RequestStats empty = SummarizeRequests("pick", {});
  EXPECT_EQ(empty.count, 0);
  EXPECT_EQ(empty.max_ms, 0);
}

TEST(ProfileTest, ReportSplitsByKindAndSumsTheBudget) {
  ProfiledGame a;
  a.seat = 0;
  a.outcome = "win";
  a.requests = {Request("pick", 10000, 10), Request("place", 10000, 20),
                Request("attack", 10000, 30)};
  ProfiledGame b;
  b.seat = 1;
  b.outcome = "loss";
  b.killed = true;
  b.skipped_requests = 5;
  b.requests = {Request("pick", 1000, 1000, true),
                Request("pick", 500, 500, true),
                Request("place", 500, 500, true)};
  FakeGame game;
  game.kinds = {"pick", "place", "attack"};
  game.budget = 1000;  // not the fake's official 100
  ProfileReport r = BuildProfileReport(game, "slow", "random", {a, b});
  ASSERT_EQ(r.kinds.size(), 4u);
  EXPECT_EQ(r.kinds[0].kind, "pick");
  EXPECT_EQ(r.kinds[0].count, 3);
  EXPECT_EQ(r.kinds[0].timeouts, 2);
  EXPECT_EQ(r.kinds[1].kind, "place");
  EXPECT_EQ(r.kinds[1].count, 2);
  EXPECT_EQ(r.kinds[2].kind, "attack");
  EXPECT_EQ(r.kinds[2].count, 1);
  EXPECT_EQ(r.kinds[3].kind, "all");
  EXPECT_EQ(r.kinds[3].count, 6);
  EXPECT_EQ(r.timeouts, 3);
  EXPECT_EQ(r.games_killed, 1);
  EXPECT_EQ(r.skipped_requests, 5);
  EXPECT_EQ(r.wins, 1);
  EXPECT_EQ(r.losses, 1);
  EXPECT_EQ(r.draws, 0);
  EXPECT_EQ(r.time_used_ms, 10 + 20 + 30 + 1000 + 500 + 500);
  EXPECT_EQ(r.time_available_ms, 2 * game.TimeAvailableMs(3));
  EXPECT_EQ(r.lowest_bank_left_ms, 0);

  const std::string table = ProfileTable(r);
  EXPECT_NE(table.find("NOT the official rules"), std::string::npos) << table;
  EXPECT_NE(table.find("time-outs: 3"), std::string::npos) << table;
  EXPECT_NE(table.find("killed the bot in 1 game"), std::string::npos) << table;
  json::object o = json::parse(ProfileJson(r)).as_object();
  EXPECT_EQ(Int(o.at("timeouts")), 3);
  EXPECT_EQ(Int(o.at("games_killed")), 1);
  EXPECT_EQ(o.at("time_rules").at("official").as_bool(), false);
  EXPECT_EQ(o.at("requests").as_array().size(), 4u);
  EXPECT_EQ(o.at("game_list").as_array().size(), 2u);
  EXPECT_EQ(Int(o.at("game_list").at(1).at("timeouts")), 3);
  EXPECT_EQ(o.at("game_list").at(1).at("seat").as_string(), "player2");
}

TEST(ProfileTest, KindsAreTheGamesThenAsFirstSeen) {
  FakeGame game;  // kinds: tell, ask
  ProfiledGame a;
  a.requests = {Request("extra", 100, 1), Request("ask", 100, 1),
                Request("more", 100, 1), Request("extra", 100, 1)};
  ProfileReport r = BuildProfileReport(game, "x", "y", {a});
  std::vector<std::string> kinds;
  for (const RequestStats& s : r.kinds) kinds.push_back(s.kind);
  EXPECT_EQ(kinds,
            (std::vector<std::string>{"tell", "ask", "extra", "more", "all"}));
  EXPECT_EQ(r.kinds[0].count, 0);  // never asked, still shown
  EXPECT_EQ(r.kinds[2].count, 2);
  EXPECT_EQ(r.kinds[4].count, 4);
  const std::string table = ProfileTable(r);
  EXPECT_NE(table.find("\nsettings: --budget 100 (official)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("\ntell         0         -"), std::string::npos)
      << table;
}

// ---- Whole profiles through a fake game ------------------------------------

TEST(ProfileTest, PlaysTheGameAsProcessesSeatsAlternatingTimingTheBot) {
  FakeGame game;
  const fs::path out = TempDir("fake");
  ASSERT_EQ(RunProfile(game, {"mybot", "--games", "3", "--seed", "4",
                              "--opponent", "other", "--budget", "50", "--out",
                              out.string(), "--json"}),
            0);
  ASSERT_EQ(game.setups.size(), 3u);
  for (size_t i = 0; i < game.setups.size(); ++i) {
    SCOPED_TRACE(i);
    const GameSetup& s = game.setups[i];
    EXPECT_TRUE(s.force_processes);
    EXPECT_TRUE(s.keep_files);
    ASSERT_EQ(s.seats.size(), 2u);
    const int mine = s.seats[0].bot == "mybot" ? 0 : 1;
    EXPECT_EQ(s.seats[1 - mine].bot, "other");
    EXPECT_NE(s.seats[mine].timing, nullptr);
    EXPECT_EQ(s.seats[1 - mine].timing, nullptr);
    EXPECT_NE(s.seats[0].seed, s.seats[1].seed);
    EXPECT_NE(s.seats[0].stderr_path.find("stderr_player1.txt"),
              std::string::npos);
  }
  // Each seed in both seats.
  EXPECT_EQ(game.setups[0].seed, game.setups[1].seed);
  EXPECT_EQ(game.setups[0].seats[0].bot, game.setups[1].seats[1].bot);

  json::object report = ReadJson(out / "profile.json");
  EXPECT_EQ(report.at("time_rules"),
            json::parse(R"({"budget_ms":50,"official":false})"));
  const json::array& kinds = report.at("requests").as_array();
  ASSERT_GE(kinds.size(), 3u);
  EXPECT_EQ(kinds[0].at("kind").as_string(), "tell");
  EXPECT_EQ(Int(kinds[0].at("count")), 3);
  EXPECT_EQ(kinds[1].at("kind").as_string(), "ask");
  EXPECT_EQ(Int(kinds[1].at("count")), 9);
  EXPECT_EQ(kinds.back().at("kind").as_string(), "all");
  EXPECT_EQ(Int(report.at("time_used_ms")), 3 * (1 + 2 + 3 + 5));
  EXPECT_EQ(Int(report.at("time_available_ms")),
            Int(kinds.back().at("count")) * 50);
  const json::array& games = report.at("game_list").as_array();
  ASSERT_EQ(games.size(), 3u);
  int wins = 0, draws = 0;
  for (const json::value& g : games) {
    const bool first = g.at("seat").as_string() == "player1";
    const bool even = Int(g.at("seed")) % 2 == 0;
    EXPECT_EQ(g.at("outcome").as_string(), !even   ? "draw"
                                           : first ? "win"
                                                   : "loss");
    wins += even && first;
    draws += !even;
    const fs::path dir(std::string(g.at("dir").as_string()));
    EXPECT_EQ(ReadFileToString((dir / "fake.txt").string()).value_or(""),
              "warlight profile\n");
  }
  EXPECT_EQ(Int(report.at("wins")), wins);
  EXPECT_EQ(Int(report.at("draws")), draws);
  fs::remove_all(out);
}

TEST(ProfileTest, KillsAndSkippedRequestsComeFromTheGame) {
  FakeGame game;
  const fs::path out = TempDir("fake_slow");
  ASSERT_EQ(
      RunProfile(game, {"slowbot", "--games", "2", "--out", out.string()}), 0);
  json::object report = ReadJson(out / "profile.json");
  EXPECT_EQ(Int(report.at("timeouts")), 6);
  EXPECT_EQ(Int(report.at("games_killed")), 2);
  EXPECT_EQ(Int(report.at("skipped_requests")), 4);
  EXPECT_EQ(Int(report.at("lowest_bank_left_ms")), 0);
  EXPECT_TRUE(report.at("game_list").at(0).at("killed").as_bool());
  fs::remove_all(out);
}

// Issue 32: a second profile into the same --out wrote the same game
// folders (game<i>-seed<S>), replacing the first run's; it adds its own.
TEST(ProfileTest, ASecondRunIntoTheSameOutKeepsTheFirstsGames) {
  FakeGame game;
  const fs::path out = TempDir("fake_again");
  const std::vector<std::string> args = {
      "mybot", "--games", "2", "--seed", "4", "--out", out.string()};
  ASSERT_EQ(RunProfile(game, args), 0);
  const json::array first =
      ReadJson(out / "profile.json").at("game_list").as_array();
  ASSERT_EQ(RunProfile(game, args), 0);
  const json::array second =
      ReadJson(out / "profile.json").at("game_list").as_array();
  ASSERT_EQ(first.size(), 2u);
  ASSERT_EQ(second.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const std::string a(first[i].at("dir").as_string());
    const std::string b(second[i].at("dir").as_string());
    EXPECT_EQ(b, a + "-2");
    EXPECT_TRUE(fs::exists(fs::path(a) / "fake.txt")) << a;
    EXPECT_TRUE(fs::exists(fs::path(b) / "fake.txt")) << b;
  }
  fs::remove_all(out);
}

TEST(ProfileTest, FlagAndGameErrors) {
  FakeGame game;
  const fs::path dir = TempDir("fake_errors");
  const std::string out = (dir / "out").string();
  EXPECT_EQ(RunProfile(game, {}), 2);
  EXPECT_EQ(RunProfile(game, {"a", "b"}), 2);
  EXPECT_EQ(RunProfile(game, {"x", "--games", "0"}), 2);
  FakeGame bad_budget;  // the game's own flag and check
  EXPECT_EQ(RunProfile(bad_budget, {"x", "--budget", "0"}), 2);
  EXPECT_EQ(RunProfile(game, {"x", "--maps", "/nonexistent/maps"}), 2);
  EXPECT_EQ(RunProfile(game, {"missing", "--out", out}), 2);
  EXPECT_EQ(RunProfile(game, {"x", "--opponent", "missing", "--out", out}), 2);
  EXPECT_FALSE(fs::exists(out));  // nothing made before the checks
  EXPECT_TRUE(game.setups.empty());
  EXPECT_EQ(RunProfile(game, {"broken", "--out", out}), 1);
  EXPECT_EQ(game.setups.size(), 1u);
  EXPECT_EQ(RunProfile(game, {"--help"}), 0);
  // --maps: the game's files, in the games' setups.
  game.setups.clear();
  EXPECT_EQ(RunProfile(game, {"x", "--games", "2", "--maps", dir.string()}), 0);
  ASSERT_EQ(game.setups.size(), 2u);
  EXPECT_NE(game.setups[0].map.find(".map"), std::string::npos);
  EXPECT_FALSE(game.setups[0].keep_files);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wl::tools
