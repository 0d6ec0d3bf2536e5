// Tests of map_gen.h: colorfight §4.3's vectors, and every recorded game's
// map and start positions regenerated from its seed (the natural values of
// every cell of frame 0; each user's home from the shuffled start list, by
// the first-free rule of §5.1 replayed over the recorded registrations and
// turn-0 disconnects). The frames are read with Boost.JSON directly, not
// with frame.h, so this test stands on its own.
#include "sdk/colorfight/map_gen.h"

#include <boost/json.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"

namespace wl::colorfight {
namespace {

namespace json = boost::json;

TEST(MapGenTest, Seed101TwoPlayersGivesTheSpecVectors) {
  PyRandom rng(101);
  const GeneratedMap map = GenerateMap(rng, 2);
  ASSERT_EQ(map.num_starts, 2);
  EXPECT_EQ(map.starts[0], CellIndex(10, 3));
  EXPECT_EQ(map.starts[1], CellIndex(19, 26));
  struct Expected {
    int x, y, gold, energy, cost;
  };
  const Expected cells[] = {{0, 0, 8, 1, 218},
                            {1, 0, 4, 10, 234},
                            {0, 1, 4, 10, 234},
                            {14, 14, 1, 6, 221},
                            {29, 29, 8, 1, 218}};
  for (const Expected& e : cells) {
    const int i = CellIndex(e.x, e.y);
    EXPECT_EQ(map.gold[i], e.gold) << e.x << "," << e.y;
    EXPECT_EQ(map.energy[i], e.energy) << e.x << "," << e.y;
    EXPECT_EQ(map.cost[i], e.cost) << e.x << "," << e.y;
  }
}

TEST(MapGenTest, MapsAreSymmetricAndInRange) {
  PyRandom rng(7);
  for (int game = 0; game < 20; ++game) {
    const GeneratedMap map = GenerateMap(rng, 8);
    std::set<int> starts(map.starts, map.starts + 8);
    EXPECT_EQ(starts.size(), 8u);
    for (int x = 0; x < kWidth; ++x) {
      for (int y = 0; y < kHeight; ++y) {
        const int i = CellIndex(x, y);
        const int mirror = CellIndex(kWidth - 1 - y, x);  // quarter turn
        ASSERT_EQ(map.gold[i], map.gold[mirror]);
        ASSERT_EQ(map.cost[i], map.cost[mirror]);
        ASSERT_EQ(map.gold[i], map.gold[CellIndex(y, x)]);
        ASSERT_GE(map.gold[i], 1);
        ASSERT_LE(map.energy[i], 10);
        ASSERT_GE(map.cost[i], 24);
        ASSERT_LE(map.cost[i], 599);
      }
    }
  }
}

TEST(MapGenTest, OddMaxPlayersAreClamped) {
  PyRandom rng(101);
  EXPECT_EQ(GenerateMap(rng, -1).num_starts, 0);
  EXPECT_EQ(GenerateMap(rng, 3).num_starts, 3);
  EXPECT_EQ(GenerateMap(rng, 100).num_starts, 8);
}

// The 8 candidates come from the same two draws whatever max_player is;
// the list is truncated before the shuffle, so 2 players get the first two
// candidates ((x, y) and its point mirror), 4 the first four.
TEST(MapGenTest, TruncatesTheStartListToMaxPlayerBeforeTheShuffle) {
  std::set<int> previous;
  for (int max_player : {2, 4, 8}) {
    PyRandom rng(101);
    const GeneratedMap map = GenerateMap(rng, max_player);
    ASSERT_EQ(map.num_starts, max_player);
    const std::set<int> starts(map.starts, map.starts + max_player);
    EXPECT_EQ(starts.size(), static_cast<size_t>(max_player));
    for (int cell : previous) EXPECT_EQ(starts.count(cell), 1u) << cell;
    previous = starts;
  }
  for (int cell : previous) {  // the 8 candidates: 4 quarter turns, mirrored
    EXPECT_EQ(previous.count(CellIndex(kWidth - 1 - CellY(cell), CellX(cell))),
              1u);
    EXPECT_EQ(previous.count(CellIndex(CellY(cell), CellX(cell))), 1u);
  }
}

TEST(MapGenTest, NewGameStateHasTheNaturalsAndNothingElse) {
  PyRandom rng(101);
  const GeneratedMap map = GenerateMap(rng, 2);
  const State s = NewGameState(map, 200);
  EXPECT_EQ(s.turn, 0);
  EXPECT_EQ(s.max_turn, 200);
  EXPECT_EQ(s.num_users, 0);
  const Cell& c = s.cells[CellIndex(14, 14)];
  EXPECT_EQ(c.natural_gold, 1);
  EXPECT_EQ(c.natural_energy, 6);
  EXPECT_EQ(c.natural_cost, 221);
  EXPECT_EQ(c.owner, 0);
  EXPECT_EQ(c.level, 1);
  EXPECT_EQ(c.building, Building::kNone);
  EXPECT_EQ(s.index_of_uid[1], -1);
}

TEST(MapGenTest, AdminPasswordIsTenAsciiLetters) {
  // CPython: random.seed(7); ''.join(random.choice(string.ascii_letters)
  // for _ in range(10)) -- choice(seq) is seq[randbelow(len(seq))].
  PyRandom rng(7);
  EXPECT_EQ(AdminPassword(rng), "ujzPdeIgxL");
}

// Frame text -> value, failing the test on a parse error.
json::value ParseJson(const std::string& text) {
  json::error_code ec;
  json::value v = json::parse(text, ec);
  EXPECT_FALSE(ec) << ec.message();
  return v;
}

// The owner of every cell, and each user's home (cells[0] at turn 0),
// from a frame's text.
struct FrameOwners {
  int owner[kCells] = {};
  std::vector<std::pair<int, int>> homes;  // (uid, cell), registration order
};

FrameOwners OwnersOf(const json::value& frame) {
  FrameOwners owners;
  const json::array& data = frame.at("game_map").at("data").as_array();
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      owners.owner[CellIndex(x, y)] =
          static_cast<int>(data.at(y).at(x).at(5).as_int64());
    }
  }
  for (const auto& [key, user] : frame.at("users").as_object()) {
    const json::array& home = user.at("cells").at(0).as_array();
    owners.homes.emplace_back(
        static_cast<int>(user.at("uid").as_int64()),
        CellIndex(static_cast<int>(home.at(0).as_int64()),
                  static_cast<int>(home.at(1).as_int64())));
  }
  return owners;
}

