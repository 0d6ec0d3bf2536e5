// settings.h: everything that changes an arena game, so that a results file
// is never resumed or merged with games played under other settings.
//
// The first line of a results file is SettingsLine(settings): a readable
// settings object and its fingerprint. A re-run compares the file's settings
// with its own and refuses when they differ, naming each difference:
//
//   ArenaSettings now = ...;  // the game's Settings(), each BotIdentity
//   std::vector<std::string> diff = SettingsDifferences(old, now);
//   for (const std::string& d : diff) std::cerr << d << "\n";
//
// What counts: the game's own settings (GameAdapter::Settings: Warlight's time
// rules and --regions), the map pool (each file's name and bytes),
// --processes, --players, and each bot's identity (GameAdapter::BotIdentity:
// for a repository bot the FNV-1a 64 hash of its built binary; for a command,
// CommandIdentity below). The seed, --games, --jobs and --shard do not
// change how a game is played (a game's seed is part of its key), so a run
// may be extended with more games or another seed.
#ifndef WL_TOOLS_ARENA_SETTINGS_H_
#define WL_TOOLS_ARENA_SETTINGS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "common/bots.h"  // FileIdentity, CommandIdentity
#include "common/game.h"

namespace wl::tools {

struct ArenaSettings {
  // The game's (GameAdapter::Settings), first in the settings line. Read back
  // from a file, each flag is its key (the file does not name flags).
  std::vector<GameSetting> game;
  // "generated" (or the game's fixed map, GameAdapter::DefaultMap: "wl1-earth")
  // or "DIR: N maps, fnv1a64 HEX".
  std::string maps;
  bool processes = false;  // --processes
  // --players: written only when not 2, so that the settings lines of
  // 2-player runs are the same as before N-player games.
  int players = 2;
  // BOT argument -> its identity, e.g. "in process; binary fnv1a64 HEX".
  std::map<std::string, std::string> bots;
  // Names the run (kept game folders carry it); not compared.
  std::string run;
};

// The identity of the map pool: "generated" for no files.
std::string MapPoolIdentity(const std::string& dir,
                            const std::vector<std::string>& files);

// The settings line (no newline) and its parse (nullopt: not one).
std::string SettingsLine(const ArenaSettings& s);
std::optional<ArenaSettings> ParseSettingsLine(const std::string& line);

// Names the game settings of `s` (read from a file: flag = key) by the
// flags of `game`'s settings with the same key, for messages.
void NameGameFlags(const std::vector<GameSetting>& game, ArenaSettings* s);

// One readable line per difference, e.g. "--timebank: 10000 before, 2000
// now" or "bot mybot: in process; binary fnv1a64 1f.. before, .. now". A bot
// known to only one side is no difference; a game setting is ("none" on the
// side that lacks it). GameAdapter settings are matched by key and named by
// `now`'s flags.
std::vector<std::string> SettingsDifferences(const ArenaSettings& before,
                                             const ArenaSettings& now);

// `now` plus the bots of `before` that `now` does not play, and its run.
ArenaSettings MergedSettings(const ArenaSettings& before,
                             const ArenaSettings& now);

// A new run name: 8 hex digits from the clock and the process id.
std::string NewRunName();

}  // namespace wl::tools

#endif  // WL_TOOLS_ARENA_SETTINGS_H_
