// viewer.h: for the callers of the old replay viewer API until they move:
// the Warlight replay page now lives in tools/wl/commands/ (view.h:
// WriteReplayHtml, ReplayHtml, ViewMain; replay_page.h: ReplayFiles,
// ReplayHtmlFromFiles; map_layout.h: LayoutMap), and tools/viewer/ holds
// only the game-independent page shell (page.h). Include those instead;
// this header goes when nothing includes it.
#ifndef WL_TOOLS_VIEWER_VIEWER_H_
#define WL_TOOLS_VIEWER_VIEWER_H_

#include "wl/commands/map_layout.h"
#include "wl/commands/replay_page.h"
#include "wl/commands/view.h"

#endif  // WL_TOOLS_VIEWER_VIEWER_H_
