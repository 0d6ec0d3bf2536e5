#include "berlin/berlin_verify.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "berlin/berlin_files.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/json.h"
#include "common/verify_report.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

absl::StatusOr<json::value> ReadJson(const fs::path& file) {
  absl::StatusOr<std::string> text = ReadFileToString(file.string());
  if (!text.ok()) return text.status();
  json::value v;
  if (!berlin::ParseRubyJson(*text, v)) return BadFile(file, "not JSON");
  return v;
}

const json::value* Member(const json::value& v, std::string_view key) {
  return v.is_object() ? v.get_object().if_contains(key) : nullptr;
}

std::string StringMember(const json::value& v, std::string_view key) {
  const json::value* m = Member(v, key);
  return m && m->is_string() ? std::string(m->get_string()) : "";
}

// A string recorded as bytes (common/json.h: KEY, or KEY_base64).
std::string BytesMember(const json::value& v, const std::string& key) {
  return v.is_object() ? RecordedBytes(v.get_object(), key) : "";
}

std::optional<int64_t> IntMember(const json::value& v, std::string_view key) {
  const json::value* m = Member(v, key);
  if (m && m->is_int64()) return m->get_int64();
  return std::nullopt;
}

// meta.json: game_id, players (iteration order), number_of_turns, results.
absl::Status ReadMeta(const fs::path& dir, RecordedBerlinGame& game) {
  const fs::path file = dir / "meta.json";
  absl::StatusOr<json::value> meta = ReadJson(file);
  if (!meta.ok()) return meta.status();
  const json::value* players = Member(*meta, "players");
  const json::value* results = Member(*meta, "results");
  const std::optional<int64_t> turns = IntMember(*meta, "number_of_turns");
  game.game_id = StringMember(*meta, "game_id");
  if (!players || !players->is_array() || !results || !results->is_array() ||
      !turns || game.game_id.empty()) {
    return BadFile(file,
                   "needs \"game_id\", \"players\", \"number_of_turns\" and "
                   "\"results\"");
  }
  for (const json::value& p : players->get_array()) {
    const std::optional<int64_t> id = IntMember(p, "player_id");
    if (!id || *id < 0 || *id >= berlin::kMaxPlayers) {
      return BadFile(file, "a player has no valid \"player_id\"");
    }
    game.players.push_back({static_cast<int>(*id), StringMember(p, "bot"),
                            StringMember(p, "url"), nullptr});
  }
  game.number_of_turns = static_cast<int>(*turns);
  game.results = results->get_array();
  if (const json::value* limit = Member(*meta, "turn_limit_ms")) {
    if (!limit->is_int64() || limit->get_int64() < 0) {
      return BadFile(file, "\"turn_limit_ms\" is not an integer >= 0");
    }
    game.turn_limit_ms = limit->get_int64();
  }
  return absl::OkStatus();
}

// game.json: game.map (id, name, representation) and game.replay.
absl::Status ReadGame(const fs::path& dir, RecordedBerlinGame& game) {
  const fs::path file = dir / "game.json";
  absl::StatusOr<json::value> top = ReadJson(file);
  if (!top.ok()) return top.status();
  const json::value* g = Member(*top, "game");
  const json::value* map = g ? Member(*g, "map") : nullptr;
  const json::value* rep = map ? Member(*map, "representation") : nullptr;
  const json::value* replay = g ? Member(*g, "replay") : nullptr;
  if (!rep || !rep->is_object() || !replay || !replay->is_object()) {
    return BadFile(file, "needs game.map.representation and game.replay");
  }
  const json::value* id = Member(*map, "id");
  absl::StatusOr<BerlinMapFile> loaded = BerlinMapFromRepresentation(
      rep->get_object(), id ? *id : json::value(), StringMember(*map, "name"),
      file.string() + " game.map");
  if (!loaded.ok()) return loaded.status();
  game.map = *std::move(loaded);
  game.replay = *replay;
  return absl::OkStatus();
}

// A recorded response (the conformance format, and berlin_files.h's).
BerlinAnswer RecordedAnswer(const json::value& response) {
  BerlinAnswer a;
  const json::value* timed_out = Member(response, "timed_out");
  const json::value* failed = Member(response, "failed");
  if (timed_out && timed_out->is_bool() && timed_out->get_bool()) {
    a.kind = BerlinAnswer::Kind::kTimedOut;
  } else if (failed && failed->is_bool() && failed->get_bool()) {
    a.kind = BerlinAnswer::Kind::kFailed;
  } else {
    a.status = static_cast<int>(IntMember(response, "status").value_or(0));
    a.body = BytesMember(response, "body");
  }
  a.error = BytesMember(response, "error");
  return a;
}

