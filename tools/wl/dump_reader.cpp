#include "wl/dump_reader.h"

#include <charconv>

namespace wl::tools {
namespace {

constexpr std::string_view kMaxMoves =
    "Maximum number of moves reached, max 50 moves are allowed";
constexpr std::string_view kNullOutput = "Output from your bot: null";
constexpr std::string_view kOutput = "Output from your bot: \"";

bool StartsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

}  // namespace

bool IsEngineLine(std::string_view text) {
  for (std::string_view head :
       {"settings ", "setup_map ", "pick_starting_region ", "update_map",
        "opponent_moves", "go "}) {
    if (StartsWith(text, head)) return true;
  }
  return false;
}

std::vector<DumpEntry> ReadDump(std::string_view text) {
  std::vector<DumpEntry> entries;
  int line_number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    // Peel off the messages that the engine writes without a line break.
    while (true) {
      if (StartsWith(line, kMaxMoves) && line.size() > kMaxMoves.size()) {
        entries.push_back(
            {DumpEntry::kLog, std::string(kMaxMoves), line_number});
        line.remove_prefix(kMaxMoves.size());
      } else if (StartsWith(line, kNullOutput)) {
        DumpEntry none{DumpEntry::kOutput, "", line_number};
        none.timed_out = true;
        entries.push_back(std::move(none));
        line.remove_prefix(kNullOutput.size());
        if (line.empty()) break;
      } else {
        break;
      }
    }
    if (line.empty() && !entries.empty() &&
        entries.back().line == line_number) {
      continue;
    }
    DumpEntry e{DumpEntry::kLog, std::string(line), line_number};
    if (StartsWith(line, "Round ")) {
      int n = 0;
      std::string_view digits = line.substr(6);
      auto [p, ec] =
          std::from_chars(digits.data(), digits.data() + digits.size(), n);
      if (ec == std::errc() && p == digits.data() + digits.size()) {
        e.kind = DumpEntry::kRound;
        e.number = n;
      }
    } else if (StartsWith(line, kOutput) && line.size() > kOutput.size() &&
               line.back() == '"') {
      e.kind = DumpEntry::kOutput;
      e.text = std::string(
          line.substr(kOutput.size(), line.size() - kOutput.size() - 1));
    } else if (StartsWith(line, "Response timed out")) {
      e.kind = DumpEntry::kTimeout;
    } else if (IsEngineLine(line)) {
      e.kind = DumpEntry::kSent;
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace wl::tools
