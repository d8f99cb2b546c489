"""Block recorder (P15): the library a recorder reuses. The recorder example
(Examples/Recorder, camprobe's public API only) records vivid to a .y4m that
ffprobe reads at the asked size and rate; its configuration lock keeps
v4l2-ctl and `camprobe apply` out (naming its pid) and lets them in once it
unlocks while it still holds the camera open; a camera unplugged mid-record
leaves a playable file and a clean exit; on vimc one sensor held does not block
the other; audio from snd-aloop lands in a .wav whose peak equals what
`camprobe levels` reads. P20: recordings survive — on vivid (.y4m), the UVC
gadget (MJPEG .avi) and snd-aloop (.wav), kill -9 after 5 s leaves a file
ffprobe reads with >= 4 s and every frame counted before the kill; SIGINT
finishes the file (frames and duration as the recorder says); --max-duration,
--max-size and --min-free-space stop with their reason.

The recorder's command-line contract (stdout, one line per event, flushed):
  Camera: NAME (ID) / Decision: … / Applied: … / Locked: … / Unlocked: … /
  Recording: PATH / Recorded: N frames, D dropped, at F fps to PATH /
  Recording audio: PATH / Recorded audio: N frames at R Hz to PATH /
  Disconnected: NAME went away; closed PATH after N frames /
  Progress: N frames, B bytes to PATH at monotonic T s (--progress, every second) /
  Stopped: WHY (max-duration S s reached, max-size … reached, min-free-space … reached, SIGINT received)
and exit 1 with a message on stderr on errors.
"""

import json
import math
import os
import re
import shutil
import signal
import struct
import time
import wave

from guest.blocks_levels import sine, write_wav
from guest.harness import (
    WEBCAM,
    Background,
    first_capture_node,
    modprobe,
    read,
    rmmod,
    run,
    settle,
    v4l2ctl,
    wait_until,
)

FPS = 25
SECONDS = 5
FRAMES_OK = (115, 135)  # about 125 at 25 fps for 5 s; vivid under TCG is close but not exact
START_DEADLINE = 60  # s for the recorder to discover, negotiate and print its first lines under TCG
LEVEL_TOLERANCE = 0.5  # dB
AMPLITUDES = (0.5, 0.1)  # left -6.02 dBFS peak, right -20 dBFS peak


def block_recorder(s):
    ex = os.path.join(os.path.dirname(s.c), "camprobe-recorder-example")
    if not s.expect(
        "recorder: the recorder example is built next to camprobe (%s)" % ex,
        os.access(ex, os.X_OK),
        "%s is missing or not executable (swift build --product camprobe-recorder-example)" % ex,
    ):
        return
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    try:
        record_vivid(s, ex, node)
        frame_allocations(s, node)
        locks(s, ex, node)
        survive_vivid(s, ex, node)
        unplug(s, ex, node)
    finally:
        rmmod("vivid")
        settle()
    vimc_sensors(s, ex)
    audio(s, ex)
    survive_uvc(s, ex)


# Helpers.


def tool(name):
    """The path of a peer tool in the guest, or an AssertionError saying where it comes from."""
    path = shutil.which(name)
    assert path, (
        "%s is not installed in the guest (the guest runs the host's root: install ffmpeg on the host, "
        "scripts/install-deps.sh)" % name
    )
    return path


def event_lines(text, prefix):
    """The contract's "Prefix: rest" lines, as the rest."""
    return [l[len(prefix) + 1 :].strip() for l in text.splitlines() if l.startswith(prefix + ":")]


def tail(text, n=300):
    text = text.strip()
    return ("…" + text[-n:] if len(text) > n else text).replace("\n", " | ") or "(empty)"


def said(out_path, err_path=None):
    """What a recorder wrote so far, for a failure message."""
    msg = "stdout: %s" % tail(read(out_path))
    if err_path:
        msg += "; stderr: %s" % tail(read(err_path))
    return msg


def wait_line(bg, out_path, prefix, timeout):
    """Waits (deadline-bounded) for a "Prefix:" line in a background recorder's stdout file.
    Returns (line or None, why not)."""
    found = []

    def seen():
        got = event_lines(read(out_path), prefix)
        if got:
            found.append(got[0])
            return True
        return bg.p.poll() is not None

    wait_until(seen, timeout, interval=0.2)
    if found:
        return found[0], ""
    if bg.p.poll() is not None:
        return None, "the recorder exited (status %s) without a '%s:' line" % (bg.p.returncode, prefix)
    return None, (
        "no '%s:' line within %d s (stdout is a file here, not a terminal: is each line flushed?)" % (prefix, timeout)
    )


def alive(bg):
    return bg.p.poll() is None


def recorded_path(out, prefix, suffix):
    """The path a "Recording:" line names, else PREFIX.suffix."""
    got = event_lines(out, "Recording")
    return got[0] if got else prefix + suffix


