// Tests of sdk/cli/flags.h: the help, the values, the errors.
#include "sdk/cli/flags.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace wl::cli {
namespace {

int Count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

// The help line of --name.
std::string HelpLine(const std::string& help, const std::string& name) {
  size_t at = help.find("  --" + name);
  if (at == std::string::npos) return "";
  return help.substr(at, help.find('\n', at) - at);
}

TEST(FlagsTest, HelpAppendsTheDefaultOnce) {
  int64_t seed = -1, games = 10, zero = 0;
  std::string map = "maps/x.json", out;
  double ratio = 0.5;
  Flags flags("warlight demo", "BOT", "A demo.");
  flags.Int("seed", &seed, "S", "the seed (default: a random one, printed)");
  flags.Int("games", &games, "N", "games to play");
  flags.Int("zero", &zero, "N", "zero is not printed");
  flags.String("map", &map, "FILE", "the map; Default: the real one");
  flags.String("out", &out, "DIR", "where to write");
  flags.Double("ratio", &ratio, "X", "a ratio");
  const std::string help = flags.Help();

  // The caller's own wording is kept, never followed by a second default.
  EXPECT_EQ(Count(help, "default"), 3) << help;  // seed, games, ratio
  EXPECT_EQ(HelpLine(help, "seed").find("(default: -1)"), std::string::npos);
  EXPECT_NE(HelpLine(help, "seed").find("(default: a random one, printed)"),
            std::string::npos);
  EXPECT_EQ(Count(HelpLine(help, "map"), "efault"), 1) << help;
  // Defaults the caller did not write are appended.
  EXPECT_NE(HelpLine(help, "games").find("games to play (default: 10)"),
            std::string::npos)
      << help;
  EXPECT_NE(HelpLine(help, "ratio").find("(default: 0.5)"), std::string::npos);
  EXPECT_EQ(HelpLine(help, "zero").find("default"), std::string::npos);
  EXPECT_EQ(HelpLine(help, "out").find("default"), std::string::npos);
  EXPECT_EQ(Count(help, "(default: "), 3) << help;
}

TEST(FlagsTest, ParsesValuesAndRejectsBadOnes) {
  int64_t games = 10;
  bool json = false;
  std::string map;
  Flags flags("warlight demo", "BOT", "A demo.");
  flags.Int("games", &games, "N", "games");
  flags.Bool("json", &json, "json");
  flags.String("map", &map, "FILE", "map");
  std::vector<std::string> args = {"--games=4", "a", "--json", "--map", "m"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::vector<std::string> positional;
  EXPECT_EQ(
      flags.Parse(static_cast<int>(argv.size()), argv.data(), &positional),
      std::nullopt);
  EXPECT_EQ(games, 4);
  EXPECT_TRUE(json);
  EXPECT_EQ(map, "m");
  EXPECT_EQ(positional, std::vector<std::string>{"a"});

  std::string bad = "--games=four";
  char* bad_argv[] = {bad.data()};
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(flags.Parse(1, bad_argv, &positional), 2);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("needs an integer"),
            std::string::npos);
}

// An error quotes the user's text, escaped: a value holding an escape
// sequence cannot recolour or clear the user's terminal.
TEST(FlagsTest, ErrorsEscapeTheUsersText) {
  int64_t games = 10;
  Flags flags("warlight demo", "", "A demo.");
  flags.Int("games", &games, "N", "games");
  std::string bad = "--games=4\x1b[2J";
  char* bad_argv[] = {bad.data()};
  std::vector<std::string> positional;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(flags.Parse(1, bad_argv, &positional), 2);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find('\x1b'), std::string::npos) << err;
  EXPECT_NE(err.find("4\\x1b[2J"), std::string::npos) << err;
}

// What one Parse did: its exit status, what it printed, the positional
// arguments it returned.
struct Parsed {
  std::optional<int> exit;
  std::string out, err;
  std::vector<std::string> positional;
};

Parsed ParseArgs(Flags& flags, std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  Parsed parsed;
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  parsed.exit = flags.Parse(static_cast<int>(argv.size()), argv.data(),
                            &parsed.positional);
  parsed.err = ::testing::internal::GetCapturedStderr();
  parsed.out = ::testing::internal::GetCapturedStdout();
  return parsed;
}

// The flags of the tests below, declared on the variables of one struct.
struct DemoFlags {
  std::string map = "m0";
  int64_t games = 10;
  double ratio = 0.5;
  bool json = false;
  Flags flags{"warlight demo", "BOT BOT", "A demo."};
  DemoFlags() {
    flags.String("map", &map, "FILE", "the map");
    flags.Int("games", &games, "N", "games to play");
    flags.Double("ratio", &ratio, "X", "a ratio");
    flags.Bool("json", &json, "print json");
  }
};

