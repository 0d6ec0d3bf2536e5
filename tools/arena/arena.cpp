#include "arena/arena.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "arena/builtin_bots.h"
#include "boost/json.hpp"
#include "common/cli.h"
#include "common/files.h"
#include "harness/bot_process.h"
#include "harness/engine.h"
#include "harness/game_files.h"
#include "harness/in_process_seat.h"
#include "harness/map_json.h"
#include "harness/match.h"
#include "harness/verify.h"
#include "mapgen/mapgen.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// SplitMix64: the per-game seeds from the arena seed.
uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

std::string FormatDuration(double seconds) {
  int s = static_cast<int>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%d:%02d:%02d", s / 3600, s / 60 % 60,
                  s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
  }
  return buf;
}

// The seed a bot gets in a game: the same in process and as a process.
uint64_t BotSeed(const ArenaGame& game, int seat) {
  return Mix(static_cast<uint64_t>(game.seed) * 2 + seat) & 0x7FFFFFFF;
}

struct ArenaOptions {
  std::vector<std::string> bots;
  std::vector<std::string> maps;  // files; empty: generated
  int64_t regions = 0;
  bool force_processes = false;
  TimeRules time;
  std::string keep_replays = "none";
  std::string out_dir;
  int64_t stderr_cap = 1 << 20;
};

// Plays one game; the record and the map's JSON (for kept replays).
absl::StatusOr<GameRecord> PlayArenaGame(const ArenaGame& game,
                                         const ArenaOptions& options,
                                         std::string* map_json) {
  Map map;
  if (!game.map.empty()) {
    absl::StatusOr<Map> loaded = LoadMapFile(game.map);
    if (!loaded.ok()) return loaded.status();
    map = *std::move(loaded);
    if (map_json) *map_json = ReadFileToString(game.map).value_or("");
  } else {
    MapgenOptions mapgen;
    mapgen.seed = static_cast<uint64_t>(game.seed);
    mapgen.regions = static_cast<int>(options.regions);
    absl::StatusOr<GeneratedMap> generated = GenerateMap(mapgen);
    if (!generated.ok()) return generated.status();
    map = generated->map;
    if (map_json) *map_json = GeneratedMapToJson(*generated);
  }
  std::unique_ptr<Seat> seats[2];
  for (int seat = 0; seat < 2; ++seat) {
    const std::string& bot = game.bots[seat];
    const uint64_t bot_seed = BotSeed(game, seat);
    if (IsBuiltInBot(bot) && !options.force_processes) {
      seats[seat] =
          std::make_unique<InProcessSeat>(MakeBuiltInBot(bot, bot_seed));
      continue;
    }
    const std::string command = BotCommand(bot, bot_seed);
    BotProcessOptions process_options;
    process_options.stderr_cap_bytes = options.stderr_cap;
    absl::StatusOr<std::unique_ptr<BotProcess>> process =
        BotProcess::Start(command, process_options);
    if (!process.ok()) return process.status();
    seats[seat] = *std::move(process);
  }
  return PlayGame(map, game.seed, *seats[0], *seats[1], options.time,
                  /*record_replay=*/options.keep_replays != "none");
}

ArenaResult ToResult(const ArenaGame& game, const GameRecord& record) {
  ArenaResult r;
  r.key = game.key;
  r.bots[0] = game.bots[0];
  r.bots[1] = game.bots[1];
  r.seed = game.seed;
  r.map = game.map;
  r.winner = WinnerName(record.outcome);
  r.rounds = record.rounds;
  for (int i = 0; i < 2; ++i) {
    r.timeouts[i] = record.stats[i].timeouts;
    r.illegal_moves[i] = record.stats[i].illegal_moves;
    r.parse_errors[i] = record.stats[i].parse_errors;
    r.time_used_ms[i] = record.stats[i].time_used_ms;
  }
  return r;
}

