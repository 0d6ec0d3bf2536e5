// sdk/berlin/wire.h: the form encoding and the transports of berlin §2.2-2.3
// (on the six real captured requests and the web UI's ping form), the JSON
// text of berlin §3, and reading answers exactly as berlin §5.2 says, with
// the duties of berlin §11. The fixture tests skip without ../shared.
#include "sdk/berlin/wire.h"

#include <boost/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "sdk/berlin/aggregate.h"
#include "sdk/berlin/request.h"
#include "shared_data.h"

namespace wl::berlin {
namespace {

namespace json = boost::json;

std::filesystem::path Fixtures() {
  return testing::SharedDir() / "berlin" / "fixtures";
}

#define BERLIN_REQUIRE_FIXTURES()                                        \
  do {                                                                   \
    if (!std::filesystem::is_directory(Fixtures())) {                    \
      GTEST_SKIP() << Fixtures() << " is absent: skipping the tests on " \
                   << "the captured Berlin requests";                    \
    }                                                                    \
  } while (0)

std::string Captured(int n) {
  return testing::ReadFile(Fixtures() / "captured-requests" /
                           ("test" + std::to_string(n) + ".urlencoded"));
}

std::string WithoutNewlines(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '\n'), s.end());
  return s;
}

constexpr char kForm[] = "application/x-www-form-urlencoded";

// Net::HTTP.post_form (URI.encode_www_form): a space is '+', and every byte
// but *-._0-9A-Za-z is %XX.
std::string PostFormEscape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == ' ') {
      out += '+';
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '*' ||
               c == '-' || c == '.' || c == '_') {
      out += c;
    } else {
      out += CurlEscape(std::string(1, c));
    }
  }
  return out;
}

TEST(BerlinWire, CapturedRequestsDecodeAndReencodeByteForByte) {
  BERLIN_REQUIRE_FIXTURES();
  const char* actions[] = {"game_start", "ping", "turn",
                           "turn",       "turn", "turn"};
  for (int n = 3; n <= 8; ++n) {
    SCOPED_TRACE("test" + std::to_string(n));
    const std::string raw = Captured(n);
    ASSERT_FALSE(raw.empty());
    const RequestFields f = ReadRequestFields("/", kForm, raw);
    EXPECT_EQ(f.action, actions[n - 3]);
    EXPECT_EQ(f.infos.substr(0, 12), "{\"game_id\":\"");
    EXPECT_EQ(f.map.substr(0, 10), "{\"types\":[");
    EXPECT_EQ(f.state.substr(0, 12), "[{\"node_id\":");
    EXPECT_EQ(FormBody(f), WithoutNewlines(raw));  // berlin §2.2
    // Each value is JSON as Rails wrote it: compact, and Boost's compact
    // serialisation keeps the key order, so it is the same text.
    for (const std::string* field : {&f.infos, &f.map, &f.state}) {
      EXPECT_EQ(json::serialize(json::parse(*field)), *field);
    }
  }
}

TEST(BerlinWire, PingFormPostedAsNetHttpPostFormReadsTheSameFields) {
  BERLIN_REQUIRE_FIXTURES();
  const json::object ping =
      json::parse(testing::ReadFile(Fixtures() / "ping-default.json"))
          .as_object();
  std::string body;
  for (const char* key : {"action", "infos", "map", "state"}) {
    if (!body.empty()) body += '&';
    body += std::string(key) + "=" +
            PostFormEscape(std::string(ping.at(key).as_string()));
  }
  ASSERT_NE(body.find('+'), std::string::npos);  // spaces went as '+'
  const RequestFields f = ReadRequestFields("/", kForm, body);
  EXPECT_EQ(f.action, "ping");
  EXPECT_EQ(f.infos, ping.at("infos").as_string());
  EXPECT_EQ(f.map, ping.at("map").as_string());
  EXPECT_EQ(f.state, ping.at("state").as_string());
}

