#include "common/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace wl::tools {

std::string FormatDuration(double seconds) {
  const int s = static_cast<int>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%d:%02d:%02d", s / 3600, s / 60 % 60,
                  s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
  }
  return buf;
}

std::string ProgressText(int done, int total, const std::string& what,
                         double elapsed, double eta, const std::string& live) {
  const int width = 24;
  const int filled = total ? width * done / total : width;
  const std::string bar =
      std::string(filled, '#') + std::string(width - filled, '.');
  return "[" + bar + "] " + std::to_string(done) + "/" + std::to_string(total) +
         " " + what + ", " + FormatDuration(elapsed) + " elapsed, ~" +
         FormatDuration(eta) + " left" + live;
}

ProgressLine::ProgressLine(std::string what, int first_done)
    : what_(std::move(what)), first_done_(first_done) {
  Start();
}

void ProgressLine::Start() {
  start_ = std::chrono::steady_clock::now();
  last_ = start_ - std::chrono::hours(1);
}

void ProgressLine::Show(int done, int total, bool final_line,
                        const std::function<std::string()>& live) {
  const auto now = std::chrono::steady_clock::now();
  const bool tty = ::isatty(2);
  if (!final_line &&
      now - last_ < std::chrono::milliseconds(tty ? 200 : 10000)) {
    return;
  }
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const int played = done - first_done_;
  const int left = std::max(0, total - done);
  const double eta = played > 0 ? elapsed / played * left : 0;
  const std::string text =
      ProgressText(done, total, what_, elapsed, eta, live ? live() : "");
  std::fprintf(stderr, "%s%s%s", tty ? "\r" : "", text.c_str(),
               tty && !final_line ? "   " : "\n");
  std::fflush(stderr);
}

}  // namespace wl::tools
