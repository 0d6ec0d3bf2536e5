// arena_cli.h: running `warlight arena` from the arena tests, with its exit
// status, stdout and stderr, in a fresh temporary folder per test.
//
//   ArenaCli cli("stale");
//   CliRun run = cli.Run("random starter --games 2 --regions 20");
//   EXPECT_EQ(run.status, 0) << run.err;
#ifndef WL_TESTS_ARENA_ARENA_CLI_H_
#define WL_TESTS_ARENA_ARENA_CLI_H_

#include <unistd.h>

#include <filesystem>
#include <string>

#include "shell.h"

namespace wl::tools {

// What a run printed, and its exit status (128 + signal when killed).
using CliRun = testing::CommandRun;

class ArenaCli {
 public:
  explicit ArenaCli(const std::string& name)
      : dir_(std::filesystem::temp_directory_path() /
             ("wl_arena_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~ArenaCli() { std::filesystem::remove_all(dir_); }

  const std::filesystem::path& dir() const { return dir_; }
  std::string Path(const std::string& name) const {
    return (dir_ / name).string();
  }

  // Runs `warlight arena ARGS` (ARGS as a shell would split them).
  CliRun Run(const std::string& args) const {
    return Shell(Warlight() + " arena " + args);
  }
  CliRun Shell(const std::string& command) const {
    return testing::RunCommand(command, dir_);
  }

  static std::string Warlight() {
    return (std::filesystem::path(WL_BINARY_DIR) / "warlight").string();
  }
  // A bot of bots/ built as a program (its target must be built).
  static std::string BuiltBot(const std::string& name) {
    return (std::filesystem::path(WL_BINARY_DIR) / "bots" / name).string();
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace wl::tools

#endif  // WL_TESTS_ARENA_ARENA_CLI_H_
