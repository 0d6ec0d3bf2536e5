// Tests of the sdk's WL1 protocol (wl1 §3, §4.2, §4.3, §9): parsing
// "pick_starting_regions", the View's rule set, the Bot's default preference
// list for every built-in bot, the runner's draft answer, and the lines of
// the recorded official WL1 games (../shared/wl1/conformance) when present.
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "protocol.h"
#include "runner.h"
#include "shared_data.h"
#include "view.h"
#include "wl/builtin_bots.h"

namespace wl {
namespace {

// wl1 §3 lines 1 to 5 for player1: the fixed earth map.
const std::vector<std::string> kSetup = {
    "settings your_bot player1", "settings opponent_bot player2",
    "setup_map super_regions 1 5 2 2 3 5 4 3 5 7 6 2",
    "setup_map regions 1 1 2 1 3 1 4 1 5 1 6 1 7 1 8 1 9 1 10 2 11 2 12 2"
    " 13 2 14 3 15 3 16 3 17 3 18 3 19 3 20 3 21 4 22 4 23 4 24 4 25 4 26"
    " 4 27 5 28 5 29 5 30 5 31 5 32 5 33 5 34 5 35 5 36 5 37 5 38 5 39 6 "
    "40 6 41 6 42 6",
    "setup_map neighbors 1 2,4,30 2 4,3,5 3 5,6,14 4 5,7 5 6,7,8 6 8 7 8,"
    "9 8 9 9 10 10 11,12 11 12,13 12 13,21 14 15,16 15 16,18,19 16 17 17 "
    "19,20,27,32,36 18 19,20,21 19 20 20 21,22,36 21 22,23,24 22 23,36 23"
    " 24,25,26,36 24 25 25 26 27 28,32,33 28 29,31,33,34 29 30,31 30 31,3"
    "4,35 31 34 32 33,36,37 33 34,37,38 34 35 36 37 37 38 38 39 39 40,41 "
    "40 41,42 41 42"};
const char kPick[] =
    "pick_starting_regions 2000 4 1 10 11 17 19 26 23 29 28 42 41";
const std::vector<int> kCandidates = {4,  1,  10, 11, 17, 19,
                                      26, 23, 29, 28, 42, 41};

// "N N N N N N": six runs of digits, each pair separated by one space.
bool IsSixIds(const std::string& text) {
  int ids = 0;
  bool in_id = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      if (!in_id) ++ids;
      in_id = true;
    } else if (c == ' ' && in_id && i + 1 < text.size()) {
      in_id = false;
    } else {
      return false;
    }
  }
  return in_id && ids == 6;
}

// The form WL1 accepts (wl1 §4.3): 6 distinct candidates, single spaces.
void ExpectValidPreferences(const std::string& answer,
                            const std::vector<int>& candidates) {
  ASSERT_TRUE(IsSixIds(answer)) << answer;
  std::istringstream in(answer);
  std::vector<int> ids;
  for (int id; in >> id;) {
    EXPECT_NE(std::find(candidates.begin(), candidates.end(), id),
              candidates.end())
        << id << " in \"" << answer << "\"";
    EXPECT_EQ(std::count(ids.begin(), ids.end(), id), 0) << answer;
    ids.push_back(id);
  }
  EXPECT_EQ(ids.size(), 6u);
}

struct FixedBot : Bot {
  int PickStartingRegion(const View&) override { return 0; }
  std::vector<Move> PlaceArmies(const View&) override { return {}; }
  std::vector<Move> AttackTransfer(const View&) override { return {}; }
};

TEST(Wl1ProtocolTest, ParsesThePickRequest) {
  Message m = Parse(kPick);
  auto* req = std::get_if<msg::PickStartingRegions>(&m);
  ASSERT_NE(req, nullptr);
  EXPECT_EQ(req->time_ms, 2000);
  EXPECT_EQ(req->regions, kCandidates);
  // WL2's singular request is still its own message.
  EXPECT_TRUE(std::holds_alternative<msg::PickStartingRegion>(
      Parse("pick_starting_region 2000 1 2")));
}

TEST(Wl1ProtocolTest, RefusesGarbagePickRequests) {
  for (const char* line :
       {"pick_starting_regions", "pick_starting_regions x 1 2",
        "pick_starting_regions -5 1 2", "pick_starting_regions 2000 1 -2",
        "pick_starting_regions 2000 1,2,3", "pick_starting_regions 2000 1 x",
        "pick_starting_regions 2000 99999999999",
        "pick_starting_regions 99999999999999999999 1",
        "pick_starting_regions 2000 4 1 10 11 17 19 26 23 29 28 42 +-1"}) {
    EXPECT_TRUE(std::holds_alternative<msg::Error>(Parse(line))) << line;
  }
}

