// Unit tests of map.h: the official engine's loading semantics (spec
// section 2) and the checks the harness needs.
#include "map.h"

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "protocol.h"

namespace wl {
namespace {

// Super region 1 holding regions 1..n, no links.
Map Regions(int n) {
  Map map;
  EXPECT_EQ(map.AddSuperRegion(1, 1), "");
  for (int r = 1; r <= n; ++r) EXPECT_EQ(map.AddRegion(r, 1), "");
  return map;
}

TEST(MapTest, AdjacencyKeepsInsertionOrderNeverSorted) {
  Map map = Regions(4);
  ASSERT_EQ(map.AddLink(1, 4), "");
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(1, 3), "");
  EXPECT_EQ(map.Neighbors(1), (std::vector<int>{4, 2, 3}));
}

TEST(MapTest, LoadingInFileOrderAppendsToBothLists) {
  // Regions listed in file order 1: [2], 2: [3], 3: [1]: region 1 gets 3
  // appended when region 3 is read, after 2.
  Map map = Regions(3);
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(2, 3), "");
  ASSERT_EQ(map.AddLink(3, 1), "");
  EXPECT_EQ(map.Neighbors(1), (std::vector<int>{2, 3}));
  EXPECT_EQ(map.Neighbors(2), (std::vector<int>{1, 3}));
  EXPECT_EQ(map.Neighbors(3), (std::vector<int>{2, 1}));
}

TEST(MapTest, LinksAreSymmetricEvenWhenListedOnce) {
  Map map = Regions(2);
  ASSERT_EQ(map.AddLink(2, 1), "");
  EXPECT_TRUE(map.AreNeighbors(1, 2));
  EXPECT_TRUE(map.AreNeighbors(2, 1));
  EXPECT_TRUE(map.NeighborSet(1).Contains(2));
  EXPECT_EQ(map.Neighbors(1), (std::vector<int>{2}));
}

TEST(MapTest, ALinkListedFromBothSidesIsStoredOnce) {
  Map map = Regions(3);
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(2, 1), "");
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(2, 3), "");
  EXPECT_EQ(map.Neighbors(1), (std::vector<int>{2}));
  EXPECT_EQ(map.Neighbors(2), (std::vector<int>{1, 3}));
}

TEST(MapTest, NotNeighborsAndOutOfRangeIdsAreNotAdjacent) {
  Map map = Regions(3);
  ASSERT_EQ(map.AddLink(1, 2), "");
  EXPECT_FALSE(map.AreNeighbors(1, 3));
  EXPECT_FALSE(map.AreNeighbors(1, 1));
  EXPECT_FALSE(map.AreNeighbors(-1, 2));
  EXPECT_FALSE(map.AreNeighbors(1, kRegionSlots));
}

TEST(MapTest, SuperRegionMembersKeepFileOrder) {
  Map map;
  ASSERT_EQ(map.AddSuperRegion(1, 3), "");
  for (int r : {5, 2, 9}) ASSERT_EQ(map.AddRegion(r, 1), "");
  EXPECT_EQ(map.GetSuperRegion(1).regions, (std::vector<int>{5, 2, 9}));
  EXPECT_EQ(map.GetSuperRegion(1).members.Count(), 3);
}

TEST(MapTest, SuperRegionsAreSortedById) {
  Map map;
  ASSERT_EQ(map.AddSuperRegion(3, 30), "");
  ASSERT_EQ(map.AddSuperRegion(1, 10), "");
  ASSERT_EQ(map.AddSuperRegion(2, 20), "");
  ASSERT_EQ(map.AddRegion(1, 3), "");
  ASSERT_EQ(map.AddRegion(2, 1), "");
  std::vector<int> ids;
  for (const Map::SuperRegion& s : map.SuperRegions()) ids.push_back(s.id);
  EXPECT_EQ(ids, (std::vector<int>{1, 2, 3}));
  // Lookups by id still work after the re-sorting.
  EXPECT_EQ(map.GetSuperRegion(3).bonus, 30);
  EXPECT_EQ(map.GetSuperRegion(3).regions, (std::vector<int>{1}));
  EXPECT_EQ(map.GetSuperRegion(1).regions, (std::vector<int>{2}));
  EXPECT_EQ(map.SuperRegionOf(1), 3);
  EXPECT_EQ(map.SuperRegionOf(2), 1);
}

