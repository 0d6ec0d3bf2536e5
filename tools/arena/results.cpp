#include "arena/results.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <set>

#include "common/files.h"
#include "common/game.h"
#include "common/json.h"

namespace wl::tools {

namespace json = boost::json;

ArenaResult::ArenaResult(int players)
    : lineup(players),
      bots(players),
      scores(players),
      ranks(players),
      winners(players),
      timeouts(players),
      failed_answers(players),
      illegal_moves(players),
      rejected_moves(players),
      failed_moves(players),
      parse_errors(players),
      time_used_ms(players),
      crashed(players),
      crash_round(players),
      crash(players) {}

namespace {

// A score as JSON: a number, or a string for a non-finite one (berlin §11).
json::value ScoreValue(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  return x;
}

double ReadScore(const json::value& v) {
  if (!v.is_string()) return v.to_number<double>();
  const std::string text(v.as_string());
  if (text == "Infinity") return HUGE_VAL;
  if (text == "-Infinity") return -HUGE_VAL;
  if (text == "NaN") return std::nan("");
  throw std::invalid_argument("bad score \"" + text + "\"");
}

template <typename T>
json::array PerSeat(const std::vector<T>& values) {
  json::array a;
  for (const T& v : values) {
    if constexpr (std::is_same_v<T, double>) {
      a.push_back(ScoreValue(v));
    } else {
      a.push_back(json::value(v));
    }
  }
  return a;
}

const json::value& Field(const json::object& o, const char* name) {
  const json::value* v = o.if_contains(name);
  if (!v) throw std::invalid_argument(std::string("no \"") + name + "\"");
  return *v;
}

// Reads o[name], an array of out->size() values.
template <typename T>
void ReadPerSeat(const json::object& o, const char* name, std::vector<T>* out) {
  const json::array& a = Field(o, name).as_array();
  if (a.size() != out->size()) {
    throw std::invalid_argument(std::string("\"") + name + "\" needs " +
                                std::to_string(out->size()) + " values");
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if constexpr (std::is_same_v<T, std::string>) {
      (*out)[i] = std::string(a[i].as_string());
    } else if constexpr (std::is_same_v<T, bool>) {
      (*out)[i] = a[i].as_bool();
    } else if constexpr (std::is_same_v<T, double>) {
      (*out)[i] = ReadScore(a[i]);
    } else {
      (*out)[i] = static_cast<T>(a[i].to_number<int64_t>());
    }
  }
}

bool AnyNonZero(const std::vector<int>& values) {
  for (int v : values) {
    if (v != 0) return true;
  }
  return false;
}

// The fields every line has, in the order 2-player lines always had them.
void AddSeatFaults(const ArenaResult& r, json::object* o) {
  (*o)["timeouts"] = PerSeat(r.timeouts);
  (*o)["illegal_moves"] = PerSeat(r.illegal_moves);
  (*o)["rejected_moves"] = PerSeat(r.rejected_moves);
  (*o)["failed_moves"] = PerSeat(r.failed_moves);
  (*o)["parse_errors"] = PerSeat(r.parse_errors);
  (*o)["time_used_ms"] = PerSeat(r.time_used_ms);
  (*o)["crashed"] = PerSeat(r.crashed);
  (*o)["crash_round"] = PerSeat(r.crash_round);
  (*o)["crash"] = PerSeat(r.crash);
}

// "player1".."playerN" or "draw".
bool ValidWinner(const std::string& winner, int players) {
  if (winner == "draw") return true;
  for (int i = 1; i <= players; ++i) {
    if (winner == "player" + std::to_string(i)) return true;
  }
  return false;
}

// A 2-player line says its seats' results by its winner alone.
void SeatsOfWinner(ArenaResult* r) {
  std::vector<SeatOutcome> seats(r->bots.size());
  ::wl::tools::SeatsFromWinner(r->winner, &seats);
  for (size_t i = 0; i < seats.size(); ++i) {
    r->scores[i] = seats[i].score;
    r->ranks[i] = seats[i].rank;
    r->winners[i] = seats[i].winner;
  }
}

// Reads the per-seat arrays of a line of r->players() seats.
void ReadSeats(const json::object& o, bool multi, ArenaResult* r) {
  ReadPerSeat(o, multi ? "lineup" : "pair", &r->lineup);
  ReadPerSeat(o, "seats", &r->bots);
  ReadPerSeat(o, "timeouts", &r->timeouts);
  ReadPerSeat(o, "illegal_moves", &r->illegal_moves);
  ReadPerSeat(o, "rejected_moves", &r->rejected_moves);
  ReadPerSeat(o, "failed_moves", &r->failed_moves);
  ReadPerSeat(o, "parse_errors", &r->parse_errors);
  ReadPerSeat(o, "time_used_ms", &r->time_used_ms);
  ReadPerSeat(o, "crashed", &r->crashed);
  ReadPerSeat(o, "crash_round", &r->crash_round);
  ReadPerSeat(o, "crash", &r->crash);
  if (o.contains("failed_answers"))
    ReadPerSeat(o, "failed_answers", &r->failed_answers);
  if (!multi) {
    if (o.contains("scores")) ReadPerSeat(o, "scores", &r->scores);
    return;
  }
  ReadPerSeat(o, "scores", &r->scores);
  ReadPerSeat(o, "ranks", &r->ranks);
  ReadPerSeat(o, "winners", &r->winners);
}

}  // namespace

std::string ResultToJsonLine(const ArenaResult& r) {
  const bool multi = r.players() != 2;
  json::object o{{"key", r.key},
                 {multi ? "lineup" : "pair", PerSeat(r.lineup)},
                 {"seats", PerSeat(r.bots)},
                 {"seed", r.seed},
                 {"map", r.map.empty() ? "generated" : r.map},
                 {"winner", r.winner},
                 {"rounds", r.rounds}};
  if (multi || r.scored) o["scores"] = PerSeat(r.scores);
  if (multi) {
    o["ranks"] = PerSeat(r.ranks);
    o["winners"] = PerSeat(r.winners);
  }
  AddSeatFaults(r, &o);
  if (multi || AnyNonZero(r.failed_answers))
    o["failed_answers"] = PerSeat(r.failed_answers);
  return PlainJson(o) + "\n";
}

bool ParseResultLine(const std::string& line, ArenaResult* r,
                     std::string* why) {
  json::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) {
    if (why) *why = "not a JSON object";
    return false;
  }
  const json::object& o = v.as_object();
  try {
    const bool multi = o.contains("lineup");
    const size_t players = Field(o, "seats").as_array().size();
    if (multi ? players < 3 : players != 2) {
      throw std::invalid_argument(multi ? "a lineup needs 3 seats or more"
                                        : "\"seats\" needs 2 values");
    }
    *r = ArenaResult(static_cast<int>(players));
    r->key = std::string(Field(o, "key").as_string());
    ReadSeats(o, multi, r);
    r->seed = Field(o, "seed").to_number<int64_t>();
    std::string map(Field(o, "map").as_string());
    r->map = map == "generated" ? "" : map;
    r->winner = std::string(Field(o, "winner").as_string());
    r->rounds = static_cast<int>(Field(o, "rounds").to_number<int64_t>());
  } catch (const std::exception& e) {
    if (why) *why = std::string("not an arena result: ") + e.what();
    return false;
  }
  if (!ValidWinner(r->winner, r->players())) {
    if (why) *why = "bad winner \"" + r->winner + "\"";
    return false;
  }
  if (r->players() == 2) {
    const std::vector<double> scores = r->scores;
    SeatsOfWinner(r);
    r->scored = o.contains("scores");
    if (r->scored) r->scores = scores;
  }
  return true;
}