def ffprobe_json(s, path, entries, name, count=False):
    assert os.path.exists(path), "%s does not exist" % path
    argv = (
        [tool("ffprobe"), "-v", "error"]
        + (["-count_frames"] if count else [])
        + ["-show_entries", entries, "-of", "json", path]
    )
    r = run(argv, stdout=s.path(name + ".json"), stderr=s.path(name + ".err"), timeout=300)
    assert r.rc == 0, "ffprobe exit %d: %s" % (r.rc, tail(r.err))
    assert not r.err.strip(), "ffprobe reported errors: %s" % tail(r.err)
    try:
        return json.loads(r.out)
    except ValueError as e:
        raise AssertionError("ffprobe's JSON does not parse (%s): %s" % (e, tail(r.out))) from e


def first_stream(d):
    streams = d.get("streams") or []
    assert streams, "ffprobe found no stream: %s" % d
    return streams[0]


def holder_named(err, pid):
    return re.search(r"(?<!\d)%d(?!\d)" % pid, err) is not None


# 1. vivid to a .y4m.


def record_vivid(s, ex, node):
    prefix = s.path("r-vivid")
    r = run(
        [ex, node, "--size", "640x480", "--fps", str(FPS), "--seconds", str(SECONDS), "--output", prefix],
        stdout=s.path("recorder-vivid.out"),
        stderr=s.path("recorder-vivid.err"),
        timeout=180,
    )
    path = recorded_path(r.out, prefix, ".y4m")

    def recorded():
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

    def probed():
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


def frame_allocations(s, node):
    """Borrowed frames read with VideoFrames.forEach cost no heap allocation: camprobe-bench counts every
    malloc of the process. A `for try await` loop is reported beside it (libdispatch's wake-ups: 2 per frame)."""
    bench = os.environ.get("CAMPROBE_BENCH") or os.path.join(os.path.dirname(s.c), "camprobe-bench")
    # CAMPROBE_BENCH is the debug build's, which scripts/test builds while the guest runs: wait for it,
    # or for scripts/test's word that the build is over (debug-build.done in the result folder).
    if os.environ.get("CAMPROBE_BENCH"):
        done = s.path("debug-build.done")
        wait_until(lambda: os.access(bench, os.X_OK) or os.path.exists(done), 1200, interval=2)
    if not os.access(bench, os.X_OK):
        s.bad(
            "R1 zero allocations per frame (borrow mode)",
            "%s was not built (swift build --product camprobe-bench)" % bench,
        )
        return
    v4l2ctl(node, "--set-fmt-video=width=320,height=180,pixelformat=YUYV", "--set-parm=30")
    for extra, limit in (([], 0), (["--for-await"], None)):
        r = run([bench, "--frame-allocations", "300", "--device", node] + extra, timeout=180)
        print("info: R1 %s" % r.out.strip()[-300:], flush=True)
        m = re.search(r"frame allocations: (\d+) over (\d+) frames", r.out)
        per = int(m.group(1)) / max(int(m.group(2)), 1) if m else None
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


def locks(s, ex, node):
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


def set_fmt_320x240(s, node, name):
    return v4l2ctl(node, SET_FMT, merge=True, timeout=30, stdout=s.path(name))


def locks_checks(s, node, bg, out, err):
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

    def unlocked_check():
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


def vivid_platform_device():
    d = "/sys/bus/platform/drivers/vivid"
    try:
        names = [n for n in os.listdir(d) if n.startswith("vivid.")]
    except OSError:
        return None
    return names[0] if names else None


def unplug(s, ex, node):
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

    def playable():
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


# 4. vimc: one sensor held does not block the other.


def vimc_sensors(s, ex):
    kver = os.uname().release
    if not os.path.isdir("/lib/modules/%s/kernel" % kver):
        print("info: block recorder: kernel %s has no module tree; vimc cannot be loaded here" % kver, flush=True)
        return
    if run(["modinfo", "vimc"], timeout=30).rc != 0:
        s.bad(
            "R4 vimc module is installed for %s" % kver,
            "no vimc.ko for %s: run scripts/vm/build-vimc.sh (or scripts/install-deps.sh --vm) on the host" % kver,
        )
        return
    rmmod("vivid")
    loaded = run(["modprobe", "vimc"], timeout=60)
    if not s.expect("R4 modprobe vimc", loaded.rc == 0, loaded.err.strip()[:400]):
        return
    settle()
    try:
        vimc_checks(s, ex)
    finally:
        rmmod("vimc")
        settle()