TEST(MapTest, RegionIdsAreSortedById) {
  Map map;
  ASSERT_EQ(map.AddSuperRegion(1, 1), "");
  for (int r : {3, 1, 2}) ASSERT_EQ(map.AddRegion(r, 1), "");
  EXPECT_EQ(map.RegionIds(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(map.RegionCount(), 3);
}

TEST(MapTest, DuplicateIdsAreRejectedAndTheFirstIsKept) {
  Map map;
  ASSERT_EQ(map.AddSuperRegion(1, 4), "");
  ASSERT_EQ(map.AddSuperRegion(2, 5), "");
  EXPECT_NE(map.AddSuperRegion(1, 9), "");
  EXPECT_EQ(map.GetSuperRegion(1).bonus, 4);
  EXPECT_EQ(map.SuperRegions().size(), 2u);
  ASSERT_EQ(map.AddRegion(1, 1), "");
  EXPECT_NE(map.AddRegion(1, 2), "");
  EXPECT_EQ(map.SuperRegionOf(1), 1);
  EXPECT_TRUE(map.GetSuperRegion(2).regions.empty());
  EXPECT_EQ(map.RegionCount(), 1);
}

TEST(MapTest, ZeroBonusIsAcceptedNegativeIsNot) {
  Map map;
  EXPECT_EQ(map.AddSuperRegion(1, 0), "");
  EXPECT_NE(map.AddSuperRegion(2, -1), "");
  EXPECT_FALSE(map.HasSuperRegion(2));
}

TEST(MapTest, BonusesAreCappedSoThatNoArmyCountCanOverflow) {
  Map map;
  EXPECT_EQ(map.AddSuperRegion(1, 200), "");
  EXPECT_EQ(map.AddSuperRegion(2, 201),
            "super region 2 has bonus 201, above the cap of 200 (so that "
            "no income or army count can overflow)");
  EXPECT_NE(map.AddSuperRegion(3, 2147483647), "");
  EXPECT_FALSE(map.HasSuperRegion(2));
  EXPECT_FALSE(map.HasSuperRegion(3));
  // The bound of map.h, worked out: 127 regions of 6 armies, then 317
  // rounds of both incomes with every region in a super region of 200.
  EXPECT_EQ(kMaxGameArmies, 127 * 6 + 317 * (10 + 127 * 200));
  // Readable by every bot (protocol.h), and every region at that count
  // still sums inside an int.
  EXPECT_LE(kMaxGameArmies, kMaxMessageArmies);
  EXPECT_LE(kMaxGameArmies * kRegionSlots, int64_t{INT32_MAX});
}

TEST(MapTest, BadIdsAndLinksAreRejected) {
  Map map;
  EXPECT_NE(map.AddSuperRegion(0, 1), "");
  EXPECT_NE(map.AddSuperRegion(kMaxSuperRegionId + 1, 1), "");
  ASSERT_EQ(map.AddSuperRegion(kMaxSuperRegionId, 1), "");
  EXPECT_NE(map.AddRegion(0, kMaxSuperRegionId), "");
  EXPECT_NE(map.AddRegion(kMaxRegionId + 1, kMaxSuperRegionId), "");
  EXPECT_NE(map.AddRegion(1, 7), "");  // unknown super region
  ASSERT_EQ(map.AddRegion(kMaxRegionId, kMaxSuperRegionId), "");
  ASSERT_EQ(map.AddRegion(1, kMaxSuperRegionId), "");
  EXPECT_NE(map.AddLink(1, 1), "");
  EXPECT_NE(map.AddLink(1, 2), "");  // 2 does not exist
  EXPECT_TRUE(map.Neighbors(1).empty());
}

TEST(MapTest, ValidateAcceptsAConnectedMapWithIdsOneToN) {
  Map map = Regions(3);
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(3, 2), "");
  EXPECT_EQ(map.Validate(), "");
}

TEST(MapTest, ValidateRejectsGapsInRegionIds) {
  Map map;
  ASSERT_EQ(map.AddSuperRegion(1, 1), "");
  for (int r : {1, 2, 4}) ASSERT_EQ(map.AddRegion(r, 1), "");
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(2, 4), "");
  std::string err = map.Validate();
  EXPECT_NE(err.find("3"), std::string::npos) << err;
}

TEST(MapTest, ValidateRejectsADisconnectedMap) {
  Map map = Regions(4);
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddLink(3, 4), "");
  EXPECT_NE(map.Validate(), "");
}

TEST(MapTest, ValidateRejectsAnEmptySuperRegion) {
  Map map = Regions(2);
  ASSERT_EQ(map.AddLink(1, 2), "");
  ASSERT_EQ(map.AddSuperRegion(2, 1), "");
  EXPECT_NE(map.Validate(), "");
}

TEST(MapTest, ValidateRejectsFewerThanTwoRegions) {
  EXPECT_NE(Map().Validate(), "");
  EXPECT_NE(Regions(1).Validate(), "");
}

}  // namespace
}  // namespace wl
