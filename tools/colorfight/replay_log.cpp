#include "colorfight/replay_log.h"

#include <zlib.h>

#include <cstdlib>
#include <string>

#include "colorfight/room_config.h"

namespace wl::tools {
namespace {

using colorfight::Frame;
using colorfight::FrameCell;
using colorfight::FrameUser;

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

uint32_t Hex4(std::string_view s) {
  return static_cast<uint32_t>(
      std::strtoul(std::string(s).c_str(), nullptr, 16));
}

// Copies the string literal starting at text[i] (the opening quote) with
// json.dumps's \uXXXX escapes of non-ASCII turned back into UTF-8 (orjson
// escapes only '"', '\\' and control characters); returns the index after
// the closing quote.
size_t CopyString(std::string_view text, size_t i, std::string* out) {
  out->push_back('"');
  for (++i; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] != '\\') {
      out->push_back(text[i]);
      continue;
    }
    if (i + 6 > text.size() || text[i + 1] != 'u') {
      out->append(text.substr(i, 2));  // \" \\ \n ... (or a cut escape)
      ++i;
      continue;
    }
    uint32_t cp = Hex4(text.substr(i + 2, 4));
    if (cp < 0x20) {
      out->append(text.substr(i, 6));
      i += 5;
      continue;
    }
    i += 5;
    if (cp >= 0xD800 && cp < 0xDC00 && text.substr(i + 1, 2) == "\\u") {
      const uint32_t low = Hex4(text.substr(i + 3, 4));
      if (low >= 0xDC00 && low < 0xE000) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        i += 6;
      }
    }
    AppendUtf8(cp, out);
  }
  out->push_back('"');
  return i + 1;
}

// A number or literal token: floats rewritten as orjson writes them.
size_t CopyToken(std::string_view text, size_t i, std::string* out) {
  size_t end = i;
  while (end < text.size() && text[end] != ',' && text[end] != ':' &&
         text[end] != ']' && text[end] != '}' && text[end] != ' ') {
    ++end;
  }
  const std::string token(text.substr(i, end - i));
  if (token == "NaN" || token == "Infinity" || token == "-Infinity") {
    out->append("null");  // orjson writes non-finite floats as null
  } else if (token.find_first_of(".eE") != std::string::npos &&
             token != "false" && token != "true") {
    out->append(OrjsonFloat(std::strtod(token.c_str(), nullptr)));
  } else {
    out->append(token);
  }
  return end;
}

void AppendInt(int64_t v, std::string* out) { out->append(std::to_string(v)); }

// The ten values of a cell in header order, as orjson writes them; the
// first `count` only.
void AppendCell(const FrameCell& c, int x, int y, int count, std::string* out) {
  out->push_back('[');
  for (int k = 0; k < count; ++k) {
    if (k > 0) out->push_back(',');
    switch (k) {
      case 0:
        AppendInt(c.attack_cost, out);
        break;
      case 1:
        AppendInt(c.force_field, out);
        break;
      case 2:
        out->append("[\"");
        out->push_back(c.building);
        out->append("\",");
        AppendInt(c.level, out);
        out->push_back(']');
        break;
      case 3:
        AppendInt(c.gold, out);
        break;
      case 4:
        AppendInt(c.energy, out);
        break;
      case 5:
        AppendInt(c.owner, out);
        break;
      case 6:
        out->append("[" + std::to_string(x) + "," + std::to_string(y) + "]");
        break;
      case 7:
        AppendInt(c.natural_gold, out);
        break;
      case 8:
        AppendInt(c.natural_energy, out);
        break;
      default:
        AppendInt(c.natural_cost, out);
        break;
    }
  }
  out->push_back(']');
}

// The shortest prefix of the header-ordered values holding every value
// that differs (colorfight §9): 1 + the index of the last difference.
int ChangedPrefix(const FrameCell& a, const FrameCell& b) {
  const bool differs[] = {a.attack_cost != b.attack_cost,
                          a.force_field != b.force_field,
                          a.building != b.building || a.level != b.level,
                          a.gold != b.gold,
                          a.energy != b.energy,
                          a.owner != b.owner,
                          false,  // position
                          a.natural_gold != b.natural_gold,
                          a.natural_energy != b.natural_energy,
                          a.natural_cost != b.natural_cost};
  for (int k = 9; k >= 0; --k) {
    if (differs[k]) return k + 1;
  }
  return 0;
}

