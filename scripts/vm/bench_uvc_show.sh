#!/bin/sh
# One-shot time on the real uvcvideo driver (issue P22 item 2; Reports/benchmarks.md): a replayed camera on the UVC
# gadget, `camprobe show --json NODE` beside v4l2-ctl's full read of the same node, each cold (the first command
# after a fresh `usbip attach`: uvcvideo fills its control cache through the camera) and warm (run again),
# interleaved, median of RUNS (5), one boot; then `callgrind` instruction counts of each warm.
#   strip -g .build/release/camprobe -o .build/strip/camprobe
#   scripts/vm/run-guest.sh scripts/vm/bench_uvc_show.sh OUT [CAMERA=uvc_gadget/cameras/…json] [RUNS=5]   # OUT/bench.txt
here=$(cd "$(dirname "$0")" && pwd)
exec > "$VM_OUT/bench.txt" 2>&1
mount -t tmpfs tmpfs /tmp 2>/dev/null
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add; udevadm settle
cd "$here"
for cam in ${CAMERAS:-uvc_gadget/cameras/25-emeet-smartcam-s800-4k.json uvc_gadget/cameras/03-logitech-c525-falcons.json}; do
    ./uvc-gadget up "$cam" > /dev/null || { echo "gadget did not come up for $cam"; continue; }
    udevadm settle
    CAMPROBE=${CAMPROBE:-$here/../../.build/strip/camprobe} CAM="$cam" python3 - <<'PY'
import os, statistics, subprocess, sys, time
sys.path.insert(0, ".")
from guest import blocks_uvc
from guest.harness import wait_until
c, cam = os.environ["CAMPROBE"], os.environ["CAM"]
runs = int(os.environ.get("RUNS", "5"))
plug, unplug = blocks_uvc.usbip_plug("usbip-vudc.0")

def node():
    n = [p for p in blocks_uvc.uvc_nodes() if p.startswith("/dev/video")]
    return sorted(n)[0] if n else None

def replug():
    unplug(); wait_until(lambda: not blocks_uvc.uvc_nodes(), 30)
    plug(); wait_until(lambda: len(blocks_uvc.uvc_nodes()) == 3, 60)
    subprocess.run(["udevadm", "settle"]); time.sleep(1)

def timed(argv):
    t = time.monotonic()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.monotonic() - t) * 1000, r.returncode

tools = {
    "camprobe show --json": lambda n: [c, "show", n, "--json", "--no-pipewire"],
    "v4l2-ctl --all --list-formats-ext --list-ctrls-menus": lambda n: ["v4l2-ctl", "-d", n, "--all", "--list-formats-ext", "--list-ctrls-menus"],
}
cold = {k: [] for k in tools}
warm = {k: [] for k in tools}
for i in range(runs):
    order = list(tools) if i % 2 == 0 else list(reversed(list(tools)))
    for k in order:
        replug()
        n = node()
        ms, rc = timed(tools[k](n)); cold[k].append(ms)
        for _ in range(2):
            ms, rc = timed(tools[k](n))
        warm[k].append(ms)
print("### %s (%s), median of %d, ms" % (os.path.basename(cam), node(), runs))
print("| command | cold | warm |")
print("|---|---:|---:|")
for k in tools:
    print("| `%s` | %.1f %s | %.1f %s |" % (k, statistics.median(cold[k]), ["%.0f" % x for x in cold[k]], statistics.median(warm[k]), ["%.0f" % x for x in warm[k]]))
a, b = list(tools)
print("ratio camprobe / v4l2-ctl: cold %.2f, warm %.2f" % (statistics.median(cold[a]) / statistics.median(cold[b]), statistics.median(warm[a]) / statistics.median(warm[b])))
n = node()
for k in tools:
    argv = tools[k](n)
    if argv[0] == c:  # valgrind 3.19 dies on this toolchain's DWARF: a `strip -g` copy runs the same instructions
        subprocess.run(["strip", "-g", c, "-o", "/tmp/cg-camprobe"])
        argv = ["/tmp/cg-camprobe"] + argv[1:]
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/tmp/cg.out"] + argv, capture_output=True, text=True)
    ir = [l.split("Collected :")[-1].strip() for l in r.stderr.splitlines() if "Collected" in l]
    print("callgrind (warm) %s: %s instructions" % (k, ir[-1] if ir else "n/a"))
PY
    ./uvc-gadget down > /dev/null
    udevadm settle
done
