"""Block usb-requests (P22 item 1, "keep USB requests at the floor"): the UVC class requests each
camprobe command makes a real uvcvideo camera answer, against v4l2-ctl's full read.

Two real cameras are replayed as gadgets (uvc_gadget/cameras/, USBREQ_CAMERAS, default the
Logitech C525 and the EMEET S800: 15 and 13 controls). The gadget application counts every
setup request it answers by interface (VC/VS), entity, selector and request code (uvc_gadget/app.py;
read here through its push FIFO while it runs). For each command, the camera is attached afresh
(`uvc-gadget detach` + `attach`: uvcvideo forgets what it had cached), the counters are read once
the attach has settled (so the driver's own probe-time requests are not counted), then:
- cold: the command once, counters read;
- warm: the same command again, counters read.
Commands: `camprobe show --json NODE`, `camprobe list --json`, `camprobe ctl NODE` (every control
with its value), and `camprobe monitor --json`'s connect: a monitor runs while the camera is
attached, counted until its `capabilities` line, minus the median of the plain attaches' own
requests (the driver's probe, all made before the nodes exist); its warm figure is a second monitor
started while the camera is present, counted until its `present` line. The reference is
`v4l2-ctl -d NODE --all --list-formats-ext --list-ctrls-menus`, cold and warm the same way.
Commands are interleaved (the order rotates every round), USBREQ_REPS rounds (default 1 in the suite: the counts
were identical over 3 rounds in every case, Reports/benchmarks.md §24; the benchmark uses 3),
medians compared. Checks: camprobe's count <= v4l2-ctl's for each command, cold and warm; and
the bound is not vacuous: synthetic counts (a doubled read, one request more) and, on each camera,
v4l2-ctl's full read run twice as one measured command (cold and warm) must exceed it.
The table of counts and any selector camprobe asks that v4l2-ctl never asks are printed as info
lines and written to usb-requests.md (and every round, per selector, to usb-requests-NN.json)."""

import json
import os
import time

from guest.blocks_stable import one_line
from guest.harness import Background, JsonlTail, load_json, run, wait_until, write
from guest.ready import started
from guest.usb_requests_report import COMMANDS, DOUBLED, REFERENCE, median_counts, report, total, within_floor
from guest.uvc_common import gadget

CAMERAS = os.environ.get("USBREQ_CAMERAS", "03,25")


REPS = max(1, int(os.environ.get("USBREQ_REPS", "1")))


STATE = os.environ.get("UVC_GADGET_STATE", "/run/uvc-gadget")


# --- the gadget's counters -------------------------------------------------------------

_serial = [0]


def counts():
    """{(interface, entity, selector, name, request): answered so far} from the running gadget
    application (a "ID requests" line on its push FIFO; it writes requests.ID.json)."""
    _serial[0] += 1
    rid = "usbreq%d" % _serial[0]
    out = os.path.join(STATE, "requests.%s.json" % rid)
    fd = os.open(os.path.join(STATE, "push"), os.O_WRONLY | os.O_NONBLOCK)
    try:
        os.write(fd, ("%s requests\n" % rid).encode())
    finally:
        os.close(fd)
    if not wait_until(lambda: os.path.exists(out), 20, 0.02):
        raise AssertionError("the gadget application did not write %s (is it the counting app.py?)" % out)
    d = load_json(out)
    os.unlink(out)
    return {(r["interface"], r["entity"], r["selector"], r["name"], r["request"]): r["count"] for r in d["requests"]}


def diff(before, after):
    """The requests answered between two readings (keys with a count of 0 left out)."""
    return {k: n - before.get(k, 0) for k, n in after.items() if n - before.get(k, 0)}


def minus(a, b):
    """a - b per key (the driver's probe taken out of a monitor's attach); never below 0."""
    return {k: n - b.get(k, 0) for k, n in a.items() if n - b.get(k, 0) > 0}


def quiet_counts(quiet=1.0, limit=60):
    """Counters once they have not moved for `quiet` seconds (at most `limit`). Called after `udevadm settle` or a
    command's end: uvcvideo makes its probe-time requests before its nodes exist (the same 18 / 16 on every attach,
    Reports/benchmarks.md §24), so one quiet second, polled every 0.1 s, is the margin (it was 2 s polled every 0.4)."""
    last, since, end = counts(), time.monotonic(), time.monotonic() + limit
    while time.monotonic() < end:
        time.sleep(0.1)
        now = counts()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return last


# --- attaching and the commands ------------------------------------------------------------


