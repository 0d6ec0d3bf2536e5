// warlight: the toolkit's command line (harness, arena, map generator...).
// Run `warlight --help` for the list of commands.
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  std::string command = argc > 1 ? argv[1] : "--help";
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << "usage: warlight <command> [args]\n";
    return 0;
  }
  std::cerr << "warlight: unknown command '" << command
            << "' (see warlight --help)\n";
  return 2;
}
