#!/usr/bin/env python3
"""Experiment (P19): does Debian 12's PipeWire 0.3.65 + WirePlumber 0.4.13
publish a camera node for vivid inside the guest, and what does it take?

Run with: scripts/vm/run-guest.sh scripts/vm/guest/pipewire_probe.py OUTDIR [ENV=VALUE...]
  PW_WAIT=120       seconds to wait for the v4l2 node; PW_POLL=2: poll interval (s)
  PW_FIX=nologind   nologind / nobluez: drop-ins in /etc/wireplumber; seatdirs: empty
                    /run/systemd/{seats,sessions,users}; none: nothing (wireplumber exits)
  PW_NO_DBUS=1      no session bus (wireplumber exits); PW_NO_UDEV=1: no udevd
  PW_VIMC=1         also load vimc (v4l2 nodes and a libcamera node; streams the libcamera one)
  PW_GST=caps,...   pipewiresrc variants tried in order (caps, path, plain, name)
  PW_HOTPLUG=1      time an rmmod/modprobe of vivid while both daemons run
  PW_PIPEWIRE_DEBUG, PW_WP_DEBUG, PW_GST_DEBUG: log levels

Everything it learns goes to $VM_OUT: daemon logs, pw-dump JSON before and
while a pipewiresrc client streams, EnumFormat params, fuser output, and
timings in probe.txt. Standard library only."""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from guest.harness import WEBCAM, Background, modprobe, read, run, settle, start_udev, wait_until  # noqa: E402

OUT = os.environ.get("VM_OUT") or "/tmp/vm-out"
os.makedirs(OUT, exist_ok=True)
T0 = time.monotonic()
NOTES = open(os.path.join(OUT, "probe.txt"), "a")


def note(*parts):
    line = "[%7.1f] %s" % (time.monotonic() - T0, " ".join(str(p) for p in parts))
    print(line, flush=True)
    NOTES.write(line + "\n")
    NOTES.flush()


def p(name):
    return os.path.join(OUT, name)


def dump(name, timeout=60):
    r = run(["pw-dump"], timeout=timeout, stdout=p(name), stderr=p(name + ".err"))
    note("pw-dump ->", name, "rc", r.rc, "bytes", len(r.out))
    return parse_dump(r.out)


def parse_dump(text):
    """pw-dump's JSON; when objects change while it runs it may print a second array after the
    first (seen under TCG): the first is taken."""
    try:
        return json.JSONDecoder().raw_decode(text.lstrip())[0] if text.strip() else []
    except ValueError:
        return []


def v4l2_nodes(objs, path_prefix="/dev/video"):
    found = []
    for o in objs:
        if o.get("type") != "PipeWire:Interface:Node":
            continue
        props = (o.get("info") or {}).get("props") or {}
        if str(props.get("media.class", "")).startswith("Video/") and (
            str(props.get("api.v4l2.path", "")).startswith(path_prefix)
            or "api.libcamera.location" in props
            or "api.libcamera.path" in props
            or str(props.get("device.api", "")) == "libcamera"
        ):
            found.append(o)
    return found


def ls_nodes():
    r = run(["pw-cli", "ls", "Node"], timeout=20)
    return r.out


