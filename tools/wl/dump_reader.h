// dump_reader.h: reads the official engine's per-bot dump (spec section 11)
// back into what was sent, what the bot answered and what was logged.
//
// The official engine writes two messages without a line break, so they are
// glued to the text that follows: "Maximum number of moves reached, max 50
// moves are allowed" and, after a time-out, "Output from your bot: null".
// ReadDump splits those apart again.
//
//   for (const wl::tools::DumpEntry& e : wl::tools::ReadDump(text)) {
//     if (e.kind == wl::tools::DumpEntry::kSent)
//     engine_lines.push_back(e.text);
//   }
#ifndef WL_TOOLS_WL_DUMP_READER_H_
#define WL_TOOLS_WL_DUMP_READER_H_

#include <string>
#include <string_view>
#include <vector>

namespace wl::tools {

struct DumpEntry {
  enum Kind {
    kSent,     // a line the engine sent to the bot
    kRound,    // "Round N"; number holds N
    kOutput,   // the bot's answer, raw in text; timed_out for the unquoted
               // "Output from your bot: null" of a time-out
    kTimeout,  // "Response timed out (Tms)..." (then "Output ... null")
    kLog,      // parse errors and other engine messages, text as written
  };
  Kind kind;
  std::string text;
  int line = 0;            // 1-based line of the dump where it starts
  int number = 0;          // the round of a kRound entry
  bool timed_out = false;  // kOutput: no answer (not the text "null")
};

std::vector<DumpEntry> ReadDump(std::string_view text);

// The lines the engine sends start with one of these words.
bool IsEngineLine(std::string_view text);

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_DUMP_READER_H_
