#!/usr/bin/env bash
# Every built bot binary of every game (bots/*/, bots/berlin/*/,
# bots/colorfight/*/) answers --help with usage named after itself, and
# refuses an unknown flag with one line named after itself, a "did you
# mean" for a near typo, and exit status 2, without waiting on stdin
# (sdk/wl/bot_args.h for the Warlight bots, sdk/cli/flags.h for the others).
#
#   bash tests/scripts/bot_flags_test.sh BUILD_DIR   (from the source root)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(cd "${1:?usage: bot_flags_test.sh BUILD_DIR}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "bot_flags_test: $*" >&2; exit 1; }

# Stdin for the bots: a FIFO this script holds open, so it never ends (a
# bot that reads stdin instead of answering would hang: the timeout
# catches it).
mkfifo "$tmp/stdin"
exec 3<>"$tmp/stdin"

# Runs BINARY ARGS... on that stdin; sets $status, $out, $err.
run() {
  status=0
  timeout 10 "$@" <&3 >"$tmp/out" 2>"$tmp/err" || status=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}

checked=0
for main in bots/*/main.cpp bots/berlin/*/main.cpp bots/colorfight/*/main.cpp; do
  rel=${main%/main.cpp}            # bots/berlin/mcts
  name=${rel##*/}                  # mcts
  bin="$build/$rel"
  game_dir=$(dirname "$build/$rel")
  if [[ ! -x "$bin" ]]; then
    # A game whose sdk is not built (no Boost) has no bot folder at all.
    [[ "$rel" == bots/*/* && ! -d "$game_dir" ]] && continue
    fail "$rel is not built ($bin)"
  fi
  run "$bin" --help
  [[ $status -eq 0 ]] || fail "$rel --help: exit $status, stderr: $err"
  [[ "$out" == "usage: $name "* ]] ||
    fail "$rel --help does not start with 'usage: $name ': ${out:0:200}"
  [[ "$out" == *--help* ]] || fail "$rel --help does not list --help"
  [[ -z "$err" ]] || fail "$rel --help wrote to stderr: $err"

  # warlight starts every bot of bots/ with --seed N: each takes it.
  run "$bin" --seed 3 --help
  [[ $status -eq 0 && "$out" == "usage: $name "* ]] ||
    fail "$rel --seed 3 --help: exit $status, stderr: $err"

  run "$bin" --bogus
  [[ $status -eq 2 ]] || fail "$rel --bogus: exit $status (want 2)"
  [[ -z "$out" ]] || fail "$rel --bogus wrote to stdout: ${out:0:200}"
  [[ "$err" == "$name: unknown option '--bogus'; see --help" ]] ||
    fail "$rel --bogus printed: $err"

  run "$bin" --hepl
  [[ $status -eq 2 &&
     "$err" == "$name: unknown option '--hepl' (did you mean --help?); see --help" ]] ||
    fail "$rel --hepl: exit $status, printed: $err"

  run "$bin" stray
  [[ $status -eq 2 && $(printf '%s\n' "$err" | wc -l) -eq 1 &&
     "$err" == "$name: "*"'stray'"* ]] ||
    fail "$rel stray: exit $status, printed: $err"

  # Through another name (a fork's binary): the messages follow it.
  cp "$bin" "$tmp/mybot"
  run "$tmp/mybot" --seeds 3
  [[ $status -eq 2 && "$err" == "mybot: unknown option '--seeds'"* ]] ||
    fail "$rel as mybot --seeds: exit $status, printed: $err"
  if [[ "$("$tmp/mybot" --help)" == *"--seed "* ]]; then
    [[ "$err" == *"(did you mean --seed?)"* ]] ||
      fail "$rel as mybot --seeds suggests nothing: $err"
  fi
  rm -f "$tmp/mybot"
  checked=$((checked + 1))
done
((checked >= 4)) || fail "only $checked bot binaries found under $build/bots"
echo "bot_flags_test: $checked bot binaries answer --help and refuse" \
     "unknown flags by their own name"
