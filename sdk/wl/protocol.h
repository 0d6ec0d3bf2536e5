// protocol.h: engine -> bot lines (spec section 3) as typed messages.
//
// Parse() turns one line into a Message, a std::variant of one struct per
// line kind. It tolerates "\r\n" endings, runs of spaces or tabs and blank
// lines (which give msg::Blank). A line it cannot read gives msg::Error with
// a one-line reason; Parse never throws and never crashes on any input.
// Army counts above kMaxMessageArmies are refused (no real game comes near).
// WL1's "pick_starting_regions T ids..." (wl1 §3 line 6, §4.2) gives
// msg::PickStartingRegions; every other WL1 line is a WL2 line.
// "settings rule_set NAME" (our extension, for games under Dingle's rules:
// NAME is RuleSetName's "wl2", "wl1" or "dingle") gives msg::RuleSetting.
//
//   wl::Message m = wl::Parse("go place_armies 10000");
//   if (auto* go = std::get_if<wl::msg::GoPlaceArmies>(&m)) {
//     use(go->time_ms);
//   } else if (auto* err = std::get_if<wl::msg::Error>(&m)) {
//     std::cerr << err->reason << "\n";
//   }
#ifndef WL_PROTOCOL_H_
#define WL_PROTOCOL_H_

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "map.h"
#include "orders.h"
#include "player.h"
#include "rule_set.h"

namespace wl {
namespace msg {

struct Blank {};
struct Error {
  std::string reason;
};
// settings ...
struct Timebank {
  int64_t ms;
};
struct TimePerMove {
  int64_t ms;
};
struct MaxRounds {
  int rounds;
};
struct YourBot {
  std::string name;
};
struct OpponentBot {
  std::string name;
};
struct StartingRegions {  // the draft candidates
  std::vector<int> regions;
};
struct StartingPickAmount {
  int amount;
};
struct StartingArmies {  // this round's income
  int armies;
};
// Our extension: which rules the game follows (the harness sends it first,
// only for games that are not WL2's).
struct RuleSetting {
  RuleSet rules;
};
// setup_map ...
struct SuperRegions {
  std::vector<std::pair<int, int>> items;  // (id, bonus)
};
struct Regions {
  std::vector<std::pair<int, int>> items;  // (id, super-region id)
};
struct Neighbors {
  std::vector<std::pair<int, std::vector<int>>> items;  // (id, neighbours)
};
struct Wastelands {
  std::vector<int> regions;
};
struct OpponentStartingRegions {
  std::vector<int> regions;  // in pick order
};
// requests and updates
struct PickStartingRegion {
  int64_t time_ms;
  std::vector<int> regions;  // remaining candidates
};
// WL1: one request for the whole draft (wl1 §4.2); T is the constant 2000.
struct PickStartingRegions {
  int64_t time_ms;
  std::vector<int> regions;  // the candidates, in the engine's draw order
};
struct UpdateMap {
  struct Entry {
    int region;
    Player owner;
    int armies;
  };
  std::vector<Entry> entries;  // in the engine's visibility order
};
struct OpponentMoves {
  std::vector<Move> moves;  // each with its player set
};
struct GoPlaceArmies {
  int64_t time_ms;
};
struct GoAttackTransfer {
  int64_t time_ms;
};

}  // namespace msg

using Message =
    std::variant<msg::Blank, msg::Error, msg::Timebank, msg::TimePerMove,
                 msg::MaxRounds, msg::YourBot, msg::OpponentBot,
                 msg::StartingRegions, msg::StartingPickAmount,
                 msg::StartingArmies, msg::SuperRegions, msg::Regions,
                 msg::Neighbors, msg::Wastelands, msg::OpponentStartingRegions,
                 msg::PickStartingRegion, msg::UpdateMap, msg::OpponentMoves,
                 msg::GoPlaceArmies, msg::GoAttackTransfer,
                 msg::PickStartingRegions, msg::RuleSetting>;

namespace protocol_internal {

inline bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
         c == '\v';
}

// Splits on runs of whitespace; no allocation beyond the vector.
class Tokens {
 public:
  explicit Tokens(std::string_view line) : rest_(line) {}
  // Next token, or empty at the end.
  std::string_view Next() {
    size_t i = 0;
    while (i < rest_.size() && IsSpace(rest_[i])) ++i;
    size_t j = i;
    while (j < rest_.size() && !IsSpace(rest_[j])) ++j;
    std::string_view tok = rest_.substr(i, j - i);
    rest_.remove_prefix(j);
    return tok;
  }
  bool AtEnd() {
    while (!rest_.empty() && IsSpace(rest_.front())) rest_.remove_prefix(1);
    return rest_.empty();
  }

 private:
  std::string_view rest_;
};

// Parses a decimal integer within [lo, hi]; false on anything else.
template <typename T>
bool ParseInt(std::string_view s, T lo, T hi, T& out) {
  if (s.empty()) return false;
  int64_t v = 0;
  const char* first = s.data();
  if (*first == '+') ++first;  // from_chars rejects '+'
  auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return false;
  if (v < lo || v > hi) return false;
  out = static_cast<T>(v);
  return true;
}

constexpr int kMaxInt = 2147483647;

}  // namespace protocol_internal

