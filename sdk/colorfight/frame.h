// frame.h: the game-info frame the server pushes on game_channel
// (colorfight §3), as a typed value: parsed from its text by header name,
// written back to the engine's exact text (Python json.dumps), and turned
// into and out of the rules State.
//
//   wl::colorfight::Frame f;
//   std::string error;
//   if (!wl::colorfight::ParseFrame(text, &f, &error)) { ... one line ... }
//   f.turn; f.info.game_id; f.Cell(x, y).owner; f.users[0].username;
//   wl::colorfight::State s = wl::colorfight::StateOf(f);   // for a search
//   std::string again = wl::colorfight::FrameText(f);       // == text
//
// FrameOf(state, usernames) computes the frame the engine shows for a
// state (attack costs, yields, users' cells and counters, info.max_turn);
// the room then sets the rest of info, chat and error.
#ifndef WL_COLORFIGHT_FRAME_H_
#define WL_COLORFIGHT_FRAME_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "state.h"

namespace wl::colorfight {

// colorfight §3.2 info, keys in frame order. round_time and
// start_count_down are kept as their JSON text ("1", "1.0", "0.2";
// "9999", "0", "\"never\"", "\"full\"", "10.5"): their type varies (§3.2).
struct FrameInfo {
  int64_t max_turn = 500;
  int64_t max_player = 8;
  int64_t width = kWidth;
  int64_t height = kHeight;
  std::string round_time = "1";
  std::string start_count_down = "0";
  bool allow_manual_mode = true;
  std::string game_id;  // a string of digits
  int64_t replay_version = 2;
  int64_t game_version = 2;
};

// One data[y][x] entry, by header name (§3.2).
struct FrameCell {
  int64_t attack_cost = 0;
  int64_t force_field = 0;
  char building = ' ';  // ' ', 'h', 'e', 'g', 'f'
  int64_t level = 1;
  int64_t gold = 0;  // per-turn yield (§7)
  int64_t energy = 0;
  int64_t owner = 0;  // uid, 0 = unowned
  int64_t natural_gold = 0;
  int64_t natural_energy = 0;
  int64_t natural_cost = 0;
};

struct FrameUser {
  int64_t uid = 0;
  std::string username;
  bool verified = false;
  std::string ranking = "0";  // JSON text: 0, or a float for verified users
  int64_t energy = 0;
  int64_t gold = 0;
  bool dead = false;
  int64_t energy_source = 0;
  int64_t gold_source = 0;
  int64_t tech_level = 0;
  int64_t tax_level = 0;
  int64_t tax_amount = 0;
  // {name: count} in frame order: "home", "energy_well", "gold_mine",
  // "fortress".
  std::vector<std::pair<std::string, int64_t>> building_number;
  int64_t cell_number = 0;
  std::vector<std::pair<int, int>> cells;  // [x, y] in frame order
};

// A /send_chat message; user and msg are kept as their JSON text (any JSON
// value the request held, §2.6).
struct ChatLine {
  std::string user;
  std::string msg;
};

struct Frame {
  int64_t turn = 0;
  FrameInfo info;
  std::vector<ChatLine> chat;
  // error: uid (the key's number) -> messages, in key order (§3.2).
  std::vector<std::pair<int64_t, std::vector<std::string>>> error;
  std::vector<FrameCell> cells;  // kCells entries, row-major: y * kWidth + x
  std::vector<FrameUser> users;  // in registration order

  const FrameCell& Cell(int x, int y) const { return cells[y * kWidth + x]; }
  FrameCell& Cell(int x, int y) { return cells[y * kWidth + x]; }
};

// The numbers a frame may hold. The engine's are Python ints (§3.2), but
// what its rules can reach is small; ParseFrame refuses a number outside
// these, so that the State (int8/int16 cells) holds every value as it is
// and no bot's arithmetic on a parsed frame (sums over the map, a home's
// cost, many turns of income) can overflow int64:
//   turn, info.max_turn               0..kMaxFrameTurn (the engine's
//                                     max_turn is 200..2000, §2.8)
//   info.max_player                   1..8;  info.width, height: 30
//   info.replay_version, game_version any int64
//   cell attack_cost                  +-kMaxAttackCost (a home's is
//                                     (1000 + owner energy + ff) * L, §7)
//   cell force_field                  0..1000 (§6.6)
//   cell gold, energy (yields)        0..1000 (§7: at most 40)
//   cell owner                        0..8
//   cell natural_gold, natural_energy 0..100 (§4.2: 1..10)
//   cell natural_cost                 0..10000 (§4.2: 24..599)
//   user uid 1..8; tech_level 0..3; tax_level 0..9; cell_number and each
//   building_number count 0..900
//   user energy, gold                 +-kMaxAmount (may be negative,
//                                     §6.7; §11.2: only huge negative
//                                     attacks go beyond)
//   user energy_source, gold_source,  0..kMaxSource (900 cells' yields)
//   tax_amount
// Every recorded official frame is far inside them.
// building_number's names, by Building - 1, and the map's building
// letters, by Building (§3.2).
inline constexpr const char* kFrameBuildingNames[kBuildingKinds] = {
    "home", "energy_well", "gold_mine", "fortress"};
inline constexpr char kFrameBuildingLetters[] = {' ', 'h', 'e', 'g', 'f'};

inline constexpr int64_t kMaxFrameTurn = 1000000;
inline constexpr int64_t kMaxAmount = 1000000000000000;  // 10^15
inline constexpr int64_t kMaxAttackCost = 4 * kMaxAmount;
inline constexpr int64_t kMaxSource = 1000000;

// Parses a frame's text. Fields are read by header name (game_map.headers
// may be in any order); a missing or mistyped field, a number outside the
// bounds above, a map that is not kWidth x kHeight, or text that is not
// JSON gives false and a one-line `error` naming the field and quoting the
// value ("frame: users.1.energy: 1e+300 is not an int64 integer").
bool ParseFrame(std::string_view text, Frame* frame, std::string* error);

// The frame's text exactly as the engine writes it: json.dumps with ", "
// and ": ", ensure_ascii (non-ASCII as \uXXXX, surrogate pairs above the
// BMP), keys in the orders of §3.1-§3.2.
std::string FrameText(const Frame& frame);

// The frame of a state (turn, game_map, users): attack costs and yields of
// colorfight §7, each user's cells in scan order, building_number in its
// first-appearance order. `usernames` are in State::users order.
// info.max_turn is the state's; the rest of info, chat and error are left
// default: the caller sets them.
Frame FrameOf(const State& state, const std::vector<std::string>& usernames);

// The rules state a frame shows (everything the rules need is in it: the
// stored home energy comes back from a home's attack cost, §7). max_turn
// from info. Users' building_home flags are set only at turn 0 (§6.2).
State StateOf(const Frame& frame);

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_FRAME_H_
