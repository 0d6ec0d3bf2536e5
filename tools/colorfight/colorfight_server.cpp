#include "colorfight/colorfight_server.h"

#include <pthread.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "colorfight/cf_server.h"
#include "colorfight/colorfight_files.h"
#include "colorfight/room_config.h"
#include "common/cli.h"
#include "common/files.h"
#include "sdk/colorfight/frame.h"

namespace wl::tools {
namespace {

constexpr const char* kHelp =
    "A local Colorfight II server (colorfight §2): the official Python\n"
    "client and `warlight colorfight` bots play on it unmodified. One port\n"
    "serves HTTP and WebSocket: ws://HOST:PORT/gameroom/<room>/game_channel\n"
    "and /action_channel, GET /gameroom/<room>/replay, GET\n"
    "/get_gameroom_list, POST /creategameroom, /restart, /start,\n"
    "/send_chat, /deletegameroom, with the official replies.\n"
    "Room `public` (preset constant-run) always exists, as on the official\n"
    "server; --room NAME[:PRESET] (repeatable) adds a start-up room, or\n"
    "reconfigures public. Presets: default, official, duel, rank_2, rank_4,\n"
    "rank_8, test-run, constant-run (colorfight §2.8).\n"
    "Turns come every round_time seconds while someone watches the room's\n"
    "game_channel (colorfight §1.4-§1.5); with --lockstep a turn also comes\n"
    "as soon as every live player has sent its commands.\n"
    "The admin password opens /restart, /start and /deletegameroom of every\n"
    "room (and is the start-up rooms' room password); without the flag it\n"
    "is a random one, printed at start-up. --admin-password '' is the\n"
    "official server's open behaviour: anyone may restart any room.\n"
    "With --games-dir, each finished game (turn max_turn) is written to\n"
    "DIR/<room>-<game_id>/: replay.cfr, result.json (ranking by gold,\n"
    "colorfight §8), replay.html, written whole (as DIR/.tmp-<name>, then\n"
    "renamed; a start removes and reports the .tmp- folders a killed run\n"
    "left). --room rooms whose preset records no\n"
    "replay then record it, downloadable at the end (replay_enable \"end\");\n"
    "games of other such rooms get result.json alone.\n"
    "Serves until SIGINT or SIGTERM (exit 0); exit 2 on bad flags, 1 when\n"
    "the port cannot be bound.";

constexpr const char* kRandomPassword = "\x01(random)";

const char* const kPresets[] = {"default",  "official",    "duel",
                                "rank_2",   "rank_4",      "rank_8",
                                "test-run", "constant-run"};

bool ValidRoomName(std::string_view name) {
  for (char c : name) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                    (c >= 'A' && c <= 'Z') || c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

// NAME[:PRESET] (preset constant-run by default), with max_turn set when
// > 0; an error message instead when it is not one.
std::optional<ColorfightStartRoom> ParseRoom(const std::string& spec,
                                             int64_t max_turn,
                                             std::string* error) {
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string preset =
      colon == std::string::npos ? "constant-run" : spec.substr(colon + 1);
  if (!ValidRoomName(name)) {
    *error = "--room '" + spec + "': a room name is made of [0-9A-Za-z._-]";
    return std::nullopt;
  }
  bool known = false;
  for (const char* p : kPresets) known = known || preset == p;
  if (!known) {
    *error = "--room '" + spec + "': unknown preset '" + preset + "'";
    return std::nullopt;
  }
  ColorfightStartRoom room{name, ColorfightPreset(preset)};
  if (max_turn > 0) room.config.max_turn = static_cast<int>(max_turn);
  return room;
}

std::string RandomPassword() {
  std::random_device device;
  std::string password;
  for (int i = 0; i < 12; ++i)
    password += "abcdefghjkmnpqrstuvwxyz"[device() % 23];
  return password;
}

uint64_t ClockSeed() {
  return static_cast<uint64_t>(
      std::chrono::system_clock::now().time_since_epoch().count());
}

// The command line for result.json, without the admin password.
std::string CommandLine(int argc, char** argv) {
  std::string command = "warlight colorfight server";
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (i > 0 && std::string(argv[i - 1]) == "--admin-password") arg = "***";
    if (arg.rfind("--admin-password=", 0) == 0) arg = "--admin-password=***";
    command += " " + arg;
  }
  return command;
}

// Writes a finished game's folder and says so on stderr.
void WriteGame(const std::string& dir, int64_t seed, const std::string& command,
               const ColorfightFinishedGame& game) {
  std::string folder;
  const absl::Status status =
      WriteColorfightFinishedGame(dir, seed, command, game, &folder);
  if (status.ok()) {
    std::cerr << "colorfight server: wrote " << folder << "\n";
  } else {
    std::cerr << "colorfight server: game " << game.game_id << ": "
              << status.message() << "\n";
  }
}

// Removes the game folders a killed run left unfinished in `games_dir`,
// one line each on stderr.
void ClearUnfinishedGames(const std::string& games_dir) {
  for (const std::string& path : RemoveUnfinishedFolders(games_dir)) {
    std::cerr << "colorfight server: removed " << path
              << ": a game folder a killed run left unfinished (its game is "
                 "lost)\n";
  }
}

// Serves until SIGINT or SIGTERM, which the calling thread waits for.
int Serve(ColorfightServerOptions options) {
  std::optional<ColorfightServer> server;
  try {
    server.emplace(options);
  } catch (const std::exception& e) {
    std::cerr << "warlight colorfight server: " << e.what() << "\n";
    return 1;
  }
  sigset_t signals, before;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  // Blocked before the io thread starts: sigwait alone sees them.
  pthread_sigmask(SIG_BLOCK, &signals, &before);
  std::thread io([&] { server->Run(); });
  std::string rooms = "public";
  for (const ColorfightStartRoom& r : options.rooms) {
    if (r.name != "public") rooms += ", " + r.name;
  }
  std::cerr << "listening on " << server->Url() << " (rooms: " << rooms
            << "; seed " << options.seed << "; admin password: '"
            << options.master_password << "'"
            << (options.lockstep ? "; lock-step" : "") << ")" << std::endl;
  int signal = 0;
  sigwait(&signals, &signal);
  server->Stop();
  io.join();
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  return 0;
}

}  // namespace

absl::Status WriteColorfightFinishedGame(const std::string& dir, int64_t seed,
                                         const std::string& command,
                                         const ColorfightFinishedGame& game,
                                         std::string* folder) {
  colorfight::Frame frame;
  std::string error;
  if (!colorfight::ParseFrame(game.final_frame, &frame, &error)) {
    return absl::InternalError("cannot read the final frame: " + error);
  }
  // A new name (common/files.h MakeNewFolder): <room>-<game_id>, or -2,
  // -3, ... when an earlier run left that one; the empty folder holds the
  // name until the whole one is renamed onto it.
  absl::StatusOr<std::string> fresh = MakeNewFolder(
      (std::filesystem::path(dir) / (game.room + "-" + game.game_id)).string());
  if (!fresh.ok()) return fresh.status();
  *folder = *fresh;
  const ColorfightResult result = ColorfightResultOf(frame, seed, command);
  // Written whole (common/files.h): a kill -9 leaves DIR/.tmp-<name>,
  // which the next start removes and reports, never a half folder.
  absl::Status page;
  const absl::Status written =
      WriteFolderWhole(*folder, [&](const std::string& temp) {
        if (game.replay_cfr.empty()) {
          return WriteFileAtomically(temp + "/result.json",
                                     ColorfightResultJson(result));
        }
        page = WriteColorfightGameFolder(temp, game.replay_cfr, result);
        // The page's error comes after replay.cfr and result.json are
        // written: the folder is kept, the error reported.
        std::error_code ec;
        return std::filesystem::exists(temp + "/result.json", ec)
                   ? absl::OkStatus()
                   : page;
      });
  return written.ok() ? page : written;
}

namespace {

// The command line's values, before they become the server's options.
struct ServerFlags {
  std::string host = "127.0.0.1", password = kRandomPassword, games_dir;
  std::vector<std::string> rooms;
  int64_t port = 5000, seed = -1, max_turn = 0, max_connections = 0;
  bool lockstep = false;
};

void DeclareServerFlags(Flags& flags, ServerFlags& f) {
  flags.String("host", &f.host, "H", "the address to listen on");
  flags.Int("port", &f.port, "N", "the port; 0: any free one (printed)");
  SeedFlag(flags, &f.seed,
           "seeds the server's random stream, the maps (default: the clock)");
  flags.String("admin-password", &f.password, "P",
               "the master password (default: a random one, printed)");
  flags.Strings("room", &f.rooms, "NAME[:PRESET]",
                "a start-up room (repeatable; preset default constant-run)");
  flags.Int("max-turn", &f.max_turn, "N",
            "the --room rooms' max_turn, any >= 1 (default: the preset's)");
  flags.Bool("lockstep", &f.lockstep,
             "a turn runs as soon as every live player sent its commands");
  flags.String("games-dir", &f.games_dir, "DIR",
               "where each finished game's folder is written");
  flags.Int("max-connections", &f.max_connections, "N",
            "open TCP connections at most (one more closes the oldest idle "
            "HTTP one); at most the descriptor limit less 32 (default)");
}

// The options of valid flags; "" or the one line saying what is wrong.
std::string OptionsOf(const ServerFlags& f, ColorfightServerOptions* options) {
  if (f.port < 0 || f.port > 65535) return "--port must be 0..65535";
  if (f.max_turn < 0) return "--max-turn must be >= 1";
  if (f.max_connections < 0) {
    return "--max-connections must be >= 0 (0: as many as descriptors allow)";
  }
  for (const std::string& spec : f.rooms) {
    std::string error;
    std::optional<ColorfightStartRoom> room =
        ParseRoom(spec, f.max_turn, &error);
    if (!room) return error;
    // --games-dir wants the replay: a room that would not record one
    // records it and serves it at the end (colorfight §2.8 "end").
    if (!f.games_dir.empty() && room->config.replay_enable == "never") {
      room->config.replay_enable = "end";
    }
    options->rooms.push_back(*room);
  }
  options->host = f.host;
  options->port = static_cast<int>(f.port);
  options->seed = f.seed >= 0 ? static_cast<uint64_t>(f.seed) : ClockSeed();
  options->master_password =
      f.password == kRandomPassword ? RandomPassword() : f.password;
  options->lockstep = f.lockstep;
  options->max_connections = static_cast<size_t>(f.max_connections);
  return "";
}

}  // namespace

int ColorfightServerMain(int argc, char** argv) {
  ServerFlags f;
  Flags flags("colorfight server", "", kHelp);
  DeclareServerFlags(flags, f);
  std::vector<std::string> positional;
  if (std::optional<int> exit = flags.Parse(argc, argv, &positional)) {
    return *exit;
  }
  if (!positional.empty()) return flags.Fail("takes no arguments");
  ColorfightServerOptions options;
  const std::string error = OptionsOf(f, &options);
  if (!error.empty()) return flags.Fail(error);
  options.log = &std::cerr;
  if (!f.games_dir.empty()) {
    ClearUnfinishedGames(f.games_dir);
    const std::string command = CommandLine(argc, argv);
    const int64_t used_seed = static_cast<int64_t>(options.seed);
    options.on_game_end = [games_dir = f.games_dir, used_seed,
                           command](const ColorfightFinishedGame& game) {
      WriteGame(games_dir, used_seed, command, game);
    };
  }
  return Serve(std::move(options));
}

}  // namespace wl::tools
