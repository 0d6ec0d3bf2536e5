// The rules core (rules.h) replays every recorded official game
// (../shared/colorfight/conformance, colorfight §13): from frame 0
// (StateOf), each update applies the command lists the engine executed, and
// the frame of the result (FrameOf, FrameText, with the failures as the
// error arrays) must be the recorded next frame byte for byte. A difference
// is reported field by field (cell, user, error array).
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/command_list.h"
#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight {
namespace {

namespace json = boost::json;

int HeaderIndex(const json::object& frame, std::string_view name) {
  const json::array& headers = frame.at("game_map").at("headers").as_array();
  for (size_t i = 0; i < headers.size(); ++i) {
    if (headers[i].as_string() == name) return static_cast<int>(i);
  }
  return -1;
}

const json::array& CellOf(const json::object& frame, int x, int y) {
  return frame.at("game_map").at("data").as_array()[y].as_array()[x].as_array();
}

int64_t Field(const json::object& frame, int x, int y, std::string_view name) {
  return CellOf(frame, x, y)[HeaderIndex(frame, name)].as_int64();
}

Building BuildingOf(const json::array& b) {
  const std::string_view letter = b[0].as_string();
  if (letter == "h") return Building::kHome;
  if (letter == "e") return Building::kWell;
  if (letter == "g") return Building::kMine;
  if (letter == "f") return Building::kFort;
  return Building::kNone;
}

constexpr const char* kBuildingNames[] = {"home", "energy_well", "gold_mine",
                                          "fortress"};

// Every command failure, as the frame's error arrays show it (§6.2).
class ErrorTexts : public FailureSink {
 public:
  ErrorTexts(const std::vector<std::vector<ParsedCommand>>& parsed,
             const std::vector<std::vector<std::string>>& texts)
      : parsed_(parsed), texts_(texts), errors_(parsed.size()) {}
  void Failed(int user, int command, Failure failure) override {
    errors_[user].push_back(failure == Failure::kInvalid
                                ? parsed_[user][command].error
                                : FailureText(texts_[user][command], failure));
  }
  const std::vector<std::vector<std::string>>& errors() const {
    return errors_;
  }