def vimc_checks(s, ex):
    for sensor in ("Sensor A", "Sensor B"):
        slug = sensor[-1].lower()
        a = s.camprobe(
            "apply",
            sensor,
            "--size",
            "640x480",
            stdout=s.path("recorder-vimc-apply-%s.out" % slug),
            stderr=s.path("recorder-vimc-apply-%s.err" % slug),
            timeout=180,
        )
        s.expect(
            'R4 camprobe apply "%s" --size 640x480 exits 0 (exit %d)' % (sensor, a.rc), a.rc == 0, tail(a.err or a.out)
        )
        v = s.camprobe(
            "verify",
            sensor,
            "--size",
            "640x480",
            "--frames",
            "20",
            stdout=s.path("recorder-vimc-verify-%s.out" % slug),
            stderr=s.path("recorder-vimc-verify-%s.err" % slug),
            timeout=180,
        )
        s.expect(
            'R4 camprobe verify "%s" --size 640x480 --frames 20 exits 0 (exit %d)' % (sensor, v.rc),
            v.rc == 0,
            tail(v.err or v.out),
        )

    out, err = s.path("recorder-vimc-hold.out"), s.path("recorder-vimc-hold.err")
    bg = Background([ex, "Sensor B", "--size", "640x480", "--seconds", "0", "--hold-locked", "20"], out, err)
    try:
        locked, why = wait_line(bg, out, "Locked", START_DEADLINE)
        if not s.expect(
            "R4 the recorder on \"Sensor B\" prints 'Locked:' (%s)" % (locked or "-"),
            locked,
            "%s; %s" % (why, said(out, err)),
        ):
            return
        a = s.camprobe(
            "apply",
            "Sensor A",
            "--size",
            "640x480",
            stdout=s.path("recorder-vimc-held-apply-a.out"),
            stderr=s.path("recorder-vimc-held-apply-a.err"),
            timeout=60,
        )
        s.expect(
            'R4 while "Sensor B" is locked, apply "Sensor A" --size 640x480 exits 0 (exit %d)' % a.rc,
            a.rc == 0,
            tail(a.err or a.out),
        )
        b = s.camprobe(
            "apply",
            "Sensor B",
            "--size",
            "640x480",
            stdout=s.path("recorder-vimc-held-apply-b.out"),
            stderr=s.path("recorder-vimc-held-apply-b.err"),
            timeout=60,
        )
        held = alive(bg) and not event_lines(read(out), "Unlocked")
        s.expect(
            'R4 while "Sensor B" is locked, apply "Sensor B" exits 1 naming the holder\'s pid %d, never \'recording\' (%s)'
            % (bg.pid, tail(b.err, 200)),
            b.rc == 1 and holder_named(b.err, bg.pid) and not re.search(r"recording", b.err, re.I),
            "exit %d, stderr %s%s"
            % (
                b.rc,
                tail(b.err),
                "" if held else "; the recorder no longer held the lock by then (timing or an early exit)",
            ),
        )
    finally:
        rc = bg.stop(timeout=10)
        print("info: R4 the holding recorder stopped with status %s; %s" % (rc, said(out, err)), flush=True)


# 5. Audio from snd-aloop against camprobe levels.


def audio(s, ex):
    modprobe("snd-aloop")
    settle()
    wav = s.path("recorder-sine.wav")
    write_wav(wav, sine(AMPLITUDES[0]), sine(AMPLITUDES[1]), seconds=90)
    # Whatever capture side the Loopback microphone opens (hw:Loopback,1,0 or hw:Loopback,0,0),
    # it carries the sine: play into both playback sides.
    players = [
        Background(
            ["aplay", "-q", "-D", "hw:Loopback,%d,0" % dev, wav],
            s.path("recorder-aplay%d.out" % dev),
            s.path("recorder-aplay%d.err" % dev),
        )
        for dev in (0, 1)
    ]
    try:
        time.sleep(1.5)
        levels, source = meter(s)
        print(
            "info: R5 reference: %s, %d readings, median peaks %s dBFS"
            % (
                source,
                len(levels),
                fmt_db([median_peak(levels, c) for c in range(len(levels[0]["channels"]))] if levels else []),
            ),
            flush=True,
        )
        prefix = s.path("r-audio")
        r = run(
            [ex, "--microphone", "Loopback", "--seconds", "3", "--output", prefix],
            stdout=s.path("recorder-audio.out"),
            stderr=s.path("recorder-audio.err"),
            timeout=120,
        )
        survive_audio(s, ex)
    finally:
        for p in players:
            p.stop(timeout=10)
    print(
        "info: R5 players: %s" % "; ".join(tail(read(s.path("recorder-aplay%d.err" % d)), 120) for d in (0, 1)),
        flush=True,
    )
    paths = event_lines(r.out, "Recording audio")
    path = paths[0] if paths else prefix + ".wav"

    def recorded():
        assert r.rc == 0, "exit %d: %s" % (r.rc, tail(r.err))
        assert path == prefix + ".wav", "'Recording audio:' names %r, expected %s.wav" % (path, prefix)
        done = event_lines(r.out, "Recorded audio")
        assert done, "no 'Recorded audio:' line: %s" % tail(r.out)
        print("info: R5 Recorded audio: %s" % done[0], flush=True)

    s.check("R5 recorder --microphone Loopback --seconds 3 exits 0 and records r-audio.wav (exit %d)" % r.rc, recorded)

    def probed():
        d = ffprobe_json(
            s, path, "stream=codec_name,sample_rate,channels,duration:format=duration", "recorder-audio-ffprobe"
        )
        st = first_stream(d)
        dur = float(st.get("duration") or (d.get("format") or {}).get("duration") or 0)
        print(
            "info: R5 ffprobe: %s, %s Hz, %s channels, %.3f s"
            % (st.get("codec_name"), st.get("sample_rate"), st.get("channels"), dur),
            flush=True,
        )
        assert str(st.get("codec_name", "")).startswith("pcm_"), "codec %s" % st.get("codec_name")
        assert abs(dur - 3) <= 0.5, "duration %.3f s, expected 3 +- 0.5" % dur

    s.check("R5 ffprobe reads r-audio.wav: pcm_*, 3 s +- 0.5", probed)

    def peaks():
        assert levels, "no reference: camprobe levels gave no reading (%s)" % source
        assert os.path.exists(path), "%s does not exist" % path
        want = [median_peak(levels, ch) for ch in range(len(levels[0]["channels"]))]
        got = wav_peaks_dbfs(path)
        print(
            "info: R5 peaks over the middle second: wav %s, levels (%s) %s" % (fmt_db(got), source, fmt_db(want)),
            flush=True,
        )
        assert len(got) == len(want), "the wav has %d channels, levels reads %d" % (len(got), len(want))
        off = [
            (i + 1, g, w)
            for i, (g, w) in enumerate(zip(got, want, strict=False))
            if g is None or w is None or abs(g - w) > LEVEL_TOLERANCE
        ]
        assert not off, "; ".join("ch%d: wav %s, levels %s dBFS" % (i, fmt_db([g]), fmt_db([w])) for i, g, w in off)

    s.check(
        "R5 the wav's peak over its middle second equals camprobe levels' peak, per channel, +- %.1f dB"
        % LEVEL_TOLERANCE,
        peaks,
    )


