#!/usr/bin/env python3
"""The README walk-through: every command of README.md, run as a new user would.

Copies the tree (its tracked and untracked, not ignored files) into an empty
folder with no ../shared beside it, then runs each command of the README's
```sh blocks there, in the README's order, each from the copy's root, and
fails on the first one that does not work (a non-zero exit, a time-out) and
on any path the README names that is not in the copy. The copy is built by
the README's own commands (scripts/play.sh sets it up); scripts/setup.sh
compiles through ccache with paths relative to the tree, so the objects of
the build being tested are reused.

Every command of the README must have its entry in STEPS below, saying how
it is run: as written, with small rewrites that keep it quick (fewer games,
a project map folder for ../shared/maps), in the background, or not at all
with the reason (it is the suite itself, it needs a cluster or the
recordings of ../shared). A README command with no entry, or an entry whose
command left the README, fails the test: the README and the walk-through
change together.

  readme_walkthrough.py [BUILD_DIR] [--keep]   (BUILD_DIR, which CTest
      passes to every script test, is not used: the copy builds its own;
      --keep leaves the copy and its log in place)
"""

import dataclasses
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@dataclasses.dataclass
class Step:
  """How the walk-through runs one README command."""
  command: str  # as the README writes it (continuations joined)
  rewrites: tuple = ()  # (regex, replacement) applied to the command
  skip: str = ""  # why it is not run
  background: bool = False  # started, then stopped at the end
  timeout: int = 300
  before: str = ""  # shell run first: what the README presumes the user has
  after: str = ""  # shell run after it (stops what `before` started)


def Quick(*extra):
  """Rewrites that keep a tournament short: 2 games (one pair of seats)."""
  return (
      (r"--games \d+", "--games 2"),
      (r"--iterations \d+", "--iterations 4"),
      (r"--jobs \d+", "--jobs 2"),
  ) + extra


REAL_MAPS = (r"\.\./shared/maps/real", "maps/wl2")  # the project's maps
PY_WL_BOT = """cat > {name} <<'EOF'
import sys
for line in sys.stdin:
    words = line.split()
    if words[:1] == ['pick_starting_region']:
        print(words[2], flush=True)
    elif words[:1] == ['go']:
        print('No moves', flush=True)
EOF"""
PY_BERLIN_BOT = """cat > my_ai.py <<'EOF'
import http.server, os
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get('Content-Length', 0)))
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.end_headers()
        self.wfile.write(b'[]')
    def log_message(self, *args):
        pass
http.server.HTTPServer(('127.0.0.1', int(os.environ['PORT'])), Handler).serve_forever()
EOF"""
LAST_GAME = "$(ls -td games/*/ | head -1)"

