"""v4l2-ctl's text as the referee reads it: --list-formats-ext, --list-ctrls-menus, --all and
--list-frameintervals, each to plain Python values."""

import re
from typing import Any

FORMAT_FLAGS = {
    "compressed": "compressed",
    "emulated": "emulated",
    "continuous-bytestream": "continuous-bytestream",
    "dyn-resolution": "dyn-resolution",
    "enc-cap-frame-interval": "enc-cap-frame-interval",
    "csc-colorspace": "csc-colorspace",
    "csc-xfer-func": "csc-xfer-func",
    "csc-ycbcr": "csc-ycbcr-enc",
    "csc-hsv": "csc-ycbcr-enc",
    "csc-quantization": "csc-quantization",
}


CTRL_FLAG_BITS = {
    0x1: "disabled",
    0x2: "grabbed",
    0x4: "read-only",
    0x8: "update",
    0x10: "inactive",
    0x20: "slider",
    0x40: "write-only",
    0x80: "volatile",
    0x100: "has-payload",
    0x200: "execute-on-write",
    0x400: "modify-layout",
    0x800: "dynamic-array",
}


def parse_formats(text: str) -> list[dict[str, Any]]:
    """--list-formats-ext → [{type, index, fourcc, description, flags, sizes:[...]}]"""
    formats: list[dict[str, Any]] = []
    btype: str | None = None
    fmt: Any = None
    size: Any = None
    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r"^Type: (.*)$", line)
        if m:
            btype = m.group(1)
            continue
        m = re.match(r"^\[(\d+)\]: '(.{4}(?:-BE)?)' \((.*)\)$", line)
        if m:
            desc = m.group(3)
            flags = []
            parts = desc.split(", ")
            while len(parts) > 1 and parts[-1] in FORMAT_FLAGS:
                flags.insert(0, FORMAT_FLAGS[parts.pop()])
            fmt = {
                "type": btype,
                "index": int(m.group(1)),
                "fourcc": m.group(2),
                "description": ", ".join(parts),
                "flags": flags,
                "sizes": [],
            }
            formats.append(fmt)
            size = None
            continue
        m = re.match(r"^Size: Discrete (\d+)x(\d+)$", line)
        if m:
            size = {"type": "discrete", "width": int(m.group(1)), "height": int(m.group(2)), "intervals": []}
            fmt["sizes"].append(size)
            continue
        m = re.match(r"^Size: (Stepwise|Continuous) (\d+)x(\d+) - (\d+)x(\d+)(?: with step (\d+)/(\d+))?$", line)
        if m:
            size = {
                "type": m.group(1).lower(),
                "min": (int(m.group(2)), int(m.group(3))),
                "max": (int(m.group(4)), int(m.group(5))),
                "intervals": [],
            }
            if m.group(6):
                size["step"] = (int(m.group(6)), int(m.group(7)))
            fmt["sizes"].append(size)
            continue
        m = re.match(r"^Interval: Discrete ([\d.]+)s \(([\d.]+) fps\)$", line)
        if m:
            size["intervals"].append(("discrete", m.group(1), m.group(2)))
            continue
        m = re.match(
            r"^Interval: (Stepwise|Continuous) ([\d.]+)s - ([\d.]+)s(?: with step ([\d.]+)s)? \(([\d.]+)-([\d.]+) fps\)$",
            line,
        )
        if m:
            size["intervals"].append((m.group(1).lower(), m.group(2), m.group(3), m.group(4), m.group(5), m.group(6)))
            continue
        if line and not line.startswith("ioctl:"):
            raise ValueError("unparsed --list-formats-ext line: %r" % raw)
    return formats


def parse_controls(text: str) -> list[dict[str, Any]]:
    """--list-ctrls-menus → [{key, id, type, fields{}, menu[(index, label)]}]"""
    controls: list[dict[str, Any]] = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        m = re.match(r"^\s*(\S+) 0x([0-9a-f]{8}) \(([\w-]+)\)\s*:\s?(.*)$", raw)
        if m:
            rest = m.group(4)
            fields: dict[str, Any] = {}
            sm = re.search(r"value='(.*)'", rest)
            if sm:
                fields["value"] = sm.group(1)
                rest = rest[: sm.start()] + rest[sm.end() :]
            fm = re.search(r"flags=(.*)$", rest)
            if fm:
                fields["flags"] = [f.strip() for f in fm.group(1).split(",") if f.strip()]
                rest = rest[: fm.start()]
            for k, v in re.findall(r"(\w+)=(\S+)", rest):
                fields[k] = v
            controls.append(
                {"key": m.group(1), "id": int(m.group(2), 16), "type": m.group(3), "fields": fields, "menu": []}
            )
            continue
        m = re.match(r"^\t+(\d+): (.*)$", raw)
        if m and controls:
            controls[-1]["menu"].append((int(m.group(1)), m.group(2)))
            continue
        if not raw.startswith((" ", "\t")):
            continue  # class header ("User Controls")
        raise ValueError("unparsed --list-ctrls-menus line: %r" % raw)
    return controls


def parse_all(text: str) -> dict[Any, Any]:
    """--all → {"input": N} and {(section, key): value} for its "key : value" lines."""
    info: dict[Any, Any] = {}
    section = None
    for raw in text.splitlines():
        if raw and not raw.startswith((" ", "\t")):
            section = raw.rstrip(":").strip()
        m = re.match(r"^\t(\S[^:]*?)\s*: (.*)$", raw)
        if not m:
            m2 = re.match(r"^Video input\s*: (\d+) \((.*)\)$", raw)
            if m2:
                info["input"] = int(m2.group(1))
            continue
        key, val = m.group(1).strip(), m.group(2).strip()
        info[(section, key)] = val
    return info


def interval_text(fraction: str) -> tuple[str, str] | None:
    """Our exact fraction rendered as v4l2-ctl renders it: seconds and fps with 3 decimals."""
    n, d = (int(x) for x in fraction.split("/"))
    if n == 0 or d == 0:
        return None
    return ("%.3f" % (n / d), "%.3f" % (d / n))


def parse_ivals(text: str) -> dict[tuple[str, tuple[int, int]], list[tuple[Any, ...]]]:
    """`== FOURCC WxH` blocks of --list-frameintervals → {(fourcc, (w, h)): [interval tuples]}"""
    out: dict[tuple[str, tuple[int, int]], list[tuple[Any, ...]]] = {}
    key: tuple[str, tuple[int, int]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r"^== (\S+) (\d+)x(\d+)$", line)
        if m:
            key = (m.group(1), (int(m.group(2)), int(m.group(3))))
            out[key] = []
            continue
        m = re.match(r"^Interval: Discrete ([\d.]+)s \(([\d.]+) fps\)$", line)
        if m and key:
            out[key].append(("discrete", m.group(1), m.group(2)))
            continue
        m = re.match(
            r"^Interval: (Stepwise|Continuous) ([\d.]+)s - ([\d.]+)s(?: with step ([\d.]+)s)? \(([\d.]+)-([\d.]+) fps\)$",
            line,
        )
        if m and key:
            out[key].append((m.group(1).lower(), m.group(2), m.group(3), m.group(4), m.group(5), m.group(6)))
    return out
