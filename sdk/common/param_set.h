// param_set.h: a bot's numeric parameters, for every game: a bot declares
// them (wl::Tunable), and `warlight tune` (or anyone) reads and sets them
// through a wl::ParamSet. A Warlight bot process also takes them as
// `--param NAME=VALUE` flags (sdk/wl/tunable.h).
//
// clang-format off
//   class MyBot : public wl::berlin::Bot, public wl::Tunable {
//    public:
//     void DeclareParams(wl::ParamSet& params) override {
//       //        name            field          min  max  step
//       params.Add("attack_share", &attack_share_, 0.0, 1.0, 0.05);
//       params.Add("reserve", &reserve_, 0, 20, 1);  // int fields too
//     }
//    private:
//     double attack_share_ = 0.6;   // the defaults are the fields' values
//     int reserve_ = 4;
//   };
//   wl::ParamSet params = wl::ParamsOf(bot);
//   std::string why = params.Set("reserve", 6);  // "" when done
// clang-format on
//
// `step` is the change the parameter's owner expects to matter: the tuner's
// perturbation starts there. Header-only, C++17 standard library only.
#ifndef WL_SDK_COMMON_PARAM_SET_H_
#define WL_SDK_COMMON_PARAM_SET_H_

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "sdk/common/closest_name.h"

namespace wl {

// One declared parameter and where it lives.
struct Param {
  std::string name;
  double value = 0;  // at declaration: the default
  double min = 0, max = 0, step = 0;
  double* real = nullptr;   // at most one of the two is set (none when
  int* integer = nullptr;   // the parameter was read from --list-params)
  bool is_integer = false;  // an int parameter: set to the nearest integer
};

// `p`'s value as applied: the nearest integer for an int parameter.
inline double AppliedValue(const Param& p, double value) {
  return p.is_integer ? std::round(value) : value;
}

// The parameters a bot declares (DeclareParams), in declaration order.
class ParamSet {
 public:
  void Add(const std::string& name, double* field, double min, double max,
           double step) {
    params_.push_back({name, *field, min, max, step, field, nullptr});
  }
  void Add(const std::string& name, int* field, int min, int max, int step) {
    params_.push_back({name, double(*field), double(min), double(max),
                       double(step), nullptr, field, true});
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
    std::vector<std::string> names;
    for (const Param& p : params_) names.push_back(p.name);
    return "no parameter named '" + name + "'" + DidYouMean(name, names);
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

// "NAME=VALUE" as a name and a number into *name and *value; "" when it is
// one, else what is wrong with it ("'x' is not a number").
inline std::string ParseParamAssignment(const std::string& text,
                                        std::string* name, double* value) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos) return "no '=' (NAME=VALUE)";
  if (eq == 0) return "no NAME before '=' (NAME=VALUE)";
  if (eq + 1 == text.size()) return "no VALUE after '=' (NAME=VALUE)";
  const std::string number = text.substr(eq + 1);
  char* end = nullptr;
  const double x = std::strtod(number.c_str(), &end);
  if (*end != '\0' || !std::isfinite(x))
    return "'" + number + "' is not a number";
  *name = text.substr(0, eq);
  *value = x;
  return "";
}

// One line of --list-params: "NAME DEFAULT MIN MAX STEP", then " int" for
// an int parameter.
inline std::string ParamLine(const Param& p) {
  std::ostringstream line;
  line << p.name << " " << p.value << " " << p.min << " " << p.max << " "
       << p.step << (p.is_integer ? " int" : "");
  return line.str();
}

}  // namespace wl

#endif  // WL_SDK_COMMON_PARAM_SET_H_
