// run.cpp: every Colorfight II bot's command line and game loop (run.h).
#include "sdk/colorfight/run.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <string_view>
#include <vector>

#include "sdk/colorfight/client.h"

namespace wl::colorfight {
namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kMaxUsername = 14;  // colorfight §5.1

struct Flags {
  RunOptions options;
  bool help = false;
};

std::string Usage(const std::string& name) {
  return "Usage: " + name +
         " [--url URL] [--username NAME] [--password P] [--join-key K]\n"
         "       [--games N] [--seed N] [--insecure]\n"
         "A Colorfight II bot: a WebSocket client of a Colorfight server.\n"
         "  --url URL        the room (default "
         "ws://127.0.0.1:5000/gameroom/public)\n"
         "  --username NAME  at most 14 characters (default: program name + "
         "pid)\n"
         "  --password P     (default warlight)\n"
         "  --join-key K     the room's join key\n"
         "  --games N        games to play, then exit (default 1; 0: "
         "forever)\n"
         "  --seed N         the bot's random seed (default 1)\n"
         "  --insecure       wss://: do not check the server's certificate\n"
         "  --help, -h       this text\n";
}

// `text` as a whole unsigned decimal number <= `max`, or false.
bool ParseNumber(std::string_view text, uint64_t max, uint64_t& out) {
  if (text.empty() || text.size() > 20) return false;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (max - digit) / 10) return false;
    value = value * 10 + digit;
  }
  out = value;
  return true;
}

// Applies one flag with its value; returns an error or "".
std::string SetFlag(const std::string& flag, const std::string& value,
                    RunOptions& o) {
  uint64_t number = 0;
  if (flag == "--url") {
    o.url = value;
  } else if (flag == "--username") {
    if (value.empty() || value.size() > kMaxUsername) {
      return "bad --username '" + value + "': 1 to 14 characters";
    }
    o.username = value;
  } else if (flag == "--password") {
    o.password = value;
  } else if (flag == "--join-key") {
    o.join_key = value;
  } else if (flag == "--games") {
    if (!ParseNumber(value, 1000000, number)) {
      return "bad --games '" + value + "': a number, 0 for forever";
    }
    o.games = static_cast<int>(number);
  } else {  // --seed
    if (!ParseNumber(value, UINT64_MAX, number)) {
      return "bad --seed '" + value + "': a number from 0 to " +
             std::to_string(UINT64_MAX);
    }
    o.seed = number;
  }
  return "";
}

bool TakesValue(const std::string& flag) {
  return flag == "--url" || flag == "--username" || flag == "--password" ||
         flag == "--join-key" || flag == "--games" || flag == "--seed";
}

// Returns an error (one line) or "".
std::string ParseFlags(int argc, char** argv, Flags& flags) {
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    std::string value;
    bool has_value = false;
    if (const size_t eq = flag.find('=');
        flag.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag.resize(eq);
      has_value = true;
    }
    if (flag == "--help" || flag == "-h") {
      flags.help = true;
      continue;
    }
    if (flag == "--insecure" && !has_value) {
      flags.options.verify_peer = false;
      continue;
    }
    if (!TakesValue(flag)) {
      return flag.rfind("-", 0) == 0 ? "unknown flag '" + flag + "'"
                                     : "unexpected argument '" + flag + "'";
    }
    if (!has_value) {
      if (i + 1 >= argc) return flag + " needs a value";
      value = argv[++i];
    }
    if (std::string error = SetFlag(flag, value, flags.options);
        !error.empty()) {
      return error;
    }
  }
  return "";
}

std::string ProgramName(int argc, char** argv) {
  if (argc < 1 || !argv[0] || !*argv[0]) return "colorfight bot";
  const std::string path = argv[0];
  return path.substr(path.find_last_of('/') + 1);
}

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
        client_(ClientOptions{options.verify_peer}) {}

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
    const Reply reply = client_.SendCommands(commands);
    if (!reply.success) {
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

int RunSeeded(SeededBotFactory factory, int argc, char** argv) {
  const std::string name = ProgramName(argc, argv);
  Flags flags;
  if (std::string error = ParseFlags(argc, argv, flags); !error.empty()) {
    std::cerr << name << ": " << error << " (see --help)" << std::endl;
    return 2;
  }
  if (flags.help) {
    std::cout << Usage(name);
    return 0;
  }
  if (flags.options.username.empty()) {
    flags.options.username = DefaultUsername(name);
  }
  return PlayGames(factory, flags.options, name, std::cout, std::cerr);
}

}  // namespace wl::colorfight