TEST(FlagsTest, HelpTextIsExact) {
  DemoFlags demo;
  std::string value = "v";
  demo.flags.String("a-very-long-flag-name", &value, "VALUE", "long");
  EXPECT_EQ(demo.flags.Help(),
            "usage: warlight demo [options] BOT BOT\n\nA demo.\n\noptions:\n"
            "  --map FILE            the map (default: m0)\n"
            "  --games N             games to play (default: 10)\n"
            "  --ratio X             a ratio (default: 0.5)\n"
            "  --json                print json\n"
            "  --a-very-long-flag-name VALUE\n"
            "                        long (default: v)\n"
            "  --help                print this help\n");
  for (const char* help : {"--help", "-h"}) {
    DemoFlags again;
    const Parsed parsed = ParseArgs(again.flags, {"a", help, "--games=x"});
    EXPECT_EQ(parsed.exit, 0) << help;
    EXPECT_EQ(parsed.out, again.flags.Help()) << help;
    EXPECT_EQ(parsed.err, "") << help;
  }
}

// The first bad argument is the one reported, in one line.
TEST(FlagsTest, ErrorsAreOneLineInArgumentOrder) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--bogus=3", "x"}, "unknown option '--bogus'; see --help"},
      {{"--bogus", "--games=x"}, "unknown option '--bogus'; see --help"},
      {{"--bogus", "--help"}, "unknown option '--bogus'; see --help"},
      {{"--bogus", "--games"}, "unknown option '--bogus'; see --help"},
      {{"--games=x", "--bogus"},
       "--games needs an integer, not 'x' (see --help)"},
      {{"--games=x", "--help"},
       "--games needs an integer, not 'x' (see --help)"},
      {{"--games", "--help"},
       "--games needs an integer, not '--help' (see --help)"},
      {{"a", "--games"}, "--games needs a value (see --help)"},
      {{"--ratio", "2x"}, "--ratio needs a number, not '2x' (see --help)"},
      {{"--ratio", ""}, "--ratio needs a number, not '' (see --help)"},
      {{"--json=yes"}, "--json takes no value (see --help)"}};
  for (const auto& [args, message] : cases) {
    DemoFlags demo;
    const Parsed parsed = ParseArgs(demo.flags, args);
    EXPECT_EQ(parsed.exit, 2) << args[0];
    EXPECT_EQ(parsed.err, "warlight demo: " + message + "\n");
    EXPECT_EQ(parsed.out, "");
  }
}

// An unknown option names the nearest declared flag (--help too), when one
// is within a few edits (wl::ClosestName).
TEST(FlagsTest, AnUnknownOptionNamesTheNearestFlag) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--gmaes", "'--gmaes' (did you mean --games?)"},
      {"--ratio2=1", "'--ratio2' (did you mean --ratio?)"},
      {"--hepl", "'--hepl' (did you mean --help?)"},
      {"--jsn", "'--jsn' (did you mean --json?)"},
      {"--zzzzzzzz", "'--zzzzzzzz'"}};
  for (const auto& [arg, shown] : cases) {
    DemoFlags demo;
    const Parsed parsed = ParseArgs(demo.flags, {arg});
    EXPECT_EQ(parsed.exit, 2) << arg;
    EXPECT_EQ(parsed.err,
              "warlight demo: unknown option " + shown + "; see --help\n");
  }
}

// Integers are decimal int64, nothing else; numbers are what strtod reads.
TEST(FlagsTest, IntegersAndNumbersAreStrict) {
  for (const char* bad : {"99999999999999999999", "9223372036854775808", "0x10",
                          "+4", " 4", "4 ", "1e3", "", "true"}) {
    DemoFlags demo;
    EXPECT_EQ(ParseArgs(demo.flags, {"--games", bad}).exit, 2) << bad;
    EXPECT_EQ(demo.games, 10) << bad;
  }
  const std::vector<std::pair<std::string, int64_t>> good = {
      {"010", 10}, {"-4", -4}, {"9223372036854775807", INT64_MAX}};
  for (const auto& [text, value] : good) {
    DemoFlags demo;
    EXPECT_EQ(ParseArgs(demo.flags, {"--games", text}).exit, std::nullopt);
    EXPECT_EQ(demo.games, value) << text;
  }
  DemoFlags demo;
  EXPECT_EQ(ParseArgs(demo.flags, {"--ratio=-1e-3"}).exit, std::nullopt);
  EXPECT_EQ(demo.ratio, -1e-3);
}

