#include "wl/dingle_verify.h"

#include <cctype>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/files.h"
#include "wl/dingle_engine.h"
#include "wl/map_json.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// Plays back one player's answers from a recorded trace, in order, raw.
class RecordedAgent : public DingleAgent {
 public:
  void Add(DingleAnswer answer) { answers_.push_back(std::move(answer)); }
  void Send(const std::string&) override {}
  DingleAnswer Ask(const DingleRequest&) override {
    if (next_ < answers_.size()) return answers_[next_++];
    DingleAnswer none;  // the recording has no more answers: a time-out
    none.timed_out = true;
    return none;
  }

 private:
  std::vector<DingleAnswer> answers_;
  size_t next_ = 0;
};

int64_t IntAt(const json::value& v) { return v.to_number<int64_t>(); }

// The answer a pick, place_orders, move_orders or pass event records.
DingleAnswer AnswerOf(const json::object& e, const std::string& ev, Player p) {
  DingleAnswer a;
  if (ev == "pick") {
    a.pick = static_cast<int>(IntAt(e.at("region")));
    a.line = std::to_string(a.pick);
  } else if (ev == "pass") {  // a time-out, or a pick that was not pickable
    a.timed_out = e.at("reason").as_string() == "timeout";
  } else {
    for (const json::value& o : e.at("orders").as_array()) {
      const json::array& n = o.as_array();
      std::vector<int> x;
      for (const json::value& v : n) x.push_back(static_cast<int>(IntAt(v)));
      if (ev == "place_orders" && x.size() == 2) {
        a.orders.push_back(Move::Place(x[0], x[1], p));
      } else if (ev == "move_orders" && x.size() == 3) {
        a.orders.push_back(Move::AttackTransfer(x[0], x[1], x[2], p));
      } else {
        throw std::invalid_argument("an order of the wrong length");
      }
    }
    a.line = FormatMoves(PlayerName(p), a.orders);
  }
  return a;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// Fills the two agents from the recorded events.
absl::Status ReadAnswers(const std::vector<std::string>& lines,
                         RecordedAgent agents[2]) {
  for (size_t i = 0; i < lines.size(); ++i) {
    try {
      const json::value event = json::parse(lines[i]);
      const json::object& e = event.as_object();
      const std::string ev(e.at("ev").as_string());
      if (ev != "pick" && ev != "place_orders" && ev != "move_orders" &&
          ev != "pass") {
        continue;
      }
      const int64_t player = IntAt(e.at("player"));
      if (player != 1 && player != 2) throw std::invalid_argument("player");
      agents[player - 1].Add(
          AnswerOf(e, ev, player == 1 ? Player::kPlayer1 : Player::kPlayer2));
    } catch (const std::exception& ex) {
      return absl::InvalidArgumentError(absl::StrCat(
          "trace.jsonl:", i + 1, ": unreadable event (", ex.what(), ")"));
    }
  }
  return absl::OkStatus();
}

struct DingleMeta {
  int64_t seed = 0;
  GameOptions options;
  DingleSettings settings;
  std::string agents[2];  // meta.json's "agents", "" for our folders
};

// A game folder of ours (warlight arena/match --rules dingle): result.json
// with "seed" and "starts" ("default", "warlords", "manual"; both words
// for both), 100 rounds, no "+N".
absl::StatusOr<DingleMeta> ReadResultJson(const fs::path& dir) {
  const std::string path = (dir / "result.json").string();
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (!text.ok()) return text.status();
  DingleMeta meta;
  meta.options.rules = RuleSet::kDingle;
  try {
    const json::value root = json::parse(*text);
    const json::object& o = root.as_object();
    meta.seed = o.at("seed").as_int64();
    const json::value* starts = o.if_contains("starts");
    const std::string s = starts ? std::string(starts->as_string()) : "";
    meta.options.manual = s.find("manual") != std::string::npos;
    meta.options.warlords = s.find("warlords") != std::string::npos;
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": needs \"seed\" (integer) (", e.what(), ")"));
  }
  return meta;
}

absl::StatusOr<DingleMeta> ReadDingleMeta(const fs::path& dir) {
  const std::string path = (dir / "meta.json").string();
  if (!fs::exists(path) && fs::exists(dir / "result.json")) {
    return ReadResultJson(dir);
  }
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (!text.ok()) return text.status();
  DingleMeta meta;
  try {
    const json::value root = json::parse(*text);
    const json::object& o = root.as_object();
    meta.seed = o.at("seed").as_int64();
    meta.options.rules = RuleSet::kDingle;
    meta.options.manual = o.at("manual").as_bool();
    meta.options.warlords = o.at("warlords").as_bool();
    meta.settings.max_rounds = static_cast<int>(IntAt(o.at("max_rounds")));
    const json::object& agents = o.at("agents").as_object();
    for (int p = 0; p < 2; ++p) {
      meta.agents[p] =
          std::string(agents.at(p == 0 ? "player1" : "player2").as_string());
      meta.settings.extra[p] = ExtraArmiesOfAgent(meta.agents[p]);
    }
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path,
                     ": needs \"seed\" (integer), \"manual\", \"warlords\", "
                     "\"max_rounds\" and \"agents\" (",
                     e.what(), ")"));
  }
  return meta;
}

std::string MapPath(const fs::path& dir, const std::string& maps_dir) {
  if (maps_dir.empty()) {
    if (fs::exists(dir / "map.json")) return (dir / "map.json").string();
    return (dir / ".." / ".." / "map.json").string();
  }
  const fs::path maps(maps_dir);
  if (fs::exists(maps / "map.json")) return (maps / "map.json").string();
  return (maps / "dingle_earth.json").string();
}