# 6. Recordings that survive (P20): SIGKILL, SIGINT and the limits, on vivid (raw, .y4m),
#    the UVC gadget (MJPEG, .avi) and snd-aloop (.wav).

SURVIVE_RECORD = 5  # s of recording before SIGKILL
SURVIVE_KEPT = 4  # s of frames the killed file must still hold
SIGINT_AFTER = 4  # s of recording before SIGINT
LIMIT_SECONDS = 3  # --max-duration


def progress_lines(text, unit="frames"):
    """The recorder's --progress lines (unit "frames", or "audio frames" for the .wav), as (count, CLOCK_MONOTONIC s)."""
    return [
        (int(m.group(1)), float(m.group(2)))
        for m in re.finditer(r"^Progress: (\d+) %s, \d+ bytes to \S+ at monotonic ([\d.]+) s$" % unit, text, re.M)
    ]


def stopped_line(text):
    got = event_lines(text, "Stopped")
    return got[-1] if got else None


def recorded_frames(text):
    m = re.search(r"^Recorded: (\d+) frames, \d+ dropped, at \S+ fps to (\S+)$", text, re.M)
    return (int(m.group(1)), m.group(2)) if m else (None, None)


def probe_frames(s, path, name, decode=True):
    """(frames, stream duration or None, format duration or None) as ffprobe reads `path` (no error printed)."""
    d = ffprobe_json(s, path, "stream=nb_read_frames,nb_read_packets,duration:format=duration", name, count=decode)
    if not decode:
        argv = [
            tool("ffprobe"),
            "-v",
            "error",
            "-count_packets",
            "-show_entries",
            "stream=nb_read_packets,duration:format=duration",
            "-of",
            "json",
            path,
        ]
        r = run(argv, stdout=s.path(name + "-packets.json"), stderr=s.path(name + "-packets.err"), timeout=300)
        assert r.rc == 0 and not r.err.strip(), "ffprobe -count_packets exit %d: %s" % (r.rc, tail(r.err))
        d = json.loads(r.out)
    st = first_stream(d)
    frames = int(st.get("nb_read_frames") or st.get("nb_read_packets") or 0)

    def num(v):
        try:
            return float(v)
        except (TypeError, ValueError):
            return None

    return frames, num(st.get("duration")), num((d.get("format") or {}).get("duration"))


def decodes_cleanly(s, path, name):
    r = run(
        [tool("ffmpeg"), "-nostdin", "-v", "error", "-i", path, "-f", "null", "-"],
        stdout=s.path(name + "-ffmpeg.out"),
        stderr=s.path(name + "-ffmpeg.err"),
        timeout=300,
    )
    assert r.rc == 0 and not r.err.strip(), "ffmpeg -i %s -f null - exit %d: %s" % (path, r.rc, tail(r.err))


def start_recording(s, argv, name):
    """A background recorder, once it says 'Recording:' (or 'Recording audio:' for audio only) and, with
    --progress, once its first frame or buffer is in the file (its first 'Progress:' line):
    (bg, out, err, None) or (bg, out, err, why it did not start)."""
    out, err = s.path(name + ".out"), s.path(name + ".err")
    bg = Background(argv, out, err)
    line, why = wait_line(bg, out, "Recording" if "--microphone" not in argv else "Recording audio", START_DEADLINE)
    if line and "--progress" in argv:
        line, why = wait_line(bg, out, "Progress", 30)
    return bg, out, err, (None if line else "%s; %s" % (why, said(out, err)))


