"""Hotplug latency side by side with udevd's own listener (issue P17 item 6).

`camprobe monitor --json` and `udevadm monitor --udev` (on the node subsystems only)
run together. The kept measure (`kept`, issue P27, Reports/benchmarks.md §31): per
cycle, from udevadm's stamp of the last node event to the arrival here of camprobe's
first `connected` (or `disconnected`) line, what a recorder reading the monitor sees.
The other rows time each side by its own source stamp: udevadm prints CLOCK_MONOTONIC when it prints an
event ("UDEV  [1234.567890] add …"), camprobe the wall-clock `time` of each JSON
line (milliseconds), turned into CLOCK_MONOTONIC with the offset between the two
clocks read here. A reader's arrival stamps are kept beside them ("reader"): under
TCG on one CPU the reader thread may not run while `usbip attach` runs, so arrival
stamps can read near 0 on uvcvideo (issue P22). vivid is loaded and
unloaded CYCLES times (or a UVC gadget attached and detached over USB/IP). For each camprobe `connected` / `disconnected` line the
latency is measured from the last udev event of that load's (or unload's) burst
for the device's nodes (video4linux and media), and the `capabilities` line that
follows a connect is timed the same way.

Used by bench_guest.py (scripts/bench) and by the suite's block hotplug.
"""

import collections
import contextlib
import datetime
import json
import re
import subprocess
import threading
import time

from guest.harness import WEBCAM, modprobe, rmmod
from guest.ready import ReadySocket

UDEV_LINE = re.compile(r"^UDEV\s+\[([0-9.]+)\]\s+(\w+)\s+(\S+)\s+\((\S+)\)")
NODE_SUBSYSTEMS = ("video4linux", "media")
# udevadm is woken only for the node events (its kernel-side filter): on one CPU it then takes no turns for the
# USB, input and bind events of the same device. Its stamp is its own clock_gettime(CLOCK_MONOTONIC) when it prints
# the event (systemd, src/udev/udevadm-monitor.c, print_device), the moment a listener had it, not udevd's.
UDEVADM = ["udevadm", "monitor", "--udev", *("--subsystem-match=" + s for s in NODE_SUBSYSTEMS)]


class Stamped:
    """Every line of a pipe with its arrival time (monotonic seconds). `classify` (optional) names a line's kind
    as it arrives; `wait` sleeps until the counts of those kinds satisfy a predicate, woken by each line: the
    harness takes no turns of the one CPU while camprobe and udev work (a 5 ms poll that re-read every line took
    up to 8 ms of a 40 ms connect, Reports/benchmarks.md §38)."""

    def __init__(self, pipe, classify=None):
        self.lines, self.lock = [], threading.Condition()
        self.classify, self.counts, self.ended = classify, collections.Counter(), False
        self.thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self.thread.start()

    def _read(self, pipe):
        for raw in iter(pipe.readline, b""):
            t = time.monotonic()
            line = raw.decode(errors="replace").rstrip("\n")
            kind = self.classify(line) if self.classify else None
            with self.lock:
                self.lines.append((t, line))
                if kind:
                    self.counts[kind] += 1
                self.lock.notify_all()
        with self.lock:
            self.ended = True
            self.lock.notify_all()

    def snapshot(self):
        with self.lock:
            return list(self.lines)

    def count(self, kind):
        with self.lock:
            return self.counts[kind]

    def wait(self, predicate, timeout):
        """True once predicate(counts) holds; False after `timeout` seconds or when the pipe ended without it."""
        with self.lock:
            self.lock.wait_for(lambda: self.ended or predicate(self.counts), timeout)
            return predicate(self.counts)


def udev_kind(line):
    """A udevadm line's action when it is a node event (video4linux, media)."""
    g = UDEV_LINE.match(line)
    return g.group(2) if g and g.group(4) in NODE_SUBSYSTEMS else None


def monitor_kind(line):
    """A `monitor --json` line's event, without parsing it (a `capabilities` line is large). Keys are sorted, so the
    top-level `event` comes after `device`; a `connected` line with a `capabilities` key (pending: read after) is
    `connected-pending`, one without it carried them."""
    i = line.rfind('"event":"')
    if i < 0:
        return None
    kind = line[i + 9 : line.find('"', i + 9)]
    return kind + "-pending" if kind == "connected" and line.startswith('{"capabilities":') else kind


def clock_offset():
    """CLOCK_REALTIME minus CLOCK_MONOTONIC, seconds (the narrowest of five reads)."""
    best = None
    for _ in range(5):
        a = time.clock_gettime(time.CLOCK_MONOTONIC)
        r = time.clock_gettime(time.CLOCK_REALTIME)
        b = time.clock_gettime(time.CLOCK_MONOTONIC)
        if best is None or b - a < best[0]:
            best = (b - a, r - (a + b) / 2)
    return best[1]


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round((len(s) - 1) * p)))]


