"""The recorder block on vivid: a .y4m at the asked size and rate, the frames it allocates, the configuration
lock against v4l2-ctl and `camprobe apply`, and a camera unplugged mid-record."""

import os
import re
import time

from guest.ffprobe import ffprobe_json, first_stream, tail, tool
from guest.harness import Background, Result, Suite, read, run, settle, v4l2ctl, wait_until
from guest.recorder_common import (
    FPS,
    FRAMES_OK,
    SECONDS,
    START_DEADLINE,
    alive,
    event_lines,
    holder_named,
    recorded_path,
    said,
    wait_line,
)

# 1. vivid to a .y4m.


def record_vivid(s: Suite, ex: str, node: str) -> None:
    prefix = s.path("r-vivid")
    r = run(
        [ex, node, "--size", "640x480", "--fps", str(FPS), "--seconds", str(SECONDS), "--output", prefix],
        stdout=s.path("recorder-vivid.out"),
        stderr=s.path("recorder-vivid.err"),
        timeout=180,
    )
    path = recorded_path(r.out, prefix, ".y4m")

    def recorded() -> None:
        assert r.rc == 0, "exit %d: %s" % (r.rc, tail(r.err))
        assert path == prefix + ".y4m", "'Recording:' names %r, expected %s.y4m (a raw format)" % (path, prefix)
        done = event_lines(r.out, "Recorded")
        assert done, "no 'Recorded:' line: %s" % tail(r.out)
        print("info: R1 recorder: Recorded: %s" % done[0], flush=True)

    s.check(
        "R1 recorder %s --size 640x480 --fps 25 --seconds 5 exits 0 and records to r-vivid.y4m (exit %d)"
        % (node, r.rc),
        recorded,
    )

    def probed() -> None:
        d = ffprobe_json(
            s, path, "stream=nb_read_frames,r_frame_rate,width,height", "recorder-vivid-ffprobe", count=True
        )
        st = first_stream(d)
        frames = int(st.get("nb_read_frames") or 0)
        print(
            "info: R1 ffprobe: %s frames, %s, %sx%s"
            % (frames, st.get("r_frame_rate"), st.get("width"), st.get("height")),
            flush=True,
        )
        assert (st.get("width"), st.get("height")) == (640, 480), "size %sx%s" % (st.get("width"), st.get("height"))
        assert st.get("r_frame_rate") == "%d/1" % FPS, "r_frame_rate %s" % st.get("r_frame_rate")
        assert FRAMES_OK[0] <= frames <= FRAMES_OK[1], "%d frames, expected %d..%d (recorder said: %s)" % (
            frames,
            FRAMES_OK[0],
            FRAMES_OK[1],
            event_lines(r.out, "Recorded")[:1],
        )

    s.check("R1 ffprobe reads r-vivid.y4m: 640x480, r_frame_rate 25/1, %d..%d frames" % FRAMES_OK, probed)


# 2. The configuration lock, then open but unlocked.


def frame_allocations(s: Suite, node: str) -> None:
    """Borrowed frames read with VideoFrames.forEach cost no heap allocation: camprobe-bench counts every
    malloc of the process. A `for try await` loop is reported beside it (libdispatch's wake-ups: 2 per frame)."""
    bench = os.environ.get("CAMPROBE_BENCH") or os.path.join(os.path.dirname(s.c), "camprobe-bench")
    # CAMPROBE_BENCH is the debug build's, which scripts/test builds while the guest runs: wait for it,
    # or for scripts/test's word that the build is over (debug-build.done in the result folder all guests share).
    if os.environ.get("CAMPROBE_BENCH"):
        done = os.path.join(os.environ.get("VM_OUT") or s.out, "debug-build.done")
        wait_until(lambda: os.access(bench, os.X_OK) or os.path.exists(done), 1200, interval=2)
    if not os.access(bench, os.X_OK):
        s.bad(
            "R1 zero allocations per frame (borrow mode)",
            "%s was not built (swift build --product camprobe-bench)" % bench,
        )
        return
    v4l2ctl(node, "--set-fmt-video=width=320,height=180,pixelformat=YUYV", "--set-parm=30")
    for extra, limit in (([], 0), (["--for-await"], None)):
        r, per = measure_allocations(bench, node, extra)
        if limit is not None and per is not None and 0 < per < 1:
            # Fewer allocations than frames is not one per frame: the count is the whole process's, and once (in 5
            # runs) one allocation fell in the window, under load. It is measured again; one per frame shows twice.
            print("info: R1 fewer allocations than frames (%s per frame): measured again" % per, flush=True)
            r, per = measure_allocations(bench, node, extra)
        if limit is None:
            s.expect(
                "R1 a for-await loop over 300 frames on %s is measured (%s per frame)" % (node, per),
                r.rc in (0, 1) and per is not None,
                "exit %d: %s %s" % (r.rc, r.out[-300:], r.err[-300:]),
            )
            continue
        s.expect(
            "R1 heap allocations per borrowed frame read with forEach on %s: %s (must be 0)" % (node, per),
            r.rc == 0 and per == 0,
            "exit %d: %s %s" % (r.rc, r.out[-300:], r.err[-300:]),
        )


