#include "sdk/cli/flags.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "sdk/cli/terminal.h"
#include "sdk/common/closest_name.h"

namespace wl::cli {

namespace {

// True when the help text already states its default ("(default: a random
// one)"): the generated "(default: VALUE)" would say it twice.
bool MentionsDefault(const std::string& help) {
  std::string lower = help;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return lower.find("default") != std::string::npos;
}

// An error found by a flag's own check: what() is the whole message.
class FlagError : public CLI::ParseError {
 public:
  explicit FlagError(const std::string& message)
      : CLI::ParseError("FlagError", message, CLI::ExitCodes::ValidationError) {
  }
};

// An option no flag declares, found while the arguments are read.
class UnknownOptionError : public CLI::ParseError {
 public:
  explicit UnknownOptionError(const std::string& option)
      : CLI::ParseError("UnknownOptionError", "unknown option " + option,
                        CLI::ExitCodes::ExtrasError),
        option_(option) {}
  const std::string& option() const { return option_; }

 private:
  std::string option_;
};

// The first argument CLI11 could not place so far: an option no flag
// declares, without its "=VALUE" ("--" marks are kept there too, and are no
// options). Empty when there is none.
std::string FirstUnknown(const CLI::App& app) {
  for (const std::string& arg : app.remaining()) {
    if (arg != "--") return arg.substr(0, arg.find('='));
  }
  return "";
}

// CLI11 reports unknown options once all arguments are read; a flag's check
// calls this first, so that an unknown option before it is the one reported.
void ThrowIfUnknownSoFar(const CLI::App& app) {
  const std::string unknown = FirstUnknown(app);
  if (!unknown.empty()) throw UnknownOptionError(unknown);
}

// `v` as the help and the errors show a bound: 10000000, not 1e+07.
std::string FormatBound(double v) {
  if (std::abs(v) < 1e15 && v == std::floor(v)) {
    return std::to_string(static_cast<int64_t>(v));
  }
  std::ostringstream text;
  text << v;
  return text.str();
}

}  // namespace

void Flags::Add(Flag flag) {
  for (const Flag& f : flags_) {
    if (f.name == flag.name) {
      declare_error_ = "--" + flag.name + " is declared twice";
    }
  }
  if (flag.name == "help") declare_error_ = "--help is declared by Flags";
  flags_.push_back(std::move(flag));
}

void Flags::String(const std::string& name, std::string* target,
                   const std::string& value_name, const std::string& help) {
  Add({name, value_name, help, true, 0,
       [target](const std::string& value) {
         *target = value;
         return std::string();
       },
       *target});
}

void Flags::Int(const std::string& name, int64_t* target,
                const std::string& value_name, const std::string& help,
                IntRange range) {
  // std::from_chars, not CLI11's strtoll: no base prefixes, no silent
  // clamping of an overflow.
  auto set = [name, target, range](const std::string& value) {
    int64_t v = 0;
    const char* end = value.data() + value.size();
    auto [p, ec] = std::from_chars(value.data(), end, v);
    const bool ranged = range.min != INT64_MIN || range.max != INT64_MAX;
    const bool too_large = ec == std::errc::result_out_of_range && p == end;
    if ((ec != std::errc() || p != end) && !(too_large && ranged)) {
      return "--" + name + " needs an integer, not '" + value + "'";
    }
    if (too_large || v < range.min || v > range.max) {
      return "--" + name + " must be from " + std::to_string(range.min) +
             " to " + std::to_string(range.max) + ", not '" + value + "'";
    }
    *target = v;
    return std::string();
  };
  Add({name, value_name, help, true, 0, set, std::to_string(*target)});
}

void Flags::Uint64(const std::string& name, uint64_t* target,
                   const std::string& value_name, const std::string& help) {
  auto set = [name, target](const std::string& value) {
    uint64_t v = 0;
    const char* end = value.data() + value.size();
    auto [p, ec] = std::from_chars(value.data(), end, v);
    if (ec != std::errc() || p != end) {
      return "--" + name + " needs an integer from 0 to " +
             std::to_string(UINT64_MAX) + ", not '" + value + "'";
    }
    *target = v;
    return std::string();
  };
  Add({name, value_name, help, true, 0, set, std::to_string(*target)});
}

void Flags::Double(const std::string& name, double* target,
                   const std::string& value_name, const std::string& help,
                   double min, double max) {
  auto set = [name, target, min, max](const std::string& value) {
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0') {
      return "--" + name + " needs a number, not '" + value + "'";
    }
    const bool bounded = min != -HUGE_VAL || max != HUGE_VAL;
    if (bounded && !(v >= min && v <= max)) {
      return "--" + name + " must be from " + FormatBound(min) + " to " +
             FormatBound(max) + ", not '" + value + "'";
    }
    *target = v;
    return std::string();
  };
  std::ostringstream default_text;
  default_text << *target;
  Add({name, value_name, help, true, 0, set, default_text.str()});
}

