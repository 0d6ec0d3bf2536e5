// misbehaving_bots_test.cpp: `warlight match` against bots that crash,
// stall, answer late, flood, lie, fork and ignore signals, and against
// malformed maps and flags (spec sections 8, 9 and 11a). The harness must
// finish every game in bounded time with exit status 0, record what
// happened in result.json and the dumps, and leave no process behind;
// bad input must be one line on stderr, a non-zero exit and no bot started.
//
// Every bot is a small sh script written to the test's temporary folder. It
// records "pid starttime" of itself and of every child it forks in a `pids`
// file there (the start time tells a reused pid from the bot's), and every
// process of a match carries kOwnerVariable=<pid of this test process> in
// its environment, so the last test can also look for strays in /proc.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "boost/json.hpp"
#include "gtest/gtest.h"
#include "shell.h"

extern char** environ;

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using Clock = std::chrono::steady_clock;

constexpr char kOwnerVariable[] = "WL_MISBEHAVING_BOTS_OWNER";
// Generous: the suite runs in parallel and under sanitizers.
constexpr double kMaxMatchSeconds = 30;
constexpr std::chrono::milliseconds kGrace(2000);
// Small time settings: a time-out costs at most one bank.
constexpr int64_t kBankMs = 300;
constexpr int64_t kPerMoveMs = 100;
// The game: a small generated map where the starter beats an idle bot.
constexpr int kSeed = 7;
constexpr int kRegions = 20;
// Slack for the time a shell needs to answer, on a loaded machine (the
// suite runs in parallel, and under sanitizers).
constexpr int64_t kJitterMs = 300;

constexpr char kTimedOut[] = "Response timed out (";
constexpr char kSkipping[] =
    "Maximum number (2) of time-outs reached: skipping all moves.";
constexpr char kOutput[] = "Output from your bot: ";

// ---- Small helpers -------------------------------------------------------

using testing::ReadFile;
using testing::ShellQuote;

void WriteFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

int Count(const std::string& text, const std::string& what) {
  return wl::testing::Occurrences(text, what);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string Warlight() {
  return (fs::path(WL_BINARY_DIR) / "warlight").string();
}

// ---- Processes -----------------------------------------------------------

struct TrackedPid {
  pid_t pid = 0;
  std::string start;  // field 22 of /proc/<pid>/stat
};

// Fields 3 (state) and 22 (start time) of /proc/<pid>/stat; empty when
// there is no such process.
struct ProcStat {
  std::string state, start;
};
ProcStat ReadProcStat(pid_t pid) {
  ProcStat stat;
  std::string text = ReadFile("/proc/" + std::to_string(pid) + "/stat");
  size_t paren = text.rfind(')');
  if (paren == std::string::npos) return stat;
  std::istringstream fields(text.substr(paren + 1));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 3) stat.state = field;
    if (i == 22) stat.start = field;
  }
  return stat;
}

// Running, and not a later process that got the same pid. A zombie is
// dead: once warlight has exited, its reaping is up to init (which in
// some containers does it only every few seconds).
bool Alive(const TrackedPid& p) {
  // If this test process became a child subreaper (BotProcess does that when
  // a test starts bots in-process), orphans end up here: reap them.
  ::waitpid(p.pid, nullptr, WNOHANG);
  if (::kill(p.pid, 0) == -1 && errno == ESRCH) return false;
  const ProcStat stat = ReadProcStat(p.pid);
  return stat.start == p.start && stat.state != "Z";
}

// Those of `pids` still alive after up to kGrace.
std::vector<TrackedPid> Survivors(const std::vector<TrackedPid>& pids) {
  const Clock::time_point give_up = Clock::now() + kGrace;
  std::vector<TrackedPid> alive;
  while (true) {
    alive.clear();
    for (const TrackedPid& p : pids) {
      if (Alive(p)) alive.push_back(p);
    }
    if (alive.empty() || Clock::now() >= give_up) return alive;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string Describe(const std::vector<TrackedPid>& pids) {
  std::string text;
  for (const TrackedPid& p : pids) {
    std::string cmdline =
        ReadFile("/proc/" + std::to_string(p.pid) + "/cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    text += " " + std::to_string(p.pid) + " (" + cmdline + ")";
  }
  return text;
}

// Every pid recorded by a bot in this test process.
std::vector<TrackedPid>& SuiteProcesses() {
  static std::vector<TrackedPid>* all = new std::vector<TrackedPid>;
  return *all;
}

// Processes with kOwnerVariable naming this process or a process that has
// ended: what a finished test left behind.
std::vector<pid_t> MarkedStrays() {
  const std::string prefix = std::string(kOwnerVariable) + "=";
  std::vector<pid_t> strays;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
          return c >= '0' && c <= '9';
        })) {
      continue;
    }
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    if (pid == ::getpid()) continue;
    std::string environment = ReadFile(entry.path() / "environ");
    std::istringstream vars(environment);
    for (std::string var; std::getline(vars, var, '\0');) {
      if (var.compare(0, prefix.size(), prefix) != 0) continue;
      const pid_t owner =
          static_cast<pid_t>(std::atol(var.c_str() + prefix.size()));
      bool owner_gone = ::kill(owner, 0) == -1 && errno == ESRCH;
      if (owner == ::getpid() || owner_gone) strays.push_back(pid);
    }
  }
  return strays;
}

// ---- The fixture ---------------------------------------------------------

struct Command {
  int status = -1;  // exit status; 128 + signal if killed
  double seconds = 0;
  std::string out, err;
};

struct Match {
  Command run;
  fs::path game;
  json::object result;
  std::string dump[2];
};

class MisbehavingBotsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name =
        ::testing::UnitTest::GetInstance()->current_test_info()->name();
    dir_ = fs::path(::testing::TempDir()) /
           ("wl_misbehaving_" + std::to_string(::getpid()) + "_" + name);
    std::error_code ec;
    fs::remove_all(dir_, ec);
    ASSERT_TRUE(fs::create_directories(dir_)) << dir_;
    ::setenv(kOwnerVariable, std::to_string(::getpid()).c_str(), 1);
  }

  void TearDown() override {
    std::vector<TrackedPid> pids = RecordedPids();
    SuiteProcesses().insert(SuiteProcesses().end(), pids.begin(), pids.end());
    std::vector<TrackedPid> left = Survivors(pids);
    EXPECT_TRUE(left.empty()) << "left behind:" << Describe(left);
    for (const TrackedPid& p : left) ::kill(p.pid, SIGKILL);  // tidy up
    if (!HasFailure()) {
      std::error_code ec;
      fs::remove_all(dir_, ec);
    }
  }

  // The processes the bots of this test recorded.
  std::vector<TrackedPid> RecordedPids() const {
    std::vector<TrackedPid> pids;
    for (const std::string& line : Lines(ReadFile(dir_ / "pids"))) {
      std::istringstream in(line);
      TrackedPid p;
      if (in >> p.pid >> p.start) pids.push_back(p);
    }
    return pids;
  }

  // Writes a bot script and returns the BOT argument that runs it. The
  // script knows DIR (this test's folder) and rec PID (records a process);
  // it has recorded itself.
  std::string Bot(const std::string& name, const std::string& body) const {
    const fs::path script = dir_ / (name + ".sh");
    WriteFile(script,
              "DIR=" + ShellQuote(dir_.string()) +
                  "\n"
                  "rec() { read -r s < \"/proc/$1/stat\" && set -- $s &&"
                  " echo \"$1 ${22}\" >> \"$DIR/pids\"; }\n"
                  "rec $$\n" +
                  body + "\n");
    // exec: the script itself is the bot's main process, as `java -jar`
    // would be (dash would otherwise keep a waiting shell in front of it).
    return "exec sh " + ShellQuote(script.string());
  }

  // Answers `No moves` to everything: games against it last max_rounds.
  std::string PassiveBot() const {
    return Bot("passive", RequestLoop("echo 'No moves'"));
  }

  // A loop over the engine's lines: `me` is the bot's name, `n` counts the
  // requests, `l` is the current line; `answer` runs for each request.
  static std::string RequestLoop(const std::string& answer) {
    return "me=unknown\n"
           "n=0\n"
           "while read -r l; do\n"
           "  case \"$l\" in\n"
           "    \"settings your_bot \"*) me=${l#settings your_bot } ;;\n"
           "    pick_starting_region*|go\\ *)\n"
           "      n=$((n + 1))\n" +
           answer +
           "\n"
           "      ;;\n"
           "  esac\n"
           "done\n";
  }

  // Runs `warlight ARGS`, stdout and stderr captured.
  Command RunWarlight(const std::string& args) const {
    Command run;
    const Clock::time_point start = Clock::now();
    testing::CommandRun ran =
        testing::RunCommand(ShellQuote(Warlight()) + " " + args, dir_);
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    run.status = ran.status;
    run.out = std::move(ran.out);
    run.err = std::move(ran.err);
    return run;
  }

  // Plays bot1 against bot2 on the small map and checks what every game
  // must show: finished in bounded time, exit 0, all files written.
  Match PlayMatch(const std::string& bot1, const std::string& bot2,
                  const std::string& extra_flags = "",
                  int64_t bank_ms = kBankMs,
                  int64_t per_move_ms = kPerMoveMs) const {
    Match match;
    match.game = dir_ / "game";
    match.run = RunWarlight(
        "match " + ShellQuote(bot1) + " " + ShellQuote(bot2) + " --seed " +
        std::to_string(kSeed) + " --regions " + std::to_string(kRegions) +
        " --timebank " + std::to_string(bank_ms) + " --time-per-move " +
        std::to_string(per_move_ms) + " --out " +
        ShellQuote(match.game.string()) + " " + extra_flags);
    EXPECT_EQ(match.run.status, 0) << match.run.err;
    EXPECT_LT(match.run.seconds, kMaxMatchSeconds);
    for (const char* file :
         {"dump_player1.txt", "dump_player2.txt", "replay.txt", "map.json",
          "result.json", "stderr_player1.txt", "stderr_player2.txt"}) {
      EXPECT_TRUE(fs::exists(match.game / file)) << file;
    }
    match.dump[0] = ReadFile(match.game / "dump_player1.txt");
    match.dump[1] = ReadFile(match.game / "dump_player2.txt");
    json::error_code ec;
    json::value result = json::parse(ReadFile(match.game / "result.json"), ec);
    EXPECT_FALSE(ec) << "result.json: " << ec.message();
    if (!ec && result.is_object()) match.result = result.as_object();
    EXPECT_GE(Rounds(match), 1);
    // The replay ends with the outcome result.json gives.
    std::vector<std::string> replay =
        Lines(ReadFile(match.game / "replay.txt"));
    const std::string winner = Winner(match);
    EXPECT_FALSE(replay.empty());
    if (!replay.empty()) {
      EXPECT_EQ(replay.back(),
                winner == "draw" ? "Nobody won" : winner + " won");
    }
    return match;
  }

  // ---- result.json ----

  static const json::object& Player(const Match& m, int seat) {
    static const json::object kEmpty;
    const json::value* players = m.result.if_contains("players");
    if (!players || !players->is_array() || players->as_array().size() != 2 ||
        !players->as_array()[seat].is_object()) {
      ADD_FAILURE() << "result.json has no players[" << seat << "]";
      return kEmpty;
    }
    return players->as_array()[seat].as_object();
  }
  static int64_t Stat(const Match& m, int seat, const char* key) {
    const json::value* v = Player(m, seat).if_contains(key);
    if (!v || !v->is_number()) {
      ADD_FAILURE() << "players[" << seat << "]." << key << " missing";
      return -1;
    }
    return v->to_number<int64_t>();
  }
  static bool Killed(const Match& m, int seat) {
    const json::value* v = Player(m, seat).if_contains("killed");
    EXPECT_TRUE(v && v->is_bool()) << "players[" << seat << "].killed";
    return v && v->is_bool() && v->as_bool();
  }
  static std::string Winner(const Match& m) {
    const json::value* v = m.result.if_contains("winner");
    return v && v->is_string() ? std::string(v->as_string()) : "";
  }
  static int64_t Rounds(const Match& m) {
    const json::value* v = m.result.if_contains("rounds");
    return v && v->is_number() ? v->to_number<int64_t>() : -1;
  }

  // The seat's bot did not win: the other won, or nobody.
  static void ExpectDidNotWin(const Match& m, int seat) {
    const std::string other = seat == 0 ? "player2" : "player1";
    const std::string winner = Winner(m);
    EXPECT_TRUE(winner == other || winner == "draw") << winner;
  }

  // ---- dumps ----

  // Each `Output from your bot: ...` in order: the quoted line, or nullopt
  // for `null` (a time-out).
  static std::vector<std::optional<std::string>> Outputs(
      const std::string& dump) {
    std::vector<std::optional<std::string>> outputs;
    for (size_t at = dump.find(kOutput); at != std::string::npos;
         at = dump.find(kOutput, at + 1)) {
      size_t text = at + std::string(kOutput).size();
      if (dump.compare(text, 4, "null") == 0) {
        outputs.push_back(std::nullopt);
      } else if (dump.compare(text, 1, "\"") == 0) {
        size_t end = dump.find("\"\n", text + 1);
        outputs.push_back(dump.substr(text + 1, end - text - 1));
      }
    }
    return outputs;
  }

  // The bank T of each request, in order.
  static std::vector<int64_t> Banks(const std::string& dump) {
    std::vector<int64_t> banks;
    const std::string glued = std::string(kOutput) + "null";  // no "\n"
    for (std::string line : Lines(dump)) {
      if (line.compare(0, glued.size(), glued) == 0) {
        line = line.substr(glued.size());
      }
      for (const char* request : {"pick_starting_region ", "go place_armies ",
                                  "go attack/transfer "}) {
        const std::string r = request;
        if (line.compare(0, r.size(), r) == 0) {
          banks.push_back(std::atoll(line.c_str() + r.size()));
        }
      }
    }
    return banks;
  }

  // The T of each `Response timed out (Tms)`, in order.
  static std::vector<int64_t> TimedOutBanks(const std::string& dump) {
    std::vector<int64_t> banks;
    const std::string marker = kTimedOut;
    for (size_t at = dump.find(marker); at != std::string::npos;
         at = dump.find(marker, at + 1)) {
      banks.push_back(std::atoll(dump.c_str() + at + marker.size()));
    }
    return banks;
  }

  // The bot in `seat` timed out three times, was killed and asked nothing
  // more, and the game went on without it.
  static void ExpectKilledAfterThreeTimeouts(const Match& m, int seat) {
    EXPECT_EQ(Stat(m, seat, "timeouts"), 3);
    EXPECT_TRUE(Killed(m, seat));
    EXPECT_EQ(Count(m.dump[seat], kTimedOut), 3);
    EXPECT_GE(Count(m.dump[seat], kSkipping), 1);
    // Nothing is asked or answered after the kill.
    const size_t kill = m.dump[seat].find(kSkipping);
    ASSERT_NE(kill, std::string::npos);
    EXPECT_EQ(m.dump[seat].find(kOutput, kill), std::string::npos);
    EXPECT_EQ(m.dump[seat].find("go ", kill), std::string::npos);
    EXPECT_EQ(Stat(m, 1 - seat, "timeouts"), 0);
    EXPECT_FALSE(Killed(m, 1 - seat));
    ExpectDidNotWin(m, seat);
  }

  // Starts `warlight match BOT1 BOT2` with the official time rules in the
  // background (stderr to warlight_stderr.txt); returns its pid.
  pid_t SpawnMatch(const std::string& bot1, const std::string& bot2,
                   const fs::path& game) const {
    std::vector<std::string> args = {Warlight(),  "match",
                                     bot1,        bot2,
                                     "--seed",    std::to_string(kSeed),
                                     "--regions", std::to_string(kRegions),
                                     "--out",     game.string()};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const std::string err_path = (dir_ / "warlight_stderr.txt").string();
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t harness = -1;
    if (::posix_spawn(&harness, args[0].c_str(), &actions, nullptr, argv.data(),
                      environ) != 0) {
      harness = -1;
    }
    posix_spawn_file_actions_destroy(&actions);
    return harness;
  }

  // Waits (up to 10 s) until the bots have recorded `count` processes.
  void WaitForPids(size_t count) const {
    const Clock::time_point start = Clock::now();
    while (RecordedPids().size() < count &&
           Clock::now() - start < std::chrono::seconds(10)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(RecordedPids().size(), count);
  }

  fs::path dir_;
};