// One captured request through every transport of berlin §2.3.
TEST(BerlinWire, EveryTransportGivesTheSameFields) {
  BERLIN_REQUIRE_FIXTURES();
  const RequestFields f = ReadRequestFields("/", kForm, Captured(6));
  const std::string query = FormBody(f);
  // The query string (2011-2013; aishowdown sends Content-Type json and an
  // empty body).
  EXPECT_EQ(ReadRequestFields("/?" + query, "", ""), f);
  EXPECT_EQ(ReadRequestFields("/?" + query + "#top", "application/json", ""),
            f);
  // A JSON body whose values are objects (berlingo) or JSON strings.
  const json::object objects{{"action", f.action},
                             {"infos", json::parse(f.infos)},
                             {"map", json::parse(f.map)},
                             {"state", json::parse(f.state)}};
  EXPECT_EQ(ReadRequestFields("/", "application/json; charset=utf-8",
                              json::serialize(objects)),
            f);
  const json::object strings{{"action", f.action},
                             {"infos", f.infos},
                             {"map", f.map},
                             {"state", f.state}};
  EXPECT_EQ(ReadRequestFields("/", "", json::serialize(strings)), f);
  // Query and form body merged; the body wins.
  const std::string head = "action=ping&infos=" + CurlEscape(f.infos);
  const std::string tail = "map=" + CurlEscape(f.map) +
                           "&state=" + CurlEscape(f.state) +
                           "&action=" + f.action;
  EXPECT_EQ(ReadRequestFields("/bot?" + head, kForm, tail), f);
  // Line breaks in a form body are dropped (curl -d @file), \r too.
  std::string broken = query;
  broken.insert(40, "\r\n");
  EXPECT_EQ(ReadRequestFields("/", kForm, broken + "\n"), f);
}

