"""Block negotiate: negotiation on the real driver. apply agrees with v4l2-ctl, verify
measures the delivered rate, vivid's fault controls are seen, a second streamer
blocks apply; reduced_framerate on HDMI is printed for information."""

import json
import os
import re
import signal
import time

from guest import getting_started, v4l2
from guest.harness import WEBCAM, Background, first_capture_node, modprobe, rmmod, run, set_ctrl, settle, v4l2ctl


def block_negotiate(s):
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    negotiate(s, node)
    negotiate_exit_status(s, node)
    apply(s, node)
    verify_rate(s, node)
    recorder_example(s, node)
    getting_started.loop_then_frames_again(s, "negotiate")
    verify_drops(s, node)
    streamon_error(s, node)
    busy(s, node)
    rmmod("vivid")
    settle()
    reduced_framerate(s)


def negotiate(s, node):
    r = s.camprobe(
        "negotiate",
        node,
        "--preset",
        "medium",
        "--json",
        stdout=s.path("negotiate-negotiate.json"),
        stderr=s.path("negotiate-negotiate.err"),
    )

    def check():
        d = json.loads(r.out)["decision"]
        assert d["outcome"] == "valid" and d["choice"]["fourcc"] == "YUYV", (d["outcome"], d.get("choice"))
        assert r.rc == 0, r.rc

    s.check(
        "negotiate --preset medium on vivid is VALID (nearest to 640x480 at >= 30 fps), exit 0 (exit %d)" % r.rc, check
    )


def negotiate_exit_status(s, node):
    """negotiate's exit status tells the outcome apart: VALID 0, ADJUSTED 3, UNSUPPORTED 1;
    --strict makes ADJUSTED an error (1). vivid's webcam offers 640x480 up to 25 fps, nothing above 3840x2160."""
    r = s.camprobe(
        "negotiate",
        node,
        "--size",
        "640x480",
        "--fps",
        "30",
        "--json",
        stdout=s.path("negotiate-negotiate-adjusted.json"),
        stderr=s.path("negotiate-negotiate-adjusted.err"),
    )

    def check():
        d = json.loads(r.out)["decision"]
        assert d["outcome"] == "adjusted" and r.rc == 3, (d["outcome"], r.rc)
        assert [c["field"] for c in d["changes"]] == ["rate"], d["changes"]

    s.check("negotiate --size 640x480 --fps 30 on vivid is ADJUSTED (rate), exit 3 (exit %d)" % r.rc, check)
    strict = s.camprobe("negotiate", node, "--size", "640x480", "--fps", "30", "--strict")
    s.expect(
        "with --strict the same request exits 1 naming the change (%s)" % one_line(strict.err),
        strict.rc == 1 and "--strict: the request was adjusted (rate 30 fps" in strict.err,
        "exit %d" % strict.rc,
    )
    floor = s.camprobe("negotiate", node, "--size", "7680x4320", "--at-least")
    s.expect(
        "negotiate --size 7680x4320 --at-least on vivid is UNSUPPORTED, exit 1, the reason said once",
        floor.rc == 1
        and "no mode is at least 7680x4320; the largest is 3840x2160" in floor.out
        and not floor.err.strip(),
        "exit %d: %s | %s" % (floor.rc, one_line(floor.out), one_line(floor.err)),
    )


def apply(s, node):
    r = s.camprobe(
        "apply",
        node,
        "--size",
        "640x360",
        "--fps",
        "30",
        "--format",
        "YUYV",
        "--json",
        stdout=s.path("negotiate-apply.json"),
        stderr=s.path("negotiate-apply.err"),
    )
    t = v4l2ctl(node, "--get-fmt-video", "--get-parm", merge=True, stdout=s.path("negotiate-after-apply.txt")).out

    def check():
        a = v4l2.applied_read_back(r.out, t, 640, 360, "YUYV", 30)
        assert a["adjustments"] == [], a["adjustments"]

    s.check("apply sets 640x360 YUYV at 30 fps and v4l2-ctl reads back the same (exit %d)" % r.rc, check)


def verify(s, node, frames, name):
    return s.camprobe(
        "verify",
        node,
        "--size",
        "320x180",
        "--fps",
        "30",
        "--frames",
        str(frames),
        "--json",
        stdout=s.path(name + ".json"),
        stderr=s.path(name + ".err"),
        timeout=180,
    )


def verify_rate(s, node):
    r = verify(s, node, 90, "negotiate-verify")

    def check():
        d = json.loads(r.out)
        st = d["stream"]
        print(
            "info: delivered",
            st.get("deliveredFPS"),
            "jitter ms",
            st.get("jitterMilliseconds"),
            "dropped",
            st["framesDropped"],
            "first frame ms",
            st.get("timeToFirstFrameMilliseconds"),
            flush=True,
        )
        assert st["framesReceived"] == 90, st["framesReceived"]
        assert abs(st["deliveredFPS"] / 30 - 1) < 0.05, st["deliveredFPS"]
        assert d["verdict"] in ("ok", "drops"), d["verdict"]

    s.check("verify streams 90 frames at 320x180 and measures 30 fps within 5 %% (exit %d)" % r.rc, check)


