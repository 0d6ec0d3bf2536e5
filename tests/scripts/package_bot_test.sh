#!/usr/bin/env bash
# scripts/package_bot.sh: a header in a subfolder (included as
# "util/geo.h") packages into a flat zip that compiles with plain g++; a bot
# file named like an sdk header, or two headers that would share a name in
# the flat zip, is one clear error (exit 2); a failed proof leaves no zip,
# not even an older one.
#
#   bash tests/scripts/package_bot_test.sh [BUILD_DIR]   (from the source root)
set -euo pipefail
src=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "package_bot_test: FAIL: $*" >&2; exit 1; }
package() { bash "$src/scripts/package_bot.sh" "$@"; }

# 1. The starter with util/geo.h (itself including the sdk's view.h and its
# sibling util/more.h), used from starter_bot.h as "util/geo.h".
bot=$tmp/geo
cp -r "$src/bots/starter" "$bot"
mkdir -p "$bot/util"
printf '#pragma once\n#include "view.h"\n#include "more.h"\nconstexpr int GeoAnswer() { return MoreAnswer(); }\n' \
  > "$bot/util/geo.h"
printf '#pragma once\nconstexpr int MoreAnswer() { return 42; }\n' > "$bot/util/more.h"
printf '#include "util/geo.h"\nstatic_assert(GeoAnswer() == 42);\n' >> "$bot/starter_bot.h"
cp "$bot/starter_bot.h" "$tmp/starter_bot.h.before"
(cd "$tmp" && package geo -o geo.zip) > "$tmp/log" 2>&1 || fail "subfolder bot: $(cat "$tmp/log")"
[[ -s "$tmp/geo.zip" ]] || fail "no zip written"
# (Listings go to files first: with pipefail, `unzip | grep -q` fails
# whenever grep exits before unzip has written everything.)
unzip -Z1 "$tmp/geo.zip" > "$tmp/list"
grep -qx geo.h "$tmp/list" || fail "geo.h is not at the zip root"
grep -qx more.h "$tmp/list" || fail "more.h is not at the zip root"
if grep -q / "$tmp/list"; then fail "the zip has a folder"; fi
unzip -p "$tmp/geo.zip" starter_bot.h > "$tmp/zipped_starter_bot.h"
grep -qx '#include "geo.h"' "$tmp/zipped_starter_bot.h" ||
  fail "starter_bot.h in the zip still includes util/geo.h"
cmp -s "$bot/starter_bot.h" "$tmp/starter_bot.h.before" || fail "the bot folder was changed"

# 2. A bot header named like an sdk header: clear error, stale zip removed.
cp -r "$src/bots/starter" "$tmp/clash"
echo '// mine' > "$tmp/clash/view.h"
echo stale > "$tmp/clash.zip"
status=0
package "$tmp/clash" -o "$tmp/clash.zip" > "$tmp/log" 2>&1 || status=$?
((status == 2)) || fail "sdk name clash: exit $status, not 2: $(cat "$tmp/log")"
grep -q 'view.h has the name of the sdk header' "$tmp/log" || fail "unclear: $(cat "$tmp/log")"
[[ ! -e "$tmp/clash.zip" ]] || fail "a stale zip survived a failed packaging"

# 3. Two subfolder headers that would both be geo.h at the root.
mkdir -p "$bot/other"
printf '#pragma once\n' > "$bot/other/geo.h"
printf '#include "other/geo.h"\n' >> "$bot/starter_bot.h"
status=0
package "$bot" -o "$tmp/twice.zip" > "$tmp/log" 2>&1 || status=$?
((status == 2)) || fail "same name twice: exit $status, not 2: $(cat "$tmp/log")"
grep -q 'would both be geo.h' "$tmp/log" || fail "unclear: $(cat "$tmp/log")"

# 4. A bot that compiles but answers nonsense: the check fails, no zip.
mkdir -p "$tmp/chatty"
printf '#include <iostream>\n#include <string>\nint main() { std::string l;\n  while (std::getline(std::cin, l)) std::cout << "hello" << std::endl; }\n' \
  > "$tmp/chatty/main.cpp"
echo stale > "$tmp/chatty.zip"
status=0
package "$tmp/chatty" -o "$tmp/chatty.zip" > "$tmp/log" 2>&1 || status=$?
((status == 1)) || fail "nonsense answers: exit $status, not 1: $(cat "$tmp/log")"
grep -q 'malformed answer' "$tmp/log" || fail "unclear: $(cat "$tmp/log")"
[[ ! -e "$tmp/chatty.zip" ]] || fail "a zip was left after a failed check"
echo "package_bot_test: passed"
