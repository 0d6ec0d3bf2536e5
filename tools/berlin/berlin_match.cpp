#include "berlin/berlin_match.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "berlin/berlin_files.h"
#include "berlin/berlin_map.h"
#include "berlin/bot_server.h"
#include "berlin/builtin_bots.h"
#include "berlin/endpoint_seat.h"
#include "berlin/http_seat.h"
#include "berlin/referee.h"
#include "boost/json.hpp"
#include "common/bots.h"
#include "common/cli.h"
#include "common/files.h"
#include "common/process.h"
#include "common/terminal.h"
#include "wl/commands/match.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr const char* kMatchHelp =
    "Plays one Berlin game between 2 to 4 bots exactly as the official\n"
    "engine did (berlin §1, §5), and writes to the game folder: game.json\n"
    "(the official replay shape), exchanges.jsonl (every request and\n"
    "answer), meta.json, result.json, replay.html (open it in a browser)\n"
    "and stderr_playerN.txt per bot (player ids come from a shuffle fixed\n"
    "by --seed, berlin §1.1; bots are asked in the order given).\n"
    "A BOT is\n"
    "  * a built-in bot (a folder of bots/berlin: starter, random, ...),\n"
    "    played in process through the bot server's own endpoint, or as\n"
    "    its server binary with --processes (given --seed S+k, k its\n"
    "    position);\n"
    "  * an http:// URL, asked as given (a bot you run yourself);\n"
    "  * any other shell command line, e.g. \"python3 bot.py\", started as\n"
    "    an HTTP server on a free port of 127.0.0.1, given as $PORT; each\n"
    "    {port} in the command is replaced by it. It must accept\n"
    "    connections within --start-timeout.\n"
    "Each request is a POST of the four form fields with the official\n"
    "headers (berlin §2.1); turn answers must come within the turn limit\n"
    "(berlin §2.4, milliseconds), game_start within 30 s and game_over\n"
    "within 5 s; an answer over 1 MiB is a failed answer. A failed or late\n"
    "answer means no moves that turn (berlin §2.5); a failed game_start\n"
    "means no moves all game (berlin §11). The result line and result.json\n"
    "name every seat's time-outs, failed and unreadable answers, and a bot\n"
    "process that ended during the game.\n"
    "Exit status: 0 when a game was played, 2 on bad flags, a bad map or a\n"
    "bot that cannot start (one line), 1 when the folder cannot be written.";

struct MatchOptions {
  std::string map, out_dir;
  int64_t seed = -1, turn_limit_ms = 0, stderr_cap = 1 << 20;
  double start_timeout_s = 10;
  bool processes = false, json = false;
  std::vector<std::string> bots;
};

void DeclareFlags(Flags& flags, MatchOptions* o) {
  flags.String("map", &o->map, "FILE|NAME",
               "the map: a file, or a built-in map (deployed-2, deployed-3, "
               "deployed-4, server-public-1..4) (default: deployed-2 for 2 "
               "players, else a deployed map with a setup for them)");
  flags.Int("seed", &o->seed, "S",
            "fixes the player ids, the game id and the bots' seeds "
            "(default: a random one, printed)");
  flags.String("out", &o->out_dir, "DIR",
               "the game folder (default: games/<time>-seed<S>)");
  flags.Int("turn-limit-ms", &o->turn_limit_ms, "MS",
            "the time a turn answer may take (default: the map's "
            "time_limit_per_turn)");
  flags.Double("start-timeout", &o->start_timeout_s, "SECONDS",
               "how long a bot process may take to accept connections");
  flags.Bool("processes", &o->processes,
             "run built-in bots as their server binaries, over HTTP");
  flags.Int("stderr-cap", &o->stderr_cap, "BYTES",
            "keep at most this much of each bot's output");
  flags.Bool("json", &o->json, "print result.json instead of one line");
}

