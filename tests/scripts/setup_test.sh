#!/usr/bin/env bash
# scripts/setup.sh passes every tier to cmake both ways, so a full set-up
# after `WL_MINIMAL=1` really builds the tools, tests and bench (the cached
# -DWL_BUILD_TOOLS=OFF used to stay); targets named on the command line are
# the only ones built. Configures for real into a temporary folder; a
# stand-in cmake passes configuring through and records builds; a stand-in
# dpkg-query says every package is installed.
#
#   bash tests/scripts/setup_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
src=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "setup_test: FAIL: $*" >&2; exit 1; }

real_cmake=$(command -v cmake)
mkdir -p "$tmp/bin"
cat > "$tmp/bin/cmake" <<EOF2
#!/usr/bin/env bash
echo "cmake \$*" >> "$tmp/cmake.log"
[[ "\$1" == --build ]] && exit 0
exec "$real_cmake" "\$@"
EOF2
printf '#!/bin/sh\nprintf "install ok installed"\n' > "$tmp/bin/dpkg-query"
chmod +x "$tmp/bin/cmake" "$tmp/bin/dpkg-query"
export PATH="$tmp/bin:$PATH"
cache=$tmp/build/CMakeCache.txt
tier() { sed -n "s/^$1:BOOL=//p" "$cache"; }

# Minimal first, from another folder, with a relative WL_BUILD_DIR.
(cd "$tmp" && WL_MINIMAL=1 WL_BUILD_DIR=build bash "$src/scripts/setup.sh") \
  > "$tmp/log" 2>&1 || fail "minimal set-up: $(cat "$tmp/log")"
[[ -f "$cache" ]] || fail "WL_BUILD_DIR was not used: $(cat "$tmp/cmake.log")"
[[ "$(tier WL_BUILD_TOOLS)" == OFF ]] || fail "minimal set-up built the tools"

# Then full: every tier back ON.
: > "$tmp/cmake.log"
(cd "$tmp" && WL_BUILD_DIR=build bash "$src/scripts/setup.sh") \
  > "$tmp/log" 2>&1 || fail "full set-up: $(cat "$tmp/log")"
for t in WL_BUILD_TOOLS WL_BUILD_TESTS WL_BUILD_BENCH; do
  [[ "$(tier $t)" == ON ]] || fail "$t is '$(tier $t)' after a full set-up"
done
grep -q -- "--build $tmp/build -j [0-9]*\$" "$tmp/cmake.log" ||
  fail "a full set-up did not build everything: $(cat "$tmp/cmake.log")"

# Named targets only.
: > "$tmp/cmake.log"
(cd "$tmp" && WL_BUILD_DIR=build bash "$src/scripts/setup.sh" warlight bot_starter) \
  > "$tmp/log" 2>&1 || fail "set-up of targets: $(cat "$tmp/log")"
grep -q -- "--build $tmp/build -j [0-9]* --target warlight bot_starter\$" "$tmp/cmake.log" ||
  fail "targets not passed: $(cat "$tmp/cmake.log")"
echo "setup_test: passed"