def survive_kill(s, label, argv, suffix, fps):
    """SIGKILL SURVIVE_RECORD s after the first frame is written: the file holds >= SURVIVE_KEPT s of frames at the
    nominal rate, and every frame the recorder had counted (its --progress lines, each printed once the frame is
    written) before the kill — so at least every frame up to 1 s before it."""
    name = "recorder-%s-kill" % label
    prefix = s.path("r-%s-kill" % label)
    bg, out, err, why = start_recording(s, argv + ["--max-duration", "60", "--progress", "--output", prefix], name)
    if why:
        bg.stop(sig=signal.SIGKILL, timeout=10)
        s.bad("R6 %s: kill -9 after %d s leaves >= %d s of frames" % (label, SURVIVE_RECORD, SURVIVE_KEPT), why)
        return
    time.sleep(SURVIVE_RECORD)
    was_alive = alive(bg)
    killed_at = time.monotonic()
    rc = bg.stop(sig=signal.SIGKILL, timeout=10)
    text = read(out)
    path = recorded_path(text, prefix, suffix)
    before = [n for n, t in progress_lines(text) if t <= killed_at - 1]

    def kept():
        assert was_alive, "the recorder had already exited (status %s) before the kill: %s" % (
            bg.p.returncode,
            said(out, err),
        )
        assert rc == -signal.SIGKILL, "exit status %s, expected -9 (killed)" % rc
        assert path.endswith(suffix), "'Recording:' names %s, expected a %s file" % (path, suffix)
        frames, _, _ = probe_frames(s, path, name + "-ffprobe")
        decodes_cleanly(s, path, name)
        counted = before[-1] if before else 0
        last = progress_lines(text)[-1][0] if progress_lines(text) else 0
        print(
            "info: R6 %s: killed after %d s; ffprobe reads %d frames (%.2f s at %s fps); the recorder had counted "
            "%d frames 1 s before the kill, %d in its last progress line (%d lines)"
            % (label, SURVIVE_RECORD, frames, frames / fps, fps, counted, last, len(progress_lines(text))),
            flush=True,
        )
        assert before, "no 'Progress:' line printed 1 s or more before the kill: %s" % said(out, err)
        assert frames >= last, "ffprobe reads %d frames, but the recorder had written %d before the kill" % (
            frames,
            last,
        )
        assert frames >= SURVIVE_KEPT * fps, "ffprobe reads %d frames = %.2f s at %s fps, expected >= %d s" % (
            frames,
            frames / fps,
            fps,
            SURVIVE_KEPT,
        )
        return "%d frames, %.2f s; %d counted 1 s before the kill" % (frames, frames / fps, counted)

    s.check(
        lambda d: (
            "R6 %s: kill -9 after %d s of recording leaves a %s ffprobe reads with >= %d s of frames "
            "and every frame counted before the kill (%s)" % (label, SURVIVE_RECORD, suffix, SURVIVE_KEPT, d)
        ),
        kept,
    )


def survive_sigint(s, label, argv, suffix, fps, sig=signal.SIGINT):
    """SIGINT (or SIGTERM) after SIGINT_AFTER s: exit 0, 'Stopped: SIGINT received', ffprobe counts the frames
    the recorder says it wrote and the file's duration is that many frames at the rate."""
    signame = "SIGTERM" if sig == signal.SIGTERM else "SIGINT"
    name = "recorder-%s-%s" % (label, signame.lower())
    prefix = s.path("r-%s-%s" % (label, signame.lower()))
    bg, out, err, why = start_recording(s, argv + ["--max-duration", "60", "--output", prefix], name)
    if why:
        bg.stop(sig=signal.SIGKILL, timeout=10)
        s.bad("R7 %s: %s leaves a complete file" % (label, signame), why)
        return
    time.sleep(SIGINT_AFTER)
    was_alive = alive(bg)
    t0 = time.monotonic()
    rc = bg.stop(sig=sig, timeout=30)
    took = time.monotonic() - t0
    text = read(out)

    def complete():
        assert was_alive, "the recorder had already exited (status %s) before %s: %s" % (
            bg.p.returncode,
            signame,
            said(out, err),
        )
        assert rc == 0, "exit status %s after %s (%.1f s), expected 0: %s" % (rc, signame, took, said(out, err))
        assert stopped_line(text) == signame + " received", "'Stopped:' line %r, expected '%s received'" % (
            stopped_line(text),
            signame,
        )
        n, path = recorded_frames(text)
        assert n is not None, "no 'Recorded:' line: %s" % said(out, err)
        assert path.endswith(suffix), "'Recorded:' names %s, expected a %s file" % (path, suffix)
        frames, duration, fmt_duration = probe_frames(s, path, name + "-ffprobe")
        decodes_cleanly(s, path, name)
        duration = duration if duration is not None else fmt_duration
        print(
            "info: R7 %s: %s after %d s, exit in %.1f s; recorder: %d frames; ffprobe: %d frames, %s s"
            % (label, signame, SIGINT_AFTER, took, n, frames, duration),
            flush=True,
        )
        assert n >= (SIGINT_AFTER - 1) * fps, "only %d frames in %d s at %s fps" % (n, SIGINT_AFTER, fps)
        assert frames == n, "ffprobe reads %d frames, the recorder says it wrote %d" % (frames, n)
        assert duration is not None and abs(duration - n / fps) <= 0.5 / fps, (
            "ffprobe duration %s s, expected %d frames / %s fps = %.3f s" % (duration, n, fps, n / fps)
        )
        return "%d frames, %.3f s, exit 0 in %.1f s" % (n, duration, took)

    s.check(
        lambda d: (
            "R7 %s: %s finishes the %s: 'Stopped: %s received', ffprobe's frames and duration "
            "match what the recorder wrote (%s)" % (label, signame, suffix, signame, d)
        ),
        complete,
    )