std::optional<int> CheckFlags(const Flags& flags, const MatchOptions& o) {
  if (o.bots.size() < 2 || o.bots.size() > 4) {
    return flags.Fail("needs 2 to 4 bots, not " +
                      std::to_string(o.bots.size()));
  }
  if (o.seed < -1) return flags.Fail("--seed must be >= 0");
  if (o.turn_limit_ms < 0) return flags.Fail("--turn-limit-ms must be >= 0");
  if (!(o.start_timeout_s > 0 && o.start_timeout_s <= 86400)) {
    return flags.Fail("--start-timeout must be > 0 and at most 86400");
  }
  if (o.stderr_cap < 0) return flags.Fail("--stderr-cap must be >= 0");
  return std::nullopt;
}

bool IsUrl(const std::string& bot) {
  const std::string head = bot.substr(0, 8);
  std::string lower(head.size(), ' ');
  std::transform(head.begin(), head.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return lower.rfind("http://", 0) == 0 || lower.rfind("https://", 0) == 0;
}

// How a BOT argument is played.
enum class SeatKind { kInProcess, kProcess, kUrl };

SeatKind KindOf(const std::string& bot, bool processes) {
  if (IsUrl(bot)) return SeatKind::kUrl;
  if (!processes && BuiltInBerlinBots().Contains(bot)) {
    return SeatKind::kInProcess;
  }
  return SeatKind::kProcess;
}

// Every bot can be played: a URL that parses, a command that can start.
std::optional<int> CheckBots(const MatchOptions& o) {
  for (const std::string& bot : o.bots) {
    absl::Status ok;
    switch (KindOf(bot, o.processes)) {
      case SeatKind::kUrl:
        ok = ParseHttpUrl(bot).status();
        break;
      case SeatKind::kProcess:
        ok = CheckBotCanStart(bot, BerlinBotFolders());
        break;
      case SeatKind::kInProcess:
        break;
    }
    if (!ok.ok()) {
      std::cerr << "warlight berlin match: "
                << EscapeForTerminal(std::string(ok.message())) << "\n";
      return 2;
    }
  }
  return std::nullopt;
}

// The map and that it has a setup for the bots, or the error line.
absl::StatusOr<BerlinMapFile> MatchMap(const MatchOptions& o) {
  const int players = static_cast<int>(o.bots.size());
  std::string name = o.map.empty() ? DefaultBerlinMap(players) : o.map;
  if (name.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no built-in map has a setup for ", players, " players: give --map"));
  }
  absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
  if (!map.ok()) return map.status();
  if (absl::StatusOr<berlin::State> s = map->Setup(players); !s.ok()) {
    return s.status();
  }
  return map;
}

// One seat of the game and what it runs on.
struct MatchSeat {
  std::string bot;
  SeatKind kind = SeatKind::kInProcess;
  int player_id = 0;
  std::string url;
  std::string command;                 // a process's command line, as run
  std::unique_ptr<std::ofstream> log;  // an in-process bot's endpoint log
  std::unique_ptr<BotServer> server;
  std::unique_ptr<BerlinSeat> seat;
  std::string ended;  // a process that ended during the game: why
};

std::string StderrPath(const MatchOptions& o, int player_id) {
  return (fs::path(o.out_dir) /
          ("stderr_player" + std::to_string(player_id) + ".txt"))
      .string();
}

// Starts one seat; an error line when it cannot play.
absl::Status StartSeat(const MatchOptions& o, uint64_t bot_seed, MatchSeat& s) {
  if (s.kind == SeatKind::kUrl) {
    s.url = s.bot;
    s.seat = std::make_unique<HttpSeat>(*ParseHttpUrl(s.bot));
    return absl::OkStatus();
  }
  if (s.kind == SeatKind::kInProcess) {
    s.url = "in-process:" + s.bot;
    s.log = std::make_unique<std::ofstream>(StderrPath(o, s.player_id));
    absl::StatusOr<std::unique_ptr<EndpointSeat>> seat =
        EndpointSeat::BuiltIn(s.bot, bot_seed, s.log.get());
    if (!seat.ok()) return seat.status();
    s.seat = *std::move(seat);
    return absl::OkStatus();
  }
  BotServerOptions options;
  options.seed = bot_seed;
  options.start_timeout_ms = std::llround(o.start_timeout_s * 1000);
  options.stderr_path = StderrPath(o, s.player_id);
  options.stderr_cap_bytes = o.stderr_cap;
  absl::StatusOr<std::unique_ptr<BotServer>> server =
      BotServer::Start(s.bot, options);
  if (!server.ok()) return server.status();
  s.server = *std::move(server);
  s.url = s.server->url();
  s.command = s.server->command();
  s.seat = std::make_unique<HttpSeat>(*ParseHttpUrl(s.url));
  return absl::OkStatus();
}

// What went wrong with `player`'s answers (berlin §2.5, §5.2), counted by
// kind: "turn timed out": 3, "turn failed: connection refused": 2, "turn
// answered HTTP 500": 1, "turn answer not JSON": 4, ...
std::map<std::string, int> Problems(const BerlinRecord& record, int player) {
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
  return problems;
}

// result.json with, per player, how it was played and what went wrong
// (the referee's counts are already there).
absl::Status AddSeatsToResult(const MatchOptions& o,
                              const std::vector<MatchSeat>& seats,
                              const BerlinRecord& record) {
  const std::string path = (fs::path(o.out_dir) / "result.json").string();
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (!text.ok()) return text.status();
  json::value result = json::parse(*text);
  static const char* kKinds[] = {"in-process", "process", "url"};
  for (json::value& p : result.at("players").as_array()) {
    const int id = static_cast<int>(p.at("player_id").to_number<int64_t>());
    const MatchSeat& s =
        *std::find_if(seats.begin(), seats.end(),
                      [id](const MatchSeat& m) { return m.player_id == id; });
    json::object& player = p.as_object();
    player["seat"] = kKinds[static_cast<int>(s.kind)];
    if (!s.command.empty()) player["command"] = s.command;
    player["ended"] = s.ended;
    json::object problems;
    for (const auto& [what, count] : Problems(record, id)) {
      problems[what] = count;
    }
    player["problems"] = std::move(problems);
  }
  return WriteFileAtomically(path, RailsJsonText(result) + "\n");
}

std::string Plural(int n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string PlayerName(const MatchSeat& s) {
  return "player " + std::to_string(s.player_id) + " (" +
         EscapeForTerminal(s.bot, 60) + ")";
}

// "; player 1 (x): 3 time-outs, 1 failed answer, exit status 1" per seat
// with faults.
std::string FaultText(const std::vector<MatchSeat>& seats,
                      const BerlinRecord& record) {
  std::string text;
  for (const MatchSeat& s : seats) {
    const BerlinSeatStats& st = record.stats.at(s.player_id);
    std::vector<std::string> faults;
    if (st.timeouts) faults.push_back(Plural(st.timeouts, "time-out"));
    if (st.failed_answers) {
      faults.push_back(Plural(st.failed_answers, "failed answer"));
    }
    if (st.unreadable_answers) {
      faults.push_back(Plural(st.unreadable_answers, "unreadable answer"));
    }
    if (st.cut_short_answers) {
      faults.push_back(Plural(st.cut_short_answers, "answer") + " cut short");
    }
    if (!s.ended.empty()) faults.push_back("ended: " + s.ended);
    if (!faults.empty()) {
      text += "; " + PlayerName(s) + ": " + absl::StrJoin(faults, ", ");
    }
  }
  for (const std::string& f : record.start_failures) {
    text += "; " + EscapeForTerminal(f, 200);
  }
  return text;
}

void PrintResultLine(const MatchOptions& o, const std::vector<MatchSeat>& seats,
                     const BerlinRecord& record) {
  std::vector<std::string> winners, scores;
  for (const MatchSeat& s : seats) {
    const BerlinResult& r = record.results.at(s.player_id);
    if (r.winner) winners.push_back(PlayerName(s));
    scores.push_back(PlayerName(s) + " " + RubyFloatText(r.score));
  }
  std::string head = winners.empty() ? "no winner"
                     : winners.size() == 1
                         ? winners[0] + " won"
                         : absl::StrJoin(winners, ", ") + " won together";
  std::cout << head << " after " << record.number_of_turns << " turns; scores "
            << absl::StrJoin(scores, ", ") << FaultText(seats, record)
            << "; seed " << o.seed << "; " << EscapeForTerminal(o.out_dir)
            << "\n";
}

// Starts the seats, plays, writes the folder and prints the result.
int Play(const MatchOptions& o, const BerlinMapFile& map,
         const std::string& command) {
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (ec || !fs::is_directory(o.out_dir)) {
    std::cerr << "warlight berlin match: cannot create "
              << EscapeForTerminal(o.out_dir) << ": " << ec.message() << "\n";
    return 1;
  }
  KillProcessGroupsOnExitSignals();
  const int n = static_cast<int>(o.bots.size());
  const std::vector<int> ids = BerlinPlayerIds(n, o.seed);
  std::vector<MatchSeat> seats(n);
  BerlinGameSpec spec;
  spec.map = &map;
  spec.game_id = BerlinGameId(o.seed);
  spec.turn_limit_ms = o.turn_limit_ms;
  for (int k = 0; k < n; ++k) {
    MatchSeat& s = seats[k];
    s.bot = o.bots[k];
    s.kind = KindOf(s.bot, o.processes);
    s.player_id = ids[k];
    if (absl::Status ok = StartSeat(o, o.seed + k, s); !ok.ok()) {
      std::cerr << "warlight berlin match: " << ok.message() << "\n";
      return 2;
    }
    spec.players.push_back({s.player_id, s.bot, s.url, s.seat.get()});
  }
  const BerlinRecord record = RefereeGame(spec);
  for (MatchSeat& s : seats) {
    if (s.server) s.ended = s.server->EndReason();
    s.server.reset();  // kills it
    s.seat.reset();
  }
  absl::Status written =
      WriteBerlinGameFolder(o.out_dir, spec, record, o.seed, command);
  if (written.ok()) written = AddSeatsToResult(o, seats, record);
  if (!written.ok()) {
    std::cerr << "warlight berlin match: " << written.message() << "\n";
    return 1;
  }
  if (o.json) {
    std::cout << *ReadFileToString(
        (fs::path(o.out_dir) / "result.json").string());
  } else {
    PrintResultLine(o, seats, record);
  }
  return 0;
}

}  // namespace

std::vector<int> BerlinPlayerIds(int n, uint64_t seed) {
  std::vector<int> ids(n);
  for (int i = 0; i < n; ++i) ids[i] = i;
  std::mt19937_64 random(seed);
  for (int i = n - 1; i > 0; --i) {
    const int j = static_cast<int>(random() % static_cast<uint64_t>(i + 1));
    std::swap(ids[i], ids[j]);
  }
  return ids;
}

std::string DefaultBerlinMap(int players) {
  std::vector<std::string> names = {"deployed-2", "deployed-3", "deployed-4"};
  for (const std::string& name : BuiltinBerlinMapNames()) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  }
  for (const std::string& name : names) {
    absl::StatusOr<BerlinMapFile> map = LoadBerlinMap(name);
    if (map.ok() && map->Setup(players).ok()) return name;
  }
  return "";
}

int BerlinMatchMain(int argc, char** argv) {
  MatchOptions o;
  Flags flags("berlin match", "BOT BOT [BOT BOT]", kMatchHelp);
  DeclareFlags(flags, &o);
  if (std::optional<int> exit = flags.Parse(argc, argv, &o.bots)) return *exit;
  if (std::optional<int> exit = CheckFlags(flags, o)) return *exit;
  absl::StatusOr<BerlinMapFile> map = MatchMap(o);
  if (!map.ok()) return flags.Fail(std::string(map.status().message()));
  if (std::optional<int> exit = CheckBots(o)) return *exit;
  if (o.seed == -1) o.seed = std::random_device()() & 0x7FFFFFFF;
  if (o.out_dir.empty()) o.out_dir = DefaultGameDir(o.seed);
  std::string command = "warlight berlin match";
  for (int i = 0; i < argc; ++i) command += std::string(" ") + argv[i];
  return Play(o, *map, command);
}

}  // namespace wl::tools