// Values are taken as given, even when they look like flags; the last of a
// repeated flag wins; everything after "--" is positional, kept as is.
TEST(FlagsTest, ValuesRepeatsAndPositionals) {
  DemoFlags demo;
  const Parsed parsed =
      ParseArgs(demo.flags,
                {"--map", "--help", "[a,b]", "-", "--games", "-1", "--games=2",
                 "--json", "--json=false", "--", "--games", "x", "--help"});
  EXPECT_EQ(parsed.exit, std::nullopt) << parsed.err;
  EXPECT_EQ(demo.map, "--help");
  EXPECT_EQ(demo.games, 2);
  EXPECT_FALSE(demo.json);
  EXPECT_EQ(parsed.positional,
            (std::vector<std::string>{"[a,b]", "-", "--games", "x", "--help"}));
}

// A Strings flag keeps every value, in order, "--name=" ones too; "--"
// still ends the flags.
TEST(FlagsTest, AStringsFlagKeepsEveryValue) {
  std::vector<std::string> rooms;
  bool lockstep = false;
  Flags flags("warlight demo", "", "A demo.");
  flags.Strings("room", &rooms, "NAME", "a room (repeatable)");
  flags.Bool("lockstep", &lockstep, "lock-step");
  const Parsed parsed =
      ParseArgs(flags, {"--room", "a:duel", "--lockstep", "--room=b",
                        "--room=", "--", "--room", "c"});
  EXPECT_EQ(parsed.exit, std::nullopt) << parsed.err;
  EXPECT_EQ(rooms, (std::vector<std::string>{"a:duel", "b", ""}));
  EXPECT_TRUE(lockstep);
  EXPECT_EQ(parsed.positional, (std::vector<std::string>{"--room", "c"}));
  EXPECT_NE(HelpLine(flags.Help(), "room").find("a room (repeatable)"),
            std::string::npos);
  std::vector<std::string> none;
  Flags missing("warlight demo", "", "A demo.");
  missing.Strings("room", &none, "NAME", "a room");
  const Parsed bad = ParseArgs(missing, {"--room"});
  EXPECT_EQ(bad.exit, 2);
  EXPECT_NE(bad.err.find("--room needs a value"), std::string::npos) << bad.err;
}

// "--map=" is an empty map, as with the hand-written parser before CLI11:
// it never takes the next argument as its value (CLI11 alone does).
TEST(FlagsTest, AnEmptyValueAfterEqualsStaysEmpty) {
  DemoFlags demo;
  demo.map = "before";
  const Parsed parsed =
      ParseArgs(demo.flags, {"--map=", "x.json", "--games=3"});
  EXPECT_EQ(parsed.exit, std::nullopt) << parsed.err;
  EXPECT_EQ(demo.map, "");
  EXPECT_EQ(demo.games, 3);
  EXPECT_EQ(parsed.positional, (std::vector<std::string>{"x.json"}));
  DemoFlags games;
  EXPECT_EQ(ParseArgs(games.flags, {"--games="}).exit, 2);
}

// An integer or number flag with a range refuses what lies outside it, ends
// included; a Uint64 flag takes the whole unsigned range and nothing signed.
TEST(FlagsTest, RangesAndUnsignedValues) {
  int64_t port = 4567;
  double share = 0.6;
  uint64_t seed = 1;
  Flags flags("bot", "", "A bot.");
  flags.Int("port", &port, "N", "the port", {0, 65535});
  flags.Double("share", &share, "F", "a share", 0, 1);
  flags.Uint64("seed", &seed, "N", "the seed");
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"--port", "65536"}, "--port must be from 0 to 65535, not '65536'"},
      {{"--port=-1"}, "--port must be from 0 to 65535, not '-1'"},
      {{"--share", "1.5"}, "--share must be from 0 to 1, not '1.5'"},
      {{"--share", "nan"}, "--share must be from 0 to 1, not 'nan'"},
      {{"--seed", "-1"},
       "--seed needs an integer from 0 to 18446744073709551615, not '-1'"},
      {{"--seed", "18446744073709551616"},
       "--seed needs an integer from 0 to 18446744073709551615, not "
       "'18446744073709551616'"}};
  for (const auto& [args, message] : bad) {
    const Parsed parsed = ParseArgs(flags, args);
    EXPECT_EQ(parsed.exit, 2) << args[0];
    EXPECT_EQ(parsed.err, "bot: " + message + " (see --help)\n");
  }
  EXPECT_EQ(port, 4567);
  EXPECT_EQ(share, 0.6);
  EXPECT_EQ(seed, 1u);
  const Parsed good = ParseArgs(
      flags, {"--port=65535", "--share", "1", "--seed=18446744073709551615"});
  EXPECT_EQ(good.exit, std::nullopt) << good.err;
  EXPECT_EQ(port, 65535);
  EXPECT_EQ(share, 1.0);
  EXPECT_EQ(seed, UINT64_MAX);
  EXPECT_EQ(ParseArgs(flags, {"--port", "0", "--share=0"}).exit, std::nullopt);
  EXPECT_EQ(port, 0);
}

