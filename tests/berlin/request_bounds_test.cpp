// sdk/berlin/request.h's numeric bounds (rules.h: turns, armies, points),
// as a property: every numeric field of a request (infos, map, state) is
// given each extreme (the int64 limits, int32's +-1, 2^30 +-1, -1, 0, 1,
// 10^6 +1, huge and fractional doubles, 1e300) with the other fields at
// ordinary values. Either ParseRequest refuses it with one line naming the
// field, or the random, starter, greedy and mcts bots all play a turn on it
// (in the ASan+UBSan build: without undefined behaviour).
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bots/berlin/greedy/berlin_greedy_bot.h"
#include "bots/berlin/mcts/berlin_mcts_bot.h"
#include "bots/berlin/random/berlin_random_bot.h"
#include "bots/berlin/starter/berlin_starter_bot.h"
#include "gtest/gtest.h"
#include "sdk/berlin/request.h"

namespace wl::berlin {
namespace {

// Placeholders and their ordinary values: a 2-player game on a line of
// three nodes, each of the players' nodes holding soldiers.
const std::map<std::string, std::string>& Ordinary() {
  static const std::map<std::string, std::string> values = {
      {"current_turn", "3"},
      {"maximum_number_of_turns", "25"},
      {"time_limit_per_turn", "1000"},
      {"number_of_players", "2"},
      {"player_id", "0"},
      {"points", "1"},
      {"soldiers_per_turn", "1"},
      {"node_id", "7"},
      {"state_player_id", "1"},
      {"number_of_soldiers", "5"}};
  return values;
}

// What the refusal of each field names.
const std::map<std::string, std::string>& Named() {
  static const std::map<std::string, std::string> names = {
      {"current_turn", "current_turn"},
      {"maximum_number_of_turns", "maximum_number_of_turns"},
      {"time_limit_per_turn", "time_limit_per_turn"},
      {"number_of_players", "number_of_players"},
      {"player_id", "player_id"},
      {"points", "points"},
      {"soldiers_per_turn", "soldiers_per_turn"},
      {"node_id", "node id"},
      {"state_player_id", "player_id"},
      {"number_of_soldiers", "number_of_soldiers"}};
  return names;
}

const std::vector<std::string>& Extremes() {
  static const std::vector<std::string> values = {"-9223372036854775808",
                                                  "9223372036854775807",
                                                  "-2147483648",
                                                  "2147483647",
                                                  "2147483648",
                                                  "1073741824",
                                                  "1073741825",
                                                  "-1073741825",
                                                  "-1",
                                                  "0",
                                                  "1",
                                                  "1000000",
                                                  "1000001",
                                                  "99999999999999999999",
                                                  "-1.5e19",
                                                  "1e300",
                                                  "-1e300",
                                                  "2.5"};
  return values;
}

// `text` with every @name@ replaced by values[name].
std::string Fill(std::string text,
                 const std::map<std::string, std::string>& values) {
  for (const auto& [name, value] : values) {
    const std::string key = "@" + name + "@";
    for (size_t at = text.find(key); at != std::string::npos;
         at = text.find(key, at + value.size())) {
      text.replace(at, key.size(), value);
    }
  }
  return text;
}

RequestFields FieldsWith(const std::string& name, const std::string& value) {
  std::map<std::string, std::string> values = Ordinary();
  values[name] = value;
  const std::string infos =
      R"({"game_id":"g","current_turn":@current_turn@,)"
      R"("maximum_number_of_turns":@maximum_number_of_turns@,)"
      R"("time_limit_per_turn":@time_limit_per_turn@,"directed":false,)"
      R"("number_of_players":@number_of_players@,"player_id":@player_id@})";
  const std::string map =
      R"({"types":[{"name":"city","points":@points@,)"
      R"("soldiers_per_turn":@soldiers_per_turn@},)"
      R"({"name":"node","points":0,"soldiers_per_turn":0}],)"
      R"("nodes":[{"id":@node_id@,"type":"city"},{"id":2,"type":"node"},)"
      R"({"id":3,"type":"city"}],)"
      R"("paths":[{"from":@node_id@,"to":2},{"from":2,"to":3}]})";
  const std::string state =
      R"([{"node_id":@node_id@,"player_id":0,)"
      R"("number_of_soldiers":@number_of_soldiers@},)"
      R"({"node_id":2,"player_id":null,"number_of_soldiers":0},)"
      R"({"node_id":3,"player_id":@state_player_id@,)"
      R"("number_of_soldiers":@number_of_soldiers@}])";
  return {"turn", Fill(infos, values), Fill(map, values), Fill(state, values)};
}

// One turn of every SDK bot on `request`; the moves they add are legal.
void PlayEveryBot(const Request& request) {
  berlin_mcts::Options mcts;
  mcts.search.iterations = 20;
  std::vector<std::unique_ptr<Bot>> bots;
  bots.push_back(std::make_unique<BerlinRandomBot>(3));
  bots.push_back(std::make_unique<BerlinStarterBot>());
  bots.push_back(std::make_unique<BerlinGreedyBot>(3));
  bots.push_back(std::make_unique<BerlinMctsBot>(mcts));
  for (auto& bot : bots) {
    Game game(request, Game::Clock::now() + std::chrono::seconds(5));
    bot->OnTurn(game);
    for (const Move& m : game.Moves()) {
      EXPECT_GT(m.number_of_soldiers, 0);
      EXPECT_GE(game.IndexOf(m.from), 0);
    }
  }
}

TEST(BerlinRequestBounds, EveryNumericFieldAtItsExtremesIsRefusedOrPlayed) {
  int refused = 0, played = 0;
  for (const auto& [name, ordinary] : Ordinary()) {
    for (const std::string& value : Extremes()) {
      SCOPED_TRACE(name + " = " + value);
      const RequestFields fields = FieldsWith(name, value);
      std::optional<Request> request;
      try {
        request = ParseRequest(fields);
      } catch (const BadRequest& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        EXPECT_NE(what.find(Named().at(name)), std::string::npos) << what;
        // The value as given, never what to_i saturated it to.
        if (value == "1e300") {
          EXPECT_EQ(what.find("9223372036854775807"), std::string::npos)
              << what;
        }
        ++refused;
        continue;
      }
      PlayEveryBot(*request);
      ++played;
    }
  }
  EXPECT_GT(refused, 50);
  EXPECT_GT(played, 50);
}

// The bounds themselves: 2^30 soldiers on one node are refused as soon as
// one more could spawn; current_turn past 10^6 is refused; 1e300 is
// quoted as given (it used to read "9223372036854775807 ... out of range").
TEST(BerlinRequestBounds, TheBoundsAndTheirMessages) {
  auto error = [](const RequestFields& f) {
    try {
      ParseRequest(f);
      return std::string();
    } catch (const BadRequest& e) {
      return std::string(e.what());
    }
  };
  EXPECT_EQ(error(FieldsWith("number_of_soldiers", "1000")), "");
  EXPECT_EQ(error(FieldsWith("number_of_soldiers", "1e300")),
            "berlin request: number_of_soldiers 1E300 is outside "
            "-1073741824..1073741824");
  EXPECT_NE(error(FieldsWith("number_of_soldiers", "536870912"))
                .find("could make more than 2^30 soldiers"),
            std::string::npos);
  EXPECT_EQ(error(FieldsWith("current_turn", "1000001")),
            "berlin request: infos.current_turn 1000001 is outside "
            "0..1000000");
  EXPECT_EQ(error(FieldsWith("node_id", "1e300")),
            "berlin request: node id 1E300 is reserved (a map id is an "
            "int64 but its two limits)");
}

}  // namespace
}  // namespace wl::berlin
