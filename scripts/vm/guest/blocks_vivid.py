"""Blocks vivid-webcams, vivid-default, vivid-inputs and loopback: what camprobe reads from vivid (and v4l2loopback)
against v4l2-ctl, with nodes grouped, state untouched, profiles round-tripped."""

import json
import os
import re

import compare_v4l2ctl
from guest.harness import capture_nodes, first_capture_node, modprobe, rmmod, run, settle, v4l2ctl
from guest.v4l2 import grouping, parity, profile_roundtrip, saved_texts, show_json, state_unchanged


def block_vivid_webcams(s):
    """vivid-webcams: two webcam-like instances (discrete sizes and intervals)."""
    modprobe("vivid", "n_devs=2", "node_types=0x1,0x1", "num_inputs=1,1", "input_types=0x0,0x0")
    settle()
    listed = grouping(s, "vivid-webcams", 2)
    try:
        ids = [d["id"] for d in json.loads(listed.out)["devices"] if d["captures"]]
    except (ValueError, KeyError) as e:
        ids = ["<%s>" % e]
    s.expect(
        "two vivid instances get different stable IDs (%s)" % " ".join(ids), len(ids) == 2 and len(set(ids)) == 2, ids
    )
    nodes = capture_nodes()
    for n in nodes:
        parity(s, n, "vivid-webcams")
        profile_roundtrip(s, n, "vivid-webcams")
    first = nodes[0] if nodes else "/dev/video0"
    s.check("comparator rejects a deliberately wrong interval", wrong_interval_caught, s, first)
    s.check("--emulated lists libv4l2's formats exactly as v4l2-ctl -w does", emulated_parity, s, first)
    state_unchanged(s, "vivid-webcams")
    if os.environ.get("VM_BENCH"):
        print(
            run(["sh", os.path.join(s.here, "bench.sh"), s.c, s.out, "vivid-webcams"], timeout=900).out,
            end="",
            flush=True,
        )
    rmmod("vivid")
    settle()


def wrong_interval_caught(s, node):
    """The referee must catch a wrong answer: one interval of a real node's JSON changed."""
    d = show_json(s, node, "vivid-webcams")
    d["device"]["captures"][0]["formats"][0]["sizes"][0]["intervals"]["intervals"][0]["interval"] = "1/31"
    with open(s.path("vivid-webcams-wrong.json"), "w") as f:
        json.dump(d, f)
    diffs = compare_v4l2ctl.compare(node, d, *saved_texts(s, node, "vivid-webcams"))
    with open(s.path("vivid-webcams-wrong.diff"), "w") as f:
        f.write("".join(x + "\n" for x in diffs))
    want = "DIFF %s formats[0].sizes[0].intervals:" % node
    assert any(x.startswith(want) for x in diffs), "no %r among %r" % (want, diffs)


def emulated_parity(s, node):
    """--emulated opens through libv4l2: its formats must match v4l2-ctl's libv4l2 wrapper (-w)."""
    r = s.camprobe(
        "show",
        node,
        "--emulated",
        "--json",
        stdout=s.path("vivid-webcams-emulated.json"),
        stderr=s.path("vivid-webcams-emulated.err"),
    )
    formats = run(
        ["v4l2-ctl", "-w", "-d", node, "--list-formats-ext"],
        merge=True,
        stdout=s.path("vivid-webcams-emulated.formats.txt"),
    ).out
    _, ctrls, alltxt = saved_texts(s, node, "vivid-webcams")
    diffs = compare_v4l2ctl.compare(node, json.loads(r.out), formats, ctrls, alltxt)
    assert not diffs, "\n".join(diffs[:40])


def block_vivid_default(s):
    """vivid-default: the default multi-node instance (capture, output, metadata, vbi, radio, sdr, touch, media)."""
    modprobe("vivid")
    settle()
    grouping(s, "vivid-default", 1)
    for n in capture_nodes():
        parity(s, n, "vivid-default")
        profile_roundtrip(s, n, "vivid-default")
    state_unchanged(s, "vivid-default")
    rmmod("vivid")
    settle()


def block_vivid_inputs(s):
    """vivid-inputs: multi-planar with webcam, TV, S-Video and HDMI inputs; formats follow the selected input."""
    modprobe("vivid", "multiplanar=2", "num_inputs=4", "input_types=0xe4")
    settle()
    node = first_capture_node()
    for i in range(4):
        label = "vivid-inputs-input%d" % i
        v4l2ctl(node, "--set-input", str(i))
        parity(s, node, label)
        profile_roundtrip(s, node, label)
        s.check("show says formats belong to input %d" % i, current_input_is, s, node, label, i)
    types = None
    try:
        c = show_json(s, node, "vivid-inputs-input3")["device"]["captures"][0]
        types = sorted({z["type"] for f in c["formats"] for z in f["sizes"]})
    except (OSError, ValueError, KeyError, IndexError) as e:
        types = "<%s>" % e
    s.expect("HDMI input gives stepwise sizes (%s)" % types, types == ["stepwise"], types)
    hdmi_signal(s, node)
    state_unchanged(s, "vivid-inputs")
    rmmod("vivid")
    settle()


def hdmi_signal(s, node):
    """On the HDMI input the source decides the size: the input's capabilities say DV timings as v4l2-ctl's
    --list-inputs does, and preset high gives the active format (what the source sends), not the receiver's
    16384x8640 maximum."""
    listed = v4l2ctl(node, "--list-inputs").out
    peer = "DV timings" in listed.split("Input       : 3", 1)[-1].split("Input       :", 1)[0]

    def caps():
        inputs = show_json(s, node, "vivid-inputs-input3")["device"]["captures"][0]["inputs"]
        ours = "dv-timings" in (inputs[3].get("capabilities") or [])
        assert ours == peer and ours, "camprobe %r, v4l2-ctl --list-inputs says DV timings: %r" % (inputs[3], peer)

    s.check("HDMI input's capabilities say dv-timings, as v4l2-ctl --list-inputs does", caps)
    fmt = v4l2ctl(node, "--all", merge=True, stdout=s.path("vivid-inputs-hdmi-all.txt")).out
    size = re.search(r"Width/Height\s*:\s*(\d+)/(\d+)", fmt)
    r = s.camprobe(
        "negotiate",
        node,
        "--preset",
        "high",
        "--json",
        stdout=s.path("vivid-inputs-hdmi-high.json"),
        stderr=s.path("vivid-inputs-hdmi-high.err"),
    )

    def high():
        c = json.loads(r.out)["decision"]["choice"]
        want = "%sx%s" % size.groups()
        got = "%dx%d" % (c["size"]["width"], c["size"]["height"])
        assert got == want, "preset high gave %s; the source sends %s" % (got, want)

    s.check("preset high on the HDMI input gives the size its source sends (v4l2-ctl --all)", high)


def current_input_is(s, node, label, i):
    shown = show_json(s, node, label)["device"]["captures"][0].get("currentInput")
    assert shown == i, "show says input %r" % shown


def block_loopback(s):
    """loopback (optional, where the module was built): before a producer attaches
    v4l2loopback offers no formats; camprobe must agree with v4l2-ctl and say why."""
    if not modprobe(
        "v4l2loopback", "devices=1", "video_nr=20", "exclusive_caps=0", "max_width=4096", "max_height=2160"
    ):
        s.skip(
            "loopback: v4l2loopback with no producer: camprobe agrees with v4l2-ctl", "v4l2loopback is not installed"
        )
        return
    settle()
    for n in capture_nodes():
        parity(s, n, "loopback")
    rmmod("v4l2loopback")
