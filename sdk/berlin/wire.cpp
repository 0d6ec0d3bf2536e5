// wire.h: the Berlin engine's text on the wire (berlin §2.2, §2.3, §3, §5.2).
#include "sdk/berlin/wire.h"

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>

#include "sdk/berlin/aggregate.h"

namespace wl::berlin {
namespace {

namespace json = boost::json;

constexpr char kHex[] = "0123456789ABCDEF";

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The four fields as they are found, later sources overwriting earlier ones.
struct FoundFields {
  static constexpr std::array<const char*, 4> kNames = {"action", "infos",
                                                        "map", "state"};
  std::array<std::optional<std::string>, 4> values;

  void Set(std::string_view name, std::string value) {
    for (size_t i = 0; i < kNames.size(); ++i) {
      if (name == kNames[i]) values[i] = std::move(value);
    }
  }
  // berlin §2.3: all four or BadRequest naming the first missing one.
  RequestFields Take() {
    for (size_t i = 0; i < kNames.size(); ++i) {
      if (!values[i]) {
        throw BadRequest(std::string("berlin request: no '") + kNames[i] +
                         "' field");
      }
    }
    return {std::move(*values[0]), std::move(*values[1]), std::move(*values[2]),
            std::move(*values[3])};
  }
};

// "k=v&k=v" (a query string or a form body); a later pair wins (Rack,
// Tornado).
void ReadForm(std::string_view text, FoundFields& found) {
  while (!text.empty()) {
    const size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    const size_t eq = pair.find('=');
    const std::string_view value =
        eq == pair.npos ? std::string_view() : pair.substr(eq + 1);
    found.Set(FormUnescape(pair.substr(0, eq)), FormUnescape(value));
    if (amp == text.npos) break;
    text.remove_prefix(amp + 1);
  }
}

// berlin §2.3 (berlingo, aishowdown): {"action":..., "infos":{...} or
// "{...}", ...}. Object values are serialised compactly.
void ReadJsonBody(std::string_view body, FoundFields& found) {
  json::value v;
  if (!ParseRubyJson(body, v) || !v.is_object()) {
    throw BadRequest("berlin request: the JSON body is not a JSON object");
  }
  for (const auto& [key, value] : v.get_object()) {
    if (value.is_null()) continue;
    found.Set(key, value.is_string() ? std::string(value.get_string())
                                     : json::serialize(value));
  }
}

// The length of a multibyte sequence as Rails 4.0's escaper matched it
// (a lead byte C0-F7 and its continuation bytes), or 0.
size_t MultibyteLength(std::string_view text, size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  const size_t length = b >= 0xF8   ? 0
                        : b >= 0xF0 ? 4
                        : b >= 0xE0 ? 3
                        : b >= 0xC0 ? 2
                                    : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  }
  return length;
}

void AppendU(std::string& out, uint32_t unit, const char* hex) {
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 15];
}

// Rails 4.0 wrote non-ASCII characters as \uxxxx in lowercase hex. (Above
// U+FFFF it kept only the low 16 bits; we write a surrogate pair. No map
// has such a character.)
void AppendCodePoint(std::string& out, std::string_view bytes) {
  static constexpr char kLowerHex[] = "0123456789abcdef";
  static constexpr unsigned char kLeadMask[] = {0, 0, 0x1F, 0x0F, 0x07};
  uint32_t cp = static_cast<unsigned char>(bytes[0]) & kLeadMask[bytes.size()];
  for (size_t k = 1; k < bytes.size(); ++k) {
    cp = cp << 6 | (static_cast<unsigned char>(bytes[k]) & 0x3F);
  }
  if (cp > 0xFFFF) {
    cp -= 0x10000;
    AppendU(out, 0xD800 + (cp >> 10), kLowerHex);
    cp = 0xDC00 + (cp & 0x3FF);
  }
  AppendU(out, cp, kLowerHex);
}

// Rails 4.0's ESCAPED_CHARS table for one ASCII byte (berlin §3.4).
void AppendAscii(std::string& out, char c) {
  switch (c) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\b':
      out += "\\b";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    case '<':
    case '>':
    case '&':
      AppendU(out, static_cast<unsigned char>(c), kHex);
      return;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        AppendU(out, static_cast<unsigned char>(c), kHex);
      } else {
        out += c;
      }
  }
}