// ---- Bots that die ------------------------------------------------------

TEST_F(MisbehavingBotsTest, CrashesAtStart) {
  for (int seat = 0; seat < 2; ++seat) {
    SCOPED_TRACE("crashing bot in seat " + std::to_string(seat + 1));
    std::string crash = Bot("crash" + std::to_string(seat), "exit 1");
    Match m =
        seat == 0 ? PlayMatch(crash, "starter") : PlayMatch("starter", crash);
    ExpectKilledAfterThreeTimeouts(m, seat);
    // Issue 32: the result line points at the stderr of a bot that died.
    const std::string player = seat == 0 ? "player1" : "player2";
    EXPECT_NE(
        m.run.out.find(player + " (" + crash +
                       ") crashed in round 0: exit status 1 (its "
                       "stderr: " +
                       (m.game / ("stderr_" + player + ".txt")).string() + ")"),
        std::string::npos)
        << m.run.out;
    // Issue 32: moves are counted as the arena counts them.
    EXPECT_NE(m.run.out.find(", rejected moves 0/0, failed at execution "),
              std::string::npos)
        << m.run.out;
    EXPECT_EQ(m.run.out.find("illegal"), std::string::npos) << m.run.out;
    // A dead bot is not waited for, but the bank arithmetic is the same.
    EXPECT_EQ(TimedOutBanks(m.dump[seat]),
              (std::vector<int64_t>{kBankMs, kPerMoveMs, kPerMoveMs}));
    EXPECT_EQ(Outputs(m.dump[seat]).size(), 3u);
  }
  EXPECT_EQ(RecordedPids().size(), 2u);
}

