#!/usr/bin/env bash
# Runs the Google Benchmark cases with repetitions and keeps every result
# under its own name; compares two results, change against noise.
#
#   scripts/bench.sh                                   # all cases, 5 repetitions
#   scripts/bench.sh --benchmark_filter='RandomRound'  # any wl_bench flag passes through
#   scripts/bench.sh --repetitions 10 --out before.json
#   scripts/bench.sh --bench bot_mybot_bench         # a fork's own benchmark
#   scripts/bench.sh --compare                         # the last two runs
#   scripts/bench.sh --compare OLD.json NEW.json --metric cpu
#
# A run builds wl_bench, or with --bench NAME the benchmark binary NAME of
# build/bench/ (a fork's, bot_NAME_bench: scripts/new_bot.sh), set-up first
# when there is no build, runs it with
# --benchmark_repetitions=N --benchmark_report_aggregates_only and writes the
# JSON to bench-results/<git short sha>[-dirty]-<yyyymmdd-hhmmss>.json, or to
# --out FILE. A result is never overwritten: an existing --out FILE is an
# error, and two runs in the same second get -2, -3... after the time.
# Paths are relative to where you run it. WL_BUILD_DIR (default build/) and
# WL_BENCH_RESULTS (default bench-results/) move the build and the results.
#
# --compare prints, for each benchmark in both files, the mean time old ->
# new with its standard deviation, the change in %, and a verdict: "~" when
# |new - old| < 2 * sqrt(sd_old^2 + sd_new^2) (within the noise), otherwise
# "faster" or "slower". Files without repetitions have no spread: "?".
# Without files it compares the two newest results in bench-results/.
# The wall-clock time (real_time) is compared unless --metric cpu.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WL_BUILD_DIR:-$root/build}
results=${WL_BENCH_RESULTS:-$root/bench-results}

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() {
  echo "bench.sh: $*" >&2
  exit 2
}