void Flags::Bool(const std::string& name, bool* target,
                 const std::string& help) {
  // CLI11 hands a flag "true" when given alone, VALUE for --name=VALUE.
  auto set = [name, target](const std::string& value) {
    if (value != "true" && value != "false") {
      return "--" + name + " takes no value";
    }
    *target = value == "true";
    return std::string();
  };
  Add({name, "", help, false, 0, set, ""});
}

void Flags::Strings(const std::string& name, std::vector<std::string>* target,
                    const std::string& value_name, const std::string& help) {
  Add({name, value_name, help, true, 0,
       [target](const std::string& value) {
         target->push_back(value);
         return std::string();
       },
       ""});
}

void Flags::Short(const std::string& name, char letter) {
  Flag* flag = nullptr;
  bool taken =
      letter == 'h' || !std::isalpha(static_cast<unsigned char>(letter));
  for (Flag& f : flags_) {
    taken |= f.letter == letter;
    if (f.name == name) flag = &f;
  }
  if (taken) {
    declare_error_ = std::string("-") + letter + " cannot be an alias";
  } else if (!flag) {
    declare_error_ = std::string("-") + letter + " aliases --" + name +
                     ", which is not declared";
  } else {
    flag->letter = letter;
  }
}

std::string Flags::Help() const {
  std::ostringstream out;
  out << "usage: " << program_ << " [options]"
      << (positional_.empty() ? "" : " " + positional_) << "\n\n"
      << description_ << "\n\noptions:\n";
  for (const Flag& f : flags_) {
    std::string left = "  --" + f.name;
    if (f.takes_value) left += " " + f.value_name;
    if (f.letter) {
      left += std::string(", -") + f.letter;
      if (f.takes_value) left += " " + f.value_name;
    }
    out << left;
    if (left.size() < 24) {
      out << std::string(24 - left.size(), ' ');
    } else {
      out << "\n" << std::string(24, ' ');
    }
    out << f.help;
    if (!f.default_text.empty() && f.default_text != "0" &&
        !MentionsDefault(f.help)) {
      out << " (default: " << f.default_text << ")";
    }
    out << "\n";
  }
  out << "  --help                print this help\n";
  return out.str();
}

int Flags::FailUnknown(const std::string& option) const {
  std::vector<std::string> names = {"--help"};
  for (const Flag& f : flags_) names.push_back("--" + f.name);
  std::cerr << program_ << ": unknown option '" << EscapeForTerminal(option)
            << "'" << EscapeForTerminal(DidYouMean(option, names))
            << "; see --help\n";
  return 2;
}

int Flags::Fail(const std::string& message) const {
  // The message often quotes the user's own text (a flag, a value, a path).
  std::cerr << program_ << ": " << EscapeForTerminal(message)
            << " (see --help)\n";
  return 2;
}

void Flags::Declare(CLI::App* app, std::vector<std::string>* positional) const {
  // Every option runs its check as soon as it is read (trigger_on_parse),
  // so the first bad argument is the one reported; given twice, the last
  // value wins.
  for (const Flag& f : flags_) {
    auto check = [app, &f](const CLI::results_t& values) {
      ThrowIfUnknownSoFar(*app);
      const std::string error = f.set(values.back());
      if (!error.empty()) throw FlagError(error);
      return true;
    };
    std::string names = "--" + f.name;
    if (f.letter) names += std::string(",-") + f.letter;
    CLI::Option* option = app->add_option(names, CLI::callback_t(check));
    if (!f.takes_value) option->expected(0);
    option->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
        ->trigger_on_parse();
  }
  app->set_help_flag();  // ours stops at once, like any other flag
  auto help = [app](const CLI::results_t&) -> bool {
    ThrowIfUnknownSoFar(*app);
    throw CLI::CallForHelp();
  };
  app->add_option("-h,--help", CLI::callback_t(help))
      ->expected(0)
      ->trigger_on_parse();
  // As many positional arguments as given, each kept as is (a fixed count,
  // not CLI11's vector mode, which would split "[a,b]").
  const int any = CLI::detail::expected_max_vector_size;
  auto keep = [positional](const CLI::results_t& values) {
    positional->insert(positional->end(), values.begin(), values.end());
    return true;
  };
  app->add_option("positional", CLI::callback_t(keep))
      ->expected(any, any)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

const Flags::Flag* Flags::FlagOf(std::string_view option) const {
  for (const Flag& f : flags_) {
    if ((option.size() == f.name.size() + 2 && option.substr(0, 2) == "--" &&
         option.substr(2) == f.name) ||
        (f.letter && option.size() == 2 && option[0] == '-' &&
         option[1] == f.letter)) {
      return &f;
    }
  }
  return nullptr;
}

std::string Flags::JoinedAlias(int argc, char** argv) const {
  // CLI11 reads "-p80" as "-p 80", "-port" as "-p ort" and "-hx" as -h:
  // an alias stands alone here ("-5" stays a positional argument). A value
  // of the flag before is left alone, and so is all after "--".
  bool value_next = false;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return "";
    const bool joined = !value_next && arg.size() > 2 && arg[0] == '-' &&
                        arg[1] != '-' &&
                        (arg[1] == 'h' || FlagOf(arg.substr(0, 2)));
    if (joined) return arg.substr(0, arg.find('='));
    const Flag* f = FlagOf(arg);
    value_next = f && f->takes_value;
  }
  return "";
}

