#include "common/cli.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "common/terminal.h"

namespace wl::tools {

namespace {

// True when the help text already states its default ("(default: a random
// one)"): the generated "(default: VALUE)" would say it twice.
bool MentionsDefault(const std::string& help) {
  std::string lower = help;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return lower.find("default") != std::string::npos;
}

}  // namespace

void Flags::Add(const std::string& name, Kind kind, void* target,
                const std::string& value_name, const std::string& help,
                std::string default_text) {
  flags_.push_back(
      {name, value_name, help, kind, target, std::move(default_text)});
}

void Flags::String(const std::string& name, std::string* target,
                   const std::string& value_name, const std::string& help) {
  Add(name, Kind::kString, target, value_name, help, *target);
}
void Flags::Int(const std::string& name, int64_t* target,
                const std::string& value_name, const std::string& help) {
  Add(name, Kind::kInt, target, value_name, help, std::to_string(*target));
}
void Flags::Double(const std::string& name, double* target,
                   const std::string& value_name, const std::string& help) {
  std::ostringstream s;
  s << *target;
  Add(name, Kind::kDouble, target, value_name, help, s.str());
}
void Flags::Bool(const std::string& name, bool* target,
                 const std::string& help) {
  Add(name, Kind::kBool, target, "", help, "");
}

std::string Flags::Help() const {
  std::ostringstream out;
  out << "usage: warlight " << command_ << " [options] " << positional_
      << "\n\n"
      << description_ << "\n\noptions:\n";
  for (const Flag& f : flags_) {
    std::string left = "  --" + f.name;
    if (f.kind != Kind::kBool) left += " " + f.value_name;
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

int Flags::Fail(const std::string& message) const {
  // The message often quotes the user's own text (a flag, a value, a path).
  std::cerr << "warlight " << command_ << ": " << EscapeForTerminal(message)
            << " (see --help)\n";
  return 2;
}

std::optional<int> Flags::Parse(int argc, char** argv,
                                std::vector<std::string>* positional) {
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << Help();
      return 0;
    }
    if (arg == "--") {
      for (++i; i < argc; ++i) positional->push_back(argv[i]);
      break;
    }
    if (arg.size() < 2 || arg[0] != '-' || arg == "-") {
      positional->push_back(arg);
      continue;
    }
    std::string name = arg.substr(arg[1] == '-' ? 2 : 1);
    std::optional<std::string> value;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const Flag* flag = nullptr;
    for (const Flag& f : flags_) {
      if (f.name == name) flag = &f;
    }
    if (!flag) return Fail("unknown option --" + name);
    if (flag->kind == Kind::kBool) {
      if (value && *value != "true" && *value != "false") {
        return Fail("--" + name + " takes no value");
      }
      *static_cast<bool*>(flag->target) = !value || *value == "true";
      continue;
    }
    if (!value) {
      if (i + 1 >= argc) return Fail("--" + name + " needs a value");
      value = argv[++i];
    }
    switch (flag->kind) {
      case Kind::kString:
        *static_cast<std::string*>(flag->target) = *value;
        break;
      case Kind::kInt: {
        int64_t v = 0;
        auto [p, ec] =
            std::from_chars(value->data(), value->data() + value->size(), v);
        if (ec != std::errc() || p != value->data() + value->size()) {
          return Fail("--" + name + " needs an integer, not '" + *value + "'");
        }
        *static_cast<int64_t*>(flag->target) = v;
        break;
      }
      case Kind::kDouble: {
        char* end = nullptr;
        double v = std::strtod(value->c_str(), &end);
        if (value->empty() || *end != '\0') {
          return Fail("--" + name + " needs a number, not '" + *value + "'");
        }
        *static_cast<double*>(flag->target) = v;
        break;
      }
      case Kind::kBool:
        break;
    }
  }
  return std::nullopt;
}

}  // namespace wl::tools