def survive_max_duration(s, label, argv, suffix, fps):
    name = "recorder-%s-maxdur" % label
    prefix = s.path("r-%s-maxdur" % label)
    t0 = time.monotonic()
    r = run(
        argv + ["--max-duration", str(LIMIT_SECONDS), "--output", prefix],
        stdout=s.path(name + ".out"),
        stderr=s.path(name + ".err"),
        timeout=180,
    )
    took = time.monotonic() - t0
    want = LIMIT_SECONDS * fps

    def limited():
        assert r.rc == 0, "exit %d: %s" % (r.rc, tail(r.err))
        stop = stopped_line(r.out)
        assert stop == "max-duration %d s reached" % LIMIT_SECONDS, "'Stopped:' line %r: %s" % (stop, tail(r.out))
        n, path = recorded_frames(r.out)
        assert path and path.endswith(suffix), "'Recorded:' names %s, expected a %s file: %s" % (
            path,
            suffix,
            tail(r.out),
        )
        assert n == want, "'Recorded:' says %s frames, expected %d (%d s at %s fps): %s" % (
            n,
            want,
            LIMIT_SECONDS,
            fps,
            tail(r.out),
        )
        frames, duration, fmt_duration = probe_frames(s, path, name + "-ffprobe")
        duration = duration if duration is not None else fmt_duration
        print(
            "info: R8 %s: --max-duration %d: %d frames, ffprobe %d frames, %s s, run %.1f s"
            % (label, LIMIT_SECONDS, n, frames, duration, took),
            flush=True,
        )
        assert frames == want, "ffprobe reads %d frames, expected %d" % (frames, want)
        assert duration is not None and abs(duration - LIMIT_SECONDS) <= 0.5 / fps, "ffprobe duration %s s" % duration
        return "%d frames, %.3f s" % (frames, duration)

    s.check(
        lambda d: (
            "R8 %s: --max-duration %d stops with 'Stopped: max-duration %d s reached', exit 0, and a %s of "
            "%d s (%s)" % (label, LIMIT_SECONDS, LIMIT_SECONDS, suffix, LIMIT_SECONDS, d)
        ),
        limited,
    )


def survive_limits_vivid(s, ex, node):
    """--max-size 1M and --min-free-space above the free space, on vivid's 320x180 .y4m (115206 bytes a frame)."""
    argv = [ex, node, "--size", "320x180", "--fps", "30", "--no-audio", "--max-duration", "60"]
    prefix = s.path("r-vivid-maxsize")
    r = run(
        argv + ["--max-size", "1M", "--output", prefix],
        stdout=s.path("recorder-vivid-maxsize.out"),
        stderr=s.path("recorder-vivid-maxsize.err"),
        timeout=180,
    )

    def sized():
        assert r.rc == 0, "exit %d: %s" % (r.rc, tail(r.err))
        stop = stopped_line(r.out) or ""
        assert stop.startswith("max-size 1 MiB (1048576 bytes) reached"), "'Stopped:' line %r" % stop
        n, path = recorded_frames(r.out)
        assert n is not None, "no 'Recorded:' line: %s" % tail(r.out)
        size = os.path.getsize(path)
        frame = 6 + 320 * 180 * 2
        frames, _, _ = probe_frames(s, path, "recorder-vivid-maxsize-ffprobe", decode=False)
        print("info: R9 --max-size 1M: %d frames, %d bytes, ffprobe %d frames" % (n, size, frames), flush=True)
        assert size <= 1 << 20, "%s has %d bytes, more than 1 MiB" % (path, size)
        assert size + frame > 1 << 20, "%s has %d bytes: one more %d-byte frame would still fit" % (path, size, frame)
        assert frames == n, "ffprobe reads %d frames, the recorder wrote %d" % (frames, n)
        return "%d frames, %d bytes" % (n, size)

    s.check(
        lambda d: "R9 vivid: --max-size 1M stops before the .y4m passes 1 MiB, with its 'Stopped:' line (%s)" % d, sized
    )

    st = os.statvfs(s.out)
    limit = st.f_bavail * st.f_frsize + (1 << 30)
    t0 = time.monotonic()
    r = run(
        argv + ["--min-free-space", str(limit), "--output", s.path("r-vivid-minfree")],
        stdout=s.path("recorder-vivid-minfree.out"),
        stderr=s.path("recorder-vivid-minfree.err"),
        timeout=180,
    )
    took = time.monotonic() - t0
    stop = stopped_line(r.out) or ""
    s.expect(
        "R9 vivid: --min-free-space (1 GiB more than is free) stops with 'Stopped: min-free-space …' and exit 0 "
        "(%r, %.1f s)" % (stop, took),
        r.rc == 0 and stop.startswith("min-free-space ") and took < 40,
        "exit %d, %s" % (r.rc, said(s.path("recorder-vivid-minfree.out"), s.path("recorder-vivid-minfree.err"))),
    )


def survive_vivid(s, ex, node):
    argv = [ex, node, "--size", "320x180", "--fps", "30", "--no-audio"]
    survive_kill(s, "vivid", argv, ".y4m", 30)
    survive_sigint(s, "vivid", argv, ".y4m", 30)
    survive_sigint(s, "vivid", argv, ".y4m", 30, sig=signal.SIGTERM)
    survive_max_duration(s, "vivid", argv, ".y4m", 30)
    survive_limits_vivid(s, ex, node)