TEST_F(MisbehavingBotsTest, CrashesMidGame) {
  Match m = PlayMatch(
      Bot("crash_later",
          RequestLoop("if [ $n -gt 5 ]; then exit 3; fi; echo 'No moves'")),
      "starter");
  ExpectKilledAfterThreeTimeouts(m, 0);
  std::vector<std::optional<std::string>> outputs = Outputs(m.dump[0]);
  ASSERT_EQ(outputs.size(), 8u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(outputs[i], "No moves") << i;
  for (int i = 5; i < 8; ++i) EXPECT_EQ(outputs[i], std::nullopt) << i;
}

// ---- Bots that are slow -------------------------------------------------

TEST_F(MisbehavingBotsTest, NeverAnswers) {
  for (int seat = 0; seat < 2; ++seat) {
    SCOPED_TRACE("silent bot in seat " + std::to_string(seat + 1));
    std::string silent =
        Bot("silent" + std::to_string(seat), RequestLoop("      :"));
    Match m =
        seat == 0 ? PlayMatch(silent, "starter") : PlayMatch("starter", silent);
    ExpectKilledAfterThreeTimeouts(m, seat);
    // Each time-out uses the whole bank: 300, then 0 + 100, then 0 + 100.
    EXPECT_EQ(TimedOutBanks(m.dump[seat]),
              (std::vector<int64_t>{kBankMs, kPerMoveMs, kPerMoveMs}));
    std::vector<int64_t> banks = Banks(m.dump[seat]);
    ASSERT_GE(banks.size(), 3u);
    EXPECT_EQ(banks[0], kBankMs);
    EXPECT_EQ(banks[1], kPerMoveMs);
    EXPECT_EQ(banks[2], kPerMoveMs);
    // The game went on after the kill.
    EXPECT_GT(Count(m.dump[seat], "Round "), 1);
  }
}

TEST_F(MisbehavingBotsTest, AnswersSlowlyAndTheBankShrinks) {
  // Three answers take 200 ms of a 1000 ms bank, then answers come at once:
  // bank = min(max(bank - elapsed, 0) + 100, 1000) goes about 1000, 900,
  // 800, 700, then back up by 100 a request to 1000.
  constexpr int kSlow = 3;
  constexpr int64_t kSleepMs = 200, kBank = 1000;
  Match m =
      PlayMatch(Bot("slow", RequestLoop("if [ $n -le 3 ]; then sleep 0.2; fi; "
                                        "echo 'No moves'")),
                "starter", "", kBank, kPerMoveMs);
  EXPECT_EQ(Stat(m, 0, "timeouts"), 0);
  EXPECT_FALSE(Killed(m, 0));
  EXPECT_EQ(Count(m.dump[0], kTimedOut), 0);
  std::vector<int64_t> banks = Banks(m.dump[0]);
  ASSERT_GT(banks.size(), static_cast<size_t>(kSlow + 4));
  EXPECT_EQ(banks[0], kBank);
  // elapsed >= 200 ms: the bank drops by at least 100 (and not much more).
  for (int k = 0; k < kSlow; ++k) {
    const int64_t drop = banks[k] - banks[k + 1];
    EXPECT_GE(drop, kSleepMs - kPerMoveMs) << "request " << k + 1;
    EXPECT_LE(drop, kSleepMs - kPerMoveMs + kJitterMs) << "request " << k + 1;
  }
  // elapsed >= 0: the bank grows by at most 100, up to its cap.
  for (size_t k = kSlow; k + 1 < banks.size(); ++k) {
    const int64_t most = std::min(banks[k] + kPerMoveMs, kBank);
    EXPECT_LE(banks[k + 1], most) << "request " << k + 1;
    EXPECT_GE(banks[k + 1], most - kJitterMs) << "request " << k + 1;
  }
  EXPECT_EQ(*std::max_element(banks.begin() + kSlow, banks.end()), kBank);
  EXPECT_GE(Stat(m, 0, "time_used_ms"), kSlow * kSleepMs);
}

TEST_F(MisbehavingBotsTest, AnswersAfterTheDeadline) {
  // The first answer comes 520 ms into a 500 ms bank: a time-out. The bank
  // is then 0 + 500, so the late line arrives well within the next request,
  // and answers it (spec section 8: the latest line answers the next
  // request); from then on every answer is one request late.
  constexpr int64_t kBank = 500;
  Match m =
      PlayMatch(Bot("late", RequestLoop("if [ $n -eq 1 ]; then sleep 0.52; fi; "
                                        "echo \"answer $n\"")),
                "starter", "", kBank, /*per_move_ms=*/kBank);
  EXPECT_EQ(Stat(m, 0, "timeouts"), 1);
  EXPECT_FALSE(Killed(m, 0));
  EXPECT_EQ(TimedOutBanks(m.dump[0]), (std::vector<int64_t>{kBank}));
  std::vector<std::optional<std::string>> outputs = Outputs(m.dump[0]);
  ASSERT_GE(outputs.size(), 5u);
  EXPECT_EQ(outputs[0], std::nullopt);
  for (size_t k = 1; k < outputs.size(); ++k) {
    EXPECT_EQ(outputs[k], "answer " + std::to_string(k)) << "request " << k + 1;
  }
  // The dump shows the time-out, then the late line as the next answer.
  const size_t timed_out = m.dump[0].find(kTimedOut);
  ASSERT_NE(timed_out, std::string::npos);
  EXPECT_LT(timed_out, m.dump[0].find("Output from your bot: \"answer 1\""));
}

// ---- Bots that talk too much --------------------------------------------

TEST_F(MisbehavingBotsTest, Prints10MBWithNewlines) {
  // 500,000 lines "y": the first answers request 1, and while they come
  // each replaces the latest line, which answers the next request at once;
  // past the 1,000,000 character cap nothing counts, not even `No moves`.
  // How many requests the flood lasts depends on the machine, so the game
  // is against a passive bot: 60 rounds, time for three time-outs.
  Match m = PlayMatch(
      Bot("flood_lines",
          RequestLoop("if [ $n -eq 1 ]; then yes | head -c 10000000; fi; "
                      "echo 'No moves'")),
      PassiveBot());
  ExpectKilledAfterThreeTimeouts(m, 0);
  std::vector<std::optional<std::string>> outputs = Outputs(m.dump[0]);
  ASSERT_GE(outputs.size(), 4u);
  const size_t answered = outputs.size() - 3;
  for (size_t i = 0; i < answered; ++i) EXPECT_EQ(outputs[i], "y") << i;
  for (size_t i = answered; i < outputs.size(); ++i) {
    EXPECT_EQ(outputs[i], std::nullopt) << i;
  }
  EXPECT_LT(m.dump[0].size(), size_t{1} << 20);
}

TEST_F(MisbehavingBotsTest, Prints10MBWithoutNewlines) {
  Match m = PlayMatch(
      Bot("flood_bytes",
          RequestLoop("if [ $n -eq 1 ]; then head -c 10000000 /dev/zero; fi; "
                      "echo 'No moves'")),
      "starter");
  ExpectKilledAfterThreeTimeouts(m, 0);
  std::vector<std::optional<std::string>> outputs = Outputs(m.dump[0]);
  EXPECT_EQ(outputs, (std::vector<std::optional<std::string>>(3)));
  EXPECT_LT(m.dump[0].size(), size_t{1} << 20);
}

TEST_F(MisbehavingBotsTest, FloodsStdoutAndStderrForever) {
  // Never a line: stdout past the cap at once, stderr past its cap; the
  // harness reads and drops both for the whole game and never waits on it.
  constexpr int kCap = 10000;
  Match m = PlayMatch(
      Bot("endless_flood", "yes 'to stderr' >&2 & rec $!\nexec cat /dev/zero"),
      "starter", "--stderr-cap " + std::to_string(kCap));
  ExpectKilledAfterThreeTimeouts(m, 0);
  EXPECT_EQ(Outputs(m.dump[0]), (std::vector<std::optional<std::string>>(3)));
  EXPECT_EQ(fs::file_size(m.game / "stderr_player1.txt"),
            static_cast<uintmax_t>(kCap));
  EXPECT_EQ(RecordedPids().size(), 2u);
}

TEST_F(MisbehavingBotsTest, PrintsGarbageAndBinary) {
  // A line of every byte but "\n" and "\r", NUL and "," included.
  std::string binary;
  for (int byte = 0; byte < 256; ++byte) {
    if (byte != '\n' && byte != '\r') binary += static_cast<char>(byte);
  }
  WriteFile(dir_ / "binary.txt", binary + "\n");
  std::string many_moves;  // 60 pieces: only 51 are read
  for (int i = 0; i < 60; ++i) many_moves += "$me place_armies 1 1,";
  Match m = PlayMatch(
      Bot("garbage",
          RequestLoop(
              "case \"$l\" in\n"
              "  pick*) if [ $n -eq 1 ]; then cat \"$DIR/binary.txt\";"
              " else echo 'not a region'; fi ;;\n"
              "  go\\ place*) echo \"$me place_armies abc 1, $me place_armies"
              " 1 zz, nobody place_armies 1 1, $me launch 1 2 3\" ;;\n"
              "  *) case $((n % 3)) in\n"
              "       0) cat \"$DIR/binary.txt\" ;;\n"
              "       1) echo \"$me attack/transfer 1 2 x,$me place_armies\" "
              ";;\n"
              "       *) echo \"" +
              many_moves +
              "\" ;;\n"
              "     esac ;;\n"
              "esac")),
      "starter");
  EXPECT_EQ(Stat(m, 0, "timeouts"), 0);
  EXPECT_FALSE(Killed(m, 0));
  EXPECT_EQ(Count(m.dump[0], kTimedOut), 0);
  for (const char* error :
       {"Parse error: Region id input incorrect",
        "Parse error: Number of armies input incorrect",
        "Parse error: Incorrect player name or move format incorrect",
        "Parse error: Bot's move format incorrect", "Move input is null",
        "Maximum number of moves reached, max 50 moves are allowed"}) {
    EXPECT_NE(m.dump[0].find(error), std::string::npos) << error;
  }
  // The binary line is recorded byte for byte.
  EXPECT_NE(m.dump[0].find(std::string(kOutput) + "\"" + binary + "\"\n"),
            std::string::npos);
  // Every answer counts its errors: at least 4 per placement answer.
  EXPECT_GE(Stat(m, 0, "parse_errors"), 4 * Rounds(m));
  EXPECT_EQ(Stat(m, 1, "parse_errors"), 0);
}

TEST_F(MisbehavingBotsTest, PrintsTwoLinesPerRequest) {
  // "first n", an ignored `VM warning` line and "second n", in one write.
  // The first line after a request answers it; the lines after it replace
  // one another as the latest line, which answers the next request at once.
  // The opponent takes 100 ms over each of its first 6 answers, so the
  // lines are all in before each of our requests 2 and 4 to 7: those get
  // "second n-1". Request 3 (round 1's placement) comes right after request
  // 2 (the last pick), and elsewhere the bot may lag behind the engine: a
  // "first" can answer again there. Answers still come in order.
  constexpr int kSettled = 7;
  Match m = PlayMatch(
      Bot("two_lines", RequestLoop("printf 'first %d\\nOpenJDK 64-Bit Server "
                                   "VM warning: %d\\nsecond %d\\n' $n $n $n")),
      Bot("sleepy", RequestLoop("if [ $n -le 6 ]; then sleep 0.1; fi; "
                                "echo 'No moves'")));
  EXPECT_EQ(Stat(m, 0, "timeouts"), 0);
  EXPECT_FALSE(Killed(m, 0));
  std::vector<std::optional<std::string>> outputs = Outputs(m.dump[0]);
  ASSERT_GT(outputs.size(), static_cast<size_t>(kSettled));
  EXPECT_EQ(outputs[0], "first 1");
  for (int k = 1; k < kSettled; ++k) {
    if (k == 2) continue;
    EXPECT_EQ(outputs[k], "second " + std::to_string(k)) << "request " << k + 1;
  }
  EXPECT_TRUE(outputs[2] == "first 2" || outputs[2] == "second 2");
  int last = 0;
  for (const std::optional<std::string>& output : outputs) {
    ASSERT_TRUE(output.has_value());
    EXPECT_EQ(output->find("VM warning"), std::string::npos) << *output;
    int n = 0;
    char word[8] = {};
    ASSERT_EQ(std::sscanf(output->c_str(), "%7s %d", word, &n), 2) << *output;
    EXPECT_TRUE(std::string(word) == "first" || std::string(word) == "second")
        << *output;
    EXPECT_GE(n, last) << *output;
    last = n;
  }
  EXPECT_LE(last, static_cast<int>(outputs.size()));
  EXPECT_EQ(outputs.size(), Banks(m.dump[0]).size());  // each request answered
}

TEST_F(MisbehavingBotsTest, FloodsStderr) {
  constexpr int kCap = 4096;
  Match m =
      PlayMatch(Bot("stderr_flood", "yes 'to stderr' | head -c 3000000 >&2\n" +
                                        RequestLoop("echo \"noise $n\" >&2; "
                                                    "echo 'No moves'")),
                "starter", "--stderr-cap " + std::to_string(kCap));
  EXPECT_EQ(Stat(m, 0, "timeouts"), 0);
  EXPECT_FALSE(Killed(m, 0));
  const std::string err = ReadFile(m.game / "stderr_player1.txt");
  EXPECT_EQ(err.size(), static_cast<size_t>(kCap));
  EXPECT_EQ(err.compare(0, 10, "to stderr\n"), 0);
  EXPECT_LE(fs::file_size(m.game / "stderr_player2.txt"),
            static_cast<uintmax_t>(kCap));
}

// ---- Bots that misuse their pipes and signals ---------------------------

TEST_F(MisbehavingBotsTest, ClosesStdoutButKeepsRunning) {
  Match m = PlayMatch(
      Bot("no_stdout",
          "exec >&-\n" + RequestLoop("echo 'No moves' 2>/dev/null || :")),
      "starter");
  ExpectKilledAfterThreeTimeouts(m, 0);
  EXPECT_EQ(Outputs(m.dump[0]).size(), 3u);
}

TEST_F(MisbehavingBotsTest, IgnoresSigterm) {
  // Answers properly, ignores TERM, HUP and INT, and would outlive its
  // stdin: the harness kills it with SIGKILL at the end anyway.
  Match m = PlayMatch(Bot("stubborn", "trap '' TERM HUP INT\n" +
                                          RequestLoop("echo 'No moves'") +
                                          "sleep 1000 & rec $!\nwait\n"),
                      "starter");
  EXPECT_EQ(Stat(m, 0, "timeouts"), 0);
  EXPECT_FALSE(Killed(m, 0));
  EXPECT_EQ(Count(m.dump[0], kTimedOut), 0);
}

TEST_F(MisbehavingBotsTest, ForksChildrenThatKeepThePipesOpen) {
  // A child and an orphaned grandchild hold stdin, stdout and stderr.
  Match m = PlayMatch(Bot("forker",
                          "sleep 1000 & rec $!\n"
                          "( sleep 1000 & rec $! )\n" +
                              RequestLoop("echo 'No moves'")),
                      "starter");
  EXPECT_EQ(Stat(m, 0, "timeouts"), 0);
  EXPECT_FALSE(Killed(m, 0));
  EXPECT_EQ(RecordedPids().size(), 3u);
}

TEST_F(MisbehavingBotsTest, ForksChildrenThenDies) {
  // The bot is dead but its children keep its stdout open: the harness must
  // not wait for end of file, and must kill the children.
  Match m = PlayMatch(Bot("forker_dies",
                          "sleep 1000 & rec $!\n"
                          "( sleep 1000 & rec $! )\n"
                          "exit 1"),
                      "starter");
  ExpectKilledAfterThreeTimeouts(m, 0);
  EXPECT_EQ(RecordedPids().size(), 3u);
}

TEST_F(MisbehavingBotsTest, InterruptedMatchKillsEveryBot) {
  // SIGTERM to the harness mid-game (bots silent, with the official 10 s
  // bank): it kills every bot, even those ignoring TERM, and exits 143
  // without writing a result.
  const std::string bot =
      Bot("stubborn_silent", "trap '' TERM HUP INT\n" + RequestLoop("      :"));
  const fs::path game = dir_ / "game";
  const Clock::time_point start = Clock::now();
  const pid_t harness = SpawnMatch(bot, bot, game);
  ASSERT_GT(harness, 0);
  WaitForPids(2);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ::kill(harness, SIGTERM);
  int status = 0;
  pid_t done = 0;
  while ((done = ::waitpid(harness, &status, WNOHANG)) == 0 &&
         Clock::now() - start < std::chrono::seconds(20)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (done == 0) {
    ::kill(harness, SIGKILL);
    ::waitpid(harness, &status, 0);
    FAIL() << "warlight did not stop on SIGTERM";
  }
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  EXPECT_FALSE(fs::exists(game / "result.json"));
  // Issue 32: nothing is left (it held two empty stderr files), and the
  // harness says so.
  EXPECT_FALSE(fs::exists(game));
  const std::string err = ReadFile(dir_ / "warlight_stderr.txt");
  EXPECT_NE(err.find("warlight match: interrupted; the game is not kept "
                     "(removed " +
                     game.string() + ")"),
            std::string::npos)
      << err;
}

// Issue 32: the default folder, games/<time>-seed<S>, was the same for two
// games of the same seed started in the same second (a loop over bots),
// the second replacing the first. Three at once now write three folders.
TEST_F(MisbehavingBotsTest, DefaultFoldersAreNeverShared) {
  const std::string match = ShellQuote(Warlight()) +
                            " match starter starter --seed 5 --regions " +
                            std::to_string(kRegions);
  testing::CommandRun run =
      testing::RunCommand("cd " + ShellQuote(dir_.string()) + " && { " + match +
                              " & " + match + " & " + match + " & wait; }",
                          dir_);
  EXPECT_EQ(run.status, 0) << run.err;
  std::set<std::string> folders;
  for (const auto& entry : fs::directory_iterator(dir_ / "games")) {
    EXPECT_TRUE(fs::exists(entry.path() / "result.json")) << entry.path();
    folders.insert(entry.path().filename().string());
    // Each result line names its own folder.
    EXPECT_NE(
        run.out.find("; games/" + entry.path().filename().string() + "\n"),
        std::string::npos)
        << run.out;
  }
  EXPECT_EQ(folders.size(), 3u) << run.out;
}

TEST_F(MisbehavingBotsTest, HarnessKilledWithSigkillLeavesNoBot) {
  // kill -9 cannot be caught: the bots (busy, ignoring TERM, HUP and the
  // end of their stdin), a child and a grandchild each of them forked, and
  // a child that left the process group with setsid must still all die.
  const std::string bot = Bot(
      "orphaned",
      "trap '' TERM HUP INT PIPE\n"
      "(trap '' TERM HUP; sleep 1000 & rec $!; while :; do sleep 1; done) &\n"
      "rec $!\n"
      "setsid sh -c 'trap \"\" TERM HUP; while :; do sleep 1; done' &\n"
      "rec $!\n"
      "while :; do sleep 1; done");
  const fs::path game = dir_ / "game";
  const pid_t harness = SpawnMatch(bot, bot, game);
  ASSERT_GT(harness, 0);
  WaitForPids(8);  // per bot: itself, child, grandchild, setsid child
  ::kill(harness, SIGKILL);
  ::waitpid(harness, nullptr, 0);
  // TearDown checks that no recorded process survives.
}

TEST_F(MisbehavingBotsTest, CrashIsReportedWithItsSignalAndRound) {
  const std::string bot =
      Bot("segfaults", RequestLoop("      [ $n -ge 6 ] && kill -SEGV $$\n"
                                   "      echo 'No moves'"));
  for (int seat = 0; seat < 2; ++seat) {
    SCOPED_TRACE("crashing bot in seat " + std::to_string(seat + 1));
    Match m = seat == 0 ? PlayMatch(bot, "starter") : PlayMatch("starter", bot);
    const json::value* crashed = Player(m, seat).if_contains("crashed");
    ASSERT_TRUE(crashed && crashed->is_bool());
    EXPECT_TRUE(crashed->as_bool());
    const json::value* crash = Player(m, seat).if_contains("crash");
    ASSERT_TRUE(crash && crash->is_string());
    EXPECT_EQ(crash->as_string(), "signal 11");
    // The picks come first (round 0), then two requests per round.
    const int64_t round = Stat(m, seat, "crash_round");
    EXPECT_GE(round, 1);
    EXPECT_LE(round, 4);
    EXPECT_FALSE(Player(m, 1 - seat).at("crashed").as_bool());
    const std::string player = seat == 0 ? "player1" : "player2";
    EXPECT_NE(m.run.out.find(player + " (" + bot + ") crashed in round " +
                             std::to_string(round) + ": signal 11"),
              std::string::npos)
        << m.run.out;
    EXPECT_EQ(Count(m.dump[seat], "Your bot's process ended (signal 11)"), 1);
    EXPECT_EQ(Count(m.dump[1 - seat], "process ended"), 0);
    ExpectKilledAfterThreeTimeouts(m, seat);
  }
}

TEST_F(MisbehavingBotsTest, BotThatCannotStartIsOneLineAndStatus2) {
  const fs::path not_executable = dir_ / "bot.sh";
  WriteFile(not_executable, "echo hi\n");
  const struct {
    std::string bot, expected;
  } cases[] = {
      {"mybott", "bot 'mybott': not found"},
      {"startr", "did you mean starter?"},
      {dir_.string(), "is a folder"},
      {not_executable.string(), "is not executable"},
      {(dir_ / "missing").string(), "not found"},
      // Issue 32: the script of an interpreter that is not there.
      {"sh " + (dir_ / "mybot.py").string(),
       (dir_ / "mybot.py").string() + " not found"},
      {"sh no_such_bot.sh", "no_such_bot.sh not found (in "},
  };
  for (const auto& c : cases) {
    for (const char* tool : {"match", "profile", "arena"}) {
      SCOPED_TRACE(std::string(tool) + " " + c.bot);
      const std::string other =
          std::string(tool) != "profile" ? " " + ShellQuote(PassiveBot()) : "";
      Command run =
          RunWarlight(std::string(tool) + " " + ShellQuote(c.bot) + other +
                      " --out " + ShellQuote((dir_ / "game").string()));
      EXPECT_EQ(run.status, 2);
      EXPECT_EQ(Count(run.err, "\n"), 1) << run.err;
      EXPECT_NE(run.err.find(c.expected), std::string::npos) << run.err;
      EXPECT_NE(run.err.find("warlight " + std::string(tool) + ": bot '"),
                std::string::npos)
          << run.err;
      EXPECT_FALSE(fs::exists(dir_ / "game"));
      EXPECT_TRUE(RecordedPids().empty());
    }
  }
}

// ---- Bad input: nothing may start -----------------------------------------

class MisbehavingBotsInputTest : public MisbehavingBotsTest {
 protected:
  // A bot that leaves a marker file when it is started.
  std::string MarkerBot() const {
    return Bot("marker", "touch \"$DIR/started\"\nexit 0");
  }

  // `warlight match MARKER MARKER FLAGS` must fail with one line on stderr
  // containing `expected`, start no bot and write nothing.
  void ExpectRejected(const std::string& flags, const std::string& expected,
                      int expected_status) {
    SCOPED_TRACE(flags);
    const std::string bot = MarkerBot();
    const fs::path game = dir_ / "game";
    Command run =
        RunWarlight("match " + ShellQuote(bot) + " " + ShellQuote(bot) +
                    " --out " + ShellQuote(game.string()) + " " + flags);
    if (expected_status < 0) {
      EXPECT_NE(run.status, 0);
    } else {
      EXPECT_EQ(run.status, expected_status);
    }
    EXPECT_LT(run.seconds, kMaxMatchSeconds);
    EXPECT_EQ(Count(run.err, "\n"), 1) << run.err;
    EXPECT_TRUE(!run.err.empty() && run.err.back() == '\n') << run.err;
    EXPECT_NE(run.err.find(expected), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_FALSE(fs::exists(dir_ / "started")) << "a bot was started";
    EXPECT_TRUE(RecordedPids().empty());
    EXPECT_FALSE(fs::exists(game));
  }

  void ExpectRejectedMap(const std::string& map_json,
                         const std::string& expected) {
    const fs::path map = dir_ / "map.json";
    WriteFile(map, map_json);
    ExpectRejected("--seed 1 --map " + ShellQuote(map.string()), expected, -1);
  }
};

// Four regions in two super regions: 1-2, 1-3, 2-4, 3-4.
constexpr char kSuperRegions[] =
    R"("SuperRegions":[{"id":1,"bonus":2},{"id":2,"bonus":3}])";
constexpr char kRegions4[] =
    R"("Regions":[{"id":1,"superRegion":1,"neighbors":[2,3]},)"
    R"({"id":2,"superRegion":1,"neighbors":[4]},)"
    R"({"id":3,"superRegion":2,"neighbors":[4]},)"
    R"({"id":4,"superRegion":2,"neighbors":[]}])";

TEST_F(MisbehavingBotsInputTest, ValidMapStartsTheBots) {
  // The control: the same map, well formed, does start the marker bots.
  const fs::path map = dir_ / "map.json";
  WriteFile(map, "{" + std::string(kSuperRegions) + "," + kRegions4 + "}");
  const std::string bot = MarkerBot();
  Command run = RunWarlight("match " + ShellQuote(bot) + " " + ShellQuote(bot) +
                            " --seed 1 --timebank 100 --out " +
                            ShellQuote((dir_ / "game").string()) + " --map " +
                            ShellQuote(map.string()));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::exists(dir_ / "started"));
  EXPECT_EQ(RecordedPids().size(), 2u);
}

TEST_F(MisbehavingBotsInputTest, MapNotJson) {
  ExpectRejectedMap("{\"SuperRegions\": [ this is not JSON", "not valid JSON");
}

TEST_F(MisbehavingBotsInputTest, MapMissingKeys) {
  ExpectRejectedMap("{" + std::string(kSuperRegions) + "}", "\"Regions\"");
  ExpectRejectedMap(
      "{" + std::string(kSuperRegions) +
          R"(,"Regions":[{"id":1,"neighbors":[2]},{"id":2,"superRegion":1}]})",
      "\"superRegion\"");
  ExpectRejectedMap(R"({"SuperRegions":[{"id":1}],"Regions":[]})", "\"bonus\"");
}

TEST_F(MisbehavingBotsInputTest, MapIdsWithGaps) {
  ExpectRejectedMap(
      "{" + std::string(kSuperRegions) +
          R"(,"Regions":[{"id":1,"superRegion":1,"neighbors":[2,4]},)"
          R"({"id":2,"superRegion":1,"neighbors":[4]},)"
          R"({"id":4,"superRegion":2,"neighbors":[]}]})",
      "id 3 is missing");
}

TEST_F(MisbehavingBotsInputTest, MapUnknownNeighbour) {
  ExpectRejectedMap(
      "{" + std::string(kSuperRegions) +
          R"(,"Regions":[{"id":1,"superRegion":1,"neighbors":[2,3]},)"
          R"({"id":2,"superRegion":1,"neighbors":[4,9]},)"
          R"({"id":3,"superRegion":2,"neighbors":[4]},)"
          R"({"id":4,"superRegion":2,"neighbors":[]}]})",
      "unknown neighbour 9");
}

TEST_F(MisbehavingBotsInputTest, MapEmptySuperRegion) {
  ExpectRejectedMap(R"({"SuperRegions":[{"id":1,"bonus":2},{"id":2,"bonus":3},)"
                    R"({"id":3,"bonus":1}],)" +
                        std::string(kRegions4) + "}",
                    "super region 3 has no regions");
}

TEST_F(MisbehavingBotsInputTest, MapDisconnected) {
  ExpectRejectedMap(
      "{" + std::string(kSuperRegions) +
          R"(,"Regions":[{"id":1,"superRegion":1,"neighbors":[2]},)"
          R"({"id":2,"superRegion":1,"neighbors":[]},)"
          R"({"id":3,"superRegion":2,"neighbors":[4]},)"
          R"({"id":4,"superRegion":2,"neighbors":[]}]})",
      "not connected");
}

TEST_F(MisbehavingBotsInputTest, MapFileMissing) {
  ExpectRejected("--map " + ShellQuote((dir_ / "no_such_map.json").string()),
                 "no_such_map.json", -1);
}

TEST_F(MisbehavingBotsInputTest, BadFlags) {
  ExpectRejected("--no-such-option", "unknown option '--no-such-option'", 2);
  ExpectRejected("--seed x", "--seed", 2);
  ExpectRejected("--seed", "--seed", 2);
  ExpectRejected("--regions 20 --timebank 0", "--timebank", 2);
  ExpectRejected("--regions 20 --stderr-cap -1", "--stderr-cap", 2);
  ExpectRejected("a_third_bot", "two bots", 2);
}

// ---- Last: nothing of the suite survives ----------------------------------

TEST(MisbehavingBotsZZTest, NoStrayProcessesRemain) {
  // Every process the bots of this test process recorded (the tests above,
  // when they run in this process)...
  std::vector<TrackedPid> left = Survivors(SuiteProcesses());
  EXPECT_TRUE(left.empty()) << "left behind:" << Describe(left);
  // ...and any process of a match (bots, starters, harnesses) started by
  // this test process or by one that has ended (when each test runs in a
  // process of its own, as under ctest).
  const Clock::time_point give_up = Clock::now() + kGrace;
  std::vector<pid_t> strays = MarkedStrays();
  while (!strays.empty() && Clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    strays = MarkedStrays();
  }
  std::string names;
  for (pid_t pid : strays) names += " " + std::to_string(pid);
  EXPECT_TRUE(strays.empty()) << "stray processes:" << names;
}

}  // namespace
}  // namespace wl::tools