absl::Status ReadExchanges(const fs::path& dir, RecordedBerlinGame& game) {
  fs::path file = dir / "exchanges.jsonl.gz";
  if (!fs::exists(file)) file = dir / "exchanges.jsonl";
  absl::StatusOr<std::string> text = ReadGzipFile(file.string());
  if (!text.ok()) return text.status();
  std::istringstream lines(*text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (line.empty()) continue;
    json::value v;
    const json::value* request = nullptr;
    const json::value* response = nullptr;
    if (berlin::ParseRubyJson(line, v)) {
      request = Member(v, "request");
      response = Member(v, "response");
    }
    if (!request || !request->is_object() || !response) {
      return BadFile(file, absl::StrCat("line ", number,
                                        " is not an exchange (seq, player_id, "
                                        "request, response)"));
    }
    BerlinExchange e;
    e.seq = static_cast<int>(IntMember(v, "seq").value_or(-1));
    e.player_id = static_cast<int>(IntMember(v, "player_id").value_or(-1));
    e.url = BytesMember(v, "url");
    e.timeout_option = IntMember(v, "timeout_option").value_or(0);
    e.request = {BytesMember(*request, "action"),
                 BytesMember(*request, "infos"), BytesMember(*request, "map"),
                 BytesMember(*request, "state")};
    e.answer = RecordedAnswer(*response);
    game.exchanges.push_back(std::move(e));
  }
  return absl::OkStatus();
}

// infos.current_turn of a request, or -1.
int64_t CurrentTurn(const std::string& infos) {
  json::value v;
  if (!berlin::ParseRubyJson(infos, v)) return -1;
  return IntMember(v, "current_turn").value_or(-1);
}

// Answers each request with the recorded answer of the same player, action
// and current_turn.
class RecordedSeat : public BerlinSeat {
 public:
  RecordedSeat(const RecordedBerlinGame& game, int player_id) {
    for (const BerlinExchange& e : game.exchanges) {
      if (e.player_id != player_id) continue;
      answers_.emplace(
          std::pair(e.request.action, CurrentTurn(e.request.infos)), e.answer);
    }
  }
  BerlinAnswer Ask(const berlin::RequestFields& request, int64_t) override {
    const auto it = answers_.find({request.action, CurrentTurn(request.infos)});
    if (it != answers_.end()) return it->second;
    BerlinAnswer none;
    none.kind = BerlinAnswer::Kind::kFailed;
    none.error = "the recording has no answer to this request";
    return none;
  }

 private:
  std::map<std::pair<std::string, int64_t>, BerlinAnswer> answers_;
};

std::string CompareExchanges(const std::vector<BerlinExchange>& recorded,
                             const std::vector<BerlinExchange>& played) {
  for (size_t i = 0; i < std::min(recorded.size(), played.size()); ++i) {
    const BerlinExchange& a = recorded[i];
    const BerlinExchange& b = played[i];
    const std::string where = absl::StrCat(
        "exchange seq ", a.seq, " (player ", a.player_id, ", ",
        a.request.action == "turn" ? "turn" : a.request.action + " at turn",
        " ", CurrentTurn(a.request.infos), ")");
    if (a.player_id != b.player_id) {
      return absl::StrCat(where, ": regenerated asks player ", b.player_id);
    }
    if (a.timeout_option != b.timeout_option) {
      return absl::StrCat(where, ": timeout_option ", b.timeout_option);
    }
    const std::pair<const char*, const std::string*> fields[][2] = {
        {{"action", &a.request.action}, {"", &b.request.action}},
        {{"infos", &a.request.infos}, {"", &b.request.infos}},
        {{"map", &a.request.map}, {"", &b.request.map}},
        {{"state", &a.request.state}, {"", &b.request.state}}};
    for (const auto& f : fields) {
      if (*f[0].second != *f[1].second) {
        return absl::StrCat(where, ": ", f[0].first, " differs ",
                            DifferenceExcerpt(*f[0].second, *f[1].second));
      }
    }
  }
  if (recorded.size() != played.size()) {
    return absl::StrCat("exchanges: recorded ", recorded.size(),
                        ", regenerated ", played.size());
  }
  return "";
}

