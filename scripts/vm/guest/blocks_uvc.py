"""Block uvc (P18): a real uvcvideo camera. A configfs UVC gadget (f_uvc) on the
isochronous-capable usbip-vudc is exported over USB/IP and attached back onto
vhci-hcd, where uvcvideo binds to it (scripts/vm/uvc-gadget, uvc_gadget/README.md).
Its gadget application answers the class requests (probe/commit, controls) and
sends frames. camprobe is compared with v4l2-ctl on the same node, and with what
the gadget was told to be (uvc_gadget/default.json)."""

import json
import os
import re
import time

from guest import blocks_uvc_controls, getting_started, hotplug_latency, v4l2, v4l2_raw, verify_rate
from guest.blocks_stable import one_line
from guest.ffprobe import ffprobe_json, first_stream
from guest.harness import load_json, run, settle, v4l2ctl, wait_until, write
from guest.uvc_common import DESCRIPTION, gadget, listed_device, uvc_nodes
from guest.uvc_twins import twins

CYCLES = int(
    os.environ.get("UVC_CYCLES", "10")
)  # 100 in the bench (BENCH_PARTS=uvc-hotplug): CI keeps under 30 minutes
BOUND_MS = float(os.environ.get("UVC_HOTPLUG_BOUND_MS", "50"))  # P27's goal: connect and disconnect, see latency_bound
# What the suite holds a connect's lower quartile to, beside the other guest and the host's tests (see latency_bound).
CONNECT_CI_MS = float(os.environ.get("UVC_HOTPLUG_CONNECT_CI_MS", "100"))


def block_uvc(s):
    desc = load_json(os.path.join(s.here, DESCRIPTION))
    up = gadget(s, "up", os.path.join(s.here, DESCRIPTION))
    write(s.path("uvc-up.err"), up.err + up.out)
    node = up.out.strip().splitlines()[-1] if up.out.strip() else ""
    state = json.loads(gadget(s, "status").out or "{}")
    if not s.expect(
        "uvc-gadget up attaches a camera and uvcvideo gives it a capture node (%s)" % node,
        up.rc == 0 and node.startswith("/dev/video"),
        "exit %d: %s" % (up.rc, one_line(up.out + up.err)),
    ):
        gadget(s, "down")
        return
    settle()
    s.expect(
        "the gadget runs on usbip-vudc with isochronous transfers (%s)" % (state.get("vudc") or {}).get("file"),
        (state.get("vudc") or {}).get("isochronous") is True,
        json.dumps(state.get("vudc")),
    )
    try:
        identity(s, node, desc)
        v4l2.parity(s, node, "uvc")
        v4l2.state_unchanged(s, "uvc")
        emitted_by_id(s, node)
        driver_answers(s, node)
        streaming(s, node)
        getting_started.loop_then_frames_again(s, "uvc")
        blocks_uvc_controls.controls(s, node, desc, gadget)
        doctor(s, node, "usb-%s:%s-%s" % (desc["idVendor"][2:], desc["idProduct"][2:], desc["serial"]))
        hotplug(s, node, desc)
    finally:
        down = gadget(s, "down")
        s.expect(
            "uvc-gadget down detaches and leaves no uvcvideo node",
            down.rc == 0 and not uvc_nodes(),
            "exit %d: %s; nodes %s" % (down.rc, one_line(down.err), uvc_nodes()),
        )
    try:
        twins(s)
    finally:
        gadget(s, "down", "--all")


def identity(s, node, desc):
    """One device with the capture and the metadata node; its ID from the serial; USB 2.0 High-Speed."""
    dev, devices = listed_device(s, node, "identity")
    s.camprobe("list", stdout=s.path("uvc-list.txt"))  # as a person sees it (README)
    v4l2.grouping(s, "uvc", len([d for d in devices if d["captures"] or any(n["role"] != "audio" for n in d["nodes"])]))
    nodes = uvc_nodes()

    def grouped():
        assert dev, "no single listed device holds %s: %s" % (node, [d["id"] for d in devices])
        paths = sorted(n["path"] for n in dev["nodes"] if n["role"] != "audio")
        assert paths == nodes, "device nodes %s, uvcvideo's nodes %s" % (paths, nodes)
        roles = sorted(n["role"] for n in dev["nodes"] if n["role"] != "audio")
        assert roles == ["capture", "media", "metadata"], roles

    s.check("list: the capture, metadata and media nodes uvcvideo made (%s) are one device" % ", ".join(nodes), grouped)

    def stable_id():
        assert dev, "not listed"
        assert desc["serial"] in dev["id"], "id %r does not carry the serial %s" % (dev["id"], desc["serial"])
        ident = dev["identity"]
        assert ident.get("serial") == desc["serial"], ident
        assert (ident.get("vendorID"), ident.get("productID")) == (desc["idVendor"][2:], desc["idProduct"][2:]), ident
        return dev["id"]

    s.check(lambda i: "list: the device's stable ID comes from the USB serial (%s)" % i, stable_id)

    def transport():
        assert dev, "not listed"
        assert dev["transport"]["label"] == "USB 2.0 High-Speed (480 Mbit/s)", dev["transport"]
        return dev["transport"]["label"]

    s.check(lambda t: "list: transport %s (vhci-hcd at high speed)" % t, transport)


