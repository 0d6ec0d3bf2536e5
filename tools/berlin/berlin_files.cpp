#include "berlin/berlin_files.h"

#include <cmath>
#include <ctime>
#include <filesystem>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/files.h"
#include "common/json.h"
#if __has_include("berlin/berlin_replay_page.h")
#include "berlin/berlin_replay_page.h"
#define WL_BERLIN_HAVE_REPLAY_PAGE 1
#endif

namespace wl::tools {
namespace {

namespace json = boost::json;

// "2013-10-01T12:00:00.000Z", as the official game rows (berlin §8).
std::string Timestamp(std::chrono::system_clock::time_point t) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      t.time_since_epoch())
                      .count();
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof(millis), ".%03dZ", static_cast<int>(ms % 1000));
  return std::string(text) + millis;
}

json::array Winners(const BerlinRecord& record) {
  json::array winners;
  for (const BerlinResult& r : record.results) {
    if (r.winner) winners.push_back(r.player_id);
  }
  return winners;
}

json::value Response(const BerlinAnswer& a) {
  json::object r;
  switch (a.kind) {
    case BerlinAnswer::Kind::kAnswered:
      r["status"] = a.status;
      SetRecordedBytes(r, "body", a.body);
      break;
    case BerlinAnswer::Kind::kTimedOut:
      r["timed_out"] = true;
      if (!a.error.empty()) SetRecordedBytes(r, "error", a.error);
      break;
    case BerlinAnswer::Kind::kFailed:
      r["failed"] = true;
      SetRecordedBytes(r, "error", a.error);
      break;
  }
  r["elapsed_ms"] = std::round(a.elapsed_ms * 1000) / 1000;
  return r;
}

const BerlinPlayer* PlayerById(const BerlinGameSpec& spec, int id) {
  for (const BerlinPlayer& p : spec.players) {
    if (p.player_id == id) return &p;
  }
  return nullptr;
}

json::object PlayerResult(const BerlinGameSpec& spec, const BerlinResult& r,
                          const BerlinSeatStats& s) {
  const BerlinPlayer* p = PlayerById(spec, r.player_id);
  return json::object{{"player_id", r.player_id},
                      {"bot", p ? p->name : ""},
                      {"url", p ? p->url : ""},
                      {"score", BerlinScoreJson(r.score)},
                      {"winner", r.winner},
                      {"requests", s.requests},
                      {"timeouts", s.timeouts},
                      {"failed_answers", s.failed_answers},
                      {"unreadable_answers", s.unreadable_answers},
                      {"cut_short_answers", s.cut_short_answers},
                      {"moves_sent", s.moves_sent},
                      {"rejected_moves", s.rejected_moves},
                      {"time_used_ms", std::round(s.time_used_ms * 10) / 10}};
}

// What went wrong with `player`'s answers (berlin §2.5, §5.2), counted by
// kind (see berlin_files.h).
json::object Problems(const BerlinRecord& record, int player) {
  std::map<std::string, int> problems;
  for (const BerlinExchange& e : record.exchanges) {
    if (e.player_id != player) continue;
    const BerlinAnswer& a = e.answer;
    if (a.kind == BerlinAnswer::Kind::kTimedOut) {
      ++problems[e.request.action + " timed out"];
    } else if (a.kind == BerlinAnswer::Kind::kFailed) {
      ++problems[e.request.action + " failed: " + a.error];
    } else if (!a.Success()) {
      ++problems[e.request.action + " answered HTTP " +
                 std::to_string(a.status)];
    } else if (e.request.action == "turn") {
      const berlin::AnswerReading& r = e.reading;
      if (!r.json) ++problems["turn answer not JSON"];
      if (r.json && !r.array) ++problems["turn answer not a JSON array"];
      if (r.cut_short) ++problems["turn answer cut short by a bad element"];
      if (r.keys_without_to_i > 0) {
        ++problems["turn answer with node ids that are not numbers"];
      }
    }
  }
  json::object out;
  for (const auto& [what, count] : problems) out[what] = count;
  return out;
}

// Adds how `player` was played, when `runs` has it.
void AddSeatRun(const std::vector<BerlinSeatRun>& runs,
                const BerlinRecord& record, json::object* player) {
  const int id = static_cast<int>(player->at("player_id").as_int64());
  for (const BerlinSeatRun& run : runs) {
    if (run.player_id != id) continue;
    (*player)["seat"] = run.seat;
    if (!run.command.empty()) (*player)["command"] = run.command;
    (*player)["ended"] = run.ended;
    (*player)["problems"] = Problems(record, id);
  }
}

}  // namespace

json::value BerlinScoreJson(double score) {
  if (std::isfinite(score)) return score;
  return json::value(RubyFloatText(score));  // berlin §11
}