TEST(BerlinWire, MissingFieldsAndBadBodiesAreOneLineErrors) {
  try {
    ReadRequestFields("/?action=turn&infos=%7B%7D", kForm, "map=%7B%7D");
    FAIL() << "no state field";
  } catch (const BadRequest& e) {
    EXPECT_NE(std::string(e.what()).find("'state'"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(ReadRequestFields("/", "application/json", "{\"action\":"),
               BadRequest);
  EXPECT_THROW(ReadRequestFields("/", "application/json", "[1]"), BadRequest);
  EXPECT_THROW(ReadRequestFields("/", "", ""), BadRequest);
}

TEST(BerlinWire, FormUnescape) {
  EXPECT_EQ(FormUnescape("a+b%20c%2f%2F"), "a b c//");
  EXPECT_EQ(FormUnescape("100%"), "100%");    // a lone % stays
  EXPECT_EQ(FormUnescape("%zz%4"), "%zz%4");  // so does a bad escape
  EXPECT_EQ(FormUnescape("%7B%22a%22%7D"), "{\"a\"}");
  EXPECT_EQ(CurlEscape("aZ09-._~ +/"), "aZ09-._~%20%2B%2F");
  const std::string all = [] {
    std::string s;
    for (int b = 0; b < 256; ++b) s += static_cast<char>(b);
    return s;
  }();
  EXPECT_EQ(FormUnescape(CurlEscape(all)), all);
}

TEST(BerlinWire, InfosAndStateTextAsTheEngineWritesThem) {
  InfosFields infos;
  infos.game_id = "g-1";
  infos.current_turn = 7;
  infos.maximum_number_of_turns_json = "25";
  infos.time_limit_per_turn_json = "5000";
  infos.number_of_players = 3;
  infos.player_id = 0;  // player 0 is a real id (berlin §3.3)
  EXPECT_EQ(InfosJson(infos),
            "{\"game_id\":\"g-1\",\"current_turn\":7,"
            "\"maximum_number_of_turns\":25,\"time_limit_per_turn\":5000,"
            "\"directed\":false,\"number_of_players\":3,\"player_id\":0}");
  infos.player_id = -1;  // the replay's infos (berlin §8)
  EXPECT_EQ(InfosJson(infos).substr(InfosJson(infos).size() - 22),
            "\"number_of_players\":3}");

  Map map;
  const int city = map.AddType("city", 1, 1);
  map.AddNode(4, city);
  map.AddNode(2, city);
  map.AddPath(4, 2);
  State s = State::Empty(2, 2);
  s.Place(1, 0, -3);
  EXPECT_EQ(StateJson(map, s),
            "[{\"node_id\":4,\"player_id\":null,\"number_of_soldiers\":0},"
            "{\"node_id\":2,\"player_id\":0,\"number_of_soldiers\":-3}]");
  EXPECT_EQ(MapJson(map, {{4, 2}, {2, 9}}),
            "{\"types\":[{\"name\":\"city\",\"points\":1,"
            "\"soldiers_per_turn\":1}],\"nodes\":[{\"id\":4,\"type\":\"city\"},"
            "{\"id\":2,\"type\":\"city\"}],\"paths\":[{\"from\":4,\"to\":2},"
            "{\"from\":2,\"to\":9}]}");
}

TEST(BerlinWire, RailsStringEscapesAsRails40) {
  EXPECT_EQ(RailsString("city"), "\"city\"");
  EXPECT_EQ(RailsString("a\"b\\c/d"), "\"a\\\"b\\\\c/d\"");
  EXPECT_EQ(RailsString("\b\f\n\r\t"), "\"\\b\\f\\n\\r\\t\"");
  EXPECT_EQ(RailsString(std::string("\x01\x1f\x7f", 3)),
            "\"\\u0001\\u001F\x7f\"");
  EXPECT_EQ(RailsString("<a&b>"), "\"\\u003Ca\\u0026b\\u003E\"");
  EXPECT_EQ(RailsString("caf\xc3\xa9 \xe2\x82\xac"), "\"caf\\u00e9 \\u20ac\"");
  EXPECT_EQ(RailsString("\xf0\x9f\x98\x80"), "\"\\ud83d\\ude00\"");
  EXPECT_EQ(RailsString("\xff"), "\"\xff\"");  // not UTF-8: as it is
  // What it writes is JSON that reads back as the text.
  const std::string text = "x\"<\\>&\n\x02\xc3\xa9\xf0\x9f\x98\x80";
  EXPECT_EQ(json::parse(RailsString(text)).as_string(), text);
}

// --- Reading answers (berlin §5.2, §11) ------------------------------------

// "from>to:n,..." of the aggregated moves.
std::string MovesOf(std::string_view body) {
  std::string out;
  for (const Move& m : ReadAnswer(body).moves) {
    if (!out.empty()) out += ',';
    out += std::to_string(m.from) + ">" + std::to_string(m.to) + ":" +
           std::to_string(m.number_of_soldiers);
  }
  return out;
}

// An answer of one move 1 -> 2 whose count is `count` (JSON text).
std::string CountOf(const std::string& count) {
  return MovesOf("[{\"from\":1,\"to\":2,\"number_of_soldiers\":" + count +
                 "}]");
}

TEST(BerlinReadAnswer, CountsGoThroughRubyToI) {
  EXPECT_EQ(CountOf("5"), "1>2:5");
  EXPECT_EQ(CountOf("-4"), "1>2:-4");
  EXPECT_EQ(CountOf("123456789012"), "1>2:123456789012");  // any size
  EXPECT_EQ(CountOf("2.75"), "1>2:2");
  EXPECT_EQ(CountOf("-2.75"), "1>2:-2");
  EXPECT_EQ(CountOf("-0.5"), "1>2:0");
  EXPECT_EQ(CountOf("\"3\""), "1>2:3");
  EXPECT_EQ(CountOf("\" 3x\""), "1>2:3");
  EXPECT_EQ(CountOf("\"\\t-7\""), "1>2:-7");
  EXPECT_EQ(CountOf("\"abc\""), "1>2:0");
  EXPECT_EQ(CountOf("\"0x10\""), "1>2:0");
  EXPECT_EQ(CountOf("\"1_000\""), "1>2:1000");
  EXPECT_EQ(CountOf("\"1__2\""), "1>2:1");
  EXPECT_EQ(CountOf("\"-1_000\""), "1>2:-1000");
  EXPECT_EQ(CountOf("\"+12\""), "1>2:12");
  EXPECT_EQ(CountOf("null"), "1>2:0");
  EXPECT_EQ(MovesOf(R"([{"from":1,"to":2}])"), "1>2:0");  // missing
  EXPECT_EQ(ToI(std::string_view("-99999999999999999999")),
            std::numeric_limits<int64_t>::min());
}

TEST(BerlinReadAnswer, KeysAreRawValuesByRubyHashIdentity) {
  // 1, 1.0, "1" and " 1" are four keys; a second 1 aggregates into the
  // first; both levels keep first-appearance order.
  EXPECT_EQ(MovesOf(R"([{"from":1,"to":2,"number_of_soldiers":1},
                        {"from":1.0,"to":2,"number_of_soldiers":1},
                        {"from":"1","to":2,"number_of_soldiers":1},
                        {"from":" 1","to":2,"number_of_soldiers":1},
                        {"from":1,"to":2,"number_of_soldiers":4}])"),
            "1>2:5,1>2:1,1>2:1,1>2:1");
  EXPECT_EQ(MovesOf(R"([{"from":1,"to":3,"number_of_soldiers":1},
                        {"from":2,"to":3,"number_of_soldiers":1},
                        {"from":1,"to":2,"number_of_soldiers":1},
                        {"from":1,"to":3.0,"number_of_soldiers":1}])"),
            "1>3:1,1>2:1,1>3:1,2>3:1");
  // 1.0 and 1.00 are one Float; so are 0.0 and -0.0 (Ruby's Float#hash).
  EXPECT_EQ(MovesOf(R"([{"from":1.0,"to":2,"number_of_soldiers":1},
                        {"from":1.00,"to":2,"number_of_soldiers":1},
                        {"from":0.0,"to":2,"number_of_soldiers":1},
                        {"from":-0.0,"to":2,"number_of_soldiers":1}])"),
            "1>2:2,0>2:2");
  // A missing key and null are one key, nil, whose to_i is 0; "12abc" is 12.
  EXPECT_EQ(MovesOf(R"([{"to":2,"number_of_soldiers":1},
                        {"from":null,"to":2,"number_of_soldiers":2},
                        {"from":"12abc","to":3.9,"number_of_soldiers":1}])"),
            "0>2:3,12>3:1");
}

