#include "wl/answer_reader.h"

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "wl/dump_reader.h"
#include "wl/map_json.h"

namespace wl::tools {
namespace {

constexpr Player kP1 = Player::kPlayer1;

// Regions 1..10 in one super region: everything else is an unknown id.
Map TenRegions() {
  Map map;
  map.AddSuperRegion(1, 3);
  for (int id = 1; id <= 10; ++id) map.AddRegion(id, 1);
  for (int id = 1; id < 10; ++id) map.AddLink(id, id + 1);
  return map;
}

std::string ParseError(const std::string& message, const std::string& piece) {
  return "Parse error: " + message + " (" + piece + ")\n";
}
const std::string kName = "Incorrect player name or move format incorrect";
const std::string kFormat = "Bot's move format incorrect";
const std::string kRegion = "Region id input incorrect";
const std::string kArmies = "Number of armies input incorrect";
const std::string kNotInList =
    "Pick starting region: Chosen region is not in the given pickable "
    "regions list";

// What a Java trim leaves of a short ASCII answer.
std::string JavaTrimmed(std::string s) {
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ')
    s.pop_back();
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ')
    s.erase(s.begin());
  return s;
}

std::string Place(int region, int armies) {
  return "player1 place_armies " + std::to_string(region) + " " +
         std::to_string(armies);
}

// ---------------------------------------------------------------------------
// Moves (spec section 8, conformance notes section 4).

TEST(AnswerReaderTest, ReadsPlacementsAndAttacksInOrderForTheGivenPlayer) {
  Map map = TenRegions();
  MovesAnswer a =
      ReadMovesAnswer("player2 place_armies 3 5, player2 attack/transfer 3 4 2",
                      Player::kPlayer2, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{
                         Move::Place(3, 5, Player::kPlayer2),
                         Move::AttackTransfer(3, 4, 2, Player::kPlayer2)}));
  EXPECT_EQ(a.dump_log, "");
  EXPECT_TRUE(a.engine_stderr.empty());
}

TEST(AnswerReaderTest, MaxMovesCapReads51PiecesThenLogsTheGluedMessage) {
  Map map = TenRegions();
  std::string line;
  for (int i = 0; i < 60; ++i) {
    if (i) line += ", ";
    // Pieces 51.. would log an error and a stderr line if they were read.
    line += i < 51 ? Place(1 + i % 10, 1) : "player1 place_armies 99 x";
  }
  MovesAnswer a = ReadMovesAnswer(line, kP1, map);
  EXPECT_EQ(a.moves.size(), 51u);
  EXPECT_EQ(a.moves.back(), Move::Place(1, 1, kP1));  // piece 50
  // No line break: the engine glues it onto the next dump text.
  EXPECT_EQ(a.dump_log,
            "Maximum number of moves reached, max 50 moves are allowed");
  EXPECT_EQ(a.dump_log, kMaxMovesMessage);
  EXPECT_TRUE(a.engine_stderr.empty());
}

TEST(AnswerReaderTest, MaxMovesCapCountsPiecesNotMoves) {
  Map map = TenRegions();
  // 51 pieces that give no move at all, then one more: still the message.
  std::string line;
  for (int i = 0; i < 52; ++i) line += "player2 place_armies 1 1,";
  MovesAnswer a = ReadMovesAnswer(line, kP1, map);
  EXPECT_TRUE(a.moves.empty());
  std::string expected;
  for (int i = 0; i < 51; ++i) {
    expected += ParseError(kName, "player2 place_armies 1 1");
  }
  EXPECT_EQ(a.dump_log, expected + std::string(kMaxMovesMessage));
  // Exactly 51 pieces (the trailing comma adds none): no message.
  line.clear();
  for (int i = 0; i < 51; ++i) line += Place(1, 1) + ",";
  a = ReadMovesAnswer(line, kP1, map);
  EXPECT_EQ(a.moves.size(), 51u);
  EXPECT_EQ(a.dump_log, "");
}

TEST(AnswerReaderTest, SplitsOnSingleSpacesSoADoubleSpaceMakesAnEmptyToken) {
  Map map = TenRegions();
  // An empty token 1 is no move kind.
  MovesAnswer a =
      ReadMovesAnswer(Place(1, 1) + ", player1  place_armies 1 1", kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 1, kP1)}));
  EXPECT_EQ(a.dump_log, ParseError(kFormat, " player1  place_armies 1 1"));
  // An empty region token is no integer; the armies token is then "1".
  a = ReadMovesAnswer("player1 place_armies  1 1", kP1, map);
  EXPECT_TRUE(a.moves.empty());
  EXPECT_EQ(a.dump_log, ParseError(kRegion, "player1 place_armies  1 1"));
  // A tab is no separator: token 0 is "player1\tplace_armies".
  a = ReadMovesAnswer("player1\tplace_armies 1 1", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kName, "player1\tplace_armies 1 1"));
}

