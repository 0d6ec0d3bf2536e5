// The arena with games of more than 2 players (issue 14 item 7): the
// schedule of lineups and seat rotations, the standings table, resuming,
// shards and flags, played through a fake N-player GameAdapter; and 2-player
// results lines as earlier versions wrote them.
#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "arena/arena.h"
#include "arena/standings.h"
#include "common/cli.h"
#include "common/fake_game.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// A game of 2 to 4 players without chance: a bot's strength is the last
// digit of its name; each seat scores its share of the strengths and the
// strongest win (co-winners when tied). Bots named "late..." time out once
// a game, "refused..." have two failed answers.
class FakeScoredGame : public StubGame {
 public:
  std::string Name() const override { return "scored"; }
  int MaxPlayers() const override { return 4; }
  void SetPlayers(int players) override { players_ = players; }
  std::string BotIdentity(const std::string& bot, bool) const override {
    return "fake " + bot;
  }
  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      setups_.push_back(setup);
    }
    auto played = std::make_unique<FakePlayedGame>();
    played->seats.resize(setup.seats.size());
    double total = 0;
    int best = 0;
    for (const SeatSetup& s : setup.seats) {
      total += Strength(s.bot);
      best = std::max(best, Strength(s.bot));
    }
    for (size_t i = 0; i < setup.seats.size(); ++i) {
      const std::string& bot = setup.seats[i].bot;
      SeatOutcome& o = played->seats[i];
      o.score = Strength(bot) / total;
      o.winner = Strength(bot) == best;
      o.timeouts = bot.rfind("late", 0) == 0 ? 1 : 0;
      o.failed_answers = bot.rfind("refused", 0) == 0 ? 2 : 0;
    }
    played->winner = RankSeats(&played->seats);
    played->rounds = static_cast<int>(setup.seats.size());
    return played;
  }

  std::vector<GameSetup> setups() const {
    std::lock_guard<std::mutex> lock(mu_);
    return setups_;
  }
  int players() const { return players_; }

 private:
  static int Strength(const std::string& bot) { return bot.back() - '0'; }

  int players_ = 2;
  mutable std::mutex mu_;
  mutable std::vector<GameSetup> setups_;
};

// Runs an arena of `game` in process; its table into *table.
int RunFake(const ArenaConfig& config, FakeScoredGame& game,
            std::string* table = nullptr) {
  std::ostringstream out;
  const int status = RunArena(config, game, out);
  if (table) *table = out.str();
  return status;
}

ArenaConfig Config(std::vector<std::string> bots, int players, int games) {
  ArenaConfig config;
  config.bots = std::move(bots);
  config.players = players;
  config.games = games;
  config.jobs = 2;
  return config;
}

std::set<std::string> Keys(const std::vector<ArenaGame>& games) {
  std::set<std::string> keys;
  for (const ArenaGame& g : games) keys.insert(g.key);
  return keys;
}

std::vector<ArenaResult> ReadResults(const std::string& path) {
  absl::StatusOr<ResultsFile> file = LoadResultsFile(path);
  EXPECT_TRUE(file.ok()) << file.status();
  if (!file.ok()) return {};
  EXPECT_TRUE(file->warnings.empty()) << file->warnings[0];
  return file->results;
}

