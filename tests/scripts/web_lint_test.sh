#!/usr/bin/env bash
# The replay page's JavaScript (tools/**/web/*.js: the shell's and each
# game's) passes ESLint (Debian's eslint package, which scripts/setup.sh
# installs) under tools/viewer/web/eslintrc.json: any error fails. Without
# eslint, `node --check` at least parses every file; without node either,
# the test says so and passes. It also checks that no C++ source under
# tools/ holds page script or style again (they belong in web/ files).
#
#   bash tests/scripts/web_lint_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "web_lint_test: FAIL: $*" >&2; exit 1; }

mapfile -t files < <(find tools -path '*/web/*.js' -type f | sort)
((${#files[@]} >= 2)) || fail "expected the shell's and a game's script" \
  "under tools/*/web/, found: ${files[*]:-none}"

# Page script or style in C++ (raw strings of JS or CSS, DOM calls).
if grep -rnE --include='*.cpp' --include='*.h' \
     'getElementById|addEventListener|querySelector|R"(JS|CSS)\(|box-sizing' \
     tools; then
  fail "JavaScript or CSS inside C++ sources (above): move it to a web/ file"
fi

if command -v eslint >/dev/null; then
  # Debian's eslint finds its modules under /usr/share/nodejs, which a node
  # from elsewhere (NodeSource) does not search by itself.
  export NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs${NODE_PATH:+:$NODE_PATH}
  eslint --version >/dev/null 2>&1 || fail "eslint does not run: $(eslint --version 2>&1 | head -3)"
  if ! eslint -f unix --no-eslintrc -c tools/viewer/web/eslintrc.json \
       "${files[@]}"; then
    fail "eslint found errors (above)"
  fi
  echo "web_lint_test: eslint $(eslint --version): ${#files[@]} files clean:" \
       "${files[*]}"
elif command -v node >/dev/null; then
  for f in "${files[@]}"; do
    node --check "$f" || fail "$f does not parse (node --check)"
  done
  echo "web_lint_test: eslint is absent (scripts/setup.sh installs it):" \
       "node --check only: ${#files[@]} files parse"
else
  echo "web_lint_test: skipped: neither eslint nor node is installed" \
       "(scripts/setup.sh installs eslint)"
fi
