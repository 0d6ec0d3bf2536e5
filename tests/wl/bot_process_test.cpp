#include "wl/bot_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace wl::tools {
namespace {

using std::chrono::milliseconds;

// Generous bounds: the suite runs in parallel and under sanitizers.
constexpr int64_t kLongWaitMs = 5000;
constexpr int64_t kPromptMs = 2000;

std::unique_ptr<BotProcess> StartBot(
    const std::string& script,
    const BotProcessOptions& options = BotProcessOptions()) {
  absl::StatusOr<std::unique_ptr<BotProcess>> bot =
      BotProcess::Start(script, options);
  EXPECT_TRUE(bot.ok()) << bot.status();
  return bot.ok() ? std::move(*bot) : nullptr;
}

void Pause(int ms) { std::this_thread::sleep_for(milliseconds(ms)); }

std::string TempPath(const std::string& name) {
  return testing::TempDir() + "/bot_process_" + std::to_string(::getpid()) +
         "_" + name;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

bool GroupGone(pid_t pgid) { return ::kill(-pgid, 0) == -1 && errno == ESRCH; }

// Answers each "go ..." line; ignores everything else.
constexpr char kEchoBot[] =
    "while read -r l; do case \"$l\" in go*) echo \"answer to $l\";; esac; "
    "done";

TEST(BotProcessTest, AnswersRequests) {
  auto bot = StartBot(kEchoBot);
  ASSERT_NE(bot, nullptr);
  EXPECT_GT(bot->pid(), 0);
  bot->Send("settings timebank 10000");
  for (int i = 1; i <= 3; ++i) {
    std::string request = "go place_armies " + std::to_string(i);
    Reply reply = bot->Ask(request, kLongWaitMs);
    EXPECT_FALSE(reply.timed_out);
    EXPECT_EQ(reply.line, "answer to " + request);
    EXPECT_GE(reply.elapsed_ms, 0);
    EXPECT_LT(reply.elapsed_ms, kPromptMs);
  }
  EXPECT_FALSE(bot->Finished());
  bot->Kill();
  EXPECT_TRUE(bot->Finished());
  Reply after = bot->Ask("go", kLongWaitMs);
  EXPECT_TRUE(after.timed_out);
  EXPECT_EQ(after.elapsed_ms, 0);
  bot->Send("ignored after Kill");
  bot->Kill();  // idempotent
}

TEST(BotProcessTest, ElapsedIsMeasuredFromTheRequest) {
  auto bot = StartBot("read -r x; sleep 0.3; echo slow");
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(reply.timed_out);
  EXPECT_EQ(reply.line, "slow");
  EXPECT_GE(reply.elapsed_ms, 250);
  EXPECT_LT(reply.elapsed_ms, kLongWaitMs);
}

TEST(BotProcessTest, LatestLineRule) {
  auto bot = StartBot(
      "read -r x; echo one; echo two; echo three;"
      "read -r x; sleep 0.5; echo late;"
      "read -r x; read -r x; echo fresh; sleep 10");
  ASSERT_NE(bot, nullptr);
  // The first line after the request answers it, even when more follow.
  Reply first = bot->Ask("go 1", kLongWaitMs);
  EXPECT_FALSE(first.timed_out);
  EXPECT_EQ(first.line, "one");
  Pause(300);
  // "two" and "three" came before this request: only the latest counts,
  // at once.
  Reply second = bot->Ask("go 2", kLongWaitMs);
  EXPECT_FALSE(second.timed_out);
  EXPECT_EQ(second.line, "three");
  EXPECT_EQ(second.elapsed_ms, 0);
  // The bot needs 500 ms: a 200 ms request times out...
  Reply third = bot->Ask("go 3", 200);
  EXPECT_TRUE(third.timed_out);
  EXPECT_EQ(third.line, "");
  EXPECT_GE(third.elapsed_ms, 200);
  EXPECT_LT(third.elapsed_ms, kPromptMs);
  Pause(600);
  // ... and the late line answers the next one.
  Reply fourth = bot->Ask("go 4", kLongWaitMs);
  EXPECT_FALSE(fourth.timed_out);
  EXPECT_EQ(fourth.line, "late");
  EXPECT_EQ(fourth.elapsed_ms, 0);
  // Printed after its request was answered: answers the next request.
  Reply fifth = bot->Ask("go 5", kLongWaitMs);
  EXPECT_FALSE(fifth.timed_out);
  EXPECT_EQ(fifth.line, "fresh");
  // Nothing left.
  EXPECT_TRUE(bot->Ask("go 6", 100).timed_out);
}

TEST(BotProcessTest, VmWarningsAreIgnored) {
  auto bot = StartBot(
      "read -r x; echo 'OpenJDK 64-Bit Server VM warning: ignoring option';"
      "echo real;"
      "read -r x; echo 'Java HotSpot(TM) VM warning: again'; sleep 10");
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go 1", kLongWaitMs);
  EXPECT_FALSE(reply.timed_out);
  EXPECT_EQ(reply.line, "real");
  EXPECT_TRUE(bot->Ask("go 2", 300).timed_out);
}

TEST(BotProcessTest, LineEndings) {
  auto bot = StartBot(
      "read -r x; printf 'first\\r\\n';"
      "read -r x; printf 'second\\r';"
      "read -r x; printf 'third\\n';"
      "read -r x; printf '\\r\\n';"
      "read -r x; printf 'split\\r'; sleep 0.2; printf '\\n';"
      "read -r x; read -r x; printf 'last'");
  ASSERT_NE(bot, nullptr);
  for (const char* expected : {"first", "second", "third", ""}) {
    Reply reply = bot->Ask("go", kLongWaitMs);
    EXPECT_FALSE(reply.timed_out) << expected;
    EXPECT_EQ(reply.line, expected);
  }
  Reply split = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(split.timed_out);
  EXPECT_EQ(split.line, "split");
  Pause(400);
  // The "\n" that came 200 ms after its "\r" is no empty line of its own.
  Reply nothing = bot->Ask("go", 200);
  EXPECT_TRUE(nothing.timed_out);
  // Now the bot prints 'last' without a terminator and exits: the
  // unterminated line still counts.
  Reply last = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(last.timed_out);
  EXPECT_EQ(last.line, "last");
  Reply dead = bot->Ask("go", kLongWaitMs);
  EXPECT_TRUE(dead.timed_out);
  EXPECT_LT(dead.elapsed_ms, kPromptMs);
}

// 999,997 'a' + "\n" is 999,998 characters; the next line starts at offset
// 999,998.
constexpr char kBigLine[] =
    "read -r x; head -c 999997 /dev/zero | tr '\\0' a; echo; read -r x;";

TEST(BotProcessTest, StdoutCapKeepsALineEndingWithinTheFirstMillion) {
  // "k\n": its "\n" is character 1,000,000 (offset 999,999): kept.
  auto bot =
      StartBot(std::string(kBigLine) + "echo k; read -r x; echo z; sleep 10");
  ASSERT_NE(bot, nullptr);
  Reply big = bot->Ask("go 1", kLongWaitMs);
  EXPECT_FALSE(big.timed_out);
  EXPECT_EQ(big.line, std::string(999997, 'a'));
  Reply k = bot->Ask("go 2", kLongWaitMs);
  EXPECT_FALSE(k.timed_out);
  EXPECT_EQ(k.line, "k");
  // Everything after the first 1,000,000 characters is ignored.
  Reply z = bot->Ask("go 3", 300);
  EXPECT_TRUE(z.timed_out);
  EXPECT_EQ(bot->stdout_chars(), 1000002);
}

TEST(BotProcessTest, StdoutCapIgnoresALineEndingPastTheMillion) {
  // "ok\n": its "\n" is character 1,000,001: ignored.
  auto bot = StartBot(std::string(kBigLine) + "echo ok; sleep 10");
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go 1", kLongWaitMs).line.size(), 999997u);
  EXPECT_TRUE(bot->Ask("go 2", 300).timed_out);
}

TEST(BotProcessTest, FloodOfLinesHitsTheCap) {
  auto bot = StartBot("yes");
  ASSERT_NE(bot, nullptr);
  Pause(300);
  // The last "y" within the first million characters is still stored...
  Reply stored = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(stored.timed_out);
  EXPECT_EQ(stored.line, "y");
  // ... and no line after it counts.
  Reply none = bot->Ask("go", 200);
  EXPECT_TRUE(none.timed_out);
  EXPECT_LT(none.elapsed_ms, kPromptMs);
  EXPECT_GT(bot->stdout_chars(), BotProcess::kStdoutCapChars);
}

TEST(BotProcessTest, FloodWithoutNewlineDoesNotHang) {
  auto bot = StartBot("yes | tr -d '\\n'");
  ASSERT_NE(bot, nullptr);
  const auto start = std::chrono::steady_clock::now();
  Reply reply = bot->Ask("go", 300);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_GE(reply.elapsed_ms, 300);
  bot->Kill();
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(kPromptMs));
}

TEST(BotProcessTest, SilentBotTimesOut) {
  auto bot = StartBot("sleep 100");
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go", 200);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_EQ(reply.line, "");
  EXPECT_GE(reply.elapsed_ms, 200);
  EXPECT_LT(reply.elapsed_ms, kPromptMs);
}

TEST(BotProcessTest, CrashedBotTimesOutAtOnce) {
  auto bot = StartBot("read -r x; exit 3");
  ASSERT_NE(bot, nullptr);
  for (int i = 0; i < 3; ++i) {  // the first request kills it
    Reply reply = bot->Ask("go", 10000);
    EXPECT_TRUE(reply.timed_out);
    EXPECT_LT(reply.elapsed_ms, kPromptMs);
  }
  EXPECT_TRUE(bot->Finished());
}

TEST(BotProcessTest, ClosedStdoutTimesOutAtOnce) {
  auto bot = StartBot("exec 1>&-; sleep 100");
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go", 10000);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_LT(reply.elapsed_ms, kPromptMs);
}

TEST(BotProcessTest, ExitedBotWhoseChildHoldsThePipesTimesOutAtOnce) {
  // The shell ends; its background child keeps stdout open.
  auto bot = StartBot("sleep 100 & exit 0");
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go", 10000);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_LT(reply.elapsed_ms, kPromptMs);
  const pid_t pgid = bot->pid();
  bot->Kill();
  EXPECT_TRUE(GroupGone(pgid));
}

TEST(BotProcessTest, KillTakesTheWholeProcessGroup) {
  auto bot = StartBot(
      "sleep 100 & sleep 100 & (sleep 100 & sleep 100) & "
      "read -r x; echo ready; wait");
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "ready");
  const pid_t pgid = bot->pid();
  ASSERT_EQ(::getpgid(pgid), pgid);  // a group of its own
  EXPECT_NE(::getpgrp(), pgid);
  EXPECT_EQ(::kill(-pgid, 0), 0);
  bot->Kill();
  EXPECT_TRUE(GroupGone(pgid));  // no process, not even a zombie
  EXPECT_EQ(::waitpid(pgid, nullptr, WNOHANG), -1);
}

