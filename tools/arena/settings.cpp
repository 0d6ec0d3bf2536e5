#include "arena/settings.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "wl/builtin_bots.h"
#include "boost/json.hpp"
#include "wl/bot_command.h"

namespace wl::tools {

namespace fs = std::filesystem;
namespace json = boost::json;

uint64_t Fnv1a64(const std::string& bytes, uint64_t hash) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::optional<uint64_t> HashFile(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  uint64_t hash = Fnv1a64("");
  std::string chunk(1 << 16, '\0');
  while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
    hash = Fnv1a64(chunk.substr(0, static_cast<size_t>(in.gcount())), hash);
  }
  return hash;
}

std::string Hex(uint64_t x) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(x));
  return buf;
}

std::string MapPoolIdentity(const std::string& dir,
                            const std::vector<std::string>& files) {
  if (files.empty()) return "generated";
  uint64_t hash = Fnv1a64("");
  for (const std::string& file : files) {
    hash = Fnv1a64(fs::path(file).filename().string() + '\0', hash);
    hash = Fnv1a64(Hex(HashFile(file).value_or(0)), hash);
  }
  return dir + ": " + std::to_string(files.size()) + " maps, fnv1a64 " +
         Hex(hash);
}

namespace {

std::string FileHashText(const std::string& path) {
  std::optional<uint64_t> hash = HashFile(path);
  return hash ? "fnv1a64 " + Hex(*hash) : "unreadable";
}

// The command line plus the hashes of its executable and of each word that
// names a file (a script, a jar).
std::string CommandIdentity(const std::string& bot) {
  std::string id = "command " + bot;
  const std::string program = BotExecutable(bot);
  id += "; executable " + (program.empty()
                               ? std::string("unknown")
                               : program + " " + FileHashText(program));
  std::istringstream words(bot);
  bool first = true;
  for (std::string word; words >> word; first = false) {
    std::error_code ec;
    if (first || !fs::is_regular_file(word, ec)) continue;
    id += "; " + word + " " + FileHashText(word);
  }
  return id;
}

}  // namespace

std::string BotIdentity(const std::string& bot, bool in_process) {
  if (!IsRepositoryBot(bot)) return CommandIdentity(bot);
  std::string binary = ResolveBotCommand(bot);
  std::error_code ec;
  if (!fs::is_regular_file(binary, ec)) {
    // Not built as a binary: what plays is the code inside this program.
    binary = fs::read_symlink("/proc/self/exe", ec).string();
  }
  return std::string(in_process ? "in process" : "process") + "; binary " +
         FileHashText(binary);
}

std::string SettingsLine(const ArenaSettings& s) {
  json::object bots;
  for (const auto& [bot, id] : s.bots) bots[bot] = id;
  json::object o{
      {"timebank_ms", s.timebank_ms}, {"time_per_move_ms", s.time_per_move_ms},
      {"regions", s.regions},         {"maps", s.maps},
      {"processes", s.processes},     {"bots", bots}};
  const std::string text = json::serialize(o);
  return json::serialize(json::object{{"arena_settings", o},
                                      {"fingerprint", Hex(Fnv1a64(text))},
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
    s.timebank_ms = o.at("timebank_ms").to_number<int64_t>();
    s.time_per_move_ms = o.at("time_per_move_ms").to_number<int64_t>();
    s.regions = o.at("regions").to_number<int64_t>();
    s.maps = std::string(o.at("maps").as_string());
    s.processes = o.at("processes").as_bool();
    for (const auto& [bot, id] : o.at("bots").as_object()) {
      s.bots[std::string(bot)] = std::string(id.as_string());
    }
    s.run = std::string(v.at("run").as_string());
    return s;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<std::string> SettingsDifferences(const ArenaSettings& before,
                                             const ArenaSettings& now) {
  std::vector<std::string> diff;
  auto compare = [&](const std::string& name, const std::string& a,
                     const std::string& b) {
    if (a != b) diff.push_back(name + ": " + a + " before, " + b + " now");
  };
  compare("--timebank", std::to_string(before.timebank_ms),
          std::to_string(now.timebank_ms));
  compare("--time-per-move", std::to_string(before.time_per_move_ms),
          std::to_string(now.time_per_move_ms));
  compare("--regions", std::to_string(before.regions),
          std::to_string(now.regions));
  compare("--maps", before.maps, now.maps);
  compare("--processes", before.processes ? "on" : "off",
          now.processes ? "on" : "off");
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
  return Hex(hash).substr(0, 8);
}

}  // namespace wl::tools
