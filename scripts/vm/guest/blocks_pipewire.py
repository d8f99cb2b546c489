"""Block PW (P19): the desktop's camera path. Debian's PipeWire 0.3.65 and WirePlumber 0.4.13 run in the guest
against vivid, as in a session: a runtime directory, a session bus, and WirePlumber without its logind plugin
(0.4.13's bluez config asks for it, and without systemd-logind WirePlumber exits before its v4l2 monitor runs;
guest/pipewire_probe.py found this). Then:
- `camprobe list --json` is compared with `pw-dump` on the same daemon: the Video/Source node ids, each node's
  V4L2 path joined to the device camprobe lists with that node, and every EnumFormat entry (format, size, rates);
- `gst-launch-1.0 pipewiresrc` streams from the node, and camprobe names it, with its pid, as the user behind it;
- with vimc loaded too, pipewire-libcamera publishes libcamera's camera, and camprobe joins that node to the vimc sensor
  camera whose libcamera id it carries (`api.libcamera.path`);
- `monitor --json` reports vivid's node present, then, when vivid is unloaded and loaded again, the node removed and
  a new one added, each joined to the device camprobe reports disconnected and connected (ids as pw-dump's);
- `list` with PipeWire costs at most 1.2x one without it (medians of 5, printed; the figures go to benchmarks.md)."""

import json
import statistics
import time

from guest.blocks_stable import one_line
from guest.harness import WEBCAM, Background, JsonlTail, modprobe, rmmod, run, settle, wait_until, write
from guest.pipewire_session import camprobe_formats, dump_formats, listed, pw_dump, sources, start_session, stop_session


def block_pw(s):
    modprobe("vivid", *WEBCAM)
    settle()
    daemons = start_session(s)
    try:
        published = wait_until(lambda: sources(pw_dump(s, "PW-dump-wait.json")), 90, 2)
        if not s.expect(
            "PipeWire (with WirePlumber) publishes vivid as a Video/Source node",
            bool(published),
            "no Video/Source in pw-dump after 90 s (PW-wireplumber.err)",
        ):
            return
        compare(s)
        users(s)
        emit(s)
        cost(s)
        monitor(s)
    finally:
        stop_session(daemons)
    # libcamera's camera for vimc: a new session, with vimc there from its start.
    if modprobe("vimc"):  # built by scripts/vm/build-vimc.sh; block M says when it is missing
        settle()
        daemons = start_session(s)
        try:
            libcamera(s)
        finally:
            stop_session(daemons)
            rmmod("vimc")
    rmmod("vivid")


def monitor(s):
    """monitor --json while vivid goes and comes back: its PipeWire node removed and a new one added, joined to the
    device camprobe reports disconnected and connected; the node ids are pw-dump's."""
    log = s.path("PW-monitor.jsonl")
    mon = Background([s.c, "monitor", "--json"], log, s.path("PW-monitor.err"))
    text = Background([s.c, "monitor"], s.path("PW-monitor.txt"), s.path("PW-monitor-text.err"))  # the README's example
    tail = JsonlTail(log)

    def nodes(state):
        return [e for e in tail.poll() if e.get("event") == "pipewire-node" and e.get("state") == state]

    try:
        before = sorted(sources(pw_dump(s, "PW-dump-monitor-before.json")))
        wait_until(lambda: len(nodes("present")) >= len(before), 60)
        present = nodes("present")
        s.expect(
            "monitor: the nodes present when it connects are pw-dump's (%s), each joined to a device" % before,
            sorted(e["node"]["id"] for e in present) == before and all(e.get("id") for e in present),
            "present %s" % [(e["node"]["id"], e.get("id")) for e in present],
        )
        device = present[0].get("id") if present else None
        # The daemon closes an idle node after a few seconds; vivid can be unloaded once nothing holds it.
        gone = wait_until(lambda: rmmod("vivid", tries=1), 40, 2)
        wait_until(lambda: nodes("removed") and any(e.get("event") == "disconnected" for e in tail.poll()), 60)
        removed = nodes("removed")
        disconnected = [e for e in tail.poll() if e.get("event") == "disconnected"]
        s.expect(
            "monitor: vivid unloaded: its node removed (%s), naming the device reported disconnected (%s)"
            % ([e["node"]["id"] for e in removed], [e.get("id") for e in disconnected]),
            gone and removed and removed[0].get("id") == device and any(e.get("id") == device for e in disconnected),
            "rmmod %s, removed %s, device %s" % (gone, removed, device),
        )
        modprobe("vivid", *WEBCAM)
        wait_until(lambda: nodes("added"), 90, 1)
        after = sorted(sources(pw_dump(s, "PW-dump-monitor-after.json")))
        added = nodes("added")
        connected = [e.get("id") for e in tail.poll() if e.get("event") == "connected"]
        s.expect(
            "monitor: vivid loaded again: node(s) %s added, as pw-dump has them (%s), joined to the device reported "
            "connected (%s)" % ([e["node"]["id"] for e in added], after, connected),
            added and sorted(e["node"]["id"] for e in added) == after and all(e.get("id") in connected for e in added),
            "added %s" % [(e["node"]["id"], e.get("id")) for e in added],
        )
        times = {e["event"] + ("-" + e["state"] if "state" in e else ""): e["time"] for e in tail.poll() if "time" in e}
        print("info: monitor times: %s" % times, flush=True)
    finally:
        mon.stop()
        text.stop()


