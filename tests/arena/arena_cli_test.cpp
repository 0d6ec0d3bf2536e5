// warlight arena from the command line: bots that cannot start, stale
// results refused, kept folders that survive kill -9, hostile --games and
// merge inputs, help and JSON text (issue 11, B6 B7 B8 B10 16).
#include "arena_cli.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arena/arena.h"
#include "common/files.h"
#include "gtest/gtest.h"

namespace wl::tools {
namespace {

// True when a line of `text`, split at runs of blanks, starts with `words`
// ("" matches any word). (No std::regex: GCC 12 warns inside it.)
bool HasRowStartingWith(const std::string& text,
                        const std::vector<std::string>& words) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream in(line);
    size_t i = 0;
    for (std::string word; i < words.size() && in >> word; ++i) {
      if (!words[i].empty() && word != words[i]) break;
    }
    if (i == words.size()) return true;
  }
  return false;
}

// True when `text` holds a number in exponent form, like 5E-1 or 1e+07.
bool HasExponent(const std::string& text) {
  for (size_t i = 1; i + 1 < text.size(); ++i) {
    if ((text[i] != 'e' && text[i] != 'E') ||
        !std::isdigit(static_cast<unsigned char>(text[i - 1]))) {
      continue;
    }
    size_t j = i + 1;
    if (text[j] == '-' || text[j] == '+') ++j;
    if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
      return true;
    }
  }
  return false;
}

namespace fs = std::filesystem;

constexpr const char* kSmall = " --regions 20 --timebank 3000 --jobs 2";

int Lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Result lines of a results file (the settings line excluded).
int ResultLines(const std::string& path) {
  std::istringstream in(ReadFileToString(path).value_or(""));
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ArenaResult r;
    n += ParseResultLine(line, &r);
  }
  return n;
}

bool BuiltBotExists() { return fs::exists(ArenaCli::BuiltBot("random")); }

TEST(ArenaCliTest, ABotThatCannotStartIsOneLineAndExit2BeforeAnyGame) {
  ArenaCli cli("nostart");
  CliRun run = cli.Run("random nosuchbot_zz --games 2" + std::string(kSmall) +
                       " --results " + cli.Path("r.jsonl"));
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(Lines(run.err), 1) << run.err;
  EXPECT_NE(run.err.find("nosuchbot_zz"), std::string::npos) << run.err;
  EXPECT_EQ(ResultLines(cli.Path("r.jsonl")), 0);
}

TEST(ArenaCliTest, TheTableShowsEachBotsOwnFaultsAndCrashes) {
  ArenaCli cli("faults");
  const std::string crasher = "\"sh -c 'exit 3'\"";
  CliRun run = cli.Run(crasher + " starter --games 2" + kSmall + " --results " +
                       cli.Path("r.jsonl"));
  ASSERT_EQ(run.status, 0) << run.err;
  // The bots' table: the crasher crashed in both games, and why.
  EXPECT_TRUE(
      HasRowStartingWith(run.out, {"sh", "-c", "'exit", "3'", "2", "", "2"}))
      << run.out;
  EXPECT_NE(run.out.find("crashed in round"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("exit status 3"), std::string::npos) << run.out;
  // Rules' rejections apart from execution-time failures, in every output.
  const std::string lines = ReadFileToString(cli.Path("r.jsonl")).value_or("");
  EXPECT_NE(lines.find("\"rejected_moves\":["), std::string::npos);
  EXPECT_NE(lines.find("\"failed_moves\":["), std::string::npos);
  EXPECT_NE(lines.find("\"crashed\":[true,false]"), std::string::npos) << lines;
  CliRun json = cli.Run("merge --json " + cli.Path("r.jsonl"));
  EXPECT_NE(json.out.find("\"rejected_moves\":"), std::string::npos);
  EXPECT_NE(json.out.find("\"failed_moves\":"), std::string::npos);
  EXPECT_NE(json.out.find("\"crashes\":2"), std::string::npos) << json.out;
}

TEST(ArenaCliTest, ARerunWithOtherSettingsIsRefusedNamingWhatChanged) {
  ArenaCli cli("stale");
  const std::string results = " --results " + cli.Path("r.jsonl");
  ASSERT_EQ(cli.Run("random starter --games 2" + std::string(kSmall) + results)
                .status,
            0);
  CliRun changed = cli.Run(
      "random starter --games 2 --regions 22 --timebank 2000" + results);
  EXPECT_EQ(changed.status, 2);
  EXPECT_EQ(Lines(changed.err), 1) << changed.err;
  EXPECT_NE(changed.err.find("--timebank: 3000 before, 2000 now"),
            std::string::npos)
      << changed.err;
  EXPECT_NE(changed.err.find("--regions: 20 before, 22 now"),
            std::string::npos);
  CliRun processes = cli.Run("random starter --games 2 --processes" +
                             std::string(kSmall) + results);
  EXPECT_EQ(processes.status, 2);
  EXPECT_NE(processes.err.find("--processes"), std::string::npos);
  EXPECT_EQ(ResultLines(cli.Path("r.jsonl")), 2);
  // The same settings resume (and add games); a fresh file starts anew.
  EXPECT_EQ(cli.Run("random starter --games 4" + std::string(kSmall) + results)
                .status,
            0);
  EXPECT_EQ(ResultLines(cli.Path("r.jsonl")), 4);
  EXPECT_EQ(cli.Run("random starter --games 2 --regions 22 --timebank 2000 "
                    "--results " +
                    cli.Path("fresh.jsonl"))
                .status,
            0);
}

TEST(ArenaCliTest, MergeNamesTheGameFlagThatDiffers) {
  ArenaCli cli("merge_flags");
  ASSERT_EQ(cli.Run("random starter --games 2" + std::string(kSmall) +
                    " --results " + cli.Path("a.jsonl"))
                .status,
            0);
  ASSERT_EQ(cli.Run("random starter --games 2 --regions 22 --timebank 3000 "
                    "--results " +
                    cli.Path("b.jsonl"))
                .status,
            0);
  CliRun merged =
      cli.Run("merge " + cli.Path("a.jsonl") + " " + cli.Path("b.jsonl"));
  EXPECT_EQ(merged.status, 2);
  // The files do not name flags: the game's settings do, by their keys.
  EXPECT_NE(merged.err.find(": --regions: 20 before, 22 now"),
            std::string::npos)
      << merged.err;
}

TEST(ArenaCliTest, AChangedBotBinaryIsNeverScoredFromAnOldResultsFile) {
  if (!BuiltBotExists()) GTEST_SKIP() << "build the bot_random target";
  ArenaCli cli("binary");
  const std::string bot = cli.Path("mybot");
  fs::copy_file(ArenaCli::BuiltBot("random"), bot);
  const std::string args =
      bot + " starter --games 2" + kSmall + " --results " + cli.Path("r.jsonl");
  ASSERT_EQ(cli.Run(args).status, 0);
  std::ofstream(bot, std::ios::app) << "changed";  // still runs
  CliRun run = cli.Run(args);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("bot " + bot + ": "), std::string::npos) << run.err;
  EXPECT_EQ(ResultLines(cli.Path("r.jsonl")), 2);
}

