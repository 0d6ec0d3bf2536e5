#include "colorfight/colorfight_verify.h"

#include <filesystem>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boost/json.hpp"
#include "colorfight/colorfight_replay_page.h"
#include "colorfight/room.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/verify_report.h"
#include "sdk/colorfight/py_random.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// The recorder's clock (conformance/README.md "Determinism").
constexpr int64_t kEpoch = 1565000000;

// meta.json: seed, config, max_turn, game_id, ranking_by_gold.
absl::Status ReadMeta(const fs::path& dir, RecordedColorfightGame& game) {
  const fs::path file = dir / "meta.json";
  absl::StatusOr<std::string> text = ReadFileToString(file.string());
  if (!text.ok()) return text.status();
  json::error_code ec;
  const json::value meta = json::parse(*text, ec);
  const json::object* m =
      !ec && meta.is_object() ? &meta.get_object() : nullptr;
  const json::value* seed = m ? m->if_contains("seed") : nullptr;
  const json::value* config = m ? m->if_contains("config") : nullptr;
  const json::value* max_turn = m ? m->if_contains("max_turn") : nullptr;
  const json::value* game_id = m ? m->if_contains("game_id") : nullptr;
  const json::value* ranking = m ? m->if_contains("ranking_by_gold") : nullptr;
  if (!seed || !seed->is_int64() || seed->get_int64() < 0 || !config ||
      !config->is_object() || !max_turn || !max_turn->is_int64() ||
      max_turn->get_int64() < 1 || max_turn->get_int64() > 100000 || !game_id ||
      !game_id->is_string() || !ranking || !ranking->is_array()) {
    return BadFile(
        file,
        "needs \"seed\" (>= 0), \"config\", \"max_turn\", \"game_id\" "
        "and \"ranking_by_gold\"");
  }
  game.seed = seed->get_int64();
  json::object fields = config->get_object();
  fields.erase("max_turn");  // set directly: /restart refuses < 200
  const std::string error = ApplyConfigFields(fields, &game.config);
  if (!error.empty()) return BadFile(file, "config: " + error);
  game.config.max_turn = static_cast<int>(max_turn->get_int64());
  game.game_id = std::string(game_id->get_string());
  for (const json::value& u : ranking->get_array()) {
    const json::value* uid =
        u.is_object() ? u.get_object().if_contains("uid") : nullptr;
    const json::value* gold =
        u.is_object() ? u.get_object().if_contains("gold") : nullptr;
    if (!uid || !gold)
      return BadFile(file, "a ranking entry needs uid and gold");
    game.ranking.push_back(json::serialize(*uid) + ":" +
                           json::serialize(*gold));
  }
  return absl::OkStatus();
}

// One line of actions.jsonl.gz.
std::optional<ColorfightEvent> ParseEvent(const std::string& line) {
  json::error_code ec;
  const json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const json::object& o = v.get_object();
  const json::value* event = o.if_contains("event");
  const json::value* turn = o.if_contains("turn");
  if (!event || !event->is_string() || !turn || !turn->is_int64()) {
    return std::nullopt;
  }
  ColorfightEvent e;
  e.turn = turn->get_int64();
  const json::value* conn = o.if_contains("conn");
  if (conn && conn->is_int64()) e.conn = conn->get_int64();
  if (*event == "update") {
    e.kind = ColorfightEvent::Kind::kUpdate;
    return e;
  }
  if (!conn || !conn->is_int64()) return std::nullopt;
  if (*event == "disconnect") {
    e.kind = ColorfightEvent::Kind::kDisconnect;
    return e;
  }
  const json::value* sent = o.if_contains("sent");
  const json::value* reply = o.if_contains("reply");
  if (*event != "send" || !sent || !sent->is_string() || !reply ||
      !reply->is_string()) {
    return std::nullopt;
  }
  e.sent = std::string(sent->get_string());
  e.reply = std::string(reply->get_string());
  return e;
}

absl::Status ReadEvents(const fs::path& dir, RecordedColorfightGame& game) {
  const fs::path file = dir / "actions.jsonl.gz";
  absl::StatusOr<std::string> text = ReadGzipFile(file.string());
  if (!text.ok()) return BadFile(file, std::string(text.status().message()));
  int number = 0;
  for (const std::string& line : TextLines(*text)) {
    ++number;
    std::optional<ColorfightEvent> e = ParseEvent(line);
    if (!e) {
      return BadFile(file, absl::StrCat("line ", number,
                                        " is not a send, disconnect or update "
                                        "event"));
    }
    game.events.push_back(*std::move(e));
  }
  return absl::OkStatus();
}

absl::Status ReadFramesAndReplay(const fs::path& dir,
                                 RecordedColorfightGame& game) {
  const fs::path frames = dir / "frames.jsonl.gz";
  absl::StatusOr<std::string> text = ReadGzipFile(frames.string());
  if (!text.ok()) return BadFile(frames, std::string(text.status().message()));
  game.frames = TextLines(*text);
  const fs::path cfr = dir / "replay.cfr";
  absl::StatusOr<std::string> bytes = ReadFileToString(cfr.string());
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<std::string> log = GunzipColorfightReplay(*bytes);
  if (!log.ok()) return BadFile(cfr, std::string(log.status().message()));
  game.replay_json = *std::move(log);
  return absl::OkStatus();
}

