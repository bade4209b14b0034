#!/usr/bin/env bash
# Same set-up as build.sh (installs what is missing, builds), then runs the
# whole test suite: every lit suite under test/ (dialect, conversion,
# transforms, pipelines, AOT, CPU integration, differential) and the gtest
# unit tests of unittests/ (one lit test per gtest case), then the install
# tree with a consumer project (scripts/test-install.sh), then the
# benchmark in quick mode. MPICH is installed for the 2-process sharded
# test (test/Integration/MPI). Ends with one plain line
# "N passed, M failed[, K skipped]" over all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh || { echo "0 passed, 1 failed"; exit 1; }
bash scripts/install-packages.sh mpich libmpich-dev ||
  { echo "0 passed, 1 failed"; exit 1; }

BUILD_DIR=${BUILD_DIR:-build}
LIT=$(llvm-config-22 --bindir)/lit
log=$(mktemp)
"$LIT" -v --time-tests "$BUILD_DIR/test" "$BUILD_DIR/unittests" "$@" 2>&1 |
  tee "$log"
lit_rc=${PIPESTATUS[0]}

# lit's summary lines look like "  Passed: 12 (80.00%)"; absent ones are 0.
count() {
  local n
  n=$(sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -n1)
  echo "${n:-0}"
}
passed=$(( $(count Passed) + $(count 'Expectedly Failed') ))
failed=$(( $(count Failed) + $(count 'Unexpectedly Passed') + $(count Unresolved) + $(count 'Timed Out') ))
skipped=$(( $(count Unsupported) + $(count Excluded) + $(count Skipped) ))
rm -f "$log"
if [ "$lit_rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi

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
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ]