def survive_uvc(s, ex):
    """The same on the UVC gadget's MJPEG 640x480 at 15 fps (the rate its application paces exactly under TCG)."""
    from guest.blocks_uvc import DESCRIPTION, gadget  # here: blocks_uvc imports this module

    up = gadget(s, "up", os.path.join(s.here, DESCRIPTION))
    node = up.out.strip().splitlines()[-1] if up.out.strip() else ""
    try:
        if not s.expect(
            "R6 uvc-gadget up gives a uvcvideo capture node (%s)" % node,
            up.rc == 0 and node.startswith("/dev/video"),
            "exit %d: %s" % (up.rc, tail(up.out + up.err)),
        ):
            return
        settle()
        argv = [ex, node, "--size", "640x480", "--fps", "15", "--format", "MJPG", "--no-audio"]
        survive_kill(s, "uvc", argv, ".avi", 15)
        survive_sigint(s, "uvc", argv, ".avi", 15)
        survive_max_duration(s, "uvc", argv, ".avi", 15)
    finally:
        gadget(s, "down")
        settle()


def survive_audio(s, ex):
    """snd-aloop's microphone to a .wav, while the sine plays: SIGKILL 5 s after the first buffer is written leaves
    >= 4 s and every sample counted before the kill; SIGINT a complete file."""
    argv = [ex, "--microphone", "Loopback"]
    prefix = s.path("r-audio-kill")
    bg, out, err, why = start_recording(
        s, argv + ["--max-duration", "60", "--progress", "--output", prefix], "recorder-audio-kill"
    )
    if why:
        bg.stop(sig=signal.SIGKILL, timeout=10)
        s.bad("R10 audio: kill -9 after %d s leaves >= %d s" % (SURVIVE_RECORD, SURVIVE_KEPT), why)
    else:
        time.sleep(SURVIVE_RECORD)
        was_alive = alive(bg)
        killed_at = time.monotonic()
        rc = bg.stop(sig=signal.SIGKILL, timeout=10)
        text = read(out)
        lines = progress_lines(text, "audio frames")
        before = [n for n, t in lines if t <= killed_at - 1]

        def kept():
            assert was_alive and rc == -signal.SIGKILL, "not killed while recording (exit %s): %s" % (
                rc,
                said(out, err),
            )
            d = ffprobe_json(
                s,
                prefix + ".wav",
                "stream=codec_name,sample_rate,duration:format=duration",
                "recorder-audio-kill-ffprobe",
            )
            st = first_stream(d)
            duration, rate = float(st.get("duration") or 0), int(st.get("sample_rate") or 0)
            decodes_cleanly(s, prefix + ".wav", "recorder-audio-kill")
            counted = before[-1] if before else 0
            last = lines[-1][0] if lines else 0
            print(
                "info: R10 audio killed %d s after its first buffer: ffprobe reads %.3f s; the recorder had counted "
                "%d frames (%.3f s) 1 s before the kill; progress %s"
                % (
                    SURVIVE_RECORD,
                    duration,
                    counted,
                    counted / max(rate, 1),
                    ", ".join("%d@%.2f" % (n, t - killed_at) for n, t in lines),
                ),
                flush=True,
            )
            assert before, "no 'Progress:' line 1 s or more before the kill: %s" % said(out, err)
            assert round(duration * rate) >= last, (
                "ffprobe reads %.3f s = %d frames, the recorder had written %d "
                "before the kill" % (duration, round(duration * rate), last)
            )
            assert duration >= SURVIVE_KEPT, "%.3f s of audio, expected >= %d s" % (duration, SURVIVE_KEPT)
            return "%.3f s; %.3f s counted 1 s before the kill" % (duration, counted / max(rate, 1))

        s.check(
            lambda d: (
                "R10 audio: kill -9 %d s after the first buffer leaves a .wav ffprobe reads with >= %d s and "
                "every sample counted before the kill (%s)" % (SURVIVE_RECORD, SURVIVE_KEPT, d)
            ),
            kept,
        )

    prefix = s.path("r-audio-sigint")
    bg, out, err, why = start_recording(s, argv + ["--max-duration", "60", "--output", prefix], "recorder-audio-sigint")
    if why:
        bg.stop(sig=signal.SIGKILL, timeout=10)
        s.bad("R10 audio: SIGINT leaves a complete .wav", why)
        return
    time.sleep(SIGINT_AFTER)
    was_alive = alive(bg)
    rc = bg.stop(sig=signal.SIGINT, timeout=30)
    text = read(out)

    def complete():
        assert was_alive and rc == 0, "exit %s after SIGINT, expected 0: %s" % (rc, said(out, err))
        assert stopped_line(text) == "SIGINT received", "'Stopped:' line %r" % stopped_line(text)
        m = re.search(r"^Recorded audio: (\d+) frames at (\d+) Hz to (\S+)$", text, re.M)
        assert m, "no 'Recorded audio:' line: %s" % said(out, err)
        n, rate = int(m.group(1)), int(m.group(2))
        d = ffprobe_json(s, m.group(3), "stream=duration:format=duration", "recorder-audio-sigint-ffprobe")
        duration = float(first_stream(d).get("duration") or 0)
        print(
            "info: R10 audio SIGINT after %d s: %d frames at %d Hz = %.3f s; ffprobe %.3f s"
            % (SIGINT_AFTER, n, rate, n / rate, duration),
            flush=True,
        )
        assert n / rate >= SIGINT_AFTER - 1, "only %.3f s recorded" % (n / rate)
        assert abs(duration - n / rate) <= 0.001, "ffprobe %.3f s, the recorder wrote %.3f s" % (duration, n / rate)
        return "%.3f s" % duration

    s.check(
        lambda d: (
            "R10 audio: SIGINT finishes the .wav: 'Stopped: SIGINT received', ffprobe's duration is the "
            "frames the recorder wrote (%s)" % d
        ),
        complete,
    )


