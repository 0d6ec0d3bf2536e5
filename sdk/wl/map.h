// map.h: the immutable game map: regions, super regions, bonuses, adjacency.
//
// A Map is built once (from the engine's setup_map lines, or by the harness
// from a map file) and then shared read-only by the bot's View, the rules core
// and searches. Building follows the official engine's loading semantics
// (spec section 2): regions are added in file order, a link is appended to
// both regions' adjacency lists unless already present, so adjacency lists
// keep insertion order and are never sorted; a super region lists its
// members in the order they were added.
//
//   wl::Map map;
//   map.AddSuperRegion(1, 3);
//   map.AddRegion(1, 1);
//   map.AddRegion(2, 1);
//   map.AddLink(1, 2);
//   if (std::string err = map.Validate(); !err.empty()) { ... }
//   for (int n : map.Neighbors(1)) { ... }      // insertion order
//   if (map.NeighborSet(1).Contains(2)) { ... } // O(1) adjacency test
//
// Building functions return an empty string on success and a one-line reason
// on failure; nothing throws.
#ifndef WL_MAP_H_
#define WL_MAP_H_

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "region_set.h"

namespace wl {

// Largest super-region id a map may use.
constexpr int kMaxSuperRegionId = 1000;

// Largest bonus a super region may give (real maps give 0 to about 10).
// Every super region holds a region, so both players together earn at most
// 2 * 5 + kMaxRegionId * kMaxBonus = 25,410 armies a round; in the longest
// game (max(60, 2.5 * 127) = 317 rounds) after a start of at most 6 armies
// a region, no region can ever hold more than kMaxGameArmies armies. That is
// below what the engine lines may say (kMaxMessageArmies, protocol.h, which
// checks it) and what the viewer draws, so no sum of armies overflows an int.
constexpr int kMaxBonus = 200;
constexpr int64_t kMaxGameArmies =
    int64_t{kMaxRegionId} * 6 +
    int64_t{317} * (2 * 5 + int64_t{kMaxRegionId} * kMaxBonus);

class Map {
 public:
  // Adds a super region. Fails on a bad or duplicate id, or a bonus
  // outside 0..kMaxBonus.
  std::string AddSuperRegion(int id, int bonus) {
    if (id < 1 || id > kMaxSuperRegionId) {
      return "super region id " + std::to_string(id) + " out of range 1.." +
             std::to_string(kMaxSuperRegionId);
    }
    if (bonus < 0) {
      return "super region " + std::to_string(id) + " has negative bonus " +
             std::to_string(bonus);
    }
    if (bonus > kMaxBonus) {
      return "super region " + std::to_string(id) + " has bonus " +
             std::to_string(bonus) + ", above the cap of " +
             std::to_string(kMaxBonus) +
             " (so that no income or army count can overflow)";
    }
    if (HasSuperRegion(id)) {
      return "duplicate super region id " + std::to_string(id);
    }
    if (static_cast<int>(super_index_.size()) <= id) {
      super_index_.resize(id + 1, -1);
    }
    super_index_[id] = static_cast<int>(super_regions_.size());
    super_regions_.push_back(SuperRegion{id, bonus, {}, {}});
    // Keep the list sorted by id (spec section 2), re-indexing on insertion.
    for (size_t i = super_regions_.size() - 1;
         i > 0 && super_regions_[i - 1].id > super_regions_[i].id; --i) {
      std::swap(super_regions_[i - 1], super_regions_[i]);
    }
    for (size_t i = 0; i < super_regions_.size(); ++i) {
      super_index_[super_regions_[i].id] = static_cast<int>(i);
    }
    return "";
  }

  // Adds a region to an existing super region, appending it to the super
  // region's member list (file order, spec section 2).
  std::string AddRegion(int id, int super_region) {
    if (id < 1 || id > kMaxRegionId) {
      return "region id " + std::to_string(id) + " out of range 1.." +
             std::to_string(kMaxRegionId);
    }
    if (HasRegion(id)) return "duplicate region id " + std::to_string(id);
    if (!HasSuperRegion(super_region)) {
      return "region " + std::to_string(id) + " names unknown super region " +
             std::to_string(super_region);
    }
    regions_.Insert(id);
    super_of_[id] = super_region;
    SuperRegion& s = super_regions_[super_index_[super_region]];
    s.regions.push_back(id);
    s.members.Insert(id);
    region_ids_.clear();
    for (int r : regions_) region_ids_.push_back(r);
    return "";
  }

