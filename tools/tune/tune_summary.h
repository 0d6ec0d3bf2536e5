// tune_summary.h: what `warlight tune` reports at its end (tune.h): the
// parameters' table and tune.json, the pool's per-opponent scores, and the
// confirmation match's paragraph. Internal to tools/tune/tune.cpp.
#ifndef WL_TOOLS_TUNE_TUNE_SUMMARY_H_
#define WL_TOOLS_TUNE_TUNE_SUMMARY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "arena/stats.h"
#include "boost/json.hpp"
#include "common/bot_params.h"
#include "tune/spsa.h"
#include "tune/tune.h"

namespace wl::tools {

// What the games against one opponent of the pool scored.
struct OpponentTally {
  int64_t games = 0;       // theta+'s (theta- played as many on the same seeds)
  double plus = 0;         // theta+'s points
  double minus = 0;        // theta-'s points
  int64_t pool_games = 0;  // --pool-games: the tuned values' (and defaults')
  double tuned = 0;
  double defaults = 0;
};

// The confirmation match: its games and its pairs.
struct Confirmation {
  Score score;
  Pentanomial pairs;
};

// A number as JSON writes it ("0.5", "3").
std::string Number(double x);

// Each parameter's name and its value as played (Applied).
ParamValues Values(const std::vector<SpsaParam>& params,
                   const std::vector<double>& theta);

// The summary's table: one row per parameter, with the schedule's ends.
std::string SummaryTable(const Spsa& spsa, const std::vector<double>& theta);

// The pool's table: per opponent, the tuning games (theta+'s and theta-'s
// scores) or, with `pool_games`, the tuned values' and the defaults'.
std::string PoolTable(const TuneConfig& c,
                      const std::vector<OpponentTally>& tally, bool pool_games);

// tune.json's "opponents": one object per bot of the pool.
boost::json::array PoolJson(const TuneConfig& c,
                            const std::vector<OpponentTally>& tally);

// tune.json without the confirmation: settings, parameters, result.
boost::json::object SummaryJson(const TuneConfig& c, const Spsa& spsa,
                                const std::vector<double>& theta);

// The confirmation as text (one paragraph) and into `summary`.
std::string ConfirmationText(const Confirmation& r,
                             boost::json::object* summary);

}  // namespace wl::tools

#endif  // WL_TOOLS_TUNE_TUNE_SUMMARY_H_
