// berlin_main.h: `warlight berlin <command>`: the Berlin slice's commands
// (match, verify, arena, view), each with --help.
#ifndef WL_TOOLS_BERLIN_BERLIN_MAIN_H_
#define WL_TOOLS_BERLIN_BERLIN_MAIN_H_

namespace wl::tools {

// argv: the arguments after "berlin".
int BerlinMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_BERLIN_MAIN_H_