TEST(BerlinReadAnswer, DuplicatesAggregateNegativesIncluded) {
  EXPECT_EQ(MovesOf(R"([{"from":1,"to":2,"number_of_soldiers":5},
                        {"from":1,"to":2,"number_of_soldiers":-2}])"),
            "1>2:3");
  EXPECT_EQ(MovesOf(R"([{"from":1,"to":2,"number_of_soldiers":3},
                        {"from":1,"to":3,"number_of_soldiers":1},
                        {"from":1,"to":2,"number_of_soldiers":3}])"),
            "1>2:6,1>3:1");
  // Other keys do not matter.
  EXPECT_EQ(MovesOf(R"([{"x":[1],"number_of_soldiers":2,"to":2,"from":1}])"),
            "1>2:2");
}

TEST(BerlinReadAnswer, StringElementsRegisterAnEntryAndReadingGoesOn) {
  // "x"["from"] is nil; "from-to"["from"] is "from" (to_i 0). So the
  // entries are nil->nil, "from"->"to", 1->2, then nil->"to" ("tomato"),
  // read in from-key order: nil->nil, nil->"to", "from"->"to", 1->2.
  const std::string body = R"(["x", "from-to",
      {"from":1,"to":2,"number_of_soldiers":3}, "tomato"])";
  const AnswerReading r = ReadAnswer(body);
  EXPECT_FALSE(r.cut_short);
  EXPECT_EQ(r.elements, 4);
  EXPECT_EQ(MovesOf(body), "0>0:0,0>0:0,0>0:0,1>2:3");
}

