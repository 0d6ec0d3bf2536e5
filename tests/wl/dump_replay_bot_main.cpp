// wl1_replay_bot DUMP: a WL1 bot process that makes the harness read,
// request by request, exactly the lines the official engine read from the
// bot that DUMP (a WL1 dump_playerN.txt, or .txt.gz; wl1 §13.1) recorded.
// wl1_match_test.cpp plays `warlight match --rules wl1` with two of them.
//
//   warlight match --rules wl1 --seed 13000056
//       "wl1_replay_bot g013/dump_player1.txt.gz"
//       "wl1_replay_bot g013/dump_player2.txt.gz"
//
// For every request it receives (`pick_starting_regions ...`, `go ...`;
// the requests the engine skipped after two missing answers, wl1 §10.2,
// are not sent) it prints, at once and in one write, every line the engine
// read for it: the empty lines a `go` read past and the answer. A `null`
// read (no answer) prints nothing, so the harness's 2000 ms wait runs out
// and what the bot printed late is read by the next request from the FIFO
// (wl1 §9.1: g013, g024 come out that way, their late lines being the
// recorded reads of the next requests). When every read from some request
// on is `null` (a crashed or silent bot: g011, g016, g025) the bot exits on
// receiving that request: the engine then reads `null` at once each time.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "wl/verify.h"

namespace {

constexpr std::string_view kParseError = "Parse error: ";
constexpr std::string_view kIdle = "Maximum number of idle moves returned";

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

// A request line of the dump. The engine's messages, which it appends with
// no line break (wl1 §13.1), may run into its start, so a `go` request is
// known by its end; the pick is the first request, after the setup lines.
bool IsDumpedRequest(std::string_view line) {
  return EndsWith(line, "go place_armies 2000") ||
         EndsWith(line, "go attack/transfer 2000") ||
         StartsWith(line, "pick_starting_regions ");
}

// A line the engine wrote after the answer to a `go` request that it took
// empty (wl1 §9.1): nothing was logged for it, so no message runs into it.
bool IsEngineLine(std::string_view line) {
  for (std::string_view prefix :
       {"settings ", "update_map", "opponent_moves", "go ", "Round "}) {
    if (StartsWith(line, prefix)) return true;
  }
  return false;
}

// What the engine read after one request it sent.
struct Reads {
  std::vector<std::string> lines;  // empty: no answer (`null`)
};

// The reads of every request the engine sent, in order (wl1 §9.1: a pick
// reads one line; a `go` reads past empty lines up to the first other
// line). A read `null` is the bot's text "null" only when a parse error
// about it follows; otherwise it is no answer.
std::vector<Reads> ReadRequests(const std::string& dump) {
  std::vector<std::string> lines;
  for (size_t begin = 0; begin < dump.size();) {
    size_t end = dump.find('\n', begin);
    if (end == std::string::npos) end = dump.size();
    lines.push_back(dump.substr(begin, end - begin));
    begin = end + 1;
  }
  std::vector<Reads> requests;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!IsDumpedRequest(lines[i])) continue;
    if (i + 1 < lines.size() && StartsWith(lines[i + 1], kIdle)) continue;
    const bool go = !StartsWith(lines[i], "pick_starting_regions ");
    // The reads follow: one for a pick; for a `go`, empty lines up to the
    // first other line, or up to the next engine line.
    Reads reads;
    size_t last = i;  // the line of the last read
    while (last + 1 < lines.size()) {
      const std::string& next = lines[last + 1];
      if (!reads.lines.empty() && IsEngineLine(next)) break;
      reads.lines.push_back(next);
      ++last;
      if (!go || !next.empty()) break;
    }
    const bool parse_error =
        last + 1 < lines.size() && StartsWith(lines[last + 1], kParseError);
    if (reads.lines.size() == 1 && reads.lines[0] == "null" && !parse_error) {
      reads.lines.clear();
    }
    requests.push_back(std::move(reads));
    i = last;
  }
  return requests;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::strcmp(argv[1], "--help") == 0) {
    std::cerr << "usage: wl1_replay_bot DUMP   (a WL1 dump_playerN.txt[.gz])\n";
    return argc == 2 ? 0 : 2;
  }
  absl::StatusOr<std::string> dump = wl::tools::ReadGzipFile(argv[1]);
  if (!dump.ok()) {
    std::cerr << "wl1_replay_bot: " << dump.status().message() << "\n";
    return 2;
  }
  const std::vector<Reads> requests = ReadRequests(*dump);
  size_t gone_from = requests.size();  // the trailing run of `null` reads
  while (gone_from > 0 && requests[gone_from - 1].lines.empty()) --gone_from;
  size_t next = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!StartsWith(line, "go ") &&
        !StartsWith(line, "pick_starting_regions ")) {
      continue;
    }
    if (next >= gone_from) return 0;
    std::string text;
    for (const std::string& read : requests[next].lines) text += read + "\n";
    ++next;
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  }
  return 0;
}
