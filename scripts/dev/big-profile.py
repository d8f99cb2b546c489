#!/usr/bin/env python3
"""Writes a large device profile for performance checks.

Usage: scripts/dev/big-profile.py N OUT.json [BASE.json]

The profile is BASE (default Profiles/c525.json) with its capture node's
formats replaced by N formats: each repeats one of BASE's formats with a
distinct fourcc and one of its frame sizes (with that size's fastest
interval), so
the document stays valid against the schema and every format is different.
Written compactly (no indentation), as a machine-made profile would be.
"""

import json
import os
import sys

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def fourcc(i):
    """A distinct 4-character code for every i < 36**4 (1.68 million)."""
    s = ""
    for _ in range(4):
        s = ALPHABET[i % 36] + s
        i //= 36
    return s


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    out = sys.argv[2]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    base = sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, "Profiles", "c525.json")
    with open(base) as f:
        doc = json.load(f)
    capture = doc["device"]["captures"][0]
    templates = capture["formats"]
    formats = []
    for i in range(n):
        t = templates[i % len(templates)]
        f = dict(t)
        f["index"] = i
        f["fourcc"] = fourcc(i)
        size = dict(t["sizes"][(i // len(templates)) % len(t["sizes"])])
        if size.get("intervals", {}).get("type") == "discrete":
            size["intervals"] = dict(size["intervals"], intervals=size["intervals"]["intervals"][:1])
        f["sizes"] = [size]
        formats.append(f)
    capture["formats"] = formats
    with open(out, "w") as f:
        json.dump(doc, f, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    print(f"{out}: {n} formats, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
