#!/usr/bin/env bash
# Same set-up as build.sh (installs what is missing, builds), then runs the
# whole test suite: every lit suite under test/ (dialect, conversion,
# transforms, pipelines, AOT, CPU integration, differential) and the gtest
# unit tests of unittests/ (one lit test per gtest case), then the install
# tree with a consumer project (scripts/test-install.sh), then the
# benchmark in quick mode, then a short fuzz run (scripts/fuzz.sh 60;
# RMEAN_FUZZ_SECONDS=N to change, 0 to skip). MPICH is installed for the
# 2-process sharded test (test/Integration/MPI).
#
# --sanitize also builds rmean with ASan + UBSan (assertions on) into
# build-san/ and runs the whole lit suite with it, execution tests as
# AddressSanitizer programs (scripts/asan-runner.py).
#
# Ends with one plain line "N passed, M failed[, K skipped]" over all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
sanitize=0
if [ "${1:-}" = --sanitize ]; then
  sanitize=1
  shift
fi
bash scripts/build.sh || { echo "0 passed, 1 failed"; exit 1; }
bash scripts/install-packages.sh mpich libmpich-dev ||
  { echo "0 passed, 1 failed"; exit 1; }

BUILD_DIR=${BUILD_DIR:-build}
LIT=$(llvm-config-22 --bindir)/lit
passed=0 failed=0 skipped=0

# Runs lit on the test and unittests trees of build directory $1 and adds
# its counts to the totals.
run_lit() {
  local dir=$1 log
  shift
  log=$(mktemp)
  "$LIT" -v --time-tests "$dir/test" "$dir/unittests" "$@" 2>&1 | tee "$log"
  local lit_rc=${PIPESTATUS[0]}
  # lit's summary lines look like "  Passed: 12 (80.00%)"; absent ones are 0.
  count() {
    local n
    n=$(sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -n1)
    echo "${n:-0}"
  }
  local p f k
  p=$(( $(count Passed) + $(count 'Expectedly Failed') ))
  f=$(( $(count Failed) + $(count 'Unexpectedly Passed') + $(count Unresolved) + $(count 'Timed Out') ))
  k=$(( $(count Unsupported) + $(count Excluded) + $(count Skipped) ))
  rm -f "$log"
  if [ "$lit_rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + k))
}
run_lit "$BUILD_DIR" "$@"

# A suite that is one script: NAME LOG COMMAND... counts as one test.
script_suite() {
  local name=$1 log=$2
  shift 2
  if "$@" > "$log" 2>&1; then
    echo "PASS: $name :: $*"
    passed=$((passed + 1))
  else
    tail -n 40 "$log"
    echo "FAIL: $name :: $* (log: $log)"
    failed=$((failed + 1))
  fi
}

# The install tree and a project built against it (find_package(Rmean)).
script_suite install "$BUILD_DIR/test-install.log" bash scripts/test-install.sh

# The benchmark in quick mode: every implementation runs and rmean's results
# are right (its numbers are not measurements). RMEAN_SKIP_BENCH=1 skips it.
if [ "${RMEAN_SKIP_BENCH:-0}" != 1 ]; then
  script_suite bench "$BUILD_DIR/bench-quick.log" bash scripts/bench.sh --quick
fi
# A short fuzz run on top (scripts/fuzz.sh builds build-san/ with the fuzz
# target first).
fuzz_seconds=${RMEAN_FUZZ_SECONDS:-60}
if [ "$fuzz_seconds" -gt 0 ]; then
  script_suite fuzz "$BUILD_DIR/fuzz.log" bash scripts/fuzz.sh "$fuzz_seconds"
fi

# The sanitizer configuration: the whole lit suite again, ASan + UBSan.
if [ "$sanitize" -eq 1 ]; then
  if BUILD_DIR=build-san BUILD_TYPE=RelWithDebInfo \
      CMAKE_EXTRA="-DRMEAN_SANITIZE=ON -DRMEAN_FUZZ=ON" \
      bash scripts/build.sh > "$BUILD_DIR/build-san.log" 2>&1; then
    run_lit build-san "$@"
  else
    tail -n 40 "$BUILD_DIR/build-san.log"
    echo "FAIL: sanitizer build (log: $BUILD_DIR/build-san.log)"
    failed=$((failed + 1))
  fi
fi
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ]