// Reads a results file, dropping a partial last line (a killed run) so that
// appending goes on cleanly. Later duplicates of a key are ignored.
absl::StatusOr<std::vector<ArenaResult>> LoadResults(const std::string& path,
                                                     bool repair) {
  std::vector<ArenaResult> results;
  if (!fs::exists(path)) return results;
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (!text.ok()) return text.status();
  size_t complete = text->rfind('\n');
  complete = complete == std::string::npos ? 0 : complete + 1;
  if (repair && complete < text->size()) {
    std::error_code ec;
    fs::resize_file(path, complete, ec);
    if (ec) return absl::UnavailableError("cannot repair " + path);
  }
  std::set<std::string> seen;
  std::istringstream in(text->substr(0, complete));
  for (std::string line; std::getline(in, line);) {
    ArenaResult r;
    if (ParseResultLine(line, &r) && seen.insert(r.key).second) {
      results.push_back(r);
    }
  }
  return results;
}

// The pairs (a, b) in first-appearance order.
std::vector<std::pair<std::string, std::string>> PairsOf(
    const std::vector<ArenaResult>& results) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const ArenaResult& r : results) {
    // The key starts with "a|b|": the pair as scheduled.
    size_t bar1 = r.key.find('|');
    size_t bar2 = r.key.find('|', bar1 + 1);
    if (bar1 == std::string::npos || bar2 == std::string::npos) continue;
    std::pair<std::string, std::string> p{
        r.key.substr(0, bar1), r.key.substr(bar1 + 1, bar2 - bar1 - 1)};
    if (std::find(pairs.begin(), pairs.end(), p) == pairs.end())
      pairs.push_back(p);
  }
  return pairs;
}

std::string Signed(double x) {
  char buf[32];
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  std::snprintf(buf, sizeof buf, "%+.0f", x);
  return buf;
}

std::string TableJson(const std::vector<ArenaResult>& results, double elo0,
                      double elo1, bool sprt) {
  json::array pairs;
  for (const auto& [a, b] : PairsOf(results)) {
    Score s = PairScore(results, a, b);
    Interval wilson = WilsonInterval(s.points(), s.games());
    EloEstimate elo = EloDifference(s);
    json::object o{{"bot", a},
                   {"opponent", b},
                   {"games", s.games()},
                   {"wins", s.wins},
                   {"draws", s.draws},
                   {"losses", s.losses},
                   {"score", s.rate()},
                   {"score_low", wilson.low},
                   {"score_high", wilson.high}};
    auto finite = [](double x) {
      return std::isfinite(x) ? json::value(x) : json::value(nullptr);
    };
    o["elo"] = finite(elo.elo);
    o["elo_low"] = finite(elo.low);
    o["elo_high"] = finite(elo.high);
    if (sprt) {
      Sprt t = SprtTest(s, elo0, elo1);
      o["sprt_llr"] = t.llr;
      o["sprt"] = t.decision == SprtDecision::kAcceptH1   ? "H1"
                  : t.decision == SprtDecision::kAcceptH0 ? "H0"
                                                          : "continue";
    }
    int timeouts = 0, illegal = 0, parse_errors = 0;
    for (const ArenaResult& r : results) {
      for (int seat = 0; seat < 2; ++seat) {
        if (r.bots[seat] == a && r.bots[1 - seat] == b) {
          timeouts += r.timeouts[seat];
          illegal += r.illegal_moves[seat];
          parse_errors += r.parse_errors[seat];
        }
      }
    }
    o["bot_timeouts"] = timeouts;
    o["bot_illegal_moves"] = illegal;
    o["bot_parse_errors"] = parse_errors;
    pairs.push_back(o);
  }
  return json::serialize(json::object{{"pairs", pairs}}) + "\n";
}

}  // namespace

std::vector<ArenaGame> Schedule(const std::vector<std::string>& bots,
                                int games_per_pair, int64_t seed,
                                const std::vector<std::string>& maps) {
  std::vector<ArenaGame> games;
  const int seeds = (games_per_pair + 1) / 2;
  int pair = 0;
  for (size_t i = 0; i < bots.size(); ++i) {
    for (size_t j = i + 1; j < bots.size(); ++j, ++pair) {
      for (int k = 0; k < seeds; ++k) {
        const int64_t game_seed = static_cast<int64_t>(
            Mix(static_cast<uint64_t>(seed) * 1000003 + k) & 0x7FFFFFFF);
        const std::string map = maps.empty() ? "" : maps[k % maps.size()];
        for (int swap = 0; swap < 2; ++swap) {
          ArenaGame g;
          g.index = static_cast<int>(games.size());
          g.pair = pair;
          g.swapped = swap == 1;
          g.bots[0] = swap ? bots[j] : bots[i];
          g.bots[1] = swap ? bots[i] : bots[j];
          g.seed = game_seed;
          g.map = map;
          g.key = bots[i] + "|" + bots[j] +
                  "|seed=" + std::to_string(game_seed) +
                  "|map=" + (map.empty() ? "generated" : map) +
                  "|swap=" + std::to_string(swap);
          games.push_back(std::move(g));
        }
      }
    }
  }
  return games;
}

