// The WL1 engine (tools/wl/engine.h with GameOptions{rules = kWl1}): each
// rule of ../shared/wl1/spec.md that the harness adds to the rules core, on
// scripted bots, and games of many seeds regenerated from their own dumps.
// The 26 recorded official games are in verify_test.cpp.
#include <unistd.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "java_random.h"
#include "rules.h"
#include "wl/builtin_bots.h"
#include "wl/engine.h"
#include "wl/game_files.h"
#include "wl/in_process_seat.h"
#include "wl/map_json.h"
#include "wl/verify.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kIdle =
    "Maximum number of idle moves returned: skipping move (let bot return "
    "'No moves' instead of nothing)";

// seed 1000020 (the shared g001): these 12 candidates, and with both bots
// preferring "4 1 10 11 17 19", player1 gets 4 11 19, player2 1 10 17.
constexpr int64_t kSeed = 1000020;
const char* const kCandidates = "4 1 10 11 17 19 26 23 29 28 42 41";
const char* const kPick = "4 1 10 11 17 19";

Map Earth() {
  absl::StatusOr<Map> map = ParseMapJson(EarthMapJson(RuleSet::kWl1));
  EXPECT_TRUE(map.ok()) << map.status();
  return *map;
}

// A bot as the FIFO of lines it prints (wl1 §9.1): Ask and ReadNext take
// the oldest line; nullopt is no answer (a time-out); once the script is
// spent, every read gets `then` (nullopt: silence).
class ScriptedSeat : public Seat {
 public:
  struct Line {
    std::optional<std::string> text;
    int64_t elapsed_ms = 0;
  };
  ScriptedSeat(std::vector<Line> script, std::optional<std::string> then,
               std::vector<std::string>* log = nullptr, std::string name = "")
      : script_(script.begin(), script.end()),
        then_(std::move(then)),
        log_(log),
        name_(std::move(name)) {}

  void Send(const std::string& line) override {
    sent.push_back(line);
    if (log_) log_->push_back(name_ + ": " + line);
  }
  Reply Ask(const std::string& line, int64_t wait_ms) override {
    asked.push_back(line);
    EXPECT_EQ(wait_ms, kWl1RequestMs);
    if (log_) log_->push_back(name_ + "? " + line);
    return Next();
  }
  Reply ReadNext(int64_t wait_ms) override {
    EXPECT_EQ(wait_ms, kWl1RequestMs);
    ++read_next;
    return Next();
  }
  void Kill() override { killed = true; }

  std::vector<std::string> sent, asked;
  int read_next = 0;
  bool killed = false;

 private:
  Reply Next() {
    Line line{then_, 0};
    if (!script_.empty()) {
      line = script_.front();
      script_.pop_front();
    }
    Reply reply;
    reply.timed_out = !line.text;
    reply.line = line.text.value_or("");
    reply.elapsed_ms = line.elapsed_ms;
    return reply;
  }

  std::deque<Line> script_;
  std::optional<std::string> then_;
  std::vector<std::string>* log_;
  std::string name_;
};

