#include "common/verify_report.h"

#include <iostream>

#include "common/terminal.h"

namespace wl::tools {

int VerifyReport(const std::vector<std::string>& dirs,
                 const VerifyFolder& verify) {
  int status = 0;
  int identical = 0;
  for (const std::string& dir : dirs) {
    absl::StatusOr<std::string> diff = verify(dir);
    // Names and diffs hold recorded text: escaped; each line flushed.
    const std::string name = EscapeForTerminal(dir);
    if (!diff.ok()) {
      std::cout << name << ": error: "
                << EscapeForTerminal(std::string(diff.status().message()))
                << std::endl;
      status = 2;
    } else if (diff->empty()) {
      std::cout << name << ": identical" << std::endl;
      ++identical;
    } else {
      std::cout << name << ": differs: " << EscapeForTerminal(*diff)
                << std::endl;
      if (status == 0) status = 1;
    }
  }
  std::cout << identical << " of " << dirs.size() << " games identical\n";
  return status;
}

}  // namespace wl::tools