TEST(BotProcessTest, DestructorKillsAndReaps) {
  pid_t pgid = 0;
  {
    auto bot = StartBot("sleep 100 & sleep 100");
    ASSERT_NE(bot, nullptr);
    pgid = bot->pid();
  }
  EXPECT_TRUE(GroupGone(pgid));
}

TEST(BotProcessTest, KillAllBots) {
  auto first = StartBot("sleep 100 & sleep 100");
  auto second = StartBot(kEchoBot);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_GE(KillAllBots(), 2);
  // The killed bots can no longer answer, and say so at once.
  Reply reply = second->Ask("go", 10000);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_LT(reply.elapsed_ms, kPromptMs);
  const pid_t pgids[] = {first->pid(), second->pid()};
  first.reset();
  second->Kill();
  for (pid_t pgid : pgids) EXPECT_TRUE(GroupGone(pgid));
}

TEST(BotProcessTest, SendNeverBlocksNorRaisesSigpipe) {
  // A bot that never reads: the 64 KiB pipe fills, Send queues.
  auto sleeper = StartBot("sleep 100");
  ASSERT_NE(sleeper, nullptr);
  const std::string line(1000, 'x');
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 2000; ++i) sleeper->Send(line);
  EXPECT_TRUE(sleeper->Ask("go", 100).timed_out);
  // A bot that has exited: writes fail with EPIPE, silently.
  auto gone = StartBot("exit 0");
  ASSERT_NE(gone, nullptr);
  Pause(100);
  for (int i = 0; i < 2000; ++i) gone->Send(line);
  EXPECT_TRUE(gone->Ask("go", 10000).timed_out);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(kPromptMs));
}

