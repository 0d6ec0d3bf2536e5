// The game-independent bench (tools/bench/bench.h): the hash, the
// signature's order and content, errors, games played through the GameAdapter
// interface, the report and the command's flags.
#include "bench/bench.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "boost/json.hpp"
#include "common/fake_game.h"
#include "gtest/gtest.h"

namespace wl::tools {
namespace {

BenchGame Fixed(std::string name, std::string transcript, std::string winner,
                int rounds) {
  return {std::move(name), [=]() -> absl::StatusOr<BenchOutcome> {
            return BenchOutcome{transcript, winner, rounds};
          }};
}

std::string SignatureOf(const std::vector<BenchGame>& games) {
  absl::StatusOr<BenchReport> report = RunBench(games);
  EXPECT_TRUE(report.ok()) << report.status();
  return report.ok() ? report->signature : "";
}

TEST(Fnv1a64Test, KnownValues) {
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(Fnv1a64("bar", Fnv1a64("foo")), Fnv1a64("foobar"));
}

TEST(Hex64Test, SixteenLowercaseDigits) {
  EXPECT_EQ(Hex64(0), "0000000000000000");
  EXPECT_EQ(Hex64(0xABCDEF0123456789ull), "abcdef0123456789");
}

TEST(RunBenchTest, SignatureCoversEveryPartOfEveryGameInOrder) {
  const std::vector<BenchGame> base = {Fixed("a", "moves 1", "player1", 3),
                                       Fixed("b", "moves 2", "draw", 100)};
  const std::string signature = SignatureOf(base);
  EXPECT_EQ(signature.size(), 16u);
  EXPECT_EQ(SignatureOf(base), signature);  // the same games, the same hash
  const std::vector<std::vector<BenchGame>> changed = {
      {Fixed("a", "moves 1", "player1", 3), Fixed("c", "moves 2", "draw", 100)},
      {Fixed("a", "moves 1", "player1", 3), Fixed("b", "moves 3", "draw", 100)},
      {Fixed("a", "moves 1", "player2", 3), Fixed("b", "moves 2", "draw", 100)},
      {Fixed("a", "moves 1", "player1", 4), Fixed("b", "moves 2", "draw", 100)},
      {Fixed("b", "moves 2", "draw", 100), Fixed("a", "moves 1", "player1", 3)},
      {Fixed("a", "moves 1", "player1", 3)},
  };
  for (size_t i = 0; i < changed.size(); ++i) {
    EXPECT_NE(SignatureOf(changed[i]), signature) << "change " << i;
  }
}

TEST(RunBenchTest, ReportsEveryGame) {
  absl::StatusOr<BenchReport> report =
      RunBench({Fixed("a", "x", "player1", 3), Fixed("b", "y", "draw", 7)});
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->games.size(), 2u);
  EXPECT_EQ(report->games[0].name, "a");
  EXPECT_EQ(report->games[1].winner, "draw");
  EXPECT_EQ(report->games[1].rounds, 7);
  EXPECT_EQ(report->games[0].hash,
            GameHash("a", BenchOutcome{"x", "player1", 3}));
  EXPECT_EQ(report->rounds, 10);
  EXPECT_GE(report->seconds, 0);
}

TEST(RunBenchTest, AnErrorNamesTheGame) {
  std::vector<BenchGame> games = {Fixed("a", "x", "player1", 3)};
  games.push_back({"broken", []() -> absl::StatusOr<BenchOutcome> {
                     return absl::NotFoundError("no such bot");
                   }});
  absl::StatusOr<BenchReport> report = RunBench(games);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(report.status().message(), "broken: no such bot");
}

// A game whose transcript is its seed and its seats' bots.
class FakeGame : public StubGame {
 public:
  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override {
    if (!setup.keep_files) return absl::FailedPreconditionError("no files");
    std::string transcript = std::to_string(setup.seed);
    for (const SeatSetup& seat : setup.seats) transcript += " " + seat.bot;
    auto played = std::make_unique<FakePlayedGame>(transcript);
    played->winner = "player2";
    played->rounds = static_cast<int>(setup.seed);
    return played;
  }
};

TEST(GameBenchTest, PlaysTheSetupWithItsFilesKept) {
  FakeGame game;
  GameSetup setup;
  setup.seed = 5;
  setup.seats.resize(2);
  setup.seats[0].bot = "one";
  setup.seats[1].bot = "two";
  BenchGame bench = GameBench(game, "one-two", setup);
  EXPECT_EQ(bench.name, "one-two");
  absl::StatusOr<BenchOutcome> outcome = bench.play();
  ASSERT_TRUE(outcome.ok()) << outcome.status();
  EXPECT_EQ(outcome->transcript, "5 one two");
  EXPECT_EQ(outcome->winner, "player2");
  EXPECT_EQ(outcome->rounds, 5);
}

TEST(BenchTextTest, SignatureGamesRoundsTimeAndRate) {
  absl::StatusOr<BenchReport> report =
      RunBench({Fixed("g1", "x", "player1", 3)});
  ASSERT_TRUE(report.ok());
  const std::string text = BenchText(*report, /*verbose=*/false);
  EXPECT_NE(text.find("signature: " + report->signature + "\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("games:     1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("rounds:    3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("games/s:"), std::string::npos) << text;
  EXPECT_EQ(text.find("g1"), std::string::npos) << text;
  const std::string verbose = BenchText(*report, /*verbose=*/true);
  EXPECT_NE(
      verbose.find("g1  player1 in 3 rounds  " + Hex64(report->games[0].hash)),
      std::string::npos)
      << verbose;
}

TEST(BenchJsonTest, OneObject) {
  absl::StatusOr<BenchReport> report =
      RunBench({Fixed("g1", "x", "player1", 3), Fixed("g2", "y", "draw", 4)});
  ASSERT_TRUE(report.ok());
  boost::json::object json = boost::json::parse(BenchJson(*report)).as_object();
  EXPECT_EQ(json.at("signature").as_string(), report->signature);
  EXPECT_EQ(json.at("games").as_int64(), 2);
  EXPECT_EQ(json.at("rounds").as_int64(), 7);
  ASSERT_EQ(json.at("per_game").as_array().size(), 2u);
  EXPECT_EQ(json.at("per_game").as_array()[1].as_object().at("winner"), "draw");
}

int RunMain(std::vector<std::string> args, bool* asked_quick) {
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  return BenchMain(
      static_cast<int>(argv.size()), argv.data(), "bench",
      "Plays the test's games.", [asked_quick](bool quick) {
        *asked_quick = quick;
        return std::vector<BenchGame>{Fixed("g1", "x", "player1", 3)};
      });
}

TEST(BenchMainTest, FlagsAndExitStatus) {
  bool quick = true;
  testing::internal::CaptureStdout();
  EXPECT_EQ(RunMain({}, &quick), 0);
  EXPECT_NE(testing::internal::GetCapturedStdout().find("signature: "),
            std::string::npos);
  EXPECT_FALSE(quick);
  testing::internal::CaptureStdout();
  EXPECT_EQ(RunMain({"--quick", "--json"}, &quick), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout().front(), '{');
  EXPECT_TRUE(quick);
  testing::internal::CaptureStderr();
  EXPECT_EQ(RunMain({"--fast"}, &quick), 2);
  EXPECT_EQ(RunMain({"extra"}, &quick), 2);
  testing::internal::GetCapturedStderr();
}

}  // namespace
}  // namespace wl::tools