TEST(AnswerReaderTest, ParseErrorsShowTheUntrimmedCommaPiece) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "  player1 fortify 1 2 ,  player3 attack/transfer 1 2 3\t", kP1, map);
  // The whole line is trimmed first, then each piece keeps its blanks.
  EXPECT_EQ(a.dump_log,
            ParseError(kFormat, "player1 fortify 1 2 ") +
                ParseError(kName, "  player3 attack/transfer 1 2 3"));
}

TEST(AnswerReaderTest, UnknownRegionIdIsDroppedSilentlyWithAStderrLine) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 99 1, player1 attack/transfer 0 -3 1, "
      "player1 attack/transfer 1 11 2, player1 place_armies 2 2",
      kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(2, 2, kP1)}));
  EXPECT_EQ(a.dump_log, "");
  EXPECT_EQ(a.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 99",
                                      "Could not find region with id 0",
                                      "Could not find region with id -3",
                                      "Could not find region with id 11"}));
  // The id as Java prints the int: "+099" is 99.
  a = ReadMovesAnswer("player1 place_armies +099 1", kP1, map);
  EXPECT_EQ(a.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 99"}));
}

TEST(AnswerReaderTest, UnknownRegionStderrIsWrittenEvenWhenTheMoveFailsLater) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 99 -1, player1 place_armies 98 x", kP1, map);
  EXPECT_TRUE(a.moves.empty());
  EXPECT_EQ(a.dump_log, ParseError(kArmies, " player1 place_armies 98 x"));
  EXPECT_EQ(a.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 99",
                                      "Could not find region with id 98"}));
}

TEST(AnswerReaderTest, WrongPlayerNameLogsOnlyTheNameErrorAndNoStderr) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer("player2 place_armies 99 x", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kName, "player2 place_armies 99 x"));
  EXPECT_TRUE(a.engine_stderr.empty());
  a = ReadMovesAnswer("Player1 place_armies 1 1", kP1, map);  // exact case
  EXPECT_EQ(a.dump_log, ParseError(kName, "Player1 place_armies 1 1"));
}

TEST(AnswerReaderTest, UnknownMoveKindIsBotsMoveFormatIncorrect) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer("player1 fortify 1 2", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kFormat, "player1 fortify 1 2"));
  a = ReadMovesAnswer("player1 PLACE_ARMIES 1 2", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kFormat, "player1 PLACE_ARMIES 1 2"));
  EXPECT_TRUE(a.moves.empty());
}

TEST(AnswerReaderTest, ArmiesOfExactlyMinusOneAreDroppedSilently) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 1 -1, player1 attack/transfer 1 2 -1, "
      "player1 place_armies 1 -01",
      kP1, map);
  EXPECT_TRUE(a.moves.empty());
  EXPECT_EQ(a.dump_log, "");
  EXPECT_TRUE(a.engine_stderr.empty());
}

TEST(AnswerReaderTest, ZeroAndNegativeArmiesAreKeptToBecomeIllegalLater) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 1 0, player1 attack/transfer 1 2 -5, "
      "player1 place_armies 2 -2147483648",
      kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 0, kP1),
                                        Move::AttackTransfer(1, 2, -5, kP1),
                                        Move::Place(2, -2147483647 - 1, kP1)}));
  EXPECT_EQ(a.dump_log, "");
}

TEST(AnswerReaderTest, MissingArmiesTokenDropsOnlyThatMove) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 1, player1 attack/transfer 1 2, " + Place(3, 3),
      kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(3, 3, kP1)}));
  EXPECT_EQ(a.dump_log,
            ParseError(kArmies, "player1 place_armies 1") +
                ParseError(kArmies, " player1 attack/transfer 1 2"));
}

TEST(AnswerReaderTest, MoveInputIsNullAbortsTheRestOfTheLine) {
  Map map = TenRegions();
  // A bare name: earlier moves and errors stay, later pieces are not read.
  MovesAnswer a = ReadMovesAnswer(
      Place(1, 2) + ", player1 fortify 1 2, player1, player1 fortify 3 4, " +
          "player1 place_armies 99 1, " + Place(2, 2),
      kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 2, kP1)}));
  EXPECT_EQ(a.dump_log, ParseError(kFormat, " player1 fortify 1 2") +
                            "Move input is null\n");
  EXPECT_TRUE(a.engine_stderr.empty());
  // A missing region token of either kind.
  for (const char* piece : {"player1 place_armies", "player1 attack/transfer",
                            "player1 attack/transfer 1"}) {
    a = ReadMovesAnswer(std::string(piece) + ", " + Place(1, 1), kP1, map);
    EXPECT_TRUE(a.moves.empty()) << piece;
    EXPECT_EQ(a.dump_log, "Move input is null\n") << piece;
  }
}

