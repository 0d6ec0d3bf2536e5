// A Berlin bot written as the official Python starter is (berlin §9.2:
// mathieugagne/berlin-ai-python, here with the standard library's
// http.server instead of Tornado) played by `warlight berlin match` against
// a built-in bot through real HTTP: it reads the four fields from the form
// body merged with the query string (parse_qs), json.loads them, answers
// its moves as JSON and listens on $PORT. Skips without python3.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "berlin/berlin_match_run.h"
#include "common/files.h"
#include "gtest/gtest.h"
#include "shell.h"

namespace wl::tools {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using testing::ShellQuote;

// main.py: every node it owns with soldiers sends them all, a third to each
// of up to three neighbours in the order the paths list them (valid moves,
// berlin §5.3); game_start and game_over 200 empty; a request it cannot read
// 500. It writes the headers of its first request to the file given as its
// argument.
constexpr const char* kPythonBot = R"PY(import json, os, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

SEEN = sys.argv[1]

class Game:
    def __init__(self, params):
        infos = json.loads(params['infos'])
        self.myself = infos['player_id']
        self.turn = infos['current_turn']
        self.edges = {}
        for node in json.loads(params['map'])['nodes']:
            self.edges[node['id']] = []
        for path in json.loads(params['map'])['paths']:
            self.edges[path['from']].append(path['to'])
            if not infos['directed']:
                self.edges[path['to']].append(path['from'])
        self.state = json.loads(params['state'])

    def moves(self):
        moves = []
        for node in self.state:
            units = node['number_of_soldiers']
            if node['player_id'] != self.myself or units <= 0:
                continue
            targets = self.edges[node['node_id']][:3]
            share = units // len(targets) if targets else 0
            for target in targets:
                if share > 0:
                    moves.append({'from': node['node_id'], 'to': target,
                                  'number_of_soldiers': share})
        return moves

class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get('Content-Length', 0))
        body = self.rfile.read(length).decode()
        params = {}
        for source in (urlparse(self.path).query, body):
            for key, values in parse_qs(source).items():
                params[key] = values[0]
        if not os.path.exists(SEEN):
            with open(SEEN, 'w') as f:
                f.write(str(self.headers))
        try:
            action = params['action']
            out = ''
            if action in ('turn', 'ping'):
                out = json.dumps(Game(params).moves())
            self.answer(200, out)
        except Exception as e:
            sys.stderr.write('cannot read the request: %r\n' % e)
            self.answer(500, '')

    def answer(self, status, text):
        data = text.encode()
        self.send_response(status)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass

HTTPServer(('127.0.0.1', int(os.environ.get('PORT', 5000))),
           Handler).serve_forever()
)PY";

TEST(PythonBot, PlaysAMatchOverHttpAndItsMovesAreAccepted) {
  if (std::system("python3 -c pass >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3 is not installed";
  }
  const fs::path dir = testing::FreshTempDir("berlin_python_bot");
  std::ofstream(dir / "main.py") << kPythonBot;
  const std::string bot = "python3 " + ShellQuote((dir / "main.py").string()) +
                          " " + ShellQuote((dir / "seen.txt").string());
  testing::CommandRun run = testing::RunBerlinMatch(
      ShellQuote(bot) + " random --seed 4 --map deployed-2 --out " +
          ShellQuote((dir / "game").string()),
      dir);
  ASSERT_EQ(run.status, 0) << run.err;
  for (const char* file : {"game.json", "exchanges.jsonl", "meta.json",
                           "result.json", "replay.html"}) {
    EXPECT_TRUE(fs::is_regular_file(dir / "game" / file)) << file;
  }
  const json::value result =
      testing::ReadJsonFile(dir / "game" / "result.json");
  const json::value python = testing::ResultPlayer(result, bot);
  ASSERT_TRUE(python.is_object()) << run.out;
  EXPECT_EQ(python.at("seat"), "process");
  EXPECT_EQ(python.at("failed_answers").to_number<int64_t>(), 0);
  EXPECT_EQ(python.at("timeouts").to_number<int64_t>(), 0);
  EXPECT_EQ(python.at("unreadable_answers").to_number<int64_t>(), 0);
  EXPECT_GT(python.at("moves_sent").to_number<int64_t>(), 10);
  EXPECT_EQ(python.at("rejected_moves").to_number<int64_t>(), 0);
  EXPECT_EQ(python.at("problems").as_object().size(), 0u);
  // Its moves are in the replay (berlin §5.8), under its player id.
  const json::value game = testing::ReadJsonFile(dir / "game" / "game.json");
  const json::value id = python.at("player_id");
  int replayed = 0;
  for (const auto& turn :
       game.at("game").at("replay").at("turns").as_object()) {
    for (const json::value& move : turn.value().at("moves").as_array()) {
      replayed += move.at("player_id") == id;
    }
  }
  EXPECT_EQ(replayed, python.at("moves_sent").to_number<int64_t>());
  // It was asked as the official engine asked (berlin §2.1).
  absl::StatusOr<std::string> seen =
      ReadFileToString((dir / "seen.txt").string());
  ASSERT_TRUE(seen.ok());
  EXPECT_NE(seen->find("Typhoeus - https://github.com/typhoeus/typhoeus"),
            std::string::npos)
      << *seen;
  EXPECT_NE(seen->find("application/x-www-form-urlencoded"), std::string::npos);
}

}  // namespace
}  // namespace wl::tools