bool IsJsonBody(std::string_view content_type, std::string_view body) {
  std::string type(content_type.substr(0, content_type.find(';')));
  for (char& c : type) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (type.find("json") != type.npos) return true;
  const size_t first = body.find_first_not_of(" \t\r\n");
  return first != body.npos && body[first] == '{';
}

}  // namespace

std::string CurlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size() * 3);
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    const bool plain = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') ||
                       (b >= '0' && b <= '9') || b == '-' || b == '.' ||
                       b == '_' || b == '~';
    if (plain) {
      out += c;
    } else {
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

std::string FormUnescape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() &&
               HexDigit(text[i + 1]) >= 0 && HexDigit(text[i + 2]) >= 0) {
      out +=
          static_cast<char>(HexDigit(text[i + 1]) * 16 + HexDigit(text[i + 2]));
      i += 2;
    } else {
      out += text[i];  // a lone '%' stays as it is
    }
  }
  return out;
}

std::string FormBody(const RequestFields& f) {
  return "action=" + CurlEscape(f.action) + "&infos=" + CurlEscape(f.infos) +
         "&map=" + CurlEscape(f.map) + "&state=" + CurlEscape(f.state);
}

RequestFields ReadRequestFields(std::string_view target,
                                std::string_view content_type,
                                std::string_view body) {
  FoundFields found;
  const size_t question = target.find('?');
  if (question != target.npos) {
    const std::string_view query = target.substr(question + 1);
    ReadForm(query.substr(0, query.find('#')), found);
  }
  if (IsJsonBody(content_type, body)) {
    if (body.find_first_not_of(" \t\r\n") != body.npos) {
      ReadJsonBody(body, found);
    }
  } else {
    std::string form(body);  // curl -d @file drops line breaks
    form.erase(std::remove_if(form.begin(), form.end(),
                              [](char c) { return c == '\r' || c == '\n'; }),
               form.end());
    ReadForm(form, found);
  }
  return found.Take();
}

std::string RailsString(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const size_t length = MultibyteLength(text, i);
    if (length > 0) {
      AppendCodePoint(out, text.substr(i, length));
      i += length;
    } else {
      AppendAscii(out, text[i++]);  // bytes that are not UTF-8 go as they are
    }
  }
  return out + "\"";
}

std::string InfosJson(const InfosFields& infos) {
  std::string out =
      "{\"game_id\":" + RailsString(infos.game_id) +
      ",\"current_turn\":" + std::to_string(infos.current_turn) +
      ",\"maximum_number_of_turns\":" + infos.maximum_number_of_turns_json +
      ",\"time_limit_per_turn\":" + infos.time_limit_per_turn_json +
      ",\"directed\":" + infos.directed_json +
      ",\"number_of_players\":" + std::to_string(infos.number_of_players);
  if (infos.player_id != -1) {
    out += ",\"player_id\":" + std::to_string(infos.player_id);
  }
  return out + "}";
}

std::string StateJson(const Map& map, const State& state) {
  std::string out = "[";
  for (int i = 0; i < map.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"node_id\":" + std::to_string(map.node(i).id) + ",\"player_id\":";
    out += state.owner[i] == kFree ? "null" : std::to_string(state.owner[i]);
    out += ",\"number_of_soldiers\":" + std::to_string(state.Soldiers(i)) + "}";
  }
  return out + "]";
}

std::string MapJson(const Map& map,
                    const std::vector<std::pair<int64_t, int64_t>>& paths) {
  std::string out = "{\"types\":[";
  for (size_t i = 0; i < map.types.size(); ++i) {
    const NodeType& t = map.types[i];
    out += (i > 0 ? ",{\"name\":" : "{\"name\":") + RailsString(t.name) +
           ",\"points\":" + std::to_string(t.points) +
           ",\"soldiers_per_turn\":" + std::to_string(t.soldiers_per_turn) +
           "}";
  }
  out += "],\"nodes\":[";
  for (int i = 0; i < map.size(); ++i) {
    out += (i > 0 ? ",{\"id\":" : "{\"id\":") + std::to_string(map.node(i).id) +
           ",\"type\":" + RailsString(map.type_of(i).name) + "}";
  }
  out += "],\"paths\":[";
  for (size_t i = 0; i < paths.size(); ++i) {
    out += (i > 0 ? ",{\"from\":" : "{\"from\":") +
           std::to_string(paths[i].first) +
           ",\"to\":" + std::to_string(paths[i].second) + "}";
  }
  return out + "]}";
}

