// sdk/colorfight/frame.h's numeric bounds, as a property: every numeric
// field of a frame (turn, info, three cells' headers: user 1's home, a
// neighbour, a far corner; user 1's counters, a building count, a cell
// position) is given each extreme (the int64 limits, int32's +-1, -1, 0,
// 1, 10^6 +1, 10^15 +1, huge doubles, 1e300) with the rest of a real frame
// (seed 5, two players, turn 1) as it is. Either ParseFrame refuses it with
// one line naming the field, or the state comes back (StateOf) and the
// random, starter, greedy and mcts bots all play a turn on it (in the
// ASan+UBSan build: without undefined behaviour).
#include <boost/json.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bots/colorfight/greedy/colorfight_greedy_bot.h"
#include "bots/colorfight/mcts/colorfight_mcts_bot.h"
#include "bots/colorfight/random/colorfight_random_bot.h"
#include "bots/colorfight/starter/colorfight_starter_bot.h"
#include "colorfight/cf_bot_games.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/frame.h"

namespace wl::colorfight {
namespace {

namespace json = boost::json;

const std::vector<std::string>& Extremes() {
  static const std::vector<std::string> values = {"-9223372036854775808",
                                                  "9223372036854775807",
                                                  "-2147483649",
                                                  "2147483648",
                                                  "-1",
                                                  "0",
                                                  "1",
                                                  "1000001",
                                                  "1000000000000001",
                                                  "-1000000000000001",
                                                  "99999999999999999999",
                                                  "1e300",
                                                  "-1e300",
                                                  "2.5"};
  return values;
}

// A field: its name in ParseFrame's errors and where it is in the DOM.
struct Field {
  std::string name;
  std::function<json::value&(json::object&)> at;
};

std::vector<Field> Fields(const Frame& base) {
  std::vector<Field> fields;
  fields.push_back(
      {"turn", [](json::object& f) -> json::value& { return f["turn"]; }});
  for (const char* key : {"max_turn", "max_player", "width", "height",
                          "replay_version", "game_version", "round_time"}) {
    fields.push_back(
        {std::string("info.") + key, [key](json::object& f) -> json::value& {
           return f["info"].as_object()[key];
         }});
  }
  const auto [hx, hy] = base.users.at(0).cells.at(0);  // the home
  const std::pair<int, int> cells[] = {{hx, hy}, {hx, hy + 1}, {29, 29}};
  const char* headers[] = {"attack_cost",    "force_field", "gold",
                           "energy",         "owner",       "natural_gold",
                           "natural_energy", "natural_cost"};
  const int index[] = {0, 1, 3, 4, 5, 7, 8, 9};  // in the frame's headers
  for (const auto& [x, y] : cells) {
    for (int h = 0; h < 8; ++h) {
      const int i = index[h];
      fields.push_back({"data[" + std::to_string(y) + "][" + std::to_string(x) +
                            "]." + headers[h],
                        [x = x, y = y, i](json::object& f) -> json::value& {
                          return f["game_map"]
                              .as_object()["data"]
                              .as_array()[y]
                              .as_array()[x]
                              .as_array()[i];
                        }});
    }
  }
  for (const char* key :
       {"energy", "gold", "energy_source", "gold_source", "tech_level",
        "tax_level", "tax_amount", "cell_number"}) {
    fields.push_back(
        {std::string("users.1.") + key, [key](json::object& f) -> json::value& {
           return f["users"].as_object()["1"].as_object()[key];
         }});
  }
  fields.push_back(
      {"users.1.building_number", [](json::object& f) -> json::value& {
         return f["users"]
             .as_object()["1"]
             .as_object()["building_number"]
             .as_object()["home"];
       }});
  fields.push_back({"users.1.cells", [](json::object& f) -> json::value& {
                      return f["users"]
                          .as_object()["1"]
                          .as_object()["cells"]
                          .as_array()[0]
                          .as_array()[0];
                    }});
  return fields;
}

// One turn of every SDK bot on `frame` as uid 1.
void PlayEveryBot(const Frame& frame) {
  StateOf(frame);
  FrameText(frame);
  const Game game(frame, 1);
  colorfight_mcts::Options mcts;
  mcts.search.iterations = 4;
  std::vector<std::unique_ptr<Bot>> bots;
  bots.push_back(std::make_unique<ColorfightRandomBot>(3));
  bots.push_back(std::make_unique<ColorfightStarterBot>(3));
  bots.push_back(std::make_unique<ColorfightGreedyBot>(3));
  bots.push_back(std::make_unique<ColorfightMctsBot>(mcts));
  for (auto& bot : bots) bot->OnTurn(game);
}

TEST(FrameBoundsTest, EveryNumericFieldAtItsExtremesIsRefusedOrPlayed) {
  const State state = testing::StartedGame(5, 2);
  Frame base = FrameOf(state, {"one", "two"});
  base.info.game_id = "1";
  const json::value dom = json::parse(FrameText(base));
  int refused = 0, played = 0;
  for (const Field& field : Fields(base)) {
    for (const std::string& value : Extremes()) {
      SCOPED_TRACE(field.name + " = " + value);
      json::value v = dom;
      field.at(v.as_object()) = json::parse(value);
      Frame frame;
      std::string error;
      if (!ParseFrame(json::serialize(v), &frame, &error)) {
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
        EXPECT_NE(error.find(field.name), std::string::npos) << error;
        if (value == "1e300") {
          EXPECT_NE(error.find("1e+300"), std::string::npos) << error;
        }
        ++refused;
        continue;
      }
      PlayEveryBot(frame);
      ++played;
    }
  }
  EXPECT_GT(refused, 300);
  EXPECT_GT(played, 50);
}

// A home's attack cost at -2^63 (its stored energy came out of it with an
// overflow) and a force field of 2^15 (it was cut to int16) are refused.
TEST(FrameBoundsTest, ValuesTheStateCannotHoldAreRefused) {
  const State state = testing::StartedGame(5, 2);
  Frame base = FrameOf(state, {"one", "two"});
  const auto [hx, hy] = base.users.at(0).cells.at(0);
  Frame f = base;
  f.Cell(hx, hy).attack_cost = INT64_MIN;
  std::string error;
  Frame back;
  EXPECT_FALSE(ParseFrame(FrameText(f), &back, &error));
  EXPECT_EQ(error, "frame: game_map.data[" + std::to_string(hy) + "][" +
                       std::to_string(hx) +
                       "].attack_cost: -9223372036854775808 is outside "
                       "-4000000000000000..4000000000000000");
  f = base;
  f.Cell(hx, hy).force_field = 32768;
  EXPECT_FALSE(ParseFrame(FrameText(f), &back, &error));
  EXPECT_NE(error.find("force_field: 32768 is outside 0..1000"),
            std::string::npos)
      << error;
  EXPECT_TRUE(ParseFrame(FrameText(base), &back, &error)) << error;
}

}  // namespace
}  // namespace wl::colorfight