def meter(s):
    """`camprobe levels … --seconds 2 --json` readings: first on the Loopback device (the microphone the
    recorder picks), else on hw:Loopback,1,0 as block levels reads it."""
    for name, pcm in (("device", "Loopback"), ("pcm", "hw:Loopback,1,0")):
        r = s.camprobe(
            "levels",
            pcm,
            "--seconds",
            "2",
            "--json",
            stdout=s.path("recorder-levels-%s.jsonl" % name),
            stderr=s.path("recorder-levels-%s.err" % name),
            timeout=60,
        )
        try:
            lines = [json.loads(l) for l in r.out.splitlines() if l.strip()]
        except ValueError:
            lines = []
        lines = [l for l in lines if isinstance(l, dict) and l.get("channels")]
        if r.rc == 0 and lines:
            return lines, "levels %s" % pcm
        print(
            "info: R5 camprobe levels %s: exit %d, %d readings: %s" % (pcm, r.rc, len(lines), tail(r.err, 200)),
            flush=True,
        )
    return [], "camprobe levels failed on Loopback and hw:Loopback,1,0 (see recorder-levels-*.err)"


def median_peak(lines, ch):
    vals = sorted(
        l["channels"][ch].get("peakHoldLevel")
        for l in lines
        if ch < len(l["channels"]) and l["channels"][ch].get("peakHoldLevel") is not None
    )
    return vals[len(vals) // 2] if vals else None


def fmt_db(values):
    return "[%s]" % ", ".join("silent" if v is None else "%.2f" % v for v in values)


def wav_peaks_dbfs(path):
    """Per channel, the peak |sample| over the middle second in dBFS (integer PCM: full scale 2^(bits-1);
    float: 1.0). Read with the wave module; WAVE_FORMAT_EXTENSIBLE or float headers (which Python 3.11's
    wave refuses) with a small RIFF reader."""
    try:
        with wave.open(path, "rb") as w:
            ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            start = max(0, n // 2 - rate // 2)
            w.setpos(start)
            data, kind = w.readframes(min(rate, n - start)), "int"
    except wave.Error:
        ch, width, rate, kind, data, bits = riff_middle_second(path)
    else:
        bits = width * 8
    assert data, "%s has no samples" % path
    count = len(data) // width
    if kind == "float":
        samples, full = struct.unpack("<%d%s" % (count, "f" if width == 4 else "d"), data[: count * width]), 1.0
    elif width == 1:
        samples, full = [b - 128 for b in data], 128.0
    elif width == 2:
        samples, full = struct.unpack("<%dh" % count, data[: count * 2]), 32768.0
    elif width == 3:
        samples = [int.from_bytes(data[i : i + 3], "little", signed=True) for i in range(0, count * 3, 3)]
        full = float(1 << 23)
    elif width == 4:
        samples, full = struct.unpack("<%di" % count, data[: count * 4]), float(1 << (bits - 1))
    else:
        raise AssertionError("%d-byte samples are not read here" % width)
    out = []
    for c in range(ch):
        peak = max((abs(x) for x in samples[c::ch]), default=0)
        out.append(20 * math.log10(peak / full) if peak > 0 else None)
    return out


def riff_middle_second(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", "%s is not a RIFF/WAVE file" % path
    pos, fmt, body = 12, None, None
    while pos + 8 <= len(data):
        cid, size = data[pos : pos + 4], struct.unpack("<I", data[pos + 4 : pos + 8])[0]
        if cid == b"fmt ":
            fmt = data[pos + 8 : pos + 8 + size]
        elif cid == b"data":
            body = data[pos + 8 : pos + 8 + size]
            break
        pos += 8 + size + (size & 1)
    assert fmt and body is not None, "%s: no fmt or data chunk" % path
    tag, ch, rate, _, align, bits = struct.unpack("<HHIIHH", fmt[:16])
    if tag == 0xFFFE and len(fmt) >= 26:
        tag = struct.unpack("<H", fmt[24:26])[0]  # the sub-format GUID's first two bytes
    assert tag in (1, 3), "%s: format tag %#x is neither PCM nor float" % (path, tag)
    n = len(body) // align
    start = max(0, n // 2 - rate // 2)
    frames = min(rate, n - start)
    return ch, align // ch, rate, "float" if tag == 3 else "int", body[start * align : (start + frames) * align], bits