TEST(BerlinReadAnswer, ABadElementCutsTheReadingShort) {
  for (const char* bad : {"7", "[1,2]", "true", "false", "null", "1.5"}) {
    SCOPED_TRACE(bad);
    const std::string body =
        std::string(R"([{"from":1,"to":2,"number_of_soldiers":3},)") + bad +
        R"(,{"from":1,"to":3,"number_of_soldiers":1}])";
    const AnswerReading r = ReadAnswer(body);
    EXPECT_TRUE(r.cut_short);
    EXPECT_EQ(r.elements, 1);
    EXPECT_EQ(MovesOf(body), "1>2:3");
  }
  // A count without to_i: its entry is kept at +0, the rest is ignored.
  for (const char* bad : {"true", "false", "[3]", "{}", "1e400", "-1e400"}) {
    SCOPED_TRACE(bad);
    const std::string body =
        std::string(R"([{"from":1,"to":2,"number_of_soldiers":3},
                        {"from":1,"to":3,"number_of_soldiers":)") +
        bad +
        R"(},{"from":1,"to":4,"number_of_soldiers":1},
            {"from":1,"to":2,"number_of_soldiers":1}])";
    const AnswerReading r = ReadAnswer(body);
    EXPECT_TRUE(r.cut_short);
    EXPECT_EQ(r.elements, 2);
    EXPECT_EQ(MovesOf(body), "1>2:3,1>3:0");
  }
}

TEST(BerlinReadAnswer, BodiesThatAreNotArraysGiveNoMoves) {
  struct Case {
    const char* body;
    bool json;
  };
  for (const Case& c :
       {Case{"", false}, Case{"not json", false},
        Case{"[{\"from\":1,\"to\":2", false}, Case{"null", true},
        Case{"3", true}, Case{"\"[]\"", true}, Case{"{}", true},
        Case{R"({"from":1,"to":2,"number_of_soldiers":3})", true}}) {
    SCOPED_TRACE(c.body);
    const AnswerReading r = ReadAnswer(c.body);
    EXPECT_EQ(r.json, c.json);
    EXPECT_FALSE(r.array);
    EXPECT_TRUE(r.moves.empty());
  }
  const AnswerReading empty = ReadAnswer(" [ ] ");
  EXPECT_TRUE(empty.json && empty.array && !empty.cut_short);
  EXPECT_TRUE(empty.moves.empty());
  // Ruby's parser takes comments and nests up to 100 deep.
  EXPECT_EQ(MovesOf("[/* c */{\"from\":1,\"to\":2,\"number_of_soldiers\":1}]"
                    "// end\n"),
            "1>2:1");
  json::value v;
  EXPECT_TRUE(ParseRubyJson(std::string(100, '[') + std::string(100, ']'), v));
  EXPECT_FALSE(ParseRubyJson(std::string(101, '[') + std::string(101, ']'), v));
}

