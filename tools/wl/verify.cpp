#include "wl/verify.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "common/files.h"
#include "common/verify_report.h"
#include "wl/dingle_verify.h"
#include "wl/dump_reader.h"
#include "wl/engine.h"
#include "wl/game_files.h"
#include "wl/map_json.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;

// meta.json's "map" for WL1's fixed map (wl1 §2).
constexpr std::string_view kWl1MapName = "wl1-earth";

// Plays back the answers a dump recorded, in order.
class RecordedSeat : public Seat {
 public:
  explicit RecordedSeat(const std::string& dump) {
    for (const DumpEntry& e : ReadDump(dump)) {
      if (e.kind != DumpEntry::kOutput) continue;
      Reply r;
      r.timed_out = e.timed_out;  // "Output from your bot: null", unquoted
      r.line = e.text;
      replies_.push_back(r);
    }
  }
  void Send(const std::string&) override {}
  Reply Ask(const std::string&, int64_t) override {
    if (next_ < replies_.size()) return replies_[next_++];
    Reply none;  // the recording has no more answers: a time-out
    none.timed_out = true;
    return none;
  }
  void Kill() override {}

 private:
  std::vector<Reply> replies_;
  size_t next_ = 0;
};

// Plays back a WL1 dump in lock-step with the engine (wl1 §9.1, §13.1; the
// conformance README's "How to use them"): the engine dumps everything it
// writes and every line it reads, so the next line it reads is the recorded
// text from the end of what it has dumped so far up to the next "\n";
// "null" is no answer, and so is the end of the recording. The recording
// holds no times: every answer took 0 ms, so an empty line to a `go`
// request is always read past.
class LockstepSeat : public Seat {
 public:
  explicit LockstepSeat(const std::string& dump) : dump_(dump) {}
  void Send(const std::string&) override {}
  Reply Ask(const std::string&, int64_t) override { return NextLine(); }
  Reply ReadNext(int64_t) override { return NextLine(); }
  void Kill() override {}
  void Dumped(std::string_view text) override { at_ += text.size(); }

 private:
  Reply NextLine() const {
    Reply reply;
    const size_t end =
        at_ < dump_.size() ? dump_.find('\n', at_) : std::string::npos;
    if (end == std::string::npos) {
      reply.timed_out = true;
      return reply;
    }
    reply.line = dump_.substr(at_, end - at_);
    reply.timed_out = reply.line == "null";
    if (reply.timed_out) reply.line.clear();
    return reply;
  }

  const std::string& dump_;
  size_t at_ = 0;  // how much of the dump the engine has written
};

// The engine's stderr without the Java stack traces that a closed stream
// prints when a bot process ends (lines "java.io.IOException..." and their
// "\tat ..." lines): they depend on timing and are not rules output (the
// WL1 conformance README).
std::string WithoutStackTraces(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("java.io.IOException", 0) == 0 ||
        line.rfind("\tat ", 0) == 0)
      continue;
    out += line;
    out += '\n';
  }
  return out;
}

std::string Clip(const std::string& s) {
  return s.size() > 160 ? s.substr(0, 160) + "..." : s;
}

// "" when equal, else "<file>:<line>: recorded "..." regenerated "..."".
std::string FirstDifference(const std::string& file,
                            const std::string& recorded,
                            const std::string& regenerated) {
  if (recorded == regenerated) return "";
  std::vector<std::string> a = TextLines(recorded), b = TextLines(regenerated);
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string x = i < a.size() ? a[i] : "<end of file>";
    const std::string y = i < b.size() ? b[i] : "<end of file>";
    if (x != y) {
      return absl::StrCat(file, ":", i + 1, ": recorded \"", Clip(x),
                          "\", regenerated \"", Clip(y), "\"");
    }
  }
  return absl::StrCat(file, ": differs only in its final line break");
}

}  // namespace

std::string MaskTimebanks(const std::string& text) {
  static const char* const kPrefixes[] = {
      "pick_starting_region ", "go place_armies ", "go attack/transfer ",
      "Response timed out ("};
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    bool masked = false;
    for (const char* prefix : kPrefixes) {
      size_t len = std::char_traits<char>::length(prefix);
      if (text.compare(i, len, prefix) == 0) {
        size_t j = i + len;
        while (j < text.size() &&
               std::isdigit(static_cast<unsigned char>(text[j])))
          ++j;
        if (j > i + len) {
          out.append(text, i, len);
          out += 'T';
          i = j;
          masked = true;
        }
        break;
      }
    }
    if (!masked) out += text[i++];
  }
  return out;
}

