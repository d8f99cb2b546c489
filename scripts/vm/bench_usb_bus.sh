#!/bin/sh
# What reading the USB bus model costs `camprobe list` in the guest (Reports/benchmarks.md §23): two replayed
# cameras (uvc-gadget), `list --no-pipewire` 15 times with and without CAMPROBE_BENCH_NO_USB_BUS=1, interleaved.
#   strip -g .build/debug/camprobe -o .build/strip/camprobe; scripts/vm/run-guest.sh scripts/vm/bench_usb_bus.sh OUT   # OUT/bench.txt
here=$(cd "$(dirname "$0")" && pwd)
exec > $VM_OUT/bench.txt 2>&1
mount -t tmpfs tmpfs /tmp 2>/dev/null
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add; udevadm settle
cd "$here"
N0=$(./uvc-gadget up uvc_gadget/cameras-bw/logitech-b990.json | tail -1)
N1=$(./uvc-gadget up --instance 1 uvc_gadget/cameras-bw/realtek-0bda-5801.json | tail -1)
udevadm settle
C=${CAMPROBE:-$here/../../.build/strip/camprobe}
$C list --no-pipewire > /dev/null 2>&1
python3 - "$C" <<'PY'
import os, subprocess, sys, time, statistics
c = sys.argv[1]
def once(env):
    t = time.monotonic(); subprocess.run([c, "list", "--no-pipewire"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); return (time.monotonic() - t) * 1000
base = dict(os.environ); off = dict(os.environ, CAMPROBE_BENCH_NO_USB_BUS="1")
a, b = [], []
for i in range(15):
    a.append(once(base)); b.append(once(off))
print("list with the bus model: median %.1f ms %s" % (statistics.median(a), ["%.0f" % x for x in a]))
print("list without          : median %.1f ms %s" % (statistics.median(b), ["%.0f" % x for x in b]))
print("ratio %.3f" % (statistics.median(a) / statistics.median(b)))
for name, env in (("with", base), ("without", off)):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/tmp/cg.%s" % name, c, "list", "--no-pipewire"], env=env, capture_output=True, text=True)
    ir = [l for l in r.stderr.splitlines() if "Collected" in l]
    print("callgrind %s: %s" % (name, ir[-1] if ir else r.stderr[-300:]))
PY
./uvc-gadget down --instance 1
./uvc-gadget down
