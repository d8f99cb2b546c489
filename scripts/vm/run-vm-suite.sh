#!/usr/bin/env bash
# Builds camprobe (if needed) and runs the real-driver suite (suite.py) in one qemu boot.
#   [VM_BLOCKS=vivid-webcams,microphones] scripts/vm/run-vm-suite.sh [OUTDIR]      (default .build/vm-results)
# Exit status: the suite's; 2 when VM_BLOCKS names an unknown block (the names are printed); 77 when the guest cannot boot here (see run-guest.sh).
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
rm -rf "$out"; mkdir -p "$out"
# The whole suite is about 15 minutes on an idle 2-core machine under TCG (block recorder adds 4, serve and serve-load 8); a loaded one needs more.
export CAMPROBE_VM_TIMEOUT=${CAMPROBE_VM_TIMEOUT:-3000}
exec "$root/scripts/vm/run-guest.sh" "$root/scripts/vm/suite.py" "$out" "CAMPROBE=$bin" \
    ${VM_BENCH:+"VM_BENCH=$VM_BENCH"} ${HOTPLUG_CYCLES:+"HOTPLUG_CYCLES=$HOTPLUG_CYCLES"} \
    ${ALSA_CYCLES:+"ALSA_CYCLES=$ALSA_CYCLES"} ${UVC_CYCLES:+"UVC_CYCLES=$UVC_CYCLES"} ${VM_BLOCKS:+"VM_BLOCKS=$VM_BLOCKS"} ${UVC_REPLAY:+"UVC_REPLAY=$UVC_REPLAY"} ${CAMPROBE_DEB:+"CAMPROBE_DEB=$CAMPROBE_DEB"} \
    ${CAMPROBE_DEB_WAIT:+"CAMPROBE_DEB_WAIT=$CAMPROBE_DEB_WAIT"} ${CAMPROBE_BENCH:+"CAMPROBE_BENCH=$CAMPROBE_BENCH"}