// The most armies a line may give one region (update_map), one move
// (opponent_moves) or an income (starting_armies); a larger number makes the
// line an msg::Error. Real games stay in the hundreds. The cap keeps every
// sum a bot makes of armies (every region, its income, the opponent's
// placements) inside an int: 256 * kMaxMessageArmies < 2^31.
constexpr int kMaxMessageArmies = (1 << 23) - 1;
// The answer to a draft asked as a list (RuleSetTraits::draft_as_list:
// WL1's pick_starting_regions) is this many distinct candidates, in order
// of preference (wl1 §4.3).
constexpr int kPreferredRegionCount = 6;

// No game on a map the sdk accepts comes near it (kMaxBonus, map.h).
static_assert(kMaxGameArmies <= kMaxMessageArmies,
              "a legal game's army counts must be readable");

namespace protocol_internal {

inline Message Fail(std::string_view what, std::string_view line) {
  std::string reason(what);
  reason += ": \"";
  reason.append(line.substr(0, 80));
  if (line.size() > 80) reason += "...";
  reason += '"';
  return msg::Error{std::move(reason)};
}

// Reads the rest as a list of non-negative integers.
inline bool ReadIds(Tokens& t, std::vector<int>& out) {
  for (std::string_view tok = t.Next(); !tok.empty(); tok = t.Next()) {
    int v;
    if (!ParseInt(tok, 0, kMaxInt, v)) return false;
    out.push_back(v);
  }
  return true;
}

// Reads the rest as (int, int) pairs.
inline bool ReadPairs(Tokens& t, std::vector<std::pair<int, int>>& out) {
  for (std::string_view tok = t.Next(); !tok.empty(); tok = t.Next()) {
    int a, b;
    if (!ParseInt(tok, 0, kMaxInt, a) || !ParseInt(t.Next(), 0, kMaxInt, b)) {
      return false;
    }
    out.emplace_back(a, b);
  }
  return true;
}

// Reads one time value and requires the end of the line.
inline bool ReadTime(Tokens& t, int64_t& ms) {
  return ParseInt<int64_t>(t.Next(), 0, int64_t{1} << 53, ms) && t.AtEnd();
}

inline Message ParseSettings(Tokens& t, std::string_view line) {
  std::string_view key = t.Next();
  std::string_view value = t.Next();
  auto one_int = [&](int lo, int& out) {
    return ParseInt(value, lo, kMaxInt, out) && t.AtEnd();
  };
  if (key == "timebank" || key == "time_per_move") {
    int64_t ms;
    if (!ParseInt<int64_t>(value, 0, int64_t{1} << 53, ms) || !t.AtEnd()) {
      return Fail("bad time value", line);
    }
    if (key == "timebank") return msg::Timebank{ms};
    return msg::TimePerMove{ms};
  }
  if (key == "max_rounds") {
    int v;
    if (!one_int(0, v)) return Fail("bad max_rounds", line);
    return msg::MaxRounds{v};
  }
  if (key == "starting_pick_amount") {
    int v;
    if (!one_int(0, v)) return Fail("bad starting_pick_amount", line);
    return msg::StartingPickAmount{v};
  }
  if (key == "starting_armies") {
    int v;
    if (!ParseInt(value, 0, kMaxMessageArmies, v) || !t.AtEnd()) {
      return Fail("bad starting_armies", line);
    }
    return msg::StartingArmies{v};
  }
  if (key == "your_bot" || key == "opponent_bot") {
    if (value.empty() || !t.AtEnd()) return Fail("bad bot name", line);
    if (key == "your_bot") return msg::YourBot{std::string(value)};
    return msg::OpponentBot{std::string(value)};
  }
  if (key == "rule_set") {
    std::optional<RuleSet> rules = ParseRuleSet(value);
    if (!rules || !t.AtEnd()) return Fail("unknown rule_set", line);
    return msg::RuleSetting{*rules};
  }
  if (key == "starting_regions") {
    msg::StartingRegions m;
    Tokens rest(value);
    if (!ReadIds(rest, m.regions) || !ReadIds(t, m.regions)) {
      return Fail("bad region id in starting_regions", line);
    }
    return m;
  }
  return Fail("unknown settings line", line);
}

inline Message ParseSetupMap(Tokens& t, std::string_view line) {
  std::string_view key = t.Next();
  if (key == "super_regions") {
    msg::SuperRegions m;
    if (!ReadPairs(t, m.items)) return Fail("bad super_regions list", line);
    return m;
  }
  if (key == "regions") {
    msg::Regions m;
    if (!ReadPairs(t, m.items)) return Fail("bad regions list", line);
    return m;
  }
  if (key == "neighbors") {
    msg::Neighbors m;
    for (std::string_view tok = t.Next(); !tok.empty(); tok = t.Next()) {
      int id;
      if (!ParseInt(tok, 0, kMaxInt, id)) return Fail("bad region id", line);
      std::string_view list = t.Next();
      if (list.empty()) return Fail("region without neighbour list", line);
      std::vector<int> nbs;
      while (!list.empty()) {
        size_t comma = list.find(',');
        int nb;
        if (!ParseInt(list.substr(0, comma), 0, kMaxInt, nb)) {
          return Fail("bad neighbour id", line);
        }
        nbs.push_back(nb);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
        if (list.empty()) return Fail("trailing comma in neighbours", line);
      }
      m.items.emplace_back(id, std::move(nbs));
    }
    return m;
  }
  if (key == "wastelands") {
    msg::Wastelands m;
    if (!ReadIds(t, m.regions)) return Fail("bad wasteland id", line);
    return m;
  }
  if (key == "opponent_starting_regions") {
    msg::OpponentStartingRegions m;
    if (!ReadIds(t, m.regions)) return Fail("bad region id", line);
    return m;
  }
  return Fail("unknown setup_map line", line);
}

inline Message ParseUpdateMap(Tokens& t, std::string_view line) {
  msg::UpdateMap m;
  for (std::string_view tok = t.Next(); !tok.empty(); tok = t.Next()) {
    msg::UpdateMap::Entry e;
    if (!ParseInt(tok, 0, kMaxInt, e.region)) {
      return Fail("bad region id in update_map", line);
    }
    std::optional<Player> owner = ParsePlayer(t.Next());
    if (!owner) return Fail("bad owner in update_map", line);
    e.owner = *owner;
    if (!ParseInt(t.Next(), 0, kMaxMessageArmies, e.armies)) {
      return Fail("bad armies in update_map", line);
    }
    m.entries.push_back(e);
  }
  return m;
}

inline Message ParseOpponentMoves(Tokens& t, std::string_view line) {
  msg::OpponentMoves m;
  for (std::string_view tok = t.Next(); !tok.empty(); tok = t.Next()) {
    std::optional<Player> who = ParsePlayer(tok);
    if (!who || *who == Player::kNeutral) {
      return Fail("bad player in opponent_moves", line);
    }
    std::string_view kind = t.Next();
    int a, b, c;
    if (kind == "place_armies") {
      if (!ParseInt(t.Next(), 0, kMaxInt, a) ||
          !ParseInt(t.Next(), 0, kMaxMessageArmies, c)) {
        return Fail("bad place_armies in opponent_moves", line);
      }
      m.moves.push_back(Move::Place(a, c, *who));
    } else if (kind == "attack/transfer") {
      if (!ParseInt(t.Next(), 0, kMaxInt, a) ||
          !ParseInt(t.Next(), 0, kMaxInt, b) ||
          !ParseInt(t.Next(), 0, kMaxMessageArmies, c)) {
        return Fail("bad attack/transfer in opponent_moves", line);
      }
      m.moves.push_back(Move::AttackTransfer(a, b, c, *who));
    } else {
      return Fail("bad move kind in opponent_moves", line);
    }
  }
  return m;
}

// "<head> T ids...": a pick request's time and candidates.
template <typename Request>
Message ParsePick(Tokens& t, std::string_view line, std::string_view head) {
  Request m;
  if (!ParseInt<int64_t>(t.Next(), 0, int64_t{1} << 53, m.time_ms)) {
    return Fail("bad time in " + std::string(head), line);
  }
  if (!ReadIds(t, m.regions)) {
    return Fail("bad region id in " + std::string(head), line);
  }
  return m;
}

}  // namespace protocol_internal

