# new_bot_lib.sh: what the tests of scripts/new_bot.sh share
# (new_bot_test.sh, new_bot_berlin_test.sh). Sourced by them after they
# define fail() and make the temporary folder $tmp:
#
#   source "$root/tests/scripts/new_bot_lib.sh"
#   copy_source "$root" "$tmp/src"   # the tree, the Warlight starter its bot
#   cd "$tmp/src"
#   refuse fork extra                # new_bot.sh must refuse: 1 line, exit 2
#   configure ON OFF                 # cmake . -> build/: tools, tests+bench
#
# (Not a test itself: CTest runs tests/scripts/*_test.sh only.)

# The source tree at $1 copied to the new folder $2 without builds, .git,
# games, benchmark results or bots; bots/ holds its CMakeLists.txt and the
# Warlight starter alone.
copy_source() {
  mkdir "$2"
  tar -C "$1" --exclude='./build*' --exclude=./.git --exclude=./games \
    --exclude=./bench-results --exclude='./bots/*' -cf - . | tar -C "$2" -xf -
  cp -r "$1/bots/CMakeLists.txt" "$1/bots/starter" "$2/bots/"
}

# `scripts/new_bot.sh ARGS` must exit 2 with one line on stderr and nothing
# on stdout.
refuse() {
  local status=0
  scripts/new_bot.sh "$@" > "$tmp/out" 2> "$tmp/err" || status=$?
  ((status == 2)) || fail "new_bot.sh $* exited $status, not 2"
  [[ ! -s "$tmp/out" && $(wc -l < "$tmp/err") -eq 1 ]] ||
    fail "new_bot.sh $* did not print one line on stderr: $(cat "$tmp/err")"
}

# Configures the current folder into build/ (Release, ccache when there is
# one) with WL_BUILD_TOOLS=$1 and WL_BUILD_TESTS=WL_BUILD_BENCH=$2; the
# output in $tmp/configure.log, cmake's status returned.
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
configure() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
    -DWL_BUILD_TESTS="$2" -DWL_BUILD_BENCH="$2" -DWL_BUILD_TOOLS="$1" \
    > "$tmp/configure.log" 2>&1
}