STEPS = [
    # Quick start
    Step("git clone <this repository> warlight-sdk && cd warlight-sdk",
         skip="the walk-through runs in a copy of the tree"),
    Step("scripts/play.sh", timeout=1800),
    Step("scripts/test.sh", skip="the suite this test is part of"),
    # Write your bot
    Step("scripts/new_bot.sh mybot"),
    Step("$EDITOR bots/mybot/mybot_bot.h", skip="an editor",
         before="test -f bots/mybot/mybot_bot.h"),
    Step("scripts/setup.sh bot_mybot bot_mybot_test", timeout=900),
    Step("build/tests/bot_mybot_test"),
    # Play it
    Step("scripts/play.sh mybot starter", timeout=900),
    Step('scripts/play.sh mybot "python3 other.py" --map '
         "../shared/maps/example.json --seed 42",
         rewrites=((r"\.\./shared/maps/example\.json", "maps/wl2/example.json"),),
         before=PY_WL_BOT.format(name="other.py")),
    Step("build/warlight match --help"),
    # The three rule sets
    Step("build/warlight match mybot starter --rules wl1 --seed 7"),
    Step("build/warlight match mybot starter --rules dingle --starts warlords"),
    Step("build/warlight arena mybot greedy mcts --rules wl1 --games 100 "
         "--results runs/wl1.jsonl", rewrites=Quick()),
    Step("build/warlight profile mybot --rules dingle --games 4",
         rewrites=Quick(), before="cmake --build build --target bot_random >/dev/null"),
    Step("build/warlight view games/<folder>",
         rewrites=((r"games/<folder>", LAST_GAME),)),
    Step("build/warlight verify ../shared/wl1/conformance/g* "
         "../shared/dingle/conformance/g*",
         skip="needs the official recordings of ../shared"),
    # Berlin
    Step("scripts/new_bot.sh --game berlin mybot"),
    Step("scripts/setup.sh bot_berlin_mybot bot_berlin_mybot_test",
         timeout=900),
    Step("build/tests/bot_berlin_mybot_test"),
    Step("scripts/setup.sh warlight bot_berlin_random", timeout=1800),
    Step("build/warlight berlin match mybot greedy --seed 7"),
    Step("build/warlight berlin match mybot greedy random starter --map "
         "deployed-3"),
    Step('build/warlight berlin match "python3 my_ai.py" greedy',
         before=PY_BERLIN_BOT),
    Step("build/warlight berlin match http://127.0.0.1:5000/ greedy",
         before="cmake --build build --target bot_berlin_greedy >/dev/null && "
         "{ build/bots/berlin/greedy --port 5000 >/dev/null 2>&1 & "
         "echo $! > greedy.pid; sleep 1; }",
         after="kill $(cat greedy.pid); rm greedy.pid"),
    Step("build/warlight berlin arena mybot greedy mcts --games 200 "
         "--results runs/berlin.jsonl", rewrites=Quick()),
    Step("build/warlight berlin arena greedy random starter --players 3 "
         "--games 30", rewrites=Quick((r"--games 2", "--games 3"),)),
    Step("build/warlight berlin profile mybot --games 4"),
    Step("build/warlight berlin tune greedy --iterations 200 --param spawn "
         "--param swing",
         rewrites=Quick(("$", " --pairs-per-iteration 1 --confirm-games 2"))),
    Step("build/warlight berlin bench"),
    Step("build/warlight berlin view games/<folder>",
         rewrites=((r"games/<folder>", LAST_GAME),)),
    Step("build/warlight berlin view 2261.json",
         before='cp "$(ls -td games/*/ | head -1)game.json" 2261.json'),
    Step("build/warlight berlin verify ../shared/berlin/conformance/g* "
         "../shared/berlin/fixtures/official-replay/reenacted",
         skip="needs the official recordings of ../shared"),
    Step("build/bots/berlin/mybot --port 4567", background=True),
    # Colorfight II
    Step("scripts/new_bot.sh --game colorfight mybot"),
    Step("scripts/setup.sh bot_colorfight_mybot bot_colorfight_mybot_test",
         timeout=900),
    Step("build/tests/bot_colorfight_mybot_test"),
    Step("scripts/setup.sh warlight bot_colorfight_greedy", timeout=1800),
    Step("build/warlight colorfight server --room duel:duel --lockstep "
         "--games-dir games &", background=True,
         rewrites=((r" &$", " --max-turn 30 --port 5000"),)),
    Step("build/bots/colorfight/mybot --url ws://127.0.0.1:5000/gameroom/duel &",
         background=True, rewrites=((r" &$", " --games 1"),),
         before="sleep 1"),
    Step("build/bots/colorfight/greedy --url ws://127.0.0.1:5000/gameroom/duel",
         rewrites=((r"$", " --games 1"),)),
    Step("build/warlight colorfight arena mybot greedy --games 200 "
         "--results runs/cf.jsonl", rewrites=Quick(("$", " --max-turn 50"))),
    Step("build/warlight colorfight arena mcts greedy greedy random --players 4 "
         "--games 40", rewrites=Quick(("$", " --max-turn 20"))),
    Step("build/warlight colorfight profile mybot --games 4",
         rewrites=(("$", " --max-turn 50"),)),
    Step("build/warlight colorfight tune greedy --iterations 200 --param "
         "border_risk --max-turn 200",
         rewrites=Quick((r"--max-turn 200", "--max-turn 40"),
                        ("$", " --pairs-per-iteration 1 --confirm-games 2"))),
    Step("build/warlight colorfight bench", timeout=600),
    Step("build/warlight colorfight view games/duel-<id>",
         rewrites=((r"games/duel-<id>", "$(ls -td games/duel-*/ | head -1)"),),
         before="sleep 1"),
    Step("build/warlight colorfight view ucla-final.cfr",
         before='cp "$(ls -td games/duel-*/ | head -1)replay.cfr" '
         "ucla-final.cfr"),
    Step("build/warlight colorfight verify ../shared/colorfight/conformance/g*",
         skip="needs the official recordings of ../shared"),
    # A tournament
    Step("build/warlight arena mybot greedy --games 400 --maps "
         "../shared/maps/real --results runs/mybot.jsonl --jobs 2 --sprt 0,10",
         rewrites=Quick(REAL_MAPS)),
    Step('scripts/slurm_arena.sh --shards 16 --out runs/shards --sbatch-args '
         '"--time=2:00:00" -- mybot greedy --games 4000 --seed 7 --jobs 4',
         skip="needs a Slurm cluster (tests/scripts/slurm_arena_test.sh "
         "starts one)"),
    Step("scripts/slurm_arena.sh --dry-run -- mybot greedy --games 400"),
    Step("scripts/parallel_arena.sh --shards 8 --jobs 2 -- mybot greedy "
         "--games 4000 --seed 7 --jobs 1",
         rewrites=((r"--games \d+", "--games 16"),)),
    Step("scripts/parallel_arena.sh --shards 8 --sshloginfile hosts.txt -- "
         "mybot greedy --games 4000 --seed 7",
         skip="needs hosts reachable over ssh"),
    Step("build/warlight arena mybot greedy --games 4000 --seed 7 --shard 3/16 "
         "--results runs/shards/shard-3.jsonl",
         rewrites=((r"--games \d+", "--games 32"),)),
    Step("build/warlight arena merge runs/shards/*.jsonl"),
    # Tune
    Step("build/warlight tune greedy --iterations 2000 --param bonus --param "
         "land::0.05 --log runs/tune.jsonl --out runs/tune-greedy --jobs 2",
         rewrites=Quick(("$", " --pairs-per-iteration 1 --confirm-games 2"))),
    # MCTS
    Step("build/bots/mcts --help"),
    Step("build/warlight arena mcts greedy --games 40 --maps ../shared/maps/real",
         rewrites=Quick(REAL_MAPS)),
    Step('build/warlight arena "build/bots/mcts --playout-rounds 0" mcts '
         "--games 40", rewrites=Quick()),
    Step("scripts/bench.sh --benchmark_filter='Mcts|Draft'",
         rewrites=(("$", " --benchmark_min_time=0.01 "
                    "--repetitions 1"),), timeout=900),
    # Strength
    Step("scripts/strength.sh ~/sparring",
         skip="needs the sparring partners, built outside the project"),
    Step("scripts/strength.sh ~/sparring --games 40 --bots greedy",
         skip="needs the sparring partners, built outside the project"),
    # Zip
    Step("scripts/package_bot.sh bots/mybot -o mybot.zip"),
    # Profile
    Step("build/warlight profile mybot --games 10 --maps ../shared/maps/real",
         rewrites=Quick(REAL_MAPS)),
    Step('build/warlight profile "python3 mybot.py" --games 4 --json --out runs/prof/',
         rewrites=Quick(), before=PY_WL_BOT.format(name="mybot.py")),
    # Benchmarks
    Step("scripts/bench.sh", rewrites=(("$", " --benchmark_min_time=0.001 "
                                        "--repetitions 1"),),
         timeout=1800),
    Step("scripts/bench.sh --benchmark_filter=RandomRound",
         rewrites=(("$", " --benchmark_min_time=0.01"),), timeout=900),
    Step("scripts/bench.sh --compare"),
    Step("scripts/bench.sh --compare bench-results/OLD.json "
         "bench-results/NEW.json",
         rewrites=((r"bench-results/OLD\.json bench-results/NEW\.json",
                    "$(ls bench-results/*.json | head -2 | tr '\\n' ' ')"),)),
    # The bench signature
    Step("build/warlight bench", timeout=900),
    Step("build/warlight bench --quick"),
    Step("build/warlight bench --verbose", timeout=900),
]


