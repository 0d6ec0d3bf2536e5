#!/usr/bin/env bash
# No binary file in the repository: git must list text files only, apart
# from the documentation's images (docs/*.png, *.jpg, *.gif: the README's
# screenshot). A compiled program (ELF), an object file or a stray a.out has
# NUL bytes, which git reports as binary ("i/-text"): a failure. Build
# outputs belong in build*/ (see .gitignore).
#
#   bash tests/scripts/tree_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "tree_test: skipped, not a git checkout"
  exit 0
fi

bad=()
while IFS=$'\t' read -r info path; do
  [[ "$info" == i/-text* ]] || continue
  case "$path" in
    docs/*.png | docs/*.jpg | docs/*.gif) ;;
    *) bad+=("$path") ;;
  esac
done < <(git ls-files --eol)

if ((${#bad[@]})); then
  echo "tree_test: binary files are tracked by git (git rm them; build" \
       "outputs belong in build*/):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "tree_test: $(git ls-files | wc -l) tracked files, none binary" \
     "(documentation images in docs/ allowed)"
