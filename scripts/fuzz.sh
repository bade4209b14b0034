#!/usr/bin/env bash
# fuzz.sh [SECONDS] — fuzzes rmean with libFuzzer for SECONDS (default 600),
# half in each mode of tools/rmean-fuzz (ir: MLIR modules through every
# rmean pass and the CPU pipeline; pipeline: --pass-pipeline texts and
# option strings). Builds the target first into build-san/ (rmean's code
# with ASan + UBSan, assertions on, coverage for libFuzzer; see
# RMEAN_SANITIZE and RMEAN_FUZZ in CMakeLists.txt).
#
# Seeds: every lit test input under test/ (split at `// -----`) for ir,
# tools/rmean-fuzz/pipelines.txt for pipeline; dictionary
# tools/rmean-fuzz/rmean.dict. The growing corpus and any crashing input
# stay in $FUZZ_DIR (default build-san/fuzz): corpus-{ir,pipeline}/ and
# crash-*/leak-*/timeout-* files. Exit status 0 when no finding.
#
# Environment: JOBS (fuzzing processes per mode, default 1; more uses
# libFuzzer's -fork), FUZZ_DIR, FUZZ_BUILD_DIR (default build-san).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-600}
jobs=${JOBS:-1}
export BUILD_DIR=${FUZZ_BUILD_DIR:-build-san}
fuzz_dir=${FUZZ_DIR:-$BUILD_DIR/fuzz}

BUILD_TYPE=RelWithDebInfo \
  CMAKE_EXTRA="-DRMEAN_SANITIZE=ON -DRMEAN_FUZZ=ON" TARGETS="rmean-fuzz" \
  JOBS=${BUILD_JOBS:-2} bash scripts/build.sh
fuzzer=$BUILD_DIR/bin/rmean-fuzz

mkdir -p "$fuzz_dir"/{seeds-ir,seeds-pipeline,corpus-ir,corpus-pipeline}
# Seeds are regenerated each run (cheap); the corpora persist.
python3 - "$fuzz_dir" <<'EOF'
import hashlib, pathlib, sys
out = pathlib.Path(sys.argv[1])
for path in sorted(pathlib.Path("test").rglob("*.mlir")):
    text = path.read_text(errors="replace")
    for chunk in text.split("\n// -----\n"):
        name = hashlib.sha1(chunk.encode()).hexdigest()
        (out / "seeds-ir" / name).write_text(chunk)
for line in pathlib.Path("tools/rmean-fuzz/pipelines.txt").read_text().splitlines():
    if line.strip():
        name = hashlib.sha1(line.encode()).hexdigest()
        (out / "seeds-pipeline" / name).write_text(line)
EOF

# UBSan reports abort (a finding); leaks are findings too.
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
# allow_user_poisoning=0: see test/lit.cfg.py (inline BumpPtrAllocator
# poisoning in rmean's code vs the uninstrumented libMLIR).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0}
status=0
for mode in ir pipeline; do
  half=$((secs / 2))
  [ "$half" -lt 1 ] && half=1
  parallel=()
  [ "$jobs" -gt 1 ] && parallel=(-fork="$jobs" -ignore_crashes=0)
  echo "fuzz.sh: $mode mode for ${half}s"
  RMEAN_FUZZ_MODE=$mode "$fuzzer" \
    -max_total_time="$half" -timeout=30 -rss_limit_mb=6144 -max_len=8192 \
    -dict=tools/rmean-fuzz/rmean.dict -print_final_stats=1 \
    -artifact_prefix="$fuzz_dir/$mode-" "${parallel[@]}" \
    "$fuzz_dir/corpus-$mode" "$fuzz_dir/seeds-$mode" \
    > "$fuzz_dir/$mode.log" 2>&1 || status=$?
  grep -E "^(stat::|#[0-9]+ *DONE|Done )" "$fuzz_dir/$mode.log" | tail -n 4 || true
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$fuzz_dir/$mode.log"
    echo "fuzz.sh: finding in $mode mode (inputs: $fuzz_dir/$mode-*)"
    exit "$status"
  fi
done
echo "fuzz.sh: no finding in ${secs}s"
