// tune_log.h: the log of `warlight tune` (tune.h): a settings line, then
// one JSON line per finished iteration, appended and flushed as each ends,
// so that a re-run of the same command resumes after the last whole line.
//
//   absl::StatusOr<TuneLog> log = OpenTuneLog("tune.jsonl", settings);
//   // log->done: the iterations already played, in order (k = 0, 1, ...)
//   std::string line =
//       IterationJson(params, step, results, against, result, theta);
#ifndef WL_TOOLS_TUNE_TUNE_LOG_H_
#define WL_TOOLS_TUNE_TUNE_LOG_H_

#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boost/json.hpp"
#include "tune/spsa.h"

namespace wl::tools {

// What a log line keeps of an iteration.
struct TuneIteration {
  int k = 0;
  double result = 0;
  std::vector<double> theta;    // after
  std::vector<double> results;  // as IterationJson's
  std::vector<int> against;     // as IterationJson's; empty when absent
};

// One iteration's line (no newline): k, c_k, a_k, delta, theta+ and theta-
// as played (an integer parameter's rounded: Applied), the results of
// theta+ in each game (against a pool or one opponent: theta+'s games,
// then theta-'s on the same seeds), their sum, theta after (exact: a resumed
// run goes on from it). `against` (written when not empty): the index in
// the pool of each of theta+'s games' opponent (theta-'s are the same).
std::string IterationJson(const std::vector<SpsaParam>& params,
                          const SpsaStep& step,
                          const std::vector<double>& results,
                          const std::vector<int>& against, double result,
                          const std::vector<double>& theta);

struct TuneLog {
  std::vector<TuneIteration> done;
  std::vector<std::string> warnings;  // "FILE:LINE: why"
  std::FILE* file = nullptr;          // open for appending (the caller closes)
};

// Reads `path` (a missing file is a new log), refuses it when its settings
// line differs from `settings` (one line naming the first difference),
// keeps its whole iteration lines k = 0, 1, ... (a line cut short is
// dropped with a warning), rewrites it whole and opens it to append.
// `params` is the number of parameters each line holds.
absl::StatusOr<TuneLog> OpenTuneLog(const std::string& path,
                                    const boost::json::object& settings,
                                    size_t params);

}  // namespace wl::tools

#endif  // WL_TOOLS_TUNE_TUNE_LOG_H_
