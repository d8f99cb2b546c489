"""Block instructions: the work of the shipped binary, counted in instructions.

Under TCG, wall time follows code footprint and the host's load; the instruction count
(valgrind --tool=callgrind, user space) is the same run after run. This block counts
`show --json`, `list --json`, `--version` and monitor's first `connected` on vivid, beside
v4l2-ctl doing the same reads, and checks each camprobe count against the committed
baseline (scripts/vm/instructions-baseline.json): a rise of more than 5 % fails. A new
baseline is a commit that says why (scripts/vm/README.md, "The instruction gate").
"""

import json
import os
import signal
import subprocess
import time

from guest.harness import capture_nodes, modprobe, rmmod, run, settle, video_nodes, wait_until

# A rise above this fraction of the baseline fails the block.
TOLERANCE = 0.05
BASELINE = "instructions-baseline.json"


def stripped(binary):
    """A `strip -g` copy: valgrind 3.19 dies on this toolchain's DWARF; the copy runs the same instructions."""
    copy = "/tmp/instructions-%s" % os.path.basename(binary)
    if not os.path.exists(copy):
        run(["strip", "-g", binary, "-o", copy], timeout=120)
    return copy


def collected(err_text):
    """The total from callgrind's 'Collected : N' line, or None."""
    got = [line.split("Collected :")[-1].strip() for line in err_text.splitlines() if "Collected :" in line]
    return int(got[-1]) if got else None


def count(argvs, out_file):
    """Instructions of the commands in `argvs`, summed; None when one of them has no count."""
    total = 0
    t0 = time.monotonic()
    for argv in argvs:
        r = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv], stdout=out_file, timeout=900)
        n = collected(r.err)
        if n is None or r.rc not in (0, 3):
            print("instructions: no count for %s (exit %s): %s" % (" ".join(argv), r.rc, r.err[-400:]), flush=True)
            return None
        total += n
    print(
        "info: instructions: %d in %.0f s under valgrind: %s" % (total, time.monotonic() - t0, " ".join(argvs[0][1:])),
        flush=True,
    )
    return total


def monitor_first_connected(camprobe, s):
    """Instructions of `monitor --json` from its start to the `capabilities` line of vivid, loaded after it started."""
    rmmod("vivid")
    settle()
    out = s.path("instructions-monitor.jsonl")
    err = s.path("instructions-monitor.err")
    with open(out, "wb") as o, open(err, "wb") as e:
        p = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", camprobe, "monitor", "--json"],
            stdin=subprocess.DEVNULL,
            stdout=o,
            stderr=e,
        )
        try:
            # valgrind's start-up is slow under TCG: wait for the monitor's own first output (the devices present).
            wait_until(lambda: os.path.getsize(out) > 0 or p.poll() is not None, 120)
            time.sleep(1)
            modprobe("vivid", "n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x0")
            seen = wait_until(
                lambda: '"capabilities"' in open(out, errors="replace").read() or p.poll() is not None, 120
            )
        finally:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
            try:
                p.wait(120)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    if not seen:
        return None
    n = collected(open(err, errors="replace").read())
    print("info: instructions: monitor to the first capabilities line %s" % n, flush=True)
    return n


def judge(name: str, n: int | None, base: int | None) -> tuple[str, bool, str]:
    """The gate for one command: (check name, passed, why not). A count more than TOLERANCE over its baseline fails."""
    if n is None:
        return "instructions: %s is counted" % name, False, "callgrind gave no count (see the block's output files)"
    if base is None:
        return "instructions: %s has a baseline" % name, False, "no entry in scripts/vm/%s" % BASELINE
    limit = int(base * (1 + TOLERANCE))
    why = "%d instructions, %.1f %% over the baseline %d: find the cause, or commit a new baseline that says why" % (
        n,
        100.0 * (n - base) / base,
        base,
    )
    return "instructions: %s within 5 %% of the baseline (%d ≤ %d)" % (name, n, limit), n <= limit, why


def block_instructions(s):
    """instructions: callgrind counts of the shipped binary against the committed baseline and v4l2-ctl."""
    modprobe("vivid", "n_devs=2", "node_types=0x1,0x1", "num_inputs=1,1", "input_types=0x0,0x0")
    settle()
    nodes = capture_nodes()
    node = nodes[0] if nodes else "/dev/video0"
    every = video_nodes()
    bin_ = stripped(s.c)
    sink = s.path("instructions-stdout.txt")
    ours = {
        "show --json": count([[bin_, "show", node, "--json"]], sink),
        "list --json": count([[bin_, "list", "--json"]], sink),
        "--version": count([[bin_, "--version"]], sink),
    }
    with open(os.path.join(s.here, BASELINE)) as f:
        committed = json.load(f)
    baseline, peers = committed["counts"], dict(committed.get("peers", {}))
    if os.environ.get("INSTRUCTIONS_PEERS") == "1":
        # v4l2-ctl's counts do not change with camprobe: measured when asked, kept in the baseline file otherwise.
        peers = {
            "show --json": count([["v4l2-ctl", "-d", node, "--list-formats-ext", "--list-ctrls-menus"]], sink),
            "list --json": count(
                [["v4l2-ctl", "--list-devices"]]
                + [["v4l2-ctl", "-d", n, "--all", "--list-formats-ext", "--list-ctrls-menus"] for n in every],
                sink,
            ),
            "--version": count([["v4l2-ctl", "--version"]], sink),
        }
    ours["monitor first connected"] = monitor_first_connected(bin_, s)
    rmmod("vivid")
    settle()
    rows = []
    for name, n in ours.items():
        base = baseline.get(name)
        peer = peers.get(name)
        ratio = ("%.2f×" % (n / peer)) if n and peer else "-"
        rows.append({"command": name, "instructions": n, "baseline": base, "peer": peer, "ratio": ratio})
        print("info: instructions: %-24s %12s  baseline %12s  peer %12s  %s" % (name, n, base, peer, ratio), flush=True)
        check, ok, why = judge(name, n, base)
        if not s.expect(check, ok, why) or n is None or base is None:
            continue
        if n < base * (1 - TOLERANCE):
            print(
                "info: instructions: %s is %.1f %% below its baseline: lower the baseline in a commit that says why"
                % (name, 100.0 * (base - n) / base),
                flush=True,
            )
    with open(s.path("instructions.json"), "w") as f:
        json.dump(rows, f, indent=1)