TEST(Wl1ProtocolTest, TheViewKnowsItPlaysWl1FromTheRequest) {
  View view;
  for (const std::string& line : kSetup) ASSERT_EQ(view.Apply(Parse(line)), "");
  EXPECT_EQ(view.Rules(), RuleSet::kWl2);  // nothing tells yet
  ASSERT_EQ(view.Apply(Parse(kPick)), "");
  EXPECT_EQ(view.Rules(), RuleSet::kWl1);
  EXPECT_EQ(view.Timebank(), 2000);
  EXPECT_EQ(view.TimePerMove(), 0);
  EXPECT_EQ(view.MaxRounds(), 100);
  EXPECT_EQ(view.StartingRegions(), kCandidates);
  EXPECT_EQ(view.PickableRegions(), kCandidates);
  View wl2;
  for (const std::string& line : kSetup) wl2.Apply(Parse(line));
  wl2.Apply(Parse("pick_starting_region 10000 4 1"));
  EXPECT_EQ(wl2.Rules(), RuleSet::kWl2);
}

TEST(Wl1ProtocolTest, HostileRequestsGetACleanAnswerAndLeaveTheViewAlone) {
  FixedBot bot;
  std::ostringstream log;
  Session session(bot, log);
  for (const std::string& line : kSetup)
    ASSERT_EQ(session.Handle(line), std::nullopt);
  for (const char* line :
       {"pick_starting_regions", "pick_starting_regions x 1 2 3 4 5 6",
        "pick_starting_regions 2000 1 2 3 4 5 99",   // not a region
        "pick_starting_regions 2000 1 2 3 4 5 5 6",  // repeated
        "pick_starting_regions 2000 1 2 3 4 5",      // too few for 6
        "pick_starting_regions 2000"}) {
    EXPECT_EQ(session.Handle(line), "No moves") << line;
  }
  EXPECT_TRUE(session.view().PickableRegions().size() <= 5u);
  // A bot whose list is garbage gets a valid answer, completed in order.
  EXPECT_EQ(session.Handle(kPick), "4 1 10 11 17 19");
}

struct ListBot : FixedBot {
  explicit ListBot(std::vector<int> list) : list(std::move(list)) {}
  std::vector<int> PickStartingRegions(const View&) override { return list; }
  std::vector<int> list;
};

TEST(Wl1ProtocolTest, TheRunnerKeepsTheBotsValidPreferencesInOrder) {
  ListBot bot({42, 42, 99, -1, 0, 41, 3, 17, 26, 23, 29, 28, 1});
  std::ostringstream log;
  Session session(bot, log);
  for (const std::string& line : kSetup) session.Handle(line);
  EXPECT_EQ(session.Handle(kPick), "42 41 17 26 23 29");
  EXPECT_NE(log.str().find("dropped"), std::string::npos);
  ListBot thrower({});
  struct Throws : FixedBot {
    std::vector<int> PickStartingRegions(const View&) override { throw 1; }
  } throws;
  Session s2(throws, log);
  for (const std::string& line : kSetup) s2.Handle(line);
  EXPECT_EQ(s2.Handle(kPick), "No moves");
}

TEST(Wl1ProtocolTest, EveryBuiltInBotGivesSixDistinctCandidates) {
  ASSERT_FALSE(tools::BuiltInBotNames().empty());
  for (const std::string& name : tools::BuiltInBotNames()) {
    for (uint64_t seed : {1, 7}) {
      std::unique_ptr<Bot> bot = tools::MakeBuiltInBot(name, seed);
      ASSERT_NE(bot, nullptr) << name;
      View view;
      for (const std::string& line : kSetup) view.Apply(Parse(line));
      ASSERT_EQ(view.Apply(Parse(kPick)), "");
      const auto start = std::chrono::steady_clock::now();
      std::vector<int> list = bot->PickStartingRegions(view);
      // Within the request's 2000 ms (mcts searches each single pick).
      EXPECT_LT(std::chrono::steady_clock::now() - start,
                std::chrono::milliseconds(1900))
          << name;
      std::string joined;
      for (int id : list)
        joined += (joined.empty() ? "" : " ") + std::to_string(id);
      SCOPED_TRACE(name + " seed " + std::to_string(seed));
      ExpectValidPreferences(joined, kCandidates);
      // The default's first choice is the bot's own single pick.
      if (name == "greedy" || name == "starter") {
        std::unique_ptr<Bot> again = tools::MakeBuiltInBot(name, seed);
        View single = view;
        single.Apply(
            Parse("pick_starting_region 2000 4 1 10 11 17 19 26 23 "
                  "29 28 42 41"));
        EXPECT_EQ(list.front(), again->PickStartingRegion(single));
      }
    }
  }
}

struct SlowBot : FixedBot {
  int PickStartingRegion(const View&) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    return 4;
  }
};

std::string RunLines(Bot& bot, const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  std::istringstream in(text);
  std::ostringstream out, log;
  Run(bot, in, out, log);
  return out.str();
}