def reattach(s, label):
    """Detach and attach the camera again (uvcvideo's control cache starts empty); returns
    (node, counters once the attach has settled, the attach's own requests)."""
    gadget(s, "detach", timeout=120)
    before = counts()
    up = gadget(s, "attach", timeout=180)
    node = up.out.strip().splitlines()[-1] if up.rc == 0 and up.out.strip() else ""
    if not node.startswith("/dev/video"):
        raise AssertionError("uvc-gadget attach: exit %d: %s" % (up.rc, one_line(up.err + up.out)))
    run(["udevadm", "settle", "--timeout=30"], timeout=40)
    settled = quiet_counts()
    return node, settled, diff(before, settled)


def argv_of(s, cmd, node):
    if cmd == REFERENCE:
        return ["v4l2-ctl", "-d", node, "--all", "--list-formats-ext", "--list-ctrls-menus"]
    if cmd == DOUBLED:
        one = " ".join(argv_of(s, REFERENCE, node))
        return ["sh", "-c", "%s >/dev/null && %s" % (one, one)]
    return {"show": [s.c, "show", "--json", node], "list": [s.c, "list", "--json"], "ctl": [s.c, "ctl", node]}[cmd]


def measure_plain(s, label, cmd, rnd):
    """One round of a one-shot command: {"cold", "warm", "probe"} request counts."""
    node, c0, probe = reattach(s, label)
    tag = "%s-%s-r%d" % (label, cmd.replace("-", ""), rnd)
    r1 = run(argv_of(s, cmd, node), stdout=s.path(tag + "-cold.out"), stderr=s.path(tag + "-cold.err"))
    c1 = counts()
    r2 = run(argv_of(s, cmd, node), stdout=s.path(tag + "-warm.out"), stderr=s.path(tag + "-warm.err"))
    c2 = counts()
    if r1.rc != 0 or r2.rc != 0:
        raise AssertionError("%s on %s: exit %d then %d: %s" % (cmd, node, r1.rc, r2.rc, one_line(r1.err + r2.err)))
    return {"cold": diff(c0, c1), "warm": diff(c1, c2), "probe": probe}


def whole(e):
    """A monitor line that carries the device's formats and controls."""
    return e.get("event") == "capabilities" or (e.get("event") == "connected" and e.get("capabilities") != "pending")


def names(e, node):
    """True when a monitor line is about the device with this node (the snd-dummy and snd-aloop
    microphones the suite loads are devices too)."""
    return ('"%s"' % node) in json.dumps(e)


def measure_monitor(s, label, rnd, probe):
    """One round of monitor's connect. cold: a running monitor sees the camera attached, counted
    until its capabilities line, minus `probe` (the plain attaches' median). warm: a second monitor
    started with the camera present, counted until its present line."""
    tag = "%s-monitor-r%d" % (label, rnd)
    gadget(s, "detach", timeout=120)
    path = s.path(tag + "-cold.jsonl")
    mon, ready = started([s.c, "monitor", "--json"], path, s.path(tag + "-cold.err"))
    try:
        if ready is None:  # READY=1: it listens, and every later device is announced as `connected`
            raise AssertionError("monitor sent no READY=1 within 60 s (%s)" % path)
        c0 = counts()
        up = gadget(s, "attach", timeout=180)
        node = up.out.strip().splitlines()[-1] if up.rc == 0 and up.out.strip() else ""
        if not node.startswith("/dev/video"):
            raise AssertionError("uvc-gadget attach: exit %d: %s" % (up.rc, one_line(up.err + up.out)))
        tail = JsonlTail(path)
        if not wait_until(lambda: any(whole(e) and names(e, node) for e in tail.poll()), 90, 0.05):
            raise AssertionError("monitor printed no capabilities within 90 s of the attach (%s)" % path)
        c1 = counts()
        c_after = quiet_counts()
    finally:
        mon.stop()
    attach_total = diff(c0, c1)
    path2 = s.path(tag + "-warm.jsonl")
    mon2 = Background([s.c, "monitor", "--json"], path2, s.path(tag + "-warm.err"))
    try:
        tail2 = JsonlTail(path2)
        if not wait_until(lambda: any(e.get("event") == "present" and names(e, node) for e in tail2.poll()), 90, 0.05):
            raise AssertionError("a second monitor printed no present line within 90 s (%s)" % path2)
        c2 = counts()
    finally:
        mon2.stop()
    return {
        "cold": minus(attach_total, probe),
        "warm": diff(c_after, c2),
        "attach": attach_total,
        "after_capabilities": diff(c1, c_after),
    }