// A one-letter alias reads like its flag, is listed with it, and the
// errors name the flag.
TEST(FlagsTest, AShortAliasReadsLikeItsFlag) {
  int64_t port = 4567;
  bool verbose = false;
  Flags flags("bot", "", "A bot.");
  flags.Int("port", &port, "N", "the port", {0, 65535});
  flags.Short("port", 'p');
  flags.Bool("verbose", &verbose, "say more");
  flags.Short("verbose", 'v');
  EXPECT_EQ(ParseArgs(flags, {"-p", "80", "-v"}).exit, std::nullopt);
  EXPECT_EQ(port, 80);
  EXPECT_TRUE(verbose);
  EXPECT_NE(HelpLine(flags.Help(), "port").find("--port N, -p N"),
            std::string::npos)
      << flags.Help();
  EXPECT_NE(HelpLine(flags.Help(), "verbose").find("--verbose, -v "),
            std::string::npos)
      << flags.Help();
  const Parsed bad = ParseArgs(flags, {"-p", "x"});
  EXPECT_EQ(bad.exit, 2);
  EXPECT_EQ(bad.err, "bot: --port needs an integer, not 'x' (see --help)\n");
  EXPECT_EQ(ParseArgs(flags, {"-q"}).exit, 2);
}

// ParseProgram skips argv[0] and refuses a positional argument.
TEST(FlagsTest, ParseProgramTakesNoPositional) {
  int64_t games = 1;
  Flags flags("bot", "", "A bot.");
  flags.Int("games", &games, "N", "games");
  std::vector<std::string> args = {"/x/bot", "--games=3"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  EXPECT_EQ(flags.ParseProgram(2, argv.data()), std::nullopt);
  EXPECT_EQ(games, 3);
  EXPECT_EQ(flags.ParseProgram(0, argv.data()), std::nullopt);
  std::vector<std::string> extra = {"/x/bot", "--games", "4", "more"};
  std::vector<char*> extra_argv;
  for (std::string& a : extra) extra_argv.push_back(a.data());
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(flags.ParseProgram(4, extra_argv.data()), 2);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "bot: unexpected argument 'more' (see --help)\n");
}

// A searching bot's flags: their help names the game's turn time, their
// ranges hold.
TEST(FlagsTest, SearchFlags) {
  int64_t iterations = 0;
  double max_turn_ms = 500, time_share = 0.6;
  Flags flags("mcts", "", "A bot.");
  DeclareSearchFlags(flags, &iterations, &max_turn_ms, &time_share,
                     "round_time");
  EXPECT_NE(HelpLine(flags.Help(), "time-share").find("search F of round_time"),
            std::string::npos)
      << flags.Help();
  EXPECT_EQ(ParseArgs(flags, {"--iterations", "-1"}).exit, 2);
  EXPECT_EQ(ParseArgs(flags, {"--time-share", "1.01"}).exit, 2);
  EXPECT_EQ(ParseArgs(flags, {"--max-turn-ms", "-5"}).exit, 2);
  EXPECT_EQ(ParseArgs(flags, {"--iterations=40", "--max-turn-ms", "0",
                              "--time-share", "0.25"})
                .exit,
            std::nullopt);
  EXPECT_EQ(iterations, 40);
  EXPECT_EQ(max_turn_ms, 0);
  EXPECT_EQ(time_share, 0.25);
}

