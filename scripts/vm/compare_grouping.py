#!/usr/bin/env python3
"""camprobe list --json vs v4l2-ctl --list-devices: same node groups.

  compare_grouping.py LIST_JSON LIST_DEVICES_TXT EXPECTED_DEVICE_COUNT

v4l2-ctl groups nodes by card and bus_info. Every v4l2-ctl group with a video
capture node must be exactly one camprobe device whose nodes are that group's
/dev/video* and /dev/media* nodes; nothing else may be listed as a camera.
"""

import json
import re
import sys


def groups(text):
    out, cur = [], None
    for line in text.splitlines():
        if line and not line.startswith((" ", "\t")):
            cur = {"title": line.rstrip(":"), "nodes": set()}
            out.append(cur)
        elif line.strip().startswith("/dev/") and cur is not None:
            n = line.strip()
            if re.match(r"^/dev/(video|media)\d+$", n):
                cur["nodes"].add(n)
    return out


def compare(listed, list_devices_txt, expected):
    """camprobe's parsed `list --json` vs v4l2-ctl's text → a list of differences."""
    # Microphones of their own (ALSA cards with no camera) are not V4L2 devices: v4l2-ctl does not list them.
    devices = [d for d in listed["devices"] if d["captures"] or any(n["role"] != "audio" for n in d["nodes"])]
    errors = []
    if len(devices) != expected:
        errors.append(
            "camprobe lists %d devices, expected %d: %s" % (len(devices), expected, [d["id"] for d in devices])
        )
    theirs = groups(list_devices_txt)
    for d in devices:
        ours = {n["path"] for n in d["nodes"]}
        match = [g for g in theirs if g["nodes"] & ours]
        if len(match) != 1:
            errors.append("%s: nodes %s match %d v4l2-ctl groups" % (d["id"], sorted(ours), len(match)))
            continue
        if match[0]["nodes"] != ours:
            errors.append(
                "%s: camprobe nodes %s, v4l2-ctl group '%s' has %s"
                % (d["id"], sorted(ours), match[0]["title"], sorted(match[0]["nodes"]))
            )
        if not any(n["role"] == "capture" for n in d["nodes"]):
            errors.append("%s has no capture node but is listed as a camera" % d["id"])
    return errors


def main():
    with open(sys.argv[1]) as f:
        listed = json.load(f)
    with open(sys.argv[2]) as f:
        text = f.read()
    errors = compare(listed, text, int(sys.argv[3]))
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
