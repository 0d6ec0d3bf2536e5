#!/usr/bin/env bash
# The test command (README, .ci/run): set-up if needed, build, and run the
# whole CTest suite, in Release and then under AddressSanitizer and UBSan.
#
#   scripts/test.sh              # both builds
#   scripts/test.sh --release    # the Release suite only (quicker)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
jobs=$(nproc)
echo "test: Release suite"
ctest --test-dir build --output-on-failure -j "$jobs"

if [[ "${1:-}" != --release ]]; then
  echo "test: AddressSanitizer + UBSan suite"
  # -O1 -g1 (line tables: what sanitizer reports need): the Boost.Beast
  # translation units take half the time they take at -O2 -g.
  # The compiler launcher (ccache) that set-up chose for build/.
  launcher=$(sed -n 's/^CMAKE_CXX_COMPILER_LAUNCHER:[A-Z]*=//p' build/CMakeCache.txt)
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWL_SANITIZE=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" -DWL_BUILD_BENCH=OFF >/dev/null
  cmake --build build-asan -j "$jobs"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE release_only
fi
echo "test: all passed"
