#!/usr/bin/env python3
"""Prints, for every shipped profile, each capture feature camprobe derives with its answer and evidence
(driver / derived / imported / unknown) and what it rests on, as Markdown: the table of Reports/semantics-review.md.

    python3 scripts/dev/semantics-table.py Profiles/*.json
"""

import json
import sys


def answer(v):
    if isinstance(v, dict):
        if "minimum" in v and "maximum" in v:
            return "%s…%s%s" % (v["minimum"], v["maximum"], (" " + v["unit"]) if v.get("unit") else "")
        return "—"
    if isinstance(v, list):
        return ", ".join(map(str, v)) or "none"
    return "—" if v is None else str(v)


def rows(sem):
    for group in [
        "focus",
        "exposure",
        "whiteBalance",
        "torch",
        "flash",
        "zoom",
        "pan",
        "tilt",
        "mirroring",
        "verticalFlip",
        "powerLineFrequency",
        "stabilization",
        "wideDynamicRange",
        "backlightCompensation",
    ]:
        g = sem.get(group) or {}
        for m in g.get("modes", []):
            mark = "?" if m.get("evidence") == "unknown" else ("yes" if m["supported"] else "no")
            yield "%s.%s" % (group, m["mode"]), mark, m.get("evidence", "driver"), m["note"]
        for field, ev in sorted((g.get("evidence") or {}).items()):
            yield "%s.%s" % (group, field), answer(g.get(field)), ev["level"], ev["basis"]
    for field, ev in sorted((sem.get("evidence") or {}).items()):
        yield field, answer(sem.get(field)), ev["level"], ev["basis"]
    for kind in ["focus", "exposure"]:
        p = (sem.get("pointsOfInterest") or {}).get(kind)
        if p:
            yield "%sPointOfInterest" % kind, "yes" if p["supported"] else "no", p.get("evidence", "driver"), p["note"]


def main(paths):
    for path in paths:
        d = json.load(open(path))["device"]
        for c in d["captures"]:
            sem = c.get("semantics")
            print("### %s — %s `%s`\n" % (path.split("/")[-1], d["name"], c["path"]))
            if not sem:
                print("No controls were read: no capture feature is claimed.\n")
                continue
            print("| field | answer | evidence | basis |\n|---|---|---|---|")
            for r in rows(sem):
                print("| %s |" % " | ".join(str(x).replace("|", "\\|") for x in r))
            print()


if __name__ == "__main__":
    main(sys.argv[1:])