TEST(BotProcessTest, StderrIsCappedAndNeverBlocksTheBot) {
  BotProcessOptions options;
  options.stderr_path = TempPath("stderr_small.txt");
  options.stderr_cap_bytes = 1000;
  // 3 MB of stderr, far beyond the pipe's 64 KiB, before the answer.
  auto bot = StartBot(
      "read -r x; echo begin >&2; head -c 3000000 /dev/zero | tr '\\0' e >&2;"
      "echo done",
      options);
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(reply.timed_out);
  EXPECT_EQ(reply.line, "done");
  bot->Kill();
  const std::string text = ReadFile(options.stderr_path);
  EXPECT_EQ(text, "begin\n" + std::string(994, 'e'));
  ::unlink(options.stderr_path.c_str());
}

TEST(BotProcessTest, StderrDefaultCapIsOneMebibyte) {
  BotProcessOptions options;
  options.stderr_path = TempPath("stderr_default.txt");
  auto bot = StartBot(
      "read -r x; head -c 3000000 /dev/zero >&2; echo done; sleep 10", options);
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "done");
  bot.reset();
  EXPECT_EQ(ReadFile(options.stderr_path).size(), size_t{1} << 20);
  ::unlink(options.stderr_path.c_str());
}

TEST(BotProcessTest, UnknownCommandFailsCleanly) {
  BotProcessOptions options;
  options.stderr_path = TempPath("stderr_unknown.txt");
  auto bot = StartBot("no_such_bot_command_xyz --fast", options);
  ASSERT_NE(bot, nullptr);
  Reply reply = bot->Ask("go", 10000);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_LT(reply.elapsed_ms, kPromptMs);
  bot->Kill();
  EXPECT_NE(ReadFile(options.stderr_path).find("not found"), std::string::npos);
  ::unlink(options.stderr_path.c_str());
}

