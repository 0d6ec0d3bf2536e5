// Tests of `warlight berlin match` (tools/berlin/berlin_match.h) run as a
// user runs it, and of the bot servers it starts (bot_server.h): 3- and
// 4-player games of three different bots, the same game in process and
// over HTTP, the seed, flag errors and bots that cannot start.
#include "berlin/berlin_match.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "berlin/berlin_match_run.h"
#include "berlin/bot_server.h"
#include "berlin/referee.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using testing::CommandRun;
using testing::FreshTempDir;
using testing::ReadJsonFile;
using testing::RunBerlinMatch;
using testing::ShellQuote;

std::string Out(const fs::path& dir) { return ShellQuote(dir.string()); }

// The folder holds every file, and result.json names each bot once with a
// distinct player id.
void ExpectGameFolder(const fs::path& game,
                      const std::multiset<std::string>& bots) {
  for (const char* file : {"game.json", "exchanges.jsonl", "meta.json",
                           "result.json", "replay.html"}) {
    EXPECT_TRUE(fs::is_regular_file(game / file)) << game / file;
  }
  const json::value result = ReadJsonFile(game / "result.json");
  ASSERT_TRUE(result.is_object());
  std::multiset<std::string> named;
  std::set<int64_t> ids;
  for (const json::value& p : result.at("players").as_array()) {
    named.insert(std::string(p.at("bot").as_string()));
    ids.insert(p.at("player_id").to_number<int64_t>());
    EXPECT_TRUE(fs::is_regular_file(
        game /
        ("stderr_player" +
         std::to_string(p.at("player_id").to_number<int64_t>()) + ".txt")));
    EXPECT_EQ(p.at("timeouts").to_number<int64_t>(), 0);
    EXPECT_EQ(p.at("failed_answers").to_number<int64_t>(), 0);
  }
  EXPECT_EQ(named, bots);
  EXPECT_EQ(ids.size(), bots.size());
  EXPECT_EQ(*ids.rbegin(), static_cast<int64_t>(bots.size()) - 1);
  EXPECT_GT(result.at("number_of_turns").to_number<int64_t>(), 0);
}

TEST(BerlinMatch, ThreeAndFourPlayerGamesOfThreeBots) {
  const fs::path dir = FreshTempDir("berlin_match_n");
  CommandRun three = RunBerlinMatch(
      "random starter greedy --seed 5 --out " + Out(dir / "g3"), dir);
  ASSERT_EQ(three.status, 0) << three.err;
  EXPECT_EQ(testing::Occurrences(three.out, "\n"), 1) << three.out;
  EXPECT_NE(three.out.find(" after "), std::string::npos) << three.out;
  ExpectGameFolder(dir / "g3", {"random", "starter", "greedy"});
  // Default maps: 3 Way Star for 3 players, 4 Ways for 4.
  EXPECT_EQ(ReadJsonFile(dir / "g3" / "result.json").at("map"), "deployed-4");
  CommandRun four = RunBerlinMatch(
      "greedy random starter random --seed 6 --out " + Out(dir / "g4"), dir);
  ASSERT_EQ(four.status, 0) << four.err;
  ExpectGameFolder(dir / "g4", {"random", "random", "starter", "greedy"});
  EXPECT_EQ(ReadJsonFile(dir / "g4" / "result.json").at("map"), "deployed-3");
}

TEST(BerlinMatch, ProcessesPlayTheSameGameAsInProcess) {
  const fs::path dir = FreshTempDir("berlin_match_same");
  const fs::path map = testing::WriteRingMap(dir);
  const std::string args =
      "random starter greedy --seed 9 --map " + ShellQuote(map.string());
  CommandRun in = RunBerlinMatch(args + " --out " + Out(dir / "in"), dir);
  ASSERT_EQ(in.status, 0) << in.err;
  CommandRun out =
      RunBerlinMatch(args + " --processes --out " + Out(dir / "out"), dir);
  ASSERT_EQ(out.status, 0) << out.err;
  ExpectGameFolder(dir / "out", {"random", "starter", "greedy"});
  const json::value a = ReadJsonFile(dir / "in" / "game.json");
  const json::value b = ReadJsonFile(dir / "out" / "game.json");
  ASSERT_TRUE(a.is_object() && b.is_object());
  EXPECT_TRUE(a.at("game").at("replay") == b.at("game").at("replay"))
      << "the replays differ: " << (dir / "in") << " " << (dir / "out");
  const json::value result = ReadJsonFile(dir / "out" / "result.json");
  for (const json::value& p : result.at("players").as_array()) {
    EXPECT_EQ(p.at("seat"), "process");
    EXPECT_NE(p.at("command").as_string().find("--port"), json::string::npos);
    EXPECT_EQ(p.at("ended"), "");
    EXPECT_NE(p.at("url").as_string().find("http://127.0.0.1:"),
              json::string::npos);
  }
  // The server binaries' "listening on" lines.
  absl::StatusOr<std::string> log =
      ReadFileToString((dir / "out" / "stderr_player0.txt").string());
  EXPECT_NE(log->find("listening on http://127.0.0.1:"), std::string::npos);
}

