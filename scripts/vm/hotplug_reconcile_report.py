#!/usr/bin/env python3
"""The two hotplug measures of hotplug_reconcile.py's OUT/reconcile.json side by side (issue P27 item 1, §31).

  python3 scripts/vm/hotplug_reconcile_report.py OUT/reconcile.json [CYCLE]   (runs on the host)

Per plugging mode (usbip, cli), latency in ms of camprobe's first `connected` after the last video4linux/media
udev `add` of the cycle (and `disconnected` after the last `remove`), read five ways:
  A_src  listener A (`--udev --kernel`, the §24 bench) by udevadm's stamp, camprobe by its `time`;
  A_rd   both by this reader's arrival stamps;
  B_src, B_rd  the same with listener B (`--subsystem-match` video4linux and media, the issue's);
  kept   listener B's stamp to the arrival of camprobe's line (guest/hotplug_latency.py `kept`).
CYCLE: every line of that cycle, both listeners and the monitor, in stamp order.
"""

import datetime
import json
import re
import sys

UDEV = re.compile(r"^(UDEV|KERNEL)\s*\[([0-9.]+)\]\s+(\w+)\s+(\S+)\s+\((\S+)\)")
NODES = ("video4linux", "media")


def percentile(v, p):
    s = sorted(v)
    return s[min(len(s) - 1, int(round((len(s) - 1) * p)))] if s else float("nan")


def udev_lines(lines):
    out = []
    for t, line in lines:
        g = UDEV.match(line)
        if g:
            out.append(
                {
                    "src": g.group(1),
                    "at": float(g.group(2)),
                    "rd": t,
                    "act": g.group(3),
                    "path": g.group(4),
                    "sub": g.group(5),
                }
            )
    return out


def monitor_lines(r):
    """camprobe's lines: kind, `time` on CLOCK_MONOTONIC (the offset read in the guest), arrival."""
    out = []
    for t, kind, stamp, _ in r["M"]:
        if stamp:
            wall = datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.UTC)
            out.append({"ev": kind, "at": wall.timestamp() - r["offset"], "rd": t})
    return out


def cycle_rows(r):
    a, b, m = udev_lines(r["A"]), udev_lines(r["B"]), monitor_lines(r)
    cycles = r["cycles"]
    rows = []
    for i, c in enumerate(cycles):
        lo, rem = c["start"], c["removed"]
        hi = cycles[i + 1]["start"] if i + 1 < len(cycles) else float("inf")
        con = [x for x in m if x["ev"] == "connected" and lo <= x["at"] < rem]
        dis = [x for x in m if x["ev"] == "disconnected" and rem <= x["at"] < hi]
        row = {"mode": c["mode"]}
        for name, lines in (("A", a), ("B", b)):

            def last(action, start, end, lines=lines):
                burst = [e for e in lines if e["src"] == "UDEV" and e["act"] == action and e["sub"] in NODES]
                return [e for e in burst if start <= e["at"] < end]

            adds, rems = last("add", lo, rem), last("remove", rem, hi)
            if adds and con:
                row[name + "_src"] = (con[0]["at"] - max(e["at"] for e in adds)) * 1000
                row[name + "_rd"] = (con[0]["rd"] - max(e["rd"] for e in adds)) * 1000
                if name == "B":
                    row["kept"] = (con[0]["rd"] - max(e["at"] for e in adds)) * 1000
            if rems and dis:
                row[name + "_src_dis"] = (dis[0]["at"] - max(e["at"] for e in rems)) * 1000
                if name == "B":
                    row["kept_dis"] = (dis[0]["rd"] - max(e["at"] for e in rems)) * 1000
        if con:
            row["arrival_after_time"] = (con[0]["rd"] - con[0]["at"]) * 1000
        rows.append(row)
    return rows


def report(r):
    rows = cycle_rows(r)
    print("camprobe %s, camera %s, %d cycles" % (r["camprobe"], r["camera"], len(rows)))
    keys = ("A_src", "A_rd", "B_src", "B_rd", "kept", "A_src_dis", "B_src_dis", "kept_dis", "arrival_after_time")
    for mode in sorted({x["mode"] for x in rows}):
        rs = [x for x in rows if x["mode"] == mode]
        print("\n| %s (%d cycles) | n | p25 | p50 | p90 | p99 | max | min |" % (mode, len(rs)))
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for k in keys:
            v = [x[k] for x in rs if k in x]
            if v:
                q = [percentile(v, p) for p in (0.25, 0.5, 0.9, 0.99)]
                print("| %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |" % (k, len(v), *q, max(v), min(v)))
        d = [x["A_src"] - x["B_src"] for x in rs if "A_src" in x and "B_src" in x]
        if d:
            print("\nA_src - B_src: p50 %.1f, min %.1f, max %.1f ms" % (percentile(d, 0.5), min(d), max(d)))


def show_cycle(r, i):
    c, cycles = r["cycles"][i], r["cycles"]
    lo, hi = c["start"], (cycles[i + 1]["start"] if i + 1 < len(cycles) else float("inf"))
    lines = [
        (e["at"], "%s %-6s" % (n, e["src"]), e["rd"], "%-7s %s (%s)" % (e["act"], e["path"], e["sub"]))
        for n in "AB"
        for e in udev_lines(r[n])
        if lo <= e["rd"] < hi
    ]
    lines += [(x["at"], "M %-6s" % "", x["rd"], x["ev"]) for x in monitor_lines(r) if lo <= x["rd"] < hi]
    for at, who, rd, what in sorted(lines):
        print("%s %.3f (arrived %.3f) %s" % (who, at, rd, what))


def main():
    r = json.load(open(sys.argv[1]))
    if len(sys.argv) > 2:
        show_cycle(r, int(sys.argv[2]))
    else:
        report(r)


if __name__ == "__main__":
    main()