GameRecord PlayWl1(int64_t seed, Seat& p1, Seat& p2) {
  GameOptions options;
  options.rules = RuleSet::kWl1;
  return PlayGame(Earth(), seed, p1, p2, options);
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Wl1EngineTest, LinesGoOutInTheSpecsOrderAcrossBots) {
  std::vector<std::string> log;
  ScriptedSeat p1({{kPick}}, "No moves", &log, "p1");
  ScriptedSeat p2({{kPick}}, "No moves", &log, "p2");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  // wl1 §3: 1-2 to each, 3-5 to each, 6 to each (answered), then 7, 7, 8,
  // 8, 9, 9; a round asks 10, 10, 11, 11 and sends 7-9 again.
  std::vector<std::string> heads;
  for (size_t i = 0; i < 22 && i < log.size(); ++i) {
    heads.push_back(log[i].substr(0, log[i].find(' ', 4)));
  }
  EXPECT_EQ(heads, (std::vector<std::string>{"p1: settings",
                                             "p1: settings",
                                             "p2: settings",
                                             "p2: settings",
                                             "p1: setup_map",
                                             "p1: setup_map",
                                             "p1: setup_map",
                                             "p2: setup_map",
                                             "p2: setup_map",
                                             "p2: setup_map",
                                             "p1? pick_starting_regions",
                                             "p2? pick_starting_regions",
                                             "p1: settings",
                                             "p2: settings",
                                             "p1: update_map",
                                             "p2: update_map",
                                             "p1: opponent_moves",
                                             "p2: opponent_moves",
                                             "p1? go",
                                             "p2? go",
                                             "p1? go",
                                             "p2? go"}));
  // The start of the shared g001's dump (wl1 §3), the 2000 a constant.
  const std::string start =
      std::string(
          "settings your_bot player1\n"
          "settings opponent_bot player2\n"
          "setup_map super_regions 1 5 2 2 3 5 4 3 5 7 6 2\n") +
      "setup_map regions 1 1 2 1 3 1 4 1 5 1 6 1 7 1 8 1 9 1 10 2 11 2 12 2 "
      "13 2 14 3 15 3 16 3 17 3 18 3 19 3 20 3 21 4 22 4 23 4 24 4 25 4 26 "
      "4 27 5 28 5 29 5 30 5 31 5 32 5 33 5 34 5 35 5 36 5 37 5 38 5 39 6 "
      "40 6 41 6 42 6\nsetup_map neighbors 1 2,4,30 2 4,3,5 3 5,6,14 4 5,7 "
      "5 6,7,8 6 8 7 8,9 8 9 9 10 10 11,12 11 12,13 12 13,21 14 15,16 15 "
      "16,18,19 16 17 17 19,20,27,32,36 18 19,20,21 19 20 20 21,22,36 21 "
      "22,23,24 22 23,36 23 24,25,26,36 24 25 25 26 27 28,32,33 28 "
      "29,31,33,34 29 30,31 30 31,34,35 31 34 32 33,36,37 33 34,37,38 34 35 "
      "36 37 37 38 38 39 39 40,41 40 41,42 41 42\n"
      "pick_starting_regions 2000 " +
      kCandidates + "\n" + kPick +
      "\nsettings starting_armies 5\n"
      "update_map 4 player1 2 11 player1 2 19 player1 2 1 player2 2 2 neutral "
      "2 5 neutral 2 7 neutral 2 10 player2 2 12 neutral 2 13 neutral 2 15 "
      "neutral 2 17 player2 2 18 neutral 2 20 neutral 2\n"
      "opponent_moves\nRound 1\ngo place_armies 2000\nNo moves\n"
      "go attack/transfer 2000\nNo moves\nsettings starting_armies 5\n";
  EXPECT_EQ(record.dump[0].substr(0, start.size()), start);
  // Nobody moves: a draw after 100 rounds (wl1 §11).
  EXPECT_EQ(record.outcome, Outcome::kDraw);
  EXPECT_EQ(record.rounds, 100);
  EXPECT_EQ(p1.asked.size(), 201u);
}

TEST(Wl1EngineTest, EachRequestReadsOneLineSoALateAnswerAnswersTheNext) {
  // wl1 §9.1, §10.2 (g024): the pick times out; its late line is then read
  // as round 1's placement, and everything stays one answer behind.
  ScriptedSeat p1({{std::nullopt}, {kPick}, {"player1 place_armies 4 5"}},
                  "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  EXPECT_TRUE(Contains(
      record.dump[0], std::string("pick_starting_regions 2000 ") + kCandidates +
                          "\nnull\nPreferred starting regions input is "
                          "nullsettings starting_armies 5\n"));
  EXPECT_TRUE(Contains(
      record.dump[0],
      std::string("Round 1\ngo place_armies 2000\n") + kPick +
          "\nParse error: Incorrect player name or move format incorrect (" +
          kPick +
          ")go attack/transfer 2000\nplayer1 place_armies 4 5\n"
          "settings starting_armies 5\n"));
  EXPECT_FALSE(p1.killed);
}

