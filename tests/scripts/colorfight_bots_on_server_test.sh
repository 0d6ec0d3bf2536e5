#!/usr/bin/env bash
# The README's Colorfight II recipe with the built binaries: `warlight
# colorfight server` (lock-step, a 4-player room, --games-dir) and the four
# bots of bots/colorfight as processes, each a WebSocket client through
# sdk/colorfight/run.h. Every bot exits 0 with its rank line, the ranks are
# the server's result.json ranking, the game folder holds replay.cfr and
# replay.html, and the server stops with status 0 on SIGTERM. The mcts bot's
# own flags come first.
#
#   bash tests/scripts/colorfight_bots_on_server_test.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: colorfight_bots_on_server_test.sh BUILD_DIR}
warlight=$build/warlight
bots=(random greedy mcts starter)
fail() { echo "colorfight_bots_on_server_test: FAIL: $*" >&2; exit 1; }
for b in "${bots[@]}"; do
  [[ -x $build/bots/colorfight/$b ]] || fail "$build/bots/colorfight/$b is not built"
done
# mcts's own search flags are read with run.h's, and listed in its --help.
mcts=$build/bots/colorfight/mcts
"$mcts" --help | grep -q -- '--iterations N' || fail "mcts --help lacks --iterations"
"$mcts" --help | grep -q -- '--url URL' || fail "mcts --help lacks --url"
set +e
err=$("$mcts" --time-share 2 2>&1 >/dev/null); status=$?
set -e
[[ $status == 2 && $err == "mcts: --time-share must be from 0 to 1, not '2' (see --help)" ]] ||
  fail "mcts --time-share 2: status $status, '$err'"
tmp=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

"$warlight" colorfight server --port 0 --room four:rank_4 --lockstep \
  --max-turn 60 --seed 5 --games-dir "$tmp/games" > "$tmp/server.txt" 2>&1 &
server_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -nE 's|^listening on http://127\.0\.0\.1:([0-9]+)/.*|\1|p' "$tmp/server.txt")
  [[ -n $port ]] && break
  sleep 0.1
done
[[ -n $port ]] || fail "the server printed no port: $(cat "$tmp/server.txt")"

pids=()
for b in "${bots[@]}"; do
  WL_COLORFIGHT_MCTS_MS=20 timeout 120 "$build/bots/colorfight/$b" \
    --url "ws://127.0.0.1:$port/gameroom/four" --username "$b" \
    > "$tmp/$b.out" 2> "$tmp/$b.err" &
  pids+=($!)
done
for k in "${!bots[@]}"; do
  wait "${pids[$k]}" || fail "${bots[$k]} exited $?: $(cat "$tmp/${bots[$k]}.err")"
done

folder=
for _ in $(seq 100); do  # written on the server's thread after the last frame
  folder=$(find "$tmp/games" -name result.json -printf '%h\n' 2>/dev/null | head -1)
  [[ -n $folder ]] && break
  sleep 0.1
done
[[ -n $folder ]] || fail "no game folder in $tmp/games"
[[ -s $folder/replay.cfr && -s $folder/replay.html ]] || fail "$folder lacks replay.cfr or replay.html"
for b in "${bots[@]}"; do
  rank=$(/usr/bin/python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["players"] == 4 and r["max_turn"] == 60, r
print(next(u["rank"] for u in r["ranking_by_gold"] if u["username"] == sys.argv[2]))
' "$folder/result.json" "$b") || fail "result.json: $(cat "$folder/result.json")"
  grep -qE "^$b: game [0-9]+: rank $rank of 4 by gold \([0-9-]+ gold, [0-9]+ cells\)$" \
    "$tmp/$b.out" || fail "$b printed '$(cat "$tmp/$b.out")', result.json says rank $rank"
done

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[[ $status == 0 ]] || fail "the server exited $status on SIGTERM"
echo "colorfight_bots_on_server_test: ok (4 bots, 60 turns, $(basename "$folder"))"