def measure_allocations(bench: str, node: str, extra: list[str]) -> tuple[Result, float | None]:
    """camprobe-bench's count of heap allocations over 300 frames on NODE: its run, and the count per frame."""
    r = run([bench, "--frame-allocations", "300", "--device", node] + extra, timeout=180)
    print("info: R1 %s" % r.out.strip()[-300:], flush=True)
    m = re.search(r"frame allocations: (\d+) over (\d+) frames", r.out)
    return r, (int(m.group(1)) / max(int(m.group(2)), 1) if m else None)


def locks(s: Suite, ex: str, node: str) -> None:
    out, err = s.path("recorder-locks.out"), s.path("recorder-locks.err")
    bg = Background(
        [
            ex,
            node,
            "--size",
            "640x480",
            "--fps",
            str(FPS),
            "--seconds",
            "0",
            "--hold-locked",
            "8",
            "--hold-unlocked",
            "8",
        ],
        out,
        err,
    )
    try:
        locks_checks(s, node, bg, out, err)
    finally:
        rc = bg.stop(timeout=10)
    s.expect("R2 the recorder with --seconds 0 and both holds exits 0 (exit %s)" % rc, rc == 0, said(out, err))


# vivid's webcam input has no 320x240: S_FMT gives its nearest size, 320x180 (anything but the
# recorder's 640x480 shows the set took effect).
SET_FMT = "--set-fmt-video=width=320,height=240,pixelformat=YUYV"


SET_FMT_GIVES = ("320", "180")


def set_fmt_320x240(s: Suite, node: str, name: str) -> Result:
    return v4l2ctl(node, SET_FMT, merge=True, timeout=30, stdout=s.path(name))


def locks_checks(s: Suite, node: str, bg: Background, out: str, err: str) -> None:
    locked, why = wait_line(bg, out, "Locked", START_DEADLINE)
    if not s.expect(
        "R2 the recorder prints 'Locked:' (%s)" % (locked or "-"), locked, "%s; %s" % (why, said(out, err))
    ):
        return
    busy = set_fmt_320x240(s, node, "recorder-locked-set-fmt.txt")
    unlocked_early = bool(event_lines(read(out), "Unlocked"))
    s.expect(
        "R2 while locked, v4l2-ctl --set-fmt-video 320x240 fails with 'Device or resource busy'",
        "Device or resource busy" in busy.out,
        "v4l2-ctl exit %d: %s%s"
        % (busy.rc, tail(busy.out), "; the recorder had already unlocked (timing)" if unlocked_early else ""),
    )
    ap = run(
        [s.c, "apply", node, "--size", "320x180"],
        stdout=s.path("recorder-locked-apply.out"),
        stderr=s.path("recorder-locked-apply.err"),
        timeout=60,
    )
    unlocked_early = bool(event_lines(read(out), "Unlocked"))
    s.expect(
        "R2 while locked, camprobe apply %s --size 320x180 exits 1 naming the recorder's pid %d (%s)"
        % (node, bg.pid, tail(ap.err, 200)),
        ap.rc == 1 and holder_named(ap.err, bg.pid),
        "exit %d, stderr %s%s"
        % (ap.rc, tail(ap.err), "; the recorder had already unlocked (timing)" if unlocked_early else ""),
    )

    unlocked, why = wait_line(bg, out, "Unlocked", 30)
    if not s.expect(
        "R2 the recorder prints 'Unlocked:' (%s)" % (unlocked or "-"), unlocked, "%s; %s" % (why, said(out, err))
    ):
        return
    was_alive = alive(bg)
    done = set_fmt_320x240(s, node, "recorder-unlocked-set-fmt.txt")
    got = v4l2ctl(node, "--get-fmt-video", merge=True, timeout=30, stdout=s.path("recorder-unlocked-get-fmt.txt"))
    still_alive = alive(bg)

    def unlocked_check() -> None:
        assert was_alive and still_alive, (
            "the recorder is no longer running (exit %s): the device was not held open" % bg.p.returncode
        )
        assert done.rc == 0 and "busy" not in done.out.lower() and "failed" not in done.out.lower(), (
            "v4l2-ctl --set-fmt-video exit %d: %s" % (done.rc, tail(done.out))
        )
        wh = re.search(r"Width/Height\s*:\s*(\d+)/(\d+)", got.out)
        assert wh and wh.groups() == SET_FMT_GIVES, (
            "--get-fmt-video says %s (expected %s/%s, vivid's nearest to 320x240)"
            % (tail(got.out), SET_FMT_GIVES[0], SET_FMT_GIVES[1])
        )

    s.check(
        "R2 unlocked but still open: v4l2-ctl --set-fmt-video 320x240 succeeds and --get-fmt-video reads 320/180 "
        "(vivid's webcam size nearest to 320x240)",
        unlocked_check,
    )
    wait_until(lambda: not alive(bg), 30, interval=0.2)


