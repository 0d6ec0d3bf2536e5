#include "tune/tune_log.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "common/files.h"
#include "common/json.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

template <typename T>
json::array ToArray(const std::vector<T>& values) {
  json::array a;
  for (const T& v : values) a.emplace_back(v);
  return a;
}

// A line's iteration; false when it is not one of `params` values.
bool ParseIteration(const std::string& line, size_t params, TuneIteration* it) {
  boost::system::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return false;
  const json::object& o = v.as_object();
  const json::value* k = o.if_contains("k");
  const json::value* result = o.if_contains("result");
  const json::value* theta = o.if_contains("theta");
  if (!k || !k->is_int64() || !result || !result->is_number() || !theta ||
      !theta->is_array() || theta->as_array().size() != params) {
    return false;
  }
  it->k = static_cast<int>(k->as_int64());
  it->result = result->to_number<double>();
  it->results.clear();
  it->against.clear();
  if (const json::value* r = o.if_contains("results"); r && r->is_array()) {
    for (const json::value& x : r->as_array()) {
      if (!x.is_number()) return false;
      it->results.push_back(x.to_number<double>());
    }
  }
  if (const json::value* a = o.if_contains("against")) {
    if (!a->is_array()) return false;
    for (const json::value& x : a->as_array()) {
      if (!x.is_int64()) return false;
      it->against.push_back(static_cast<int>(x.as_int64()));
    }
  }
  // theta read exactly (strtod; Boost.JSON 1.81 may round the last bit):
  // a resumed run must go on from the very values it wrote.
  const size_t at = line.find("\"theta\":[");
  if (at == std::string::npos) return false;
  const char* p = line.c_str() + at + 9;
  it->theta.clear();
  for (size_t i = 0; i < params; ++i) {
    char* end = nullptr;
    it->theta.push_back(std::strtod(p, &end));
    if (end == p || (*end != ',' && *end != ']')) return false;
    p = end + 1;
  }
  return true;
}

// The first key whose value differs, "KEY: BEFORE before, NOW now".
std::string FirstDifference(const json::object& before,
                            const json::object& now) {
  for (const auto& [key, value] : now) {
    const json::value* old = before.if_contains(key);
    if (!old || PlainJson(*old) != PlainJson(value)) {
      return std::string(key) + ": " + (old ? PlainJson(*old) : "none") +
             " before, " + PlainJson(value) + " now";
    }
  }
  for (const auto& [key, value] : before) {
    if (!now.contains(key)) return std::string(key) + ": no longer set";
  }
  return "";
}

// OK when `line` (the first) is `wanted`, the settings line of `settings`.
absl::Status CheckSettingsLine(const std::string& path, const std::string& line,
                               bool whole, const std::string& wanted,
                               const json::object& settings) {
  if (whole && line == wanted) return absl::OkStatus();
  boost::system::error_code bad;
  json::value v = json::parse(line, bad);
  const json::value* old = !bad && v.is_object()
                               ? v.as_object().if_contains("tune_settings")
                               : nullptr;
  if (!whole || !old || !old->is_object()) {
    return absl::FailedPreconditionError(
        path + " is not a log of warlight tune; give --log a new file");
  }
  std::string diff = FirstDifference(old->as_object(), settings);
  if (diff.empty()) diff = "its settings line is not this run's";
  return absl::FailedPreconditionError(
      path + " holds a tune with other settings (" + diff +
      "); give --log a new file to tune with these");
}

}  // namespace

std::string IterationJson(const std::vector<SpsaParam>& params,
                          const SpsaStep& step,
                          const std::vector<double>& results,
                          const std::vector<int>& against, double result,
                          const std::vector<double>& theta) {
  const auto played = [&](const std::vector<double>& probe) {
    json::array a;
    for (size_t i = 0; i < probe.size(); ++i)
      a.emplace_back(i < params.size() ? Applied(params[i], probe[i])
                                       : probe[i]);
    return a;
  };
  json::object o;
  o["k"] = step.k;
  o["c"] = ToArray(step.c);
  o["a"] = ToArray(step.a);
  o["delta"] = ToArray(step.delta);
  o["plus"] = played(step.plus);
  o["minus"] = played(step.minus);
  o["results"] = ToArray(results);
  if (!against.empty()) o["against"] = ToArray(against);
  o["result"] = result;
  o["theta"] = ToArray(theta);
  return PlainJson(o);
}

absl::StatusOr<TuneLog> OpenTuneLog(const std::string& path,
                                    const json::object& settings,
                                    size_t params) {
  TuneLog log;
  std::error_code ec;
  std::string text;
  if (std::filesystem::exists(path, ec)) {
    absl::StatusOr<std::string> read = ReadFileToString(path);
    if (!read.ok()) return read.status();
    text = *std::move(read);
  }
  const std::string wanted =
      PlainJson(json::object{{"tune_settings", settings}});
  std::string kept = wanted + "\n";  // the log rewritten: what is resumed
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  size_t consumed = 0;
  while (std::getline(lines, line)) {
    ++number;
    const bool whole = consumed + line.size() < text.size();  // has its '\n'
    consumed += line.size() + 1;
    if (number == 1) {
      absl::Status ok = CheckSettingsLine(path, line, whole, wanted, settings);
      if (!ok.ok()) return ok;
      continue;
    }
    TuneIteration it;
    if (!whole || !ParseIteration(line, params, &it) ||
        it.k != static_cast<int>(log.done.size())) {
      log.warnings.push_back(path + ":" + std::to_string(number) +
                             (whole ? ": not the next iteration, dropped"
                                    : ": cut short, dropped"));
      break;
    }
    log.done.push_back(std::move(it));
    kept += line + "\n";
  }
  const std::filesystem::path parent =
      std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (absl::Status ok = WriteFileAtomically(path, kept); !ok.ok()) return ok;
  log.file = std::fopen(path.c_str(), "a");
  if (!log.file) return absl::UnavailableError("cannot append to " + path);
  return log;
}

}  // namespace wl::tools
