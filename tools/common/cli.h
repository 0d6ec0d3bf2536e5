// cli.h: command-line flags for the `warlight` subcommands, with --help.
//
// Each subcommand declares its flags, parses argv, and gets its positional
// arguments back. CLI11 does the parsing (cli.cpp); this header keeps it out
// of the subcommands. --name VALUE and --name=VALUE both work, "--" ends the
// flags; --help (-h) prints the usage; an unknown flag or a bad value is one
// clear line and exit status 2. Errors come in the order of the arguments.
// Integers are plain decimal int64 ("0x10", "+4", overflow are refused);
// numbers are whatever strtod reads whole; "--name=" gives an empty value.
// Given twice, a flag keeps its last value, but a Strings flag keeps all.
// CLI11's conventions hold at the edges: one dash is for -h alone ("-seed"
// is unknown, "-5" is a positional argument).
// The help appends each flag's default, "(default: VALUE)", unless the value
// is empty or 0, or the help text already mentions its default itself
// ("the seed (default: a random one)").
//
//   std::string map;
//   int64_t seed = 0;
//   bool json = false;
//   wl::tools::Flags flags("match", "BOT1 BOT2", "Plays one game.");
//   flags.String("map", &map, "FILE", "the map (official JSON)");
//   flags.Int("seed", &seed, "S", "the game's seed");
//   flags.Bool("json", &json, "print result.json instead of one line");
//   std::vector<std::string> args;
//   if (std::optional<int> exit = flags.Parse(argc, argv, &args)) return *exit;
#ifndef WL_TOOLS_COMMON_CLI_H_
#define WL_TOOLS_COMMON_CLI_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace wl::tools {

class Flags {
 public:
  Flags(std::string command, std::string positional, std::string description)
      : command_(std::move(command)),
        positional_(std::move(positional)),
        description_(std::move(description)) {}

  void String(const std::string& name, std::string* target,
              const std::string& value_name, const std::string& help);
  void Int(const std::string& name, int64_t* target,
           const std::string& value_name, const std::string& help);
  void Double(const std::string& name, double* target,
              const std::string& value_name, const std::string& help);
  void Bool(const std::string& name, bool* target, const std::string& help);
  // A flag that may be given several times: each value appended to
  // *target, in the order given.
  void Strings(const std::string& name, std::vector<std::string>* target,
               const std::string& value_name, const std::string& help);

  // Parses argv[0..argc) (the arguments after the subcommand name). Returns
  // an exit status when the command should stop now: 0 after --help, 2
  // after an error (already printed to stderr); nullopt to go on.
  std::optional<int> Parse(int argc, char** argv,
                           std::vector<std::string>* positional);

  // The --help text.
  std::string Help() const;

  // Prints "warlight <command>: <message> (see --help)" to stderr; returns 2.
  int Fail(const std::string& message) const;

 private:
  struct Flag {
    std::string name, value_name, help;
    bool takes_value;
    // Stores the value given on the command line; returns the error message
    // when it is not one ("--games needs an integer, not 'x'"), else "".
    std::function<std::string(const std::string& value)> set;
    std::string default_text;  // for the help, captured when declared
  };
  // Declares every flag, --help and the positional arguments to app.
  void Declare(CLI::App* app, std::vector<std::string>* positional) const;
  // argv with each "--name=VALUE" of a flag that takes a value split in two.
  std::vector<std::string> SplitValues(int argc, char** argv) const;

  std::string command_, positional_, description_;
  std::vector<Flag> flags_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_CLI_H_