std::string WinnerName(Outcome outcome) {
  return outcome == Outcome::kPlayer1Won   ? "player1"
         : outcome == Outcome::kPlayer2Won ? "player2"
                                           : "draw";
}

absl::StatusOr<RecordingMeta> ReadRecordingMeta(const std::string& dir_name,
                                                const std::string& maps_dir) {
  const fs::path dir(dir_name);
  const std::string path = (dir / "meta.json").string();
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (!text.ok()) return text.status();
  boost::json::error_code ec;
  boost::json::value meta = boost::json::parse(*text, ec);
  const boost::json::object* obj =
      !ec && meta.is_object() ? &meta.as_object() : nullptr;
  if (!obj || !obj->contains("seed") || !obj->at("seed").is_number() ||
      !obj->contains("map") || !obj->at("map").is_string() ||
      !obj->contains("winner") || !obj->at("winner").is_string()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path,
                     ": needs a JSON object with \"seed\" (number), \"map\" "
                     "and \"winner\""));
  }
  const boost::json::value& seed = obj->at("seed");
  if (!seed.is_int64()) {  // a fraction, or beyond a Java long's range
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": \"seed\" must be an integer from -2^63 to 2^63-1, not ",
        boost::json::serialize(seed)));
  }
  RecordingMeta out;
  out.seed = seed.as_int64();
  out.winner = std::string(obj->at("winner").as_string());
  const std::string map_name(obj->at("map").as_string());
  if (map_name == kWl1MapName) {
    out.rules = RuleSet::kWl1;
    out.map_path = maps_dir.empty()
                       ? (dir / ".." / ".." / "map.json").string()
                       : (fs::path(maps_dir) / "wl1_earth.json").string();
  } else {
    const fs::path maps =
        maps_dir.empty() ? dir / ".." / ".." / "maps" : fs::path(maps_dir);
    out.map_path = (maps / map_name).string();
  }
  if (const boost::json::value* rounds = obj->if_contains("rounds");
      rounds && rounds->is_int64()) {
    out.rounds = static_cast<int>(rounds->as_int64());
  }
  for (int p = 0; p < 2; ++p) {
    const boost::json::value* label =
        obj->if_contains(absl::StrCat("player", p + 1));
    if (label && label->is_string()) {
      out.players[p] = std::string(label->as_string());
    }
  }
  return out;
}

absl::StatusOr<RecordedGame> LoadRecordedGame(const std::string& dir_name,
                                              const std::string& maps_dir) {
  fs::path dir(dir_name);
  if (!fs::is_directory(dir)) {
    return absl::NotFoundError(absl::StrCat(dir_name, " is not a directory"));
  }
  absl::StatusOr<RecordingMeta> meta = ReadRecordingMeta(dir_name, maps_dir);
  if (!meta.ok()) return meta.status();
  RecordedGame game;
  game.rules = meta->rules;
  game.seed = meta->seed;
  game.winner = meta->winner;
  game.rounds = meta->rounds;
  game.map_path = meta->map_path;
  for (int p = 0; p < 2; ++p) {
    // WL1's recordings gzip their dumps (the WL1 conformance README).
    const fs::path plain = dir / absl::StrCat("dump_player", p + 1, ".txt");
    fs::path gzipped = plain;
    gzipped += ".gz";
    absl::StatusOr<std::string> text = fs::exists(gzipped)
                                           ? ReadGzipFile(gzipped.string())
                                           : ReadFileToString(plain.string());
    if (!text.ok()) return text.status();
    game.dump[p] = *std::move(text);
  }
  absl::StatusOr<std::string> replay =
      ReadGzipFile((dir / "replay.txt.gz").string());
  if (!replay.ok()) return replay.status();
  game.replay = *std::move(replay);
  if (fs::exists(dir / "engine_stderr.txt")) {
    absl::StatusOr<std::string> err =
        ReadFileToString((dir / "engine_stderr.txt").string());
    if (!err.ok()) return err.status();
    game.engine_stderr = *std::move(err);
  }
  return game;
}

