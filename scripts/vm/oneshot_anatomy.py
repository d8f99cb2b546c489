"""Where a one-shot command's time goes under qemu TCG (Reports/benchmarks.md §19).

For `camprobe show /dev/video0 --json`, `camprobe --version` and their v4l2-ctl peers on vivid (the
bench's two webcam instances), it prints per command:
  - instructions executed and distinct instructions executed (the code footprint), from
    `valgrind --tool=callgrind --dump-instr=yes` (binaries should be `strip -g`, for valgrind's sake);
  - wall, user and system time and minor faults, median of ROUNDS interleaved runs, once as usual and once
    under `setarch -R` (no address-space randomisation). TCG translates guest code into host code and
    keeps the translations keyed by virtual address: with randomisation every run translates its code
    again, without it a run reuses the last run's translations. The difference is the translation cost.
Run in the guest:

    scripts/vm/run-guest.sh scripts/vm/oneshot_anatomy.py OUT CAMPROBE=/tmp/camprobe.stripped ROUNDS=5
"""

import os
import re
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from guest.harness import modprobe, settle, start_udev  # noqa: E402


def footprint(argv):
    """(instructions executed, distinct instruction addresses executed) of one run of argv."""
    out = "/tmp/oneshot_anatomy.callgrind"
    p = subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--callgrind-out-file=" + out] + argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=600,
    )
    m = re.search(r"refs:\s+([0-9,]+)", p.stderr)
    executed = int(m.group(1).replace(",", "")) if m else -1
    names, obj, last, skip, seen = {}, None, 0, False, set()
    with open(out, errors="replace") as f:
        for line in f:
            d = re.match(r"^(c?)(ob|fn|fl|fi|fe)=(?:\((\d+)\))?\s*(.*)$", line)
            if d:
                called, kind, idx, name = d.groups()
                if idx and name:
                    names[(kind, idx)] = name
                if kind == "ob" and not called:
                    obj = names.get((kind, idx), name) if idx else name
                continue
            if line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost, at the call instruction
                continue
            if not line or line[0] not in "+-*0123456789":
                continue
            a = line.split()[0]
            if a == "*":
                addr = last
            elif a[0] in "+-":
                step = int(a[1:], 16) if a[1:].startswith("0x") else int(a[1:])
                addr = last + step if a[0] == "+" else last - step
            else:
                addr = int(a, 16) if a.startswith("0x") else int(a)
            last = addr
            if skip:
                skip = False
                continue
            seen.add((obj, addr))
    os.unlink(out)
    return executed, len(seen)


def timed(argv, rounds, norandom):
    """Median (wall ms, user ms, sys ms, minor faults) of argv over rounds runs."""
    rows = []
    prefix = ["setarch", "-R"] if norandom else []
    for _ in range(rounds):
        before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
        subprocess.run(prefix + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
        rows.append(
            (
                wall * 1000,
                (after.ru_utime - before.ru_utime) * 1000,
                (after.ru_stime - before.ru_stime) * 1000,
                after.ru_minflt - before.ru_minflt,
            )
        )
    return tuple(statistics.median(r[i] for r in rows) for i in range(4))


def main():
    camprobe = os.environ.get("CAMPROBE")
    if not camprobe:
        print("oneshot_anatomy.py: set CAMPROBE=path (a strip -g copy)", file=sys.stderr)
        return 2
    rounds = int(os.environ.get("ROUNDS", "5"))
    start_udev()
    modprobe("vivid", "n_devs=2", "node_types=0x1,0x1", "num_inputs=1,1", "input_types=0x0,0x0")  # as bench_guest.py
    settle()
    commands = [
        ("camprobe show /dev/video0 --json", [camprobe, "show", "/dev/video0", "--json"]),
        (
            "v4l2-ctl -d /dev/video0 --list-formats-ext --list-ctrls-menus",
            ["v4l2-ctl", "-d", "/dev/video0", "--list-formats-ext", "--list-ctrls-menus"],
        ),
        ("camprobe --version", [camprobe, "--version"]),
        ("v4l2-ctl --version", ["v4l2-ctl", "--version"]),
    ]
    print(
        "| command | instructions | distinct instructions | wall / user / sys ms, minor faults | the same under `setarch -R` |"
    )
    print("|---|---:|---:|---:|---:|")
    for label, argv in commands:
        executed, distinct = footprint(argv)
        usual, fixed = timed(argv, rounds, False), timed(argv, rounds, True)
        print(
            "| `%s` | %.2f M | %.1f k | %.0f / %.0f / %.0f, %d | %.0f / %.0f / %.0f, %d |"
            % (label, executed / 1e6, distinct / 1e3, *usual, *fixed)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
