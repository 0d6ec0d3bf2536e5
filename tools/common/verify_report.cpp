#include "common/verify_report.h"

#include <iostream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "sdk/cli/terminal.h"

namespace wl::tools {

int VerifyReport(const std::vector<std::string>& dirs,
                 const VerifyFolder& verify) {
  int status = 0;
  int identical = 0;
  for (const std::string& dir : dirs) {
    absl::StatusOr<std::string> diff = verify(dir);
    // Names and diffs hold recorded text: escaped; each line flushed.
    const std::string name = cli::EscapeForTerminal(dir);
    if (!diff.ok()) {
      std::cout << name << ": error: "
                << cli::EscapeForTerminal(std::string(diff.status().message()))
                << std::endl;
      status = 2;
    } else if (diff->empty()) {
      std::cout << name << ": identical" << std::endl;
      ++identical;
    } else {
      std::cout << name << ": differs: " << cli::EscapeForTerminal(*diff)
                << std::endl;
      if (status == 0) status = 1;
    }
  }
  std::cout << identical << " of " << dirs.size() << " games identical\n";
  return status;
}

absl::Status BadFile(const std::string& file, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat(file, ": ", what));
}

std::vector<std::string> TextLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string DifferenceExcerpt(const std::string& recorded,
                              const std::string& regenerated) {
  size_t i = 0;
  while (i < recorded.size() && i < regenerated.size() &&
         recorded[i] == regenerated[i]) {
    ++i;
  }
  const size_t from = i > 40 ? i - 40 : 0;
  auto cut = [&](const std::string& s) {
    std::string part = from < s.size() ? s.substr(from, 100) : "";
    return absl::StrCat(from > 0 ? "..." : "", part,
                        from + 100 < s.size() ? "..." : "",
                        i >= s.size() ? " <end>" : "");
  };
  return absl::StrCat("at byte ", i, ": recorded \"", cut(recorded),
                      "\", regenerated \"", cut(regenerated), "\"");
}

}  // namespace wl::tools
