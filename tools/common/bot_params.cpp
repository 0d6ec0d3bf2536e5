#include "common/bot_params.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "common/process.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {
namespace {

// What a bot process may print for --list-params.
constexpr size_t kMaxListBytes = 1 << 16;

bool SafeName(const std::string& name) {
  if (name.empty() || name.size() > 100) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           c == '-' || c == '.';
  });
}

absl::Status NotTunable(const std::string& name) {
  return absl::InvalidArgumentError("bot '" +
                                    cli::EscapeForTerminal(name, 100) +
                                    "' declares no parameters (it is not a "
                                    "wl::Tunable, sdk/common/param_set.h)");
}

// Reads `fd` to its end (or `want` bytes), keeping at most kMaxListBytes,
// until `deadline`; false on the deadline.
bool ReadAll(int fd, std::chrono::steady_clock::time_point deadline,
             std::string* out, size_t want = 0) {
  char buf[4096];
  while (!want || out->size() < want) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    if (out->size() < kMaxListBytes) out->append(buf, static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

absl::Status SetTunableParams(wl::Tunable* bot, const std::string& name,
                              const ParamValues& values) {
  if (!bot) return NotTunable(name);
  wl::ParamSet params = wl::ParamsOf(*bot);
  for (const auto& [param, value] : values) {
    const wl::Param* p = params.Find(param);
    if (!p) {
      return absl::InvalidArgumentError(
          "bot '" + cli::EscapeForTerminal(name, 100) + "' has no parameter '" +
          cli::EscapeForTerminal(param, 100) + "'");
    }
    const std::string why =
        params.Set(param, std::clamp(value, p->min, p->max));
    if (!why.empty())
      return absl::InvalidArgumentError(cli::EscapeForTerminal(name, 100) +
                                        ": " + why);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<wl::Param>> DetachedParams(wl::Tunable* bot,
                                                      const std::string& name) {
  if (!bot) return NotTunable(name);
  std::vector<wl::Param> params = wl::ParamsOf(*bot).params();
  for (wl::Param& p : params) p.real = nullptr, p.integer = nullptr;
  return params;
}

std::string ParamFlags(const ParamValues& values) {
  std::string flags;
  char number[64];
  for (const auto& [name, value] : values) {
    // The fewest digits that read back as `value`.
    for (int digits = 1; digits <= 17; ++digits) {
      std::snprintf(number, sizeof number, "%.*g", digits, value);
      if (std::strtod(number, nullptr) == value) break;
    }
    flags += " --param " + name + "=" + number;
  }
  return flags;
}

absl::StatusOr<std::vector<wl::Param>> ParseParamList(const std::string& text,
                                                      const std::string& who) {
  std::vector<wl::Param> params;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream in(line);
    wl::Param p;
    std::string kind, rest;  // kind: "int" or none
    const bool read = static_cast<bool>(in >> p.name >> p.value >> p.min >>
                                        p.max >> p.step) &&
                      (!(in >> kind) || (kind == "int" && !(in >> rest)));
    p.is_integer = kind == "int";
    if (!read || !SafeName(p.name) || !std::isfinite(p.min) ||
        !std::isfinite(p.max) || !std::isfinite(p.step) || p.min > p.max ||
        p.value < p.min || p.value > p.max || p.step < 0) {
      return absl::InvalidArgumentError(
          who + " --list-params printed \"" + cli::EscapeForTerminal(line, 80) +
          "\", not \"NAME DEFAULT MIN MAX STEP [int]\" with MIN <= DEFAULT "
          "<= MAX");
    }
    params.push_back(p);
  }
  if (params.empty())
    return absl::InvalidArgumentError(who +
                                      " --list-params printed no parameter");
  return params;
}

absl::StatusOr<std::vector<wl::Param>> ListParamsOfCommand(
    const std::string& command, std::chrono::milliseconds deadline) {
  const std::string who = "bot '" + cli::EscapeForTerminal(command, 100) + "'";
  SpawnedChild child;
  absl::Status started =
      SpawnSupervised(command + " --list-params", ProcessOptions(), child);
  std::string out;
  bool ended = false;
  if (started.ok()) {
    child.stdin_write.Reset();
    child.stderr_read.Reset();
    ended = ReadAll(child.stdout_read.get(),
                    std::chrono::steady_clock::now() + deadline, &out);
  }
  int status = -1;
  std::string report;
  if (ended &&
      ReadAll(child.report_read.get(),
              std::chrono::steady_clock::now() + deadline, &report,
              sizeof status) &&
      report.size() >= sizeof status) {
    std::memcpy(&status, report.data(), sizeof status);
  }
  if (child.pid > 0) ::kill(-child.pid, SIGKILL);
  child.lifeline.Reset();
  if (child.supervisor > 0)
    WaitForChild(child.supervisor, std::chrono::seconds(5));
  if (!started.ok())
    return absl::UnavailableError(who + ": " + std::string(started.message()));
  if (!ended) {
    return absl::DeadlineExceededError(
        who + " did not answer --list-params within " +
        std::to_string(deadline.count()) + " ms");
  }
  if (status != 0) {
    return absl::InvalidArgumentError(who +
                                      " --list-params did not exit with 0");
  }
  return ParseParamList(out, who);
}

}  // namespace wl::tools
