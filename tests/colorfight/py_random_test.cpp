// Unit tests of py_random.h: PyRandom against colorfight §4.1's vectors,
// draws derived by hand from the algorithm, and seeds with one and two key
// words (values printed by CPython 3.11's random).
#include "sdk/colorfight/py_random.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace wl::colorfight {
namespace {

TEST(PyRandomTest, Seed12345GivesTheSpecOutputs) {
  PyRandom rng(12345);
  EXPECT_EQ(rng.Next32(), 1789368711u);
  EXPECT_EQ(rng.Next32(), 3146859322u);
  EXPECT_EQ(rng.Next32(), 43676229u);
}

TEST(PyRandomTest, Seed12345GivesTheSpecRandoms) {
  PyRandom rng(12345);
  EXPECT_EQ(rng.Random(), 0.41661987254534116);
  EXPECT_EQ(rng.Random(), 0.010169169457068361);
  EXPECT_EQ(rng.Random(), 0.8252065092537432);
}

TEST(PyRandomTest, ReseedingRestartsTheStream) {
  PyRandom rng(1);
  rng.Next32();
  rng.Seed(12345);
  EXPECT_EQ(rng.Next32(), 1789368711u);
}

// Outputs 1789368711, 3146859322, 43676229 have top 3 bits 3, 5, 0:
// randbelow(5) takes 3, rejects 5, takes 0.
TEST(PyRandomTest, RandBelowRejectsDrawsOutOfRange) {
  PyRandom rng(12345);
  EXPECT_EQ(rng.RandBelow(5), 3u);
  EXPECT_EQ(rng.RandBelow(5), 0u);
  PyRandom same(12345);
  for (int i = 0; i < 3; ++i) same.Next32();
  EXPECT_EQ(rng.Next32(), same.Next32());  // exactly three outputs used
}

// Top bits of the same outputs: i = 2, randbelow(3) with k = 2 takes 1
// (swap v[2], v[1]: 0 2 1); i = 1, randbelow(2) with k = 2 (bit_length(2))
// rejects 2 and takes 0 (swap v[1], v[0]: 2 0 1).
TEST(PyRandomTest, ShuffleSwapsFromTheEnd) {
  PyRandom rng(12345);
  int v[3] = {0, 1, 2};
  rng.Shuffle(v, 3);
  EXPECT_EQ(v[0], 2);
  EXPECT_EQ(v[1], 0);
  EXPECT_EQ(v[2], 1);
}

TEST(PyRandomTest, ShuffleOfSixMatchesCPython) {
  PyRandom rng(12345);
  int v[6] = {0, 1, 2, 3, 4, 5};
  rng.Shuffle(v, 6);
  const int expected[6] = {5, 4, 1, 2, 0, 3};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(v[i], expected[i]) << i;
}

TEST(PyRandomTest, ShuffleOfNothingOrOneDrawsNothing) {
  PyRandom rng(12345);
  int v[1] = {7};
  rng.Shuffle(v, 0);
  rng.Shuffle(v, 1);
  EXPECT_EQ(v[0], 7);
  EXPECT_EQ(rng.Next32(), 1789368711u);
}

TEST(PyRandomTest, SeedZeroIsTheKeyZero) {
  PyRandom rng(0);
  EXPECT_EQ(rng.Next32(), 3626764237u);
  EXPECT_EQ(rng.Next32(), 1654615998u);
  EXPECT_EQ(rng.Next32(), 3255389356u);
}

TEST(PyRandomTest, SeedsAboveTwoToThe32UseTwoKeyWords) {
  PyRandom rng((uint64_t{1} << 40) + 7);
  EXPECT_EQ(rng.Next32(), 2635837658u);
  EXPECT_EQ(rng.Next32(), 3209733218u);
  EXPECT_EQ(rng.Next32(), 3500038837u);
  EXPECT_EQ(rng.GetRandBits(40), 1039115507387u);
  EXPECT_EQ(rng.RandBelow(1000000000000u), 629811958337u);
  EXPECT_EQ(rng.Uniform(0.6, 1.5), 1.235035383912412);
  EXPECT_EQ(rng.RandInt(1, 10), 5);

  PyRandom two_to_32(uint64_t{1} << 32);  // key [0, 1], not [0]
  EXPECT_EQ(two_to_32.Next32(), 485306839u);
  EXPECT_EQ(two_to_32.Next32(), 1508871100u);
  PyRandom max(~uint64_t{0});
  EXPECT_EQ(max.Next32(), 93740670u);
  EXPECT_EQ(max.Next32(), 1068495656u);
}

TEST(PyRandomTest, GetRandBitsTakesTheTopBits) {
  PyRandom rng(12345);
  EXPECT_EQ(rng.GetRandBits(32), 1789368711u);
  EXPECT_EQ(rng.GetRandBits(8), 3146859322u >> 24);
  EXPECT_EQ(rng.GetRandBits(0), 0u);  // draws nothing
  EXPECT_EQ(rng.GetRandBits(1), 43676229u >> 31);
}

TEST(PyRandomTest, RandRangeAndRandIntStayInRange) {
  PyRandom rng(99);
  bool seen[11] = {};
  for (int i = 0; i < 1000; ++i) {
    const int64_t r = rng.RandInt(1, 10);
    ASSERT_GE(r, 1);
    ASSERT_LE(r, 10);
    seen[r] = true;
    const int64_t s = rng.RandRange(-3, 4);
    ASSERT_GE(s, -3);
    ASSERT_LT(s, 4);
  }
  for (int v = 1; v <= 10; ++v) EXPECT_TRUE(seen[v]) << v;
}

}  // namespace
}  // namespace wl::colorfight
