// frame.cpp: ParseFrame and FrameText (frame.h; FrameOf and StateOf are in
// frame_state.cpp).
//
// Parsing goes through a Boost.JSON DOM and reads every field by name;
// writing appends Python json.dumps text directly (colorfight §3.1). The
// values whose JSON type varies (round_time, start_count_down, ranking,
// chat) are kept as text re-serialized in Python's format, so a frame
// written back is byte for byte the engine's.
#include "sdk/colorfight/frame.h"

#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "sdk/colorfight/py_json.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight {
namespace {

namespace json = boost::json;

// The map's headers, in frame order (colorfight §3.2).
constexpr const char* kHeaders[] = {
    "attack_cost",    "force_field", "building", "gold",
    "energy",         "owner",       "position", "natural_gold",
    "natural_energy", "natural_cost"};
constexpr int kHeaderCount = 10;
enum Header {
  kAttackCost,
  kForceField,
  kBuildingHeader,
  kGold,
  kEnergy,
  kOwner,
  kPosition,
  kNaturalGold,
  kNaturalEnergy,
  kNaturalCost
};

// frame.h's bounds.
struct Bounds {
  int64_t lo, hi;
};
constexpr Bounds kAnyInt{INT64_MIN, INT64_MAX};
constexpr Bounds kTurnBounds{0, kMaxFrameTurn};
constexpr Bounds kAmountBounds{-kMaxAmount, kMaxAmount};
constexpr Bounds kCellCount{0, kCells};
// By Header; position and building are not plain integers.
constexpr Bounds kCellBounds[] = {
    {-kMaxAttackCost, kMaxAttackCost},  // attack_cost
    {0, 1000},                          // force_field (§6.6)
    kAnyInt,                            // building
    {0, 1000},                          // gold (a yield, §7: 40 at most)
    {0, 1000},                          // energy
    {0, kMaxUsers},                     // owner
    kAnyInt,                            // position
    {0, 100},                           // natural_gold (§4.2: 1..10)
    {0, 100},                           // natural_energy
    {0, 10000}};                        // natural_cost (§4.2: 24..599)

void AppendInt(int64_t v, std::string* out) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, r.ptr);
}

void AppendBool(bool v, std::string* out) { out->append(v ? "true" : "false"); }

// Boost.JSON's own DOM builder (json::parser's handler), except that
// doubles are converted from their text by std::from_chars, which rounds
// correctly (Boost 1.81's conversion can be one unit in the last place
// off, and Python's repr of it then differs).
struct ExactDoubleHandler {
  static constexpr size_t max_object_size = json::object::max_size();
  static constexpr size_t max_array_size = json::array::max_size();
  static constexpr size_t max_key_size = json::string::max_size();
  static constexpr size_t max_string_size = json::string::max_size();

  // `temp`: the stack's working memory; `values`: the resulting value's.
  ExactDoubleHandler(unsigned char* temp, size_t temp_size,
                     json::storage_ptr values)
      : stack(json::storage_ptr(), temp, temp_size) {
    stack.reset(std::move(values));
  }

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }
  bool on_object_begin(json::error_code&) { return true; }
  bool on_object_end(size_t n, json::error_code&) {
    stack.push_object(n);
    return true;
  }
  bool on_array_begin(json::error_code&) { return true; }
  bool on_array_end(size_t n, json::error_code&) {
    stack.push_array(n);
    return true;
  }
  bool on_key_part(json::string_view s, size_t, json::error_code&) {
    stack.push_chars(s);
    return true;
  }
  bool on_key(json::string_view s, size_t, json::error_code&) {
    stack.push_key(s);
    return true;
  }
  bool on_string_part(json::string_view s, size_t, json::error_code&) {
    stack.push_chars(s);
    return true;
  }
  bool on_string(json::string_view s, size_t, json::error_code&) {
    stack.push_string(s);
    return true;
  }
  bool on_number_part(json::string_view s, json::error_code&) {
    number.append(s.data(), s.size());
    return true;
  }
  bool on_int64(int64_t i, json::string_view, json::error_code&) {
    number.clear();
    stack.push_int64(i);
    return true;
  }
  bool on_uint64(uint64_t u, json::string_view, json::error_code&) {
    number.clear();
    stack.push_uint64(u);
    return true;
  }
  bool on_double(double d, json::string_view s, json::error_code&) {
    number.append(s.data(), s.size());
    double exact = 0;
    const auto r =
        std::from_chars(number.data(), number.data() + number.size(), exact);
    stack.push_double(r.ec == std::errc() ? exact : d);
    number.clear();
    return true;
  }
  bool on_bool(bool b, json::error_code&) {
    stack.push_bool(b);
    return true;
  }
  bool on_null(json::error_code&) {
    stack.push_null();
    return true;
  }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }

  json::value_stack stack;
  std::string number;  // the parts of a number split across buffers
};