namespace {

// One line of the file (the settings line, a result, or a warning). True
// when the line was whole (blank, settings or a result).
bool ReadLine(const std::string& path, int number, const std::string& line,
              bool last_without_newline, std::set<std::string>* seen,
              ResultsFile* file) {
  const std::string where = path + ":" + std::to_string(number) + ": ";
  if (line.find_first_not_of(" \t\r") == std::string::npos) return true;
  if (std::optional<ArenaSettings> s = ParseSettingsLine(line)) {
    if (!file->settings) {
      file->settings = std::move(s);
    } else {
      file->warnings.push_back(where + "a second settings line, ignored");
    }
    return true;
  }
  ArenaResult r;
  std::string why;
  if (ParseResultLine(line, &r, &why)) {
    if (seen->insert(r.key).second) file->results.push_back(std::move(r));
    return true;
  }
  if (last_without_newline) {
    file->warnings.push_back(where + "a cut last line (" + why + "), dropped");
  } else {
    file->warnings.push_back(where + why + ", skipped");
  }
  return false;
}

}  // namespace

absl::StatusOr<ResultsFile> LoadResultsFile(const std::string& path) {
  ResultsFile file;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return absl::InvalidArgumentError(path +
                                      " is a folder, not a results file");
  }
  if (!std::filesystem::exists(path, ec)) return file;
  // A results file grows a line per game: it may hold more than other
  // inputs (common/files.h), 1 GiB, some millions of games.
  absl::StatusOr<std::string> text =
      ReadFileToString(path, kMaxResultsFileBytes);
  if (!text.ok()) return text.status();
  std::set<std::string> seen;
  size_t start = 0;
  for (int number = 1; start < text->size(); ++number) {
    size_t end = text->find('\n', start);
    const bool last = end == std::string::npos;
    const std::string line = text->substr(start, last ? end : end - start);
    const bool whole = ReadLine(path, number, line, last, &seen, &file);
    if (!last) {
      file.kept_bytes = end + 1;
      start = end + 1;
      continue;
    }
    // The last line without newline: kept only when it was read whole.
    if (whole) {
      file.kept_bytes = text->size();
      file.ends_without_newline = true;
    }
    break;
  }
  return file;
}

}  // namespace wl::tools
