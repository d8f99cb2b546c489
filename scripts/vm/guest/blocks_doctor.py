"""Block doctor: `camprobe doctor` on vivid while v4l2-ctl streams from it: the busy
finding names the streamer's pid and command line (read from /proc/*/fd), the
config check points /dev/videoN at its /dev/v4l link, and once the streamer is
stopped the node is free again."""

import json
import os
import time

from guest.harness import Background, first_capture_node, modprobe, rmmod, settle, wait_until


def block_doctor(s):
    """doctor: doctor finds who holds a streaming node and names the stable link for it."""
    modprobe("vivid", "n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x0")
    settle()
    node = first_capture_node()
    streamer = Background(
        ["v4l2-ctl", "-d", node, "--stream-mmap", "--stream-count=0"],
        stdout=s.path("doctor-stream.out"),
        stderr=s.path("doctor-stream.err"),
    )
    try:
        held = wait_until(lambda: holds(streamer.pid, node), 30)
        s.expect(
            "v4l2-ctl holds %s (pid %d)" % (node, streamer.pid),
            held,
            "no fd of pid %d links to %s" % (streamer.pid, node),
        )
        time.sleep(1)
        config = s.path("doctor-app.conf")
        with open(config, "w") as f:
            f.write("camera = %s\n" % node)
        r = s.camprobe(
            "doctor",
            "--json",
            "--config",
            config,
            stdout=s.path("doctor-doctor.json"),
            stderr=s.path("doctor-doctor.err"),
        )
        s.camprobe(
            "doctor", "--config", config, stdout=s.path("doctor-doctor.txt"), stderr=s.path("doctor-doctor-text.err")
        )
        s.check(
            "doctor --json names pid %d and v4l2-ctl as holding %s" % (streamer.pid, node),
            busy_named,
            r,
            streamer.pid,
            node,
        )
        s.check(
            "doctor --json gives the holder as data: pid %d, v4l2-ctl, %s, holding it open and streaming"
            % (streamer.pid, node),
            holder_data,
            r,
            streamer.pid,
            node,
        )
        s.check("doctor --json points %s in the config at its /dev/v4l link" % node, config_link, r, node)
    finally:
        rc = streamer.stop()
        print("info: streamer stopped with %s" % rc, flush=True)
    r = s.camprobe("doctor", node, "--json", stdout=s.path("doctor-after.json"), stderr=s.path("doctor-after.err"))
    s.check("after the streamer stops, doctor finds %s free" % node, not_busy, r)
    rmmod("vivid")
    settle()


def holds(pid, node):
    fd_dir = "/proc/%d/fd" % pid
    try:
        return any(os.readlink(os.path.join(fd_dir, fd)) == node for fd in os.listdir(fd_dir))
    except OSError:
        return False


def findings(r):
    assert r.rc in (0, 1), "exit status %d: %s" % (r.rc, r.err[-500:])
    doc = json.loads(r.out)
    for f in doc["findings"]:
        assert f["severity"] in ("error", "warning", "info"), f
    return doc["findings"]


def busy_named(r, pid, node):
    busy = [f for f in findings(r) if f["check"] == "busy" and f.get("subject") == node]
    assert busy, "no busy finding for %s among %r" % (node, [f["title"] for f in findings(r)])
    text = busy[0]["title"] + "\n" + "\n".join(busy[0]["evidence"])
    assert ("pid %d " % pid) in text and "v4l2-ctl" in text, text


def holder_data(r, pid, node):
    """The busy finding's `holder` object, checked against what this process knows: v4l2-ctl
    --stream-mmap owns vivid's buffer queue (vb2 answers another handle's REQBUFS(0) with EBUSY)
    and asks for no record priority."""
    busy = [f for f in findings(r) if f["check"] == "busy" and f.get("subject") == node]
    h = busy[0].get("holder")
    assert h, busy[0]
    assert h["pid"] == pid and "v4l2-ctl" in h["command"] and h["node"] == node, h
    assert h["holds"] == ["open", "streaming"] and h["unknown"] == [] and h["sharedWith"] == [], h


def config_link(r, node):
    cfg = [f for f in findings(r) if f["check"] == "config-node-path"]
    assert cfg, "no config-node-path finding"
    assert "/dev/v4l/by-" in cfg[0]["fix"] and node in cfg[0]["fix"], cfg[0]
    c = cfg[0].get("config")
    assert c and c["node"] == node and c["lines"] == [1] and c["stableLink"].startswith("/dev/v4l/by-"), cfg[0]


def not_busy(r):
    busy = [f for f in findings(r) if f["check"] == "busy"]
    assert not busy, busy
