#!/usr/bin/env bash
# scripts/bench.sh keeps every run under its own name and `--compare` with
# no file compares the last two runs; `--bench NAME` builds and runs the
# benchmark binary NAME (a fork's) instead of wl_bench. Hermetic and quick: a stand-in
# wl_bench writes Google Benchmark JSON with a chosen mean, a stand-in
# cmake builds nothing, and the results go to a temporary folder.
#
#   bash tests/scripts/bench_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
src=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "bench_test: FAIL: $*" >&2; exit 1; }

mkdir -p "$tmp/bin" "$tmp/build/bench" "$tmp/results"
printf '#!/bin/sh\necho "cmake $*" >> "%s/cmake.log"\n' "$tmp" > "$tmp/bin/cmake"
echo 'CMAKE_BUILD_TYPE:STRING=Release' > "$tmp/build/CMakeCache.txt"
cat > "$tmp/build/bench/wl_bench" <<'FAKE'
#!/usr/bin/env bash
# Writes BM_Fake with mean $FAKE_MEAN ns (sd 1) to --benchmark_out.
for arg; do case "$arg" in --benchmark_out=*) out=${arg#*=} ;; esac; done
for agg in mean stddev; do
  v=$FAKE_MEAN; [[ $agg == stddev ]] && v=1
  rows+=("{\"name\": \"BM_Fake_$agg\", \"run_name\": \"BM_Fake\", \"run_type\": \"aggregate\", \"aggregate_name\": \"$agg\", \"repetitions\": 3, \"real_time\": $v, \"cpu_time\": $v, \"time_unit\": \"ns\"}")
done
(IFS=,; echo "{\"benchmarks\": [${rows[*]}]}") > "$out"
FAKE
chmod +x "$tmp/bin/cmake" "$tmp/build/bench/wl_bench"
export PATH="$tmp/bin:$PATH" WL_BUILD_DIR="$tmp/build" WL_BENCH_RESULTS="$tmp/results"
bench() { (cd "$tmp" && bash "$src/scripts/bench.sh" "$@"); }

# --compare with fewer than two runs: one clear line, exit 2.
if bench --compare > "$tmp/out" 2>&1; then fail "--compare with no run succeeded"; fi
grep -q 'last two runs.*0 result' "$tmp/out" || fail "unclear: $(cat "$tmp/out")"

FAKE_MEAN=100 bench --repetitions 3 > "$tmp/run1" 2>&1 || fail "run 1: $(cat "$tmp/run1")"
if bench --compare > "$tmp/out" 2>&1; then fail "--compare with one run succeeded"; fi
grep -q '1 result' "$tmp/out" || fail "unclear: $(cat "$tmp/out")"

# A second run in the same second gets its own name; the first is intact.
FAKE_MEAN=50 bench --repetitions 3 > "$tmp/run2" 2>&1 || fail "run 2: $(cat "$tmp/run2")"
mapfile -t files < <(ls "$tmp/results")
((${#files[@]} == 2)) || fail "expected 2 results, got: ${files[*]}"
for f in "${files[@]}"; do
  [[ "$f" =~ ^[0-9a-f]+(-dirty)?-[0-9]{8}-[0-9]{6}(-[0-9]+)?\.json$ ||
     "$f" =~ ^nogit- ]] || fail "unexpected name $f"
done
grep -l '"real_time": 100' "$tmp/results"/*.json > /dev/null ||
  fail "the first run was overwritten"

# --compare alone: the older run, then the newer one.
bench --compare > "$tmp/out" 2>&1 || fail "--compare: $(cat "$tmp/out")"
grep -q 'BM_Fake .* faster' "$tmp/out" || fail "no 'faster' verdict: $(cat "$tmp/out")"
old=$(sed -n 's/^old: //p' "$tmp/out")
grep -q '"real_time": 100' "$old" || fail "old is not the first run: $old"

# An existing --out is never overwritten, wherever it is.
echo keep > "$tmp/mine.json"
if FAKE_MEAN=1 bench --out mine.json > "$tmp/out" 2>&1; then
  fail "--out over an existing file succeeded"
fi
[[ "$(cat "$tmp/mine.json")" == keep ]] || fail "--out overwrote mine.json"
grep -q 'never overwritten' "$tmp/out" || fail "unclear: $(cat "$tmp/out")"
FAKE_MEAN=1 bench --out new.json > /dev/null 2>&1 || fail "--out new.json failed"
[[ -s "$tmp/new.json" ]] || fail "--out is not relative to where bench.sh runs"

# --bench NAME: a fork's own benchmark binary is built and run.
cp "$tmp/build/bench/wl_bench" "$tmp/build/bench/bot_fork_bench"
: > "$tmp/cmake.log"
FAKE_MEAN=7 bench --bench bot_fork_bench --out fork.json > "$tmp/out" 2>&1 ||
  fail "--bench bot_fork_bench: $(cat "$tmp/out")"
grep -q -- "--target bot_fork_bench\$" "$tmp/cmake.log" ||
  fail "--bench did not build bot_fork_bench: $(cat "$tmp/cmake.log")"
grep -q '"real_time": 7' "$tmp/fork.json" || fail "--bench did not run bot_fork_bench"
if bench --bench 'a b' > "$tmp/out" 2>&1; then fail "--bench 'a b' ran"; fi
echo "bench_test: passed"