TEST(BerlinMatch, TheSeedFixesPlayerIdsAndTheGameId) {
  const fs::path dir = FreshTempDir("berlin_match_seed");
  const fs::path map = testing::WriteRingMap(dir);
  for (const char* game : {"a", "b"}) {
    CommandRun run = RunBerlinMatch("starter random --seed 11 --map " +
                                        ShellQuote(map.string()) + " --out " +
                                        Out(dir / game),
                                    dir);
    ASSERT_EQ(run.status, 0) << run.err;
  }
  const json::value a = ReadJsonFile(dir / "a" / "meta.json");
  const json::value b = ReadJsonFile(dir / "b" / "meta.json");
  EXPECT_EQ(a.at("players"), b.at("players"));
  EXPECT_EQ(a.at("game_id").as_string(), BerlinGameId(11));
  EXPECT_EQ(a.at("game_id"), b.at("game_id"));
  // The players are asked in the order given (berlin §1.2).
  EXPECT_EQ(a.at("players").at(0).at("bot"), "starter");
  EXPECT_EQ(a.at("players").at(0).at("player_id"), BerlinPlayerIds(2, 11)[0]);
}

TEST(BerlinMatch, PlayerIdsAreASeededShuffle) {
  std::set<std::vector<int>> seen;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    std::vector<int> ids = BerlinPlayerIds(4, seed);
    EXPECT_EQ(ids, BerlinPlayerIds(4, seed));
    std::vector<int> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3}));
    seen.insert(ids);
  }
  EXPECT_EQ(seen.size(), 24u);  // every order comes up
}

TEST(BerlinMatch, DefaultMapsHaveASetupForThePlayers) {
  EXPECT_EQ(DefaultBerlinMap(2), "deployed-2");
  EXPECT_EQ(DefaultBerlinMap(3), "deployed-4");
  EXPECT_EQ(DefaultBerlinMap(4), "deployed-3");
  EXPECT_EQ(DefaultBerlinMap(5), "");
}

// A bad command line: exit status 2, one line naming what is wrong, no
// folder.
void ExpectRefused(const std::string& args, const std::string& message) {
  const fs::path dir = FreshTempDir("berlin_match_bad");
  CommandRun run = RunBerlinMatch(args + " --out " + Out(dir / "g"), dir);
  EXPECT_EQ(run.status, 2) << args << "\n" << run.err;
  EXPECT_NE(run.err.find(message), std::string::npos) << args << "\n"
                                                      << run.err;
  EXPECT_EQ(testing::Occurrences(run.err, "\n"), 1) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_FALSE(fs::exists(dir / "g" / "result.json")) << args;
}

TEST(BerlinMatch, BadFlagsAreOneLineAndStatus2) {
  ExpectRefused("random", "needs 2 to 4 bots, not 1");
  ExpectRefused("random random random random random",
                "needs 2 to 4 bots, not 5");
  ExpectRefused("random random --map no-such-map", "no-such-map");
  ExpectRefused("random random random --map deployed-2",
                "has no setup for 3 players");
  ExpectRefused("random random --turn-limit-ms -1", "--turn-limit-ms");
  ExpectRefused("random random --start-timeout 0", "--start-timeout");
  ExpectRefused("random random --seed -4", "--seed");
  ExpectRefused("random random --frobnicate", "frobnicate");
  ExpectRefused("random https://127.0.0.1:1/", "https is not supported");
  ExpectRefused("random http://127.0.0.1:99999/", "port");
  ExpectRefused("random no_such_berlin_bot_xyz", "no_such_berlin_bot_xyz");
}

// Issue 32: a command whose script is missing is refused before the game,
// by the shared rule (common/bots.h CommandFiles).
TEST(BerlinMatch, ACommandWhoseFileIsMissingIsStatus2) {
  ExpectRefused("random 'python3 no_such_berlin_bot.py'",
                "no_such_berlin_bot.py not found (in ");
}

// Issue 32: two games of the same seed without --out, one after the other
// in the same second (or not), write two folders; the first is untouched.
TEST(BerlinMatch, DefaultFoldersAreNeverShared) {
  const fs::path dir = FreshTempDir("berlin_match_default");
  const std::string match =
      "cd " + ShellQuote(dir.string()) + " && " +
      ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") +
      " berlin match random starter --seed 3";
  CommandRun first = testing::RunCommand(match, dir);
  ASSERT_EQ(first.status, 0) << first.err;
  CommandRun second = testing::RunCommand(match, dir);
  ASSERT_EQ(second.status, 0) << second.err;
  std::set<std::string> named;
  for (const CommandRun* run : {&first, &second}) {
    const size_t at = run->out.rfind("; games/");
    ASSERT_NE(at, std::string::npos) << run->out;
    named.insert(run->out.substr(at + 2, run->out.size() - at - 3));
  }
  EXPECT_EQ(named.size(), 2u) << first.out << second.out;
  for (const std::string& folder : named) {
    EXPECT_TRUE(fs::exists(dir / folder / "result.json")) << folder;
  }
  fs::remove_all(dir);
}

