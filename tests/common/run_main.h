// run_main.h: running a command's main function inside the test, as a
// user would run the command, with what it prints on stdout and stderr.
//
//   wl::testing::CommandRun run =
//       wl::testing::RunMain(wl::tools::BerlinMain, {"view", "--help"});
//   EXPECT_EQ(run.status, 0);  // run.out, run.err: what it printed
#ifndef WL_TESTS_COMMON_RUN_MAIN_H_
#define WL_TESTS_COMMON_RUN_MAIN_H_

#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "shell.h"

namespace wl::testing {

// main(argc, argv) with `args` as argv (argv[argc] is null), stdout and
// stderr captured.
inline CommandRun RunMain(const std::function<int(int, char**)>& main,
                          std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  CommandRun run;
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  run.status = main(static_cast<int>(args.size()), argv.data());
  run.out = ::testing::internal::GetCapturedStdout();
  run.err = ::testing::internal::GetCapturedStderr();
  return run;
}

}  // namespace wl::testing

#endif  // WL_TESTS_COMMON_RUN_MAIN_H_
