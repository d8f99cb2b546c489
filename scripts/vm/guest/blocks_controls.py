"""Block controls: controls on the real driver. Semantics, the gain_automatic/gain
coupling (and its events), mirroring, and a saved profile restored after the
driver is reloaded."""

import json
import os
import time

from guest.harness import (
    WEBCAM,
    Background,
    JsonlTail,
    first_capture_node,
    get_ctrl,
    load_jsonl,
    modprobe,
    rmmod,
    set_ctrl,
    settle,
    wait_until,
)
from guest.ready import started


def block_controls(s):
    os.environ["XDG_CONFIG_HOME"] = s.path("xdg")
    try:
        modprobe("vivid", *WEBCAM)
        settle()
        node = first_capture_node()
        features(s, node)
        coupling(s, node)
        restore(s, node)
    finally:
        del os.environ["XDG_CONFIG_HOME"]


def features(s, node):
    r = s.camprobe("ctl", node, "--json", stdout=s.path("controls-state.json"), stderr=s.path("controls-state.err"))

    def check():
        sem = json.loads(r.out)["semantics"]
        assert sem["mirroring"]["supported"] and sem["mirroring"]["range"]["control"] == "horizontal_flip", sem[
            "mirroring"
        ]
        assert sem["exposure"]["gain"]["control"] == "gain", sem["exposure"]
        assert not sem["torch"]["available"] and sem["position"] == "unspecified", (sem["torch"], sem["position"])

    s.check("ctl: vivid's mirroring (horizontal_flip) and gain are reported as capture features", check)


def coupling(s, node):
    """gain is refused while gain_automatic is on; both in order apply; mirror=on;
    and monitor --controls sees it all happen."""
    set_ctrl(node, "gain_automatic=0")
    events = s.path("controls-events.jsonl")
    monitor = Background([s.c, "monitor", "--controls", "--json"], events, s.path("controls-events.err"))
    # The device's "present" line is printed once its controls are followed.
    tail = JsonlTail(events)
    wait_until(lambda: tail.count("present") > 0, 60)
    s.camprobe("ctl", node, "gain_automatic=1", merge=True, stdout=s.path("controls-auto.txt"))
    time.sleep(1)
    r = s.camprobe("ctl", node, "gain=100", merge=True, stdout=s.path("controls-refused.txt"))
    auto = get_ctrl(node, "gain_automatic")
    s.expect(
        "ctl refuses gain while gain_automatic is on, naming the switch, and changes nothing (exit %d)" % r.rc,
        r.rc == 1 and "inactive while gain_automatic is on" in r.out and auto == "1",
        "gain_automatic %r: %s" % (auto, r.out[:400]),
    )
    r = s.camprobe("ctl", node, "gain_automatic=0", "gain=100", merge=True, stdout=s.path("controls-manual.txt"))
    gain = get_ctrl(node, "gain")
    s.expect(
        "ctl gain_automatic=0 gain=100 applies both in order; v4l2-ctl reads gain 100",
        gain == "100" and "gain_automatic: 1 → 0" in r.out,
        "gain %r: %s" % (gain, r.out[:400]),
    )
    s.camprobe("ctl", node, "mirror=on", merge=True, stdout=s.path("controls-mirror.txt"))
    flip = get_ctrl(node, "horizontal_flip")
    s.expect("ctl mirror=on sets horizontal_flip (v4l2-ctl agrees)", flip == "1", "horizontal_flip %r" % flip)
    time.sleep(1)
    monitor.stop()

    def check():
        ev = [e["control"] for e in load_jsonl(events) if e.get("event") == "control"]
        gain_inactive = [
            e for e in ev if e["control"] == "gain" and "flags" in e["changes"] and "inactive" in e["flags"]
        ]
        auto_on = [e for e in ev if e["control"] == "gain_automatic" and e["value"] == 1]
        flipped = [e for e in ev if e["control"] == "horizontal_flip" and e["value"] == 1]
        print("info:", len(ev), "control events", flush=True)
        assert gain_inactive and auto_on and flipped, (gain_inactive[:1], auto_on[:1], flipped[:1], ev[:5])

    s.check(
        "monitor --controls reports gain becoming inactive when gain_automatic turns on, and the value changes", check
    )


def restore(s, node):
    """A profile saved with ctl --save comes back through monitor --restore after rmmod/modprobe."""
    s.camprobe("ctl", node, "brightness=200")
    s.camprobe("ctl", node, "--save", "vmtest", merge=True, stdout=s.path("controls-save.txt"))
    rmmod("vivid")
    settle()
    log = s.path("controls-restore.jsonl")
    monitor, _ = started([s.c, "monitor", "--json", "--restore", "vmtest"], log, s.path("controls-restore.err"))
    modprobe("vivid", *WEBCAM)
    tail = JsonlTail(log)
    wait_until(lambda: tail.count("restored") > 0, 15)
    monitor.stop()
    node = first_capture_node()
    restored = [json.dumps(e, separators=(",", ":")) for e in tail.poll() if e.get("event") == "restored"]

    def check():
        assert any(e.get("event") == "restored" for e in load_jsonl(log)), "no restored event"
        values = {c: get_ctrl(node, c) for c in ("brightness", "horizontal_flip", "gain")}
        assert values == {"brightness": "200", "horizontal_flip": "1", "gain": "100"}, values

    s.check(
        "saved controls come back after rmmod/modprobe through monitor --restore (%s)"
        % (restored[:1] or [""])[0][:160],
        check,
    )
    rmmod("vivid")
    settle()