def recorder_example(s, node):
    """Examples/Recorder (public API only) records 2 s from vivid; v4l2-ctl reads back its format."""
    example = os.path.join(os.path.dirname(s.c), "camprobe-recorder-example")
    r = run(
        [example, node, "--size", "320x180", "--fps", "30", "--seconds", "2", "--output", s.path("negotiate-recorder")],
        stdout=s.path("negotiate-recorder.txt"),
        stderr=s.path("negotiate-recorder.err"),
        timeout=180,
    )
    t = v4l2ctl(node, "--get-fmt-video", merge=True).out

    def check():
        assert r.rc == 0, (r.rc, r.err[-300:])
        m = re.search(r"Recorded: (\d+) frames, (\d+) dropped, at ([\d.?]+) fps to (\S+)", r.out)
        assert m, r.out
        assert int(m.group(1)) == 60 and m.group(4).endswith(".y4m"), m.groups()
        assert re.search(r"Width/Height\s*:\s*320/180", t), t

    s.check("the recorder example (public API only) records 60 frames at 320x180, 30 fps (exit %d)" % r.rc, check)


def verify_drops(s, node):
    set_ctrl(node, "percentage_of_dropped_buffers=20")
    r = verify(s, node, 150, "negotiate-drops")
    set_ctrl(node, "percentage_of_dropped_buffers=0")

    def check():
        d = json.loads(r.out)
        ratio = d["dropRatio"]
        print("info: drop ratio", ratio, "dropped", d["stream"]["framesDropped"], "verdict", d["verdict"], flush=True)
        assert 0.10 <= ratio <= 0.30, ratio
        assert d["verdict"] in ("drops", "shortfall") and r.rc == 3, (d["verdict"], r.rc)

    s.check(
        "with percentage_of_dropped_buffers=20 verify reports about 20 %% dropped and exits 3 (exit %d)" % r.rc, check
    )


def one_line(text, n=200):
    return text[:n].replace("\n", " ")


def streamon_error(s, node):
    set_ctrl(node, "inject_vidioc_streamon_error=1")
    r = s.camprobe(
        "verify",
        node,
        "--size",
        "320x180",
        "--fps",
        "30",
        "--frames",
        "10",
        stdout=s.path("negotiate-streamon.txt"),
        stderr=s.path("negotiate-streamon.err"),
        timeout=120,
    )
    s.expect(
        "an injected VIDIOC_STREAMON error gives a clear error, exit 1 (%s)" % one_line(r.err),
        r.rc == 1 and "VIDIOC_STREAMON" in r.err,
        "exit %d" % r.rc,
    )


def busy(s, node):
    """apply while v4l2-ctl streams fails cleanly; verify works once it stops."""
    v4l2ctl(node, "--set-fmt-video=width=320,height=180,pixelformat=YUYV")
    streamer = Background(
        ["v4l2-ctl", "-d", node, "--stream-mmap", "--stream-count=600"], s.path("negotiate-streamer.txt")
    )
    time.sleep(2)
    r = s.camprobe(
        "apply",
        node,
        "--size",
        "640x360",
        "--fps",
        "30",
        stdout=s.path("negotiate-busy.txt"),
        stderr=s.path("negotiate-busy.err"),
    )
    streamer.stop(sig=signal.SIGTERM, timeout=20)
    s.expect(
        "apply while another process streams fails cleanly, exit 1 (%s)" % one_line(r.err),
        r.rc == 1 and re.search("streaming in another process|record priority", r.err),
        "exit %d" % r.rc,
    )
    again = s.camprobe("verify", node, "--size", "320x180", "--fps", "30", "--frames", "30", timeout=120)
    s.expect(
        # 0 or 3 (a verdict other than OK, such as UNDECIDED under the guest's jitter): it streamed, nothing held it.
        "after the other streamer stops, verify works again",
        again.rc in (0, 3),
        "exit %d: %s" % (again.rc, again.err[:400]),
    )


def reduced_framerate(s):
    """Information only: vivid's reduced_framerate on its HDMI input (the rate becomes N/1.001). The
    HDMI source sends one size (1280x720 by default), so the preset is high: the size it sends."""
    if not modprobe("vivid", "n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x3"):
        return
    settle()
    node = first_capture_node()
    set_ctrl(node, "reduced_framerate=1")
    r = s.camprobe(
        "verify",
        node,
        "--preset",
        "high",
        "--frames",
        "30",
        "--json",
        stdout=s.path("negotiate-reduced.json"),
        stderr=s.path("negotiate-reduced.err"),
        timeout=120,
    )
    try:
        d = json.loads(r.out)
        info = "negotiated %s delivered %s rateError %s verdict %s" % (
            d["decision"]["choice"]["frameInterval"],
            d["stream"].get("deliveredFPS"),
            d.get("rateError"),
            d["verdict"],
        )
    except (ValueError, KeyError, TypeError) as e:
        info = "%s: %s" % (type(e).__name__, e)
    print("info: reduced_framerate=1 on HDMI: " + info[:400], flush=True)
    rmmod("vivid")
    settle()