TEST(AnswerReaderTest, MoveInputIsNullComesAfterTheFromRegionIsRead) {
  Map map = TenRegions();
  // Java parses the from-region before it indexes the missing to-region.
  MovesAnswer a = ReadMovesAnswer("player1 attack/transfer x", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kRegion, "player1 attack/transfer x") +
                            "Move input is null\n");
  a = ReadMovesAnswer("player1 attack/transfer 99", kP1, map);
  EXPECT_EQ(a.dump_log, "Move input is null\n");
  EXPECT_EQ(a.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 99"}));
}

TEST(AnswerReaderTest, OnePieceCanLogSeveralErrors) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer("player1 place_armies x", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kRegion, "player1 place_armies x") +
                            ParseError(kArmies, "player1 place_armies x"));
  a = ReadMovesAnswer("player1 attack/transfer a 99 c", kP1, map);
  const std::string piece = "player1 attack/transfer a 99 c";
  EXPECT_EQ(a.dump_log,
            ParseError(kRegion, piece) + ParseError(kArmies, piece));
  EXPECT_EQ(a.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 99"}));
  a = ReadMovesAnswer("player1 attack/transfer a b c", kP1, map);
  EXPECT_EQ(a.dump_log,
            ParseError(kRegion, "player1 attack/transfer a b c") +
                ParseError(kRegion, "player1 attack/transfer a b c") +
                ParseError(kArmies, "player1 attack/transfer a b c"));
  EXPECT_TRUE(a.moves.empty());
}

TEST(AnswerReaderTest, ExtraTrailingTokensAreIgnored) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 1 2 3 junk, player1 attack/transfer 1 2 3 x y", kP1,
      map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 2, kP1),
                                        Move::AttackTransfer(1, 2, 3, kP1)}));
  EXPECT_EQ(a.dump_log, "");
}

TEST(AnswerReaderTest, SignedAndZeroPaddedNumbersParse) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies +5 007, player1 attack/transfer 05 +6 +0", kP1,
      map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(5, 7, kP1),
                                        Move::AttackTransfer(5, 6, 0, kP1)}));
  EXPECT_EQ(a.dump_log, "");
}

TEST(AnswerReaderTest, OutOfRangeNumbersAreNoIntegers) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(
      "player1 place_armies 1 2147483648, player1 place_armies 4294967297 1",
      kP1, map);
  EXPECT_TRUE(a.moves.empty());
  EXPECT_EQ(a.dump_log,
            ParseError(kArmies, "player1 place_armies 1 2147483648") +
                ParseError(kRegion, " player1 place_armies 4294967297 1"));
}

TEST(AnswerReaderTest, TrailingCommaGivesNoErrorButAnInnerEmptyPieceDoes) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer(Place(1, 5) + ",", kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 5, kP1)}));
  EXPECT_EQ(a.dump_log, "");
  a = ReadMovesAnswer(Place(1, 5) + ",,,", kP1, map);  // all dropped
  EXPECT_EQ(a.dump_log, "");
  // Only empty pieces are dropped: a blank one is read (and shown) as is.
  a = ReadMovesAnswer(Place(1, 5) + ", ,", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kName, " "));
  a = ReadMovesAnswer(Place(1, 5) + ",," + Place(2, 1), kP1, map);
  EXPECT_EQ(a.moves.size(), 2u);
  EXPECT_EQ(a.dump_log, ParseError(kName, ""));
  a = ReadMovesAnswer(",,,", kP1, map);  // no pieces at all
  EXPECT_EQ(a.dump_log, "");
  a = ReadMovesAnswer(", " + Place(2, 1), kP1, map);  // a leading empty one
  EXPECT_EQ(a.dump_log, ParseError(kName, ""));
  EXPECT_EQ(a.moves.size(), 1u);
}

TEST(AnswerReaderTest, NoMovesInAnyCaseAndShortLinesAreNoMoves) {
  Map map = TenRegions();
  for (const char* answer : {"No moves", "no moves", "NO MOVES", "nO mOVeS", "",
                             " ", "x", "  ,  ", "\t7\r\n", "\x01\x20"}) {
    MovesAnswer a = ReadMovesAnswer(answer, kP1, map);
    EXPECT_TRUE(a.moves.empty()) << answer;
    EXPECT_EQ(a.dump_log, "") << answer;
    EXPECT_TRUE(a.engine_stderr.empty()) << answer;
  }
  // Only the whole untrimmed line is compared; otherwise it is a move.
  MovesAnswer a = ReadMovesAnswer(" No moves", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kName, "No moves"));
  a = ReadMovesAnswer("No moves.", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kName, "No moves."));
}