std::string ResultToJsonLine(const ArenaResult& r) {
  json::object o{
      {"key", r.key},
      {"seats", json::array{r.bots[0], r.bots[1]}},
      {"seed", r.seed},
      {"map", r.map.empty() ? "generated" : r.map},
      {"winner", r.winner},
      {"rounds", r.rounds},
      {"timeouts", json::array{r.timeouts[0], r.timeouts[1]}},
      {"illegal_moves", json::array{r.illegal_moves[0], r.illegal_moves[1]}},
      {"parse_errors", json::array{r.parse_errors[0], r.parse_errors[1]}},
      {"time_used_ms", json::array{r.time_used_ms[0], r.time_used_ms[1]}}};
  return json::serialize(o) + "\n";
}

bool ParseResultLine(const std::string& line, ArenaResult* r) {
  json::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return false;
  const json::object& o = v.as_object();
  try {
    r->key = std::string(o.at("key").as_string());
    const json::array& seats = o.at("seats").as_array();
    for (int i = 0; i < 2; ++i) {
      r->bots[i] = std::string(seats.at(i).as_string());
      r->timeouts[i] = static_cast<int>(
          o.at("timeouts").as_array().at(i).to_number<int64_t>());
      r->illegal_moves[i] = static_cast<int>(
          o.at("illegal_moves").as_array().at(i).to_number<int64_t>());
      r->parse_errors[i] = static_cast<int>(
          o.at("parse_errors").as_array().at(i).to_number<int64_t>());
      r->time_used_ms[i] =
          o.at("time_used_ms").as_array().at(i).to_number<int64_t>();
    }
    r->seed = o.at("seed").to_number<int64_t>();
    std::string map(o.at("map").as_string());
    r->map = map == "generated" ? "" : map;
    r->winner = std::string(o.at("winner").as_string());
    r->rounds = static_cast<int>(o.at("rounds").to_number<int64_t>());
  } catch (const std::exception&) {
    return false;
  }
  return r->winner == "player1" || r->winner == "player2" ||
         r->winner == "draw";
}

Score PairScore(const std::vector<ArenaResult>& results, const std::string& a,
                const std::string& b) {
  Score s;
  const std::string prefix = a + "|" + b + "|";
  for (const ArenaResult& r : results) {
    if (r.key.compare(0, prefix.size(), prefix) != 0) continue;
    const int a_seat = r.bots[0] == a ? 0 : 1;
    if (r.winner == "draw") {
      ++s.draws;
    } else if ((r.winner == "player1") == (a_seat == 0)) {
      ++s.wins;
    } else {
      ++s.losses;
    }
  }
  return s;
}

std::string ResultsTable(const std::vector<ArenaResult>& results, double elo0,
                         double elo1, bool sprt) {
  std::ostringstream out;
  char line[512];
  std::snprintf(line, sizeof line, "%-34s %6s %5s %5s %5s %7s  %-22s %-20s%s\n",
                "pair", "games", "W", "D", "L", "score", "win rate [95%]",
                "Elo [95%]", sprt ? "  SPRT" : "");
  out << line;
  for (const auto& [a, b] : PairsOf(results)) {
    Score s = PairScore(results, a, b);
    Interval w = WilsonInterval(s.points(), s.games());
    EloEstimate e = EloDifference(s);
    std::string name = a + " vs " + b;
    if (name.size() > 34) name = name.substr(0, 31) + "...";
    char rate[64], elo[64];
    std::snprintf(rate, sizeof rate, "%5.1f%% [%4.1f, %4.1f]", 100 * s.rate(),
                  100 * w.low, 100 * w.high);
    std::snprintf(elo, sizeof elo, "%s [%s, %s]", Signed(e.elo).c_str(),
                  Signed(e.low).c_str(), Signed(e.high).c_str());
    std::string sprt_text;
    if (sprt) {
      Sprt t = SprtTest(s, elo0, elo1);
      char buf[96];
      std::snprintf(buf, sizeof buf, "  %s (LLR %.2f in [%.2f, %.2f])",
                    t.decision == SprtDecision::kAcceptH1   ? "H1 accepted"
                    : t.decision == SprtDecision::kAcceptH0 ? "H0 accepted"
                                                            : "undecided",
                    t.llr, t.lower_bound, t.upper_bound);
      sprt_text = buf;
    }
    std::snprintf(line, sizeof line,
                  "%-34s %6d %5d %5d %5d %7.3f  %-22s %-20s%s\n", name.c_str(),
                  s.games(), s.wins, s.draws, s.losses, s.rate(), rate, elo,
                  sprt_text.c_str());
    out << line;
  }
  return out.str();
}

