// progress.h: the progress line the arena and the tuner draw on stderr, and
// the std::cout sink they use while bots play in process.
//
// On a terminal the line is redrawn in place at most every 200 ms; otherwise
// a full line is printed at most every 10 s. The final line always prints
// and ends with a newline:
//
//   wl::tools::ProgressLine progress("games");
//   progress.Show(done, total, false, [&] { return " | a 55.0% vs b"; });
//   ...
//   progress.Show(done, total, true);
//   // [############............] 6/12 games, 0:03 elapsed, ~0:03 left | ...
//
//   wl::tools::Nowhere nowhere;  // drops everything written to it
//   std::streambuf* const saved = std::cout.rdbuf(&nowhere);
#ifndef WL_TOOLS_COMMON_PROGRESS_H_
#define WL_TOOLS_COMMON_PROGRESS_H_

#include <chrono>
#include <functional>
#include <streambuf>
#include <string>

namespace wl::tools {

// A stream buffer that drops everything: std::cout's while bots play in
// process, so that their prints never reach the tools' output.
struct Nowhere : std::streambuf {
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// "m:ss", or "h:mm:ss" from an hour, rounded to the second.
std::string FormatDuration(double seconds);

// The line without its leading "\r" or its end: "[####....] done/total what,
// m:ss elapsed, ~m:ss left" and `live` (which brings its own separator).
std::string ProgressText(int done, int total, const std::string& what,
                         double elapsed, double eta, const std::string& live);

// The progress line of one run. Not thread-safe: callers hold their lock.
class ProgressLine {
 public:
  // `what` names the units ("games"); `first_done` of them were done before
  // this run (a resumed one) and do not count in the time left.
  explicit ProgressLine(std::string what, int first_done = 0);

  // Restarts the clock (elapsed time counts from here).
  void Start();

  // Draws the line when it is due (always when `final_line`); `live` gives
  // the text after it, asked only when the line is drawn.
  void Show(int done, int total, bool final_line,
            const std::function<std::string()>& live = {});

 private:
  std::string what_;
  int first_done_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_PROGRESS_H_
