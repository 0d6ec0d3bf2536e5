#!/usr/bin/env bash
# The README walk-through (tests/scripts/readme_walkthrough.py): every
# command of README.md run in a copy of the tree without ../shared.
#   readme_walkthrough_test.sh BUILD_DIR
set -euo pipefail
exec python3 "$(dirname "$0")/readme_walkthrough.py" "$@"