def emitted_by_id(s, node):
    r = s.camprobe(
        "negotiate",
        node,
        "--size",
        "640x480",
        "--fps",
        "30",
        "--format",
        "MJPG",
        "--emit",
        "ffmpeg",
        stdout=s.path("uvc-emit.txt"),
        stderr=s.path("uvc-emit.err"),
    )
    m = re.search(r" -i (\S+)", r.out)
    path = m.group(1) if m else ""

    def check():
        assert r.rc == 0, "exit %d: %s" % (r.rc, one_line(r.err))
        assert path.startswith("/dev/v4l/by-id/"), (path, one_line(r.out))
        assert os.path.realpath(path) == os.path.realpath(node), (os.path.realpath(path), node)

    s.check("negotiate --format MJPG --emit ffmpeg names the camera by its by-id link (%s)" % path, check)


# What uvcvideo answers to S_FMT and S_PARM, which the fake at the device seam (CamProbeTesting's
# FakeV4L2Port+Configuration) must answer the same way for the gadget's formats (UVCDriverAnswersTests):
# (request, expected answer, why).
DRIVER_ANSWERS = [
    (
        ("fmt", 800, 600, "MJPG"),
        (640, 480, "MJPG", 0, 614400),
        "the size with the least non-overlapping area; a compressed format has bytesperline 0, "
        "sizeimage is the device's dwMaxVideoFrameSize",
    ),
    (
        ("fmt", 640, 480, "H264"),
        (640, 480, "MJPG", 0, 614400),
        "a format the camera lacks gives its default (first) format",
    ),
    (("fmt", 320, 240, "YUYV"), (320, 240, "YUYV", 640, 153600), "YUYV: 2 bytes a pixel"),
    (("fmt", 640, 480, "YUYV"), (640, 480, "YUYV", 1280, 614400), "back to 640x480"),
    (("parm", 1, 20), (1, 15), "1/20 s is 500000 in 100 ns units: 666666 (15 fps) is 1 nearer than 333333 (30 fps)"),
    (("parm", 0, 0), (1, 15), "a zero denominator saturates the interval: the slowest rate"),
    (("parm", 0, 1), (1, 30), "a zero interval: the fastest rate"),
    (("parm", 1, 1000), (1, 30), "faster than offered: the fastest"),
    (("parm", 1, 25), (1, 30), "1/25 s is nearer 1/30 than 1/15"),
]


def driver_answers(s, node):
    """uvcvideo's own answers to S_FMT and S_PARM, asked with raw ioctls, against what the fake assumes."""
    got, wrong = [], []
    for request, want, why in DRIVER_ANSWERS:
        try:
            answer = v4l2_raw.s_fmt(node, *request[1:]) if request[0] == "fmt" else v4l2_raw.s_parm(node, *request[1:])
        except OSError as e:
            answer = "errno %d" % e.errno
        got.append("%s -> %s (expected %s: %s)" % (request, answer, want, why))
        if isinstance(answer, str) or tuple(answer) != want:
            wrong.append(got[-1])
    write(s.path("uvc-driver-answers.txt"), "\n".join(got) + "\n")
    s.expect(
        "uvcvideo answers S_FMT (nearest size, default format, bytesperline/sizeimage) and S_PARM (nearest "
        "interval in 100 ns units, zero fractions) as the fake at the seam assumes (%d requests)" % len(DRIVER_ANSWERS),
        not wrong,
        "\n".join(wrong),
    )


