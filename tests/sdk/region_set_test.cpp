// Unit tests of region_set.h: a 128-bit set of region ids.
#include "region_set.h"

#include <initializer_list>
#include <type_traits>
#include <vector>

#include "gtest/gtest.h"

namespace wl {
namespace {

RegionSet SetOf(std::initializer_list<int> ids) {
  RegionSet set;
  for (int id : ids) set.Insert(id);
  return set;
}

std::vector<int> Members(RegionSet set) {
  std::vector<int> out;
  for (int id : set) out.push_back(id);
  return out;
}

TEST(RegionSetTest, IteratesInAscendingIdOrderAcrossBothWords) {
  RegionSet set = SetOf({127, 3, 64, 63, 1});
  EXPECT_EQ(Members(set), (std::vector<int>{1, 3, 63, 64, 127}));
  EXPECT_TRUE(Members(RegionSet()).empty());
  EXPECT_EQ(Members(SetOf({100})), (std::vector<int>{100}));
}

TEST(RegionSetTest, InsertIsIdempotentAndCountCountsMembers) {
  RegionSet set;
  EXPECT_TRUE(set.Empty());
  EXPECT_EQ(set.Count(), 0);
  set.Insert(5);
  set.Insert(5);
  set.Insert(70);
  EXPECT_FALSE(set.Empty());
  EXPECT_EQ(set.Count(), 2);
  EXPECT_TRUE(set.Contains(5));
  EXPECT_TRUE(set.Contains(70));
  EXPECT_FALSE(set.Contains(6));
  EXPECT_FALSE(set.Contains(69));
}

TEST(RegionSetTest, EraseRemovesOnlyThatMember) {
  RegionSet set = SetOf({2, 66, 90});
  set.Erase(66);
  set.Erase(4);  // absent: no effect
  EXPECT_EQ(Members(set), (std::vector<int>{2, 90}));
  set.Clear();
  EXPECT_TRUE(set.Empty());
}

TEST(RegionSetTest, FirstAndNthFindMembersByRank) {
  EXPECT_EQ(RegionSet().First(), -1);
  RegionSet set = SetOf({9, 64, 65, 127, 40});
  EXPECT_EQ(set.First(), 9);
  EXPECT_EQ(SetOf({64, 100}).First(), 64);
  std::vector<int> members = Members(set);
  for (int k = 0; k < set.Count(); ++k) EXPECT_EQ(set.Nth(k), members[k]) << k;
}

TEST(RegionSetTest, SetAlgebra) {
  RegionSet a = SetOf({1, 2, 70, 100});
  RegionSet b = SetOf({2, 3, 100, 127});
  EXPECT_EQ(Members(a | b), (std::vector<int>{1, 2, 3, 70, 100, 127}));
  EXPECT_EQ(Members(a & b), (std::vector<int>{2, 100}));
  EXPECT_EQ(Members(a - b), (std::vector<int>{1, 70}));
  RegionSet c = a;
  c -= b;
  EXPECT_EQ(c, a - b);
  c |= b;
  EXPECT_EQ(c, a | b);
  c &= a;
  EXPECT_EQ(c, a);
  EXPECT_NE(a, b);
  EXPECT_TRUE(SetOf({2, 100}).IsSubsetOf(a));
  EXPECT_FALSE(SetOf({2, 101}).IsSubsetOf(a));
  EXPECT_TRUE(RegionSet().IsSubsetOf(RegionSet()));
}

TEST(RegionSetTest, IsASmallTriviallyCopyableValue) {
  EXPECT_TRUE(std::is_trivially_copyable_v<RegionSet>);
  EXPECT_EQ(sizeof(RegionSet), 16u);
  RegionSet a = SetOf({7});
  RegionSet b = a;
  b.Insert(8);
  EXPECT_FALSE(a.Contains(8));
}

}  // namespace
}  // namespace wl
