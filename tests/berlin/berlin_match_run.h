// berlin_match_run.h: running `warlight berlin match` from the tests (the
// built binary, WL_BINARY_DIR) and reading the game folder it writes, on a
// small map that makes games short.
//
//   std::filesystem::path dir = wl::testing::FreshTempDir("hostile");
//   std::filesystem::path map = WriteRingMap(dir);  // dir/ring.json
//   CommandRun run = RunBerlinMatch(
//       "starter random --map " + ShellQuote(map.string()) +
//       " --out " + ShellQuote((dir / "g").string()), dir);
//   boost::json::value result = ReadJsonFile(dir / "g" / "result.json");
//   int64_t n = ProblemCount(ResultPlayer(result, "random"), "...");
#ifndef WL_TESTS_BERLIN_BERLIN_MATCH_RUN_H_
#define WL_TESTS_BERLIN_BERLIN_MATCH_RUN_H_

#include <filesystem>
#include <fstream>
#include <string>

#include "boost/json.hpp"
#include "shell.h"

namespace wl::testing {

// An 8-node ring (cities at odd ids), 8 turns, setups for 2, 3 and 4
// players with 5 soldiers each on nodes 1, (3,) 5 (, 7).
inline const char* RingMapJson() {
  return R"({"infos":{"name":"test ring","version":1,)"
         R"("number_of_players":[2,3,4],"time_limit_per_turn":5000,)"
         R"("maximum_number_of_turns":8,"directed":false},)"
         R"("types":[{"name":"city","points":1,"soldiers_per_turn":1},)"
         R"({"name":"node","points":0,"soldiers_per_turn":0}],)"
         R"("nodes":[{"id":1,"type":"city"},{"id":2,"type":"node"},)"
         R"({"id":3,"type":"city"},{"id":4,"type":"node"},)"
         R"({"id":5,"type":"city"},{"id":6,"type":"node"},)"
         R"({"id":7,"type":"city"},{"id":8,"type":"node"}],)"
         R"("paths":[{"from":1,"to":2},{"from":2,"to":3},{"from":3,"to":4},)"
         R"({"from":4,"to":5},{"from":5,"to":6},{"from":6,"to":7},)"
         R"({"from":7,"to":8},{"from":8,"to":1}],)"
         R"("setup":{"2":{"0":[{"node":1,"number_of_soldiers":5}],)"
         R"("1":[{"node":5,"number_of_soldiers":5}]},)"
         R"("3":{"0":[{"node":1,"number_of_soldiers":5}],)"
         R"("1":[{"node":3,"number_of_soldiers":5}],)"
         R"("2":[{"node":5,"number_of_soldiers":5}]},)"
         R"("4":{"0":[{"node":1,"number_of_soldiers":5}],)"
         R"("1":[{"node":3,"number_of_soldiers":5}],)"
         R"("2":[{"node":5,"number_of_soldiers":5}],)"
         R"("3":[{"node":7,"number_of_soldiers":5}]}}})";
}

inline std::filesystem::path WriteRingMap(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / "ring.json";
  std::ofstream(path) << RingMapJson();
  return path;
}

// `warlight berlin match ARGS` (ARGS shell-quoted by the caller), its
// stdout and stderr captured through files in `dir` (paths in ARGS should
// be absolute: the working folder is the test's).
// A match still running after 120 s is killed (status 124 or 137): the
// tests expect none to hang.
inline CommandRun RunBerlinMatch(const std::string& args,
                                 const std::filesystem::path& dir) {
  return RunCommand("timeout -k 5 120 " +
                        ShellQuote(std::string(WL_BINARY_DIR) + "/warlight") +
                        " berlin match " + args,
                    dir);
}

inline boost::json::value ReadJsonFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(text, ec);
  return ec ? boost::json::value() : v;
}

// result.json's entry for the player whose "bot" is `bot` (null if none).
inline boost::json::value ResultPlayer(const boost::json::value& result,
                                       const std::string& bot) {
  if (!result.is_object()) return {};
  for (const boost::json::value& p : result.at("players").as_array()) {
    if (p.at("bot").as_string() == bot) return p;
  }
  return {};
}

// How many times result.json's `problems` of that player counted `what`.
inline int64_t ProblemCount(const boost::json::value& player,
                            const std::string& what) {
  if (!player.is_object()) return -1;
  const boost::json::object& problems = player.at("problems").as_object();
  const auto it = problems.find(what);
  return it == problems.end() ? 0 : it->value().to_number<int64_t>();
}

}  // namespace wl::testing

#endif  // WL_TESTS_BERLIN_BERLIN_MATCH_RUN_H_
