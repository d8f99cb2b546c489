"""Two camprobe binaries side by side on one profile's JSON outputs (Reports/benchmarks.md section 26).

Usage: scripts/dev/json-encoder-bench.py PROFILE LABEL=BINARY LABEL=BINARY [ROUNDS]
Each command runs once per binary to warm, then ROUNDS (11) rounds alternating the binaries; medians of wall time
and of the child's CPU time (os.times) are printed."""

import os
import statistics
import subprocess
import sys
import time

P = sys.argv[1]
cmds = {
    "profile write json": ["profile", "write", "0", "--profile", P, "--format", "json", "-o", "-"],
    "show --json": ["show", "0", "--profile", P, "--json"],
    "list --json": ["list", "--profile", P, "--json"],
    "negotiate --json": ["negotiate", "0", "--profile", P, "--preset", "high", "--json"],
}
bins = dict(a.split("=", 1) for a in sys.argv[2:4])
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 11
res = {}
for name, args in cmds.items():
    for path in bins.values():
        subprocess.run([path] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _i in range(rounds):
        for b, path in bins.items():
            t0 = time.perf_counter()
            r0 = os.times()
            subprocess.run([path] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t1 = time.perf_counter()
            r1 = os.times()
            res.setdefault((name, b), []).append(
                (
                    (t1 - t0) * 1000,
                    (r1.children_user + r1.children_system - r0.children_user - r0.children_system) * 1000,
                )
            )
for name in cmds:
    row = [name]
    for b in bins:
        v = res[(name, b)]
        row.append(
            "%s wall %.1f ms cpu %.1f ms"
            % (b, statistics.median([x[0] for x in v]), statistics.median([x[1] for x in v]))
        )
    print(" | ".join(row))
