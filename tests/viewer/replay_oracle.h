// replay_oracle.h: the viewer tests' own reading of replay.txt, and the
// check that a page's data decodes, view by view and step by step, to
// exactly its states and events (as replay.js decodes it). Any rule set's
// replay: WL2's round 0 with the draft, or WL1's first map before "round 1"
// (wl1 §13.2), which the page shows as its round 0. And headless Chromium,
// to look at a page as a browser shows it, with what every game's page
// test reads in the DOM it dumps.
//
//   ExpectPageMatchesReplay(page_html, replay_txt, "g000");
//   WL_REQUIRE_CHROMIUM();  // skips with a message when not installed
//   std::string dom = RunChromium(FindChromium(), "--dump-dom", url);
//   TextOf(dom, "round");                        // <b id="round">12</b>: "12"
//   Attributes(dom, "<g class=\"nd", "data-owner");  // per such element
//   BodyError(dom);                              // "" unless the script failed
#ifndef WL_TESTS_VIEWER_REPLAY_ORACLE_H_
#define WL_TESTS_VIEWER_REPLAY_ORACLE_H_

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "boost/json.hpp"
#include "gtest/gtest.h"
#include "shared_data.h"
#include "shell.h"

namespace wl::tools::oracle {

namespace json = boost::json;

// ---------------------------------------------------------------------------
// The test's own reading of replay.txt: per history, per round, the regions
// as a page must show them at each step (step 0: the start of the round; k:
// after the round's k-th event line) and the event lines.

struct Shown {
  std::string owner, armies;  // armies "" when unknown
  bool operator==(const Shown& o) const {
    return owner == o.owner && armies == o.armies;
  }
};
using Regions = std::map<int, Shown>;

struct OracleRound {
  std::vector<Regions> states;      // states[k]
  std::vector<std::string> events;  // events[k - 1]
};
using Oracle = std::vector<OracleRound>;  // by round

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline Regions ParseMapLine(const std::string& line) {
  Regions regions;
  std::istringstream in(line.substr(4));
  for (std::string token; in >> token;) {
    size_t a = token.find(';'), b = token.rfind(';');
    std::string owner = token.substr(a + 1, b - a - 1);
    regions[std::stoi(token.substr(0, a))] = {
        owner, owner == "unknown" ? "" : token.substr(b + 1)};
  }
  return regions;
}

inline std::vector<Oracle> ReadHistories(const std::string& replay) {
  std::vector<Oracle> histories(1);
  Regions current;
  bool pending = false;
  for (const std::string& line : Lines(replay)) {
    Oracle& h = histories.back();
    if (line.rfind("map", 0) == 0) {
      current = ParseMapLine(line);
      if (pending) h.back().states.push_back(current);
      pending = false;
    } else if (line.rfind("round ", 0) == 0) {
      // WL1: the first map, then "round 1": the page's round 0 is that map.
      if (h.empty() && line == "round 1") h.push_back({{current}, {}});
      h.push_back({{current}, {}});
    } else if (line == "player1 won" || line == "player2 won" ||
               line == "Nobody won") {
      histories.emplace_back();
    } else if (line.rfind("player", 0) == 0) {
      h.back().events.push_back(line);
      pending = true;
    }  // else the draft candidates line
  }
  histories.pop_back();
  return histories;
}

// ---------------------------------------------------------------------------
// The page's data, decoded as its script does.

inline json::value PageData(const std::string& page) {
  const std::string open =
      "<script type=\"application/json\" id=\"replay-data\">";
  size_t start = page.find(open);
  EXPECT_NE(start, std::string::npos);
  if (start == std::string::npos) return nullptr;
  start += open.size();
  size_t end = page.find("</script>", start);
  return json::parse(page.substr(start, end - start));
}

inline std::string EventText(const json::value& e) {
  const json::array& a = e.as_array();
  std::string text = "player" + std::to_string(a[0].as_int64()) + " ";
  auto num = [&](int k) { return std::to_string(a[k].as_int64()); };
  switch (a[1].as_int64()) {
    case 0:
      return text + "place_armies " + num(2) + " " + num(3);
    case 1:
      return text + "attack/transfer " + num(2) + " " + num(3) + " " + num(4);
    case 2:
      return text + "illegal_move " + std::string(a[2].as_string());
    default:
      return text + std::string(a[2].as_string());
  }
}

// Checks every state and event of every view of the page against replay.txt.
inline void ExpectPageMatchesReplay(const std::string& page,
                                    const std::string& replay,
                                    const std::string& what) {
  const std::vector<Oracle> histories = ReadHistories(replay);
  ASSERT_EQ(histories.size(), 3u) << what;
  const json::value data = PageData(page);
  const json::array& views = data.at("views").as_array();
  const json::array& full_events = data.at("ev").as_array();
  ASSERT_EQ(views.size(), 3u) << what;
  const char* const kOwners[] = {"neutral", "player1", "player2", "unknown"};
  for (int v = 0; v < 3; ++v) {
    const json::object& view = views[v].as_object();
    const json::array& rs = view.at("rs").as_array();
    const json::array& d = view.at("d").as_array();
    const Oracle& oracle = histories[v];
    ASSERT_EQ(rs.size(), oracle.size()) << what << " view " << v;
    std::map<int, int64_t> state;
    size_t checked = 0;
    int64_t f = 0;  // the full view's step, stored as differences
    for (size_t i = 0; i < d.size(); ++i) {
      const json::array& delta = d[i].as_array();
      for (size_t k = 0; k + 1 < delta.size(); k += 2) {
        state[static_cast<int>(delta[k].as_int64())] = delta[k + 1].as_int64();
      }
      // Which round and step of the oracle this is.
      size_t r = 0;
      while (r + 1 < rs.size() &&
             static_cast<size_t>(rs[r + 1].as_int64()) <= i)
        ++r;
      const size_t k = i - static_cast<size_t>(rs[r].as_int64());
      f = v == 0 ? static_cast<int64_t>(i)
                 : f + view.at("f").as_array()[i].as_int64();
      ASSERT_LT(k, oracle[r].states.size())
          << what << " view " << v << " round " << r;
      Regions shown;
      for (auto [id, packed] : state) {
        const std::string owner = kOwners[packed % 4];
        shown[id] = {owner,
                     owner == "unknown" ? "" : std::to_string(packed / 4)};
      }
      ASSERT_EQ(shown, oracle[r].states[k])
          << what << " view " << v << " round " << r << " step " << k;
      if (k > 0) {
        const json::value* own = nullptr;
        if (const json::value* e = view.if_contains("e")) {
          own = e->as_object().if_contains(std::to_string(i));
        }

        ASSERT_LT(static_cast<size_t>(f), full_events.size());
        ASSERT_EQ(EventText(own ? *own : full_events[f]),
                  oracle[r].events[k - 1])
            << what << " view " << v << " round " << r << " step " << k;
      }
      ++checked;
    }
    size_t expected = 0;
    for (const OracleRound& round : oracle) expected += round.states.size();
    EXPECT_EQ(checked, expected) << what << " view " << v;
  }
}

// ---------------------------------------------------------------------------
// The page in a browser: headless Chromium, when installed.

// Chromium's path ($WL_CHROMIUM, else chromium, chromium-browser or
// google-chrome on the PATH), or "" when there is none.
inline std::string FindChromium() {
  if (const char* env = std::getenv("WL_CHROMIUM")) return env;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
      const std::filesystem::path candidate = std::filesystem::path(dir) / name;
      if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  return "";
}

// Runs headless Chromium on `url` with `mode` (--dump-dom or
// --screenshot=...) in a fresh profile, killed after 120 s. Returns its
// stdout; fails the test (and returns "") if it does not exit cleanly.
inline std::string RunChromium(const std::string& chromium,
                               const std::string& mode,
                               const std::string& url) {
  const std::filesystem::path profile =
      wl::testing::FreshTempDir("viewer_chromium");
  const std::filesystem::path err = profile / "stderr.txt";
  const std::string command =
      "timeout -k 5 120 " + wl::testing::ShellQuote(chromium) +
      " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage"
      " --disable-quic --no-first-run --no-default-browser-check"
      " --disable-background-networking --disable-component-update"
      " --disable-sync --disable-extensions --hide-scrollbars --mute-audio"
      " --user-data-dir=" +
      wl::testing::ShellQuote((profile / "profile").string()) +
      " --virtual-time-budget=5000 --window-size=1400,1000 " + mode + " " +
      wl::testing::ShellQuote(url) + " 2>" +
      wl::testing::ShellQuote(err.string()) + " </dev/null";
  const wl::testing::CommandRun run = wl::testing::PipeCommand(command);
  const std::string& out = run.out;
  const int status = run.status;
  const bool ok = status == 0;
  std::string log = wl::testing::ReadFile(err);
  if (log.size() > 2000) log = log.substr(log.size() - 2000);
  EXPECT_TRUE(ok) << "chromium failed (status " << status << "): " << command
                  << "\n"
                  << log;
  std::filesystem::remove_all(profile);
  return ok ? out : "";
}

// Attribute `name` of the tag starting at `tag` ("<none>" when absent).
inline std::string Attribute(const std::string& tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  size_t at = tag.find(key);
  if (at == std::string::npos) return "<none>";
  at += key.size();
  return tag.substr(at, tag.find('"', at) - at);
}

// Attribute `name` of each element of `dom` whose tag starts with `head`.
inline std::vector<std::string> Attributes(const std::string& dom,
                                           const std::string& head,
                                           const std::string& name) {
  std::vector<std::string> out;
  for (size_t at = dom.find(head); at != std::string::npos;
       at = dom.find(head, at + 1)) {
    out.push_back(Attribute(dom.substr(at, dom.find('>', at) - at), name));
  }
  return out;
}

// The text of the element with this id, e.g. <b id="round">12</b>: "12"
// ("<none>" when there is no such element).
inline std::string TextOf(const std::string& dom, const std::string& id) {
  size_t at = dom.find(" id=\"" + id + "\"");
  if (at == std::string::npos) return "<none>";
  at = dom.find('>', at) + 1;
  return dom.substr(at, dom.find('<', at) - at);
}

// The data-error attribute of <body>, which the shell sets when a script
// of the page fails ("" when none did).
inline std::string BodyError(const std::string& dom) {
  const size_t body = dom.find("<body");
  if (body == std::string::npos) return "no <body>";
  const std::string tag = dom.substr(body, dom.find('>', body) - body);
  const size_t at = tag.find(" data-error=\"");
  return at == std::string::npos ? "" : tag.substr(at);
}

}  // namespace wl::tools::oracle

// Skips the test, saying so, when no Chromium is installed (FindChromium).
#define WL_REQUIRE_CHROMIUM()                                            \
  do {                                                                   \
    if (::wl::tools::oracle::FindChromium().empty()) {                   \
      GTEST_SKIP() << "chromium is not installed (scripts/setup.sh "     \
                      "installs it; WL_CHROMIUM names another binary): " \
                      "skipping this browser test";                      \
    }                                                                    \
  } while (0)

#endif  // WL_TESTS_VIEWER_REPLAY_ORACLE_H_
