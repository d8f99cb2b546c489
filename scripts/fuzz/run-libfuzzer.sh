#!/usr/bin/env bash
# Coverage-guided fuzzing of one camprobe reader with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz/run-libfuzzer.sh READER [RUNS]
#
# READER: v4l2-ctl media-ctl udevadm arecord cards lsusb paste json xml. RUNS: executions, default 1000000.
# Builds camprobe-libfuzz once into .build-fuzz/ (CAMPROBE_FUZZ_NO_BUILD=1 skips that), runs one
# process (libFuzzer's default: one job, one worker; `-jobs=1` would only move the output to
# fuzz-0.log) over Tests/FuzzCorpus/READER/ (new inputs go to a scratch corpus under
# .build-fuzz/, then only those adding coverage are merged into the checked-in directory), and
# prints executions, wall time, exec/s, cov/ft, corpus size and peak RSS.
# Crash, leak and timeout inputs are written to .build-fuzz/artifacts/READER/ (git-ignored).
# Replay one without the sanitizers: swift run camprobe-libfuzz --reader READER FILE.
# Environment: CAMPROBE_FUZZ_CONFIG=release|debug (default release), CAMPROBE_FUZZ_MAX_LEN,
# CAMPROBE_FUZZ_EXTRA (more libFuzzer flags), CAMPROBE_FUZZ_NO_MERGE=1, CAMPROBE_FUZZ_BIN (a binary to run
# instead of the build's own, e.g. a copy kept while the package is rebuilt).
set -euo pipefail

reader=${1:?usage: run-libfuzzer.sh READER [RUNS]}
runs=${2:-1000000}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
config=${CAMPROBE_FUZZ_CONFIG:-release}
build=.build-fuzz

case "$reader" in
    v4l2-ctl | media-ctl | udevadm | lsusb | paste) max_len=4096 ;;
    arecord | cards) max_len=2048 ;;
    json | xml) max_len=8192 ;;
    *)
        echo "run-libfuzzer.sh: unknown reader '$reader' (v4l2-ctl media-ctl udevadm arecord cards lsusb paste json xml)" >&2
        exit 2
        ;;
esac
max_len=${CAMPROBE_FUZZ_MAX_LEN:-$max_len}

# `-sanitize=fuzzer` cannot be used: SwiftPM passes -Xswiftc flags to the EmbedSchemas plugin's tool
# too, whose own main then clashes with libFuzzer's (and `--sanitize=fuzzer` parses it as a library).
# So: ASan plus the coverage libFuzzer reads (what -sanitize=fuzzer turns on) for every module, and
# libFuzzer without its main linked in; camprobe-libfuzz's main calls LLVMFuzzerRunDriver.
toolchain_lib=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib
fuzzer_lib=$(find "$toolchain_lib"/clang/*/lib/linux -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -n 1)
if [ "${CAMPROBE_FUZZ_NO_BUILD:-0}" != 1 ]; then
    swift build -c "$config" --build-path "$build" --product camprobe-libfuzz \
        -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
        -Xswiftc -DCAMPROBE_LIBFUZZER -Xswiftc -enable-experimental-feature -Xswiftc Extern \
        -Xlinker "$fuzzer_lib" -Xlinker -lstdc++
fi
# CAMPROBE_FUZZ_BIN: a copy of the binary to run, so a rebuild cannot replace it mid-run.
bin=${CAMPROBE_FUZZ_BIN:-$build/$config/camprobe-libfuzz}

corpus=Tests/FuzzCorpus/$reader
work=$build/corpus-work/$reader
artifacts=$build/artifacts/$reader
log=$build/logs/$reader.log
mkdir -p "$corpus" "$work" "$artifacts" "$(dirname "$log")"
dict=()
if [ -f "scripts/fuzz/dict/$reader.dict" ]; then dict=(-dict="scripts/fuzz/dict/$reader.dict"); fi

export CAMPROBE_FUZZ_READER=$reader
# Leaks are findings too; the Swift runtime's own one-time allocations are not reported as leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
# A Swift trap goes straight to libFuzzer (which saves the input), not to the interactive backtracer.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/scripts/fuzz/lsan.supp:print_suppressions=0}

start=$(date +%s)
set +e
# shellcheck disable=SC2086
"$bin" "$work" "$corpus" -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "${dict[@]}" ${CAMPROBE_FUZZ_EXTRA:-} \
    >"$log" 2>&1
status=$?
set -e
end=$(date +%s)

if [ $status -ne 0 ]; then
    tail -n 60 "$log" >&2
    echo "run-libfuzzer.sh: $reader: libFuzzer exited $status; artifacts in $artifacts/, log $log" >&2
    exit $status
fi

if [ "${CAMPROBE_FUZZ_NO_MERGE:-0}" != 1 ]; then
    # Only inputs adding coverage over what is checked in; then at most CAMPROBE_FUZZ_KEEP (200)
    # files in all, the seeds always and the smallest of the merged inputs.
    "$bin" -merge=1 -max_len="$max_len" "$corpus" "$work" >"$build/logs/$reader.merge.log" 2>&1
    keep=${CAMPROBE_FUZZ_KEEP:-200}
    seeds=$(find "$corpus" -type f -name 'seed-*' | wc -l)
    find "$corpus" -type f ! -name 'seed-*' -printf '%s %p\n' | sort -n | tail -n +$((keep - seeds + 1)) | cut -d' ' -f2- |
        xargs -r rm -f
fi

done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
stat() { grep -E "^stat::$1:" "$log" | awk '{print $2}' | tail -n 1; }
execs=$(stat number_of_executed_units)
wall=$((end - start))
printf '%s: executions %s, wall %s s, exec/s %s (libFuzzer average %s), %s, peak RSS %s MB, corpus %s files / %s\n' \
    "$reader" "$execs" "$wall" "$(awk -v e="$execs" -v w="$wall" 'BEGIN { printf "%d", (w > 0 ? e / w : e) }')" \
    "$(stat average_exec_per_sec)" \
    "$(echo "$done_line" | grep -oE 'cov: [0-9]+ ft: [0-9]+' || echo 'cov: ? ft: ?')" \
    "$(stat peak_rss_mb)" "$(find "$corpus" -type f | wc -l)" "$(du -sh "$corpus" | cut -f1)"
