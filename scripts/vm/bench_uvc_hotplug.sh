#!/bin/sh
# Hotplug A/B on uvcvideo by source stamps (Reports/benchmarks.md §24): a replayed camera (CAMERA, default the EMEET S800)
# attached and detached over USB/IP; each binary of BINS="label=/path …" runs ROUNDS × CYCLES cycles, interleaved, in one boot,
# `monitor --json` beside `udevadm monitor --udev` on the node subsystems (MONARGS="--log-level trace" keeps a trace per run);
# the table's **kept** rows are the measure of §31 (P27).
#   scripts/vm/run-guest.sh scripts/vm/bench_uvc_hotplug.sh OUT "BINS=before=/tmp/a after=/tmp/b" ROUNDS=2 CYCLES=50   # OUT/ab.txt
# For P27's 100-cycle figure, give qemu a translation cache the run does not fill and have it say so (§40): with
# qemu's default 1 GiB, a boot and about 50 cycles fill it, qemu drops every translation, and the next connect pays
# for translating everything again, as the first one does:
#   CAMPROBE_VM_TB_MB=2048 CAMPROBE_VM_JIT_WATCH=1 scripts/vm/run-guest.sh scripts/vm/bench_uvc_hotplug.sh OUT \
#     "BINS=a=.build-static/release/camprobe" ROUNDS=1 CYCLES=100 CAMERA=uvc_gadget/cameras/03-logitech-c525-falcons.json
#   (the last line on stderr: "vm: qemu flushed its translation cache 0 time(s) while the guest ran (OUT/jit.txt)")
here=$(cd "$(dirname "$0")" && pwd)
exec > $VM_OUT/ab.txt 2>&1
mount -t tmpfs tmpfs /tmp 2>/dev/null
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add; udevadm settle
cd "$here"
./uvc-gadget up ${CAMERA:-uvc_gadget/cameras/25-emeet-smartcam-s800-4k.json} | tail -1
udevadm settle
cd "$here" && python3 - <<'PY'
import json, os, sys, time
sys.path.insert(0, ".")
from guest import hotplug_latency, blocks_uvc
from guest.harness import wait_until
out = os.environ["VM_OUT"]
bins = [b.split("=", 1) for b in os.environ["BINS"].split()]
plug, unplug = blocks_uvc.usbip_plug("usbip-vudc.0")
unplug(); wait_until(lambda: not blocks_uvc.uvc_nodes(), 30)
allr = {l: {"connected": [], "capabilities": [], "disconnected": [], "after_plug": [], "late": 0, "counts": [],
            "kept": {"connected": [], "disconnected": []}} for l, _ in bins}
args = tuple(os.environ.get("MONARGS", "").split())
for rnd in range(int(os.environ.get("ROUNDS", "2"))):
    for label, path in bins:
        r = hotplug_latency.measure(path, int(os.environ.get("CYCLES", "20")), os.path.join(out, "hp-%s-%d.log" % (label, rnd)),
                                    plug=plug, unplug=unplug, monitor_args=args,
                                    stderr_path=os.path.join(out, "hp-%s-%d.err" % (label, rnd)))
        for k in ("connected", "capabilities", "disconnected", "after_plug"):
            allr[label][k] += r[k]
        allr[label]["late"] += r["late"]
        for k in ("connected", "disconnected"):
            allr[label]["kept"][k] += r["kept"][k]
        allr[label]["counts"].append(r["counts"])
        print(label, rnd, r["counts"], "connected p50 %.1f p99 %.1f" % (hotplug_latency.percentile(r["connected"], .5), hotplug_latency.percentile(r["connected"], .99)), flush=True)
for label, _ in bins:
    r = allr[label]
    print("\n###", label, r["counts"])
    print(hotplug_latency.table(r))
json.dump(allr, open(os.path.join(out, "ab.json"), "w"))
PY