std::string CompareWithRecording(const RecordedGame& recorded,
                                 const std::string dump[2],
                                 const std::string& replay,
                                 const std::string* engine_stderr,
                                 const std::string& winner,
                                 std::optional<int> rounds) {
  // WL1 has no time bank to mask: its 2000 is a constant (wl1 §10.1).
  const bool mask = recorded.rules != RuleSet::kWl1;
  for (int p = 0; p < 2; ++p) {
    std::string diff = FirstDifference(
        absl::StrCat("dump_player", p + 1, ".txt"),
        mask ? MaskTimebanks(recorded.dump[p]) : recorded.dump[p],
        mask ? MaskTimebanks(dump[p]) : dump[p]);
    if (!diff.empty()) return diff;
  }
  if (std::string diff = FirstDifference("replay.txt", recorded.replay, replay);
      !diff.empty()) {
    return diff;
  }
  if (engine_stderr && recorded.engine_stderr) {
    if (std::string diff = FirstDifference(
            "engine_stderr.txt", WithoutStackTraces(*recorded.engine_stderr),
            *engine_stderr);
        !diff.empty()) {
      return diff;
    }
  }
  if (winner != recorded.winner) {
    return absl::StrCat("meta.json: recorded winner ", recorded.winner,
                        ", regenerated ", winner);
  }
  if (rounds && recorded.rounds && *rounds != *recorded.rounds) {
    return absl::StrCat("meta.json: recorded rounds ", *recorded.rounds,
                        ", regenerated ", *rounds);
  }
  return "";
}

namespace {

// The recording's map; a WL1 recording whose map file is not there plays
// the earth map built into the tool (the project's maps/wl1_earth.json).
absl::StatusOr<Map> RecordingMap(const RecordedGame& recorded) {
  if (recorded.rules == RuleSet::kWl1 && !fs::exists(recorded.map_path)) {
    return ParseMapJson(EarthMapJson(RuleSet::kWl1));
  }
  return LoadMapFile(recorded.map_path);
}

}  // namespace

absl::StatusOr<RuleSet> RecordingRules(const std::string& dir) {
  if (fs::exists(fs::path(dir) / "trace.jsonl")) return RuleSet::kDingle;
  absl::StatusOr<RecordingMeta> meta = ReadRecordingMeta(dir);
  if (!meta.ok()) return meta.status();
  return meta->rules;
}

absl::StatusOr<std::string> VerifyGameDir(const std::string& dir,
                                          const std::string& maps_dir) {
  absl::StatusOr<RuleSet> rules = RecordingRules(dir);
  if (!rules.ok()) return rules.status();
  if (*rules == RuleSet::kDingle) return VerifyDingleGameDir(dir, maps_dir);
  absl::StatusOr<RecordedGame> recorded = LoadRecordedGame(dir, maps_dir);
  if (!recorded.ok()) return recorded.status();
  absl::StatusOr<Map> map = RecordingMap(*recorded);
  if (!map.ok()) return map.status();
  GameOptions options;
  options.rules = recorded->rules;
  GameRecord game;
  if (recorded->rules == RuleSet::kWl1) {
    LockstepSeat seat1(recorded->dump[0]), seat2(recorded->dump[1]);
    game = PlayGame(*map, recorded->seed, seat1, seat2, options);
  } else {
    RecordedSeat seat1(recorded->dump[0]), seat2(recorded->dump[1]);
    game = PlayGame(*map, recorded->seed, seat1, seat2, options);
  }
  return CompareWithRecording(*recorded, game.dump, game.replay,
                              &game.engine_stderr, WinnerName(game.outcome),
                              game.rounds);
}

int VerifyMain(int argc, char** argv) {
  std::string maps_dir;
  Flags flags("verify", "DIR...",
              "Regenerates each recorded official game (the format of\n"
              "../shared/conformance: meta.json, dump_player1.txt,\n"
              "dump_player2.txt, replay.txt.gz, engine_stderr.txt; WL1's of\n"
              "../shared/wl1/conformance too) from its seed, map and recorded\n"
              "answers, and compares every line. Prints one line per game:\n"
              "'identical', or the first difference.\n"
              "Exit status: 0 all identical, 1 some differ, 2 bad input.");
  flags.String("maps", &maps_dir, "DIR",
               "where the maps named in meta.json are (default: "
               "DIR/../../maps; WL1: DIR/../../map.json, with --maps "
               "its wl1_earth.json, else the built-in earth map)");
  std::vector<std::string> dirs;
  if (std::optional<int> exit = flags.Parse(argc, argv, &dirs)) return *exit;
  if (dirs.empty()) return flags.Fail("no game directory given");
  return VerifyReport(dirs, [&](const std::string& dir) {
    return VerifyGameDir(dir, maps_dir);
  });
}

}  // namespace wl::tools
