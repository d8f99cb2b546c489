"""Two measures of uvcvideo hotplug latency on the same cycles (issue P27 item 1; Reports/benchmarks.md §31).

One boot, one camprobe (`$CAMPROBE`, default the shipped build), one `camprobe monitor --json`, and two udev
listeners side by side:
- A: `udevadm monitor --udev --kernel` (what guest/hotplug_latency.py ran for the §24 bench);
- B: `udevadm monitor --udev --subsystem-match=video4linux --subsystem-match=media` (the issue's method, and
  the kept one: guest/hotplug_latency.py runs it now).
Cycles alternate the two ways of plugging: `usbip attach`/`detach` from this process (the bench's way) and
`uvc-gadget attach`/`detach` as separate commands (the issue's way). Per cycle it records every udev line
each listener printed, and the monitor's lines, with source stamps and reader arrival stamps; OUT/reconcile.json
holds them; hotplug_reconcile_report.py prints both measures from it.

  scripts/vm/run-guest.sh scripts/vm/hotplug_reconcile.py OUT CYCLES=40 [CAMERA=uvc_gadget/cameras/….json]
      [CAMPROBE=/path/to/camprobe] [MODES=usbip,cli] [MONARGS="--log-level trace"]
"""

import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, HERE)
from guest import blocks_uvc, hotplug_latency  # noqa: E402
from guest.harness import run, settle, start_udev, wait_until  # noqa: E402
from guest.uvc_common import uvc_nodes  # noqa: E402

OUT = os.environ["VM_OUT"]
CAMPROBE = os.environ.get("CAMPROBE", "/work/main/.build-static/release/camprobe")
CAMERA = os.environ.get("CAMERA", "uvc_gadget/cameras/25-emeet-smartcam-s800-4k.json")
CYCLES = int(os.environ.get("CYCLES", "40"))
MODES = os.environ.get("MODES", "usbip,cli").split(",")
MONARGS = tuple(os.environ.get("MONARGS", "").split())


def kind_of(line):
    """A monitor line's top-level "event": keys are sorted, so it comes after "device" and is the last one."""
    at = line.rfind('"event":"')
    return line[at + 9 : line.find('"', at + 9)] if at >= 0 else ""


def stamp_of(line):
    """A monitor line's top-level "time" (the last key)."""
    at = line.rfind('"time":"')
    return line[at + 8 : line.find('"', at + 8)] if at >= 0 else ""


def listen(argv, stderr=subprocess.DEVNULL):
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr)
    return p, hotplug_latency.Stamped(p.stdout)


def main():
    subprocess.run(["mount", "-t", "tmpfs", "tmpfs", "/tmp"], capture_output=True)
    start_udev()
    settle()
    os.chdir(HERE)
    up = run(["./uvc-gadget", "up", CAMERA], timeout=300)
    print("up:", up.rc, up.out.strip()[-200:], up.err.strip()[-300:], flush=True)
    run(["udevadm", "settle"], timeout=60)
    desc = json.load(open(CAMERA))
    plug, unplug = blocks_uvc.usbip_plug(desc.get("udc", "usbip-vudc.0"))
    unplug()
    wait_until(lambda: not uvc_nodes(), 30)
    ua, a = listen(["udevadm", "monitor", "--udev", "--kernel"])
    ub, b = listen(["udevadm", "monitor", "--udev", "--subsystem-match=video4linux", "--subsystem-match=media"])
    err = open(os.path.join(OUT, "monitor.err"), "w")
    mp, m = listen([CAMPROBE, "monitor", "--json", *MONARGS], stderr=err)
    offset = hotplug_latency.clock_offset()
    time.sleep(2)
    cycles = []

    seen = {"connected": 0, "capabilities": 0, "disconnected": 0}
    looked = [0]

    def count(kind):
        """Lines of `kind` so far; each line looked at once, by its last "event" key (a capabilities line is large)."""
        with m.lock:
            fresh = m.lines[looked[0] :]
        looked[0] += len(fresh)
        for _, line in fresh:
            k = kind_of(line)
            if k in seen:
                seen[k] += 1
        return seen[kind]

    for c in range(CYCLES):
        mode = MODES[c % len(MODES)]
        start = time.monotonic()
        if mode == "cli":
            run(["./uvc-gadget", "attach"], timeout=120)
        else:
            plug()
        returned = time.monotonic()
        wait_until(lambda: count("capabilities") >= len(cycles) + 1, 20, 0.05)  # noqa: B023
        time.sleep(0.3)
        removed = time.monotonic()
        if mode == "cli":
            run(["./uvc-gadget", "detach"], timeout=120)
        else:
            unplug()
        wait_until(lambda: count("disconnected") >= len(cycles) + 1, 20, 0.05)  # noqa: B023
        wait_until(lambda: not uvc_nodes(), 20, 0.05)
        time.sleep(0.5)
        cycles.append({"mode": mode, "start": start, "returned": returned, "removed": removed})
        print("cycle", c + 1, mode, dict(seen), "%.1f s" % (time.monotonic() - start), flush=True)
    time.sleep(0.5)
    offset_end = hotplug_latency.clock_offset()
    mp.send_signal(2)
    for p in (ua, ub):
        p.terminate()
    for p in (mp, ua, ub):
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
    raw = {
        "camprobe": CAMPROBE,
        "camera": CAMERA,
        "offset": offset,
        "offset_end": offset_end,
        "cycles": cycles,
        "A": a.snapshot(),
        "B": b.snapshot(),
        "M": [(t, kind_of(line), stamp_of(line), len(line)) for t, line in m.snapshot()],
    }
    json.dump(raw, open(os.path.join(OUT, "reconcile.json"), "w"))
    print("cycles", len(cycles), "A lines", len(raw["A"]), "B lines", len(raw["B"]), "M lines", len(raw["M"]))


main()
