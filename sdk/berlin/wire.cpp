// wire.h: the Berlin engine's text on the wire (berlin §2.2, §2.3, §3, §5.2).
#include "wire.h"

namespace wl::berlin {

std::string CurlEscape(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
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

std::string FormBody(const RequestFields& f) {
  return "action=" + CurlEscape(f.action) + "&infos=" + CurlEscape(f.infos) +
         "&map=" + CurlEscape(f.map) + "&state=" + CurlEscape(f.state);
}

}  // namespace wl::berlin
