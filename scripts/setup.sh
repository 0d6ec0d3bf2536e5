#!/usr/bin/env bash
# Installs the Debian 12 packages the build needs (only those missing), then
# configures and builds Release into build/. Safe to run again at any time.
#
#   scripts/setup.sh            # everything: sdk, bots, tools, tests, bench
#   WL_MINIMAL=1 scripts/setup.sh   # sdk and bots only (g++ and cmake)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make zip unzip)
cmake_flags=(-DCMAKE_BUILD_TYPE=Release)
if [[ "${WL_MINIMAL:-0}" == 1 ]]; then
  cmake_flags+=(-DWL_BUILD_TOOLS=OFF -DWL_BUILD_TESTS=OFF -DWL_BUILD_BENCH=OFF)
else
  packages+=(libboost1.81-dev libboost-json1.81-dev libabsl-dev zlib1g-dev
             libgtest-dev libgmock-dev libbenchmark-dev
             chromium python3)  # the replay viewer's browser test; bench.sh
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=()
  if [[ $(id -u) != 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
fi

cmake -S . -B build "${cmake_flags[@]}" >/dev/null
cmake --build build -j "$(nproc)"
echo "setup: built into build/"