TEST(BotProcessTest, WorkingDirectory) {
  BotProcessOptions options;
  options.working_dir = "/";
  auto bot = StartBot("read -r x; pwd", options);
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "/");
}

TEST(BotProcessTest, EndReasonNamesTheExitStatusOrSignal) {
  const struct {
    const char* script;
    const char* reason;
  } cases[] = {
      {"read -r x; exit 3", "exit status 3"},
      {"read -r x; kill -SEGV $$", "signal 11"},
      {"exec 1>&-; read -r x; sleep 100", "closed its stdout"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.script);
    auto bot = StartBot(c.script);
    ASSERT_NE(bot, nullptr);
    Reply reply = bot->Ask("go", 10000);
    EXPECT_TRUE(reply.timed_out);
    EXPECT_LT(reply.elapsed_ms, kPromptMs);
    EXPECT_EQ(bot->EndReason(), c.reason);
  }
  auto alive = StartBot(kEchoBot);
  ASSERT_NE(alive, nullptr);
  EXPECT_EQ(alive->Ask("go", kLongWaitMs).line, "answer to go");
  EXPECT_EQ(alive->EndReason(), "");
  alive->Kill();  // killed by the harness: not a crash
  EXPECT_EQ(alive->EndReason(), "");
}

// Children of this process (of any of its threads) that are zombies.
int ZombieChildren() {
  int zombies = 0;
  std::error_code ec;
  for (const auto& task :
       std::filesystem::directory_iterator("/proc/self/task", ec)) {
    std::istringstream children(ReadFile(task.path() / "children"));
    for (long pid; children >> pid;) {
      std::string stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
      size_t paren = stat.rfind(')');
      if (paren != std::string::npos && stat.compare(paren + 2, 1, "Z") == 0) {
        ++zombies;
      }
    }
  }
  return zombies;
}