// "1e+300 is not an integer", "-5 is outside 0..1000": the value as
// given (Python's text of it), never what it was clamped to.
std::string OutOfBounds(const json::value& v, Bounds bounds) {
  if (!v.is_int64()) {
    return PyJson(v) +
           (v.is_number() ? " is not an int64 integer" : " is not an integer");
  }
  return PyJson(v) + " is outside " + std::to_string(bounds.lo) + ".." +
         std::to_string(bounds.hi);
}

// Reads fields by name; the first problem becomes the one-line error
// "<where>: <what>".
class Reader {
 public:
  explicit Reader(std::string* error) : error_(error) {}

  bool Fail(const std::string& where, const std::string& what) {
    if (error_ != nullptr) *error_ = "frame: " + where + ": " + what;
    return false;
  }

  // "where.key", or "key" at the top level.
  static std::string Sub(const std::string& where, const char* key) {
    return where.empty() ? key : where + "." + key;
  }

  const json::value* Field(const json::object& o, const char* key,
                           const std::string& where) {
    const json::value* v = o.if_contains(key);
    if (v == nullptr) Fail(Sub(where, key), "missing");
    return v;
  }

  // An integer in bounds (frame.h's table), else the value as given.
  bool Int(const json::value& v, const std::string& where, Bounds bounds,
           int64_t* out) {
    if (!v.is_int64() || v.get_int64() < bounds.lo ||
        v.get_int64() > bounds.hi) {
      return Fail(where, OutOfBounds(v, bounds));
    }
    *out = v.get_int64();
    return true;
  }

  bool IntField(const json::object& o, const char* key,
                const std::string& where, Bounds bounds, int64_t* out) {
    const json::value* v = Field(o, key, where);
    return v != nullptr && Int(*v, Sub(where, key), bounds, out);
  }

  bool BoolField(const json::object& o, const char* key,
                 const std::string& where, bool* out) {
    const json::value* v = Field(o, key, where);
    if (v == nullptr) return false;
    if (!v->is_bool()) return Fail(Sub(where, key), "not a boolean");
    *out = v->get_bool();
    return true;
  }

  bool StringField(const json::object& o, const char* key,
                   const std::string& where, std::string* out) {
    const json::value* v = Field(o, key, where);
    if (v == nullptr) return false;
    if (!v->is_string()) return Fail(Sub(where, key), "not a string");
    out->assign(v->get_string().data(), v->get_string().size());
    return true;
  }

  // A number (kept as Python's text of it) or, with strings_too, a string.
  bool NumberTextField(const json::object& o, const char* key,
                       const std::string& where, bool strings_too,
                       std::string* out) {
    const json::value* v = Field(o, key, where);
    if (v == nullptr) return false;
    if (!v->is_number() && !(strings_too && v->is_string())) {
      return Fail(Sub(where, key), "not a number");
    }
    *out = PyJson(*v);
    return true;
  }

  const json::object* Object(const json::value& v, const std::string& where) {
    if (!v.is_object()) Fail(where, "not an object");
    return v.if_object();
  }
  const json::array* Array(const json::value& v, const std::string& where) {
    if (!v.is_array()) Fail(where, "not an array");
    return v.if_array();
  }

 private:
  std::string* error_;
};