void ExpectNaturalsMatch(const GeneratedMap& map, const json::value& frame,
                         const std::string& game) {
  const json::array& data = frame.at("game_map").at("data").as_array();
  ASSERT_EQ(data.size(), 30u) << game;
  int mismatches = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const json::array& cell = data.at(y).at(x).as_array();
      const int i = CellIndex(x, y);
      if (cell.at(7).as_int64() != map.gold[i] ||
          cell.at(8).as_int64() != map.energy[i] ||
          cell.at(9).as_int64() != map.cost[i]) {
        if (++mismatches <= 3) {
          ADD_FAILURE() << game << " (" << x << "," << y << "): frame "
                        << json::serialize(cell) << ", generated "
                        << int{map.gold[i]} << " " << int{map.energy[i]} << " "
                        << map.cost[i];
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << game;
}

// Replays the registrations (§5.1 step 7: the first start entry whose cell
// is unowned) and turn-0 disconnects (§5.4) of actions.jsonl.gz and checks
// every new user's home: at turn 0 against frame 0, for a late join at
// turn T against frame T+1's owner of the cell. Returns the users placed.
int CheckPlacements(const GeneratedMap& map,
                    const std::vector<std::string>& actions,
                    const std::vector<std::string>& frames,
                    const std::string& game) {
  std::set<int> users;
  int start_of_uid[kMaxUsers + 1] = {};  // start index + 1, 0 = none
  int placed = 0;
  const FrameOwners frame0 = OwnersOf(ParseJson(frames.at(0)));
  for (const std::string& line : actions) {
    const json::value event = ParseJson(line);
    const std::string kind(event.at("event").as_string());
    const int turn = static_cast<int>(event.at("turn").as_int64());
    if (kind == "disconnect" && turn == 0) {
      const int uid = static_cast<int>(event.at("uid").as_int64());
      users.erase(uid);
      start_of_uid[uid] = 0;
      continue;
    }
    if (kind != "send") continue;
    json::error_code ec;
    const json::value sent = json::parse(event.at("sent").as_string(), ec);
    if (ec || !sent.is_object() || !sent.as_object().contains("action") ||
        sent.at("action") != "register") {
      continue;
    }
    const json::value reply =
        ParseJson(std::string(event.at("reply").as_string()));
    if (!reply.at("success").as_bool()) continue;
    const int uid = static_cast<int>(reply.at("uid").as_int64());
    if (users.count(uid) != 0) continue;  // a reconnect
    users.insert(uid);
    ++placed;
    // Cells owned now: frame 0's homes of the users present, or frame T.
    const FrameOwners now =
        turn == 0 ? FrameOwners{} : OwnersOf(ParseJson(frames.at(turn)));
    int chosen = -1;
    for (int s = 0; s < map.num_starts && chosen < 0; ++s) {
      bool taken = now.owner[map.starts[s]] != 0;
      for (int u = 1; u <= kMaxUsers; ++u) taken |= start_of_uid[u] == s + 1;
      if (!taken) chosen = s;
    }
    if (turn == 0) {
      start_of_uid[uid] = chosen + 1;
      continue;
    }
    if (chosen < 0) {
      ADD_FAILURE() << game << ": no free start for uid " << uid;
      continue;
    }
    const FrameOwners next = OwnersOf(ParseJson(frames.at(turn + 1)));
    EXPECT_EQ(next.owner[map.starts[chosen]], uid)
        << game << " late join of uid " << uid << " at turn " << turn;
  }
  EXPECT_FALSE(frame0.homes.empty()) << game;
  EXPECT_EQ(frame0.homes.at(0).second, map.starts[0]) << game;
  for (const auto& [uid, cell] : frame0.homes) {
    const int start = start_of_uid[uid] - 1;
    EXPECT_TRUE(start >= 0 && map.starts[start] == cell)
        << game << " uid " << uid << " home " << cell;
  }
  return placed;
}

TEST(MapGenTest, RegeneratesEveryRecordedMapAndStartOrder) {
  WL_REQUIRE_COLORFIGHT_SHARED();
  const auto games = testing::ColorfightGames();
  ASSERT_EQ(games.size(), 12u);
  for (const auto& dir : games) {
    const std::string game = dir.filename().string();
    const json::value meta = ParseJson(testing::ReadFile(dir / "meta.json"));
    PyRandom rng(static_cast<uint64_t>(meta.at("seed").as_int64()));
    const GeneratedMap map =
        GenerateMap(rng, static_cast<int>(meta.at("max_player").as_int64()));
    const std::vector<std::string> frames =
        testing::ReadGzLines(dir / "frames.jsonl.gz");
    ASSERT_FALSE(frames.empty()) << game;
    ExpectNaturalsMatch(map, ParseJson(frames[0]), game);
    const int placed = CheckPlacements(
        map, testing::ReadGzLines(dir / "actions.jsonl.gz"), frames, game);
    EXPECT_EQ(placed, static_cast<int>(meta.at("players").as_array().size()) +
                          (meta.at("turn0_disconnect").as_bool() ? 1 : 0))
        << game;
  }
}

}  // namespace
}  // namespace wl::colorfight