// The pids a bot wrote to `path`, one a line, that still exist (running or
// zombie).
std::vector<long> ExistingPids(const std::string& path) {
  std::vector<long> existing;
  std::istringstream in(ReadFile(path));
  for (long pid; in >> pid;) {
    if (std::filesystem::exists("/proc/" + std::to_string(pid))) {
      existing.push_back(pid);
    }
  }
  return existing;
}

TEST(BotProcessTest, SetsidDescendantsLeaveNoZombie) {
  // Each session's bot leaves an orphan in a session of its own (it is out
  // of the bot's process group, so the group kill misses it); it ends soon.
  // It writes its pid to `one`; the bot moves it to `pids` and answers.
  const std::string pids = TempPath("setsid_pids");
  const std::string one = TempPath("setsid_pid");
  std::remove(pids.c_str());
  std::remove(one.c_str());
  const std::string orphan = "(setsid sh -c 'echo $$ > " + one + ".tmp; mv " +
                             one + ".tmp " + one +
                             "; exec sleep 0.01' &); read -r x; while [ ! -s " +
                             one + " ]; do sleep 0.001; done; cat " + one +
                             " >> " + pids + "; rm " + one + "; echo ready";
  for (int game = 0; game < 50; ++game) {
    auto bot = StartBot(orphan);
    ASSERT_NE(bot, nullptr);
    EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "ready");
  }
  // One more that lives on after its orphan has ended: reaped mid-game.
  auto bot = StartBot(orphan + "; read -r x");
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "ready");
  Pause(300);
  EXPECT_FALSE(bot->Finished());
  EXPECT_EQ(ExistingPids(pids), std::vector<long>());
  EXPECT_EQ(ZombieChildren(), 0);
  bot.reset();
  EXPECT_EQ(ExistingPids(pids), std::vector<long>());
  EXPECT_EQ(ZombieChildren(), 0);
  std::ifstream in(pids);
  EXPECT_EQ(std::count(std::istreambuf_iterator<char>(in),
                       std::istreambuf_iterator<char>(), '\n'),
            51);
  std::remove(pids.c_str());
}

TEST(BotProcessTest, StartErrors) {
  EXPECT_EQ(BotProcess::Start("").status().code(),
            absl::StatusCode::kInvalidArgument);
  BotProcessOptions bad_cap;
  bad_cap.stderr_cap_bytes = -1;
  EXPECT_EQ(BotProcess::Start("true", bad_cap).status().code(),
            absl::StatusCode::kInvalidArgument);
  BotProcessOptions bad_file;
  bad_file.stderr_path = "/nonexistent_dir_xyz/stderr.txt";
  absl::StatusOr<std::unique_ptr<BotProcess>> no_file =
      BotProcess::Start("true", bad_file);
  EXPECT_FALSE(no_file.ok());
  EXPECT_NE(no_file.status().ToString().find("/nonexistent_dir_xyz"),
            std::string::npos);
  BotProcessOptions bad_dir;
  bad_dir.working_dir = "/nonexistent_dir_xyz";
  absl::StatusOr<std::unique_ptr<BotProcess>> no_dir =
      BotProcess::Start("true", bad_dir);
  EXPECT_FALSE(no_dir.ok());
  EXPECT_NE(no_dir.status().ToString().find("/nonexistent_dir_xyz"),
            std::string::npos);
}

// ---- WL1's FIFO of answer lines (wl1 §9.1, §10) ----------------------------

std::unique_ptr<BotProcess> StartFifoBot(const std::string& script) {
  absl::StatusOr<std::unique_ptr<BotProcess>> bot = BotProcess::Start(
      script, BotProcessOptions(), AnswerQueue(RuleSet::kWl1));
  EXPECT_TRUE(bot.ok()) << bot.status();
  return bot.ok() ? std::move(*bot) : nullptr;
}

