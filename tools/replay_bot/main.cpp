// wl-replay-bot DUMP: a bot that plays back the answers recorded in an
// official dump. Each request it reads (pick_starting_region, go ...) gets
// the next recorded answer; a recorded time-out gets no answer at all.
// With two of these, `warlight match` must reproduce a recorded game.
//
//   warlight match "wl-replay-bot g000/dump_player1.txt"
//                  "wl-replay-bot g000/dump_player2.txt" --seed 17 --map M
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "common/files.h"
#include "sdk/cli/terminal.h"
#include "wl/dump_reader.h"

int main(int argc, char** argv) {
  if (argc != 2 || std::strcmp(argv[1], "--help") == 0) {
    std::cerr
        << "usage: wl-replay-bot DUMP\n"
           "Answers each engine request with the next answer recorded in\n"
           "DUMP (an official dump_playerN.txt); recorded time-outs get no\n"
           "answer.\n";
    return argc == 2 ? 0 : 2;
  }
  absl::StatusOr<std::string> dump = wl::tools::ReadFileToString(argv[1]);
  if (!dump.ok()) {
    std::cerr << "wl-replay-bot: "
              << wl::cli::EscapeForTerminal(
                     std::string(dump.status().message()))
              << "\n";
    return 2;
  }
  // The answers in order; a time-out shows as "Output from your bot: null".
  std::vector<std::string> answers;
  std::vector<bool> timed_out;
  for (const wl::tools::DumpEntry& e : wl::tools::ReadDump(*dump)) {
    if (e.kind != wl::tools::DumpEntry::kOutput) continue;
    answers.push_back(e.text);
    timed_out.push_back(e.timed_out);
  }
  size_t next = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.rfind("pick_starting_region ", 0) != 0 &&
        line.rfind("go ", 0) != 0) {
      continue;
    }
    if (next >= answers.size()) {
      std::cout << "No moves" << std::endl;  // beyond the recording
      continue;
    }
    if (!timed_out[next]) std::cout << answers[next] << std::endl;
    ++next;
  }
  return 0;
}
