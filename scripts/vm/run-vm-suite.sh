#!/usr/bin/env bash
# Builds camprobe (if needed) and runs the real-driver suite (suite.py) in one or two qemu guests that share one
# queue of blocks (guest/block_queue.py: longest first, each block claimed by one guest).
#   [VM_BLOCKS=vivid-webcams,microphones] [CAMPROBE_VM_GUESTS=2] scripts/vm/run-vm-suite.sh [OUTDIR]   (default .build/vm-results)
# Guest a boots at once; with CAMPROBE_VM_GUESTS=2 guest b boots when the file CAMPROBE_VM_SECOND_AFTER exists
# (at once when unset; scripts/test touches it when its heavy phases leave a core free), unless guest a has
# already claimed every block. Each guest's results: OUTDIR/a/, OUTDIR/b/ (xunit-vm.xml, guest.log, raw outputs);
# then suite.py --report prints who ran what and writes OUTDIR/xunit-queue.xml, failing any block that did not
# run exactly once. Guest output is printed with its name: "[a] PASS …".
# Exit status: 1 when a guest's suite failed or a block did not run once, else the guests' (a guest's 124/125:
# timeout / died); 2 when VM_BLOCKS names an unknown block (the names are printed); 77 when no guest can boot here
# (see run-guest.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/.build/vm-results}
cd "$root"
# VM_BLOCKS names blocks (suite.py's BLOCKS, scripts/vm/README.md); a wrong name stops here, before any build or boot.
python3 "$root/scripts/vm/suite.py" --check-blocks "${VM_BLOCKS:-}" || exit 2
bin=${CAMPROBE:-}
if [ -z "$bin" ]; then
    for p in camprobe camprobe-serve camprobe-recorder-example camprobe-readme-example camprobe-bench; do
        swift build --product $p >&2 2>&1 | grep -E "error|Compiling|Build" >&2 || true
    done
    bin="$root/.build/debug/camprobe"
fi
[ -x "$bin" ] || { echo "vm: $bin was not built" >&2; exit 1; }
[ -x "$(dirname "$bin")/camprobe-recorder-example" ] || { echo "vm: the recorder example was not built next to $bin" >&2; exit 1; }
out=$(realpath -m "$out")
rm -rf "$out"; mkdir -p "$out/claims"
# The whole suite is about 32 minutes in one guest under TCG on a 2-core machine beside the host's builds; a loaded one needs more.
export CAMPROBE_VM_TIMEOUT=${CAMPROBE_VM_TIMEOUT:-3000}
guests=${CAMPROBE_VM_GUESTS:-1}
env=("CAMPROBE=$bin" ${VM_BENCH:+"VM_BENCH=$VM_BENCH"} ${HOTPLUG_CYCLES:+"HOTPLUG_CYCLES=$HOTPLUG_CYCLES"}
    ${ALSA_CYCLES:+"ALSA_CYCLES=$ALSA_CYCLES"} ${UVC_CYCLES:+"UVC_CYCLES=$UVC_CYCLES"} ${VM_BLOCKS:+"VM_BLOCKS=$VM_BLOCKS"} ${UVC_REPLAY:+"UVC_REPLAY=$UVC_REPLAY"}
    ${CAMPROBE_DEB:+"CAMPROBE_DEB=$CAMPROBE_DEB"} ${CAMPROBE_DEB_WAIT:+"CAMPROBE_DEB_WAIT=$CAMPROBE_DEB_WAIT"}
    ${CAMPROBE_BENCH:+"CAMPROBE_BENCH=$CAMPROBE_BENCH"} ${CAMPROBE_BENCH_WAIT:+"CAMPROBE_BENCH_WAIT=$CAMPROBE_BENCH_WAIT"}
    ${CAMPROBE_QUIET_WAIT:+"CAMPROBE_QUIET_WAIT=$CAMPROBE_QUIET_WAIT"})

guest() { # NAME: boots guest NAME on the shared queue; its exit status goes to OUTDIR/NAME/rc
    local rc=0
    mkdir -p "$out/$1"
    CAMPROBE_VM_GUEST=$1 "$root/scripts/vm/run-guest.sh" "$root/scripts/vm/suite.py" "$out" "${env[@]}" 2>&1 |
        sed -u "s/^/[$1] /" || rc=${PIPESTATUS[0]}
    echo "$rc" > "$out/$1/rc"
}
guest a &
pid_a=$!
if [ "$guests" -ge 2 ]; then
    go=${CAMPROBE_VM_SECOND_AFTER:-}
    while [ -n "$go" ] && [ ! -e "$go" ] && kill -0 "$pid_a" 2>/dev/null; do sleep 2; done
    left=$(python3 "$root/scripts/vm/suite.py" --unclaimed "$out") || left=unknown  # unknown: boot b all the same
    if [ "$left" != 0 ]; then
        echo "vm: guest b boots: $left blocks not claimed yet"
        guest b
    else
        echo "vm: guest b not booted: guest a has claimed every block"
    fi
fi
wait "$pid_a" || true
rcs=$(cat "$out"/*/rc 2>/dev/null | sort -u | tr '\n' ' ')
echo "vm: guests' exit statuses: $rcs"
python3 "$root/scripts/vm/suite.py" --report "$out" && report=0 || report=1
case " $rcs" in
    " 77 ") exit 77 ;;                              # no guest could boot here
    *" 124 "*) exit 124 ;;
    *" 125 "*) exit 125 ;;
esac
for rc in $rcs; do [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ] && exit 1; done
exit $report
