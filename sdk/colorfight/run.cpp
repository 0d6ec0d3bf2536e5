// run.cpp: every Colorfight II bot's command line and game loop (run.h).
#include "sdk/colorfight/run.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "sdk/colorfight/client.h"

namespace wl::colorfight {
namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kMaxUsername = 14;  // colorfight §5.1
// --max-frame-bytes: from 64 KiB (above any frame) to 1 TiB.
constexpr int64_t kMinMessageBytes = int64_t{1} << 16;
constexpr int64_t kMaxMessageBytes = int64_t{1} << 40;

// The program's name and pid, cut to the 14 characters a name may have.
std::string DefaultUsername(const std::string& program) {
  const std::string pid = std::to_string(getpid());
  std::string base;
  for (char c : program) {
    if (std::isalnum(static_cast<unsigned char>(c))) base += c;
  }
  if (base.empty()) base = "bot";
  base.resize(std::min(base.size(), kMaxUsername - pid.size()));
  return base + pid;
}

// "game ID: rank R of N by gold (G gold, C cells)" (colorfight §8: by gold,
// stable in registration order), or "not placed".
std::string ResultLine(const Frame& frame, int uid) {
  std::vector<const FrameUser*> ranking;
  for (const FrameUser& u : frame.users) ranking.push_back(&u);
  std::stable_sort(
      ranking.begin(), ranking.end(),
      [](const FrameUser* a, const FrameUser* b) { return a->gold > b->gold; });
  const std::string game = "game " + frame.info.game_id + ": ";
  for (size_t i = 0; i < ranking.size(); ++i) {
    if (ranking[i]->uid != uid) continue;
    return game + "rank " + std::to_string(i + 1) + " of " +
           std::to_string(ranking.size()) + " by gold (" +
           std::to_string(ranking[i]->gold) + " gold, " +
           std::to_string(ranking[i]->cell_number) + " cells)";
  }
  return game + "not placed";
}

ClientOptions ClientOptionsOf(const RunOptions& options) {
  ClientOptions o;
  o.verify_peer = options.verify_peer;
  o.max_message_bytes = options.max_message_bytes;
  return o;
}

// One game loop's state; Play() returns the exit status.
class Player {
 public:
  Player(const SeededBotFactory& factory, const RunOptions& options,
         const std::string& name, std::ostream& out, std::ostream& log)
      : factory_(factory),
        options_(options),
        name_(name),
        out_(out),
        log_(log),
        client_(ClientOptionsOf(options)) {}

  int Play() {
    if (!client_.Connect(options_.url)) return Fail(client_.error().message);
    if (!Join()) return 1;
    int finished = 0;
    last_frame_ = Clock::now();
    while (options_.games == 0 || finished < options_.games) {
      if (!client_.UpdateTurn(std::chrono::seconds(1))) {
        if (const int status = Between(); status >= 0) return status;
        continue;
      }
      last_frame_ = Clock::now();
      const Game& game = client_.game();
      if (game.turn() >= game.max_turn()) {
        if (!played_) continue;  // joined an ended game: wait for the next
        played_ = false;
        out_ << name_ << ": " << ResultLine(client_.frame(), client_.uid())
             << std::endl;
        ++finished;
      } else if (game.turn() >= 1 && game.me() != nullptr) {
        PlayTurn(game);
      }
    }
    client_.Disconnect();
    return 0;
  }

 private:
  int Fail(const std::string& message) {
    log_ << name_ << ": " << message << std::endl;
    return 1;
  }

  // A new Bot and a register (at start and at each new game).
  bool Join() {
    bot_ = factory_(options_.seed);
    played_ = false;
    if (client_.Register(options_.username, options_.password,
                         options_.join_key)) {
      return true;
    }
    Fail(client_.error().message + " (as " + options_.username + " on " +
         options_.url + ")");
    return false;
  }