// A random answer: an array of objects whose from/to/count are drawn from
// every kind of JSON value (some keys missing), with the odd non-object
// element; one in four has a byte overwritten.
std::string RandomAnswer(std::mt19937& rng) {
  static const char* const kValues[] = {"1",
                                        "-3",
                                        "0",
                                        "2.75",
                                        "-0.0",
                                        "1e30",
                                        "-1e400",
                                        "\"3\"",
                                        "\" 2x\"",
                                        "null",
                                        "true",
                                        "[1]",
                                        "{\"a\":1}",
                                        "18446744073709551615",
                                        "\"-99999999999999999999\"",
                                        "9223372036854775807"};
  std::string body = "[";
  for (int k = rng() % 8; k > 0; --k) {
    if (body.size() > 1) body += ',';
    if (rng() % 10 == 0) {
      body += kValues[rng() % std::size(kValues)];  // a non-object element
      continue;
    }
    body += '{';
    const char* sep = "";
    for (const char* key : {"from", "to", "number_of_soldiers"}) {
      if (rng() % 8 == 0) continue;
      body += std::string(sep) + '"' + key + "\":";
      body += kValues[rng() % std::size(kValues)];
      sep = ",";
    }
    body += '}';
  }
  body += ']';
  if (rng() % 4 == 0) body[rng() % body.size()] = static_cast<char>(rng());
  return body;
}

// Random answers and requests: nothing crashes (the suite also runs under
// ASan/UBSan), requests fail only as BadRequest, only an array body gives
// moves, and each element registers at most one move.
TEST(BerlinReadAnswer, RandomBodiesAreReadWithoutCrashing) {
  std::mt19937 rng(14);
  int with_moves = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string body = RandomAnswer(rng);
    const AnswerReading r = ReadAnswer(body);
    EXPECT_TRUE(r.moves.empty() || r.array) << body;
    EXPECT_TRUE(!r.array || r.json) << body;
    EXPECT_LE(r.moves.size(), static_cast<size_t>(std::max(r.elements, 0)));
    with_moves += !r.moves.empty();
    try {
      ReadRequestFields("/?" + body, i % 2 ? "application/json" : "", body);
      ParseRequest({"turn", body, body, body});
    } catch (const BadRequest&) {
    }
  }
  EXPECT_GT(with_moves, 10000);
}

// A 3-node line 1 - 2 - 3; player 0 has 5 soldiers on node 1 and 1 on 3.
// Returns the moves the rules core accepts from `body` (berlin §5.3).
std::string Accepted(std::string_view body) {
  Map map;
  const int city = map.AddType("city", 1, 0);
  for (int id = 1; id <= 3; ++id) map.AddNode(id, city);
  map.AddPath(1, 2);
  map.AddPath(2, 3);
  State s = State::Empty(3, 2);
  s.Place(0, 0, 5);
  s.Place(2, 0, 1);
  const std::vector<Move> moves = ReadAnswer(body).moves;
  const PlayerMoves turn[] = {{0, moves.data(), int(moves.size())}};
  std::string out;
  ResolveTurn(map, s, turn, 1, [&](const AcceptedMove& a) {
    if (!out.empty()) out += ',';
    out += std::to_string(map.node(a.from).id) + ">" +
           std::to_string(map.node(a.to).id) + ":" +
           std::to_string(a.number_of_soldiers);
  });
  return out;
}

TEST(BerlinReadAnswer, FromOrToWithoutToIMatchesNoNodeAndSparesTheRest) {
  // berlin §5.2.6 / §11: the engine crashed on these.
  const std::string body = R"([{"from":true,"to":2,"number_of_soldiers":1},
      {"from":[1],"to":2,"number_of_soldiers":1},
      {"from":{"id":1},"to":2,"number_of_soldiers":1},
      {"from":1,"to":false,"number_of_soldiers":1},
      {"from":1,"to":2,"number_of_soldiers":2},
      {"from":true,"to":2,"number_of_soldiers":7},
      {"from":1e400,"to":2,"number_of_soldiers":1},
      {"from":3,"to":2,"number_of_soldiers":1}])";
  const AnswerReading r = ReadAnswer(body);
  EXPECT_FALSE(r.cut_short);
  EXPECT_EQ(r.elements, 8);
  EXPECT_EQ(r.keys_without_to_i, 6);
  const std::string k = std::to_string(kNoNodeId);
  // true twice is one key; [1], {"id":1} and Infinity are keys of their own.
  EXPECT_EQ(MovesOf(body), k + ">2:8," + k + ">2:1," + k + ">2:1,1>" + k +
                               ":1,1>2:2," + k + ">2:1,3>2:1");
  EXPECT_FALSE(IsMapNodeId(kNoNodeId));
  EXPECT_EQ(Accepted(body), "1>2:2,3>2:1");
}

