"""Watches a TCG guest's translation cache from the host (run-guest.sh with CAMPROBE_VM_JIT_WATCH=1).

Under TCG, qemu translates the guest's code into a buffer of its own (`-accel tcg,tb-size=MB`, 1 GiB by default in
qemu 7.2). When the buffer is full, qemu drops every translation at once (a "TB flush"), and all code the guest runs
next is translated again: the next hotplug connect then costs what the very first one did (Reports/benchmarks.md
§40). A timing measure read in a guest should say whether a flush fell inside it. This asks qemu's monitor
(`info jit`) once a second and writes a line per answer: the host's CLOCK_MONOTONIC and the counts.

    python3 scripts/vm/jit_watch.py SOCKET OUT   # SOCKET: qemu's `-monitor unix:SOCKET,server=on,wait=off`
    python3 scripts/vm/jit_watch.py --summary OUT   # how many flushes OUT saw, in a sentence
"""

import re
import socket
import sys
import time

FIELDS = {
    "flushes": r"TB flush count\s+(\d+)",
    "tbs": r"TB count\s+(\d+)",
    "invalidated": r"TB invalidate count\s+(\d+)",
    "code": r"gen code size\s+(\d+)/\d+",
    "buffer": r"gen code size\s+\d+/(\d+)",
}


def parse(text: str) -> dict[str, int]:
    """The counts of one `info jit` answer that it has (a field it lacks is left out)."""
    out = {}
    for name, pattern in FIELDS.items():
        m = re.search(pattern, text)
        if m:
            out[name] = int(m.group(1))
    return out


def line(t: float, counts: dict[str, int]) -> str:
    """One line of OUT: `monotonic=T flushes=N tbs=N invalidated=N code=N buffer=N`."""
    return " ".join(["monotonic=%.3f" % t] + ["%s=%d" % (k, counts[k]) for k in FIELDS if k in counts])


def flushes_between(lines: list[str]) -> int | None:
    """TB flushes from the first line of OUT to the last (None: fewer than two lines with a count)."""
    counts = [int(m.group(1)) for m in (re.search(r"\bflushes=(\d+)", x) for x in lines) if m]
    return counts[-1] - counts[0] if len(counts) >= 2 else None


class Monitor:
    """qemu's human monitor on a Unix socket: a command, and its answer up to the next `(qemu)` prompt."""

    def __init__(self, path: str, wait: float = 60.0, answer_within: float = 5.0) -> None:
        deadline = time.monotonic() + wait
        while True:
            self.sock = socket.socket(socket.AF_UNIX)
            try:
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.sock.settimeout(answer_within)
        self.prompt()  # qemu's greeting

    def ask(self, command: str) -> str:
        """The monitor's answer to `command`; raises EOFError when qemu has gone."""
        self.sock.sendall((command + "\n").encode())
        return self.prompt()

    def prompt(self) -> str:
        """What the monitor writes up to its next `(qemu)` prompt."""
        got = b""
        while not got.rstrip().endswith(b"(qemu)"):
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("qemu closed its monitor")
            got += chunk
        return got.decode(errors="replace")


def summary(lines: list[str]) -> str:
    """What run-guest.sh says of a guest's OUT when it ends."""
    n = flushes_between(lines)
    if n is None:
        return "qemu's translation cache: no counts were read (is qemu's monitor there?)"
    return "qemu flushed its translation cache %d time(s) while the guest ran" % n


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--summary":
        try:
            with open(argv[2]) as f:
                print(summary(f.read().splitlines()) + " (%s)" % argv[2])
        except OSError as e:
            print("qemu's translation cache: %s" % e)
        return 0
    if len(argv) != 3:
        print("usage: jit_watch.py SOCKET OUT | jit_watch.py --summary OUT", file=sys.stderr)
        return 2
    try:
        mon = Monitor(argv[1])
    except OSError as e:
        print("jit_watch: no qemu monitor at %s: %s" % (argv[1], e), file=sys.stderr)
        return 1
    watch(mon, argv[2])
    return 0


def watch(mon: Monitor, path: str, every: float = 1.0) -> None:
    """Writes a line to PATH per answer to `info jit`, every EVERY seconds, until qemu closes its monitor."""
    with open(path, "w") as out:
        while True:
            t = time.monotonic()
            try:
                counts = parse(mon.ask("info jit"))
            except TimeoutError:
                continue  # a busy qemu answers late: the next read takes the rest up to its prompt
            except (OSError, EOFError):
                return
            out.write(line(t, counts) + "\n")
            out.flush()
            time.sleep(every)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