std::string BerlinGameJson(const BerlinGameSpec& spec,
                           const BerlinRecord& record) {
  const BerlinMapFile& map = *spec.map;
  json::array ais;
  for (size_t k = 0; k < spec.players.size(); ++k) {
    ais.push_back(json::object{{"id", k + 1},
                               {"name", spec.players[k].name},
                               {"user_id", nullptr},
                               {"player_id", spec.players[k].player_id}});
  }
  const std::string start = Timestamp(record.time_start);
  const std::string end = Timestamp(record.time_end);
  const json::object head{{"id", 1},
                          {"number_of_turns", record.number_of_turns},
                          {"time_start", start},
                          {"time_end", end},
                          {"created_at", start},
                          {"map_id", map.id},
                          {"updated_at", end},
                          {"round_id", nullptr},
                          {"status", "finished"},
                          {"last_error", nullptr},
                          {"is_practice", false}};
  const json::object map_json{{"id", map.id},
                              {"name", map.name},
                              {"representation", map.representation}};
  std::string text = RailsJsonText(head);
  text.pop_back();  // the closing brace: the replay goes in as it is
  return absl::StrCat("{\"game\":", text, ",\"replay\":", record.replay_json,
                      ",\"map\":", RailsJsonText(map_json),
                      ",\"artificial_intelligences\":", RailsJsonText(ais),
                      "}}\n");
}

std::string BerlinExchangesJsonl(const BerlinRecord& record) {
  std::string out;
  for (const BerlinExchange& e : record.exchanges) {
    // Every string as recorded bytes (common/json.h): a line is JSON any
    // reader takes, whatever bytes a bot answered.
    json::object line{{"seq", e.seq}, {"player_id", e.player_id}};
    SetRecordedBytes(line, "url", e.url);
    line["timeout_option"] = e.timeout_option;
    json::object request;
    SetRecordedBytes(request, "action", e.request.action);
    SetRecordedBytes(request, "infos", e.request.infos);
    SetRecordedBytes(request, "map", e.request.map);
    SetRecordedBytes(request, "state", e.request.state);
    line["request"] = std::move(request);
    line["response"] = Response(e.answer);
    out += PlainJson(line);
    out += '\n';
  }
  return out;
}

std::string BerlinMetaJson(const BerlinGameSpec& spec,
                           const BerlinRecord& record, int64_t seed) {
  const BerlinMapFile& map = *spec.map;
  json::array players, results;
  for (size_t k = 0; k < spec.players.size(); ++k) {
    const BerlinPlayer& p = spec.players[k];
    players.push_back(json::object{{"player_id", p.player_id},
                                   {"bot", p.name},
                                   {"ai_id", k + 1},
                                   {"url", p.url}});
  }
  for (const BerlinResult& r : record.results) {
    results.push_back(json::object{{"player_id", r.player_id},
                                   {"score", BerlinScoreJson(r.score)},
                                   {"winner", r.winner}});
  }
  json::object meta{
      {"seed", seed},
      {"map", map.origin},
      {"map_id", map.id},
      {"map_name", map.name},
      {"number_of_players", spec.players.size()},
      {"directed", map.map.directed},
      {"maximum_number_of_turns", map.map.maximum_number_of_turns},
      {"game_id", spec.game_id},
      {"players", std::move(players)},
      {"number_of_turns", record.number_of_turns},
      {"results", std::move(results)},
      {"winners", Winners(record)}};
  // A setting the referee played with that changes the requests (berlin
  // §11: infos.time_limit_per_turn, timeout_option): verify needs it.
  if (spec.turn_limit_ms > 0) meta["turn_limit_ms"] = spec.turn_limit_ms;
  return RailsJsonText(meta) + "\n";
}

std::string BerlinResultJson(const BerlinGameSpec& spec,
                             const BerlinRecord& record, int64_t seed,
                             const std::string& command,
                             const std::vector<BerlinSeatRun>& runs) {
  json::array players, failures;
  for (size_t i = 0; i < record.results.size(); ++i) {
    json::object player =
        PlayerResult(spec, record.results[i], record.stats.at(i));
    AddSeatRun(runs, record, &player);
    players.push_back(std::move(player));
  }
  for (const std::string& f : record.start_failures) {
    failures.emplace_back(json::string(f));
  }
  const json::object result{{"game_id", spec.game_id},
                            {"seed", seed},
                            {"map", spec.map->origin},
                            {"map_name", spec.map->name},
                            {"number_of_turns", record.number_of_turns},
                            {"winners", Winners(record)},
                            {"players", std::move(players)},
                            {"start_failures", std::move(failures)},
                            {"command", command}};
  return RailsJsonText(result) + "\n";
}

absl::Status WriteBerlinGameFolder(const std::string& dir,
                                   const BerlinGameSpec& spec,
                                   const BerlinRecord& record, int64_t seed,
                                   const std::string& command,
                                   const std::vector<BerlinSeatRun>& runs) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    return absl::UnavailableError("cannot create " + dir + ": " + ec.message());
  }
  const fs::path folder(dir);
  const std::string game_json = BerlinGameJson(spec, record);
  const std::pair<const char*, std::string> files[] = {
      {"game.json", game_json},
      {"exchanges.jsonl", BerlinExchangesJsonl(record)},
      {"meta.json", BerlinMetaJson(spec, record, seed)},
      {"result.json", BerlinResultJson(spec, record, seed, command, runs)}};
  for (const auto& [name, text] : files) {
    absl::Status written = WriteFileAtomically((folder / name).string(), text);
    if (!written.ok()) return written;
  }
#ifdef WL_BERLIN_HAVE_REPLAY_PAGE
  absl::StatusOr<std::string> html = BerlinReplayHtml(game_json);
  if (!html.ok()) return html.status();
  return WriteFileAtomically((folder / "replay.html").string(), *html);
#else
  // REPLAY PAGE: berlin_replay_page.h (the viewer's) is not in the tree
  // yet; replay.html is written here once it is.
  return absl::OkStatus();
#endif
}

}  // namespace wl::tools