  // Links two existing regions both ways; each side's list gets the other
  // appended unless already present (spec section 2).
  std::string AddLink(int a, int b) {
    if (!HasRegion(a) || !HasRegion(b)) {
      return "link " + std::to_string(a) + "-" + std::to_string(b) +
             " names an unknown region";
    }
    if (a == b) return "region " + std::to_string(a) + " linked to itself";
    if (!neighbor_sets_[a].Contains(b)) {
      neighbors_[a].push_back(b);
      neighbor_sets_[a].Insert(b);
    }
    if (!neighbor_sets_[b].Contains(a)) {
      neighbors_[b].push_back(a);
      neighbor_sets_[b].Insert(a);
    }
    return "";
  }

  // Checks what the harness requires of a playable map: at least two
  // regions, ids 1..N without gaps, no empty super region, connected.
  // Returns "" when valid.
  std::string Validate() const {
    int n = RegionCount();
    if (n < 2) return "map has fewer than 2 regions";
    if (region_ids_.back() != n) {
      for (int i = 0; i < n; ++i) {
        if (region_ids_[i] != i + 1) {
          return "region ids are not 1..N: id " + std::to_string(i + 1) +
                 " is missing";
        }
      }
    }
    for (const SuperRegion& s : super_regions_) {
      if (s.regions.empty()) {
        return "super region " + std::to_string(s.id) + " has no regions";
      }
    }
    RegionSet seen;
    std::vector<int> stack = {region_ids_.front()};
    seen.Insert(region_ids_.front());
    while (!stack.empty()) {
      int r = stack.back();
      stack.pop_back();
      for (int nb : neighbors_[r]) {
        if (!seen.Contains(nb)) {
          seen.Insert(nb);
          stack.push_back(nb);
        }
      }
    }
    if (seen != regions_) {
      return "map is not connected: region " +
             std::to_string((regions_ - seen).First()) +
             " cannot be reached from region " +
             std::to_string(region_ids_.front());
    }
    return "";
  }

  struct SuperRegion {
    int id;
    int bonus;
    std::vector<int> regions;  // members in the order they were added
    RegionSet members;
  };

  bool HasRegion(int id) const {
    return id >= 0 && id < kRegionSlots && regions_.Contains(id);
  }
  bool HasSuperRegion(int id) const {
    return id >= 0 && id < static_cast<int>(super_index_.size()) &&
           super_index_[id] >= 0;
  }
  int RegionCount() const { return static_cast<int>(region_ids_.size()); }
  // All region ids, ascending.
  const std::vector<int>& RegionIds() const { return region_ids_; }
  RegionSet Regions() const { return regions_; }
  // Super regions, ascending by id.
  const std::vector<SuperRegion>& SuperRegions() const {
    return super_regions_;
  }
  // Precondition: HasSuperRegion(id).
  const SuperRegion& GetSuperRegion(int id) const {
    return super_regions_[super_index_[id]];
  }
  // Super-region id of a region. Precondition: HasRegion(id).
  int SuperRegionOf(int id) const { return super_of_[id]; }
  // Adjacency in insertion order. Precondition: 0 <= id < kRegionSlots.
  const std::vector<int>& Neighbors(int id) const { return neighbors_[id]; }
  RegionSet NeighborSet(int id) const { return neighbor_sets_[id]; }
  bool AreNeighbors(int a, int b) const {
    return a >= 0 && a < kRegionSlots && b >= 0 && b < kRegionSlots &&
           neighbor_sets_[a].Contains(b);
  }

 private:
  RegionSet regions_;
  std::vector<int> region_ids_;
  std::vector<SuperRegion> super_regions_;
  std::vector<int> super_index_;  // super-region id -> index, -1 if absent
  int super_of_[kRegionSlots] = {};
  std::vector<int> neighbors_[kRegionSlots];
  RegionSet neighbor_sets_[kRegionSlots];
};

}  // namespace wl

#endif  // WL_MAP_H_