// The frame after `updates` updates against line `updates`.
std::string CompareFrame(const RecordedColorfightGame& game,
                         ColorfightRoom& room, int64_t updates) {
  const std::string where =
      absl::StrCat("frame ", updates, " (", updates == 0 ? "turn 0" : "update ",
                   updates == 0 ? "" : std::to_string(updates), ")");
  if (updates < 0 || updates >= static_cast<int64_t>(game.frames.size())) {
    return where + ": not in frames.jsonl.gz";
  }
  const std::string& text = *room.CurrentFrame().text;
  if (text == game.frames[updates]) return "";
  return absl::StrCat(where, " ",
                      DifferenceExcerpt(game.frames[updates], text));
}

std::string CompareEnd(const RecordedColorfightGame& game, ColorfightRoom& room,
                       double now) {
  if (room.turn() + 1 != static_cast<int>(game.frames.size())) {
    return absl::StrCat("frames.jsonl.gz: ", game.frames.size(),
                        " lines, regenerated ", room.turn() + 1);
  }
  std::string played;
  absl::StatusOr<std::string> log =
      GunzipColorfightReplay(room.ReplayGzip(now));
  if (log.ok()) played = *std::move(log);
  if (played != game.replay_json) {
    return "replay.cfr (gunzipped) " +
           DifferenceExcerpt(game.replay_json, played);
  }
  std::vector<std::string> ranking;
  for (const ColorfightRankedUser& u : room.Ranking()) {
    ranking.push_back(absl::StrCat(u.uid, ":", u.gold));
  }
  if (ranking != game.ranking) {
    return "meta.json ranking_by_gold differs (uid:gold) " +
           DifferenceExcerpt(absl::StrJoin(game.ranking, " "),
                             absl::StrJoin(ranking, " "));
  }
  return "";
}

}  // namespace

absl::StatusOr<RecordedColorfightGame> LoadRecordedColorfightGame(
    const std::string& dir) {
  if (!fs::is_directory(dir)) {
    return absl::NotFoundError(dir + " is not a directory");
  }
  RecordedColorfightGame game;
  if (absl::Status s = ReadMeta(dir, game); !s.ok()) return s;
  if (absl::Status s = ReadEvents(dir, game); !s.ok()) return s;
  if (absl::Status s = ReadFramesAndReplay(dir, game); !s.ok()) return s;
  return game;
}

std::string ReplayColorfightGame(const RecordedColorfightGame& game) {
  colorfight::PyRandom random(static_cast<uint64_t>(game.seed));
  const double now = static_cast<double>(kEpoch + game.seed);
  ColorfightRoom room("verify", game.config, "", false, random, now);
  if (room.game_id() != game.game_id) {
    return absl::StrCat("meta.json game_id: recorded ", game.game_id,
                        ", regenerated ", room.game_id());
  }
  bool polled = false;
  for (size_t i = 0; i < game.events.size(); ++i) {
    const ColorfightEvent& e = game.events[i];
    std::string diff;
    if (e.kind == ColorfightEvent::Kind::kSend) {
      const std::string reply = room.HandleAction(e.conn, e.sent);
      if (reply != e.reply) {
        diff =
            absl::StrCat("event ", i + 1, " (send at turn ", e.turn, ", conn ",
                         e.conn, ") reply ", DifferenceExcerpt(e.reply, reply));
      }
    } else if (e.kind == ColorfightEvent::Kind::kDisconnect) {
      room.Disconnect(e.conn);
    } else {
      if (!polled) {  // line 0: the first game_channel poll (README)
        room.Poll(now);
        diff = CompareFrame(game, room, 0);
        polled = true;
      }
      if (diff.empty()) {
        if (room.turn() == 0) {
          room.Start(now);
        } else {
          room.ForceUpdate(now);
        }
        diff = room.turn() == e.turn
                   ? CompareFrame(game, room, e.turn)
                   : absl::StrCat("event ", i + 1, " (update ", e.turn,
                                  "): regenerated turn ", room.turn());
      }
    }
    if (!diff.empty()) return diff;
  }
  return CompareEnd(game, room, now);
}

absl::StatusOr<std::string> VerifyColorfightGameDir(const std::string& dir) {
  absl::StatusOr<RecordedColorfightGame> game = LoadRecordedColorfightGame(dir);
  if (!game.ok()) return game.status();
  return ReplayColorfightGame(*game);
}

int ColorfightVerifyMain(int argc, char** argv) {
  Flags flags("colorfight verify", "DIR...",
              "Plays each recorded Colorfight II game again (the format of\n"
              "../shared/colorfight/conformance: meta.json, frames.jsonl.gz,\n"
              "actions.jsonl.gz, replay.cfr) on the server layer, the clock\n"
              "pinned as the recorder pinned it, and compares every\n"
              "action-channel reply, every frame and the replay (gunzipped)\n"
              "byte for byte, and the ranking. Prints one line per game:\n"
              "'identical', or the first difference.\n"
              "Exit status: 0 all identical, 1 some differ, 2 bad input.");
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) return flags.Fail("no game directory given");
  return VerifyReport(dirs, VerifyColorfightGameDir);
}

}  // namespace wl::tools