def ReadmeCommands(readme):
  """The commands of the ```sh blocks, continuations joined, comments cut."""
  commands, current, in_block = [], "", False
  for line in readme.split("\n"):
    if line.startswith("```"):
      in_block = not in_block and line.strip() in ("```sh", "```bash")
      continue
    if not in_block:
      continue
    text = line.strip()
    if not current and (not text or text.startswith("#")):
      continue
    current = f"{current} {text}" if current else text
    if current.endswith("\\"):
      current = current[:-1].rstrip()
      continue
    commands.append(re.sub(r"\s{2,}#.*$", "", current))
    current = ""
  return commands


# Paths the README names as examples of what not to do, or of a user's own.
EXAMPLE_PATHS = {
    "bots/mybot/util/geo.h",  # a user's header in a subfolder
    "bots/mybot/view.h",  # a user's header named like an sdk header
}


def ReadmePaths(readme):
  """Paths of the tree the README's text names in backquotes."""
  tops = "sdk|bots|tools|tests|scripts|bench|maps|cmake|docs"
  paths = set()
  for quoted in re.findall(r"`([^`\n]+)`", readme):
    for word in quoted.split():
      word = word.rstrip(",;:)")
      placeholder = re.search(r"NAME|(?:^|/)[A-Z]+(?:/|$)", word)  # bots/NAME
      if re.fullmatch(rf"(?:{tops})/[A-Za-z0-9_./-]+", word) and not placeholder:
        paths.add(word.rstrip("/"))
  return sorted(paths - EXAMPLE_PATHS)


