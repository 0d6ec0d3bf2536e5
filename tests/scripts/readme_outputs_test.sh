#!/usr/bin/env bash
# Every file or folder the README's own examples write (the value of
# --results, --log, --out and -o in its ```sh blocks, inside the
# repository) is one .gitignore covers: following the README leaves
# `git status` clean.
#
#   bash tests/scripts/readme_outputs_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "readme_outputs_test: skipped, not a git checkout"
  exit 0
fi

outputs=()
in_sh=0
while IFS= read -r line; do
  if [[ "$line" == '```sh'* ]]; then in_sh=1; continue; fi
  if [[ "$line" == '```'* ]]; then in_sh=0; continue; fi
  ((in_sh)) || continue
  line=${line%%#*}  # a comment is no argument
  read -ra words <<<"$line"
  for ((i = 0; i + 1 < ${#words[@]}; i++)); do
    case "${words[i]}" in
      --results | --log | --out | -o) outputs+=("${words[i + 1]}") ;;
    esac
  done
done <README.md

bad=()
checked=0
for path in "${outputs[@]}"; do
  path=${path//\"/}
  # Placeholders and paths outside the repository are not the examples'.
  [[ "$path" == *'<'* || "$path" == *'$'* || "$path" == /* ||
     "$path" == ../* || "$path" =~ ^[A-Z_]+$ ]] && continue
  checked=$((checked + 1))
  git check-ignore -q --no-index -- "$path" || bad+=("$path")
done

if ((${#bad[@]})); then
  echo "readme_outputs_test: README examples write outside .gitignore" \
       "(write them under runs/):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
((checked >= 5)) || { echo "readme_outputs_test: only $checked outputs found" >&2; exit 1; }
echo "readme_outputs_test: $checked output paths of README examples, all ignored"
