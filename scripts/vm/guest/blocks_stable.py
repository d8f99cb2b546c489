"""Block stable-names: stable node names on the real driver, with udevd (P11 items 4 and 5).

negotiate --emit names the node by its /dev/v4l/by-path link (vivid is a platform device: udev gives it a
by-path link and no by-id link) and the link resolves to that node; udev-rule's output, installed under
/etc/udev/rules.d (the guest's root is a tmpfs overlay: nothing reaches the host), makes /dev/camprobe-test
point at the node (vivid has no USB attributes: the rule follows the platform parent vivid.0 and the node's
name); monitor --restore NAME --reassert puts back a control that another program (v4l2-ctl) changed."""

import json
import os
import re
import time

from guest.harness import (
    WEBCAM,
    Background,
    JsonlTail,
    first_capture_node,
    get_ctrl,
    modprobe,
    rmmod,
    run,
    set_ctrl,
    settle,
    wait_until,
    write,
)

RULE_NAME = "camprobe-test"
RULE_FILE = "/etc/udev/rules.d/99-camprobe-test.rules"


def block_stable_names(s):
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    emit_by_path(s, node)
    udev_rule(s, node)
    reassert(s, node)
    rmmod("vivid")
    settle()


def one_line(text):
    return " | ".join(l.strip() for l in text.strip().splitlines())[:300]


def emit_by_path(s, node):
    r = s.camprobe(
        "negotiate",
        node,
        "--size",
        "640x480",
        "--emit",
        "ffmpeg",
        stdout=s.path("stable-names-emit.txt"),
        stderr=s.path("stable-names-emit.err"),
    )
    m = re.search(r" -i (\S+) ", r.out)
    path = m.group(1) if m else ""

    def check():
        assert r.rc in (0, 3), "exit %d: %s" % (r.rc, one_line(r.err))
        assert path.startswith("/dev/v4l/by-path/"), (path, one_line(r.out), one_line(r.err))
        assert os.path.exists(path), "%s does not exist" % path
        assert os.path.realpath(path) == os.path.realpath(node), (os.path.realpath(path), node)

    s.check(
        "negotiate %s --size 640x480 --emit ffmpeg names the node %s (resolves to it; note: %s)"
        % (node, path, one_line(r.err)),
        check,
    )
    js = s.camprobe("negotiate", node, "--size", "640x480", "--json", stdout=s.path("stable-names-negotiate.json"))

    def check_json():
        doc = json.loads(js.out)
        assert ("-i %s " % path) in doc["commands"]["ffmpeg"], doc["commands"]
        assert doc["commands"]["v4l2-ctl"].startswith("v4l2-ctl -d %s " % path), doc["commands"]

    s.check("negotiate --json names the same link in its commands", check_json)


def udev_rule(s, node):
    r = s.camprobe(
        "udev-rule",
        node,
        "--name",
        RULE_NAME,
        stdout=s.path("stable-names-udev-rule.txt"),
        stderr=s.path("stable-names-udev-rule.err"),
    )
    rule = [l for l in r.out.splitlines() if l and not l.startswith("#")]
    s.expect(
        "udev-rule prints one rule for vivid, matched on its platform parent (%s)" % (rule[:1] or [""])[0],
        r.rc == 0
        and len(rule) == 1
        and 'KERNELS=="vivid.0"' in rule[0]
        and 'SUBSYSTEMS=="platform"' in rule[0]
        and 'SYMLINK+="%s"' % RULE_NAME in rule[0]
        and RULE_FILE in r.out,
        "exit %d: %s | %s" % (r.rc, one_line(r.out), one_line(r.err)),
    )
    os.makedirs(os.path.dirname(RULE_FILE), exist_ok=True)
    write(RULE_FILE, r.out)
    sysname = os.path.basename(os.path.realpath(node))
    run(["udevadm", "control", "--reload"], timeout=30)
    run(["udevadm", "trigger", "--action=add", "/sys/class/video4linux/" + sysname], timeout=30)
    run(["udevadm", "settle", "--timeout=30"], timeout=40)
    link = "/dev/" + RULE_NAME
    wait_until(lambda: os.path.islink(link), 5)

    def check():
        assert os.path.islink(link), "%s missing; udevadm info: %s" % (
            link,
            one_line(run(["udevadm", "info", "-q", "symlink", node], timeout=30).out),
        )
        assert os.path.realpath(link) == os.path.realpath(node), (os.path.realpath(link), node)

    s.check("the installed rule makes %s -> %s after udevadm trigger" % (link, node), check)
    os.remove(RULE_FILE)
    run(["udevadm", "control", "--reload"], timeout=30)


def reassert(s, node):
    set_ctrl(node, "brightness=100")
    s.camprobe("ctl", node, "--save", "sptest", merge=True, stdout=s.path("stable-names-save.txt"))
    log = s.path("stable-names-reassert.jsonl")
    monitor = Background(
        [s.c, "monitor", "--json", "--restore", "sptest", "--reassert"], log, s.path("stable-names-reassert.err")
    )
    tail = JsonlTail(log)
    restored = wait_until(lambda: tail.count("restored") > 0, 20)
    time.sleep(1)
    set_ctrl(node, "brightness=200")
    wait_until(lambda: tail.count("reasserted") > 0, 20)
    time.sleep(0.5)
    value = get_ctrl(node, "brightness")
    monitor.stop()
    events = [e for e in tail.poll() if e.get("event") in ("reasserted", "reassert-gave-up", "reassert-failed")]

    def check():
        assert restored, "no restored event"
        assert [(e["event"], e["control"], e["value"], e["was"]) for e in events] == [
            ("reasserted", "brightness", 100, 200)
        ], events
        assert value == "100", value

    s.check(
        "monitor --restore --reassert puts brightness back to 100 after v4l2-ctl sets 200, once (%s)"
        % (events[:1] or [""])[0],
        check,
    )
