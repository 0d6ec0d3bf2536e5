#include "arena/results.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <set>

#include "common/files.h"
#include "common/json.h"

namespace wl::tools {

namespace json = boost::json;

namespace {

template <typename T, typename F>
json::array PerSeat(const T (&values)[2], F convert) {
  return json::array{convert(values[0]), convert(values[1])};
}

const json::value& Field(const json::object& o, const char* name) {
  const json::value* v = o.if_contains(name);
  if (!v) throw std::invalid_argument(std::string("no \"") + name + "\"");
  return *v;
}

template <typename T>
void ReadPerSeat(const json::object& o, const char* name, T (&out)[2]) {
  const json::array& a = Field(o, name).as_array();
  if (a.size() != 2) {
    throw std::invalid_argument(std::string("\"") + name + "\" needs 2 values");
  }
  for (int i = 0; i < 2; ++i) {
    if constexpr (std::is_same_v<T, std::string>) {
      out[i] = std::string(a[i].as_string());
    } else if constexpr (std::is_same_v<T, bool>) {
      out[i] = a[i].as_bool();
    } else {
      out[i] = static_cast<T>(a[i].to_number<int64_t>());
    }
  }
}

}  // namespace

std::string ResultToJsonLine(const ArenaResult& r) {
  auto num = [](auto x) { return json::value(x); };
  auto str = [](const std::string& s) { return json::value(s); };
  json::object o{{"key", r.key},
                 {"pair", PerSeat(r.pair, str)},
                 {"seats", PerSeat(r.bots, str)},
                 {"seed", r.seed},
                 {"map", r.map.empty() ? "generated" : r.map},
                 {"winner", r.winner},
                 {"rounds", r.rounds},
                 {"timeouts", PerSeat(r.timeouts, num)},
                 {"illegal_moves", PerSeat(r.illegal_moves, num)},
                 {"rejected_moves", PerSeat(r.rejected_moves, num)},
                 {"failed_moves", PerSeat(r.failed_moves, num)},
                 {"parse_errors", PerSeat(r.parse_errors, num)},
                 {"time_used_ms", PerSeat(r.time_used_ms, num)},
                 {"crashed", PerSeat(r.crashed, num)},
                 {"crash_round", PerSeat(r.crash_round, num)},
                 {"crash", PerSeat(r.crash, str)}};
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
    r->key = std::string(Field(o, "key").as_string());
    ReadPerSeat(o, "pair", r->pair);
    ReadPerSeat(o, "seats", r->bots);
    ReadPerSeat(o, "timeouts", r->timeouts);
    ReadPerSeat(o, "illegal_moves", r->illegal_moves);
    ReadPerSeat(o, "rejected_moves", r->rejected_moves);
    ReadPerSeat(o, "failed_moves", r->failed_moves);
    ReadPerSeat(o, "parse_errors", r->parse_errors);
    ReadPerSeat(o, "time_used_ms", r->time_used_ms);
    ReadPerSeat(o, "crashed", r->crashed);
    ReadPerSeat(o, "crash_round", r->crash_round);
    ReadPerSeat(o, "crash", r->crash);
    r->seed = Field(o, "seed").to_number<int64_t>();
    std::string map(Field(o, "map").as_string());
    r->map = map == "generated" ? "" : map;
    r->winner = std::string(Field(o, "winner").as_string());
    r->rounds = static_cast<int>(Field(o, "rounds").to_number<int64_t>());
  } catch (const std::exception& e) {
    if (why) *why = std::string("not an arena result: ") + e.what();
    return false;
  }
  if (r->winner == "player1" || r->winner == "player2" || r->winner == "draw")
    return true;
  if (why) *why = "bad winner \"" + r->winner + "\"";
  return false;
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
  absl::StatusOr<std::string> text = ReadFileToString(path);
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