// The first replay turn/key that differs, else the first byte.
std::string CompareReplay(const json::value& recorded,
                          const std::string& played_text) {
  const std::string recorded_text = RailsJsonText(recorded);
  if (recorded_text == played_text) return "";
  json::value played;
  berlin::ParseRubyJson(played_text, played);
  for (const char* key : {"infos", "turns"}) {
    const json::value* a = Member(recorded, key);
    const json::value* b = Member(played, key);
    if (!a || !b) return absl::StrCat("replay ", key, ": missing");
    if (std::string(key) == "turns" && a->is_object() && b->is_object()) {
      for (const auto& [turn, record] : a->get_object()) {
        const json::value* mine = b->get_object().if_contains(turn);
        if (!mine) {
          return absl::StrCat("replay turn ", std::string(turn),
                              ": not played");
        }
        for (const char* part :
             {"states_pre", "moves", "states_post", "spawns"}) {
          const json::value* x = Member(record, part);
          const json::value* y = Member(*mine, part);
          const std::string tx = x ? RailsJsonText(*x) : "<none>";
          const std::string ty = y ? RailsJsonText(*y) : "<none>";
          if (tx != ty) {
            return absl::StrCat("replay turn ", std::string(turn), " ", part,
                                " ", DifferenceExcerpt(tx, ty));
          }
        }
      }
    }
    if (RailsJsonText(*a) != RailsJsonText(*b)) {
      return absl::StrCat(
          "replay ", key, " ",
          DifferenceExcerpt(RailsJsonText(*a), RailsJsonText(*b)));
    }
  }
  return "replay " + DifferenceExcerpt(recorded_text, played_text);
}

std::string CompareResults(const RecordedBerlinGame& recorded,
                           const BerlinRecord& played) {
  if (recorded.number_of_turns != played.number_of_turns) {
    return absl::StrCat("meta.json number_of_turns: recorded ",
                        recorded.number_of_turns, ", regenerated ",
                        played.number_of_turns);
  }
  const std::string a = RailsJsonText(recorded.results);
  json::array mine;
  for (const BerlinResult& r : played.results) {
    mine.push_back(json::object{{"player_id", r.player_id},
                                {"score", BerlinScoreJson(r.score)},
                                {"winner", r.winner}});
  }
  const std::string b = RailsJsonText(mine);
  return a == b ? "" : "meta.json results " + DifferenceExcerpt(a, b);
}

}  // namespace

absl::StatusOr<RecordedBerlinGame> LoadRecordedBerlinGame(
    const std::string& dir) {
  if (!fs::is_directory(dir)) {
    return absl::NotFoundError(dir + " is not a directory");
  }
  RecordedBerlinGame game;
  if (absl::Status s = ReadMeta(dir, game); !s.ok()) return s;
  if (absl::Status s = ReadGame(dir, game); !s.ok()) return s;
  if (absl::Status s = ReadExchanges(dir, game); !s.ok()) return s;
  if (!game.map.Setup(static_cast<int>(game.players.size())).ok()) {
    return BadFile(fs::path(dir) / "meta.json",
                   absl::StrCat("the map has no setup for ",
                                game.players.size(), " players"));
  }
  return game;
}

BerlinRecord ReplayRecordedBerlinGame(const RecordedBerlinGame& recorded) {
  std::vector<std::unique_ptr<RecordedSeat>> seats;
  BerlinGameSpec spec;
  spec.map = &recorded.map;
  spec.game_id = recorded.game_id;
  spec.players = recorded.players;
  spec.turn_limit_ms = recorded.turn_limit_ms;
  for (BerlinPlayer& p : spec.players) {
    seats.push_back(std::make_unique<RecordedSeat>(recorded, p.player_id));
    p.seat = seats.back().get();
  }
  return RefereeGame(spec);
}

std::string CompareBerlinGame(const RecordedBerlinGame& recorded,
                              const BerlinRecord& played) {
  std::string diff = CompareExchanges(recorded.exchanges, played.exchanges);
  if (diff.empty()) diff = CompareReplay(recorded.replay, played.replay_json);
  if (diff.empty()) diff = CompareResults(recorded, played);
  return diff;
}

absl::StatusOr<std::string> VerifyBerlinGameDir(const std::string& dir) {
  absl::StatusOr<RecordedBerlinGame> recorded = LoadRecordedBerlinGame(dir);
  if (!recorded.ok()) return recorded.status();
  try {
    return CompareBerlinGame(*recorded, ReplayRecordedBerlinGame(*recorded));
  } catch (const std::invalid_argument& e) {  // players not 0..N-1
    return BadFile(fs::path(dir) / "meta.json", e.what());
  }
}

int BerlinVerifyMain(int argc, char** argv) {
  Flags flags("berlin verify", "DIR...",
              "Plays each recorded Berlin game again (the format of\n"
              "../shared/berlin/conformance and of `warlight berlin match`'s\n"
              "folders: meta.json, game.json, exchanges.jsonl[.gz]) with the\n"
              "referee, each seat giving the recorded answers, and compares\n"
              "every request, the replay byte for byte, the number of turns\n"
              "and the results. Prints one line per game: 'identical', or\n"
              "the first difference.\n"
              "Exit status: 0 all identical, 1 some differ, 2 bad input.");
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) return flags.Fail("no game directory given");
  return VerifyReport(dirs, VerifyBerlinGameDir);
}

}  // namespace wl::tools