bool ReadInfo(Reader& r, const json::value& v, FrameInfo* info) {
  const json::object* o = r.Object(v, "info");
  if (o == nullptr) return false;
  return r.IntField(*o, "max_turn", "info", kTurnBounds, &info->max_turn) &&
         r.IntField(*o, "max_player", "info", {1, kMaxUsers},
                    &info->max_player) &&
         r.IntField(*o, "width", "info", {kWidth, kWidth}, &info->width) &&
         r.IntField(*o, "height", "info", {kHeight, kHeight}, &info->height) &&
         r.NumberTextField(*o, "round_time", "info", false,
                           &info->round_time) &&
         r.NumberTextField(*o, "start_count_down", "info", true,
                           &info->start_count_down) &&
         r.BoolField(*o, "allow_manual_mode", "info",
                     &info->allow_manual_mode) &&
         r.StringField(*o, "game_id", "info", &info->game_id) &&
         r.IntField(*o, "replay_version", "info", kAnyInt,
                    &info->replay_version) &&
         r.IntField(*o, "game_version", "info", kAnyInt, &info->game_version);
}

bool ReadChat(Reader& r, const json::value& v, std::vector<ChatLine>* chat) {
  const json::array* a = r.Array(v, "chat");
  if (a == nullptr) return false;
  chat->clear();
  for (const json::value& line : *a) {
    const json::object* o = r.Object(line, "chat[]");
    if (o == nullptr) return false;
    const json::value* user = r.Field(*o, "user", "chat[]");
    const json::value* msg = user ? r.Field(*o, "msg", "chat[]") : nullptr;
    if (msg == nullptr) return false;
    chat->push_back({PyJson(*user), PyJson(*msg)});
  }
  return true;
}

// A decimal uid key ("1".."8"), as the engine writes it.
bool UidKey(Reader& r, std::string_view key, const std::string& where,
            int64_t* uid) {
  const auto res = std::from_chars(key.data(), key.data() + key.size(), *uid);
  if (res.ec != std::errc() || res.ptr != key.data() + key.size() || *uid < 1 ||
      *uid > kMaxUsers || key[0] == '0') {
    return r.Fail(where, "key is not a uid 1..8");
  }
  return true;
}

bool ReadError(Reader& r, const json::value& v, Frame* frame) {
  const json::object* o = r.Object(v, "error");
  if (o == nullptr) return false;
  frame->error.clear();
  for (const auto& [key, messages] : *o) {
    const std::string where = "error." + std::string(key);
    int64_t uid = 0;
    if (!UidKey(r, key, where, &uid)) return false;
    const json::array* a = r.Array(messages, where);
    if (a == nullptr) return false;
    std::vector<std::string> texts;
    for (const json::value& m : *a) {
      if (!m.is_string()) return r.Fail(where, "holds a non-string");
      texts.emplace_back(m.get_string().data(), m.get_string().size());
    }
    frame->error.emplace_back(uid, std::move(texts));
  }
  return true;
}

// headers -> the index of each of kHeaders in a cell array.
bool ReadHeaders(Reader& r, const json::object& map, int index[kHeaderCount],
                 size_t* width) {
  const json::value* v = r.Field(map, "headers", "game_map");
  const json::array* a = v ? r.Array(*v, "game_map.headers") : nullptr;
  if (a == nullptr) return false;
  *width = a->size();
  for (int h = 0; h < kHeaderCount; ++h) {
    index[h] = -1;
    for (size_t i = 0; i < a->size() && index[h] < 0; ++i) {
      const json::string* name = (*a)[i].if_string();
      if (name != nullptr && *name == kHeaders[h]) {
        index[h] = static_cast<int>(i);
      }
    }
    if (index[h] < 0) return r.Fail("game_map.headers", kHeaders[h]);
  }
  return true;
}

std::string CellWhere(int x, int y) {
  return "game_map.data[" + std::to_string(y) + "][" + std::to_string(x) + "]";
}

// [letter, level] with a letter of kFrameBuildingLetters and a level 1..3.
bool ReadBuilding(const json::value& v, FrameCell* cell) {
  const json::array* a = v.if_array();
  if (a == nullptr || a->size() != 2) return false;
  const json::string* letter = (*a)[0].if_string();
  const int64_t* level = (*a)[1].if_int64();
  if (letter == nullptr || letter->size() != 1 || level == nullptr ||
      *level < 1 || *level > kMaxLevel ||
      std::memchr(kFrameBuildingLetters, (*letter)[0],
                  sizeof kFrameBuildingLetters) == nullptr) {
    return false;
  }
  cell->building = (*letter)[0];
  cell->level = *level;
  return true;
}

