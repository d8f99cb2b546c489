#!/usr/bin/env python3
"""Side-by-side benchmark, run INSIDE the qemu guest by run-guest.sh (one boot).

Loads vivid as two webcam-like instances (83 formats x 6 sizes, 3,486 intervals,
59 controls each), starts udevd, and times camprobe against the peers that tell
the same things, commands interleaved (A B C, A B C, ...), median of BENCH_RUNS
(default 5). Every camprobe binary named in CAMPROBE_BINS (label=path,...) is
measured in the same boot, so "before" and "after" share the machine.

Per binary and peer: wall time (median, min, max), ioctls (strace -c), state-
changing ioctls, and peak RSS (ru_maxrss of the child). Then hotplug latency beside
`udevadm monitor --udev` over HOTPLUG_CYCLES (100) vivid load/unload cycles
(guest/hotplug_latency.py). BENCH_PARTS=oneshot or =hotplug runs one of the two;
BENCH_PARTS=uvc-hotplug measures the same over usbip detach/attach of the UVC gadget.
Writes VM_OUT/bench.md and
prints it. Information, not assertions: it exits 0 unless it cannot run.
"""

import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from guest import blocks_uvc, hotplug_latency  # noqa: E402
from guest.harness import capture_nodes, modprobe, rmmod, run, settle, start_udev, video_nodes  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "5"))
SETTERS = ("VIDIOC_S_FMT", "VIDIOC_TRY_FMT", "VIDIOC_S_PARM", "VIDIOC_S_CTRL", "VIDIOC_S_EXT_CTRLS", "VIDIOC_S_INPUT")


def timed(argvs):
    """Wall seconds of running each argv in turn (a row may need several commands)."""
    t0 = time.monotonic()
    for argv in argvs:
        p = subprocess.run(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300
        )
        if p.returncode not in (0, 3):
            raise RuntimeError("%s exited %d" % (" ".join(argv), p.returncode))
    return time.monotonic() - t0


def rss_of(argvs):
    """Peak RSS (KB) of the largest process of a row, each measured alone under /usr/bin/time."""
    peak = 0
    for argv in argvs:
        r = run(["/usr/bin/time", "-f", "%M", *argv], timeout=300)
        last = r.err.strip().splitlines()[-1:] or ["0"]
        try:
            peak = max(peak, int(last[0]))
        except ValueError:
            pass
    return peak


def ioctls(argvs):
    """ioctls issued by a row (strace -f -c), and how many of them change device state."""
    total = setters = 0
    for argv in argvs:
        r = run(["strace", "-f", "-qq", "-e", "trace=ioctl", "-o", "/tmp/bench.strace", *argv], timeout=600)
        if r.rc not in (0, 3):
            continue
        with open("/tmp/bench.strace", errors="replace") as f:
            for line in f:
                if "ioctl(" in line:
                    total += 1
                    if any(s in line for s in SETTERS):
                        setters += 1
    return total, setters


def instructions(argvs):
    """Instructions executed by a row (valgrind --tool=callgrind, summed over its commands); 0 when valgrind fails."""
    total = 0
    for argv in argvs:
        if argv[0].startswith("/"):
            # valgrind 3.19 dies on this toolchain's DWARF (an internal SIGSEGV, no count): a `strip -g` copy runs
            # the same instructions.
            copy = "/tmp/bench-cg-%d" % (abs(hash(argv[0])) % 100000)
            if not os.path.exists(copy):
                run(["strip", "-g", argv[0], "-o", copy], timeout=120)
            argv = [copy, *argv[1:]]
        r = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/tmp/bench.cg", *argv], timeout=900)
        got = [l.split("Collected :")[-1].strip() for l in r.err.splitlines() if "Collected :" in l]
        if not got:
            return 0
        total += int(got[-1])
    return total


def measure(rows):
    """rows: [(group, label, [argv, ...])]. Interleaved: every row once per round, RUNS rounds."""
    times = {label: [] for _, label, _ in rows}
    for _ in range(RUNS):
        for _, label, argvs in rows:
            times[label].append(timed(argvs))
    out = []
    for group, label, argvs in rows:
        t = times[label]
        n, s = ioctls(argvs)
        out.append((group, label, statistics.median(t), min(t), max(t), n, s, rss_of(argvs), instructions(argvs)))
    return out


def uvc_hotplug(bins, cycles, out):
    """The same latency over usbip detach/attach of the UVC gadget (scripts/vm/uvc-gadget): a
    real USB disconnect and enumeration, uvcvideo's capture, metadata and media nodes."""
    up = run([os.path.join(HERE, "uvc-gadget"), "up"], timeout=600)
    if up.rc != 0:
        return ["", "### Hotplug over USB/IP: the UVC gadget did not come up (%s)" % up.err.strip()[-300:]]
    plug, unplug = blocks_uvc.usbip_plug("usbip-vudc.0")
    lines = []
    for label, path in bins:
        unplug()
        time.sleep(3)
        r = hotplug_latency.measure(
            path, cycles, os.path.join(out, "uvc-hotplug-%s.log" % label), plug=plug, unplug=unplug
        )
        plug()
        time.sleep(3)
        lines += [
            "",
            "### Hotplug over USB/IP: `%s monitor --json` beside `udevadm monitor --udev`, %d usbip detach/attach "
            "cycles of the UVC gadget" % (label, cycles),
            "",
            "%d connected (%d announced before their capabilities), %d capabilities, %d disconnected; %d udev node events."
            % (
                r["counts"]["connected"],
                r["pending"],
                r["counts"]["capabilities"],
                r["counts"]["disconnected"],
                r["udev_events"],
            ),
            "",
            hotplug_latency.table(r).rstrip("\n"),
        ]
    run([os.path.join(HERE, "uvc-gadget"), "down"], timeout=300)
    return lines


