// tunable.h: a bot's numeric parameters, declared so that `warlight tune`
// (and anyone) can set them: in process through the Tunable interface, in a
// bot process through `--param NAME=VALUE` flags.
//
//   class MyBot : public wl::Bot, public wl::Tunable {
//    public:
//     void DeclareParams(wl::ParamSet& params) override {
//       //        name            field          min  max  step
//       params.Add("attack_share", &attack_share_, 0.0, 1.0, 0.05);
//       params.Add("reserve", &reserve_, 0, 20, 1);  // int fields too
//     }
//     ...
//    private:
//     double attack_share_ = 0.6;   // the defaults are the fields' values
//     int reserve_ = 4;
//   };
//
//   int main(int argc, char** argv) {
//     MyBot bot(wl::SeedFromArgs(argc, argv));
//     if (int exit = wl::ApplyParamArgs(argc, argv, bot); exit >= 0)
//       return exit;                   // --list-params, or a bad --param
//     return wl::Run(bot);
//   }
//
// `mybot --list-params` prints one line per parameter, "NAME DEFAULT MIN MAX
// STEP", and exits 0; `mybot --param reserve=6 --param attack_share=0.5`
// sets them before the game. An unknown name, a value that is not a number
// or one outside [MIN, MAX] is one line on stderr and exit status 2. An int
// parameter takes the nearest integer. `step` is the change the parameter's
// owner expects to matter: the tuner's perturbation starts there.
// C++17 standard library only.
#ifndef WL_TUNABLE_H_
#define WL_TUNABLE_H_

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace wl {

// One declared parameter and where it lives.
struct Param {
  std::string name;
  double value = 0;  // at declaration: the default
  double min = 0, max = 0, step = 0;
  double* real = nullptr;  // exactly one of the two is set
  int* integer = nullptr;
};

// The parameters a bot declares (DeclareParams), in declaration order.
class ParamSet {
 public:
  void Add(const std::string& name, double* field, double min, double max,
           double step) {
    params_.push_back({name, *field, min, max, step, field, nullptr});
  }
  void Add(const std::string& name, int* field, int min, int max, int step) {
    params_.push_back({name, double(*field), double(min), double(max),
                       double(step), nullptr, field});
  }
  const std::vector<Param>& params() const { return params_; }
  const Param* Find(const std::string& name) const {
    for (const Param& p : params_) {
      if (p.name == name) return &p;
    }
    return nullptr;
  }
  // Sets NAME to VALUE; "" when done, else why not (one line).
  std::string Set(const std::string& name, double value) {
    for (Param& p : params_) {
      if (p.name != name) continue;
      if (!std::isfinite(value) || value < p.min || value > p.max) {
        std::ostringstream why;
        why << name << "=" << value << " is outside [" << p.min << ", " << p.max
            << "]";
        return why.str();
      }
      if (p.real) *p.real = value;
      if (p.integer) *p.integer = static_cast<int>(std::lround(value));
      return "";
    }
    return "no parameter named '" + name + "'";
  }

 private:
  std::vector<Param> params_;
};

// What a tunable bot implements, beside its game's bot class.
class Tunable {
 public:
  virtual ~Tunable() = default;
  // Declares every parameter: params.Add(name, &field, min, max, step).
  virtual void DeclareParams(ParamSet& params) = 0;
};

// The parameters of `bot`, as declared now (their values: the current ones).
inline ParamSet ParamsOf(Tunable& bot) {
  ParamSet params;
  bot.DeclareParams(params);
  return params;
}

// "NAME=VALUE" as a name and a number; nullopt when it is not one.
inline std::optional<std::pair<std::string, double>> ParseParamAssignment(
    const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return std::nullopt;
  const std::string number = text.substr(eq + 1);
  char* end = nullptr;
  const double value = std::strtod(number.c_str(), &end);
  if (*end != '\0' || !std::isfinite(value)) return std::nullopt;
  return std::make_pair(text.substr(0, eq), value);
}

// Handles --list-params and every --param NAME=VALUE (or --param=NAME=VALUE)
// of the command line for `bot`. Returns -1 to go on and play, else the
// exit status: 0 after --list-params, 2 after a bad --param (one line on
// `err`). Other arguments are left to the bot.
inline int ApplyParamArgs(int argc, char** argv, Tunable& bot,
                          std::ostream& out = std::cout,
                          std::ostream& err = std::cerr) {
  ParamSet params = ParamsOf(bot);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--list-params") == 0) {
      for (const Param& p : params.params()) {
        out << p.name << " " << p.value << " " << p.min << " " << p.max << " "
            << p.step << "\n";
      }
      return 0;
    }
  }
  for (int i = 1; i < argc; ++i) {
    std::string text;
    if (std::strcmp(argv[i], "--param") == 0) {
      if (i + 1 == argc) {
        err << "bot: --param needs NAME=VALUE\n";
        return 2;
      }
      text = argv[++i];
    } else if (std::strncmp(argv[i], "--param=", 8) == 0) {
      text = argv[i] + 8;
    } else {
      continue;
    }
    const auto assignment = ParseParamAssignment(text);
    if (!assignment) {
      err << "bot: bad --param '" << text << "': NAME=VALUE, VALUE a number\n";
      return 2;
    }
    const std::string why = params.Set(assignment->first, assignment->second);
    if (!why.empty()) {
      err << "bot: bad --param: " << why << " (see --list-params)\n";
      return 2;
    }
  }
  return -1;
}

}  // namespace wl

#endif  // WL_TUNABLE_H_