bool ParseRubyJson(std::string_view text, json::value& out) {
  json::parse_options options;
  options.max_depth = 100;  // Ruby's JSON.parse max_nesting
  options.allow_comments = true;
  options.allow_invalid_utf8 = true;
  boost::system::error_code ec;
  out = json::parse(text, ec, {}, options);
  if (ec) out = nullptr;
  return !ec;
}

int64_t JsonToI(const json::value& v, bool* ok) {
  if (ok != nullptr) *ok = true;
  switch (v.kind()) {
    case json::kind::int64:
      return v.get_int64();
    case json::kind::uint64:
      return v.get_uint64() > uint64_t(std::numeric_limits<int64_t>::max())
                 ? std::numeric_limits<int64_t>::max()
                 : static_cast<int64_t>(v.get_uint64());
    case json::kind::double_:
      if (std::isfinite(v.get_double())) return ToI(v.get_double());
      break;  // Float::INFINITY.to_i raises FloatDomainError
    case json::kind::string:
      return ToI(std::string_view(v.get_string()));
    case json::kind::null:
      return 0;
    default:
      break;
  }
  if (ok != nullptr) *ok = false;
  return 0;
}

namespace {

// berlin §5.2 item 1: a raw from/to value as a key with Ruby's hash
// identity (1, 1.0 and "1" differ; 0.0 and -0.0 do not), and §11: a value
// without to_i is a key of its own with the id kNoNodeId.
RawKey KeyOf(const json::value* v, AnswerReading& reading) {
  if (v == nullptr || v->is_null()) return {"n", 0};
  bool ok = false;
  const int64_t id = JsonToI(*v, &ok);
  if (!ok) {
    ++reading.keys_without_to_i;
    return {"x:" + json::serialize(*v), kNoNodeId};
  }
  if (Saturated(id) && !v->is_string()) ++reading.saturated;
  if (v->is_string()) return {"s:" + std::string(v->get_string()), id};
  if (!v->is_double()) return {"i:" + json::serialize(*v), id};
  return {v->get_double() == 0 ? "f:0" : "f:" + json::serialize(*v), id};
}

// One element of the answer array into `agg`. Returns false when it ends
// the reading (berlin §5.2 item 4).
bool ReadElement(const json::value& el, Aggregator& agg,
                 AnswerReading& reading) {
  if (el.is_string()) {  // "x"["from"]: nil, or "from" if it contains it
    const std::string_view s = el.get_string();
    json::value from, to;  // null
    if (s.find("from") != s.npos) from = "from";
    if (s.find("to") != s.npos) to = "to";
    agg.Add(KeyOf(&from, reading), KeyOf(&to, reading), 0);
    ++reading.elements;
    return true;
  }
  if (!el.is_object()) return false;
  const json::object& o = el.get_object();
  const RawKey from = KeyOf(o.if_contains("from"), reading);
  const RawKey to = KeyOf(o.if_contains("to"), reading);
  bool ok = true;
  const json::value* count = o.if_contains("number_of_soldiers");
  const int64_t n = count == nullptr ? 0 : JsonToI(*count, &ok);
  if (ok && Saturated(n)) ++reading.saturated;
  agg.Add(from, to, n);  // a failing count still makes its entry, +0
  ++reading.elements;
  return ok;
}

}  // namespace

AnswerReading ReadAnswer(std::string_view body) {
  AnswerReading reading;
  json::value v;
  reading.json = ParseRubyJson(body, v);
  reading.array = v.is_array();
  if (!reading.array) return reading;  // berlin §5.2 item 5
  Aggregator agg;
  for (const json::value& el : v.get_array()) {
    if (!ReadElement(el, agg, reading)) {
      reading.cut_short = true;
      break;
    }
  }
  reading.moves = agg.Moves();
  return reading;
}

}  // namespace wl::berlin