bool IsPosition(const json::value& v, int x, int y) {
  const json::array* a = v.if_array();
  return a != nullptr && a->size() == 2 && (*a)[0].is_int64() &&
         (*a)[1].is_int64() && (*a)[0].get_int64() == x &&
         (*a)[1].get_int64() == y;
}

constexpr int kCellOk = -1;
constexpr int kNotACell = -2;

// One data[y][x] entry; on a problem, the bad Header, or kNotACell (the
// error is only written then: this runs 900 times a frame).
int ReadCell(const json::value& v, const int index[kHeaderCount], size_t width,
             int x, int y, FrameCell* cell) {
  const json::array* a = v.if_array();
  if (a == nullptr || a->size() != width) return kNotACell;
  const auto get = [&](Header h, int64_t* out) {
    const int64_t* p = (*a)[index[h]].if_int64();
    if (p == nullptr || *p < kCellBounds[h].lo || *p > kCellBounds[h].hi) {
      return false;
    }
    *out = *p;
    return true;
  };
  if (!get(kAttackCost, &cell->attack_cost)) return kAttackCost;
  if (!get(kForceField, &cell->force_field)) return kForceField;
  if (!ReadBuilding((*a)[index[kBuildingHeader]], cell)) {
    return kBuildingHeader;
  }
  if (!get(kGold, &cell->gold)) return kGold;
  if (!get(kEnergy, &cell->energy)) return kEnergy;
  if (!get(kOwner, &cell->owner)) return kOwner;
  if (!IsPosition((*a)[index[kPosition]], x, y)) return kPosition;
  if (!get(kNaturalGold, &cell->natural_gold)) return kNaturalGold;
  if (!get(kNaturalEnergy, &cell->natural_energy)) return kNaturalEnergy;
  if (!get(kNaturalCost, &cell->natural_cost)) return kNaturalCost;
  return kCellOk;
}

// The error of ReadCell's `bad` at (x, y).
bool FailCell(Reader& r, const json::value& v, const int index[kHeaderCount],
              int bad, int x, int y) {
  const std::string where = CellWhere(x, y);
  if (bad == kNotACell) return r.Fail(where, "not a cell of the headers");
  const json::value& value = v.get_array()[index[bad]];
  const std::string field = where + "." + kHeaders[bad];
  if (bad == kBuildingHeader) {
    return r.Fail(field, PyJson(value) + " is not [letter, level 1..3]");
  }
  if (bad == kPosition) {
    return r.Fail(field, PyJson(value) + " is not [" + std::to_string(x) +
                             ", " + std::to_string(y) + "]");
  }
  return r.Fail(field, OutOfBounds(value, kCellBounds[bad]));
}

bool ReadMap(Reader& r, const json::value& v, std::vector<FrameCell>* cells) {
  const json::object* map = r.Object(v, "game_map");
  if (map == nullptr) return false;
  int index[kHeaderCount];
  size_t width = 0;
  if (!ReadHeaders(r, *map, index, &width)) return false;
  const json::value* d = r.Field(*map, "data", "game_map");
  const json::array* rows = d ? r.Array(*d, "game_map.data") : nullptr;
  if (rows == nullptr) return false;
  if (rows->size() != kHeight) return r.Fail("game_map.data", "not 30 rows");
  cells->resize(kCells);
  for (int y = 0; y < kHeight; ++y) {
    const json::array* row = (*rows)[y].if_array();
    if (row == nullptr || row->size() != kWidth) {
      return r.Fail("game_map.data[" + std::to_string(y) + "]",
                    "not a row of 30 cells");
    }
    for (int x = 0; x < kWidth; ++x) {
      const int bad =
          ReadCell((*row)[x], index, width, x, y, &(*cells)[y * kWidth + x]);
      if (bad != kCellOk) return FailCell(r, (*row)[x], index, bad, x, y);
    }
  }
  return true;
}

