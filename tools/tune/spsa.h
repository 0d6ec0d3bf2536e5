// spsa.h: the arithmetic of `warlight tune`: simultaneous perturbation
// stochastic approximation as fishtest runs it for chess engines, with no
// I/O (tune.h plays the games).
//
// Each parameter i has a start theta0, bounds [min, max], c_end (the
// perturbation at the end, by default the parameter's step) and r_end
// (the learning rate at the end, 0.002). Over N iterations, with
// gamma = 0.101, alpha = 0.602 and A = 0.1 N:
//   c_k = c / (k + 1)^gamma,          c = c_end N^gamma
//   a_k = a / (A + k + 1)^alpha,      a = r_end c_end^2 (A + N)^alpha
// (per parameter, so that c_{N-1} ~ c_end and a_k / c_k^2 ~ r_end at the
// end). Iteration k draws delta in {-1, +1}^p, plays theta+ = clamp(theta +
// c_k delta) against theta- = clamp(theta - c_k delta) in game pairs (each
// seed in both seats), and with result = theta+'s points minus theta-'s
// (wins minus losses) over its pairs, moves
//   theta_i <- clamp(theta_i + a_k / c_k result delta_i).
// Everything drawn depends on (seed, k) only, so that a resumed run plays
// the iterations it did not finish exactly as an uninterrupted one.
//
//   std::vector<SpsaParam> params = {{"land", 20, 0, 100, 5, 0.002}};
//   Spsa spsa(params, /*iterations=*/200);
//   std::vector<double> theta = spsa.Start();
//   for (int k = 0; k < 200; ++k) {
//     SpsaStep step = spsa.Step(theta, k, /*seed=*/1);
//     double result = ...;  // play step.plus against step.minus
//     theta = spsa.Update(step, result);
//   }
#ifndef WL_TOOLS_TUNE_SPSA_H_
#define WL_TOOLS_TUNE_SPSA_H_

#include <cstdint>
#include <string>
#include <vector>

namespace wl::tools {

constexpr double kSpsaGamma = 0.101;
constexpr double kSpsaAlpha = 0.602;
constexpr double kSpsaDefaultREnd = 0.002;

struct SpsaParam {
  std::string name;
  double start = 0;
  double min = 0, max = 0;
  double c_end = 1;
  double r_end = kSpsaDefaultREnd;
  // An int parameter: theta stays real (SPSA's small steps add up), the
  // bot gets and every printout shows its nearest integer (Applied).
  bool integer = false;
};

// The value `p` is played and shown at: theta, rounded for an integer.
double Applied(const SpsaParam& p, double theta);

// One iteration's draw and its two probes.
struct SpsaStep {
  int k = 0;
  std::vector<double> theta;  // before
  std::vector<int> delta;     // each -1 or +1
  std::vector<double> c, a;   // c_k and a_k per parameter
  std::vector<double> plus, minus;
};

class Spsa {
 public:
  Spsa(std::vector<SpsaParam> params, int iterations);

  const std::vector<SpsaParam>& params() const { return params_; }
  int iterations() const { return iterations_; }
  // Each parameter's start, clamped to its bounds.
  std::vector<double> Start() const;
  // c_k and a_k of parameter i.
  double C(size_t i, int k) const;
  double A(size_t i, int k) const;
  // Iteration k from `theta`: delta drawn from (seed, k), the probes.
  SpsaStep Step(const std::vector<double>& theta, int k, int64_t seed) const;
  // theta after iteration `step` scored `result` (theta+'s points minus
  // theta-'s over its games).
  std::vector<double> Update(const SpsaStep& step, double result) const;

 private:
  double Clamp(size_t i, double x) const;

  std::vector<SpsaParam> params_;
  int iterations_;
};

// A seed derived from (seed, k, salt): iteration k's games and delta.
int64_t IterationSeed(int64_t seed, int k, uint64_t salt);

}  // namespace wl::tools

#endif  // WL_TOOLS_TUNE_SPSA_H_
