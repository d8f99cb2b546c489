"""Recordings survive (P20) on each source: vivid (.y4m, also --max-size and --min-free-space), the UVC
gadget (MJPEG .avi) and snd-aloop (.wav)."""

import os
import re
import signal
import time

from guest.ffprobe import ffprobe_json, first_stream, tail
from guest.harness import Suite, read, run, settle
from guest.recorder_common import alive, said
from guest.recorder_survive import (
    SIGINT_AFTER,
    SURVIVE_KEPT,
    SURVIVE_RECORD,
    decodes_cleanly,
    probe_frames,
    progress_lines,
    recorded_frames,
    start_recording,
    stopped_line,
    survive_kill,
    survive_max_duration,
    survive_sigint,
)
from guest.uvc_common import DESCRIPTION, gadget


def survive_limits_vivid(s: Suite, ex: str, node: str) -> None:
    """--max-size 1M and --min-free-space above the free space, on vivid's 320x180 .y4m (115206 bytes a frame)."""
    argv = [ex, node, "--size", "320x180", "--fps", "30", "--no-audio", "--max-duration", "60"]
    prefix = s.path("r-vivid-maxsize")
    r = run(
        argv + ["--max-size", "1M", "--output", prefix],
        stdout=s.path("recorder-vivid-maxsize.out"),
        stderr=s.path("recorder-vivid-maxsize.err"),
        timeout=180,
    )

    def sized() -> str:
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


def survive_vivid(s: Suite, ex: str, node: str) -> None:
    argv = [ex, node, "--size", "320x180", "--fps", "30", "--no-audio"]
    survive_kill(s, "vivid", argv, ".y4m", 30)
    survive_sigint(s, "vivid", argv, ".y4m", 30)
    survive_sigint(s, "vivid", argv, ".y4m", 30, sig=signal.SIGTERM)
    survive_max_duration(s, "vivid", argv, ".y4m", 30)
    survive_limits_vivid(s, ex, node)


def survive_uvc(s: Suite, ex: str) -> None:
    """The same on the UVC gadget's MJPEG 640x480 at 15 fps (the rate its application paces exactly under TCG)."""
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


def survive_audio(s: Suite, ex: str) -> None:
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

        def kept() -> str:
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

    def complete() -> str:
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