TEST(BotProcessFifoTest, OnlyWl1ReadsAFifo) {
  EXPECT_EQ(AnswerQueue(RuleSet::kWl1), LineQueue::kFifo);
  EXPECT_EQ(AnswerQueue(RuleSet::kWl2), LineQueue::kLatest);
  // A WL2 seat has no queue to read on from: a time-out at once.
  auto bot = StartBot("echo one; echo two; sleep 10");
  ASSERT_NE(bot, nullptr);
  Pause(200);
  Reply next = bot->ReadNext(kLongWaitMs);
  EXPECT_TRUE(next.timed_out);
  EXPECT_EQ(next.elapsed_ms, 0);
}

TEST(BotProcessFifoTest, EveryLineAnswersSomeRequestInOrder) {
  auto bot = StartFifoBot(
      "echo early;"                                  // before any request
      "read -r x; read -r x; echo a1; echo a2;"      // a two-line answer
      "read -r x; read -r x; sleep 0.5; echo late;"  // after its deadline
      "read -r x; echo fresh; sleep 10");
  ASSERT_NE(bot, nullptr);
  Pause(200);
  // The line printed before the first request answers it, at once.
  Reply first = bot->Ask("go 1", kLongWaitMs);
  EXPECT_FALSE(first.timed_out);
  EXPECT_EQ(first.line, "early");
  EXPECT_LT(first.elapsed_ms, kPromptMs);
  // Request 2's two lines answer requests 2 and 3.
  EXPECT_EQ(bot->Ask("go 2", kLongWaitMs).line, "a1");
  EXPECT_EQ(bot->Ask("go 3", kLongWaitMs).line, "a2");
  // Request 4 is answered after 500 ms: a 200 ms read times out ...
  Reply slow = bot->Ask("go 4", 200);
  EXPECT_TRUE(slow.timed_out);
  EXPECT_GE(slow.elapsed_ms, 200);
  // ... the bot is not killed, and the late line answers request 5 ...
  Reply late = bot->Ask("go 5", kLongWaitMs);
  EXPECT_FALSE(late.timed_out);
  EXPECT_EQ(late.line, "late");
  // ... and request 5's own answer the next read.
  Reply fresh = bot->ReadNext(kLongWaitMs);
  EXPECT_FALSE(fresh.timed_out);
  EXPECT_EQ(fresh.line, "fresh");
  Reply none = bot->ReadNext(200);
  EXPECT_TRUE(none.timed_out);
  EXPECT_GE(none.elapsed_ms, 200);
  EXPECT_LT(none.elapsed_ms, kPromptMs);
}

TEST(BotProcessFifoTest, LineEndingsAsWl1CutsThem) {
  auto bot = StartFifoBot(
      "read -r x; printf 'a\\nb\\r\\nc\\rd\\ne\\n\\nf\\n';"
      "read -r x; printf 'split\\r'; sleep 0.3; printf '\\n';"
      "read -r x; printf 'joined\\r'; sleep 0.2; printf '\\nrest';"
      "sleep 10");
  ASSERT_NE(bot, nullptr);
  // "\r\n" first anywhere: "a\nb"; then "\r": "c"; then "\n" (none of the
  // others left): "d", "e", "", "f".
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "a\nb");
  for (const char* expected : {"c", "d", "e", "", "f"}) {
    Reply reply = bot->ReadNext(kLongWaitMs);
    EXPECT_FALSE(reply.timed_out) << expected;
    EXPECT_EQ(reply.line, expected);
  }
  // Read between its "\r" and its "\n": two lines, "split" and "".
  EXPECT_EQ(bot->Ask("go", kLongWaitMs).line, "split");
  Reply empty = bot->ReadNext(kLongWaitMs);
  EXPECT_FALSE(empty.timed_out);
  EXPECT_EQ(empty.line, "");
  // Both there when read: one line; "rest" never ends, so it never counts.
  bot->Send("go");
  Pause(500);
  EXPECT_EQ(bot->ReadNext(kLongWaitMs).line, "joined");
  EXPECT_TRUE(bot->ReadNext(200).timed_out);
}