TEST(BerlinReadAnswer, HugeIntegersSaturateAndNeverTurnAnInvalidMoveValid) {
  // Ruby: 10^30 + (-10^30 + 3) = 3, valid. Saturating, it fails (allowed by
  // berlin §11); it must not become some other valid count.
  const std::string cancel = R"([{"from":1,"to":2,
      "number_of_soldiers":1000000000000000000000000000000},
      {"from":1,"to":2,"number_of_soldiers":-999999999999999999999999999997}])";
  EXPECT_EQ(Accepted(cancel), "");
  EXPECT_GE(ReadAnswer(cancel).saturated, 2);
  // Ruby: 2*10^30 - 10^30 + 5 is huge, invalid. A plain saturating sum
  // (max + min + 5 = 4) would accept 4 soldiers.
  const std::string huge = R"([{"from":1,"to":2,
      "number_of_soldiers":2000000000000000000000000000000},
      {"from":1,"to":2,"number_of_soldiers":-1000000000000000000000000000000},
      {"from":1,"to":2,"number_of_soldiers":5}])";
  EXPECT_EQ(Accepted(huge), "");
  // The same with int64 overflow only, and with strings and uint64.
  EXPECT_EQ(
      Accepted(R"([{"from":1,"to":2,"number_of_soldiers":9223372036854775807},
      {"from":1,"to":2,"number_of_soldiers":9223372036854775807},
      {"from":1,"to":2,"number_of_soldiers":"-9223372036854775808"},
      {"from":1,"to":2,"number_of_soldiers":"-9223372036854775808"},
      {"from":1,"to":2,"number_of_soldiers":6}])"),
      "");
  EXPECT_EQ(Accepted(R"([{"from":1,"to":2,
      "number_of_soldiers":18446744073709551615},
      {"from":1,"to":2,"number_of_soldiers":-9223372036854775807},
      {"from":1,"to":2,"number_of_soldiers":3}])"),
            "");
  // A huge id matches no node, even one at the other int64 limit.
  EXPECT_EQ(Accepted(R"([{"from":1,"to":1e30,"number_of_soldiers":1},
      {"from":1,"to":"99999999999999999999","number_of_soldiers":1},
      {"from":1,"to":-1e30,"number_of_soldiers":1},
      {"from":1,"to":2,"number_of_soldiers":3}])"),
            "1>2:3");
  EXPECT_FALSE(IsMapNodeId(std::numeric_limits<int64_t>::max()));
  EXPECT_TRUE(IsMapNodeId(0));
  // Counts that stay in int64 are exact.
  EXPECT_EQ(
      Accepted(R"([{"from":1,"to":2,"number_of_soldiers":9000000000000000000},
      {"from":1,"to":2,"number_of_soldiers":-8999999999999999996}])"),
      "1>2:4");
}

TEST(BerlinReadAnswer, ValidationOrderFollowsAggregation) {
  // berlin §5.3 examples, through the rules core.
  EXPECT_EQ(Accepted(R"([{"from":1,"to":2,"number_of_soldiers":3},
                         {"from":1,"to":2,"number_of_soldiers":3},
                         {"from":3,"to":2,"number_of_soldiers":1}])"),
            "3>2:1");
  EXPECT_EQ(Accepted(R"([{"from":"1","to":2,"number_of_soldiers":3},
                         {"from":1,"to":2,"number_of_soldiers":3}])"),
            "1>2:3");  // two moves, one running total
  EXPECT_EQ(Accepted(R"([{"from":1,"to":2,"number_of_soldiers":7},
                         {"from":1,"to":2,"number_of_soldiers":-2}])"),
            "1>2:5");
}

}  // namespace
}  // namespace wl::berlin
