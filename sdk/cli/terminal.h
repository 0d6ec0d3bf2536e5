// terminal.h: text from bots and recordings, made safe to print.
//
// A bot's answer, a recorded line or a file name may hold control
// characters (escape sequences that recolour or clear the terminal, a bell,
// a carriage return that hides what came before). Everything the tools print
// that they did not write themselves goes through EscapeForTerminal first.
//
//   std::cerr << "bad answer: \"" << wl::cli::EscapeForTerminal(line) <<
//   "\"\n";
//   // "\x1b[2J" prints as \x1b[2J, a tab as \t, a newline as \n
#ifndef WL_CLI_TERMINAL_H_
#define WL_CLI_TERMINAL_H_

#include <string>
#include <string_view>

namespace wl::cli {

// Printable ASCII and bytes >= 0x80 (UTF-8) are kept; a backslash is kept
// as is; \n \r \t become those two-character escapes; every other control
// byte (0x00-0x1f, 0x7f) becomes \xHH. At most max_chars input bytes are
// shown, then "..." (0: no limit).
inline std::string EscapeForTerminal(std::string_view text,
                                     size_t max_chars = 0) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  size_t shown = 0;
  for (char ch : text) {
    if (max_chars && shown++ == max_chars) {
      out += "...";
      break;
    }
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace wl::cli

#endif  // WL_CLI_TERMINAL_H_