std::string Clip(const std::string& s) {
  return s.size() > 200 ? s.substr(0, 200) + "..." : s;
}

// "" when a and b are equal as trace values; else the path of the first
// difference ("draws[1].k53").
std::string FirstDifference(const json::value& a, const json::value& b,
                            const std::string& where) {
  const std::string at = where.empty() ? "the event" : where;
  if (a.is_object() && b.is_object()) {
    const json::object &x = a.as_object(), &y = b.as_object();
    const bool exact = x.contains("k53") && y.contains("k53");
    auto i = x.begin(), j = y.begin();
    for (; i != x.end() && j != y.end(); ++i, ++j) {
      if (i->key() != j->key()) return at + ": field order or names";
      if (exact && i->key() == "r") continue;  // Java's text of k53 / 2^53
      const std::string key = where.empty()
                                  ? std::string(i->key())
                                  : where + "." + std::string(i->key());
      if (std::string d = FirstDifference(i->value(), j->value(), key);
          !d.empty()) {
        return d;
      }
    }
    if (i != x.end() || j != y.end()) return at + ": number of fields";
    return "";
  }
  if (a.is_array() && b.is_array()) {
    const json::array &x = a.as_array(), &y = b.as_array();
    if (x.size() != y.size()) return at + ": length";
    for (size_t k = 0; k < x.size(); ++k) {
      if (std::string d =
              FirstDifference(x[k], y[k], absl::StrCat(at, "[", k, "]"));
          !d.empty()) {
        return d;
      }
    }
    return "";
  }
  const bool integers =
      (a.is_int64() || a.is_uint64()) && (b.is_int64() || b.is_uint64());
  if (integers ? a.to_number<int64_t>() == b.to_number<int64_t>() : a == b) {
    return "";
  }
  return at;
}

}  // namespace

int ExtraArmiesOfAgent(const std::string& agent) {
  const size_t plus = agent.find('+');
  if (plus == std::string::npos) return 0;
  int n = 0;
  for (size_t i = plus + 1;
       i < agent.size() && std::isdigit(static_cast<unsigned char>(agent[i])) &&
       n < 1000000;
       ++i) {
    n = n * 10 + (agent[i] - '0');
  }
  return n;
}

std::string CompareTraceEvents(const std::string& recorded,
                               const std::string& regenerated) {
  json::error_code ec1, ec2;
  const json::value a = json::parse(recorded, ec1);
  const json::value b = json::parse(regenerated, ec2);
  if (ec1 || ec2 || !a.is_object() || !b.is_object()) {
    return recorded == regenerated ? "" : "not JSON objects";
  }
  return FirstDifference(a, b, "");
}

namespace {

// A recording's recorded trace lines and its game played again.
struct PlayedAgain {
  DingleReplay replay;
  std::vector<std::string> recorded;
};

absl::StatusOr<PlayedAgain> PlayAgain(const fs::path& dir,
                                      const std::string& maps_dir) {
  absl::StatusOr<DingleMeta> meta = ReadDingleMeta(dir);
  if (!meta.ok()) return meta.status();
  absl::StatusOr<std::string> trace =
      ReadFileToString((dir / "trace.jsonl").string());
  if (!trace.ok()) return trace.status();
  PlayedAgain out;
  const std::string map_path = MapPath(dir, maps_dir);
  absl::StatusOr<DingleMap> map =
      LoadMapFileWith(map_path, [&out](std::string_view text) {
        out.replay.map_json = std::string(text);
        return ParseDingleMapJson(text);
      });
  if (!map.ok()) return map.status();
  out.recorded = Lines(*trace);
  RecordedAgent agents[2];
  if (absl::Status s = ReadAnswers(out.recorded, agents); !s.ok()) return s;
  meta->settings.names = map->names;
  out.replay.record = PlayDingleGame(map->map, meta->seed, agents[0], agents[1],
                                     meta->options, meta->settings);
  out.replay.seed = meta->seed;
  const GameOptions& o = meta->options;
  out.replay.starts = o.manual && o.warlords ? "manual+warlords"
                      : o.manual             ? "manual"
                      : o.warlords           ? "warlords"
                                             : "default";
  for (int p = 0; p < 2; ++p) out.replay.agents[p] = meta->agents[p];
  return out;
}

}  // namespace

absl::StatusOr<DingleReplay> ReplayDingleRecording(
    const std::string& dir, const std::string& maps_dir) {
  absl::StatusOr<PlayedAgain> again = PlayAgain(dir, maps_dir);
  if (!again.ok()) return again.status();
  return std::move(again->replay);
}

absl::StatusOr<std::string> VerifyDingleGameDir(const std::string& dir_name,
                                                const std::string& maps_dir) {
  absl::StatusOr<PlayedAgain> again = PlayAgain(dir_name, maps_dir);
  if (!again.ok()) return again.status();
  const std::vector<std::string>& recorded = again->recorded;
  const std::vector<std::string> regenerated =
      Lines(again->replay.record.trace);
  for (size_t i = 0; i < std::max(recorded.size(), regenerated.size()); ++i) {
    const std::string x = i < recorded.size() ? recorded[i] : "<end of file>";
    const std::string y =
        i < regenerated.size() ? regenerated[i] : "<end of file>";
    const std::string diff = CompareTraceEvents(x, y);
    if (!diff.empty()) {
      return absl::StrCat("trace.jsonl:", i + 1, " (event ", i, "): ", diff,
                          ": recorded ", Clip(x), ", regenerated ", Clip(y));
    }
  }
  return "";
}

}  // namespace wl::tools
