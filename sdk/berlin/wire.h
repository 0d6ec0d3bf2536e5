// wire.h: the Berlin engine's text on the wire, both ways (berlin §2-3, §5.2).
//
// The referee builds every request exactly as the official engine did: four
// form fields (action, infos, map, state) whose JSON values are Rails'
// compact to_json with the engine's key orders (berlin §3.4), percent-escaped
// as curl_easy_escape does and joined with '=' and '&' (berlin §2.2). A bot
// server reads the fields back from any transport the server or the
// community tools ever used (berlin §2.3): a form body ('+' is a space), the
// query string, or a JSON object body whose values are objects or JSON
// strings. The referee reads an answer body into aggregated moves exactly as
// the engine does (berlin §5.2), except where berlin §11 says to do better.
//
//   wl::berlin::RequestFields f{"turn", infos_json, map_json, state_json};
//   std::string body = wl::berlin::FormBody(f);      // byte-identical §2.2
//   wl::berlin::RequestFields back =
//       wl::berlin::ReadRequestFields(target, content_type, body);
//   wl::berlin::AnswerReading r = wl::berlin::ReadAnswer(answer_body);
//   // r.moves: the rules core's input for this player (rules.h)
#ifndef WL_BERLIN_WIRE_H_
#define WL_BERLIN_WIRE_H_

#include <boost/json/fwd.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sdk/berlin/map.h"
#include "sdk/berlin/rules.h"
#include "sdk/berlin/state.h"

namespace wl::berlin {

// The four fields of every request (berlin §2.2): `action` a plain word, the
// other three JSON texts, byte for byte as sent.
struct RequestFields {
  std::string action;
  std::string infos;
  std::string map;
  std::string state;
  bool operator==(const RequestFields& o) const {
    return action == o.action && infos == o.infos && map == o.map &&
           state == o.state;
  }
};

// A request the bot side cannot read (a field missing, not JSON): what()
// is one line naming the field.
class BadRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// berlin §2.2: every byte outside A-Z a-z 0-9 - . _ ~ becomes %XX
// (uppercase hex).
std::string CurlEscape(std::string_view text);
// Decodes %XX and '+' (a space, as Net::HTTP.post_form sends it).
std::string FormUnescape(std::string_view text);
// berlin §2.2: "action=...&infos=...&map=...&state=...", no newline.
std::string FormBody(const RequestFields& fields);

// berlin §2.3: the four fields from the request target's query string, a
// form body and/or a JSON object body (values objects or JSON strings;
// Content-Type application/json, or a body starting with '{'), merged with
// the body winning. Line breaks in a form body are dropped (curl -d @file).
// Throws BadRequest when a field is missing.
RequestFields ReadRequestFields(std::string_view target,
                                std::string_view content_type,
                                std::string_view body);

// The `infos` object of berlin §3.1, as values. The *_json members are the
// map's values as written (JSON text: "25", "false"), defaults applied.
struct InfosFields {
  std::string game_id;
  int64_t current_turn = 0;
  std::string maximum_number_of_turns_json = "100";
  std::string time_limit_per_turn_json = "1000";
  std::string directed_json = "false";
  int number_of_players = 2;
  int player_id = -1;  // -1: the replay's infos, without player_id (§8)
};
// berlin §3.1, §3.4: compact, keys in the engine's order.
std::string InfosJson(const InfosFields& infos);

// berlin §3.3: [{"node_id","player_id","number_of_soldiers"}...] in map
// order; player_id null when free.
std::string StateJson(const Map& map, const State& state);

// berlin §3.4: a JSON string literal as Rails 4.0 (ActiveSupport before
// 4.1) wrote it: \" \\ \b \f \n \r \t; other control bytes and <, >, & from
// its ESCAPED_CHARS table in uppercase hex (\u001F, \u003C, \u003E,
// \u0026); every non-ASCII character in lowercase hex (\u00e9, its
// unpack("H*")), beyond U+FFFF as a surrogate pair (Rails kept only the low
// 16 bits; no map has one). Bytes that are not UTF-8 are copied. (Rails
// 4.1+ writes \u003c in lowercase and leaves non-ASCII as it is.)
std::string RailsString(std::string_view text);

// berlin §3.2: {"types":[{name,points,soldiers_per_turn}...],"nodes":[{id,
// type}...],"paths":[{from,to}...]}, compact, `paths` as listed.
std::string MapJson(const Map& map,
                    const std::vector<std::pair<int64_t, int64_t>>& paths);

// How one successful answer body was read (berlin §5.2, §11).
struct AnswerReading {
  std::vector<Move> moves;  // aggregated, in validation order (§5.3)
  bool json = false;        // the body parsed as JSON
  bool array = false;       // ... and was an array (else no moves, §5.2.5)
  // Elements that registered an entry: objects (a bad count's too) and
  // strings; a non-object element is not counted.
  int elements = 0;
  bool cut_short = false;  // a bad element ended the reading (§5.2.4)
  // from/to values with no to_i (bool, array, object, +-Infinity): the
  // engine crashed (§5.2.6); here each is a key of its own whose id is
  // kNoNodeId (§11), so its move fails check 1 and nothing else changes.
  int keys_without_to_i = 0;
  // Ids and counts beyond int64, saturated (§11; aggregate.h).
  int saturated = 0;
};
// berlin §5.2: JSON.parse, then agg[from_raw][to_raw] += to_i(count) by
// Ruby hash identity in first-appearance order, counts saturating (§11).
// Differs from Ruby only where §11 asks: a from/to without to_i is
// kNoNodeId; a sum beyond int64 always fails validation (aggregate.h);
// integers beyond 64 bits are read as doubles, so 10^30 and 1e30 are one
// key (both match no node).
AnswerReading ReadAnswer(std::string_view body);

// berlin §11: the node id of a from/to that has no to_i. No map holds it
// (IsMapNodeId), so such a move fails check 1 (§5.3).
inline constexpr int64_t kNoNodeId = std::numeric_limits<int64_t>::min();
// The node ids a map may hold: every int64 but the two limits, which stand
// for kNoNodeId and for ids saturated beyond int64 (a bot's 10^30 must not
// match a node). Map loaders reject the others (ParseRequest does).
inline bool IsMapNodeId(int64_t id) {
  return id != std::numeric_limits<int64_t>::min() &&
         id != std::numeric_limits<int64_t>::max();
}

// JSON.parse as the engine's Ruby json has it (berlin §5.2): comments
// allowed, nesting up to 100, bytes that are not UTF-8 kept.
// Returns false, leaving `out` null, on a syntax error. Used for answers,
// requests and maps alike.
bool ParseRubyJson(std::string_view text, boost::json::value& out);
// berlin §5.2 item 2: to_i of a JSON value. Integers as they are (beyond
// int64 saturated), floats truncated toward 0 (saturated), strings as
// String#to_i, null 0. `ok` is false when Ruby has no to_i: true/false,
// arrays, objects, +-Infinity (the result is then 0).
int64_t JsonToI(const boost::json::value& v, bool* ok = nullptr);

}  // namespace wl::berlin

#endif  // WL_BERLIN_WIRE_H_
