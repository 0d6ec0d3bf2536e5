// page_assets.h: the fixed parts of the replay viewer's page (viewer.h):
// its style sheet, the side panel's markup and the script that plays the
// replay. viewer.cpp puts them around the map's SVG and the game's data.
//
// The script reads the game from <script id="replay-data"> (JSON):
//   n      the highest region id
//   views  [full, player1's, player2's], each {rs, d[, f, e]}:
//            d[i]  the step's changed regions, [id, armies*4+owner, ...]
//                  (owner 0 neutral, 1 player1, 2 player2, 3 unknown);
//                  step 0 lists every region
//            rs[r] the index of round r's first step (round 0: the draft)
//            f     (player views) the step of the full view each step
//                  shows, as differences: f[0], f[1] - f[0], ...
//            e     (player views, rarely) {i: event} where it differs
//   ev     the full view's events by step: 0 (start of a round) or
//          [p,0,R,A] place_armies, [p,1,F,T,A] attack/transfer,
//          [p,2,reason] illegal_move, [p,3,text] other
//   end    "player1 won" | "player2 won" | "Nobody won"
//   cand   the draft candidates
//   stats  {regions, armies, income}: [[player1 by round], [player2 ...]],
//          after each round (index 0: after the draft)
//   logs   by round: [[player, kind (0 parse error, 1 other), phase (0 pick,
//          1 placement, 2 attack/transfer), text], ...]
//   result result.json, or null
#ifndef WL_TOOLS_VIEWER_PAGE_ASSETS_H_
#define WL_TOOLS_VIEWER_PAGE_ASSETS_H_

namespace wl::tools {

extern const char kViewerCss[];
extern const char kViewerPanel[];
extern const char kViewerJs[];

}  // namespace wl::tools

#endif  // WL_TOOLS_VIEWER_PAGE_ASSETS_H_