TEST(ArenaPlayersTest, LineupsAreCombinationsOrMultisetsWhenBotsAreFew) {
  EXPECT_EQ(Lineups(4, 3), (std::vector<std::vector<int>>{
                               {0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}));
  // Two bots, four seats: every mix of both, never one bot alone.
  EXPECT_EQ(Lineups(2, 4), (std::vector<std::vector<int>>{
                               {0, 0, 0, 1}, {0, 0, 1, 1}, {0, 1, 1, 1}}));
  for (int bots = 1; bots <= 7; ++bots) {
    for (int players = 2; players <= 4; ++players) {
      EXPECT_EQ(LineupCount(bots, players),
                static_cast<int64_t>(Lineups(bots, players).size()))
          << bots << " bots, " << players << " players";
    }
  }
  EXPECT_EQ(LineupCount(1000, 4), int64_t{41417124750});
}

// Every seed of a lineup is played in every rotation, so each bot of a
// lineup holds each seat once per seed; over the whole schedule every bot
// holds every seat equally often.
TEST(ArenaPlayersTest, EachSeedIsPlayedInEveryRotationSoSeatsAreFair) {
  for (const auto& bots : std::vector<std::vector<std::string>>{
           {"a", "b", "c", "d"}, {"a", "b"}}) {
    const int players = bots.size() == 4 ? 3 : 4;
    // Two seeds.
    const std::vector<ArenaGame> games =
        Schedule(bots, 2 * players, 5, {}, players);
    ASSERT_EQ(
        games.size(),
        static_cast<size_t>(
            LineupCount(static_cast<int>(bots.size()), players) * 2 * players));
    EXPECT_EQ(Keys(games).size(), games.size()) << "duplicate keys";
    EXPECT_EQ(Keys(Schedule(bots, 2 * players, 5, {}, players)), Keys(games));
    std::map<std::pair<std::string, int>, int> seats;  // (bot, seat) -> games
    for (size_t i = 0; i < games.size(); ++i) {
      const ArenaGame& g = games[i];
      EXPECT_EQ(g.index, static_cast<int>(i));
      ASSERT_EQ(g.bots.size(), static_cast<size_t>(players));
      EXPECT_EQ(g.rotation, static_cast<int>(i % players));
      EXPECT_EQ(g.seed, games[i - i % players].seed);  // one seed per rotation
      for (int s = 0; s < players; ++s) {
        EXPECT_EQ(g.bots[s], g.lineup[(s + g.rotation) % players]);
        ++seats[std::make_pair(g.bots[s], s)];
      }
    }
    for (const std::string& bot : bots) {
      for (int s = 1; s < players; ++s)
        EXPECT_EQ(seats[std::make_pair(bot, s)], seats[std::make_pair(bot, 0)])
            << bot << " seat " << s;
    }
  }
  // Another arena seed, other game seeds; the first seeds stay when more
  // games are asked (a run can be extended).
  EXPECT_NE(Schedule({"a", "b", "c"}, 3, 6, {}, 3)[0].seed,
            Schedule({"a", "b", "c"}, 3, 5, {}, 3)[0].seed);
  const std::set<std::string> more =
      Keys(Schedule({"a", "b", "c"}, 9, 5, {}, 3));
  for (const std::string& key : Keys(Schedule({"a", "b", "c"}, 3, 5, {}, 3)))
    EXPECT_EQ(more.count(key), 1u) << key;
}

// The 2-player schedule is the one results files were always keyed by.
TEST(ArenaPlayersTest, PairKeysKeepTheirFormat) {
  const std::vector<ArenaGame> games = Schedule({"x", "y", "z"}, 2, 42, {"m"});
  ASSERT_EQ(games.size(), 6u);
  EXPECT_EQ(games[3].key,
            "[\"x\",\"z\"," + std::to_string(games[3].seed) + ",\"m\",1]");
  EXPECT_EQ(games[3].bots, (std::vector<std::string>{"z", "x"}));
  EXPECT_TRUE(games[3].swapped);
  EXPECT_EQ(games[4].lineup, (std::vector<std::string>{"y", "z"}));
}

TEST(ArenaPlayersTest, ShardsPartitionTheSchedule) {
  const fs::path dir = testing::FreshTempDir("arena_players_shards");
  std::set<std::string> played;
  size_t total = 0;
  for (int k = 1; k <= 3; ++k) {
    FakeScoredGame game;
    ArenaConfig config = Config({"a1", "b2", "c3", "d4"}, 3, 3);
    config.shard = k;
    config.shards = 3;
    config.results_path = (dir / ("s" + std::to_string(k))).string();
    ASSERT_EQ(RunFake(config, game), 0);
    for (const ArenaResult& r : ReadResults(config.results_path)) {
      played.insert(r.key);
      ++total;
    }
  }
  EXPECT_EQ(total, 12u);  // 4 lineups x 1 seed x 3 rotations, each once
  EXPECT_EQ(played, Keys(Schedule({"a1", "b2", "c3", "d4"}, 3, 1, {}, 3)));
  fs::remove_all(dir);
}

// Three bots of strength 1, 2 and 3 in every seat: the strongest always
// wins alone, with 3/6 of the points.
TEST(ArenaPlayersTest, TheTableGivesMeanScoreWinShareAndRanks) {
  FakeScoredGame game;
  std::string table;
  ASSERT_EQ(RunFake(Config({"a1", "late2", "c3"}, 3, 6), game, &table), 0);
  EXPECT_EQ(game.players(), 3);
  ASSERT_EQ(game.setups().size(), 6u);
  for (const GameSetup& s : game.setups()) EXPECT_EQ(s.seats.size(), 3u);
  EXPECT_NE(table.find("6 games of 3 players"), std::string::npos) << table;
  EXPECT_NE(table.find("1st   2nd   3rd"), std::string::npos) << table;
  // Best first: c3 won all 6, late2 was 2nd in all, a1 3rd.
  EXPECT_NE(table.find("c3         6  0.500 [0.500, 0.500]"), std::string::npos)
      << table;
  EXPECT_NE(table.find("100.0%     6     0     0       1.00\n"),
            std::string::npos)
      << table;  // ... and c3's mean rank
  EXPECT_NE(table.find("3rd  mean rank\n"), std::string::npos) << table;
  EXPECT_LT(table.find("late2 "), table.find("a1 "));
  EXPECT_NE(table.find("failed answers"), std::string::npos) << table;
  ArenaConfig json = Config({"a1", "late2", "c3"}, 3, 6);
  json.json = true;
  FakeScoredGame again;
  ASSERT_EQ(RunFake(json, again, &table), 0);
  EXPECT_NE(table.find("\"players\":3,\"games\":6"), std::string::npos)
      << table;
  EXPECT_NE(table.find("{\"bot\":\"late2\",\"games\":6,\"mean_score\":0.33"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("\"mean_rank\":2,\"ranks\":[0,6,0]"), std::string::npos)
      << table;
  EXPECT_NE(table.find("\"ranks\":[0,6,0],\"timeouts\":6,\"failed_answers\":0"),
            std::string::npos)
      << table;
}

// Co-winners share a win; a bot seated twice counts each seat.
TEST(ArenaPlayersTest, CoWinnersShareAWinAndBotsRepeatWhenFew) {
  const fs::path dir = testing::FreshTempDir("arena_players_cowin");
  FakeScoredGame game;
  ArenaConfig config = Config({"a2", "refused1"}, 4, 4);
  config.results_path = (dir / "r").string();
  ASSERT_EQ(RunFake(config, game), 0);
  // 3 lineups (a2 a2 a2 r1, a2 a2 r1 r1, a2 r1 r1 r1) x 4 rotations.
  EXPECT_EQ(game.setups().size(), 12u);
  const std::vector<ArenaResult> results = ReadResults(config.results_path);
  fs::remove_all(dir);
  const std::vector<BotStanding> standings = Standings(results);
  ASSERT_EQ(results.size(), 12u);
  ASSERT_EQ(standings.size(), 2u);
  const BotStanding& a = standings[0];
  const BotStanding& r = standings[1];
  EXPECT_EQ(a.bot, "a2");
  EXPECT_EQ(a.games, 24);  // 3 + 2 + 1 seats per rotation, 4 rotations
  EXPECT_EQ(r.games, 24);
  // a2 wins every game, with 3, 2 or 1 co-winners: 4 (1/3 3 + 1/2 2 + 1) /
  // 24 = 1/2 per seat.
  EXPECT_NEAR(a.win_share(), 0.5, 1e-12);
  EXPECT_EQ(r.win_share(), 0);
  EXPECT_EQ(a.ranks, (std::vector<int>{24, 0, 0, 0}));
  // Ties share the better rank: refused1 is 4th behind 3, 3rd behind 2...
  EXPECT_EQ(r.ranks, (std::vector<int>{0, 12, 8, 4}));
  EXPECT_NE(StandingsTable(results).find("refused1     24"), std::string::npos)
      << StandingsTable(results);
  EXPECT_NE(TableJson(results, 0, 0, false).find("\"failed_answers\":48"),
            std::string::npos);
}

TEST(ArenaPlayersTest, AnNPlayerResultsFileResumesAndRefusesOtherPlayers) {
  const fs::path dir = testing::FreshTempDir("arena_players_resume");
  ArenaConfig config = Config({"a1", "b2", "c3", "d4"}, 3, 3);
  config.results_path = (dir / "results.jsonl").string();
  FakeScoredGame first;
  ASSERT_EQ(RunFake(config, first), 0);
  EXPECT_EQ(first.setups().size(), 12u);
  const std::string text = ReadFileToString(config.results_path).value_or("");
  EXPECT_NE(text.find("\"players\":3"), std::string::npos) << text;
  EXPECT_NE(text.find("\"lineup\":[\"a1\",\"b2\",\"c3\"]"), std::string::npos);
  // Twice the games: only the new seed is played.
  config.games = 6;
  FakeScoredGame second;
  std::string table;
  ASSERT_EQ(RunFake(config, second, &table), 0);
  EXPECT_EQ(second.setups().size(), 12u);
  EXPECT_NE(table.find("24 games of 3 players"), std::string::npos) << table;
  const std::vector<ArenaResult> results = ReadResults(config.results_path);
  ASSERT_EQ(results.size(), 24u);
  EXPECT_EQ(Keys(Schedule(config.bots, 6, 1, {}, 3)).size(), 24u);
  for (const ArenaResult& r : results) {
    ArenaResult back;
    ASSERT_TRUE(ParseResultLine(ResultToJsonLine(r), &back));
    EXPECT_EQ(ResultToJsonLine(back), ResultToJsonLine(r));
    EXPECT_EQ(r.players(), 3);
  }
  // Merged (twice the same file: each game once), as JSON.
  {
    std::vector<std::string> args = {"merge", config.results_path,
                                     config.results_path, "--json"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    FakeScoredGame merger;
    ::testing::internal::CaptureStdout();
    EXPECT_EQ(ArenaMain(merger, static_cast<int>(argv.size()), argv.data()), 0);
    const std::string merged = ::testing::internal::GetCapturedStdout();
    EXPECT_EQ(merged.rfind("{\"players\":3,\"games\":24,", 0), 0u) << merged;
  }
  // The same file with 4 players is refused, naming --players.
  config.players = 4;
  FakeScoredGame third;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(RunFake(config, third), 2);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("--players: 3 before, 4 now"), std::string::npos) << err;
  EXPECT_TRUE(third.setups().empty());
  fs::remove_all(dir);
}

// A 2-player line and settings line as the arena wrote them before games
// of more players: read, and written back byte for byte.
TEST(ArenaPlayersTest, TwoPlayerLinesOfEarlierVersionsReadAndWriteTheSame) {
  const std::string line =
      R"({"key":"[\"a\",\"b\",5,\"generated\",1]","pair":["a","b"],)"
      R"("seats":["b","a"],"seed":5,"map":"generated","winner":"player2",)"
      R"("rounds":77,"timeouts":[0,2],"illegal_moves":[3,0],)"
      R"("rejected_moves":[1,0],"failed_moves":[2,0],"parse_errors":[0,4],)"
      R"("time_used_ms":[1234,0],"crashed":[false,true],"crash_round":[0,12],)"
      R"("crash":["","signal 11"]})"
      "\n";
  ArenaResult r;
  ASSERT_TRUE(ParseResultLine(line, &r));
  EXPECT_EQ(ResultToJsonLine(r), line);
  EXPECT_EQ(r.ranks, (std::vector<int>{2, 1}));
  EXPECT_EQ(r.winners, (std::vector<bool>{false, true}));
  // Failed answers (Berlin) join a 2-player line only when there are some.
  r.failed_answers[0] = 3;
  ArenaResult back;
  ASSERT_TRUE(ParseResultLine(ResultToJsonLine(r), &back));
  EXPECT_EQ(back.failed_answers, (std::vector<int>{3, 0}));
  EXPECT_NE(ResultsTable({back}, 0, 10, false).find("failed answers"),
            std::string::npos);
  EXPECT_EQ(ResultsTable({r}, 0, 10, false).find("failed answers") ==
                std::string::npos,
            false);
  ArenaSettings settings;
  settings.maps = "generated";
  settings.bots["a"] = "x";
  settings.run = "00000001";
  EXPECT_EQ(SettingsLine(settings).find("players"), std::string::npos);
  EXPECT_EQ(ParseSettingsLine(SettingsLine(settings))->players, 2);
}

TEST(ArenaPlayersTest, ScoresThatAreNotFiniteAreWrittenAsStrings) {
  ArenaResult r(3);
  r.key = "k";
  r.winner = "player3";
  r.scores = {HUGE_VAL, -HUGE_VAL, 0.25};
  const std::string line = ResultToJsonLine(r);
  EXPECT_NE(line.find("\"scores\":[\"Infinity\",\"-Infinity\",0.25]"),
            std::string::npos)
      << line;
  ArenaResult back;
  ASSERT_TRUE(ParseResultLine(line, &back));
  EXPECT_EQ(back.scores, r.scores);
  EXPECT_FALSE(ParseResultLine(
      line.substr(0, line.find("player3")) + "player4\"}", &back));
}

// `warlight arena` flags through ArenaMain: --players within the game's
// range, no SPRT for more than 2 players.
TEST(ArenaPlayersTest, FlagsAreChecked) {
  auto main = [](std::vector<std::string> args) {
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    FakeScoredGame game;
    ::testing::internal::CaptureStderr();
    ::testing::internal::CaptureStdout();
    const int status = ArenaMain(game, static_cast<int>(argv.size()),
                                 argv.data(), {"scored arena", "BOTs."});
    ::testing::internal::GetCapturedStdout();
    return std::make_pair(status, ::testing::internal::GetCapturedStderr());
  };
  auto [status, err] = main({"a1", "b2", "--players", "5"});
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.find("warlight scored arena: --players must be between 2 and "
                     "4 for scored"),
            std::string::npos)
      << err;
  std::tie(status, err) =
      main({"a1", "b2", "c3", "--players", "3", "--sprt", "0,10"});
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.find("--sprt compares pairs"), std::string::npos) << err;
  std::tie(status, err) =
      main({"a1", "b2", "--players", "3", "--games", "4", "--jobs", "1"});
  EXPECT_EQ(status, 0) << err;
  EXPECT_NE(err.find("--games 4 is not a multiple of 3"), std::string::npos)
      << err;
}

}  // namespace
}  // namespace wl::tools