def streaming(s, node):
    """apply and verify on MJPEG, a JPEG snapshot, and the recorder example, on uvcvideo."""
    r = s.camprobe(
        "apply",
        node,
        "--size",
        "1280x720",
        "--fps",
        "15",
        "--format",
        "MJPG",
        "--json",
        stdout=s.path("uvc-apply.json"),
        stderr=s.path("uvc-apply.err"),
    )
    t = v4l2ctl(node, "--get-fmt-video", "--get-parm", merge=True, stdout=s.path("uvc-after-apply.txt")).out

    def applied():
        v4l2.applied_read_back(r.out, t, 1280, 720, "MJPG", 15)

    s.check("apply sets MJPG 1280x720 at 15 fps on uvcvideo and v4l2-ctl reads back the same (exit %d)" % r.rc, applied)

    # 15 fps: the gadget application paces frames in Python under TCG, beside the rest of CI.
    v = s.camprobe(
        "verify",
        node,
        "--size",
        "640x480",
        "--fps",
        "15",
        "--format",
        "MJPG",
        "--frames",
        "30",
        "--json",
        stdout=s.path("uvc-verify.json"),
        stderr=s.path("uvc-verify.err"),
        timeout=180,
    )

    def verified():
        # The stream is what is checked here; the verdict depends on the guest's timing. Exit 3 (UNDECIDED: 30
        # frames too few for this jitter) is right when the 95 % interval says so; verify_rate judges that.
        assert v.rc in (0, 3), "exit %d: %s" % (v.rc, one_line(v.err))
        j = verify_rate.judge(json.loads(v.out))
        assert j.frames == 30, "%d frames received: %s" % (j.frames, j.line())
        assert (v.rc == 3) == (j.verdict == "undecided"), "exit %d with verdict %s" % (v.rc, j.verdict)
        assert not j.problems, "; ".join(j.problems)
        return j.line()

    s.check(
        lambda t: "verify streams 30 MJPEG 640x480 frames from uvcvideo, its verdict as its interval says (%s)" % t,
        verified,
    )

    jpg = s.path("uvc-snapshot.jpg")
    sn = s.camprobe(
        "snapshot",
        node,
        "--format",
        "MJPG",
        "--size",
        "1280x720",
        "-o",
        jpg,
        stderr=s.path("uvc-snapshot.err"),
        timeout=120,
    )

    def snapped():
        assert sn.rc == 0, "exit %d: %s" % (sn.rc, one_line(sn.err))
        st = first_stream(ffprobe_json(s, jpg, "stream=codec_name,width,height", "uvc-snapshot-ffprobe"))
        assert (st.get("width"), st.get("height")) == (1280, 720), st
        return "%s %dx%d" % (st.get("codec_name"), st["width"], st["height"])

    s.check(lambda d: "snapshot --format MJPG writes a JPEG that ffprobe decodes (%s)" % d, snapped)

    ex = os.path.join(os.path.dirname(s.c), "camprobe-recorder-example")
    prefix = s.path("uvc-recorded")
    rec = run(
        [ex, node, "--size", "1280x720", "--fps", "30", "--seconds", "3", "--output", prefix],
        stdout=s.path("uvc-recorder.out"),
        stderr=s.path("uvc-recorder.err"),
        timeout=180,
    )
    m = re.search(r"^Recording: (\S+)", rec.out, re.M)
    path = m.group(1) if m else ""

    def recorded():
        assert rec.rc == 0, "exit %d: %s" % (rec.rc, one_line(rec.err))
        assert path and os.path.exists(path), "no 'Recording:' file: %s" % one_line(rec.out)
        st = first_stream(
            ffprobe_json(s, path, "stream=codec_name,width,height,nb_read_frames", "uvc-recorder-ffprobe", count=True)
        )
        frames = int(st.get("nb_read_frames") or 0)
        assert (
            st.get("codec_name") == "mjpeg" and (st.get("width"), st.get("height")) == (1280, 720) and frames >= 30
        ), st
        return "%s, %s, %d frames" % (os.path.basename(path), st.get("codec_name"), frames)

    s.check(
        lambda d: "the recorder example records 3 s of MJPEG 1280x720 from uvcvideo that ffprobe decodes (%s)" % d,
        recorded,
    )


def doctor(s, node, ident):
    """doctor on one camera on the vhci bus: it is checked, and no bandwidth warning is made up
    (one YUYV or MJPEG stream of the default camera is far below the 48 MB/s high-speed budget)."""
    r = s.camprobe(
        "doctor", node, "--json", stdout=s.path("uvc-doctor.json"), stderr=s.path("uvc-doctor.err"), timeout=120
    )

    def check():
        doc = json.loads(r.out)
        assert [d["id"] for d in doc["devices"]] == [ident], doc["devices"]
        checks = sorted({f["check"] for f in doc["findings"]})
        assert "usb-bandwidth" not in checks and "busy" not in checks, checks
        return ", ".join(checks) or "no findings"

    s.check(lambda d: "doctor %s checks the USB camera and finds no bandwidth or busy problem (%s)" % (node, d), check)


def usbip_port(busid):
    """The vhci port busid is attached on, from `usbip port` (None when it is not)."""
    port = None
    for line in run(["usbip", "port"], timeout=30).out.splitlines():
        m = re.match(r"\s*Port\s+(\d+):", line)
        if m:
            port = m.group(1)
        elif busid in line and port is not None:
            return port
    return None