def compare(s):
    """camprobe's view against pw-dump's, node by node."""
    objs = pw_dump(s, "PW-dump.json")
    doc = listed(s, "PW-list.json")
    want = sources(objs)
    pw = doc.get("pipewire") or {}
    got = {n["id"]: n for n in (pw.get("view") or {}).get("nodes", [])}
    s.expect(
        "list --json reads the daemon (status %s) and has the same Video/Source node ids as pw-dump (%s)"
        % (pw.get("status"), sorted(want)),
        pw.get("status") == "read" and sorted(got) == sorted(want),
        "camprobe %s, pw-dump %s: %s" % (sorted(got), sorted(want), pw.get("message")),
    )
    for nid, o in sorted(want.items()):
        props = o["info"]["props"]
        n = got.get(nid) or {}
        path = props.get("api.v4l2.path")
        join = next((j for j in pw.get("joins", []) if j["nodeID"] == nid), {})
        device = next((d for d in doc.get("devices", []) if any(x["path"] == path for x in d.get("nodes", []))), {})

        def joined():
            assert n.get("name") == props.get("node.name"), (n.get("name"), props.get("node.name"))  # noqa: B023
            assert n.get("v4l2Path") == path and join.get("devnode") == path, (n.get("v4l2Path"), join, path)  # noqa: B023
            assert device and join.get("deviceID") == device.get("id"), (join, device.get("id"))  # noqa: B023
            return "%s → %s (%s, by %s)" % (n["name"], device["id"], path, join.get("by"))  # noqa: B023

        s.check(
            lambda what: "node %d joined to its V4L2 device as pw-dump's api.v4l2.path says: %s" % (nid, what),  # noqa: B023
            joined,
        )
        mine, theirs = camprobe_formats(n), dump_formats(o)

        def same():
            assert len(mine) == len(theirs), "%d entries, pw-dump %d" % (len(mine), len(theirs))  # noqa: B023
            for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):  # noqa: B023
                assert a == (b[0], b[1], b[2], b[3]), "entry %d: camprobe %s, pw-dump %s" % (i, a, b)
            return len(mine)  # noqa: B023

        s.check(
            lambda k: "node %d: every EnumFormat entry (%s: format, size, rates) as pw-dump prints it" % (nid, k),  # noqa: B023
            same,
        )


def users(s):
    """A client streaming from the node through PipeWire, named by camprobe with its pid."""
    objs = pw_dump(s, "PW-dump-before-gst.json")
    vivid = next(
        (
            o["info"]["props"]
            for o in sources(objs).values()
            if o["info"]["props"].get("api.v4l2.cap.driver") == "vivid"
        ),
        {},
    )
    name, node = vivid.get("node.name"), vivid.get("api.v4l2.path", "/dev/video0")
    gst = Background(
        [
            "gst-launch-1.0",
            "pipewiresrc",
            "target-object=%s" % name,
            "num-buffers=3000",
            "!",
            "video/x-raw,format=YUY2,width=640,height=360,framerate=30/1",
            "!",
            "fakesink",
        ],
        s.path("PW-gst.out"),
        s.path("PW-gst.err"),
    )
    try:
        linked = wait_until(
            lambda: any(o.get("type") == "PipeWire:Interface:Link" for o in pw_dump(s, "PW-dump-gst.json")), 60, 1
        )
        doc = listed(s, "PW-list-gst.json")
        s.camprobe("list", stdout=s.path("PW-list-gst.txt"), stderr=s.path("PW-list-gst.err"))  # for the docs
        shown = s.camprobe("show", node, stdout=s.path("PW-show-gst.txt"), stderr=s.path("PW-show-gst.err")).out
        s.expect(
            "show %s names the PipeWire node" % node
            + ", what it offers beside V4L2 and its user (%s)" % one_line(shown[shown.find("PipeWire") :])[:160],
            "node " in shown
            and "used by: gst-launch-1.0 (pid %d)" % gst.p.pid in shown
            and "not offered by name" in shown,
            shown[-600:],
        )
        nodes = ((doc.get("pipewire") or {}).get("view") or {}).get("nodes", [])
        clients = [c for n in nodes for c in n.get("clients", [])]
        s.expect(
            "gst-launch-1.0 pipewiresrc linked to %s is named as its user, with its pid %d (%s)"
            % (name, gst.p.pid, one_line(json.dumps(clients))[:200]),
            linked
            and any(c.get("application") == "gst-launch-1.0" and c.get("processID") == gst.p.pid for c in clients),
            "linked %s, clients %s" % (linked, clients),
        )
        doctor(s, gst.p.pid, node)
    finally:
        gst.stop()