namespace {

int MergeMain(int argc, char** argv) {
  bool as_json = false;
  std::string sprt_text;
  Flags flags(
      "arena merge", "FILE...",
      "Combines arena result files (for instance one per shard) and\n"
      "prints the final table. A game found in several files counts once.");
  flags.Bool("json", &as_json, "print the table as JSON");
  flags.String("sprt", &sprt_text, "ELO0,ELO1", "also show the SPRT verdict");
  std::vector<std::string> files;
  if (std::optional<int> exit = flags.Parse(argc, argv, &files)) return *exit;
  if (files.empty()) return flags.Fail("no result file given");
  double elo0 = 0, elo1 = 0;
  bool sprt = !sprt_text.empty();
  if (sprt && std::sscanf(sprt_text.c_str(), "%lf,%lf", &elo0, &elo1) != 2) {
    return flags.Fail("--sprt needs ELO0,ELO1, e.g. 0,10");
  }
  std::vector<ArenaResult> all;
  std::set<std::string> seen;
  for (const std::string& file : files) {
    absl::StatusOr<std::vector<ArenaResult>> results = LoadResults(file, false);
    if (!results.ok())
      return flags.Fail(std::string(results.status().message()));
    if (!fs::exists(file)) return flags.Fail("no such file: " + file);
    for (ArenaResult& r : *results) {
      if (seen.insert(r.key).second) all.push_back(std::move(r));
    }
  }
  std::cout << (as_json ? TableJson(all, elo0, elo1, sprt)
                        : ResultsTable(all, elo0, elo1, sprt));
  return 0;
}

}  // namespace

