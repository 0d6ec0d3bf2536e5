// answer_check.h: checks that a bot's answer line is well formed under spec
// section 8 for the View it answered from (the runner tests use it).
//
//   std::string problem = wl::testing::CheckAnswer(view, Request::kPlace, line,
//                                                  &moves);
//   EXPECT_EQ(problem, "");
#ifndef WL_TESTS_SDK_ANSWER_CHECK_H_
#define WL_TESTS_SDK_ANSWER_CHECK_H_

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "orders.h"
#include "view.h"

namespace wl::testing {

enum class Request { kPick, kPlace, kAttack };

inline bool StrictInt(std::string_view s, int& out) {
  if (s.empty() || s[0] == '+' || (s.size() > 1 && s[0] == '0')) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

inline std::vector<std::string_view> Split(std::string_view s,
                                           std::string_view sep) {
  std::vector<std::string_view> out;
  size_t at;
  while ((at = s.find(sep)) != std::string_view::npos) {
    out.push_back(s.substr(0, at));
    s.remove_prefix(at + sep.size());
  }
  out.push_back(s);
  return out;
}

// Returns "" when `line` is a well-formed answer to `request`, else why not.
// Placements and moves are appended to *moves when given.
inline std::string CheckAnswer(const View& view, Request request,
                               std::string_view line,
                               std::vector<Move>* moves = nullptr) {
  if (request == Request::kPick) {
    int id;
    if (!StrictInt(line, id)) return "pick is not a bare integer";
    const auto& open = view.PickableRegions();
    if (std::find(open.begin(), open.end(), id) == open.end()) {
      return "pick is not among the pickable regions";
    }
    return "";
  }
  if (line == "No moves") return "";
  std::vector<std::string_view> pieces = Split(line, ", ");
  if (pieces.size() > 50) return "more than 50 moves";
  int placed = 0;
  for (std::string_view piece : pieces) {
    std::vector<std::string_view> t = Split(piece, " ");
    if (t[0] != view.MyName()) return "not the bot's own name";
    int a, b, c;
    if (t.size() == 4 && t[1] == "place_armies") {
      if (request != Request::kPlace) return "placement in the attack phase";
      if (!StrictInt(t[2], a) || !StrictInt(t[3], c)) return "bad number";
      if (!view.Owned().Contains(std::clamp(a, 0, kMaxRegionId))) {
        return "placement on a region it does not own";
      }
      if (c < 1) return "placement of less than 1 army";
      placed += c;
      if (moves) moves->push_back(Move::Place(a, c, view.Me()));
    } else if (t.size() == 5 && t[1] == "attack/transfer") {
      if (request != Request::kAttack) return "attack in the placement phase";
      if (!StrictInt(t[2], a) || !StrictInt(t[3], b) || !StrictInt(t[4], c)) {
        return "bad number";
      }
      if (!view.Owned().Contains(std::clamp(a, 0, kMaxRegionId))) {
        return "move from a region it does not own";
      }
      if (!view.GetMap().AreNeighbors(a, b)) return "move to a non-neighbour";
      if (c < 1) return "move of less than 1 army";
      if (moves) moves->push_back(Move::AttackTransfer(a, b, c, view.Me()));
    } else {
      return "unknown move kind or token count";
    }
  }
  if (placed > view.Income()) return "places more than its income";
  return "";
}

}  // namespace wl::testing

#endif  // WL_TESTS_SDK_ANSWER_CHECK_H_
