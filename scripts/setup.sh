#!/usr/bin/env bash
# Installs the Debian 12 packages the build needs (only those missing), then
# configures and builds Release into build/. Safe to run again at any time.
#
#   scripts/setup.sh                 # everything: sdk, bots, tools, tests, bench
#   WL_MINIMAL=1 scripts/setup.sh    # sdk and bots only (g++ and cmake)
#   scripts/setup.sh warlight bot_starter   # configure all, build these targets
#
# The tiers are passed to cmake explicitly every time (WL_BUILD_TOOLS,
# WL_BUILD_TESTS, WL_BUILD_BENCH: OFF with WL_MINIMAL=1, ON without), so a
# full set-up after a minimal one really builds the tools. WL_BUILD_DIR
# (default build/, relative to where you run it) moves the build folder.
# A full set-up compiles through ccache (installed with the rest), its paths
# relative to the checkout, so that a second clone or a copy of the tree
# (the README walk-through test) reuses the first one's objects; WL_CCACHE=0
# compiles without it.
set -euo pipefail
build=${WL_BUILD_DIR:-}
if [[ -n "$build" && "$build" != /* ]]; then build="$PWD/$build"; fi
cd "$(dirname "$0")/.."
build=${build:-$PWD/build}

packages=(g++ cmake make zip unzip)
cmake_flags=(-DCMAKE_BUILD_TYPE=Release)
if [[ "${WL_MINIMAL:-0}" == 1 ]]; then
  cmake_flags+=(-DWL_BUILD_TOOLS=OFF -DWL_BUILD_TESTS=OFF -DWL_BUILD_BENCH=OFF)
else
  cmake_flags+=(-DWL_BUILD_TOOLS=ON -DWL_BUILD_TESTS=ON -DWL_BUILD_BENCH=ON)
  packages+=(libboost1.81-dev libboost-json1.81-dev libabsl-dev zlib1g-dev
             libgtest-dev libgmock-dev libbenchmark-dev
             chromium python3  # the replay viewer's browser test; bench.sh
             eslint  # lints the page's JavaScript (web_lint_test.sh)
             libcli11-dev  # the warlight subcommands' flags
             libssl-dev  # wss:// in the Colorfight II client (sdk/colorfight)
             python3-websockets  # the official-like Colorfight client of the tests
             clang-tidy  # the function-size check
             slurm-wlm munge  # a throwaway Slurm cluster: slurm_arena_test.sh
             parallel  # scripts/parallel_arena.sh and its test
             ccache)  # rebuilds of another clone or a copy of the tree
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep 'ok installed' >/dev/null; then
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

if [[ "${WL_MINIMAL:-0}" != 1 && "${WL_CCACHE:-1}" != 0 ]] &&
   command -v ccache >/dev/null; then
  cmake_flags+=("-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_BASEDIR=$PWD;ccache")
elif [[ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]]; then
  cmake_flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=)
fi
cmake -S . -B "$build" "${cmake_flags[@]}" >/dev/null
targets=()
if (($#)); then targets=(--target "$@"); fi
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
echo "setup: built ${*:-everything} into ${build#"$PWD"/}/"