// An alias stands alone: text joined to it or to -h is an unknown option
// (CLI11 alone would read "-p80" as -p 80 and "-hx" as -h), but a value
// that looks like one is a value, and "-5" is a positional argument.
TEST(FlagsTest, AnAliasStandsAlone) {
  const std::vector<std::pair<std::string, std::string>> joined = {
      {"-p80", "'-p80'"},
      {"-port", "'-port' (did you mean --port?)"},
      {"-p=5", "'-p'"},
      {"-hx", "'-hx'"}};
  for (const auto& [arg, shown] : joined) {
    int64_t port = 1;
    Flags flags("bot", "N", "A bot.");
    flags.Int("port", &port, "N", "the port", {0, 65535});
    flags.Short("port", 'p');
    const Parsed parsed = ParseArgs(flags, {"--port", "2", arg});
    EXPECT_EQ(parsed.exit, 2) << arg;
    EXPECT_EQ(parsed.err, "bot: unknown option " + shown + "; see --help\n");
    EXPECT_EQ(parsed.out, "") << arg;
  }
  std::string host;
  int64_t port = 1;
  Flags flags("bot", "N", "A bot.");
  flags.String("host", &host, "H", "the host");
  flags.Int("port", &port, "N", "the port");
  flags.Short("port", 'p');
  const Parsed parsed = ParseArgs(flags, {"--host", "-px", "-p", "-5", "-5"});
  EXPECT_EQ(parsed.exit, std::nullopt) << parsed.err;
  EXPECT_EQ(host, "-px");
  EXPECT_EQ(port, -5);
  EXPECT_EQ(parsed.positional, std::vector<std::string>{"-5"});
}

// Mistakes in the declarations are the program's: one line, status 2.
TEST(FlagsTest, DeclarationMistakesAreReported) {
  int64_t a = 0, b = 0;
  bool help = false;
  const std::vector<std::pair<std::function<void(Flags&)>, std::string>> cases =
      {{[&](Flags& f) {
          f.Int("port", &a, "N", "x"), f.Int("port", &b, "N", "y");
        },
        "--port is declared twice"},
       {[&](Flags& f) { f.Bool("help", &help, "x"); },
        "--help is declared by Flags"},
       {[&](Flags& f) { f.Int("port", &a, "N", "x"), f.Short("port", 'h'); },
        "-h cannot be an alias"},
       {[&](Flags& f) {
          f.Int("port", &a, "N", "x"), f.Int("peer", &b, "N", "y");
          f.Short("port", 'p'), f.Short("peer", 'p');
        },
        "-p cannot be an alias"},
       {[&](Flags& f) { f.Short("port", 'p'); },
        "-p aliases --port, which is not declared"}};
  for (const auto& [declare, message] : cases) {
    Flags flags("bot", "", "A bot.");
    declare(flags);
    const Parsed parsed = ParseArgs(flags, {});
    EXPECT_EQ(parsed.exit, 2) << message;
    EXPECT_EQ(parsed.err, "bot: flags: " + message + " (see --help)\n");
  }
}

// Out of range is said as such, even past int64; an unbounded number takes
// whatever strtod reads (nan too); bounds print as integers when they are.
TEST(FlagsTest, RangeMessages) {
  int64_t port = 1, any = 1;
  double ms = 5, x = 0;
  Flags flags("bot", "", "A bot.");
  flags.Int("port", &port, "N", "the port", {0, 65535});
  flags.Int("any", &any, "N", "any");
  flags.Double("ms", &ms, "MS", "a time", 0, 1e7);
  flags.Double("x", &x, "X", "anything");
  EXPECT_EQ(ParseArgs(flags, {"--port", "99999999999999999999"}).err,
            "bot: --port must be from 0 to 65535, not '99999999999999999999' "
            "(see --help)\n");
  EXPECT_EQ(ParseArgs(flags, {"--any", "99999999999999999999"}).err,
            "bot: --any needs an integer, not '99999999999999999999' (see "
            "--help)\n");
  EXPECT_EQ(ParseArgs(flags, {"--ms", "2e7"}).err,
            "bot: --ms must be from 0 to 10000000, not '2e7' (see --help)\n");
  EXPECT_EQ(ParseArgs(flags, {"--x", "nan"}).exit, std::nullopt);
  EXPECT_TRUE(std::isnan(x));
  EXPECT_EQ(ParseArgs(flags, {"--ms", "nan"}).exit, 2);
}

TEST(ProgramNameTest, IsTheFileNameOfArgv0) {
  std::string path = "/x/bots/mcts", bare = "mcts", dir = "/x/", empty;
  char* argv[] = {path.data(), bare.data(), dir.data(), empty.data()};
  EXPECT_EQ(ProgramName(1, &argv[0], "bot"), "mcts");
  EXPECT_EQ(ProgramName(1, &argv[1], "bot"), "mcts");
  EXPECT_EQ(ProgramName(1, &argv[2], "bot"), "bot");
  EXPECT_EQ(ProgramName(1, &argv[3], "bot"), "bot");
  EXPECT_EQ(ProgramName(0, argv, "bot"), "bot");
}

}  // namespace
}  // namespace wl::cli