bool ReadBuildingNumber(Reader& r, const json::value& v,
                        const std::string& where, FrameUser* user) {
  const json::object* o = r.Object(v, where);
  if (o == nullptr) return false;
  user->building_number.clear();
  for (const auto& [key, count] : *o) {
    int64_t n = 0;
    if (!r.Int(count, where + "." + std::string(key), kCellCount, &n)) {
      return false;
    }
    user->building_number.emplace_back(std::string(key), n);
  }
  return true;
}

bool ReadCells(Reader& r, const json::value& v, const std::string& where,
               FrameUser* user) {
  const json::array* a = r.Array(v, where);
  if (a == nullptr) return false;
  user->cells.clear();
  user->cells.reserve(a->size());
  for (const json::value& p : *a) {
    const json::array* xy = p.if_array();
    if (xy == nullptr || xy->size() != 2 || !(*xy)[0].is_int64() ||
        !(*xy)[1].is_int64() ||
        !OnMap((*xy)[0].get_int64(), (*xy)[1].get_int64())) {
      return r.Fail(where, "holds " + PyJson(p) + ", not an [x, y] of the map");
    }
    user->cells.emplace_back(static_cast<int>((*xy)[0].get_int64()),
                             static_cast<int>((*xy)[1].get_int64()));
  }
  return true;
}

bool ReadUser(Reader& r, std::string_view key, const json::value& v,
              FrameUser* u) {
  const std::string where = "users." + std::string(key);
  int64_t key_uid = 0;
  if (!UidKey(r, key, where, &key_uid)) return false;
  const json::object* o = r.Object(v, where);
  if (o == nullptr) return false;
  const json::value* ranking = nullptr;
  const json::value* building_number = nullptr;
  const json::value* cells = nullptr;
  constexpr Bounds kSource{0, kMaxSource};
  if (!r.IntField(*o, "uid", where, {1, kMaxUsers}, &u->uid) ||
      !r.StringField(*o, "username", where, &u->username) ||
      !r.BoolField(*o, "verified", where, &u->verified) ||
      !(ranking = r.Field(*o, "ranking", where)) ||
      !r.IntField(*o, "energy", where, kAmountBounds, &u->energy) ||
      !r.IntField(*o, "gold", where, kAmountBounds, &u->gold) ||
      !r.BoolField(*o, "dead", where, &u->dead) ||
      !r.IntField(*o, "energy_source", where, kSource, &u->energy_source) ||
      !r.IntField(*o, "gold_source", where, kSource, &u->gold_source) ||
      !r.IntField(*o, "tech_level", where, {0, kMaxLevel}, &u->tech_level) ||
      !r.IntField(*o, "tax_level", where, {0, kCells / 100}, &u->tax_level) ||
      !r.IntField(*o, "tax_amount", where, kSource, &u->tax_amount) ||
      !(building_number = r.Field(*o, "building_number", where)) ||
      !r.IntField(*o, "cell_number", where, kCellCount, &u->cell_number) ||
      !(cells = r.Field(*o, "cells", where))) {
    return false;
  }
  if (u->uid != key_uid) return r.Fail(where + ".uid", "differs from its key");
  if (!ranking->is_number()) return r.Fail(where + ".ranking", "not a number");
  u->ranking = PyJson(*ranking);
  return ReadBuildingNumber(r, *building_number, where + ".building_number",
                            u) &&
         ReadCells(r, *cells, where + ".cells", u);
}

bool ReadUsers(Reader& r, const json::value& v, std::vector<FrameUser>* users) {
  const json::object* o = r.Object(v, "users");
  if (o == nullptr) return false;
  if (o->size() > kMaxUsers) return r.Fail("users", "more than 8 users");
  users->resize(o->size());
  size_t k = 0;
  for (const auto& [key, user] : *o) {
    if (!ReadUser(r, key, user, &(*users)[k++])) return false;
  }
  return true;
}