# 3. Unplugged mid-record.


def vivid_platform_device() -> str | None:
    d = "/sys/bus/platform/drivers/vivid"
    try:
        names = [n for n in os.listdir(d) if n.startswith("vivid.")]
    except OSError:
        return None
    return names[0] if names else None


def unplug(s: Suite, ex: str, node: str) -> None:
    prefix = s.path("r-unplug")
    out, err = s.path("recorder-unplug.out"), s.path("recorder-unplug.err")
    bg = Background([ex, node, "--size", "640x480", "--fps", str(FPS), "--seconds", "30", "--output", prefix], out, err)
    how, ended, rc = "nothing", False, None
    try:
        rec, why = wait_line(bg, out, "Recording", START_DEADLINE)
        if not s.expect(
            "R3 the recorder prints 'Recording:' (%s)" % (rec or "-"), rec, "%s; %s" % (why, said(out, err))
        ):
            return
        time.sleep(3)
        # As block monitor-hold cuts a holder off: vivid's 'disconnect' control (a control, so it needs
        # no priority unless the recorder holds record priority while streaming: then unbind).
        d = v4l2ctl(node, "-c", "disconnect=1", merge=True, timeout=30, stdout=s.path("recorder-unplug-disconnect.txt"))
        how = "v4l2-ctl -c disconnect=1"
        if d.rc != 0 or re.search(r"busy|failed|error", d.out, re.I):
            dev = vivid_platform_device()
            print(
                "info: R3 disconnect control refused (%s); unbinding %s instead" % (tail(d.out, 160), dev), flush=True
            )
            u = run(["sh", "-c", "echo %s > /sys/bus/platform/drivers/vivid/unbind" % dev], timeout=30)
            how = "platform unbind of %s (exit %d)" % (dev, u.rc)
        t0 = time.monotonic()
        ended = wait_until(lambda: not alive(bg), 20, interval=0.2)
        print(
            "info: R3 %s; recorder %s after %.1f s"
            % (how, "ended" if ended else "still running", time.monotonic() - t0),
            flush=True,
        )
    finally:
        rc = bg.stop(timeout=10)
    text = read(out)
    gone = event_lines(text, "Disconnected")
    s.expect(
        "R3 unplugged mid-record (%s): exits 0 within 20 s with a 'Disconnected:' line (exit %s)" % (how, rc),
        ended and rc == 0 and gone,
        "ended %s, exit %s, %s" % (ended, rc, said(out, err)),
    )
    path = recorded_path(text, prefix, ".y4m")
    m = re.search(r"after (\d+) frames", gone[0]) if gone else None

    def playable() -> None:
        d = ffprobe_json(s, path, "stream=nb_read_frames,width,height", "recorder-unplug-ffprobe", count=True)
        frames = int(first_stream(d).get("nb_read_frames") or 0)
        print("info: R3 ffprobe counts %d frames; the recorder said %s" % (frames, gone[:1]), flush=True)
        assert frames >= 1, "ffprobe counts %d frames" % frames
        r = run(
            [tool("ffmpeg"), "-nostdin", "-v", "error", "-i", path, "-f", "null", "-"],
            stdout=s.path("recorder-unplug-ffmpeg.out"),
            stderr=s.path("recorder-unplug-ffmpeg.err"),
            timeout=300,
        )
        assert r.rc == 0 and not r.err.strip(), "ffmpeg -i %s -f null - exit %d: %s" % (path, r.rc, tail(r.err))
        if m and int(m.group(1)) != frames:
            print("info: R3 the recorder says %s frames, ffprobe counts %d" % (m.group(1), frames), flush=True)

    s.check(
        "R3 the file closed at the unplug is playable: ffprobe and ffmpeg -f null read it without error, >= 1 frame",
        playable,
    )
    settle()
