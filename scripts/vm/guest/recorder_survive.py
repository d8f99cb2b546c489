"""Recordings survive (P20): SIGKILL leaves a readable file with every frame counted before it, SIGINT/SIGTERM
finish the file, --max-duration stops with its reason."""

import json
import re
import signal
import time
from typing import Any

from guest.ffprobe import ffprobe_json, first_stream, tail, tool
from guest.harness import Background, Suite, read, run
from guest.recorder_common import START_DEADLINE, alive, event_lines, recorded_path, said, wait_line

# 6. Recordings that survive (P20): SIGKILL, SIGINT and the limits, on vivid (raw, .y4m),
#    the UVC gadget (MJPEG, .avi) and snd-aloop (.wav).

SURVIVE_RECORD = 5  # s of recording before SIGKILL


SURVIVE_KEPT = 4  # s of frames the killed file must still hold


SIGINT_AFTER = 4  # s of recording before SIGINT


LIMIT_SECONDS = 3  # --max-duration


def progress_lines(text: str, unit: str = "frames") -> list[tuple[int, float]]:
    """The recorder's --progress lines (unit "frames", or "audio frames" for the .wav), as (count, CLOCK_MONOTONIC s)."""
    return [
        (int(m.group(1)), float(m.group(2)))
        for m in re.finditer(r"^Progress: (\d+) %s, \d+ bytes to \S+ at monotonic ([\d.]+) s$" % unit, text, re.M)
    ]


def stopped_line(text: str) -> str | None:
    got = event_lines(text, "Stopped")
    return got[-1] if got else None


def recorded_frames(text: str) -> tuple[int | None, Any]:  # (None, None) or (frames, path)
    m = re.search(r"^Recorded: (\d+) frames, \d+ dropped, at \S+ fps to (\S+)$", text, re.M)
    return (int(m.group(1)), m.group(2)) if m else (None, None)


def probe_frames(s: Suite, path: str, name: str, decode: bool = True) -> tuple[int, float | None, float | None]:
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

    def num(v: Any) -> float | None:
        try:
            return float(v)
        except (TypeError, ValueError):
            return None

    return frames, num(st.get("duration")), num((d.get("format") or {}).get("duration"))


def decodes_cleanly(s: Suite, path: str, name: str) -> None:
    r = run(
        [tool("ffmpeg"), "-nostdin", "-v", "error", "-i", path, "-f", "null", "-"],
        stdout=s.path(name + "-ffmpeg.out"),
        stderr=s.path(name + "-ffmpeg.err"),
        timeout=300,
    )
    assert r.rc == 0 and not r.err.strip(), "ffmpeg -i %s -f null - exit %d: %s" % (path, r.rc, tail(r.err))


def start_recording(s: Suite, argv: list[str], name: str) -> tuple[Background, str, str, str | None]:
    """A background recorder, once it says 'Recording:' (or 'Recording audio:' for audio only) and, with
    --progress, once its first frame or buffer is in the file (its first 'Progress:' line):
    (bg, out, err, None) or (bg, out, err, why it did not start)."""
    out, err = s.path(name + ".out"), s.path(name + ".err")
    bg = Background(argv, out, err)
    line, why = wait_line(bg, out, "Recording" if "--microphone" not in argv else "Recording audio", START_DEADLINE)
    if line and "--progress" in argv:
        line, why = wait_line(bg, out, "Progress", 30)
    return bg, out, err, (None if line else "%s; %s" % (why, said(out, err)))


def survive_kill(s: Suite, label: str, argv: list[str], suffix: str, fps: int) -> None:
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

    def kept() -> str:
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


def survive_sigint(
    s: Suite, label: str, argv: list[str], suffix: str, fps: int, sig: signal.Signals = signal.SIGINT
) -> None:
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

    def complete() -> str:
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


def survive_max_duration(s: Suite, label: str, argv: list[str], suffix: str, fps: int) -> None:
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

    def limited() -> str:
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
