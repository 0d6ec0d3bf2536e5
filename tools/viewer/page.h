// page.h: the replay page shell, the same for every game: one
// self-contained HTML file (inline CSS and JS, no network) with a board, a
// side panel and the controls every replay needs (round slider, play/pause,
// stepping, keys, views, URL parameters). A game supplies the parts:
//
//   wl::tools::PageParts parts;
//   parts.title = "Replay: bot a vs bot b";   // plain text
//   parts.board = svg;            // the drawing area's markup
//   parts.panel = panel_html;     // markup under the controls
//   parts.data_json = json;       // the game's data, serialised JSON
//   parts.css = css;              // the game's style sheet
//   parts.js = js;                // calls ReplayShell.start(game)
//   std::string html = wl::tools::ReplayPage(parts);
//
// The shell's own files are tools/viewer/web/ (page.html, shell.css,
// shell.js: its header says what ReplayShell.start wants from a game); a
// game's are tools/<game>/web/, built in by tools/viewer/embed.cmake.
//
// The page keeps a DOM contract for tests: #round (the round), #step ("k/n"),
// #view (the view's name), #event (the current event, filled by the game).
#ifndef WL_TOOLS_VIEWER_PAGE_H_
#define WL_TOOLS_VIEWER_PAGE_H_

#include <string>

namespace wl::tools {

struct PageParts {
  std::string title;      // plain text: the <title> and the heading
  std::string board;      // markup of the drawing area (an <svg id="map">)
  std::string panel;      // markup of the game's part of the side panel
  std::string data_json;  // <script id="replay-data">, serialised JSON
  std::string css;        // the game's style sheet, after the shell's
  std::string js;         // the game's script, after the shell's
};

// The page. The title is HTML-escaped; data_json is made safe inside its
// <script> ("<" written as \u003c, which only JSON strings can hold).
std::string ReplayPage(const PageParts& parts);

}  // namespace wl::tools

#endif  // WL_TOOLS_VIEWER_PAGE_H_
