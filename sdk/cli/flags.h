// flags.h: command-line flags with --help, for every program of the project
// but the Warlight bots (sdk/wl stays std-only: its bots read theirs with
// bot_args.h): the `warlight` subcommands (tools/common/cli.h names them
// "warlight <command>") and the Berlin and Colorfight II bots' command lines
// (sdk/berlin/server.h, sdk/colorfight/run.h).
//
// A program declares its flags, parses argv, and gets its positional
// arguments back. CLI11 does the parsing (flags.cpp); this header keeps it
// out of the programs. --name VALUE and --name=VALUE both work, "--" ends
// the flags; --help (-h) prints the usage; an unknown flag (with the
// nearest declared one: "did you mean --seed?") or a bad value is one clear
// line and exit status 2. Errors come in the order of the
// arguments. Integers are plain decimal ("0x10", "+4", overflow are
// refused), within the flag's range when it has one; numbers are whatever
// strtod reads whole; "--name=" gives an empty value. Given twice, a flag
// keeps its last value, but a Strings flag keeps all. CLI11's conventions
// hold at the edges: one dash is for -h and a flag's one-letter alias
// (Short), each alone ("-seed" and "-p80" are unknown, "-5" is a positional
// argument).
// The help appends each flag's default, "(default: VALUE)", unless the value
// is empty or 0, or the help text already mentions its default itself
// ("the seed (default: a random one)").
//
//   std::string map;
//   int64_t seed = 0, port = 4567;
//   bool json = false;
//   wl::cli::Flags flags("warlight match", "BOT1 BOT2", "Plays one game.");
//   flags.String("map", &map, "FILE", "the map (official JSON)");
//   flags.Int("seed", &seed, "S", "the game's seed");
//   flags.Int("port", &port, "N", "the port", {0, 65535});
//   flags.Short("port", 'p');                      // -p N too
//   flags.Bool("json", &json, "print result.json instead of one line");
//   std::vector<std::string> args;
//   if (std::optional<int> exit = flags.Parse(argc - 1, argv + 1, &args))
//     return *exit;
#ifndef WL_CLI_FLAGS_H_
#define WL_CLI_FLAGS_H_

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace wl::cli {

// The values an integer flag accepts, both ends included.
struct IntRange {
  int64_t min = INT64_MIN, max = INT64_MAX;
};

class Flags {
 public:
  // `program`: what the usage line and the errors name ("warlight match",
  // "mcts"); `positional`: the usage's positional arguments ("BOT1 BOT2").
  Flags(std::string program, std::string positional, std::string description)
      : program_(std::move(program)),
        positional_(std::move(positional)),
        description_(std::move(description)) {}

  void String(const std::string& name, std::string* target,
              const std::string& value_name, const std::string& help);
  void Int(const std::string& name, int64_t* target,
           const std::string& value_name, const std::string& help,
           IntRange range = {});
  // An unsigned 64-bit integer (seeds): 0 to 18446744073709551615.
  void Uint64(const std::string& name, uint64_t* target,
              const std::string& value_name, const std::string& help);
  // A number within [min, max] when they are given.
  void Double(const std::string& name, double* target,
              const std::string& value_name, const std::string& help,
              double min = -HUGE_VAL, double max = HUGE_VAL);
  void Bool(const std::string& name, bool* target, const std::string& help);
  // A flag that may be given several times: each value appended to
  // *target, in the order given.
  void Strings(const std::string& name, std::vector<std::string>* target,
               const std::string& value_name, const std::string& help);

  // `letter` as a one-dash alias of the flag `name`, declared before
  // ("-p 80" for "--port 80"; never joined: "-p80" is unknown). A name
  // declared twice, --help declared, or an alias that is taken, is 'h',
  // not a letter or of no declared flag, is the program's mistake: Parse
  // then reports it ("flags: ...") and returns 2.
  void Short(const std::string& name, char letter);

  // Parses argv[0..argc) (the arguments after the program's or the
  // subcommand's name). Returns an exit status when the program should stop
  // now: 0 after --help, 2 after an error (already printed to stderr);
  // nullopt to go on.
  std::optional<int> Parse(int argc, char** argv,
                           std::vector<std::string>* positional);

  // Parses a program's whole command line (argv[0] is its name), one that
  // takes no positional argument: as Parse, and one is an error.
  std::optional<int> ParseProgram(int argc, char** argv);

  // The --help text.
  std::string Help() const;

  // Prints "<program>: <message> (see --help)" to stderr, the message
  // escaped (cli/terminal.h); returns 2.
  int Fail(const std::string& message) const;
  // Prints "<program>: unknown option '<option>' (did you mean --NAME?);
  // see --help" (the suggestion when a flag is within a few edits,
  // wl::ClosestName); returns 2.
  int FailUnknown(const std::string& option) const;

 private:
  struct Flag {
    std::string name, value_name, help;
    bool takes_value;
    char letter;  // the one-dash alias, or 0
    // Stores the value given on the command line; returns the error message
    // when it is not one ("--games needs an integer, not 'x'"), else "".
    std::function<std::string(const std::string& value)> set;
    std::string default_text;  // for the help, captured when declared
  };
  // The flag `option` names ("--port", or its alias "-p"), or nullptr.
  const Flag* FlagOf(std::string_view option) const;
  // Keeps `flag`; a name declared twice is an error Parse reports.
  void Add(Flag flag);
  // The first argument that joins text to a one-letter alias or to -h
  // ("-p80", "-port", "-hx"), or "".
  std::string JoinedAlias(int argc, char** argv) const;
  // Declares every flag, --help and the positional arguments to app.
  void Declare(CLI::App* app, std::vector<std::string>* positional) const;
  // argv with each "--name=VALUE" of a flag that takes a value split in two.
  std::vector<std::string> SplitValues(int argc, char** argv) const;

  std::string program_, positional_, description_;
  std::vector<Flag> flags_;
  std::string declare_error_;  // a mistake in the declarations, or ""
};

// Declares a program's own flags beside a library's (the Berlin and
// Colorfight bots' command lines: the bot's search flags beside --port or
// --url), so that they are parsed, checked and listed in --help as one.
using DeclareFlags = std::function<void(Flags& flags)>;

// The flags of a bot that searches each turn (the Berlin and Colorfight
// mcts): --iterations N (a turn's iterations, reproducible; 0: by time),
// --max-turn-ms MS (0: no cap) and --time-share F (of `turn_time`, the
// game's name for a turn's time limit), into the given variables.
void DeclareSearchFlags(Flags& flags, int64_t* iterations, double* max_turn_ms,
                        double* time_share, const std::string& turn_time);

// The file name of argv[0] ("/x/bots/mcts" -> "mcts"), or `fallback` when
// there is none.
std::string ProgramName(int argc, char** argv, const std::string& fallback);

}  // namespace wl::cli

#endif  // WL_CLI_FLAGS_H_