int ArenaMain(int argc, char** argv) {
  if (argc > 0 && std::string(argv[0]) == "merge")
    return MergeMain(argc - 1, argv + 1);
  ArenaOptions options;
  std::string maps_dir, results_path, sprt_text, shard_text;
  int64_t games = 100, seed = 1,
          jobs = std::max(1u, std::thread::hardware_concurrency());
  int64_t timebank = kTimebankMs, time_per_move = kTimePerMoveMs;
  bool as_json = false;
  Flags flags(
      "arena", "BOT BOT [BOT...]",
      "Plays games between every pair of bots, each seed in both seats,\n"
      "and prints wins, draws, losses, score with its 95% Wilson interval\n"
      "and the Elo difference with its 95% interval. Built-in bots play in\n"
      "process; shell commands through processes as in `warlight match`.\n"
      "Subcommand: `warlight arena merge FILE...` combines result files.");
  flags.Int("games", &games, "N", "games per pair (each seed in both seats)");
  flags.Int("seed", &seed, "S",
            "the arena's seed: the same seed, the same games");
  flags.String("maps", &maps_dir, "DIR",
               "a folder of official JSON maps (default: generated maps)");
  flags.Int("regions", &options.regions, "N",
            "regions of generated maps (default: varied)");
  flags.Int("jobs", &jobs, "J", "games played at once");
  flags.String("results", &results_path, "FILE",
               "append each finished game as a JSON line; a re-run resumes");
  flags.String("keep-replays", &options.keep_replays, "losses|all|none",
               "keep game folders (losses: games the first bot lost)");
  flags.String("out", &options.out_dir, "DIR",
               "where kept game folders go (default: games/arena-<time>)");
  flags.String("shard", &shard_text, "K/N", "play only the K-th of N shares");
  flags.String("sprt", &sprt_text, "ELO0,ELO1",
               "stop a pair when the SPRT accepts H0 (elo0) or H1 (elo1)");
  flags.Bool("processes", &options.force_processes,
             "play built-in bots as processes too");
  flags.Int("timebank", &timebank, "MS", "the time bank (official: 10000)");
  flags.Int("time-per-move", &time_per_move, "MS",
            "added per answer (official: 500)");
  flags.Bool("json", &as_json, "print the final table as JSON");
  if (std::optional<int> exit = flags.Parse(argc, argv, &options.bots))
    return *exit;
  if (options.bots.size() < 2) return flags.Fail("needs at least two bots");
  if (games < 1) return flags.Fail("--games must be >= 1");
  if (jobs < 1) return flags.Fail("--jobs must be >= 1");
  if (timebank < 1 || time_per_move < 0) return flags.Fail("bad time rules");
  options.time = TimeRules{timebank, time_per_move};
  if (options.keep_replays != "none" && options.keep_replays != "all" &&
      options.keep_replays != "losses") {
    return flags.Fail("--keep-replays must be losses, all or none");
  }
  double elo0 = 0, elo1 = 0;
  const bool sprt = !sprt_text.empty();
  if (sprt && (std::sscanf(sprt_text.c_str(), "%lf,%lf", &elo0, &elo1) != 2 ||
               elo0 >= elo1)) {
    return flags.Fail("--sprt needs ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10");
  }
  int shard = 1, shards = 1;
  if (!shard_text.empty() &&
      (std::sscanf(shard_text.c_str(), "%d/%d", &shard, &shards) != 2 ||
       shards < 1 || shard < 1 || shard > shards)) {
    return flags.Fail("--shard needs K/N with 1 <= K <= N, e.g. 2/8");
  }
  for (const std::string& bot : options.bots) {
    if (IsBuiltInBot(bot) && !IsRepositoryBot(bot) && options.force_processes) {
      return flags.Fail("built-in bot " + bot + " is not built");
    }
  }
  if (!maps_dir.empty()) {
    absl::StatusOr<std::vector<std::string>> maps = ListMapFiles(maps_dir);
    if (!maps.ok()) return flags.Fail(std::string(maps.status().message()));
    options.maps = *maps;
  }
  if (options.keep_replays != "none" && options.out_dir.empty()) {
    options.out_dir = DefaultGameDir(seed);
    options.out_dir.replace(options.out_dir.find("games/"), 6, "games/arena-");
  }

  // The schedule, this shard's part, and what earlier runs already played.
  std::vector<ArenaGame> schedule =
      Schedule(options.bots, static_cast<int>(games), seed, options.maps);
  std::vector<ArenaResult> results;
  if (!results_path.empty()) {
    absl::StatusOr<std::vector<ArenaResult>> loaded =
        LoadResults(results_path, true);
    if (!loaded.ok()) return flags.Fail(std::string(loaded.status().message()));
    results = *std::move(loaded);
  }
  std::set<std::string> done;
  for (const ArenaResult& r : results) done.insert(r.key);
  std::vector<ArenaGame> pending;
  int already = 0;
  for (const ArenaGame& g : schedule) {
    if (g.index % shards != shard - 1) continue;
    if (done.count(g.key)) {
      ++already;
    } else {
      pending.push_back(g);
    }
  }
  std::FILE* results_file = nullptr;
  if (!results_path.empty()) {
    std::error_code ec;
    fs::path parent = fs::path(results_path).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    results_file = std::fopen(results_path.c_str(), "a");
    if (!results_file) return flags.Fail("cannot append to " + results_path);
  }
  KillBotsOnExitSignals();

  // Play, J at a time.
  std::mutex mu;
  std::atomic<size_t> next{0};
  std::set<int> stopped_pairs;  // by SPRT
  int finished = 0, skipped = 0, failures = 0;
  std::string failure;
  const auto start = std::chrono::steady_clock::now();
  const bool tty = ::isatty(2);
  auto last_print = start - std::chrono::seconds(10);
  auto pair_names = [&](int pair) {
    const ArenaGame* g = nullptr;
    for (const ArenaGame& s : schedule) {
      if (s.pair == pair) {
        g = &s;
        break;
      }
    }
    return g->swapped ? std::make_pair(g->bots[1], g->bots[0])
                      : std::make_pair(g->bots[0], g->bots[1]);
  };
  auto progress = [&](bool final_line) {
    auto now = std::chrono::steady_clock::now();
    if (!final_line &&
        now - last_print < std::chrono::milliseconds(tty ? 200 : 10000)) {
      return;
    }
    last_print = now;
    const double elapsed = std::chrono::duration<double>(now - start).count();
    const int total = static_cast<int>(pending.size()) - skipped;
    const int left = std::max(0, total - finished);
    const double eta = finished ? elapsed / finished * left : 0;
    const int width = 24;
    const int filled = total ? width * finished / total : width;
    std::string bar =
        std::string(filled, '#') + std::string(width - filled, '.');
    std::string live;
    auto [a, b] = pair_names(0);
    Score s = PairScore(results, a, b);
    if (s.games()) {
      char buf[128];
      std::snprintf(buf, sizeof buf, " | %s %.1f%% vs %s", a.c_str(),
                    100 * s.rate(), b.c_str());
      live = buf;
    }
    std::fprintf(stderr, "%s[%s] %d/%d games, %s elapsed, ~%s left%s%s",
                 tty ? "\r" : "", bar.c_str(), finished, total,
                 FormatDuration(elapsed).c_str(), FormatDuration(eta).c_str(),
                 live.c_str(), tty && !final_line ? "   " : "\n");
    std::fflush(stderr);
  };
  auto worker = [&]() {
    while (true) {
      size_t i = next.fetch_add(1);
      if (i >= pending.size()) return;
      const ArenaGame& game = pending[i];
      {
        std::lock_guard<std::mutex> lock(mu);
        if (stopped_pairs.count(game.pair) || !failure.empty()) {
          ++skipped;
          continue;
        }
      }
      std::string map_json;
      absl::StatusOr<GameRecord> record = PlayArenaGame(
          game, options, options.keep_replays != "none" ? &map_json : nullptr);
      std::lock_guard<std::mutex> lock(mu);
      if (!record.ok()) {
        ++failures;
        failure = std::string(record.status().message());
        continue;
      }
      ArenaResult result = ToResult(game, *record);
      results.push_back(result);
      ++finished;
      if (results_file) {
        std::string line = ResultToJsonLine(result);
        std::fwrite(line.data(), 1, line.size(), results_file);
        std::fflush(results_file);
      }
      const bool first_bot_lost = result.winner != "draw" &&
                                  (result.winner == "player1") == game.swapped;
      if (options.keep_replays == "all" ||
          (options.keep_replays == "losses" && first_bot_lost)) {
        fs::path dir =
            fs::path(options.out_dir) / ("game" + std::to_string(game.index) +
                                         "-seed" + std::to_string(game.seed));
        std::string json = ResultJson(
            *record, game.seed, game.map.empty() ? "generated" : game.map,
            game.bots[0], game.bots[1], "warlight arena");
        absl::Status written =
            WriteGameFolder(dir.string(), *record, map_json, json);
        if (!written.ok())
          std::cerr << "warlight arena: " << written.message() << "\n";
      }
      if (sprt) {
        auto [a, b] = pair_names(game.pair);
        if (SprtTest(PairScore(results, a, b), elo0, elo1).decision !=
            SprtDecision::kContinue) {
          stopped_pairs.insert(game.pair);
        }
      }
      progress(false);
    }
  };
  std::vector<std::thread> threads;
  for (int64_t j = 0;
       j < std::min<int64_t>(jobs, std::max<size_t>(1, pending.size())); ++j) {
    threads.emplace_back(worker);
  }
  for (std::thread& t : threads) t.join();
  if (results_file) std::fclose(results_file);
  progress(true);
  if (already)
    std::fprintf(stderr, "(%d games were already in %s)\n", already,
                 results_path.c_str());
  if (!failure.empty()) {
    std::cerr << "warlight arena: " << failures
              << " game(s) failed: " << failure << "\n";
  }
  std::cout << (as_json ? TableJson(results, elo0, elo1, sprt)
                        : ResultsTable(results, elo0, elo1, sprt));
  return failure.empty() ? 0 : 1;
}

}  // namespace wl::tools
