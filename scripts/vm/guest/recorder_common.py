"""What the recorder block's parts share: its rates and deadlines, and reading the recorder's event lines
(the contract in blocks_recorder.py's docstring)."""

import re

from guest.ffprobe import tail
from guest.harness import Background, read, wait_until

FPS = 25


SECONDS = 5


FRAMES_OK = (115, 135)  # about 125 at 25 fps for 5 s; vivid under TCG is close but not exact


START_DEADLINE = 60  # s for the recorder to discover, negotiate and print its first lines under TCG


LEVEL_TOLERANCE = 0.5  # dB


AMPLITUDES = (0.5, 0.1)  # left -6.02 dBFS peak, right -20 dBFS peak


def event_lines(text: str, prefix: str) -> list[str]:
    """The contract's "Prefix: rest" lines, as the rest."""
    return [l[len(prefix) + 1 :].strip() for l in text.splitlines() if l.startswith(prefix + ":")]


def said(out_path: str, err_path: str | None = None) -> str:
    """What a recorder wrote so far, for a failure message."""
    msg = "stdout: %s" % tail(read(out_path))
    if err_path:
        msg += "; stderr: %s" % tail(read(err_path))
    return msg


def wait_line(bg: Background, out_path: str, prefix: str, timeout: float) -> tuple[str | None, str]:
    """Waits (deadline-bounded) for a "Prefix:" line in a background recorder's stdout file.
    Returns (line or None, why not)."""
    found = []

    def seen() -> bool:
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


def alive(bg: Background) -> bool:
    """The recorder is still running."""
    return bg.p.poll() is None


def recorded_path(out: str, prefix: str, suffix: str) -> str:
    """The path a "Recording:" line names, else PREFIX.suffix."""
    got = event_lines(out, "Recording")
    return got[0] if got else prefix + suffix


def holder_named(err: str, pid: int) -> bool:
    """ERR names PID (as the holder of the configuration lock)."""
    return re.search(r"(?<!\d)%d(?!\d)" % pid, err) is not None