def usbip_plug(busid):
    """(plug, unplug): `usbip attach` of the exported gadget, `usbip detach` of its vhci port."""
    where = {"port": usbip_port(busid)}

    def plug():
        run(["usbip", "attach", "-r", "127.0.0.1", "-d", busid], timeout=60)
        where["port"] = usbip_port(busid) or where["port"]

    def unplug():
        run(["usbip", "detach", "-p", str(where["port"])], timeout=60)

    return plug, unplug


def hotplug(s, node, desc):
    """usbip detach/attach: a real USB disconnect, then the camera enumerating again. Every
    connect and disconnect is seen by `monitor --json`; the latencies from the last udev event
    of each burst (beside `udevadm monitor --udev`) are printed here and benchmarked by
    scripts/bench (BENCH_PARTS=uvc-hotplug)."""
    plug, unplug = usbip_plug(desc.get("udc", "usbip-vudc.0"))
    t0 = time.monotonic()
    unplug()
    wait_until(lambda: not uvc_nodes(), 30)
    r = hotplug_latency.measure(s.c, CYCLES, s.path("uvc-hotplug.log"), plug=plug, unplug=unplug)
    plug()
    wait_until(lambda: len(uvc_nodes()) == 3, 60)
    secs = time.monotonic() - t0
    write(s.path("uvc-hotplug.md"), hotplug_latency.table(r))
    counts = r["counts"]
    p = hotplug_latency.percentile
    s.expect(
        "monitor sees every USB disconnect and reconnect over %d usbip detach/attach cycles (%s; %.1f s per cycle; "
        "connected p50 %.1f / p99 %.1f ms after the last udev event, disconnected p99 %.1f ms)"
        % (
            CYCLES,
            counts,
            secs / max(CYCLES, 1),
            p(r["connected"], 0.5),
            p(r["connected"], 0.99),
            p(r["disconnected"], 0.99),
        ),
        counts == {"connected": CYCLES, "capabilities": CYCLES, "disconnected": CYCLES}
        and len(r["connected"]) == CYCLES
        and len(r["disconnected"]) == CYCLES,
        "counts %s, %d connect and %d disconnect latencies (uvc-hotplug.log)"
        % (counts, len(r["connected"]), len(r["disconnected"])),
    )
    latency_bound(s, r)
    s.expect("after the cycles the camera is back with its three nodes", len(uvc_nodes()) == 3, str(uvc_nodes()))


def latency_bound(s, r):
    """P27: `connected` and `disconnected` after udev's last node event, by the kept measure (hotplug_latency
    `kept`: udevadm's stamp to the line's arrival at a reader), every cycle announced. The goal is BOUND_MS p99 over
    100 cycles (scripts/vm/bench_uvc_hotplug.sh, Reports/benchmarks.md §31, §40). Ten cycles cannot give a p99; what
    they can say of it: every cycle after the monitor's first (whose code runs, and under TCG is translated, for the
    first time) within BOUND_MS but one, the one a flush of qemu's translation cache may make as slow as the first
    (§40). The block runs once the host's build and tests are over (block_queue.QUIET_BLOCKS): beside the debug
    build a clean-clone .ci/run once had every connect at 49–128 ms. Load stretches every cycle and added work moves
    every cycle, so a connect's lower quartile is also held to CONNECT_CI_MS (100 ms; the shipped build with each
    `connected` line held back 100 ms: 171 ms), and a disconnect's median to BOUND_MS."""
    p = hotplug_latency.percentile
    after_first = r["kept"]["connected"][1:]
    all_but_one = max(len(after_first) - 2, 0) / max(len(after_first) - 1, 1)  # percentile()'s second slowest
    for kind, v, q, stat, bound in (
        ("connected", r["kept"]["connected"], 0.25, "lower quartile", CONNECT_CI_MS),
        ("connected", after_first, all_but_one, "all but one after the first: the second slowest", BOUND_MS),
        ("disconnected", r["kept"]["disconnected"], 0.5, "median", BOUND_MS),
    ):
        missing = sum(1 for x in v if x == float("inf"))
        s.expect(
            "`%s` within %d ms of the last video4linux/media udev event (%s of %d cycles %.1f ms; median %.1f, "
            "p99 %.1f ms; %d unannounced)" % (kind, bound, stat, len(v), p(v, q), p(v, 0.5), p(v, 0.99), missing),
            len(r["kept"][kind]) == CYCLES and missing == 0 and p(v, q) <= bound,
            "per cycle (ms): %s (uvc-hotplug.log)" % ", ".join("%.1f" % x for x in r["kept"][kind]),
        )