// Parses one engine line (spec section 3). Never throws.
inline Message Parse(std::string_view line) {
  using namespace protocol_internal;
  Tokens t(line);
  if (t.AtEnd()) return msg::Blank{};
  std::string_view head = t.Next();
  if (head == "settings") return ParseSettings(t, line);
  if (head == "setup_map") return ParseSetupMap(t, line);
  if (head == "update_map") return ParseUpdateMap(t, line);
  if (head == "opponent_moves") return ParseOpponentMoves(t, line);
  if (head == "pick_starting_region") {
    return ParsePick<msg::PickStartingRegion>(t, line, head);
  }
  if (head == "pick_starting_regions") {  // WL1 (wl1 §4.2)
    return ParsePick<msg::PickStartingRegions>(t, line, head);
  }
  if (head == "go") {
    std::string_view what = t.Next();
    int64_t ms;
    if (what == "place_armies") {
      if (!ReadTime(t, ms)) return Fail("bad time in go place_armies", line);
      return msg::GoPlaceArmies{ms};
    }
    if (what == "attack/transfer") {
      if (!ReadTime(t, ms)) {
        return Fail("bad time in go attack/transfer", line);
      }
      return msg::GoAttackTransfer{ms};
    }
    return Fail("unknown go request", line);
  }
  return Fail("unknown line", line);
}

}  // namespace wl

#endif  // WL_PROTOCOL_H_