TEST(BotProcessFifoTest, NoCapNoFilter) {
  auto bot = StartFifoBot(
      "echo 'Java HotSpot(TM) VM warning: kept';"
      "head -c 2500000 /dev/zero | tr '\\0' a; echo; sleep 10");
  ASSERT_NE(bot, nullptr);
  EXPECT_EQ(bot->Ask("go 1", kLongWaitMs).line,
            "Java HotSpot(TM) VM warning: kept");
  EXPECT_EQ(bot->Ask("go 2", kLongWaitMs).line, std::string(2500000, 'a'));
}

TEST(BotProcessFifoTest, ExitedBotAnswersNothingAtOnceEvenWithLinesQueued) {
  auto bot = StartFifoBot("echo one; echo two; exit 3");
  ASSERT_NE(bot, nullptr);
  Pause(300);  // "one" and "two" are queued, the process has ended
  for (int i = 0; i < 3; ++i) {
    Reply reply = bot->Ask("go", 10000);
    EXPECT_TRUE(reply.timed_out);
    EXPECT_EQ(reply.line, "");
    EXPECT_LT(reply.elapsed_ms, kPromptMs);
  }
  Reply next = bot->ReadNext(10000);
  EXPECT_TRUE(next.timed_out);
  EXPECT_LT(next.elapsed_ms, kPromptMs);
  EXPECT_EQ(bot->EndReason(), "exit status 3");
}

TEST(BotProcessFifoTest, ClosedStdoutStillGivesItsQueuedLines) {
  auto bot = StartFifoBot("printf 'kept\\nunterminated'; exec 1>&-; sleep 100");
  ASSERT_NE(bot, nullptr);
  Reply kept = bot->Ask("go", kLongWaitMs);
  EXPECT_FALSE(kept.timed_out);
  EXPECT_EQ(kept.line, "kept");
  Reply none = bot->Ask("go", 10000);
  EXPECT_TRUE(none.timed_out);
  EXPECT_LT(none.elapsed_ms, kPromptMs);
}

TEST(BotProcessFifoTest, BotThatNeverReadsDoesNotHangTheHarness) {
  auto bot = StartFifoBot("sleep 100");
  ASSERT_NE(bot, nullptr);
  const std::string line(1000, 'x');
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 2000; ++i) bot->Send(line);  // far more than a pipe
  Reply reply = bot->Ask("go", 200);
  EXPECT_TRUE(reply.timed_out);
  EXPECT_TRUE(bot->ReadNext(100).timed_out);
  bot->Kill();
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(kPromptMs));
}

TEST(BotProcessFifoTest, FloodIsBoundedAndLosesNoLine) {
  // Numbered lines of a million characters as fast as the bot can print
  // them: the harness stops reading at kMaxUnreadBytes unread, and every
  // line still comes, in order, as reads make room again.
  auto bot = StartFifoBot(
      "i=0; while :; do i=$((i+1)); printf %d $i;"
      "head -c 1000000 /dev/zero | tr '\\0' a; echo; done");
  ASSERT_NE(bot, nullptr);
  Pause(1500);
  const auto cap = static_cast<int64_t>(LineProcess::kMaxUnreadBytes);
  EXPECT_GE(bot->stdout_chars(), cap);
  EXPECT_LE(bot->stdout_chars(), cap + (1 << 20));
  for (int i = 1; i <= 100; ++i) {
    Reply reply =
        i == 1 ? bot->Ask("go", kLongWaitMs) : bot->ReadNext(kLongWaitMs);
    const std::string number = std::to_string(i);
    ASSERT_FALSE(reply.timed_out) << i;
    ASSERT_EQ(reply.line.size(), number.size() + 1000000) << i;
    ASSERT_EQ(reply.line.substr(0, number.size()), number);
  }
}

}  // namespace
}  // namespace wl::tools