  // After UpdateTurn returned false: -1 to go on, else the exit status.
  int Between() {
    if (client_.new_game()) {
      last_frame_ = Clock::now();
      return Join() ? -1 : 1;
    }
    if (client_.error().code == ClientErrc::kTooLarge) {
      return Fail(client_.error().message + " (--max-frame-bytes raises it)");
    }
    if (client_.error().code != ClientErrc::kTimeout) {
      return Fail(client_.error().message);
    }
    if (Clock::now() > options_.give_up_at) {
      return Fail("gave up: the games did not end in time");
    }
    const uint64_t frames = client_.frames_received();
    if (frames != frames_seen_) {
      frames_seen_ = frames;
      last_frame_ = Clock::now();
    } else if (Clock::now() - last_frame_ > options_.silence_limit) {
      return Fail("no frame from " + options_.url + " for " +
                  std::to_string(options_.silence_limit.count() / 1000) +
                  " s: the server is gone");
    }
    return -1;
  }

  void PlayTurn(const Game& game) {
    played_ = true;
    std::vector<std::string> commands;
    try {
      commands = bot_->OnTurn(game);
    } catch (const std::exception& e) {
      log_ << name_ << ": OnTurn threw at turn " << game.turn() << ": "
           << e.what() << std::endl;
      return;
    }
    // The last round's reply is not waited for once the final frame is in.
    const bool last_round = game.turn() + 1 >= game.max_turn();
    const Reply reply = client_.SendCommands(commands, last_round);
    if (!reply.success && !reply.superseded) {
      log_ << name_ << ": turn " << game.turn() << ": "
           << client_.error().message << std::endl;
    }
  }

  const SeededBotFactory& factory_;
  const RunOptions& options_;
  const std::string& name_;
  std::ostream& out_;
  std::ostream& log_;
  Client client_;
  std::unique_ptr<Bot> bot_;
  bool played_ = false;  // a turn of this game was played
  uint64_t frames_seen_ = 0;
  Clock::time_point last_frame_;
};

}  // namespace

int PlayGames(const SeededBotFactory& factory, const RunOptions& options,
              const std::string& name, std::ostream& out, std::ostream& log) {
  Player player(factory, options, name, out, log);
  return player.Play();
}

namespace {

// Reads the command line into `o`; returns the exit status when the program
// should stop now.
std::optional<int> ReadFlags(cli::Flags& flags, int argc, char** argv,
                             const cli::DeclareFlags& bot_flags,
                             RunOptions& o) {
  int64_t games = o.games;
  int64_t max_frame = static_cast<int64_t>(o.max_message_bytes);
  bool insecure = false;
  flags.String("url", &o.url, "URL", "the room (http(s):// and wss:// too)");
  flags.String("username", &o.username, "NAME",
               "at most 14 characters (default: the program's name and pid)");
  flags.String("password", &o.password, "P",
               "the same name and password reconnect to the same player");
  flags.String("join-key", &o.join_key, "K", "the room's join key");
  flags.Int("games", &games, "N", "games to play, then exit (0: forever)",
            {0, 1000000});
  flags.Uint64("seed", &o.seed, "N", "the bot's random seed");
  flags.Bool("insecure", &insecure,
             "wss://: do not check the server's certificate");
  flags.Int("max-frame-bytes", &max_frame, "N",
            "the largest message taken from the server (a frame is about "
            "47 KB)",
            {kMinMessageBytes, kMaxMessageBytes});
  if (bot_flags) bot_flags(flags);
  if (std::optional<int> exit = flags.ParseProgram(argc, argv)) return exit;
  if (o.username.size() > kMaxUsername) {
    return flags.Fail("bad --username '" + o.username +
                      "': at most 14 characters");
  }
  o.games = static_cast<int>(games);
  o.max_message_bytes = static_cast<size_t>(max_frame);
  o.verify_peer = !insecure;
  return std::nullopt;
}

}  // namespace

int RunSeeded(SeededBotFactory factory, int argc, char** argv,
              const cli::DeclareFlags& bot_flags) {
  const std::string name = cli::ProgramName(argc, argv, "colorfight bot");
  cli::Flags flags(name, "",
                   "A Colorfight II bot: a WebSocket client of a Colorfight "
                   "server.");
  RunOptions options;
  if (std::optional<int> exit =
          ReadFlags(flags, argc, argv, bot_flags, options)) {
    return *exit;
  }
  if (options.username.empty()) options.username = DefaultUsername(name);
  return PlayGames(factory, options, name, std::cout, std::cerr);
}

}  // namespace wl::colorfight