def CopyTree(destination):
  """The tree's tracked and untracked (not ignored) files, as a checkout."""
  listed = subprocess.run(
      ["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others",
       "--exclude-standard"], capture_output=True, check=False)
  if listed.returncode != 0:
    raise SystemExit("readme walk-through: the tree is not a git checkout")
  for name in listed.stdout.decode().split("\0"):
    source = os.path.join(ROOT, name)
    if not name or not os.path.isfile(source):
      continue  # a deleted file not yet committed
    target = os.path.join(destination, name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copy2(source, target)


def FreePort():
  with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    return s.getsockname()[1]


# The README's ports (the servers' defaults), moved to free ones.
PORTS = {"5000": str(FreePort()), "4567": str(FreePort())}


def WithFreePorts(text):
  return re.sub(r"(?<=[: ])(5000|4567)\b", lambda m: PORTS[m.group(1)], text)


def Run(step, copy, log, background_jobs):
  """Runs one step; returns an error line or ''."""
  command = step.command
  for pattern, replacement in step.rewrites:
    command = re.sub(pattern, lambda _: replacement, command)
  command = WithFreePorts(command)
  if step.before:
    pre = subprocess.run(["bash", "-c", WithFreePorts(step.before)], cwd=copy,
                         stdout=log,
                         stderr=subprocess.STDOUT, timeout=60, check=False)
    if pre.returncode != 0:
      return f"its set-up failed (exit {pre.returncode}): {step.before}"
  log.write(f"\n$ {command}\n".encode())
  log.flush()
  started = time.monotonic()
  process = subprocess.Popen(["bash", "-c", command], cwd=copy, stdout=log,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             start_new_session=True)
  if step.background:
    background_jobs.append(process)
    time.sleep(1)
    if process.poll() not in (None, 0):
      return f"ended at once with exit status {process.returncode}"
    return ""
  try:
    status = process.wait(timeout=step.timeout)
  except subprocess.TimeoutExpired:
    os.killpg(process.pid, signal.SIGKILL)
    return f"still running after {step.timeout} s"
  print(f"  {time.monotonic() - started:6.1f} s  {command}", flush=True)
  if step.after:
    subprocess.run(["bash", "-c", step.after], cwd=copy, stdout=log,
                   stderr=subprocess.STDOUT, timeout=60, check=False)
  return f"exit status {status}" if status != 0 else ""


def CheckTable(commands):
  """The steps are the README's commands, one each, in the README's order."""
  known = [step.command for step in STEPS]
  errors = [f"README command with no walk-through step: {c}"
            for c in commands if c not in known]
  errors += [f"walk-through step whose command left the README: {c}"
             for c in known if c not in commands]
  if not errors and known != commands:
    errors.append("the walk-through's steps are not in the README's order "
                  "(or a command is written twice in one and once in the "
                  "other): " + next(f"{k} / {c}" for k, c in
                                    zip(known, commands) if k != c))
  return errors


def Walk(copy, log):
  """Runs the steps in the README's order; returns the errors."""
  background_jobs, errors = [], []
  try:
    for step in STEPS:
      if step.skip:
        print(f"  skipped  {step.command}  ({step.skip})", flush=True)
        continue
      error = Run(step, copy, log, background_jobs)
      if error:
        errors.append(f"`{step.command}`: {error}")
        break
  finally:
    for process in background_jobs:
      if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()
  return errors


def main():
  keep = "--keep" in sys.argv
  # A time-out of the suite (SIGTERM) still stops the background servers.
  signal.signal(signal.SIGTERM, lambda *_: sys.exit("readme walk-through: "
                                                    "terminated"))
  with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
    readme = f.read()
  errors = CheckTable(ReadmeCommands(readme))
  if errors:
    print("\n".join(errors))
    return 1
  folder = tempfile.mkdtemp(prefix="wl-walkthrough-")
  copy = os.path.join(folder, "warlight-sdk")  # no ../shared beside it
  CopyTree(copy)
  os.environ.pop("WL_SHARED", None)  # the copy must not find ../shared
  log_path = os.path.join(folder, "walkthrough.log")
  print(f"readme walk-through in {copy} (log: {log_path})", flush=True)
  with open(log_path, "wb") as log:
    errors = Walk(copy, log)
  errors += [f"the README names {p}, which is not in the tree"
             for p in ReadmePaths(readme)
             if not os.path.exists(os.path.join(copy, p))]
  if errors:
    with open(log_path, "rb") as f:
      tail = f.read()[-6000:].decode(errors="replace")
    print(tail)
    print("\n".join(errors))
    print(f"(the copy and its log are kept in {folder})")
    return 1
  if not keep:
    shutil.rmtree(folder, ignore_errors=True)
  print("readme walk-through: every command worked")
  return 0


if __name__ == "__main__":
  sys.exit(main())
