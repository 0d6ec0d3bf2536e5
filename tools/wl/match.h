// match.h: moved. `warlight match` is wl/commands/match.h; ResultJson is in
// wl/game_files.h, which this header includes for the files that still
// include it (to be removed once none does).
#ifndef WL_TOOLS_WL_MATCH_H_
#define WL_TOOLS_WL_MATCH_H_

#include "wl/game_files.h"

#endif  // WL_TOOLS_WL_MATCH_H_
