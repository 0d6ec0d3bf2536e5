#include "tune/spsa.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "java_random.h"

namespace wl::tools {
namespace {

// SplitMix64 (the sdk's FastRandom, as the arena's schedule draws).
uint64_t Mix(uint64_t x) { return FastRandom(x).NextU64(); }

}  // namespace

int64_t IterationSeed(int64_t seed, int k, uint64_t salt) {
  const uint64_t x =
      Mix(Mix(static_cast<uint64_t>(seed) ^ salt) + static_cast<uint64_t>(k));
  return static_cast<int64_t>(x & 0x7FFFFFFF);
}

double Applied(const SpsaParam& p, double theta) {
  return p.integer ? std::round(theta) : theta;
}

Spsa::Spsa(std::vector<SpsaParam> params, int iterations)
    : params_(std::move(params)), iterations_(std::max(1, iterations)) {}

std::vector<double> Spsa::Start() const {
  std::vector<double> theta;
  for (size_t i = 0; i < params_.size(); ++i)
    theta.push_back(Clamp(i, params_[i].start));
  return theta;
}

double Spsa::C(size_t i, int k) const {
  const double c = params_[i].c_end * std::pow(iterations_, kSpsaGamma);
  return c / std::pow(k + 1, kSpsaGamma);
}

double Spsa::A(size_t i, int k) const {
  const SpsaParam& p = params_[i];
  const double big_a = 0.1 * iterations_;
  const double a =
      p.r_end * p.c_end * p.c_end * std::pow(big_a + iterations_, kSpsaAlpha);
  return a / std::pow(big_a + k + 1, kSpsaAlpha);
}

double Spsa::Clamp(size_t i, double x) const {
  return std::clamp(x, params_[i].min, params_[i].max);
}

SpsaStep Spsa::Step(const std::vector<double>& theta, int k,
                    int64_t seed) const {
  SpsaStep step;
  step.k = k;
  step.theta = theta;
  uint64_t bits = static_cast<uint64_t>(IterationSeed(seed, k, 0xD17A));
  for (size_t i = 0; i < params_.size(); ++i) {
    if (i % 31 == 30) bits = Mix(bits);
    const int d = (bits >> (i % 31)) & 1 ? 1 : -1;
    step.delta.push_back(d);
    step.c.push_back(C(i, k));
    step.a.push_back(A(i, k));
    step.plus.push_back(Clamp(i, theta[i] + step.c[i] * d));
    step.minus.push_back(Clamp(i, theta[i] - step.c[i] * d));
  }
  return step;
}

std::vector<double> Spsa::Update(const SpsaStep& step, double result) const {
  std::vector<double> theta = step.theta;
  for (size_t i = 0; i < params_.size(); ++i) {
    theta[i] =
        Clamp(i, theta[i] + step.a[i] / step.c[i] * result * step.delta[i]);
  }
  return theta;
}

}  // namespace wl::tools
