// map.h: a Berlin map as the rules core sees it (berlin §3.2, §4, §7).
//
// Node types (points, soldiers_per_turn), nodes in map order, and the
// directed-aware adjacency, kept as one bit mask per node so that the rules
// core checks a path with one AND. Node ids are the map's integers (to_i
// already applied by whoever parsed the map); the rules core works on node
// indexes 0..size()-1 in map order. Building a Map allocates; using it never.
//
//   wl::berlin::Map map;
//   int city = map.AddType("city", /*points=*/1, /*soldiers_per_turn=*/1);
//   map.AddNode(1, city);
//   map.AddNode(2, city);
//   map.AddPath(1, 2);  // and 2 -> 1 too unless map.directed
//   if (map.Adjacent(map.IndexOf(1), map.IndexOf(2))) { ... }
#ifndef WL_BERLIN_MAP_H_
#define WL_BERLIN_MAP_H_

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace wl::berlin {

// A State holds this many nodes at most; the official maps have <= 30.
inline constexpr int kMaxNodes = 64;
// Players per game: 2 to 4 on every official map (berlin §4.3).
inline constexpr int kMaxPlayers = 4;
inline constexpr int kMinPlayers = 2;

struct NodeType {
  std::string name;
  int64_t points = 0;             // berlin §6: may be negative
  int64_t soldiers_per_turn = 0;  // berlin §5.7: may be negative
};

struct Node {
  int64_t id = 0;
  int type = 0;  // index into Map::types
};

class Map {
 public:
  // berlin §4.4 defaults.
  static constexpr int kDefaultMaximumNumberOfTurns = 100;
  static constexpr int kDefaultTimeLimitPerTurn = 1000;

  bool directed = false;  // berlin §7
  int maximum_number_of_turns = kDefaultMaximumNumberOfTurns;
  int time_limit_per_turn = kDefaultTimeLimitPerTurn;
  std::vector<NodeType> types;

  // berlin §3.2: a duplicate name keeps the first position with the later
  // entry's values. Returns the type's index.
  int AddType(const std::string& name, int64_t points,
              int64_t soldiers_per_turn) {
    for (size_t i = 0; i < types.size(); ++i) {
      if (types[i].name == name) {
        types[i] = NodeType{name, points, soldiers_per_turn};
        return static_cast<int>(i);
      }
    }
    types.push_back(NodeType{name, points, soldiers_per_turn});
    return static_cast<int>(types.size()) - 1;
  }

  // Appends a node in map order. Throws std::length_error past kMaxNodes and
  // std::out_of_range for an unknown type (berlin §4.2: the game errors).
  int AddNode(int64_t id, int type) {
    if (size() >= kMaxNodes) {
      throw std::length_error("berlin map: more than " +
                              std::to_string(kMaxNodes) + " nodes");
    }
    if (type < 0 || type >= static_cast<int>(types.size())) {
      throw std::out_of_range("berlin map: unknown node type");
    }
    nodes_.push_back(Node{id, type});
    adjacent_.push_back(0);
    return size() - 1;
  }

  // berlin §4.2 item 3: links from -> to (and to -> from unless directed) if
  // both ids exist; a path to an unknown node links nothing.
  void AddPath(int64_t from, int64_t to) {
    const int a = IndexOf(from);
    const int b = IndexOf(to);
    if (a < 0 || b < 0) return;
    adjacent_[a] |= Bit(b);
    if (!directed) adjacent_[b] |= Bit(a);
  }

  int size() const { return static_cast<int>(nodes_.size()); }
  const Node& node(int index) const { return nodes_[index]; }
  const NodeType& type_of(int index) const { return types[nodes_[index].type]; }
  int64_t Points(int index) const { return type_of(index).points; }
  int64_t SoldiersPerTurn(int index) const {
    return type_of(index).soldiers_per_turn;
  }

  // The index of the first node with this id, or -1 (berlin §5.3 check 1).
  int IndexOf(int64_t id) const {
    for (int i = 0; i < size(); ++i) {
      if (nodes_[i].id == id) return i;
    }
    return -1;
  }

  // berlin §5.3 check 3: `to` is in `from`'s adjacency list.
  bool Adjacent(int from, int to) const {
    return (adjacent_[from] & Bit(to)) != 0;
  }
  uint64_t Neighbours(int index) const { return adjacent_[index]; }

 private:
  static uint64_t Bit(int index) { return uint64_t{1} << index; }

  std::vector<Node> nodes_;
  std::vector<uint64_t> adjacent_;  // bit j of [i]: path i -> j
};

}  // namespace wl::berlin

#endif  // WL_BERLIN_MAP_H_
