// colorfight_main.h: `warlight colorfight <command>`, the Colorfight II
// slice's commands (server, verify, match, arena, view), dispatched by name.
#ifndef WL_TOOLS_COLORFIGHT_COLORFIGHT_MAIN_H_
#define WL_TOOLS_COLORFIGHT_COLORFIGHT_MAIN_H_

namespace wl::tools {

// argv[0] is the command's name (argv of `warlight` after "colorfight").
int ColorfightMain(int argc, char** argv);

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_COLORFIGHT_MAIN_H_