# --- the block ---------------------------------------------------------------------------


def block_usb_requests(s):
    cameras = os.path.join(s.here, "uvc_gadget", "cameras")
    self_test(s)
    rows = []
    for prefix in [p for p in CAMERAS.split(",") if p]:
        names = sorted(n for n in os.listdir(cameras) if n.startswith(prefix) and n.endswith(".json"))
        if not s.expect(
            "usb-requests: a replayed camera named %s* (uvc_gadget/cameras)" % prefix, len(names) == 1, str(names)
        ):
            continue
        rows += camera(s, os.path.join(cameras, names[0]))
    if rows:
        table = [
            "| camera | command | camprobe cold | %s cold | camprobe warm | %s warm |" % (REFERENCE, REFERENCE),
            "|---|---|---:|---:|---:|---:|",
        ] + rows
        write(s.path("usb-requests.md"), "\n".join(table) + "\n")
        print(
            "info: usb-requests: UVC requests per command (median of %d rounds; the rounds in brackets)" % REPS,
            flush=True,
        )
        for line in table:
            print("info: " + line, flush=True)


def self_test(s):
    """The bound is not vacuous: a doubled read, or one request more, is caught; the same read is not."""
    ref = {
        ("VC", 2, 2, "brightness", "GET_CUR"): 1,
        ("VC", 2, 2, "brightness", "GET_MIN"): 1,
        ("VS", 0, 1, "probe", "GET_CUR"): 2,
    }

    def check():
        doubled = {k: 2 * n for k, n in ref.items()}
        one_more = dict(ref)
        one_more[("VC", 1, 4, "exposure_time_absolute", "GET_CUR")] = 1
        assert within_floor(ref, ref) is None, "the same read was called over the bound"
        why = within_floor(doubled, ref)
        assert why and "brightness GET_CUR" in why, "a doubled read passed: %r" % why
        why = within_floor(one_more, ref)
        assert why and "exposure_time_absolute GET_CUR (unit 1, selector 4) +1" in why, (
            "one extra request passed: %r" % why
        )
        assert within_floor({}, {}) is None and within_floor({k: 1 for k in list(ref)[:1]}, {}) is not None

    s.check("usb-requests: the bound catches a doubled read and a single extra request, by selector", check)


def camera(s, path):
    name = os.path.basename(path)[:-5]
    label = "usb-requests-" + name.split("-")[0]
    short = name.split("-", 1)[1]
    up = gadget(s, "up", path, timeout=600)
    write(s.path(label + "-up.err"), up.err + up.out)
    node = up.out.strip().splitlines()[-1] if up.rc == 0 and up.out.strip() else ""
    if not s.expect(
        "usb-requests %s: the gadget comes up on uvcvideo (%s)" % (short, node),
        node.startswith("/dev/video"),
        "exit %d: %s" % (up.rc, one_line(up.err)),
    ):
        gadget(s, "down")
        return []
    results = {c: [] for c in [REFERENCE] + COMMANDS + [DOUBLED]}
    probes = []
    failures = []
    try:

        def counting():
            got = counts()
            assert got, "no request counted although uvcvideo has probed the camera"
            return total(got)

        if not s.check(
            lambda n: "usb-requests %s: the gadget counts the requests it answers (%s so far)" % (short, n), counting
        ):
            return []
        order = [REFERENCE, "show", "list", "ctl"]
        for rnd in range(REPS):
            turn = order[rnd % len(order) :] + order[: rnd % len(order)]
            for cmd in turn:
                try:
                    r = measure_plain(s, label, cmd, rnd)
                except AssertionError as e:
                    failures.append("%s round %d: %s" % (cmd, rnd, e))
                    continue
                results[cmd].append(r)
                probes.append(r["probe"])
            # The monitor last in each round: it needs the plain attaches' probe baseline.
            if probes:
                try:
                    results["monitor"].append(measure_monitor(s, label, rnd, median_counts(probes)))
                except AssertionError as e:
                    failures.append("monitor round %d: %s" % (rnd, e))
        try:
            results[DOUBLED].append(measure_plain(s, label, DOUBLED, 0))
        except AssertionError as e:
            failures.append("%s: %s" % (DOUBLED, e))
    finally:
        down = gadget(s, "down")
        s.expect("usb-requests %s: uvc-gadget down" % short, down.rc == 0, one_line(down.err))
    s.expect(
        "usb-requests %s: every command ran in every round (%d rounds)" % (short, REPS),
        not failures,
        "; ".join(failures),
    )
    return report(s, short, label, results, probes)