def main():
    env = os.environ
    wait_s = int(env.get("PW_WAIT") or 120)
    note("kernel", os.uname().release)
    if env.get("PW_NO_UDEV") != "1":
        start_udev()
    modprobe("vivid", *WEBCAM)
    if env.get("PW_VIMC") == "1":
        note("modprobe vimc:", modprobe("vimc"))
    settle()
    nodes = sorted(n for n in os.listdir("/dev") if n.startswith("video"))
    names = {n: read("/sys/class/video4linux/%s/name" % n).strip() for n in nodes}
    note("node names", names)
    vivid_path = "/dev/" + next(
        (n for n, v in sorted(names.items()) if v.startswith("vivid") and "vid-cap" in v), "video0"
    )
    note("video nodes", nodes)
    run(["udevadm", "info", "/dev/video0"], timeout=20, stdout=p("udev-video0.txt"))
    run(["v4l2-ctl", "-d", "/dev/video0", "--info", "--list-formats-ext"], timeout=30, stdout=p("v4l2-video0.txt"))

    # WirePlumber 0.4.13's bluetooth.lua.d/50-bluez-config.lua sets "with-logind" = true, which loads the
    # logind plugin; without systemd-logind (no /run/systemd/seats) that plugin fails to activate
    # ("failed to start systemd logind monitor: -2") and wireplumber disconnects and exits before any
    # monitor runs. A drop-in in /etc (the guest's RAM overlay) turns it off.
    fix = env.get("PW_FIX", "nologind")
    if "nologind" in fix:
        os.makedirs("/etc/wireplumber/bluetooth.lua.d", exist_ok=True)
        with open("/etc/wireplumber/bluetooth.lua.d/60-no-logind.lua", "w") as f:
            f.write('bluez_monitor.properties["with-logind"] = false\n')
    if "nobluez" in fix:
        os.makedirs("/etc/wireplumber/bluetooth.lua.d", exist_ok=True)
        with open("/etc/wireplumber/bluetooth.lua.d/60-no-bluez.lua", "w") as f:
            f.write("bluez_monitor.enabled = false\n")
    if "seatdirs" in fix:
        # Instead of a drop-in: the directories sd_login_monitor_new() watches, empty (no logind behind them).
        for d in ("seats", "sessions", "users"):
            os.makedirs("/run/systemd/" + d, exist_ok=True)
    note("fix", fix)

    # Per-user runtime directory, as logind would make it.
    rt = "/run/user/0"
    os.makedirs(rt, exist_ok=True)
    os.chmod(rt, 0o700)
    env["XDG_RUNTIME_DIR"] = rt
    env.pop("DISPLAY", None)

    # A session bus (wireplumber and pipewire's portal/rt modules use D-Bus when present).
    daemons = []
    if env.get("PW_NO_DBUS") != "1":
        bus = os.path.join(rt, "bus")
        dbus = Background(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=unix:path=" + bus],
            p("dbus.out"),
            p("dbus.err"),
        )
        daemons.append(dbus)
        wait_until(lambda: os.path.exists(bus), 20)
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + bus
        note("session bus", os.path.exists(bus))

    env["PIPEWIRE_DEBUG"] = env.get("PW_PIPEWIRE_DEBUG") or "3"
    t_pw = time.monotonic()
    pw = Background(["pipewire"], p("pipewire.log"), p("pipewire.err"))
    daemons.append(pw)
    ok = wait_until(lambda: os.path.exists(os.path.join(rt, "pipewire-0")), 60)
    note("pipewire socket", ok, "after %.1f s" % (time.monotonic() - t_pw))

    env["WIREPLUMBER_DEBUG"] = env.get("PW_WP_DEBUG") or "3"
    t_wp = time.monotonic()
    wp = Background(["wireplumber"], p("wireplumber.log"), p("wireplumber.err"))
    daemons.append(wp)
    del env["WIREPLUMBER_DEBUG"]
    env["PIPEWIRE_DEBUG"] = "2"

    node_id = [None]
    seen = [""]

    def published():
        out = ls_nodes()
        seen[0] = out
        return "api.v4l2" in out or "v4l2_input" in out

    ok = wait_until(published, wait_s, interval=float(env.get("PW_POLL") or 2))
    note(
        "v4l2 node published:",
        ok,
        "%.1f s after wireplumber start, %.1f s after pipewire start"
        % (time.monotonic() - t_wp, time.monotonic() - t_pw),
    )
    with open(p("pw-cli-ls-node.txt"), "w") as f:
        f.write(seen[0])
    note("wireplumber alive:", wp.p.poll() is None, "pipewire alive:", pw.p.poll() is None)
    run(["wpctl", "status"], timeout=30, stdout=p("wpctl-status.txt"), merge=True)
    objs = dump("pw-dump.json")
    allvideo = v4l2_nodes(objs)
    note(
        "all Video nodes:",
        [
            (
                o["id"],
                o["info"]["props"].get("node.name"),
                o["info"]["props"].get("media.class"),
                o["info"]["props"].get("api.v4l2.path")
                or o["info"]["props"].get("api.libcamera.location")
                or o["info"]["props"].get("object.path"),
            )
            for o in allvideo
        ],
    )
    cams = [o for o in allvideo if o["info"]["props"].get("api.v4l2.path") == vivid_path]
    note(
        "Video nodes with api.v4l2.path:",
        [(o["id"], o["info"]["props"].get("node.name"), o["info"]["props"].get("api.v4l2.path")) for o in cams],
    )
    devs = [o for o in objs if o.get("type") == "PipeWire:Interface:Device"]
    note("devices:", [(o["id"], (o.get("info") or {}).get("props", {}).get("device.name")) for o in devs])
    if cams:
        cam = cams[0]
        node_id[0] = cam["id"]
        name = cam["info"]["props"].get("node.name")
        path = vivid_path
        run(
            ["pw-cli", "enum-params", str(cam["id"]), "EnumFormat"], timeout=60, stdout=p("enum-format.txt"), merge=True
        )
        note("EnumFormat saved; params in dump:", sorted((cam["info"].get("params") or {}).keys()))
        run(["fuser", "-v", path], timeout=20, merge=True, stdout=p("fuser-idle.txt"))
        note("fuser idle:", read(p("fuser-idle.txt")).strip().replace("\n", " | "))
        variants = [v for v in (env.get("PW_GST") or "caps,path,plain,name").split(",") if v]
        pipelines = {
            "name": ["pipewiresrc", "target-object=%s" % name, "num-buffers=300", "!", "fakesink", "sync=false"],
            "caps": [
                "-v",
                "pipewiresrc",
                "target-object=%s" % name,
                "num-buffers=300",
                "!",
                "video/x-raw,format=YUY2,width=640,height=360,framerate=30/1",
                "!",
                "fakesink",
                "silent=false",
            ],
            "path": [
                "pipewiresrc",
                "path=%d" % cam["id"],
                "num-buffers=300",
                "!",
                "videoconvert",
                "!",
                "fakesink",
                "sync=false",
            ],
            "plain": ["pipewiresrc", "num-buffers=300", "!", "video/x-raw", "!", "fakesink", "sync=false"],
        }

        def linked():
            o = parse_dump(run(["pw-dump"], timeout=60).out)
            return [
                x
                for x in o
                if x.get("type") == "PipeWire:Interface:Link"
                and (x.get("info") or {}).get("output-node-id") == cam["id"]
            ]

        for v in variants:
            env["GST_DEBUG"] = env.get("PW_GST_DEBUG") or "2,pipewiresrc:6,pipewire*:5"
            note("client", v, " ".join(pipelines[v]))
            gst = Background(["gst-launch-1.0", "-e", *pipelines[v]], p("gst-%s.out" % v), p("gst-%s.err" % v))
            del env["GST_DEBUG"]
            t_g = time.monotonic()
            wait_until(lambda: gst.p.poll() is not None or bool(linked()), 60, interval=1)  # noqa: B023
            alive = gst.p.poll() is None
            links = linked() if alive else []
            note("client", v, "alive:", alive, "links to node:", len(links), "after %.1f s" % (time.monotonic() - t_g))
            if alive and links:
                time.sleep(2)
                dump("pw-dump-linked.json")
                run(["fuser", "-v", path], timeout=20, merge=True, stdout=p("fuser-linked.txt"))
                note("fuser linked:", read(p("fuser-linked.txt")).strip().replace("\n", " | "))
                run(["pw-cli", "info", str(cam["id"])], timeout=30, stdout=p("pw-cli-info-linked.txt"), merge=True)
                run(
                    ["v4l2-ctl", "-d", path, "--get-fmt-video", "--get-parm"],
                    timeout=30,
                    merge=True,
                    stdout=p("v4l2-fmt-linked.txt"),
                )
                done = wait_until(lambda: gst.p.poll() is not None, 120)  # noqa: B023
                rc = gst.stop()
                note("gst-launch", v, "exit", rc, "after %.1f s" % (time.monotonic() - t_g))
                break
            gst.stop(timeout=10)
            note("client", v, "failed; tail:", read(p("gst-%s.out" % v))[-300:].replace("\n", " | "))
        run(["fuser", "-v", path], timeout=20, merge=True, stdout=p("fuser-after.txt"))
        note("fuser after:", read(p("fuser-after.txt")).strip().replace("\n", " | "))
        note("frames seen by fakesink:", sum(1 for l in read(p("gst-caps.out")).splitlines() if "chain" in l))
        time.sleep(8)
        run(["fuser", "-v", path], timeout=20, merge=True, stdout=p("fuser-after-8s.txt"))
        note("fuser 8 s later:", read(p("fuser-after-8s.txt")).strip().replace("\n", " | "))
        lc = [o for o in allvideo if "api.v4l2.path" not in o["info"]["props"]]
        if lc:
            lname = lc[0]["info"]["props"].get("node.name")
            note("libcamera client on", lname)
            env["GST_DEBUG"] = "2"
            g2 = Background(
                [
                    "gst-launch-1.0",
                    "-v",
                    "pipewiresrc",
                    "target-object=%s" % lname,
                    "num-buffers=100",
                    "!",
                    "video/x-raw,format=BGR,width=640,height=480",
                    "!",
                    "fakesink",
                    "silent=false",
                ],
                p("gst-libcamera.out"),
                p("gst-libcamera.err"),
            )
            del env["GST_DEBUG"]
            lid = lc[0]["id"]
            t_l = time.monotonic()
            wait_until(
                lambda: (
                    g2.p.poll() is not None
                    or any(
                        (x.get("info") or {}).get("output-node-id") == lid
                        for x in parse_dump(run(["pw-dump"], timeout=60).out)
                        if x.get("type") == "PipeWire:Interface:Link"
                    )
                ),
                90,
                interval=1,
            )
            note("libcamera client alive:", g2.p.poll() is None, "after %.1f s" % (time.monotonic() - t_l))
            if g2.p.poll() is None:
                dump("pw-dump-libcamera-linked.json")
                devs = sorted("/dev/" + n for n in os.listdir("/dev") if n.startswith(("video", "media", "v4l-subdev")))
                run(["fuser", "-v", *devs], timeout=20, merge=True, stdout=p("fuser-libcamera.txt"))
                note("fuser libcamera:", read(p("fuser-libcamera.txt")).strip().replace("\n", " | "))
            done = wait_until(lambda: g2.p.poll() is not None, 120)
            rc = g2.stop()
            note(
                "libcamera client exit",
                rc,
                "finished:",
                done,
                "frames:",
                sum(1 for l in read(p("gst-libcamera.out")).splitlines() if "chain" in l),
            )
    else:
        note("no v4l2 node; last pw-cli ls Node:\n" + seen[0][-2000:])

    if env.get("PW_HOTPLUG") == "1":
        # Hot-plug: vivid unloaded and loaded again while both daemons run.
        from guest.harness import rmmod

        note("rmmod vivid:", rmmod("vivid"))
        gone = wait_until(lambda: "platform-vivid" not in ls_nodes(), 30, interval=0.5)
        note("vivid node gone from PipeWire:", gone)
        t_h = time.monotonic()
        modprobe("vivid", *WEBCAM)
        t_m = time.monotonic()
        back = wait_until(lambda: "platform-vivid" in ls_nodes(), 60, interval=0.25)
        note(
            "vivid node back after modprobe:",
            back,
            "%.1f s after modprobe started, %.1f s after it returned"
            % (time.monotonic() - t_h, time.monotonic() - t_m),
        )
        dump("pw-dump-hotplug.json")

    for d in reversed(daemons):
        d.stop(timeout=20)
    note("logs:", {n: len(read(p(n))) for n in ("pipewire.err", "wireplumber.err")})
    return 0


if __name__ == "__main__":
    sys.exit(main())