TEST(BerlinMatch, HelpNamesTheFlags) {
  const fs::path dir = FreshTempDir("berlin_match_help");
  CommandRun run = RunBerlinMatch("--help", dir);
  EXPECT_EQ(run.status, 0);
  for (const char* flag : {"--map", "--seed", "--out", "--turn-limit-ms",
                           "--start-timeout", "--processes", "$PORT"}) {
    EXPECT_NE(run.out.find(flag), std::string::npos) << flag;
  }
}

TEST(BerlinMatch, ABotThatNeverListensIsStatus2) {
  ExpectRefused("random 'sleep 30' --start-timeout 0.5",
                "never started listening on port");
  ExpectRefused("random 'echo going >&2; exit 3'",
                "exited with status 3 before listening on port");
}

TEST(BotServer, ServesABotOnAFreePort) {
  const fs::path dir = FreshTempDir("bot_server");
  BotServerOptions options;
  options.stderr_path = (dir / "stderr.txt").string();
  // A path, not a name: $PORT alone tells it the port (sdk/berlin/server.h).
  const std::string starter =
      std::string(WL_BINARY_DIR) + "/bots/berlin/starter";
  absl::StatusOr<std::unique_ptr<BotServer>> bot =
      BotServer::Start(starter, options);
  ASSERT_TRUE(bot.ok()) << bot.status();
  EXPECT_TRUE(AcceptsConnections((*bot)->port()));
  EXPECT_EQ((*bot)->url(),
            "http://127.0.0.1:" + std::to_string((*bot)->port()) + "/");
  EXPECT_EQ((*bot)->command(), starter);
  EXPECT_EQ((*bot)->EndReason(), "");
  const int port = (*bot)->port();
  // Its stderr reaches the file (it prints this line once it accepts
  // connections: wait for it, generously).
  const std::string line =
      "listening on http://127.0.0.1:" + std::to_string(port);
  const auto give_up =
      std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::string log;
  while (log.find(line) == std::string::npos &&
         std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    log = ReadFileToString(options.stderr_path).value_or("");
  }
  EXPECT_NE(log.find(line), std::string::npos) << log;
  (*bot)->Kill();
  EXPECT_FALSE(AcceptsConnections(port));
  EXPECT_EQ((*bot)->EndReason(), "");  // killed by us, not ended
}

TEST(BotServer, RepositoryBotsGetSeedAndPortFlags) {
  const std::string command = BotServerCommand("starter", 7, 4242);
  const std::string tail = "/bots/berlin/starter --seed 7 --port 4242";
  ASSERT_GT(command.size(), tail.size());
  EXPECT_EQ(command.substr(command.size() - tail.size()), tail);
  EXPECT_EQ(BotServerCommand("ruby ai.rb -p {port} # {port}", 7, 99),
            "ruby ai.rb -p 99 # 99");
  EXPECT_EQ(BotServerCommand("python3 bot.py", 7, 99), "python3 bot.py");
}

TEST(BotServer, GivesTheCommandItsPort) {
  const fs::path dir = FreshTempDir("bot_server_port");
  const std::string starter =
      std::string(WL_BINARY_DIR) + "/bots/berlin/starter";
  BotServerOptions options;
  options.stderr_path = (dir / "stderr.txt").string();
  // $PORT, and {port} in the command.
  absl::StatusOr<std::unique_ptr<BotServer>> bot =
      BotServer::Start("echo \"port $PORT and {port}\"; exec " +
                           ShellQuote(starter) + " --port {port}",
                       options);
  ASSERT_TRUE(bot.ok()) << bot.status();
  const std::string port = std::to_string((*bot)->port());
  (*bot)->Kill();
  absl::StatusOr<std::string> log = ReadFileToString(options.stderr_path);
  EXPECT_NE(log->find("port " + port + " and " + port), std::string::npos)
      << *log;
}

TEST(BotServer, ABotThatCannotServeIsOneClearLine) {
  BotServerOptions options;
  options.start_timeout_ms = 300;
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<std::unique_ptr<BotServer>> bot =
      BotServer::Start("sleep 30", options);
  ASSERT_FALSE(bot.ok());
  const std::string message(bot.status().message());
  EXPECT_EQ(message.rfind("bot 'sleep 30' never started listening on port ", 0),
            0u)
      << message;
  EXPECT_EQ(message.substr(message.size() - 13), " within 0.3 s") << message;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  bot = BotServer::Start("echo 'no such thing' >&2; exit 7", options);
  ASSERT_FALSE(bot.ok());
  EXPECT_NE(bot.status().message().find(
                "exited with status 7 before listening on port"),
            std::string::npos);
  EXPECT_NE(bot.status().message().find("(it wrote: no such thing)"),
            std::string::npos)
      << bot.status().message();
}

}  // namespace
}  // namespace wl::tools