TEST(AnswerReaderTest, TrimsEveryCharUpToSpaceLikeJava) {
  Map map = TenRegions();
  std::string answer =
      std::string("\x00\x1f\t ", 4) + Place(1, 1) + std::string(" \x1b\x00", 3);
  MovesAnswer a = ReadMovesAnswer(answer, kP1, map);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 1, kP1)}));
  EXPECT_EQ(a.dump_log, "");
  // DEL (0x7f) and non-ASCII bytes are not blanks.
  a = ReadMovesAnswer(Place(1, 1) + "\x7f", kP1, map);
  EXPECT_EQ(a.dump_log, ParseError(kArmies, Place(1, 1) + "\x7f"));
}

// ---------------------------------------------------------------------------
// Picks (spec section 4, conformance notes section 1.3).

const std::vector<int> kRemaining = {2, 4, 7, 9};

TEST(AnswerReaderTest, PickInTheListIsAccepted) {
  Map map = TenRegions();
  PickAnswer p = ReadPickAnswer("7", kRemaining, map);
  EXPECT_EQ(p.region, 7);
  EXPECT_EQ(p.dump_log, "");
  EXPECT_TRUE(p.engine_stderr.empty());
}

TEST(AnswerReaderTest, PickWithSignOrLeadingZerosIsAccepted) {
  Map map = TenRegions();
  EXPECT_EQ(ReadPickAnswer("+7", kRemaining, map).region, 7);
  EXPECT_EQ(ReadPickAnswer("07", kRemaining, map).region, 7);
  EXPECT_EQ(ReadPickAnswer("+007", kRemaining, map).dump_log, "");
}

TEST(AnswerReaderTest, PickWithABlankFailsBothChecksShowingItUntrimmed) {
  Map map = TenRegions();
  for (const char* answer : {"7 ", " 7", "7\t", "1,2", "7 7"}) {
    PickAnswer p = ReadPickAnswer(answer, kRemaining, map);
    EXPECT_FALSE(p.region) << answer;
    EXPECT_EQ(p.dump_log,
              ParseError(kRegion, answer) + ParseError(kNotInList, answer));
    EXPECT_TRUE(p.engine_stderr.empty());
  }
}

TEST(AnswerReaderTest, PickOfANonIntegerLogsBothErrors) {
  Map map = TenRegions();
  PickAnswer p = ReadPickAnswer("abc", kRemaining, map);
  EXPECT_FALSE(p.region);
  EXPECT_EQ(p.dump_log,
            ParseError(kRegion, "abc") + ParseError(kNotInList, "abc"));
  EXPECT_TRUE(p.engine_stderr.empty());
  p = ReadPickAnswer("2147483648", kRemaining, map);  // overflows int
  EXPECT_EQ(p.dump_log, ParseError(kRegion, "2147483648") +
                            ParseError(kNotInList, "2147483648"));
}

