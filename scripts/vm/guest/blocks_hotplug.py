"""Blocks hotplug, monitor-hold and disconnect: vivid coming and going. Hotplug over many load/unload
cycles; a holder cut off by vivid's 'disconnect' control; a device disconnected
while a handle is held."""

import json
import os
import re
import time

from guest.harness import (
    WEBCAM,
    Background,
    JsonlTail,
    first_capture_node,
    load_jsonl,
    modprobe,
    read,
    rmmod,
    set_ctrl,
    settle,
    wait_until,
    write,
)
from guest.ready import started

VIVID_ID = "platform-vivid-000"


def block_hotplug(s):
    """hotplug: one connected and one disconnected per physical device, over many
    load/unload cycles, with nothing lost and memory flat."""
    cycles = int(os.environ.get("HOTPLUG_CYCLES") or 100)
    log = s.path("monitor.jsonl")
    monitor, ready = started([s.c, "monitor", "--json", "--stats", "--settle", "200"], log, s.path("monitor.err"))
    s.expect("monitor says READY=1 on $NOTIFY_SOCKET before the first load", ready is not None, "not within 60 s")
    print("info: hotplug: the monitor was ready %.2f s after it started" % (ready or 0), flush=True)
    tail = JsonlTail(log)
    rss = {}
    t0 = time.monotonic()
    for c in range(1, cycles + 1):
        modprobe("vivid", *WEBCAM)
        whole = wait_until(lambda: tail.count("capabilities") >= c, 20)  # announced, then read whole  # noqa: B023
        rmmod("vivid")
        gone = wait_until(lambda: tail.count("disconnected") >= c, 20)  # noqa: B023
        if c == 1 or c % 10 == 0:
            rss[c] = monitor.rss_kb()
        if not (whole and gone):  # every later cycle would wait its 20 s too
            missed = "cycle %d: no %s within 20 s" % (c, "capabilities" if not whole else "disconnected")
            cycles = c
            break
    else:
        missed = None
    s.expect(
        "every cycle's capabilities and disconnect come within 20 s", missed is None, "%s; no more cycles" % missed
    )
    rss_n = monitor.rss_kb() or 0
    rss_10 = rss.get(10) or rss.get(1) or 0
    elapsed = time.monotonic() - t0
    mrc = monitor.stop()
    connected, disconnected = tail.count("connected"), tail.count("disconnected")
    print(
        "hotplug: %d cycles in %d s; monitor RSS %d kB after 10 cycles, %d kB after %d"
        % (cycles, elapsed, rss_10, rss_n, cycles)
    )
    print(read(s.path("monitor.err")), end="", flush=True)
    write(
        s.path("hotplug.md"),
        "| vivid load/unload cycles | %d | %d connected | %d disconnected | RSS %d kB → %d kB |\n"
        % (cycles, connected, disconnected, rss_10, rss_n),
    )
    s.expect(
        "monitor: exactly %d connected events for %d loads" % (cycles, cycles),
        connected == cycles,
        "%d connected" % connected,
    )
    s.expect(
        "monitor: exactly %d disconnected events for %d unloads" % (cycles, cycles),
        disconnected == cycles,
        "%d disconnected" % disconnected,
    )
    s.check(
        "monitor: every connect is announced with its nodes, then its capabilities, under one stable ID",
        same_id_with_nodes,
        log,
    )
    s.expect("monitor exits cleanly on SIGINT", mrc == 0, "exit %d" % mrc)
    # A leak grows every stretch of cycles; malloc taking a new arena chunk is one
    # step. Judge the median growth per 10 cycles (robust to one step), projected
    # over 90 cycles, and cap the total.
    series = [rss[c] for c in sorted(rss) if c >= 10 and rss[c]]
    steps = sorted(b - a for a, b in zip(series, series[1:], strict=False))
    per10 = steps[len(steps) // 2] if steps else 0
    print("info: monitor RSS every 10 cycles (kB):", series, flush=True)
    s.expect(
        "monitor memory is flat over the cycles (median growth < 2 MiB per 90 cycles after warm-up, total < 8 MiB)",
        per10 * 9 < 2048 and rss_n - rss_10 < 8192,
        "RSS %d kB → %d kB, median %d kB per 10 cycles: %s" % (rss_10, rss_n, per10, series),
    )


def same_id_with_nodes(log):
    lines = [l for l in load_jsonl(log) if l["event"] != "present"]  # the microphones present at start
    ids = {l["id"] for l in lines}
    assert ids == {VIVID_ID}, ids
    for l in lines:
        if l["event"] in ("connected", "capabilities"):
            roles = sorted(n["role"] for n in l["device"]["nodes"])
            assert roles == ["capture", "media"], roles
        if l["event"] == "connected":  # announced as soon as its nodes are ready, before its formats are read
            assert l.get("capabilities") == "pending" and l["device"]["captures"] == [], (
                "connected with capabilities already read"
            )
            assert l["device"]["identity"]["byPath"], "connected before udev made its /dev/v4l/by-path link"
        if l["event"] == "capabilities":
            assert l["device"]["captures"][0]["formats"], "capabilities not read"
    kinds = [l["event"] for l in lines]
    cycle = ["connected", "capabilities", "disconnected"]
    assert all(kinds[i] == cycle[i % 3] for i in range(len(kinds))), kinds[:10]


def block_monitor_hold(s):
    """monitor-hold: monitor --hold keeps the camera open and reads its format every 250 ms,
    as a recorder would; vivid's 'disconnect' control cuts it off with no uevent.
    The holder gets a clear 'disconnected' error, the registry announces exactly
    one disconnect, and when the holder lets go (vivid comes back once its last
    user closes) one new connection of the same ID, then its capabilities."""
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    log = s.path("hold.jsonl")
    holder = Background([s.c, "monitor", "--json", "--hold", node, "--settle", "200"], log, s.path("hold.err"))
    tail = JsonlTail(log)
    wait_until(lambda: tail.count("present", VIVID_ID) > 0, 10)
    set_ctrl(node, "disconnect=1")
    wait_until(lambda: tail.count("capabilities") > 0, 10)
    hrc = holder.stop()
    s.check(
        "holder of a disconnected camera gets a clear error, one disconnect, then one reconnect (exit %d)" % hrc,
        holder_sequence,
        log,
    )
    s.expect("monitor --hold exits cleanly on SIGINT", hrc == 0, "exit %d" % hrc)
    rmmod("vivid")
    settle()


def holder_sequence(log):
    lines = load_jsonl(log)
    ev = [(l["event"], l["id"]) for l in lines if l["event"] != "present"]
    want = [("holder-error", VIVID_ID), ("disconnected", VIVID_ID), ("connected", VIVID_ID), ("capabilities", VIVID_ID)]
    assert ev in (want, [want[1], want[0], want[2], want[3]]), ev
    h = [l for l in lines if l["event"] == "holder-error"][0]
    assert (
        h["kind"] == "disconnected" and "was disconnected while held open" in h["message"] and "ENODEV" in h["message"]
    ), h
    print("info: " + h["message"], flush=True)


def block_disconnect(s):
    """disconnect: vivid's own 'disconnect' control while a handle is held (here by this
    process): the device behaves as unplugged (every new open and ioctl fails with
    ENODEV) until the last handle closes. camprobe must give a clear error, no
    half device, no crash, no hang (vivid sends no uevent for this)."""
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    held = os.open(node, os.O_RDONLY)
    try:
        set_ctrl(node, "disconnect=1")
        shown = s.camprobe(
            "show", node, stdout=s.path("disconnect-show.txt"), stderr=s.path("disconnect-show.err"), timeout=60
        )
        listed = s.camprobe(
            "list", "--json", stdout=s.path("disconnect-list.json"), stderr=s.path("disconnect-list.err"), timeout=60
        )
    finally:
        os.close(held)
    s.expect(
        "show of a disconnected device exits 1 with a clear error (%s)" % shown.err[:160].replace("\n", " "),
        shown.rc == 1 and re.search(r"camprobe: error: .*(went away|vanished)", shown.err),
        "exit %d" % shown.rc,
    )
    s.check("list during the disconnect shows no half device (exit %d)" % listed.rc, no_half_device, listed.out)
    settle()
    again = s.camprobe("show", node, timeout=60)
    s.expect(
        "after the holder closes, the device is back and readable",
        again.rc == 0,
        "exit %d: %s" % (again.rc, again.err[:400]),
    )
    rmmod("vivid")


def no_half_device(text):
    devices = json.loads(text)["devices"]
    half = [x["id"] for x in devices for c in x["captures"] if not c["formats"]]
    assert not half, "captures without formats: %s" % half
