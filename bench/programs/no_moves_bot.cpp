// no_moves_bot: the smallest Warlight 2 bot there is, for the process
// benchmarks (pipe_floor_bench.cpp): it picks the first region offered and
// answers "No moves" to every other request. Standard library only, no
// sdk: what it costs is the pipes', not a parser's.
#include <iostream>
#include <string>

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  const std::string pick = "pick_starting_region ";
  while (std::getline(std::cin, line)) {
    if (line.compare(0, pick.size(), pick) == 0) {
      // "pick_starting_region TIME R1 R2 ...": answer R1.
      const size_t time_end = line.find(' ', pick.size());
      const size_t first_end = line.find(' ', time_end + 1);
      std::cout << line.substr(time_end + 1, first_end - time_end - 1)
                << std::endl;
    } else if (line.compare(0, 3, "go ") == 0) {
      std::cout << "No moves" << std::endl;
    }
  }
}
