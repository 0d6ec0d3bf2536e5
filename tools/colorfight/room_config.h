// room_config.h: a Colorfight II room's configuration (colorfight §2.8):
// its fields with their Python types (round_time shows as `1` until a
// config sets it, then as a float `1.0`), the presets /creategameroom
// names, and the validation /restart does, with the engine's messages.
//
//   wl::tools::ColorfightRoomConfig c = wl::tools::ColorfightPreset("duel");
//   std::string err = wl::tools::ApplyConfigFields(fields, &c);
//   // "" and every field applied, or e.g. "max_turn value invalid" /
//   // "Invalid field bogus" and nothing applied
//   c.round_time.PyText();      // "1.0" (json.dumps), OrjsonText() "1.0"
#ifndef WL_TOOLS_COLORFIGHT_ROOM_CONFIG_H_
#define WL_TOOLS_COLORFIGHT_ROOM_CONFIG_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "boost/json.hpp"

namespace wl::tools {

// A Python int or float as the engine stores it (§2.8: "kept as given",
// "stored as float").
struct PyNumber {
  double value = 0;
  bool is_float = false;  // a Python float: repr "1.0", "0.2"

  // json.dumps's text: "1", "1.0", "0.2", "1e-05", "1e+16".
  std::string PyText() const;
  // orjson's (the replay, §9): "1", "1.0", "0.2", "1e-5", "1e16".
  std::string OrjsonText() const;
};

// Python's len() of a str given as UTF-8: its code points.
size_t PyLength(std::string_view utf8);

// orjson's text of a finite double.
std::string OrjsonFloat(double value);

struct ColorfightRoomConfig {
  int max_turn = 500;  // 200..2000 through /restart; any >= 1 set directly
  int max_player = 8;  // 2, 4, 8: start positions in use (§4.2)
  PyNumber round_time{1, false};
  // first_round_time: "full", "never" or a number (§1.3).
  enum class StartRule { kNumber, kFull, kNever };
  StartRule start_rule = StartRule::kNumber;
  PyNumber first_round_time{1, false};  // when kNumber
  PyNumber finish_time{0, false};       // 0 = never restart (§1.6)
  bool allow_join_after_start = true;
  bool allow_manual_mode = true;
  std::string replay_enable = "never";  // "always", "never", "end"
  std::string room_description;

  // first_round_time as the restart frame shows it (§2.4): `"never"`,
  // `"full"`, `10`, `10.5`; json.dumps's or orjson's text.
  std::string FirstRoundTimePyText() const;
  std::string FirstRoundTimeOrjsonText() const;
};

// The preset of /creategameroom's `config` (§2.8 table). Unknown names
// give "default" (the struct's defaults).
ColorfightRoomConfig ColorfightPreset(std::string_view name);

// Validates every field of a /restart `config` object in its order; the
// first bad one gives its message (§2.8: "<field> value invalid",
// "room_description value invalid, it needs to be a string under 500
// chars", "Invalid field <name>") and nothing is applied. "" when all
// are valid: then they are all applied. Unlike the engine, max_player
// accepts only the ints 2, 4, 8 (§2.8 "a clone should accept only the
// ints").
std::string ApplyConfigFields(const boost::json::object& fields,
                              ColorfightRoomConfig* config);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_ROOM_CONFIG_H_