def measure(
    camprobe, cycles, log_path=None, module_args=WEBCAM, plug=None, unplug=None, monitor_args=(), stderr_path=None
):
    """Runs the cycles; returns a dict of latency lists (ms) and counts. plug/unplug: how a
    device comes and goes (default: vivid loaded with module_args and unloaded; the UVC
    gadget's block passes usbip attach and detach)."""
    plug = plug or (lambda: modprobe("vivid", *module_args))
    unplug = unplug or (lambda: rmmod("vivid"))
    udev = subprocess.Popen(
        UDEVADM,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    # The monitor writes its stderr to the log through its own copy of the descriptor; ours is closed once it runs.
    ready = ReadySocket()
    with open(stderr_path, "w") if stderr_path else contextlib.nullcontext(subprocess.DEVNULL) as err:
        mon = subprocess.Popen(
            [camprobe, "monitor", "--json", *monitor_args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=err,
            env=ready.env(),
        )
    u, m = Stamped(udev.stdout, udev_kind), Stamped(mon.stdout, monitor_kind)
    offset = clock_offset()

    def stamp(e):
        """A camprobe JSON line's `time` on CLOCK_MONOTONIC (seconds), or None."""
        try:
            wall = datetime.datetime.strptime(e["time"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.UTC)
        except (KeyError, TypeError, ValueError):
            return None
        return wall.timestamp() - offset

    plugged = []  # when each plug() returned (monotonic)
    # camprobe says when it listens (READY=1 on $NOTIFY_SOCKET); udevadm, started first, has no such signal.
    listening = ready.wait(60, alive=lambda: mon.poll() is None)
    ready.close()
    if not listening:
        print("info: hotplug: the monitor sent no READY=1 within 60 s; cycling anyway", flush=True)
    time.sleep(0.5)

    parsed = []  # (time, event) per monitor line, each line parsed once (a capabilities line is large)

    def events(kind):
        lines = m.snapshot()
        for t, line in lines[len(parsed) :]:
            try:
                e = json.loads(line)
            except ValueError:
                e = {"event": "<unparsable>"}
            e.pop("device", None)
            parsed.append((t, e))
        return [(t, e) for t, e in parsed if e.get("event") == kind]

    marks = []  # (phase, start time)
    for c in range(1, cycles + 1):
        marks.append(("add", time.monotonic()))
        adds = u.count("add")
        plug()
        plugged.append(time.monotonic())
        # Whole: its capabilities line, or a connected line that carried them (a camprobe that reads before it announces).
        m.wait(lambda n: n["capabilities"] + n["connected"] >= c, 20)  # noqa: B023
        rmmod_at = time.monotonic()
        marks.append(("remove", rmmod_at))
        removes = u.count("remove")
        unplug()
        m.wait(lambda n: n["disconnected"] >= c, 20)  # noqa: B023
        # udevadm's own remove lines too: a cycle that starts before they are printed would leave
        # camprobe's disconnect with no udev burst in its phase (seen when camprobe answered first).
        u.wait(lambda n: n["remove"] - removes >= n["add"] - adds, 5)  # noqa: B023
    time.sleep(0.5)
    offset_end = clock_offset()
    mon.send_signal(2)
    udev.terminate()
    for p in (mon, udev):
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
    udev_events = []  # (source stamp, reader stamp, action, devpath)
    for t, line in u.snapshot():
        g = UDEV_LINE.match(line)
        if g and g.group(4) in NODE_SUBSYSTEMS:
            udev_events.append((float(g.group(1)), t, g.group(2), g.group(3)))
    ours = {k: events(k) for k in ("connected", "capabilities", "disconnected")}

    def window(t):
        """The [start, end) of the phase a line at time t belongs to."""
        start = max((s for _, s in marks if s <= t), default=0.0)
        later = [s for _, s in marks if s > t]
        return start, (later[0] if later else float("inf"))

    def latency(kind, action, source=True):
        """From the last node event of the burst of the phase (load or unload) the line belongs to. source: both
        sides by their own stamps (udevadm's CLOCK_MONOTONIC, camprobe's `time`); else by the reader's arrival."""
        out = []
        for t, e in ours[kind]:
            at = stamp(e) if source else t
            if at is None:
                continue
            start, end = window(at)
            burst = [
                (us if source else ut)
                for us, ut, a, _ in udev_events
                if a == action and start <= (us if source else ut) < end
            ]
            if burst:
                out.append((at - max(burst)) * 1000)
        return out

    def after_plug():
        """Per cycle: from the return of plug() to the camera's `connected` line (source stamp), ms; inf: none
        in that cycle's load phase. Negative when camprobe announced before `usbip attach` returned."""
        out = []
        adds = [s for phase, s in marks if phase == "add"]
        for start, ret in zip(adds, plugged, strict=False):
            _, end = window(start)
            seen = [a for a in (stamp(e) for _, e in ours["connected"]) if a is not None and start <= a < end]
            out.append(((min(seen) - ret) * 1000) if seen else float("inf"))
        return out

    def kept(kind, action):
        """The kept measure (issue P27, Reports/benchmarks.md §31), one value per cycle: from udevadm's stamp of the
        last node event of `action` in the phase to the arrival, at this reader, of camprobe's first `kind` line in
        it: what a recorder waiting on the line sees. inf: no such line in the phase (unannounced)."""
        out = []
        starts = [(phase, s) for phase, s in marks]
        for i, (phase, start) in enumerate(starts):
            if phase != action:
                continue
            end = starts[i + 1][1] if i + 1 < len(starts) else float("inf")
            burst = [us for us, _, a, _ in udev_events if a == action and start <= us < end]
            seen = [t for t, _ in ours[kind] if start <= t < end]
            if burst:
                out.append(((min(seen) - max(burst)) * 1000) if seen else float("inf"))
        return out

    waits = after_plug()
    result = {
        "cycles": cycles,
        "connected": latency("connected", "add"),
        "capabilities": latency("capabilities", "add"),
        "disconnected": latency("disconnected", "remove"),
        "reader": {
            "connected": latency("connected", "add", False),
            "disconnected": latency("disconnected", "remove", False),
        },
        "kept": {"connected": kept("connected", "add"), "disconnected": kept("disconnected", "remove")},
        "after_plug": waits,
        "late": sum(1 for w in waits if w > 4000),
        "counts": {k: len(v) for k, v in ours.items()},
        "udev_events": len(udev_events),
        "pending": sum(1 for _, e in ours["connected"] if e.get("capabilities") == "pending"),
        "clock_offset_drift_ms": (offset_end - offset) * 1000,
    }
    if log_path:
        with open(log_path, "w") as f:
            for t, line in sorted(
                [(t, "udev " + l) for t, l in u.snapshot()] + [(t, "camprobe " + l) for t, l in m.snapshot()]
            ):
                f.write("%.6f %s\n" % (t, line[:300]))
    return result


def row(label, v):
    """One markdown row: samples, p50, p99, max and min of `v` (ms)."""
    nan = float("nan")
    return "| %s | %d | %.1f | %.1f | %.1f | %.1f |" % (
        label,
        len(v),
        percentile(v, 0.5),
        percentile(v, 0.99),
        max(v) if v else nan,
        min(v) if v else nan,
    )


def table(r):
    """Markdown rows: p50 / p99 / max per kind."""
    rows = [
        "| event (from the last udev node event of its burst) | samples | p50 ms | p99 ms | max ms | min ms |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for k, label in (
        ("connected", "`connected` (identity and nodes)"),
        ("capabilities", "`capabilities` (formats and controls read)"),
        ("disconnected", "`disconnected`"),
    ):
        rows.append(row(label, r[k]))
    for k, label in (
        ("connected", "`connected`, by the reader's arrival stamps"),
        ("disconnected", "`disconnected`, by the reader's arrival stamps"),
    ):
        v = r.get("reader", {}).get(k, [])
        if v:
            rows.append(row(label, v))
    for k, label in (
        ("connected", "**kept**: first `connected`, its arrival here, from udevadm's last node `add`"),
        ("disconnected", "**kept**: first `disconnected`, its arrival here, from udevadm's last node `remove`"),
    ):
        v = r.get("kept", {}).get(k, [])
        if v:
            rows.append(row("%s (%d unannounced)" % (label, sum(1 for x in v if x == float("inf"))), v))
    w = [x for x in r.get("after_plug", []) if x != float("inf")]
    if w:
        rows.append(
            "| `connected` after `plug` returned (%d of %d cycles seen, %d after 4 s) | %d | %.1f | %.1f | %.1f | %.1f |"
            % (len(w), len(r["after_plug"]), r["late"], len(w), percentile(w, 0.5), percentile(w, 0.99), max(w), min(w))
        )
    return (
        "\n".join(rows) + "\n" + "\nTimes by each side's own stamp (udevadm: CLOCK_MONOTONIC; camprobe: `time`, ms).\n"
    )
