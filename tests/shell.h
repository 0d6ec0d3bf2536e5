// shell.h: running commands from the tests, as a user would in a shell,
// with a fresh scratch folder each, and counting what they printed.
//
//   std::filesystem::path dir = wl::testing::FreshTempDir("arena_resume");
//   int timeouts = wl::testing::Occurrences(dump, "Response timed out (");
//
//   std::string cmd = wl::testing::ShellQuote(path) + " --help";
//   wl::testing::CommandRun run = wl::testing::RunCommand(cmd, temp_dir);
//   EXPECT_EQ(run.status, 0) << run.err;           // run.out: its stdout
//   wl::testing::CommandRun piped = wl::testing::PipeCommand(cmd + " 2>&1");
#ifndef WL_TESTS_SHELL_H_
#define WL_TESTS_SHELL_H_

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "shared_data.h"

namespace wl::testing {

// `s` as one shell word, whatever it holds.
inline std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct CommandRun {
  int status = -1;  // exit status; 128 + signal if killed; -1: did not run
  std::string out, err;
};

// The status of a std::system or pclose result, as CommandRun keeps it.
inline int ExitStatus(int raw) {
  if (raw != -1 && WIFEXITED(raw)) return WEXITSTATUS(raw);
  if (raw != -1 && WIFSIGNALED(raw)) return 128 + WTERMSIG(raw);
  return -1;
}

// Runs `command` with /bin/sh, stdin from /dev/null, its stdout and stderr
// captured through files in `dir` (which must exist).
inline CommandRun RunCommand(const std::string& command,
                             const std::filesystem::path& dir) {
  const std::filesystem::path out = dir / "command_stdout.txt";
  const std::filesystem::path err = dir / "command_stderr.txt";
  CommandRun run;
  run.status =
      ExitStatus(std::system((command + " >" + ShellQuote(out.string()) +
                              " 2>" + ShellQuote(err.string()) + " </dev/null")
                                 .c_str()));
  run.out = ReadFile(out);
  run.err = ReadFile(err);
  return run;
}

// Runs `command` with /bin/sh and reads its stdout through a pipe (its
// stderr is the test's, unless the command redirects it).
inline CommandRun PipeCommand(const std::string& command) {
  CommandRun run;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return run;
  char buffer[65536];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    run.out.append(buffer, n);
  }
  run.status = ExitStatus(::pclose(pipe));
  return run;
}

// An empty folder of its own under the system's temporary folder:
// wl_<name>_<pid>_<n>, emptied first if a killed run left it.
inline std::filesystem::path FreshTempDir(const std::string& name) {
  static std::atomic<int> counter{0};
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("wl_" + name + "_" + std::to_string(::getpid()) +
                               "_" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// How many times `what` occurs in `text`, without overlaps.
inline int Occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size())) {
    ++n;
  }
  return n;
}

}  // namespace wl::testing

#endif  // WL_TESTS_SHELL_H_