def emit(s):
    """negotiate --emit gst-pipewire prints pipewiresrc on the node for the chosen mode; it runs for 30 buffers."""
    objs = pw_dump(s, "PW-dump-emit.json")
    node = next(
        (
            o["info"]["props"]["api.v4l2.path"]
            for o in sources(objs).values()
            if o["info"]["props"].get("api.v4l2.cap.driver") == "vivid"
        ),
        "/dev/video0",
    )
    r = s.camprobe(
        "negotiate",
        node,
        "--size",
        "640x360",
        "--fps",
        "30",
        "--format",
        "YUYV",
        "--emit",
        "gst-pipewire",
        stdout=s.path("PW-emit.txt"),
        stderr=s.path("PW-emit.err"),
        timeout=120,
    )
    line = r.out.strip()
    argv = line.split()
    ran = None
    if argv[:2] == ["gst-launch-1.0", "pipewiresrc"] and argv[-1] == "autovideosink":
        # The emitted sink needs a display; the guest has none: the same pipeline into fakesink, 30 buffers.
        argv = argv[:3] + ["num-buffers=30"] + argv[3:-1] + ["fakesink"]
        ran = run(argv, timeout=120, stdout=s.path("PW-emit-run.out"), stderr=s.path("PW-emit-run.err"))
    s.expect(
        "negotiate --emit gst-pipewire prints `%s`, and it runs for 30 buffers (exit %s)"
        % (line, ran.rc if ran else "-"),
        r.rc == 0 and ran is not None and ran.rc == 0,
        "negotiate exit %d: %s; run: %s" % (r.rc, r.err, ran.err[-300:] if ran else "-"),
    )


def libcamera(s):
    """The libcamera node PipeWire publishes for vimc, joined to camprobe's vimc sensor camera by libcamera id."""

    def node():
        for o in sources(pw_dump(s, "PW-dump-libcamera.json")).values():
            if o["info"]["props"].get("device.api") == "libcamera":
                return o
        return None

    wait_until(lambda: node() is not None, 60, 2)
    o = node()
    if not s.expect(
        "pipewire-libcamera publishes a libcamera camera for vimc", o is not None, "no libcamera node in pw-dump"
    ):
        return
    props = o["info"]["props"]
    doc = listed(s, "PW-list-libcamera.json")
    pw = doc.get("pipewire") or {}
    join = next((j for j in pw.get("joins", []) if j["nodeID"] == o["id"]), {})
    device = next((d for d in doc.get("devices", []) if d.get("id") == join.get("deviceID")), {})
    s.expect(
        "libcamera node %d (%s) joined to the vimc sensor camera %s by api.libcamera.path"
        % (o["id"], props.get("api.libcamera.path"), device.get("name")),
        join.get("by") == "api.libcamera.path"
        and props.get("api.libcamera.path", " ").split(" ", 1)[-1] in str(device.get("name")),
        "join %s, device %s" % (join, device.get("name")),
    )


def doctor(s, pid, node):
    """fuser names the pipewire daemon as the holder of the V4L2 node; doctor names the application behind it."""
    r = s.camprobe("doctor", "--json", stdout=s.path("PW-doctor.json"), stderr=s.path("PW-doctor.err"), timeout=120)
    fuser = run(["fuser", "-v", node], timeout=20, merge=True, stdout=s.path("PW-fuser.txt")).out

    def named():
        doc = json.loads(r.out)
        busy = [
            f for f in doc["findings"] if f["check"] == "busy" and (f.get("holder") or {}).get("behind") is not None
        ]
        assert busy, "no busy finding with a PipeWire holder: %s" % [f["title"] for f in doc["findings"]]
        behind = busy[0]["holder"]["behind"]
        assert any(c.get("application") == "gst-launch-1.0" and c.get("processID") == pid for c in behind), behind
        return busy[0]["title"]

    s.check(
        lambda t: (
            "doctor: the node is held by the PipeWire daemon (fuser: %s), and doctor names who is behind it: %s"
            % (one_line(fuser)[:80], t)
        ),
        named,
    )


def cost(s):
    """Five of each, interleaved, in this boot: list with the view and with --no-pipewire."""
    times = {"with": [], "without": []}
    for _ in range(5):
        for k, extra in (("with", ()), ("without", ("--no-pipewire",))):
            t = time.monotonic()
            s.camprobe("list", *extra, stdout=s.path("PW-cost.out"), stderr=s.path("PW-cost.err"))
            times[k].append((time.monotonic() - t) * 1000)
    w, wo = statistics.median(times["with"]), statistics.median(times["without"])
    write(s.path("PW-cost.json"), json.dumps(times, indent=1) + "\n")
    print("info: list with PipeWire %.1f ms, without %.1f ms (medians of 5): %.2fx" % (w, wo, w / wo), flush=True)