bool ReadFrame(Reader& r, const json::value& v, Frame* frame) {
  const json::object* o = r.Object(v, "the frame");
  if (o == nullptr) return false;
  const json::value* info = nullptr;
  const json::value* chat = nullptr;
  const json::value* error = nullptr;
  const json::value* map = nullptr;
  const json::value* users = nullptr;
  return r.IntField(*o, "turn", "", kTurnBounds, &frame->turn) &&
         (info = r.Field(*o, "info", "")) && ReadInfo(r, *info, &frame->info) &&
         (chat = r.Field(*o, "chat", "")) && ReadChat(r, *chat, &frame->chat) &&
         (error = r.Field(*o, "error", "")) && ReadError(r, *error, frame) &&
         (map = r.Field(*o, "game_map", "")) &&
         ReadMap(r, *map, &frame->cells) &&
         (users = r.Field(*o, "users", "")) &&
         ReadUsers(r, *users, &frame->users);
}

// --- Writing (json.dumps layout, colorfight §3.1) ---

void AppendKey(const char* key, std::string* out) {
  out->push_back('"');
  out->append(key);
  out->append("\": ");
}

void AppendIntField(const char* key, int64_t v, std::string* out) {
  AppendKey(key, out);
  AppendInt(v, out);
  out->append(", ");
}

void AppendInfo(const FrameInfo& info, std::string* out) {
  out->append("{");
  AppendIntField("max_turn", info.max_turn, out);
  AppendIntField("max_player", info.max_player, out);
  AppendIntField("width", info.width, out);
  AppendIntField("height", info.height, out);
  AppendKey("round_time", out);
  out->append(info.round_time).append(", ");
  AppendKey("start_count_down", out);
  out->append(info.start_count_down).append(", ");
  AppendKey("allow_manual_mode", out);
  AppendBool(info.allow_manual_mode, out);
  out->append(", ");
  AppendKey("game_id", out);
  AppendPyJsonString(info.game_id, out);
  out->append(", ");
  AppendIntField("replay_version", info.replay_version, out);
  AppendKey("game_version", out);
  AppendInt(info.game_version, out);
  out->append("}");
}

void AppendChat(const std::vector<ChatLine>& chat, std::string* out) {
  out->push_back('[');
  for (size_t i = 0; i < chat.size(); ++i) {
    if (i > 0) out->append(", ");
    out->append("{\"user\": ").append(chat[i].user);
    out->append(", \"msg\": ").append(chat[i].msg).append("}");
  }
  out->push_back(']');
}

void AppendUidKey(int64_t uid, std::string* out) {
  out->push_back('"');
  AppendInt(uid, out);
  out->append("\": ");
}

void AppendError(const Frame& frame, std::string* out) {
  out->push_back('{');
  for (size_t i = 0; i < frame.error.size(); ++i) {
    if (i > 0) out->append(", ");
    AppendUidKey(frame.error[i].first, out);
    out->push_back('[');
    const std::vector<std::string>& messages = frame.error[i].second;
    for (size_t m = 0; m < messages.size(); ++m) {
      if (m > 0) out->append(", ");
      AppendPyJsonString(messages[m], out);
    }
    out->push_back(']');
  }
  out->push_back('}');
}

// One data[y][x] entry, built in a local buffer (this runs 900 times a
// frame: one append instead of twenty).
void AppendCell(const FrameCell& c, int x, int y, std::string* out) {
  char buf[320];
  char* p = buf;
  const auto put = [&p](const char* s) {
    while (*s != 0) *p++ = *s++;
  };
  const auto num = [&p](int64_t v) { p = std::to_chars(p, p + 24, v).ptr; };
  *p++ = '[';
  num(c.attack_cost);
  put(", ");
  num(c.force_field);
  put(", [");
  out->append(buf, p);
  p = buf;
  if (c.building >= ' ' && c.building < 0x7f && c.building != '"' &&
      c.building != '\\') {
    *p++ = '"';
    *p++ = c.building;
    *p++ = '"';
  } else {
    AppendPyJsonString(std::string_view(&c.building, 1), out);
  }
  put(", ");
  num(c.level);
  put("], ");
  num(c.gold);
  put(", ");
  num(c.energy);
  put(", ");
  num(c.owner);
  put(", [");
  num(x);
  put(", ");
  num(y);
  put("], ");
  num(c.natural_gold);
  put(", ");
  num(c.natural_energy);
  put(", ");
  num(c.natural_cost);
  *p++ = ']';
  out->append(buf, p);
}