 private:
  const std::vector<std::vector<ParsedCommand>>& parsed_;
  const std::vector<std::vector<std::string>>& texts_;
  std::vector<std::vector<std::string>> errors_;
};

// Compares a state with a frame; returns the first difference, "" if none.
std::string CompareCells(const State& s, const json::object& frame) {
  const int building = HeaderIndex(frame, "building");
  for (int x = 0; x < kWidth; ++x) {
    for (int y = 0; y < kHeight; ++y) {
      const int i = CellIndex(x, y);
      const Cell& c = s.cells[i];
      const json::array& b = CellOf(frame, x, y)[building].as_array();
      const int64_t got[] = {
          c.owner,         c.force_field,     AttackCost(s, i),
          GoldYield(s, i), EnergyYield(s, i), static_cast<int>(c.building),
          c.level};
      const int64_t want[] = {Field(frame, x, y, "owner"),
                              Field(frame, x, y, "force_field"),
                              Field(frame, x, y, "attack_cost"),
                              Field(frame, x, y, "gold"),
                              Field(frame, x, y, "energy"),
                              static_cast<int>(BuildingOf(b)),
                              b[1].as_int64()};
      static constexpr const char* kNames[] = {
          "owner",  "force_field", "attack_cost", "gold",
          "energy", "building",    "level"};
      for (int k = 0; k < 7; ++k) {
        if (got[k] != want[k]) {
          return "cell (" + std::to_string(x) + "," + std::to_string(y) + ") " +
                 kNames[k] + " " + std::to_string(got[k]) +
                 " != " + std::to_string(want[k]);
        }
      }
    }
  }
  return "";
}

std::string CompareUser(const State& s, const UserState& u,
                        const json::object& f) {
  const int64_t got[] = {u.energy,        u.gold,        u.dead,
                         u.energy_source, u.gold_source, u.tech_level,
                         u.tax_level,     u.tax_amount,  u.cell_number};
  static constexpr const char* kNames[] = {
      "energy",     "gold",      "dead",       "energy_source", "gold_source",
      "tech_level", "tax_level", "tax_amount", "cell_number"};
  for (int k = 0; k < 9; ++k) {
    const json::value& v = f.at(kNames[k]);
    const int64_t want = v.is_bool() ? v.as_bool() : v.as_int64();
    if (got[k] != want) {
      return std::string(kNames[k]) + " " + std::to_string(got[k]) +
             " != " + std::to_string(want);
    }
  }
  json::object numbers;
  for (int k = 0; k < u.building_kinds; ++k) {
    const int kind = u.building_order[k];
    numbers[kBuildingNames[kind]] = u.building_count[kind];
  }
  if (json::serialize(numbers) != json::serialize(f.at("building_number"))) {
    return "building_number " + json::serialize(numbers) +
           " != " + json::serialize(f.at("building_number"));
  }
  json::array cells;
  for (int i = 0; i < kCells; ++i) {
    if (s.cells[i].owner == u.uid) cells.push_back({CellX(i), CellY(i)});
  }
  if (cells != f.at("cells").as_array()) return "cells differ";
  return "";
}

std::string CompareUsers(const State& s, const json::object& frame) {
  const json::object& users = frame.at("users").as_object();
  if (static_cast<int>(users.size()) != s.num_users) return "user count";
  int i = 0;
  for (const auto& [key, f] : users) {
    const UserState& u = s.users[i++];
    if (f.at("uid").as_int64() != u.uid) return "uid order";
    const std::string diff = CompareUser(s, u, f.as_object());
    if (!diff.empty()) return "user " + std::string(key) + " " + diff;
  }
  return "";
}

std::string CompareErrors(
    const State& s, const std::vector<std::vector<std::string>>& errors_got,
    const json::object& frame) {
  const json::object& errors = frame.at("error").as_object();
  for (int i = 0; i < s.num_users; ++i) {
    const json::value* want =
        errors.if_contains(std::to_string(s.users[i].uid));
    json::array got;
    for (const std::string& e : errors_got[i]) got.emplace_back(e);
    if (want == nullptr || got != want->as_array()) {
      return "error of uid " + std::to_string(s.users[i].uid) + ": " +
             json::serialize(got) +
             " != " + (want ? json::serialize(*want) : std::string("none"));
    }
  }
  return "";
}

// Places a late joiner on the home the next frame shows.
void Join(State& s, int64_t uid, const json::object& next) {
  const int building = HeaderIndex(next, "building");
  for (int x = 0; x < kWidth; ++x) {
    for (int y = 0; y < kHeight; ++y) {
      if (Field(next, x, y, "owner") == uid &&
          CellOf(next, x, y)[building].as_array()[0].as_string() == "h") {
        PlaceUser(s, static_cast<int>(uid), CellIndex(x, y));
        return;
      }
    }
  }
  ADD_FAILURE() << "no home for late joiner " << uid;
}

// One update with the recorded command lists; returns the failures.
std::vector<std::vector<std::string>> Play(
    State& s, const testing::ColorfightTurnInput& input) {
  std::vector<std::vector<ParsedCommand>> parsed(s.num_users);
  std::vector<std::vector<std::string>> texts(s.num_users);
  std::vector<std::vector<Command>> commands(s.num_users);
  std::vector<CommandList> lists(s.num_users);
  for (int i = 0; i < s.num_users; ++i) {
    const auto it = input.command_lists.find(s.users[i].uid);
    if (it == input.command_lists.end()) continue;
    parsed[i] = ParseCommandList(it->second);
    for (size_t k = 0; k < parsed[i].size(); ++k) {
      commands[i].push_back(parsed[i][k].command);
      const json::value& v = it->second[k];
      texts[i].push_back(v.is_string() ? std::string(v.as_string()) : "");
    }
    lists[i] = {commands[i].data(), static_cast<int>(commands[i].size())};
  }
  ErrorTexts sink(parsed, texts);
  Update(s, lists.data(), &sink);
  return sink.errors();
}

// The frame the room would push after the update: FrameOf with frame 0's
// info (start_count_down 0, README "How to test a clone") and the errors.
std::string FrameAfter(const State& s, const Frame& frame0,
                       const std::vector<std::string>& usernames,
                       const std::vector<std::vector<std::string>>& errors) {
  Frame f = FrameOf(s, usernames);
  f.info = frame0.info;
  f.info.start_count_down = "0";
  for (int i = 0; i < s.num_users; ++i)
    f.error.push_back({s.users[i].uid, errors[i]});
  return FrameText(f);
}

// Where a frame differs from the state, field by field (for the message).
std::string Difference(const State& s,
                       const std::vector<std::vector<std::string>>& errors,
                       const std::string& text) {
  const json::object frame = json::parse(text).as_object();
  std::string diff = CompareCells(s, frame);
  if (diff.empty()) diff = CompareUsers(s, frame);
  if (diff.empty()) diff = CompareErrors(s, errors, frame);
  return diff.empty() ? "elsewhere in the text" : diff;
}

void ReplayGame(const testing::ColorfightRecord& game) {
  Frame frame0;
  std::string error;
  ASSERT_TRUE(ParseFrame(game.frames[0], &frame0, &error)) << error;
  State s = StateOf(frame0);
  ASSERT_EQ(CompareCells(s, json::parse(game.frames[0]).as_object()), "");
  std::vector<std::string> usernames;
  for (const FrameUser& u : frame0.users) usernames.push_back(u.username);
  for (size_t t = 1; t < game.frames.size(); ++t) {
    for (const auto& join : game.inputs[t].joins) {
      Join(s, join.uid, json::parse(game.frames[t]).as_object());
      usernames.push_back(join.username);
    }
    const auto errors = Play(s, game.inputs[t]);
    ASSERT_EQ(s.turn, static_cast<int>(t));
    if (FrameAfter(s, frame0, usernames, errors) != game.frames[t]) {
      FAIL() << "turn " << t << ": " << Difference(s, errors, game.frames[t]);
    }
  }
}

TEST(ColorfightConformanceRulesTest, EveryRecordedUpdateGivesItsFrameExactly) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const auto games = testing::ColorfightGames();
  ASSERT_GE(games.size(), 12u);
  for (const auto& dir : games) {
    SCOPED_TRACE(dir.filename().string());
    testing::ColorfightRecord game;
    std::string error;
    ASSERT_TRUE(testing::LoadColorfightGame(dir, &game, &error)) << error;
    ReplayGame(game);
  }
}

}  // namespace
}  // namespace wl::colorfight
