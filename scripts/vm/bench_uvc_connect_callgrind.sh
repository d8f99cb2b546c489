#!/bin/sh
# Instructions to `connected` on uvcvideo, per cycle (Reports/benchmarks.md §36): for each binary of BINS="label=/path …",
# `monitor --json` runs under callgrind beside a replayed camera (CAMERA, default the C525); per cycle the counters are
# zeroed, the camera attached over USB/IP, and the counters dumped when the `connected` line arrives. Deterministic
# where the latency measures of §31 are not: the count is the work camprobe does, whatever the host's load.
#   scripts/vm/run-guest.sh scripts/vm/bench_uvc_connect_callgrind.sh OUT "BINS=before=/path/a after=/path/b" CYCLES=5
#   (binaries outside /tmp: the guest's /tmp is its own tmpfs; OUT/callgrind.txt has a line per cycle, OUT/cg-* the dumps)
here=$(cd "$(dirname "$0")" && pwd)
exec > "$VM_OUT/callgrind.txt" 2>&1
mount -t tmpfs tmpfs /tmp 2>/dev/null
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add; udevadm settle
cd "$here" || exit 1
./uvc-gadget up "${CAMERA:-uvc_gadget/cameras/03-logitech-c525-falcons.json}" | tail -1
udevadm settle
python3 - <<'PY'
import glob, os, queue, signal, subprocess, sys, threading, time

sys.path.insert(0, ".")
from guest import blocks_uvc
from guest.harness import wait_until

out = os.environ["VM_OUT"]
plug, unplug = blocks_uvc.usbip_plug("usbip-vudc.0")
unplug()
wait_until(lambda: not blocks_uvc.uvc_nodes(), 30)


def reader(p):
    """A queue of the monitor's lines, filled by a thread of its own (select() on a buffered pipe misses lines)."""
    q = queue.Queue()

    def pump():
        for row in p.stdout:
            q.put(row)

    threading.Thread(target=pump, daemon=True).start()
    return q


def line(q, t):
    try:
        return q.get(timeout=t)
    except queue.Empty:
        return ""


def total(path):
    """callgrind's `summary:`/`totals:` count of one dump."""
    for row in open(path):
        if row.startswith(("summary:", "totals:")):
            return int(row.split()[1])
    return None


for label, path in [b.split("=", 1) for b in os.environ["BINS"].split()]:
    bare = "/tmp/cg-%s" % label  # valgrind 3.19 dies on this toolchain's DWARF: a `strip -g` copy runs the same code
    subprocess.run(["strip", "-g", path, "-o", bare], check=True)
    cg = os.path.join(out, "cg-%s" % label)
    p = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, bare, "monitor", "--json"],
        stdout=subprocess.PIPE, stderr=open(cg + ".err", "w"), text=True, bufsize=1)
    lines = reader(p)
    time.sleep(20)  # started and idle: its startup is not counted
    counts = []
    for i in range(int(os.environ.get("CYCLES", "5"))):
        subprocess.run(["callgrind_control", "-z", str(p.pid)], capture_output=True)
        time.sleep(1)
        plug()
        got, t0 = "", time.monotonic()
        while '"event":"connected"' not in got and time.monotonic() - t0 < 60:
            got = line(lines, 60)
        subprocess.run(["callgrind_control", "-d", "connect%d" % i, str(p.pid)], capture_output=True)
        dumps = sorted(glob.glob(cg + ".*[0-9]"), key=os.path.getmtime)
        n = total(dumps[-1]) if dumps else None
        ok = '"event":"connected"' in got
        counts.append(n)
        print("%s cycle %d: %s, %s instructions to it" % (label, i, "connected" if ok else "NOT connected", n), flush=True)
        time.sleep(8)  # the capabilities read ends
        while line(lines, 0.1):
            pass
        unplug()
        wait_until(lambda: not blocks_uvc.uvc_nodes(), 30)
        time.sleep(5)
        while line(lines, 0.1):
            pass
    p.send_signal(signal.SIGINT)
    try:
        p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
    good = sorted(c for c in counts if c)
    print("%s: instructions to connected per cycle %s; median %s" % (label, counts, good[len(good) // 2] if good else None), flush=True)
PY