void AppendMap(const std::vector<FrameCell>& cells, std::string* out) {
  out->append("{\"data\": [");
  for (int y = 0; y < kHeight; ++y) {
    if (y > 0) out->append(", ");
    out->push_back('[');
    for (int x = 0; x < kWidth; ++x) {
      if (x > 0) out->append(", ");
      const size_t i = static_cast<size_t>(y * kWidth + x);
      AppendCell(i < cells.size() ? cells[i] : FrameCell{}, x, y, out);
    }
    out->push_back(']');
  }
  out->append("], \"headers\": [");
  for (int h = 0; h < kHeaderCount; ++h) {
    if (h > 0) out->append(", ");
    out->push_back('"');
    out->append(kHeaders[h]);
    out->push_back('"');
  }
  out->append("]}");
}

void AppendUser(const FrameUser& u, std::string* out) {
  out->push_back('{');
  AppendIntField("uid", u.uid, out);
  AppendKey("username", out);
  AppendPyJsonString(u.username, out);
  out->append(", ");
  AppendKey("verified", out);
  AppendBool(u.verified, out);
  out->append(", ");
  AppendKey("ranking", out);
  out->append(u.ranking).append(", ");
  AppendIntField("energy", u.energy, out);
  AppendIntField("gold", u.gold, out);
  AppendKey("dead", out);
  AppendBool(u.dead, out);
  out->append(", ");
  AppendIntField("energy_source", u.energy_source, out);
  AppendIntField("gold_source", u.gold_source, out);
  AppendIntField("tech_level", u.tech_level, out);
  AppendIntField("tax_level", u.tax_level, out);
  AppendIntField("tax_amount", u.tax_amount, out);
  AppendKey("building_number", out);
  out->push_back('{');
  for (size_t i = 0; i < u.building_number.size(); ++i) {
    if (i > 0) out->append(", ");
    AppendPyJsonString(u.building_number[i].first, out);
    out->append(": ");
    AppendInt(u.building_number[i].second, out);
  }
  out->append("}, ");
  AppendIntField("cell_number", u.cell_number, out);
  AppendKey("cells", out);
  out->push_back('[');
  for (size_t i = 0; i < u.cells.size(); ++i) {
    if (i > 0) out->append(", ");
    out->push_back('[');
    AppendInt(u.cells[i].first, out);
    out->append(", ");
    AppendInt(u.cells[i].second, out);
    out->push_back(']');
  }
  out->append("]}");
}

}  // namespace

bool ParseFrame(std::string_view text, Frame* frame, std::string* error) {
  Reader r(error);
  // The DOM lives in a per-thread buffer reused from frame to frame (a
  // frame's DOM is about 0.5 MB; fresh memory each time doubled the cost).
  thread_local std::vector<unsigned char> buffer(1 << 20);
  thread_local std::vector<unsigned char> stack(64 << 10);
  json::monotonic_resource memory(buffer.data(), buffer.size());
  json::basic_parser<ExactDoubleHandler> parser(
      json::parse_options(), stack.data(), stack.size(), &memory);
  json::error_code ec;
  const size_t used = parser.write_some(false, text.data(), text.size(), ec);
  if (ec || used != text.size() || !parser.done()) {
    return r.Fail("the text", "not JSON");
  }
  const json::value v = parser.handler().stack.release();
  return ReadFrame(r, v, frame);
}

std::string FrameText(const Frame& frame) {
  std::string out;
  out.reserve(64 * 1024);
  out.append("{\"turn\": ");
  AppendInt(frame.turn, &out);
  out.append(", \"info\": ");
  AppendInfo(frame.info, &out);
  out.append(", \"chat\": ");
  AppendChat(frame.chat, &out);
  out.append(", \"error\": ");
  AppendError(frame, &out);
  out.append(", \"game_map\": ");
  AppendMap(frame.cells, &out);
  out.append(", \"users\": {");
  for (size_t i = 0; i < frame.users.size(); ++i) {
    if (i > 0) out.append(", ");
    AppendUidKey(frame.users[i].uid, &out);
    AppendUser(frame.users[i], &out);
  }
  out.append("}}");
  return out;
}

}  // namespace wl::colorfight
