#!/usr/bin/env bash
# Runs the Google Benchmark cases with repetitions and keeps the results
# named by commit; compares two such results, change against noise.
#
#   scripts/bench.sh                                   # all cases, 5 repetitions
#   scripts/bench.sh --benchmark_filter='RandomRound'  # any wl_bench flag passes through
#   scripts/bench.sh --repetitions 10 --out before.json
#   scripts/bench.sh --compare bench-results/1a2b3c4.json bench-results/5d6e7f8-dirty.json
#   scripts/bench.sh --compare OLD.json NEW.json --metric cpu
#
# A run builds build/bench/wl_bench (set-up first when there is no build),
# runs it with --benchmark_repetitions=N --benchmark_report_aggregates_only
# and writes the JSON to bench-results/<git short sha>[-dirty].json (whole:
# temporary file, then rename), or to --out FILE.
#
# --compare prints, for each benchmark in both files, the mean time old ->
# new with its standard deviation, the change in %, and a verdict: "~" when
# |new - old| < 2 * sqrt(sd_old^2 + sd_new^2) (within the noise), otherwise
# "faster" or "slower". Files without repetitions have no spread: "?".
# The wall-clock time (real_time) is compared unless --metric cpu.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() {
  echo "bench.sh: $*" >&2
  exit 2
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
  [[ -n "$new" ]] || die "--compare needs OLD.json NEW.json"
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

run() {
  local repetitions=5 out="" args=()
  while (($#)); do
    case "$1" in
      --repetitions) repetitions="${2:-}"; shift 2 || die "--repetitions needs N" ;;
      --repetitions=*) repetitions="${1#*=}"; shift ;;
      --out) out="${2:-}"; shift 2 || die "--out needs FILE" ;;
      --out=*) out="${1#*=}"; shift ;;
      *) args+=("$1"); shift ;;
    esac
  done
  [[ "$repetitions" =~ ^[1-9][0-9]*$ ]] || die "--repetitions must be >= 1"

  if [[ ! -f build/CMakeCache.txt ]]; then
    scripts/setup.sh
  fi
  cmake --build build -j "$(nproc)" --target wl_bench >/dev/null ||
    die "cannot build wl_bench (cmake --build build --target wl_bench)"
  [[ -x build/bench/wl_bench ]] ||
    die "build/bench/wl_bench is missing (configured with -DWL_BUILD_BENCH=OFF?)"
  local build_type
  build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' build/CMakeCache.txt)
  [[ "$build_type" == Release ]] ||
    echo "bench.sh: warning: build/ is a '${build_type:-default}' build, not Release" >&2

  if [[ -z "$out" ]]; then
    local name=nogit
    if git rev-parse --git-dir >/dev/null 2>&1; then
      name=$(git rev-parse --short HEAD)
      # Untracked files count too: a new bench case or bot changes the run.
      [[ -z "$(git status --porcelain --untracked-files=normal -- . ':!bench-results')" ]] ||
        name+=-dirty
    fi
    mkdir -p bench-results
    out="bench-results/$name.json"
  fi
  mkdir -p "$(dirname "$out")"
  local temp="$out.tmp.$$"
  trap 'rm -f "$temp"' EXIT
  build/bench/wl_bench --benchmark_repetitions="$repetitions" \
    --benchmark_report_aggregates_only=true \
    --benchmark_out_format=json --benchmark_out="$temp" "${args[@]}"
  mv -f "$temp" "$out"
  trap - EXIT
  echo "bench.sh: results in $out (compare: scripts/bench.sh --compare OLD.json $out)"
}

case "${1:-}" in
  -h | --help) usage ;;
  --compare) shift; compare "$@" ;;
  *) run "$@" ;;
esac
