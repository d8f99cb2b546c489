"""v4l2-ctl's text as from_fixture.py reads it: --list-formats-ext in any of its layouts, --list-ctrls, "Name : value"
fields, and the listing uvcvideo should give back (also what the uvc-replay block compares with)."""

import re
from collections.abc import Container
from fractions import Fraction
from typing import Any

# --- formats -------------------------------------------------------------------


def fps_value(text_fps: str, text_interval: str) -> int | str:
    """fps as an int or a "num/den" string that reproduces the dump's printed
    interval ("0.033") and fps ("29.970") once written as 100 ns units."""
    dec = Fraction(text_fps)
    cands: list[Fraction] = []
    if dec.denominator == 1:
        cands.append(dec)
    n1001 = round(dec * Fraction(1001, 1000))
    cands.append(Fraction(n1001 * 1000, 1001))  # NTSC rates: 30000/1001
    cands += [dec.limit_denominator(d) for d in (2, 4, 3, 8, 1000)]
    cands.append(dec)
    for c in cands:
        if c <= 0:
            continue
        iv = round(Fraction(10_000_000) / c)
        if "%.3f" % (10_000_000 / iv) == text_fps and "%.3f" % (iv / 10_000_000) == text_interval:
            return int(c) if c.denominator == 1 else "%d/%d" % (c.numerator, c.denominator)
    raise ValueError("no exact rate for %s fps / %s s" % (text_fps, text_interval))


def parse_formats(text: str) -> list[dict[str, Any]]:
    """[{'fourcc','desc','compressed','frames':[{'width','height','intervals':[(s,fps)], 'kind'}]}]
    from v4l2-ctl --list-formats-ext text (any of its layouts)."""
    fmts: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    frame: dict[str, Any] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r"\[(\d+)\]: '(.{4})' \((.*)\)$", line)
        if m:
            desc = m.group(3)
            comp = desc.endswith(", compressed")
            cur = {
                "fourcc": m.group(2),
                "desc": desc[: -len(", compressed")] if comp else desc,
                "compressed": comp,
                "frames": [],
            }
            fmts.append(cur)
            frame = None
            continue
        m = re.match(r"Index\s*:\s*(\d+)$", line)
        if m:
            cur = {"fourcc": None, "desc": "", "compressed": False, "frames": []}
            fmts.append(cur)
            frame = None
            continue
        m = re.match(r"Pixel Format\s*:\s*'(.{4})'(.*)$", line)
        if m and cur is not None:
            cur["fourcc"] = m.group(1)
            cur["compressed"] = "compressed" in m.group(2)
            continue
        m = re.match(r"Name\s*:\s*(.*)$", line)
        if m and cur is not None:
            cur["desc"] = m.group(1)
            continue
        m = re.match(r"Size: (\w+) (\d+)x(\d+)(.*)$", line)
        if m and cur is not None:
            frame = {
                "kind": m.group(1),
                "width": int(m.group(2)),
                "height": int(m.group(3)),
                "rest": m.group(4),
                "intervals": [],
            }
            cur["frames"].append(frame)
            continue
        m = re.match(r"Interval: (\w+) ([0-9.]+)s \(([0-9.]+) fps\)(.*)$", line)
        if m and frame is not None:
            frame["intervals"].append((m.group(1), m.group(2), m.group(3), m.group(4)))
            continue
    return [f for f in fmts if f["fourcc"]]


def expected_listing(fmts: list[dict[str, Any]], carried: Container[str]) -> list[Any]:
    """The comparable form of a listing: [(fourcc, [(w, h, [interval line…])…])…], only
    the formats whose fourcc is in carried."""
    out = []
    for f in fmts:
        if f["fourcc"] not in carried:
            continue
        out.append(
            [
                f["fourcc"],
                [
                    [fr["width"], fr["height"], ["%ss (%s fps)" % (iv[1], iv[2]) for iv in fr["intervals"]]]
                    for fr in f["frames"]
                ],
            ]
        )
    return out


# --- identity and controls ------------------------------------------------------


def listing_of(text: str) -> list[Any]:
    """The listing (fourcc, [(w, h, [interval lines])]) of a `v4l2-ctl --list-formats-ext` text, every format kept."""
    return expected_listing(parse_formats(text), {f["fourcc"] for f in parse_formats(text)})


def diff_listing(got: list[Any], exp: list[Any]) -> str | None:
    """The first difference between two listings, or None."""
    if [f[0] for f in got] != [f[0] for f in exp]:
        return "formats %s, expected %s" % ([f[0] for f in got], [f[0] for f in exp])
    for i, (g, e) in enumerate(zip(got, exp, strict=False)):
        gs, es = [(x[0], x[1]) for x in g[1]], [(x[0], x[1]) for x in e[1]]
        if gs != es:
            return "[%d] %s sizes %s, expected %s" % (i, g[0], gs, es)
        for (w, h, gi), (_, _, ei) in zip(g[1], e[1], strict=False):
            if gi != ei:
                return "[%d] %s %dx%d intervals %s, expected %s" % (i, g[0], w, h, gi, ei)
    return None


def field(text: str, name: str) -> str | None:
    """The value of a "NAME : value" line of TEXT, or None."""
    m = re.search(r"^\s*%s\s*:\s*(.*?)\s*$" % re.escape(name), text, re.M)
    return m.group(1) if m else None


def parse_controls(text: str) -> dict[str, dict[str, Any]]:
    """{name: {'type', 'min', 'max', 'step', 'default', 'items': {v: label}}} from
    --list-ctrls / --list-ctrls-menus / --all text."""
    ctrls: dict[str, dict[str, Any]] = {}
    last: dict[str, Any] | None = None
    for raw in text.splitlines():
        m = re.match(r"\s*(\w+)(?: 0x[0-9a-f]+)? \((\w+)\)\s*:(.*)$", raw)
        if m:
            c: dict[str, Any] = {"type": m.group(2), "items": {}}
            for k, v in re.findall(r"(\w+)=(-?\w+)", m.group(3)):
                try:
                    c[k] = int(v, 0)
                except ValueError:
                    c[k] = v
            if m.group(1) in ctrls:  # the same list twice (e.g. -L --all): keep the first
                last = None
                continue
            ctrls[m.group(1)] = c
            last = c
            continue
        m = re.match(r"\s+(-?\d+): (.*)$", raw)
        if m and last is not None:
            last["items"][int(m.group(1))] = m.group(2).strip()
            continue
        if raw.strip() and not raw.startswith((" ", "\t")):
            last = None
    return ctrls