TEST(Wl1ProtocolTest, ALateWl1AnswerIsNotWrittenSoTheNextOneIsNotShifted) {
  SlowBot bot;
  std::vector<std::string> lines = kSetup;
  lines.push_back("pick_starting_regions 20 4 1 10 11 17 19 26 23 29 28 42 41");
  lines.push_back("go place_armies 2000");
  EXPECT_EQ(RunLines(bot, lines), "No moves\n");  // only the go's answer
  lines[kSetup.size()] = kPick;                   // in time: both answers
  EXPECT_EQ(RunLines(bot, lines), "4 1 10 11 17 19\nNo moves\n");
  // WL2 has no FIFO: a late answer is still written.
  lines[kSetup.size()] = "pick_starting_region 20 4 1";
  EXPECT_EQ(RunLines(bot, lines), "4\nNo moves\n");
}

// One recorded WL1 dump (wl1 §13.1), gunzipped.
std::string ReadGz(const std::filesystem::path& path) {
  std::string text;
  gzFile in = gzopen(path.c_str(), "rb");
  if (!in) return text;
  char buf[1 << 16];
  for (int n; (n = gzread(in, buf, sizeof buf)) > 0;) text.append(buf, n);
  gzclose(in);
  return text;
}

bool StartsWith(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

// The engine -> bot lines of a dump: skips "Round N", the answers read
// after each request, and the engine messages that run into the next line.
std::vector<std::string> EngineLines(const std::string& dump) {
  enum { kLine, kAfterPick, kAfterGo, kAfterAnswer } state = kLine;
  std::vector<std::string> lines;
  std::istringstream in(dump);
  for (std::string line; std::getline(in, line);) {
    if (state == kAfterPick) {
      state = kAfterAnswer;
      continue;
    }
    if (state == kAfterGo) {
      if (line.empty()) continue;  // empty lines are read again (§9.1)
      if (!StartsWith(line, "go ") && !StartsWith(line, "settings ") &&
          !StartsWith(line, "Round ") &&
          !StartsWith(line, "Maximum number of idle moves")) {
        state = kAfterAnswer;
        continue;
      }
      state = kAfterAnswer;
    }
    if (state == kAfterAnswer) {  // engine messages end without a newline
      size_t at = 0;
      for (const char* head :
           {"settings ", "go ", "Round ", "update_map", "opponent_moves"}) {
        size_t p = line.rfind(head);
        if (p != std::string::npos) at = std::max(at, p);
      }
      line = line.substr(at);
      state = kLine;
    }
    if (line.empty() || StartsWith(line, "Round ")) continue;
    lines.push_back(line);
    if (StartsWith(line, "pick_starting_regions")) state = kAfterPick;
    if (StartsWith(line, "go ")) state = kAfterGo;
  }
  return lines;
}

TEST(Wl1ProtocolTest, EveryLineOfTheRecordedWl1GamesParses) {
  const std::filesystem::path dir =
      testing::SharedDir() / "wl1" / "conformance";
  if (!std::filesystem::is_directory(dir)) {
    GTEST_SKIP() << dir << " is absent: skipping the recorded WL1 games";
  }
  int dumps = 0;
  for (const auto& game : std::filesystem::directory_iterator(dir)) {
    for (const char* file : {"dump_player1.txt.gz", "dump_player2.txt.gz"}) {
      const std::filesystem::path path = game.path() / file;
      if (!std::filesystem::exists(path)) continue;
      SCOPED_TRACE(path.string());
      ++dumps;
      const std::vector<std::string> lines = EngineLines(ReadGz(path));
      ASSERT_GT(lines.size(), 10u);
      std::unique_ptr<Bot> bot = tools::MakeBuiltInBot("greedy", 1);
      std::ostringstream log;
      Session session(*bot, log);
      int picks = 0, gos = 0;
      for (const std::string& line : lines) {
        Message m = Parse(line);
        if (auto* err = std::get_if<msg::Error>(&m)) {
          ADD_FAILURE() << err->reason;
          continue;
        }
        std::optional<std::string> answer = session.Handle(line);
        EXPECT_EQ(log.str().find("ignored engine line"), std::string::npos)
            << line << "\n"
            << log.str();
        if (auto* req = std::get_if<msg::PickStartingRegions>(&m)) {
          ++picks;
          ASSERT_TRUE(answer.has_value());
          ExpectValidPreferences(*answer, req->regions);
          EXPECT_EQ(session.view().Rules(), RuleSet::kWl1);
        } else if (StartsWith(line, "go ")) {
          ++gos;
          ASSERT_TRUE(answer.has_value());
          EXPECT_FALSE(answer->empty());
        } else {
          EXPECT_EQ(answer, std::nullopt) << line;
        }
        if (session.view().Round() == 1 && StartsWith(line, "update_map")) {
          EXPECT_EQ(session.view().MyStartingRegions().size(), 3u);
        }
      }
      EXPECT_EQ(picks, 1);
      EXPECT_GT(gos, 0);
    }
  }
  EXPECT_GT(dumps, 0);
}

}  // namespace
}  // namespace wl
