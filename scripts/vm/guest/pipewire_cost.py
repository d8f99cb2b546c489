#!/usr/bin/env python3
"""Experiment (P19): where `camprobe list`'s PipeWire cost goes in the guest (one CPU, TCG).

Run with: scripts/vm/run-guest.sh scripts/vm/guest/pipewire_cost.py OUTDIR CAMPROBE_BINS=a=/path,b=/path [RUNS=7]
Starts the session as block PW does (vivid, a session bus, pipewire, wireplumber), then times, interleaved, for each
binary: `list`, `list --json` and `show /dev/video0`, each with and without `--no-pipewire` (COMMANDS), and with
WIREPLUMBER=running,stopped the same with wireplumber stopped (SIGSTOP: does the session manager's reaction to a new
client land in the listing's time?). Medians go to cost.json and stdout; one `strace -f -tt` of
`list` gives the timeline (library loads, connect, exit). Standard library only."""

import json
import os
import signal
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from guest.harness import WEBCAM, modprobe, run, settle, start_udev, wait_until  # noqa: E402
from guest.pipewire_session import pw_dump, sources, start_session, stop_session  # noqa: E402

OUT = os.environ.get("VM_OUT") or "/tmp/vm-out"
os.makedirs(OUT, exist_ok=True)


class Session:
    def path(self, name):
        return os.path.join(OUT, name)


# Each command with the PipeWire view and without (--no-pipewire): `list` reads the registry only, `list --json` and
# `show` also every camera node's EnumFormat. WIREPLUMBER=running (default) or running,stopped.
COMMANDS = [
    ("list", ["list"]),
    ("list --no-pipewire", ["list", "--no-pipewire"]),
    ("list --json", ["list", "--json"]),
    ("list --json --no-pipewire", ["list", "--json", "--no-pipewire"]),
    ("show", ["show", "/dev/video0"]),
    ("show --no-pipewire", ["show", "/dev/video0", "--no-pipewire"]),
]
WIREPLUMBER = (os.environ.get("WIREPLUMBER") or "running").split(",")


def timed(argv):
    t = time.monotonic()
    run(argv, timeout=120, stdout=os.path.join(OUT, "out.txt"), stderr=os.path.join(OUT, "err.txt"))
    return (time.monotonic() - t) * 1000


def main():
    start_udev()
    modprobe("vivid", *WEBCAM)
    settle()
    s = Session()
    daemons = start_session(s)
    bins = [kv.split("=", 1) for kv in os.environ.get("CAMPROBE_BINS", "").split(",") if "=" in kv]
    runs = int(os.environ.get("RUNS") or 7)
    results = {}
    try:
        wait_until(lambda: sources(pw_dump(s, "dump.json")), 90, 2)
        wireplumber = daemons[-1].p.pid
        for _label, path in bins:  # warm both: page cache, the daemon's first client
            timed([path, "list"])
        for wp in WIREPLUMBER:
            if wp == "stopped":
                os.kill(wireplumber, signal.SIGSTOP)
            for _ in range(runs):
                for label, path in bins:
                    for mode, argv in COMMANDS:
                        key = "%s %s wireplumber-%s" % (label, mode, wp)
                        results.setdefault(key, []).append(timed([path, *argv]))
            if wp == "stopped":
                os.kill(wireplumber, signal.SIGCONT)
        for label, path in bins:
            run(
                [
                    "strace",
                    "-f",
                    "-tt",
                    "-e",
                    "trace=openat,connect,clone,clone3,exit_group",
                    "-o",
                    os.path.join(OUT, "strace-%s.txt" % label),
                    path,
                    "list",
                ],
                timeout=120,
            )
    finally:
        stop_session(daemons)
    med = {k: round(statistics.median(v), 1) for k, v in results.items()}
    for label, _ in bins:
        for wp in WIREPLUMBER:
            for mode, _ in COMMANDS[::2]:
                w, wo = (
                    med["%s %s wireplumber-%s" % (label, mode, wp)],
                    med["%s %s --no-pipewire wireplumber-%s" % (label, mode, wp)],
                )
                print(
                    "info: %s, wireplumber %s, %s: with %.1f ms, without %.1f ms: %.2fx"
                    % (label, wp, mode, w, wo, w / wo),
                    flush=True,
                )
    with open(os.path.join(OUT, "cost.json"), "w") as f:
        json.dump({"medians": med, "runs": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
