#include "arena/settings.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "boost/json.hpp"
#include "common/hash.h"
#include "common/json.h"

namespace wl::tools {

namespace fs = std::filesystem;
namespace json = boost::json;

std::string MapPoolIdentity(const std::string& dir,
                            const std::vector<std::string>& files) {
  if (files.empty()) return "generated";
  uint64_t hash = Fnv1a64("");
  for (const std::string& file : files) {
    hash = Fnv1a64(fs::path(file).filename().string() + '\0', hash);
    hash = Fnv1a64(Hex64(HashFile(file).value_or(0)), hash);
  }
  return dir + ": " + std::to_string(files.size()) + " maps, fnv1a64 " +
         Hex64(hash);
}

namespace {

std::string SettingText(const json::value& v) {
  if (v.is_string()) return std::string(v.as_string());
  return std::to_string(v.to_number<int64_t>());
}

bool IsArenaKey(const std::string& key) {
  return key == "maps" || key == "processes" || key == "players" ||
         key == "bots";
}

}  // namespace

std::string SettingsLine(const ArenaSettings& s) {
  json::object bots;
  for (const auto& [bot, id] : s.bots) bots[bot] = id;
  json::object o;
  for (const GameSetting& g : s.game) o[g.key] = IntegerOrString(g.value);
  o["maps"] = s.maps;
  o["processes"] = s.processes;
  if (s.players != 2) o["players"] = s.players;
  o["bots"] = std::move(bots);
  const std::string text = json::serialize(o);
  return json::serialize(json::object{{"arena_settings", o},
                                      {"fingerprint", Hex64(Fnv1a64(text))},
                                      {"run", s.run}});
}

std::optional<ArenaSettings> ParseSettingsLine(const std::string& line) {
  json::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object() || !v.as_object().contains("arena_settings")) {
    return std::nullopt;
  }
  try {
    const json::object& o = v.at("arena_settings").as_object();
    ArenaSettings s;
    for (const auto& [key, value] : o) {
      const std::string k(key);
      if (!IsArenaKey(k)) s.game.push_back({k, k, SettingText(value)});
    }
    s.maps = std::string(o.at("maps").as_string());
    s.processes = o.at("processes").as_bool();
    if (const json::value* players = o.if_contains("players"))
      s.players = static_cast<int>(players->to_number<int64_t>());
    for (const auto& [bot, id] : o.at("bots").as_object()) {
      s.bots[std::string(bot)] = std::string(id.as_string());
    }
    s.run = std::string(v.at("run").as_string());
    return s;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void NameGameFlags(const std::vector<GameSetting>& game, ArenaSettings* s) {
  for (GameSetting& setting : s->game) {
    for (const GameSetting& g : game) {
      if (g.key == setting.key) setting.flag = g.flag;
    }
  }
}

std::vector<std::string> SettingsDifferences(const ArenaSettings& before,
                                             const ArenaSettings& now) {
  std::vector<std::string> diff;
  auto compare = [&](const std::string& name, const std::string& a,
                     const std::string& b) {
    if (a != b) diff.push_back(name + ": " + a + " before, " + b + " now");
  };
  auto find = [](const std::vector<GameSetting>& in, const std::string& key) {
    return std::find_if(in.begin(), in.end(),
                        [&](const GameSetting& g) { return g.key == key; });
  };
  for (const GameSetting& g : now.game) {
    auto it = find(before.game, g.key);
    compare(g.flag, it == before.game.end() ? "none" : it->value, g.value);
  }
  for (const GameSetting& g : before.game) {
    if (find(now.game, g.key) == now.game.end())
      compare(g.flag, g.value, "none");
  }
  compare("--maps", before.maps, now.maps);
  compare("--processes", before.processes ? "on" : "off",
          now.processes ? "on" : "off");
  compare("--players", std::to_string(before.players),
          std::to_string(now.players));
  for (const auto& [bot, id] : now.bots) {
    auto it = before.bots.find(bot);
    if (it != before.bots.end()) compare("bot " + bot, it->second, id);
  }
  return diff;
}

ArenaSettings MergedSettings(const ArenaSettings& before,
                             const ArenaSettings& now) {
  ArenaSettings merged = now;
  merged.bots.insert(before.bots.begin(), before.bots.end());
  merged.run = before.run;
  return merged;
}

std::string NewRunName() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const uint64_t ns = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
  const uint64_t hash =
      Fnv1a64(std::to_string(ns) + "/" + std::to_string(::getpid()));
  return Hex64(hash).substr(0, 8);
}

}  // namespace wl::tools