TEST(AnswerReaderTest, PickOfAnUnknownIntegerLogsOnlyNotInListPlusStderr) {
  Map map = TenRegions();
  PickAnswer p = ReadPickAnswer("999", kRemaining, map);
  EXPECT_FALSE(p.region);
  EXPECT_EQ(p.dump_log, ParseError(kNotInList, "999"));
  EXPECT_EQ(p.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 999"}));
  p = ReadPickAnswer("-5", kRemaining, map);
  EXPECT_EQ(p.dump_log, ParseError(kNotInList, "-5"));
  EXPECT_EQ(p.engine_stderr,
            (std::vector<std::string>{"Could not find region with id -5"}));
}

TEST(AnswerReaderTest, PickOfARegionNotRemainingLogsOnlyNotInList) {
  Map map = TenRegions();
  PickAnswer p = ReadPickAnswer("3", kRemaining, map);
  EXPECT_FALSE(p.region);
  EXPECT_EQ(p.dump_log, ParseError(kNotInList, "3"));
  EXPECT_TRUE(p.engine_stderr.empty());
}

TEST(AnswerReaderTest, PickOfNoMovesOrEmptyLogsBothErrorsWithEmptyParens) {
  Map map = TenRegions();
  for (const char* answer : {"", "No moves", "NO moves"}) {
    PickAnswer p = ReadPickAnswer(answer, kRemaining, map);
    EXPECT_FALSE(p.region);
    EXPECT_EQ(p.dump_log, ParseError(kRegion, "") + ParseError(kNotInList, ""))
        << answer;
  }
}

TEST(AnswerReaderTest, JavaParseIntFollowsIntegerParseInt) {
  EXPECT_EQ(JavaParseInt("0"), 0);
  EXPECT_EQ(JavaParseInt("-0"), 0);
  EXPECT_EQ(JavaParseInt("+5"), 5);
  EXPECT_EQ(JavaParseInt("007"), 7);
  EXPECT_EQ(JavaParseInt("2147483647"), 2147483647);
  EXPECT_EQ(JavaParseInt("-2147483648"), -2147483647 - 1);
  EXPECT_EQ(JavaParseInt("000000000000000000000042"), 42);
  for (const char* bad :
       {"", "+", "-", "+-1", "--1", "1 ", " 1", "1.0", "0x1", "2147483648",
        "-2147483649", "99999999999999999999", "1e3", "\xd9\xa3"}) {
    EXPECT_EQ(JavaParseInt(bad), std::nullopt) << bad;
  }
}

// ---------------------------------------------------------------------------
// Garbage in: never a crash, and the output keeps its invariants.

TEST(AnswerReaderTest, RandomGarbageLinesAreReadSafely) {
  Map map = TenRegions();
  const std::vector<std::string> atoms = {"player1",
                                          "player2",
                                          "place_armies",
                                          "attack/transfer",
                                          " ",
                                          "  ",
                                          ",",
                                          ", ",
                                          "1",
                                          "7",
                                          "99",
                                          "-1",
                                          "+",
                                          "-",
                                          "0",
                                          "2147483648",
                                          "x",
                                          "No moves",
                                          "\t",
                                          std::string(1, '\0'),
                                          "\xff",
                                          "\xc3\xa9",
                                          "\r",
                                          "\n"};
  std::mt19937 rng(20150315);
  for (int round = 0; round < 20000; ++round) {
    std::string line;
    int n =
        std::uniform_int_distribution<int>(0, round % 7 == 0 ? 400 : 20)(rng);
    for (int i = 0; i < n; ++i) {
      line += atoms[std::uniform_int_distribution<size_t>(
          0, atoms.size() - 1)(rng)];
    }
    for (Player me : {Player::kPlayer1, Player::kPlayer2}) {
      MovesAnswer a = ReadMovesAnswer(line, me, map);
      ASSERT_LE(a.moves.size(), 51u);
      for (const Move& m : a.moves) {
        ASSERT_EQ(m.player, me);
        ASSERT_TRUE(map.HasRegion(m.from));
        if (m.kind == MoveKind::kAttackTransfer) {
          ASSERT_TRUE(map.HasRegion(m.to));
        }
        ASSERT_NE(m.armies, -1);
      }
      // Every logged message is one of the engine's, in its exact shape.
      std::string_view log = a.dump_log;
      while (!log.empty()) {
        if (log == kMaxMovesMessage) break;
        if (log.substr(0, 19) == "Move input is null\n") {
          ASSERT_EQ(log.size(), 19u) << "Move input is null ends the line";
          break;
        }
        ASSERT_EQ(log.substr(0, 13), "Parse error: ") << line;
        size_t end = log.find(")\n");
        ASSERT_NE(end, std::string_view::npos);
        log.remove_prefix(end + 2);
      }
      for (const std::string& s : a.engine_stderr) {
        ASSERT_EQ(s.rfind("Could not find region with id ", 0), 0u);
      }
    }
    PickAnswer p = ReadPickAnswer(line, kRemaining, map);
    if (p.region) {
      ASSERT_NE(std::find(kRemaining.begin(), kRemaining.end(), *p.region),
                kRemaining.end());
      ASSERT_EQ(p.dump_log, "");
    } else {
      ASSERT_NE(p.dump_log, "");
    }
  }
}

// ---------------------------------------------------------------------------
// Every answer of every recorded official game.

bool StartsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// The "map" entry of a game's meta.json, or "" if it has none.
std::string MetaMap(const std::string& json) {
  boost::system::error_code ec;
  boost::json::value meta = boost::json::parse(json, ec);
  if (ec || !meta.is_object()) return "";
  const boost::json::value* map = meta.as_object().if_contains("map");
  if (map == nullptr || !map->is_string()) return "";
  const boost::json::string& name = map->as_string();
  return std::string(name.data(), name.size());
}

std::vector<int> RemainingCandidates(std::string_view request) {
  // "pick_starting_region T r1 r2 ..."
  std::vector<int> ids;
  std::vector<std::string_view> tokens;
  while (!request.empty()) {
    size_t end = request.find(' ');
    tokens.push_back(request.substr(0, end));
    request.remove_prefix(end == std::string_view::npos ? request.size()
                                                        : end + 1);
  }
  for (size_t i = 2; i < tokens.size(); ++i) {
    if (std::optional<int> id = JavaParseInt(tokens[i])) ids.push_back(*id);
  }
  return ids;
}

// What one bot's dump says about its answers.
struct BotAnswers {
  std::vector<std::string> picks;  // in its own pick order; "" for none
  // round -> {place answer, attack answer}
  std::map<int, std::array<std::string, 2>> rounds;
};

struct Counts {
  int moves = 0;
  int picks = 0;
  int timeouts = 0;
  int killed = 0;
  int max_moves = 0;
  int move_input_null = 0;
};

// Checks that `dump` holds exactly `log` at `offset`, followed by no further
// parse message.
void ExpectLogAt(const std::string& dump, size_t offset, const std::string& log,
                 const std::string& where) {
  ASSERT_LE(offset, dump.size()) << where;
  EXPECT_EQ(dump.substr(offset, log.size()), log) << where;
  std::string_view rest =
      std::string_view(dump).substr(std::min(dump.size(), offset + log.size()));
  for (std::string_view message :
       {"Parse error", "Move input is null", "Maximum number of moves"}) {
    EXPECT_FALSE(StartsWith(rest, message))
        << where << ": the dump logs more: " << rest.substr(0, 120);
  }
}

// Replays every answer in one bot's dump through the reader and compares
// its log with the recorded text; collects the answers for the stderr check.
void CheckDump(const std::string& dump, Player me, const Map& map,
               const std::string& name, BotAnswers& answers, Counts& counts) {
  std::vector<size_t> line_start = {0, 0};  // line_start[n]: 1-based line n
  for (size_t i = 0; i < dump.size(); ++i) {
    if (dump[i] == '\n') line_start.push_back(i + 1);
  }
  line_start.push_back(dump.size());
  auto line = [&](int n) {
    return std::string_view(dump).substr(line_start[n],
                                         line_start[n + 1] - line_start[n]);
  };

  int round = 0;
  int phase = 0;  // 0: pick, 1: place_armies, 2: attack/transfer
  std::string request;
  for (const DumpEntry& e : ReadDump(dump)) {
    std::string where = name + ":" + std::to_string(e.line);
    if (e.kind == DumpEntry::kRound) {
      round = e.number;
      phase = 0;
      continue;
    }
    if (e.kind == DumpEntry::kSent) {
      if (StartsWith(e.text, "pick_starting_region ") ||
          StartsWith(e.text, "go ")) {
        request = e.text;
      }
      continue;
    }
    std::string answer;
    size_t offset = 0;
    bool killed = false;
    if (e.kind == DumpEntry::kOutput) {
      constexpr std::string_view kQuoted = "Output from your bot: \"";
      constexpr std::string_view kNull = "Output from your bot: null";
      if (StartsWith(line(e.line), kQuoted)) {
        answer = e.text;
        offset = line_start[e.line + 1];
      } else {
        ASSERT_TRUE(StartsWith(line(e.line), kNull)) << where;
        offset = line_start[e.line] + kNull.size();  // the time-out's ""
        ++counts.timeouts;
      }
    } else if (e.kind == DumpEntry::kLog &&
               e.text ==
                   "Maximum number (2) of time-outs reached: skipping all "
                   "moves.") {
      // A killed bot: nothing was sent, the engine parses "".
      killed = true;
      offset = line_start[e.line + 1];
      ++counts.killed;
    } else {
      continue;
    }

    bool pick = round == 0;
    if (!killed) {
      ASSERT_EQ(pick, StartsWith(request, "pick_starting_region ")) << where;
    }
    if (pick) {
      std::vector<int> remaining =
          killed ? std::vector<int>{} : RemainingCandidates(request);
      PickAnswer p = ReadPickAnswer(answer, remaining, map);
      ExpectLogAt(dump, offset, p.dump_log, where);
      answers.picks.push_back(answer);
      if (!killed) ++counts.picks;
    } else {
      int index =
          killed ? phase : (StartsWith(request, "go place_armies") ? 0 : 1);
      phase = index + 1;
      MovesAnswer a = ReadMovesAnswer(answer, me, map);
      ExpectLogAt(dump, offset, a.dump_log, where);
      answers.rounds[round][index] = answer;
      if (e.kind == DumpEntry::kOutput && !killed) ++counts.moves;
      if (a.dump_log.find(kMaxMovesMessage) != std::string::npos) {
        ++counts.max_moves;
      }
      if (a.dump_log.find("Move input is null") != std::string::npos) {
        ++counts.move_input_null;
      }
    }
  }
}

TEST(AnswerReaderTest, ReproducesEveryRecordedParseErrorAndEngineStderr) {
  WL_REQUIRE_SHARED();
  Counts counts;
  int games = 0;
  for (const std::filesystem::path& dir : wl::testing::ConformanceGames()) {
    const std::string game = dir.filename().string();
    std::string map_name = MetaMap(wl::testing::ReadFile(dir / "meta.json"));
    ASSERT_FALSE(map_name.empty()) << game << ": no map in meta.json";
    absl::StatusOr<Map> map =
        LoadMapFile((wl::testing::SharedDir() / "maps" / map_name).string());
    ASSERT_TRUE(map.ok()) << game << ": " << map.status().message();

    BotAnswers bots[2];
    for (Player me : {Player::kPlayer1, Player::kPlayer2}) {
      std::string name = game + "/" + std::string(PlayerName(me));
      std::string dump = wl::testing::ReadFile(
          dir / ("dump_" + std::string(PlayerName(me)) + ".txt"));
      ASSERT_FALSE(dump.empty()) << name;
      CheckDump(dump, me, *map, name, bots[PlayerIndex(me)], counts);
      if (HasFatalFailure()) return;
    }

    // engine_stderr.txt (conformance notes section 6): the picks in draft
    // order p1, p2, p2, p1, p1, p2, ..., then per round p1 place, p2 place,
    // p1 attack, p2 attack.
    std::vector<std::string> expected;
    auto add = [&](const std::vector<std::string>& lines) {
      expected.insert(expected.end(), lines.begin(), lines.end());
    };
    size_t draws[2] = {0, 0};
    size_t picks = bots[0].picks.size() + bots[1].picks.size();
    for (size_t i = 0; i < picks; ++i) {
      int who = (i % 2 == (i % 4 <= 1 ? 0u : 1u)) ? 0 : 1;
      const std::vector<std::string>& mine = bots[who].picks;
      std::string answer = draws[who] < mine.size() ? mine[draws[who]] : "";
      ++draws[who];
      add(ReadPickAnswer(answer, {}, *map).engine_stderr);
    }
    std::set<int> rounds;
    for (const BotAnswers& b : bots) {
      for (const auto& [r, unused] : b.rounds) rounds.insert(r);
    }
    for (int r : rounds) {
      for (int index : {0, 1}) {
        for (Player me : {Player::kPlayer1, Player::kPlayer2}) {
          const BotAnswers& b = bots[PlayerIndex(me)];
          auto it = b.rounds.find(r);
          if (it == b.rounds.end()) continue;
          add(ReadMovesAnswer(it->second[index], me, *map).engine_stderr);
        }
      }
    }
    std::string text;
    for (const std::string& s : expected) text += s + "\n";
    EXPECT_EQ(text, wl::testing::ReadFile(dir / "engine_stderr.txt")) << game;
    ++games;
  }
  // Section 0 of the conformance notes: 51 games, 8193 move answers (plus
  // the 93 whose request line is glued to a max-moves message, which its
  // script skips), 498 pick answers, 93 glued max-moves messages and 13
  // "Move input is null"; g049 has the time-outs and the killed bot.
  EXPECT_GE(games, 51);
  EXPECT_GE(counts.moves, 8193 + 93);
  EXPECT_GE(counts.picks, 498);
  EXPECT_GE(counts.max_moves, 93);
  EXPECT_GE(counts.move_input_null, 13);
  EXPECT_GT(counts.timeouts, 0);
  EXPECT_GT(counts.killed, 0);
}

// ---------------------------------------------------------------------------
// WL1 (wl1 §9.2, §4.3): the same move parser, exact "No moves", messages
// without line breaks; a pick answer of 6 preferences.

TEST(AnswerReaderTest, Wl1MessagesHaveNoLineBreaksAndNoMovesIsExact) {
  Map map = TenRegions();
  MovesAnswer a = ReadMovesAnswer("No moves", kP1, map, RuleSet::kWl1);
  EXPECT_TRUE(a.moves.empty());
  EXPECT_EQ(a.dump_log, "");
  for (const char* answer : {"no moves", "NO MOVES", "No moves "}) {
    a = ReadMovesAnswer(answer, kP1, map, RuleSet::kWl1);
    EXPECT_EQ(a.dump_log,
              "Parse error: " + kName + " (" + JavaTrimmed(answer) + ")")
        << answer;
  }
  a = ReadMovesAnswer(Place(1, 5) + ", player1 place_armies x 2, player1", kP1,
                      map, RuleSet::kWl1);
  EXPECT_EQ(a.moves, (std::vector<Move>{Move::Place(1, 5, kP1)}));
  EXPECT_EQ(a.dump_log, "Parse error: " + kRegion +
                            " ( player1 place_armies x 2)Move input is null");
  // The same moves and messages as WL2's, but for the line breaks.
  std::string wl2 =
      ReadMovesAnswer(Place(1, 5) + ", player1 place_armies x 2, player1", kP1,
                      map)
          .dump_log;
  wl2.erase(std::remove(wl2.begin(), wl2.end(), '\n'), wl2.end());
  EXPECT_EQ(a.dump_log, wl2);
}

const std::vector<int> kWl1Candidates = {1, 2, 3, 4, 5, 6, 7, 8};

std::string Wl1PickError(const std::string& message,
                         const std::string& answer) {
  return "Parse error: preferred starting regions: " + message + " (" + answer +
         ")";
}
const std::string kNotEnough =
    "Player did not return enough preferred starting regions";
const std::string kNotPickable =
    "Chosen region is not in the given pickable regions list";
const std::string kTwice = "Same region appears more than once";

TEST(AnswerReaderTest, Wl1PicksValidAnswers) {
  Map map = TenRegions();
  // wl1 §4.3: trailing space, a sign, 7+ ids (extra ones ignored, even
  // unknown ones: no stderr either).
  for (const char* answer : {"1 2 3 4 5 6", "1 2 3 4 5 6 ", "+1 2 3 4 5 6",
                             "1 2 3 4 5 6 7", "1 2 3 4 5 6 99 x"}) {
    Wl1PickAnswer p = ReadWl1PickAnswer(answer, kWl1Candidates, map);
    EXPECT_EQ(p.preferences, (std::vector<int>{1, 2, 3, 4, 5, 6})) << answer;
    EXPECT_EQ(p.dump_log, "") << answer;
    EXPECT_TRUE(p.engine_stderr.empty()) << answer;
  }
  EXPECT_EQ(ReadWl1PickAnswer("8 7 6 5 4 3", kWl1Candidates, map).preferences,
            (std::vector<int>{8, 7, 6, 5, 4, 3}));
}

TEST(AnswerReaderTest, Wl1PicksRejectTheWholeAnswerAtTheFirstError) {
  Map map = TenRegions();
  struct Case {
    std::string answer, log;
  };
  const Case cases[] = {
      {"1 2 3 4 5", Wl1PickError(kNotEnough, "1 2 3 4 5")},
      {"", "Parse error: Region id input incorrect ()" +
               Wl1PickError(kNotPickable, "")},
      {"No moves", "Parse error: Region id input incorrect (No moves)" +
                       Wl1PickError(kNotPickable, "No moves")},
      {"1,2,3,4,5,6", "Parse error: Region id input incorrect (1,2,3,4,5,6)" +
                          Wl1PickError(kNotPickable, "1,2,3,4,5,6")},
      {" 1 2 3 4 5 6", "Parse error: Region id input incorrect ( 1 2 3 4 5 6)" +
                           Wl1PickError(kNotPickable, " 1 2 3 4 5 6")},
      {"1  2 3 4 5 6", "Parse error: Region id input incorrect (1  2 3 4 5 6)" +
                           Wl1PickError(kNotPickable, "1  2 3 4 5 6")},
      {"1 2 9 4 5 6", Wl1PickError(kNotPickable, "1 2 9 4 5 6")},
      {"1 2 3 1 5 6", Wl1PickError(kTwice, "1 2 3 1 5 6")},
      // The first error stops the parse: nothing after it is logged.
      {"1 1 x", Wl1PickError(kTwice, "1 1 x")},
      {"1 2 x", "Parse error: Region id input incorrect (1 2 x)" +
                    Wl1PickError(kNotPickable, "1 2 x")},
      {" ", Wl1PickError(kNotEnough, " ")},  // no tokens at all
  };
  for (const Case& c : cases) {
    Wl1PickAnswer p = ReadWl1PickAnswer(c.answer, kWl1Candidates, map);
    EXPECT_TRUE(p.preferences.empty()) << c.answer;
    EXPECT_EQ(p.dump_log, c.log) << c.answer;
    EXPECT_TRUE(p.engine_stderr.empty()) << c.answer;
  }
}

TEST(AnswerReaderTest, Wl1PickOfAnUnknownIdWritesStderrAndNoAnswerIsNull) {
  Map map = TenRegions();
  Wl1PickAnswer p = ReadWl1PickAnswer("1 2 99 4 5 6", kWl1Candidates, map);
  EXPECT_TRUE(p.preferences.empty());
  EXPECT_EQ(p.dump_log, Wl1PickError(kNotPickable, "1 2 99 4 5 6"));
  EXPECT_EQ(p.engine_stderr,
            (std::vector<std::string>{"Could not find region with id 99"}));
  p = ReadWl1PickAnswer(std::nullopt, kWl1Candidates, map);
  EXPECT_TRUE(p.preferences.empty());
  EXPECT_EQ(p.dump_log, "Preferred starting regions input is null");
}

}  // namespace
}  // namespace wl::tools