// A user as the frame has it, without "cells" (colorfight §9).
void AppendUser(const FrameUser& u, std::string* out) {
  std::string username;
  AppendOrjsonString(u.username, &username);
  std::string buildings = "{";
  for (const auto& [name, count] : u.building_number) {
    if (buildings.size() > 1) buildings.push_back(',');
    AppendOrjsonString(name, &buildings);
    buildings += ":" + std::to_string(count);
  }
  buildings.push_back('}');
  auto text = [](bool b) { return std::string(b ? "true" : "false"); };
  const std::pair<const char*, std::string> fields[] = {
      {"uid", std::to_string(u.uid)},
      {"username", username},
      {"verified", text(u.verified)},
      {"ranking", OrjsonFromPyJson(u.ranking)},
      {"energy", std::to_string(u.energy)},
      {"gold", std::to_string(u.gold)},
      {"dead", text(u.dead)},
      {"energy_source", std::to_string(u.energy_source)},
      {"gold_source", std::to_string(u.gold_source)},
      {"tech_level", std::to_string(u.tech_level)},
      {"tax_level", std::to_string(u.tax_level)},
      {"tax_amount", std::to_string(u.tax_amount)},
      {"building_number", buildings},
      {"cell_number", std::to_string(u.cell_number)}};
  out->push_back('{');
  for (const auto& [name, value] : fields) {
    if (out->back() != '{') out->push_back(',');
    out->append("\"").append(name).append("\":").append(value);
  }
  out->push_back('}');
}

}  // namespace

std::string OrjsonFromPyJson(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      i = CopyString(text, i, &out);
    } else if (c == ' ' || c == '\n') {
      ++i;
    } else if (c == ',' || c == ':' || c == '[' || c == ']' || c == '{' ||
               c == '}') {
      out.push_back(c);
      ++i;
    } else {
      i = CopyToken(text, i, &out);
    }
  }
  return out;
}

std::string OrjsonFrameText(const Frame& frame) {
  return OrjsonFromPyJson(colorfight::FrameText(frame));
}

void AppendOrjsonString(std::string_view text, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (const char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\b':
        out->append("\\b");
        break;
      case '\t':
        out->append("\\t");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\f':
        out->append("\\f");
        break;
      case '\r':
        out->append("\\r");
        break;
      default:
        if (c < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[c >> 4]);
          out->push_back(kHex[c & 15]);
        } else {
          out->push_back(ch);
        }
    }
  }
  out->push_back('"');
}

void ColorfightReplayLog::Reset(const Frame& frame) {
  entries_.assign(1, OrjsonFrameText(frame));
  last_ = frame.cells;
}

void ColorfightReplayLog::Append(const Frame& frame) {
  std::string e = "{\"turn\":" + std::to_string(frame.turn) + ",\"users\":{";
  for (size_t i = 0; i < frame.users.size(); ++i) {
    if (i > 0) e.push_back(',');
    e += "\"" + std::to_string(frame.users[i].uid) + "\":";
    AppendUser(frame.users[i], &e);
  }
  e += "},\"game_map\":{\"data\":[";
  for (int y = 0; y < colorfight::kHeight; ++y) {
    e += y > 0 ? ",[" : "[";
    for (int x = 0; x < colorfight::kWidth; ++x) {
      if (x > 0) e.push_back(',');
      const size_t i = static_cast<size_t>(y * colorfight::kWidth + x);
      const int n =
          i < last_.size() ? ChangedPrefix(frame.cells[i], last_[i]) : 10;
      AppendCell(frame.cells[i], x, y, n, &e);
    }
    e.push_back(']');
  }
  e += "]}}";
  entries_.push_back(std::move(e));
  last_ = frame.cells;
}

std::string ColorfightReplayLog::Json() const {
  std::string json = "[";
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (i > 0) json.push_back(',');
    json += entries_[i];
  }
  return json + "]";
}

std::string ColorfightGzip(std::string_view data, uint32_t mtime) {
  std::string out = {'\x1f', '\x8b', '\x08', '\x00'};
  for (int k = 0; k < 4; ++k)
    out.push_back(static_cast<char>(mtime >> (8 * k)));
  out += {'\x00', '\xff'};  // XFL 0 (level 5), OS 255 (unknown)
  z_stream z{};
  deflateInit2(&z, 5, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  const size_t header = out.size();
  out.resize(header + deflateBound(&z, data.size()));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data() + header);
  z.avail_out = static_cast<uInt>(out.size() - header);
  deflate(&z, Z_FINISH);
  out.resize(header + z.total_out);
  deflateEnd(&z);
  const uint32_t crc = static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(data.data()),
            static_cast<uInt>(data.size())));
  const uint32_t size = static_cast<uint32_t>(data.size());
  for (uint32_t v : {crc, size}) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>(v >> (8 * k)));
  }
  return out;
}

}  // namespace wl::tools