# The two newest *.json in the results folder, oldest first, or a clear
# error when there are fewer.
last_two() {
  local files=()
  if [[ -d "$results" ]]; then
    mapfile -t files < <(find "$results" -maxdepth 1 -name '*.json' \
      -printf '%T@ %p\n' | sort -n | tail -n 2 | cut -d' ' -f2-)
  fi
  ((${#files[@]} == 2)) || die "--compare without files compares the last" \
    "two runs, but $results holds ${#files[@]} result(s); run" \
    "scripts/bench.sh (twice) or name OLD.json NEW.json"
  printf '%s\n' "${files[@]}"
}

compare() {
  local old="" new="" metric=real
  while (($#)); do
    case "$1" in
      --metric) metric="${2:-}"; shift 2 || die "--metric needs real or cpu" ;;
      --metric=*) metric="${1#*=}"; shift ;;
      -*) die "unknown option $1 for --compare" ;;
      *)
        if [[ -z "$old" ]]; then old="$1"; elif [[ -z "$new" ]]; then new="$1"; else
          die "--compare takes two files"
        fi
        shift ;;
    esac
  done
  if [[ -z "$old" ]]; then
    mapfile -t pair < <(last_two) || exit 2
    ((${#pair[@]} == 2)) || exit 2
    old=${pair[0]} new=${pair[1]}
  fi
  [[ -n "$new" ]] || die "--compare needs OLD.json NEW.json, or no file for the last two runs"
  [[ "$metric" == real || "$metric" == cpu ]] || die "--metric must be real or cpu"
  for f in "$old" "$new"; do [[ -r "$f" ]] || die "cannot read $f"; done
  command -v python3 >/dev/null ||
    die "--compare needs python3 (Debian: sudo apt-get install python3)"
  python3 - "$old" "$new" "$metric" <<'EOF'
import json, math, sys

old_path, new_path, metric = sys.argv[1], sys.argv[2], sys.argv[3] + "_time"
TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(path):
    """{name: (mean_ns, sd_ns or None, repetitions)} in file order."""
    try:
        with open(path) as f:
            data = json.load(f)
        entries = data["benchmarks"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"bench.sh: {path} is not Google Benchmark JSON ({e})")
    aggregates, runs, order = {}, {}, []
    for b in entries:
        if b.get("error_occurred"):
            continue
        name = b.get("run_name", b.get("name"))
        if name not in order:
            order.append(name)
        value = b[metric] * TO_NS[b.get("time_unit", "ns")]
        if b.get("run_type") == "aggregate":
            aggregates.setdefault(name, {})[b.get("aggregate_name")] = value
            if b.get("aggregate_name") == "mean":
                aggregates[name]["n"] = b.get("repetitions", 0)
        else:
            runs.setdefault(name, []).append(value)
    result = {}
    for name in order:
        a = aggregates.get(name, {})
        if "mean" in a:
            result[name] = (a["mean"], a.get("stddev"), a.get("n", 0))
        elif name in runs:
            v = runs[name]
            mean = sum(v) / len(v)
            sd = (math.sqrt(sum((x - mean) ** 2 for x in v) / (len(v) - 1))
                  if len(v) > 1 else None)
            result[name] = (mean, sd, len(v))
    return result


def human(ns, unit_of=None):
    base = unit_of if unit_of is not None else ns
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if abs(base) >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


old, new = load(old_path), load(new_path)
both = [n for n in old if n in new]
print(f"old: {old_path}\nnew: {new_path}\n(mean {metric} +- standard deviation; "
      "~: the change is within 2 * sqrt(sd_old^2 + sd_new^2))\n")
width = max([len(n) for n in both] + [9])
print(f"{'benchmark':<{width}}  {'old':>20}     {'new':>20}  {'change':>8}  verdict")
for name in both:
    (mo, so, _), (mn, sn, _) = old[name], new[name]
    change = (mn - mo) / mo * 100 if mo else float("nan")
    if so is None or sn is None:
        verdict = "?"
    elif abs(mn - mo) < 2 * math.sqrt(so ** 2 + sn ** 2):
        verdict = "~"
    else:
        verdict = "faster" if mn < mo else "slower"
    def cell(m, s):
        return human(m) + (" +- " + human(s, m) if s is not None else "")
    print(f"{name:<{width}}  {cell(mo, so):>20}  -> {cell(mn, sn):>20}  "
          f"{change:+7.1f}%  {verdict}")
for label, a, b in (("old", old, new), ("new", new, old)):
    only = [n for n in a if n not in b]
    if only:
        print(f"\nonly in {label}: " + ", ".join(only))
if not both:
    print("(no benchmark in common)")
EOF
}

# The name of a new result: commit, -dirty when the tree differs from it
# (untracked files count: a new bench case or bot changes the run), time.
result_stem() {
  local name=nogit
  if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    name=$(git -C "$root" rev-parse --short HEAD)
    [[ -z "$(git -C "$root" status --porcelain --untracked-files=normal -- . \
      ':!bench-results')" ]] || name+=-dirty
  fi
  echo "$results/$name-$(date +%Y%m%d-%H%M%S)"
}

# Moves $1 to $2, or when no name is given to $3.json, $3-2.json, ...: never
# over an existing file (a hard link fails when the name is taken).
keep_result() {
  local temp=$1 out=$2 stem=$3 n=1
  if [[ -n "$out" ]]; then
    ln "$temp" "$out" 2>/dev/null || die "$out exists; results are never overwritten"
  else
    out=$stem.json
    until ln "$temp" "$out" 2>/dev/null; do
      [[ -d "$(dirname "$out")" ]] || die "cannot write into $(dirname "$out")"
      n=$((n + 1)) && out=$stem-$n.json
    done
  fi
  rm -f "$temp"
  echo "$out"
}

run() {
  local repetitions=5 out="" args=() bench=wl_bench
  while (($#)); do
    case "$1" in
      --bench) bench="${2:-}"; shift 2 || die "--bench needs NAME" ;;
      --bench=*) bench="${1#*=}"; shift ;;
      --repetitions) repetitions="${2:-}"; shift 2 || die "--repetitions needs N" ;;
      --repetitions=*) repetitions="${1#*=}"; shift ;;
      --out) out="${2:-}"; shift 2 || die "--out needs FILE" ;;
      --out=*) out="${1#*=}"; shift ;;
      *) args+=("$1"); shift ;;
    esac
  done
  [[ "$repetitions" =~ ^[1-9][0-9]*$ ]] || die "--repetitions must be >= 1"
  [[ "$bench" =~ ^[A-Za-z0-9_]+$ ]] || die "--bench needs a target name, not '$bench'"
  [[ -z "$out" || ! -e "$out" ]] || die "$out exists; results are never overwritten"

  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    WL_BUILD_DIR=$build "$root/scripts/setup.sh" "$bench"
  fi
  # A fork made since the last configure has no target yet: configure again
  # once before giving up.
  cmake --build "$build" -j "$(nproc)" --target "$bench" >/dev/null 2>&1 ||
    { cmake "$build" >/dev/null &&
      cmake --build "$build" -j "$(nproc)" --target "$bench" >/dev/null; } ||
    die "cannot build $bench (cmake --build $build --target $bench)"
  [[ -x "$build/bench/$bench" ]] ||
    die "$build/bench/$bench is missing (configured with -DWL_BUILD_BENCH=OFF?)"
  local build_type
  build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
  [[ "$build_type" == Release ]] ||
    echo "bench.sh: warning: $build is a '${build_type:-default}' build, not Release" >&2

  local stem="" temp
  if [[ -z "$out" ]]; then
    mkdir -p "$results"
    stem=$(result_stem)
    temp="$stem.tmp.$$"
  else
    mkdir -p "$(dirname "$out")"
    temp="$out.tmp.$$"
  fi
  trap 'rm -f "$temp"' EXIT
  "$build/bench/$bench" --benchmark_repetitions="$repetitions" \
    --benchmark_report_aggregates_only=true \
    --benchmark_out_format=json --benchmark_out="$temp" "${args[@]}"
  out=$(keep_result "$temp" "$out" "$stem") || exit 2
  trap - EXIT
  local hint="scripts/bench.sh --compare OLD.json $out"
  [[ -n "$stem" ]] && hint="scripts/bench.sh --compare (the last two runs)"
  echo "bench.sh: results in $out (compare: $hint)"
}

case "${1:-}" in
  -h | --help) usage ;;
  --compare) shift; compare "$@" ;;
  *) run "$@" ;;
esac