TEST(ArenaCliTest, ABotCommandWithABarKeepsItsNameInTheTable) {
  if (!BuiltBotExists()) GTEST_SKIP() << "build the bot_random target";
  ArenaCli cli("bar");
  const std::string bot = ArenaCli::BuiltBot("random") + " | cat";
  CliRun run = cli.Run("'" + bot + "' starter --games 2" + kSmall);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find(bot + " vs starter      2 "), std::string::npos)
      << run.out;
}

TEST(ArenaCliTest, OddGamesSayWhatIsPlayed) {
  ArenaCli cli("odd");
  CliRun run = cli.Run("random starter --games 3" + std::string(kSmall));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("so 4 games per pair are played"), std::string::npos)
      << run.err;
}

// Every kept folder is whole: a killed run leaves none half-written.
void ExpectWholeFolders(const fs::path& out, int expected) {
  int whole = 0;
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    EXPECT_NE(name.rfind(".tmp", 0), 0u) << "stale " << name;
    for (const char* file : {"result.json", "replay.html", "map.json",
                             "stderr_player1.txt", "stderr_player2.txt"}) {
      EXPECT_TRUE(fs::exists(e.path() / file)) << name << "/" << file;
    }
    ++whole;
  }
  EXPECT_EQ(whole, expected);
}