TEST(Wl1EngineTest, EmptyLinesAreReadPastForGoButAnswerThePick) {
  // wl1 §9.1: two empty lines, then the placement, all for one request.
  ScriptedSeat p1({{kPick}, {""}, {""}, {"player1 place_armies 4 5"}},
                  "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  EXPECT_TRUE(
      Contains(record.dump[0],
               "Round 1\ngo place_armies 2000\n\n\nplayer1 "
               "place_armies 4 5\ngo attack/transfer 2000\nNo moves\n"));
  EXPECT_EQ(p1.read_next, 2);
  EXPECT_TRUE(Contains(record.dump[0], "update_map 4 player1 7 "));
  // The pick's empty line is its answer (wl1 §4.3): rejected, not skipped.
  ScriptedSeat q1({{kPick}}, "No moves");
  ScriptedSeat q2({{""}, {kPick}}, "No moves");
  record = PlayWl1(kSeed, q1, q2);
  EXPECT_TRUE(Contains(
      record.dump[1],
      std::string("pick_starting_regions 2000 ") + kCandidates +
          "\n\nParse error: Region id input incorrect ()Parse error: "
          "preferred starting regions: Chosen region is not in the given "
          "pickable regions list ()settings starting_armies 5\n"));
  EXPECT_EQ(q2.read_next, 0);
}

TEST(Wl1EngineTest, AnEmptyLineReadAfter2000MsIsTheAnswer) {
  // wl1 §9.1: the first empty line came after 2500 ms, so the second one,
  // read after that, is the (empty) answer; the placement line stays queued
  // and answers the attack request.
  ScriptedSeat p1(
      {{kPick}, {"", 2500}, {""}, {"player1 place_armies 4 5"}, {"No moves"}},
      "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  EXPECT_TRUE(Contains(record.dump[0],
                       "Round 1\ngo place_armies 2000\n\n\ngo attack/transfer "
                       "2000\nplayer1 place_armies 4 5\nsettings"));
  EXPECT_EQ(p1.read_next, 1);
  // Placed in the attack phase: validated, never executed (wl1 §5).
  EXPECT_TRUE(Contains(record.dump[0], "update_map 4 player1 2 "));
}

TEST(Wl1EngineTest, AfterTwoMissingGoAnswersRequestsAreNotSentButUpdatesAre) {
  // wl1 §10.2 (g011): silent from the start. The pick's time-out is not
  // counted; round 1's two are; from round 2 on nothing is asked.
  ScriptedSeat p1({}, std::nullopt);
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  EXPECT_EQ(p1.asked.size(), 3u);
  EXPECT_FALSE(p1.killed);
  EXPECT_FALSE(record.stats[0].killed);
  EXPECT_EQ(record.stats[0].timeouts, 3);
  const std::string skipped = "go place_armies 2000\n" + std::string(kIdle) +
                              "go attack/transfer 2000\n" + std::string(kIdle) +
                              "settings starting_armies ";
  EXPECT_TRUE(Contains(record.dump[0],
                       "Round 1\ngo place_armies 2000\nnull\n"
                       "go attack/transfer 2000\nnull\n"
                       "settings starting_armies 5\n"));
  EXPECT_TRUE(Contains(record.dump[0], "Round 2\n" + skipped));
  EXPECT_TRUE(Contains(record.dump[0], "Round 100\n" + skipped));
  // Still told everything, and still on the map at the end: a draw.
  int updates = 0;
  for (const std::string& line : p1.sent) {
    updates += line.rfind("update_map", 0) == 0;
  }
  EXPECT_EQ(updates, 101);
  EXPECT_EQ(record.outcome, Outcome::kDraw);
}