def main():
    bins = [kv.split("=", 1) for kv in os.environ.get("CAMPROBE_BINS", "").split(",") if "=" in kv]
    if not bins and os.environ.get("CAMPROBE"):
        bins = [("camprobe", os.environ["CAMPROBE"])]
    if not bins:
        print("bench_guest.py: set CAMPROBE_BINS=label=path,... (or CAMPROBE)", file=sys.stderr)
        return 2
    out = os.environ.get("VM_OUT") or "/tmp/vm-out"
    os.makedirs(out, exist_ok=True)
    start_udev()
    modprobe("vivid", "n_devs=2", "node_types=0x1,0x1", "num_inputs=1,1", "input_types=0x0,0x0")
    settle()
    nodes = capture_nodes()
    node = nodes[0] if nodes else "/dev/video0"
    every = video_nodes()
    peer_all = [["v4l2-ctl", "--list-devices"]] + [
        ["v4l2-ctl", "-d", n, "--all", "--list-formats-ext", "--list-ctrls-menus"] for n in every
    ]
    rows = []
    for label, path in bins:
        rows.append(("show", "`%s show %s --json`" % (label, node), [[path, "show", node, "--json"]]))
    rows.append(
        (
            "show",
            "`v4l2-ctl -d %s --list-formats-ext --list-ctrls-menus`" % node,
            [["v4l2-ctl", "-d", node, "--list-formats-ext", "--list-ctrls-menus"]],
        )
    )
    for label, path in bins:
        rows.append(("list", "`%s list --json`" % label, [[path, "list", "--json"]]))
    rows.append(
        (
            "list",
            "`v4l2-ctl --list-devices` + `v4l2-ctl -d N --all --list-formats-ext --list-ctrls-menus` on %d nodes"
            % len(every),
            peer_all,
        )
    )
    rows.append(
        (
            "list",
            "the same sweep without controls (`--all --list-formats-ext`): `list` reads none",
            [["v4l2-ctl", "--list-devices"]] + [["v4l2-ctl", "-d", n, "--all", "--list-formats-ext"] for n in every],
        )
    )
    rows.append(("list", "`gst-device-monitor-1.0 Video/Source`", [["gst-device-monitor-1.0", "Video/Source"]]))
    for label, path in bins:
        rows.append(("version", "`%s --version`" % label, [[path, "--version"]]))
    rows.append(("version", "`v4l2-ctl --version`", [["v4l2-ctl", "--version"]]))
    parts = (os.environ.get("BENCH_PARTS") or "oneshot,hotplug").split(",")
    results = measure(rows) if "oneshot" in parts else []
    uname = os.uname()
    lines = [
        "### Side by side in one boot (kernel %s, vivid n_devs=2 webcam inputs, qemu, %d interleaved rounds)"
        % (uname.release, RUNS),
        "",
        "| group | command | median (ms) | min | max | ioctls | state-changing | peak RSS (KB) | instructions (callgrind) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for group, label, med, lo, hi, n, s, rss, ir in results:
        lines.append(
            "| %s | %s | %.1f | %.1f | %.1f | %d | %d | %d | %s |"
            % (group, label, med * 1000, lo * 1000, hi * 1000, n, s, rss, f"{ir:,}" if ir else "n/a")
        )
    rmmod("vivid")
    # Hotplug, side by side with udevadm monitor --udev (one vivid webcam loaded and unloaded HOTPLUG_CYCLES times).
    cycles = int(os.environ.get("HOTPLUG_CYCLES") or 100)
    for label, path in bins if "hotplug" in parts else []:
        r = hotplug_latency.measure(path, cycles, os.path.join(out, "hotplug-%s.log" % label))
        lines += [
            "",
            "### Hotplug: `%s monitor --json` beside `udevadm monitor --udev`, %d vivid load/unload cycles"
            % (label, cycles),
            "",
            "%d connected (%d announced before their capabilities), %d capabilities, %d disconnected; %d udev node events."
            % (
                r["counts"]["connected"],
                r["pending"],
                r["counts"]["capabilities"],
                r["counts"]["disconnected"],
                r["udev_events"],
            ),
            "",
            hotplug_latency.table(r).rstrip("\n"),
        ]
    if "uvc-hotplug" in parts:
        lines += uvc_hotplug(bins, cycles, out)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "bench.md"), "w") as f:
        f.write(text)
    print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