TEST(ArenaCliTest, KeptFoldersSurviveKillAndNeverOverwriteAnotherRun) {
  ArenaCli cli("kept");
  const std::string results = cli.Path("r.jsonl"), out = cli.Path("out");
  const std::string args = "random starter --games 40 --keep-replays all" +
                           std::string(kSmall) + " --out " + out +
                           " --results " + results;
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(
        "/bin/sh", "sh", "-c",
        ("exec " + ArenaCli::Warlight() + " arena " + args + " >/dev/null 2>&1")
            .c_str(),
        nullptr);
    ::_exit(127);
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (ResultLines(results) < 4 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  const int recorded = ResultLines(results);
  ASSERT_LT(recorded, 40) << "the run was not killed mid-way";
  // Every recorded game's folder was whole before its line.
  int whole = 0;
  for (const auto& e : fs::directory_iterator(out)) {
    whole += fs::exists(e.path() / "replay.html") &&
             fs::exists(e.path() / "stderr_player2.txt");
  }
  EXPECT_GE(whole, recorded);
  ASSERT_EQ(cli.Run(args).status, 0);
  ExpectWholeFolders(out, 40);
  // Another run sharing --out adds its folders beside them.
  ASSERT_EQ(cli.Run("random starter --games 2 --keep-replays all" +
                    std::string(kSmall) + " --out " + out)
                .status,
            0);
  ExpectWholeFolders(out, 42);
}

// Issue 32: Ctrl-C ended the arena with 130 and said nothing, and a fully
// resumed run showed "0/0 games". It now says how many games are saved and
// the command that resumes; the resumed run plays the rest; one with
// nothing left draws no progress line.
TEST(ArenaCliTest, CtrlCSaysWhatIsSavedAndHowToResume) {
  ArenaCli cli("interrupted");
  const std::string results = cli.Path("r.jsonl");
  const std::string args = "random starter --games 40" + std::string(kSmall) +
                           " --results " + results;
  const std::string err_path = cli.Path("err.txt");
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c",
            ("exec " + ArenaCli::Warlight() + " arena " + args +
             " >/dev/null 2>" + err_path)
                .c_str(),
            nullptr);
    ::_exit(127);
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (ResultLines(results) < 4 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const int recorded = ResultLines(results);
  ASSERT_LT(recorded, 40) << "the run was not interrupted mid-way";
  const std::string err = ReadFileToString(err_path).value_or("");
  const std::string said = "warlight arena: interrupted; ";
  const size_t at = err.find(said);
  ASSERT_NE(at, std::string::npos) << err;
  const int saved = std::atoi(err.c_str() + at + said.size());
  EXPECT_GE(saved, recorded - 1) << err;  // a line may land as it stops
  EXPECT_LE(saved, recorded) << err;
  EXPECT_NE(
      err.find(" games are saved in " + results +
               "; the same command resumes:\n  warlight arena " + args + "\n"),
      std::string::npos)
      << err;
  CliRun resumed = cli.Run(args);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(ResultLines(results), 40);
  CliRun again = cli.Run(args);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.err.find("0/0"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("(40 games were already in " + results + ")"),
            std::string::npos)
      << again.err;
  EXPECT_EQ(again.out, resumed.out);  // the same table
}

TEST(ArenaCliTest, HugeGamesIsOneClearError) {
  ArenaCli cli("huge");
  for (const char* games :
       {"2147483648", "4294967297", "9223372036854775807"}) {
    CliRun run = cli.Run(std::string("random starter --games ") + games);
    EXPECT_EQ(run.status, 2) << games;
    EXPECT_EQ(Lines(run.err), 1) << run.err;
    EXPECT_NE(run.err.find("--games"), std::string::npos) << run.err;
  }
}

// A generated map size the map generator cannot make is refused with the
// flags, before any game (it used to fail every game one by one).
TEST(ArenaCliTest, RegionsOutsideTheGeneratorsRangeIsOneClearError) {
  ArenaCli cli("regions");
  for (const char* regions : {"3", "9", "128"}) {
    CliRun run =
        cli.Run(std::string("random starter --games 2 --regions ") + regions);
    EXPECT_EQ(run.status, 2) << regions;
    EXPECT_EQ(Lines(run.err), 1) << run.err;
    EXPECT_NE(run.err.find("--regions must be 10..127"), std::string::npos)
        << run.err;
  }
}

TEST(ArenaCliTest, MergeWarnsPerBadLineAndKeepsALastLineWithoutNewline) {
  ArenaCli cli("merge");
  const std::string results = cli.Path("r.jsonl");
  ASSERT_EQ(cli.Run("random starter --games 4" + std::string(kSmall) +
                    " --results " + results)
                .status,
            0);
  std::string text = ReadFileToString(results).value_or("");
  text.pop_back();  // the last line loses its newline
  const size_t second = text.find('\n') + 1;
  text.insert(second, "garbage\n");  // line 2
  ASSERT_TRUE(WriteFileAtomically(results, text).ok());
  CliRun run = cli.Run("merge --json " + results);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"games\":4,"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find(results + ":2: "), std::string::npos) << run.err;
  EXPECT_EQ(Lines(run.err), 1) << run.err;
  // A cut last line is dropped, with a warning.
  ASSERT_TRUE(
      WriteFileAtomically(results, text.substr(0, text.size() - 9)).ok());
  run = cli.Run("merge --json " + results);
  EXPECT_NE(run.out.find("\"games\":3,"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("cut last line"), std::string::npos) << run.err;
  // Nothing valid: a folder, a garbage file.
  ASSERT_TRUE(WriteFileAtomically(cli.Path("garbage"), "x\ny\n").ok());
  run = cli.Run("merge " + cli.dir().string() + " " + cli.Path("garbage"));
  EXPECT_NE(run.status, 0);
  EXPECT_NE(run.err.find("is a folder"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(cli.Path("garbage") + ":2: "), std::string::npos);
}

TEST(ArenaCliTest, HelpNamesReplayHtmlAndWhatABotIs) {
  ArenaCli cli("help");
  CliRun run = cli.Run("--help");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("replay.html"), std::string::npos);
  EXPECT_NE(run.out.find("any folder under bots/"), std::string::npos);
  EXPECT_NE(run.out.find("any shell command"), std::string::npos);
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    const size_t first = line.find("(default:");
    if (first != std::string::npos) {
      EXPECT_EQ(line.find("default", first + 2), std::string::npos) << line;
    }
  }
}

TEST(ArenaCliTest, JsonNumbersArePlain) {
  ArenaCli cli("json");
  CliRun run = cli.Run("random starter --games 2 --json --sprt 0,10" +
                       std::string(kSmall));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"score_high\":0."), std::string::npos) << run.out;
  EXPECT_FALSE(HasExponent(run.out)) << run.out;
}

}  // namespace
}  // namespace wl::tools