TEST(Wl1EngineTest, ThePicksTimeOutIsNotCounted) {
  // Missing: the pick, round 1's attack, round 2's attack. Without the
  // pick counted, round 3 is the first one skipped.
  ScriptedSeat p1({{std::nullopt},
                   {"No moves"},
                   {std::nullopt},
                   {"No moves"},
                   {std::nullopt}},
                  "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  EXPECT_EQ(p1.asked.size(), 5u);
  EXPECT_TRUE(Contains(record.dump[0],
                       "Round 3\ngo place_armies 2000\n" + std::string(kIdle)));
  EXPECT_FALSE(Contains(
      record.dump[0], "Round 2\ngo place_armies 2000\n" + std::string(kIdle)));
}

TEST(Wl1EngineTest, MessagesRunIntoTheNextDumpEntryAndNoMovesIsExact) {
  // wl1 §9.2, §13.1.
  ScriptedSeat p1({{kPick},
                   {"No moves"},
                   {"no moves"},
                   {"No moves "},
                   {"player1 place_armies 4"}},
                  "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  EXPECT_TRUE(Contains(
      record.dump[0],
      "Round 1\ngo place_armies 2000\nNo moves\ngo attack/transfer 2000\n"
      "no moves\nParse error: Incorrect player name or move format incorrect "
      "(no moves)settings starting_armies 5\n"));
  EXPECT_TRUE(Contains(
      record.dump[0],
      "Round 2\ngo place_armies 2000\nNo moves \nParse error: Incorrect "
      "player name or move format incorrect (No moves)go attack/transfer "
      "2000\nplayer1 place_armies 4\nParse error: Number of armies input "
      "incorrect (player1 place_armies 4)settings"));
}