std::vector<std::string> Flags::SplitValues(int argc, char** argv) const {
  // "--name=VALUE" of a flag that takes a value becomes "--name" "VALUE", so
  // that an empty VALUE stays empty: CLI11 alone would take the next
  // argument for "--map=". Anything after "--" is left as it is.
  std::vector<std::string> args;
  bool options = true;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    options = options && arg != "--";
    const size_t eq = arg.find('=');
    const Flag* f =
        options && arg.rfind("--", 0) == 0 && eq != std::string::npos
            ? FlagOf(std::string_view(arg).substr(0, eq))
            : nullptr;
    if (!f || !f->takes_value) {
      args.push_back(arg);
      continue;
    }
    args.push_back(arg.substr(0, eq));
    args.push_back(arg.substr(eq + 1));
  }
  return args;
}

std::optional<int> Flags::Parse(int argc, char** argv,
                                std::vector<std::string>* positional) {
  // A program's own mistake, found when it declared its flags.
  if (!declare_error_.empty()) return Fail("flags: " + declare_error_);
  if (const std::string joined = JoinedAlias(argc, argv); !joined.empty()) {
    return FailUnknown(joined);
  }
  CLI::App app(description_, program_);
  Declare(&app, positional);
  std::vector<std::string> args = SplitValues(argc, argv);
  std::reverse(args.begin(), args.end());  // CLI11 reads from the back
  try {
    app.parse(std::move(args));
  } catch (const CLI::CallForHelp&) {
    std::cout << Help();
    return 0;
  } catch (const UnknownOptionError& e) {
    return FailUnknown(e.option());
  } catch (const FlagError& e) {
    return Fail(e.what());
  } catch (const CLI::ArgumentMismatch&) {
    // Only the last argument can miss its value.
    const std::string unknown = FirstUnknown(app);
    if (!unknown.empty()) return FailUnknown(unknown);
    const std::string last = argv[argc - 1];
    return Fail(last.substr(0, last.find('=')) + " needs a value");
  } catch (const CLI::ExtrasError&) {
    return FailUnknown(FirstUnknown(app));
  } catch (const CLI::ParseError& e) {
    return Fail(e.what());
  }
  return std::nullopt;
}

std::optional<int> Flags::ParseProgram(int argc, char** argv) {
  std::vector<std::string> args;
  if (std::optional<int> exit =
          Parse(argc > 0 ? argc - 1 : 0, argv + (argc > 0), &args)) {
    return exit;
  }
  if (!args.empty()) return Fail("unexpected argument '" + args[0] + "'");
  return std::nullopt;
}

void DeclareSearchFlags(Flags& flags, int64_t* iterations, double* max_turn_ms,
                        double* time_share, const std::string& turn_time) {
  flags.Int("iterations", iterations, "N",
            "iterations a turn, reproducible (0: by time)", {0, 1000000000});
  flags.Double("max-turn-ms", max_turn_ms, "MS",
               "search at most MS ms a turn (0: no cap)", 0, 1e7);
  flags.Double("time-share", time_share, "F", "search F of " + turn_time, 0, 1);
}

std::string ProgramName(int argc, char** argv, const std::string& fallback) {
  if (argc < 1 || !argv[0] || !*argv[0]) return fallback;
  const std::string path = argv[0];
  const std::string name = path.substr(path.find_last_of('/') + 1);
  return name.empty() ? fallback : name;
}

}  // namespace wl::cli
