#include "wl/dingle_trace.h"

#include <charconv>
#include <cstring>
#include <type_traits>

namespace wl::tools {
namespace {

constexpr double kTwoTo53 = 9007199254740992.0;

void AppendEscaped(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[(c >> 4) & 0xF];
      out += kHex[c & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

// How many raw steps took `before` to `after`: JavaRandom's whole state is
// its one 48-bit word, so equal bytes are equal generators. (nextInt(bound)
// redraws hidden inside JavaRandom::NextInt show up here.)
int StepsBetween(JavaRandom before, const JavaRandom& after) {
  static_assert(std::is_trivially_copyable_v<JavaRandom>);
  int steps = 0;
  while (std::memcmp(&before, &after, sizeof before) != 0 && steps < 1000) {
    before.Next(31);
    ++steps;
  }
  return steps;
}

}  // namespace

int32_t TracingRandom::NextInt(int32_t bound) {
  const JavaRandom before = rng_;
  Draw d;
  d.kind = Draw::kIntBound;
  d.bound = bound;
  d.r = rng_.NextInt(bound);
  d.steps = StepsBetween(before, rng_);
  steps_ += d.steps;
  draws_.push_back(d);
  return static_cast<int32_t>(d.r);
}

int32_t TracingRandom::NextInt() {
  Draw d;
  d.r = rng_.NextInt();
  ++steps_;
  draws_.push_back(d);
  return static_cast<int32_t>(d.r);
}

double TracingRandom::NextDouble() {
  const double u = rng_.NextDouble();
  Draw d;
  d.kind = Draw::kDouble;
  d.r = static_cast<int64_t>(u * kTwoTo53);  // exact: u = k / 2^53
  d.steps = 2;
  steps_ += 2;
  draws_.push_back(d);
  return u;
}

std::vector<Draw> TracingRandom::TakeDraws() {
  std::vector<Draw> out;
  out.swap(draws_);
  return out;
}

std::string JavaDoubleText(double x) {
  if (x == 0) return "0.0";
  char buf[64];
  if (x >= 1e-3 && x < 1e7) {
    auto [end, ec] =
        std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed);
    std::string s(buf, end);
    if (s.find('.') == std::string::npos) s += ".0";
    return s;
  }
  auto [end, ec] =
      std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string s(buf, end);  // "1.234e-04"
  const size_t e = s.find('e');
  std::string mantissa = s.substr(0, e);
  if (mantissa.find('.') == std::string::npos) mantissa += ".0";
  int exponent = 0;
  std::from_chars(s.data() + e + 1 + (s[e + 1] == '+'), s.data() + s.size(),
                  exponent);
  return mantissa + "E" + std::to_string(exponent);
}

TraceLine::TraceLine(std::string_view ev) {
  text_ = "{\"ev\":";
  AppendEscaped(text_, ev);
}

void TraceLine::Key(std::string_view key) {
  text_ += ',';
  AppendEscaped(text_, key);
  text_ += ':';
}

TraceLine& TraceLine::Int(std::string_view key, int64_t value) {
  Key(key);
  text_ += std::to_string(value);
  return *this;
}

TraceLine& TraceLine::Str(std::string_view key, std::string_view value) {
  Key(key);
  AppendEscaped(text_, value);
  return *this;
}

TraceLine& TraceLine::Ints(std::string_view key,
                           const std::vector<int>& values) {
  Key(key);
  text_ += '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) text_ += ',';
    text_ += std::to_string(values[i]);
  }
  text_ += ']';
  return *this;
}

TraceLine& TraceLine::IntLists(std::string_view key,
                               const std::vector<std::vector<int>>& lists) {
  Key(key);
  text_ += '[';
  for (size_t i = 0; i < lists.size(); ++i) {
    if (i > 0) text_ += ',';
    text_ += '[';
    for (size_t j = 0; j < lists[i].size(); ++j) {
      if (j > 0) text_ += ',';
      text_ += std::to_string(lists[i][j]);
    }
    text_ += ']';
  }
  text_ += ']';
  return *this;
}

TraceLine& TraceLine::Draws(std::string_view key,
                            const std::vector<Draw>& draws) {
  Key(key);
  text_ += '[';
  for (size_t i = 0; i < draws.size(); ++i) {
    const Draw& d = draws[i];
    if (i > 0) text_ += ',';
    if (d.kind == Draw::kDouble) {
      text_ += "{\"m\":\"nextDouble\",\"r\":" +
               JavaDoubleText(static_cast<double>(d.r) / kTwoTo53) +
               ",\"k53\":" + std::to_string(d.r) + "}";
      continue;
    }
    text_ += "{\"m\":\"nextInt\",";
    if (d.kind == Draw::kIntBound) {
      text_ += "\"bound\":" + std::to_string(d.bound) + ",";
    }
    text_ += "\"r\":" + std::to_string(d.r);
    if (d.kind == Draw::kIntBound && d.steps > 1) {
      text_ += ",\"steps\":" + std::to_string(d.steps);
    }
    text_ += '}';
  }
  text_ += ']';
  return *this;
}

std::string TraceLine::Done() {
  text_ += "}\n";
  return std::move(text_);
}

}  // namespace wl::tools