TEST(Wl1EngineTest, ARejectedPickFallsBackToTheShuffledCandidates) {
  // wl1 §4.4-4.5: the lists are each player's valid preferences, then its
  // fallback list; both fallback lists are drawn from G2 in every game.
  ScriptedSeat p1({{"4 1 10"}}, "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  Game game(Earth(), RuleSet::kWl1);
  JavaRandom g1(kSeed), g2(kSeed);
  const std::vector<int> candidates = Wl1Candidates(game, g1);
  std::vector<int> list1 = Wl1Fallback(candidates, g2);
  std::vector<int> list2 = {4, 1, 10, 11, 17, 19};
  const std::vector<int> fallback2 = Wl1Fallback(candidates, g2);
  list2.insert(list2.end(), fallback2.begin(), fallback2.end());
  State s = game.InitialState();
  AssignWl1Starts(list1, list2, s, g1);
  std::string map = "map ";
  for (int r = 1; r <= 42; ++r) {
    map +=
        std::to_string(r) + ";" + std::string(PlayerName(s.Owner(r))) + ";2 ";
  }
  EXPECT_EQ(record.replay.substr(0, map.size() + 1), map + "\n");
  EXPECT_TRUE(Contains(record.dump[0],
                       "\n4 1 10\nParse error: preferred starting regions: "
                       "Player did not return enough preferred starting "
                       "regions (4 1 10)settings"));
}

TEST(Wl1EngineTest, ReplayStartsAfterTheDraftFoggedInThePlayerViews) {
  // wl1 §13.2: no candidates line, no round 0, three histories.
  ScriptedSeat p1({{kPick}}, "No moves");
  ScriptedSeat p2({{kPick}}, "No moves");
  GameRecord record = PlayWl1(kSeed, p1, p2);
  std::vector<std::string> firsts;
  size_t at = 0;
  while (at < record.replay.size()) {
    size_t end = record.replay.find('\n', at);
    firsts.push_back(record.replay.substr(at, end - at));
    at = record.replay.find("Nobody won\n", at);
    ASSERT_NE(at, std::string::npos);
    at += 11;
  }
  ASSERT_EQ(firsts.size(), 3u);
  EXPECT_FALSE(Contains(record.replay, "round 0"));
  EXPECT_EQ(record.replay.rfind("map 1;player2;2 2;neutral;2 ", 0), 0u);
  EXPECT_FALSE(Contains(firsts[0], "unknown"));
  // player1 owns 4 11 19 and sees their neighbours, not 42 or player2's 17.
  EXPECT_TRUE(Contains(firsts[1], " 4;player1;2 "));
  EXPECT_TRUE(Contains(firsts[1], " 42;unknown;0 "));
  EXPECT_TRUE(Contains(firsts[1], " 17;player2;2 "));  // 19's neighbour
  EXPECT_TRUE(Contains(firsts[2], " 4;player1;2 "));   // 1's neighbour
  EXPECT_TRUE(Contains(firsts[2], " 42;unknown;0 "));
  EXPECT_TRUE(Contains(firsts[2], " 17;player2;2 "));
}

// Writes a game as a WL1 recording (../shared/wl1/conformance's format,
// plain files under the gzipped names: zlib reads both).
void WriteRecording(const fs::path& dir, int64_t seed,
                    const GameRecord& record) {
  fs::create_directories(dir);
  std::ofstream(dir / "meta.json")
      << "{\"seed\": " << seed << ", \"map\": \"wl1-earth\", \"winner\": \""
      << WinnerName(record.outcome) << "\", \"rounds\": " << record.rounds
      << "}";
  std::ofstream(dir / "dump_player1.txt.gz", std::ios::binary)
      << record.dump[0];
  std::ofstream(dir / "dump_player2.txt.gz", std::ios::binary)
      << record.dump[1];
  std::ofstream(dir / "replay.txt.gz", std::ios::binary) << record.replay;
  std::ofstream(dir / "engine_stderr.txt", std::ios::binary)
      << record.engine_stderr;
}

// A bot that answers with lines drawn from a pool of valid, malformed and
// missing answers (each read: one draw).
class ChaosSeat : public Seat {
 public:
  ChaosSeat(uint64_t seed, Player me) : rng_(seed), me_(PlayerName(me)) {}
  void Send(const std::string&) override {}
  Reply Ask(const std::string&, int64_t) override { return Draw(); }
  Reply ReadNext(int64_t) override { return Draw(); }
  void Kill() override {}

 private:
  Reply Draw() {
    Reply reply;
    const int r = static_cast<int>(rng_.NextInt(14));
    const int a = 1 + static_cast<int>(rng_.NextInt(44));  // 43, 44 unknown
    const int b = 1 + static_cast<int>(rng_.NextInt(42));
    const std::string n = std::to_string(rng_.NextInt(8));
    const std::string place = me_ + " place_armies " + std::to_string(a);
    const std::string move = me_ + " attack/transfer " + std::to_string(a) +
                             " " + std::to_string(b) + " ";
    const std::string lines[] = {
        "",        "No moves",        "no moves", place + " " + n,
        move + n,  move + "-1",       place,      place + " 3, " + move + n,
        " , ,",    "4 1 10 11 17 19", "1  2 3",   kCandidates,
        me_ + " x"};
    if (r == 13 || (r == 0 && rng_.NextInt(4) == 0)) {
      reply.timed_out = true;
    } else {
      reply.line = lines[r];
    }
    return reply;
  }
  JavaRandom rng_;
  std::string me_;
};

TEST(Wl1EngineTest, GamesRegenerateFromTheirOwnDumps) {
  // Any WL1 game, recorded as the official engine records it, is played
  // again identically from its dumps by `warlight verify`: built-in bots
  // and chaotic ones (time-outs, empty lines, garbage, FIFO skew).
  const fs::path root = fs::temp_directory_path() /
                        ("wl1_engine_test_" + std::to_string(::getpid())) /
                        "a" / "b";
  int games = 0, rounds = 0;
  for (int64_t seed = 1; seed <= 12; ++seed) {
    std::unique_ptr<Seat> seats[2];
    for (int p = 0; p < 2; ++p) {
      if (seed % 3 == 0 || (seed % 3 == 1 && p == 1)) {
        seats[p] = std::make_unique<ChaosSeat>(seed * 2 + p, PlayerOfIndex(p));
      } else {
        seats[p] = std::make_unique<InProcessSeat>(
            MakeBuiltInBot(seed % 2 ? "random" : "greedy", seed + p));
      }
    }
    GameRecord record = PlayWl1(seed, *seats[0], *seats[1]);
    const fs::path dir = root / ("g" + std::to_string(seed));
    WriteRecording(dir, seed, record);
    absl::StatusOr<std::string> diff = VerifyGameDir(dir.string());
    ASSERT_TRUE(diff.ok()) << diff.status();
    EXPECT_EQ(*diff, "") << "seed " << seed;
    ++games;
    rounds += record.rounds;
  }
  fs::remove_all(root.parent_path().parent_path());
  EXPECT_EQ(games, 12);
  EXPECT_GT(rounds, 12 * 30);  // real games, not first-round eliminations
}

}  // namespace
}  // namespace wl::tools
