// tools/common/subcommands.h: the usage made from the table (two columns,
// continued lines indented), and Dispatch's statuses: help 0, none 2 with
// the usage, an unknown command one line and 2, a command its own status
// with the arguments after its name.
#include "common/subcommands.h"

#include <string>
#include <vector>

#include "common/run_main.h"
#include "gtest/gtest.h"

namespace wl::tools {
namespace {

std::vector<std::string> seen;  // the arguments Echo was given

int Echo(int argc, char** argv) {
  seen.assign(argv, argv + argc);
  return 7;
}

int Never(int, char**) { return 99; }

constexpr Subcommand kCommands[] = {
    {"echo", "echo ARGS...", "prints nothing\nbut returns 7", Echo},
    {"longer-name", "longer-name X", "never runs here", Never},
};

int Demo(int argc, char** argv) {
  return Dispatch("demo", "A demo of subcommands.", kCommands, argc, argv);
}

TEST(SubcommandsTest, UsageListsTheTableInTwoColumns) {
  EXPECT_EQ(SubcommandUsage("demo", "A demo of subcommands.", kCommands),
            "usage: demo <command> [args]\n\n"
            "A demo of subcommands.\n\n"
            "commands:\n"
            "  echo ARGS...   prints nothing\n"
            "                 but returns 7\n"
            "  longer-name X  never runs here\n\n"
            "Run 'demo <command> --help' for a command's options.\n");
  EXPECT_EQ(SubcommandUsage("demo", "", kCommands)
                .rfind("usage: demo <command> [args]\n\ncommands:\n", 0),
            0u);
}

TEST(SubcommandsTest, DispatchStatuses) {
  for (const char* help : {"--help", "-h", "help"}) {
    const testing::CommandRun run = testing::RunMain(Demo, {help});
    EXPECT_EQ(run.status, 0) << help;
    EXPECT_EQ(run.out,
              SubcommandUsage("demo", "A demo of subcommands.", kCommands));
    EXPECT_EQ(run.err, "");
  }
  testing::CommandRun run = testing::RunMain(Demo, {});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("commands:"), std::string::npos);
  run = testing::RunMain(Demo, {"ech"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "demo: unknown command 'ech' (did you mean echo?); see demo "
            "--help\n");
  run = testing::RunMain(Demo, {"zzzzzz"});  // nothing near it
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "demo: unknown command 'zzzzzz'; see demo --help\n");
  run = testing::RunMain(Demo, {"echo", "a", "--b"});
  EXPECT_EQ(run.status, 7);
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "--b"}));
  run = testing::RunMain(Demo, {"echo"});
  EXPECT_EQ(run.status, 7);
  EXPECT_TRUE(seen.empty());
}

}  // namespace
}  // namespace wl::tools
