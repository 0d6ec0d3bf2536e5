// The game-independent replay page shell (tools/viewer/page.h): every part
// lands once, in its place, in one self-contained page; the title is
// escaped; the data cannot end its <script> early; the shell's own script
// and style sheet (tools/viewer/web/) are built in.
#include "viewer/page.h"

#include <string>

#include "boost/json.hpp"
#include "gtest/gtest.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

PageParts MarkedParts() {
  PageParts parts;
  parts.title = "TITLE";
  parts.board = "<svg id=\"map\">BOARD</svg>";
  parts.panel = "<div id=\"panel\">PANEL</div>";
  parts.data_json = "{\"DATA\":1}";
  parts.css = "#panel { color: red; } /* GAME_CSS */";
  parts.js = "/* GAME_JS */ ReplayShell.start({views: [], render() {}});";
  return parts;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

TEST(ReplayPageTest, EveryPartLandsOnceInItsPlace) {
  const std::string page = ReplayPage(MarkedParts());
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(page.find("{{"), std::string::npos)
      << "page.html names a part ReplayPage does not fill";
  EXPECT_EQ(Count(page, "<title>TITLE</title>"), 1u);
  EXPECT_EQ(Count(page, "<h1 id=\"title\">TITLE</h1>"), 1u);
  // In order: style (shell, then game), board, panel, data, scripts (shell,
  // then game).
  const char* const kOrder[] = {"<style>",
                                "box-sizing",
                                "GAME_CSS",
                                "</style>",
                                "<div id=\"mapbox\">\n<svg id=\"map\">BOARD",
                                "id=\"round\"",
                                "<div id=\"panel\">PANEL</div>",
                                "id=\"replay-data\">{\"DATA\":1}</script>",
                                "const ReplayShell",
                                "GAME_JS",
                                "</html>"};
  size_t at = 0;
  for (const char* part : kOrder) {
    const size_t found = page.find(part, at);
    ASSERT_NE(found, std::string::npos) << part << " (in order)";
    EXPECT_EQ(Count(page, part), 1u) << part;
    at = found;
  }
  // The DOM contract's elements.
  for (const char* id : {"round", "rounds", "step", "view", "views", "event",
                         "slider", "play", "speed", "result"}) {
    EXPECT_EQ(Count(page, std::string(" id=\"") + id + "\""), 1u) << id;
  }
  // Self-contained: no external script, style sheet, font or fetch.
  for (const char* banned :
       {"<link", " src=", "@import", "url(", "fetch(", "https://"}) {
    EXPECT_EQ(page.find(banned), std::string::npos) << banned;
  }
}

TEST(ReplayPageTest, TheTitleIsEscapedAndTheDataCannotEndItsScript) {
  PageParts parts = MarkedParts();
  parts.title = "a <b> & \"c\"";
  const json::value data = {{"text", "</script><script>alert(1)</script>"},
                            {"n", 3}};
  parts.data_json = json::serialize(data);
  const std::string page = ReplayPage(parts);
  EXPECT_NE(page.find("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"),
            std::string::npos);
  EXPECT_EQ(page.find("<b>"), std::string::npos);
  EXPECT_EQ(page.find("alert(1)</script>"), std::string::npos);
  const std::string open = "id=\"replay-data\">";
  const size_t start = page.find(open) + open.size();
  const size_t end = page.find("</script>", start);
  EXPECT_EQ(json::parse(page.substr(start, end - start)), data);
}

}  // namespace
}  // namespace wl::tools
