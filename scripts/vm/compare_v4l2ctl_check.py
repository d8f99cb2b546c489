"""The referee's comparison: camprobe's `show --json` against v4l2-ctl's answers, field by field."""

import re
from typing import Any

from compare_v4l2ctl_parse import CTRL_FLAG_BITS, interval_text, parse_all, parse_controls, parse_formats, parse_ivals


class Diff:
    """The differences found on one node, as DIFF lines."""

    def __init__(self, node: str) -> None:
        self.node: str = node
        self.items: list[str] = []

    def check(self, field: str, ours: Any, theirs: Any) -> None:
        """A DIFF line when OURS is not THEIRS."""
        if ours != theirs:
            self.items.append("DIFF %s %s: camprobe=%r v4l2-ctl=%r" % (self.node, field, ours, theirs))


def compare(
    node: str, show: dict[str, Any], formats_txt: str, ctrls_txt: str, all_txt: str, ivals_txt: str = ""
) -> list[str]:
    """The DIFF lines between `show --json` (SHOW) and v4l2-ctl's texts for NODE; [] when they agree."""
    diff = Diff(node)
    dev = show["device"]
    caps = [c for c in dev["captures"] if c["path"] == node]
    if not caps:
        diff.items.append("DIFF %s captures: camprobe has no capture entry for the node" % node)
        return diff.items
    c = caps[0]
    # Formats → sizes → intervals.
    theirs = parse_formats(formats_txt)
    ivals = parse_ivals(ivals_txt)
    ours = c["formats"]
    diff.check("formats.count", len(ours), len(theirs))
    for i, (o, t) in enumerate(zip(ours, theirs, strict=False)):
        p = "formats[%d]" % i
        diff.check(p + ".fourcc", o["fourcc"], t["fourcc"])
        diff.check(p + ".index", o["index"], t["index"])
        diff.check(p + ".description", o["description"], t["description"])
        diff.check(p + ".flags", sorted(o["flags"]), sorted(t["flags"]))
        diff.check(
            p + ".bufferType",
            o["bufferType"],
            {"Video Capture": "videoCapture", "Video Capture Multiplanar": "videoCaptureMultiplanar"}.get(
                t["type"], t["type"]
            ),
        )
        diff.check(p + ".sizes.count", len(o["sizes"]), len(t["sizes"]))
        for j, (os_, ts) in enumerate(zip(o["sizes"], t["sizes"], strict=False)):
            q = "%s.sizes[%d]" % (p, j)
            diff.check(q + ".type", os_["type"], ts["type"])
            if ts["type"] == "discrete":
                diff.check(q + ".size", (os_.get("width"), os_.get("height")), (ts["width"], ts["height"]))
                ours_iv = intervals_of(os_.get("intervals"))
            else:
                diff.check(q + ".min", (os_["min"]["width"], os_["min"]["height"]), ts["min"])
                diff.check(q + ".max", (os_["max"]["width"], os_["max"]["height"]), ts["max"])
                if "step" in ts:
                    diff.check(q + ".step", (os_["step"]["width"], os_["step"]["height"]), ts["step"])
                for end, at in (("min", "intervalsAtMin"), ("max", "intervalsAtMax")):
                    k = (t["fourcc"], ts[end])
                    if k in ivals:
                        diff.check("%s.%s" % (q, at), intervals_of(os_.get(at)), ivals[k])
                continue  # --list-formats-ext prints no intervals for ranges
            diff.check(q + ".intervals", ours_iv, ts["intervals"])
    # Controls.
    theirs_c = parse_controls(ctrls_txt)
    ours_c = c.get("controls") or []
    diff.check("controls.keys", [x["key"] for x in ours_c], [x["key"] for x in theirs_c])
    by_key = {x["key"]: x for x in ours_c}
    for t in theirs_c:
        o = by_key.get(t["key"])
        if o is None:
            continue
        p = "controls[%s]" % t["key"]
        f = t["fields"]
        diff.check(p + ".id", o["id"], t["id"])
        diff.check(p + ".type", o["type"], t["type"])
        hexed = t["type"] == "bitmask"
        for field, ours_key in (("min", "minimum"), ("max", "maximum"), ("step", "step"), ("default", "defaultValue")):
            if field in f:
                v = int(f[field], 16) if hexed and f[field].startswith("0x") else int(f[field])
                ov = o[ours_key]
                if hexed and ov < 0:
                    ov &= 0xFFFFFFFF
                diff.check(p + "." + field, ov, v)
        volatile = "volatile" in f.get("flags", [])  # the value changes by itself between two reads
        if "value" in f and t["type"] not in ("button", "area") and not volatile:
            if t["type"] == "str":
                diff.check(p + ".value", o.get("value"), f["value"])
            else:
                diff.check(
                    p + ".value",
                    o.get("value"),
                    int(f["value"], 16) if f["value"].startswith("0x") else int(f["value"]),
                )
        if "dims" in f:
            diff.check(p + ".dims", o["dimensions"], [int(x) for x in re.findall(r"\[(\d+)\]", f["dims"])])
        their_flags = []
        for name in f.get("flags", []):
            if name.startswith("0x"):
                bits = int(name, 16)
                their_flags += [n for b, n in CTRL_FLAG_BITS.items() if bits & b]
            else:
                their_flags.append(name)
        diff.check(p + ".flags", sorted(o["flags"]), sorted(their_flags))
        ours_menu = []
        for m in o["menu"]:
            if m.get("name") is not None:
                ours_menu.append((m["index"], m["name"]))
            else:
                ours_menu.append((m["index"], "%d (0x%x)" % (m["value"], m["value"] & 0xFFFFFFFFFFFFFFFF)))
        diff.check(p + ".menu", ours_menu, t["menu"])
    # Identity, capabilities, active format, frame rate.
    a = parse_all(all_txt)
    ident = c["identity"]
    diff.check("driver", ident["driver"], a.get(("Driver Info", "Driver name")))
    diff.check("card", ident["card"], a.get(("Driver Info", "Card type")))
    diff.check("busInfo", ident["busInfo"], a.get(("Driver Info", "Bus info")))
    diff.check("version", ident["version"], a.get(("Driver Info", "Driver version")))
    diff.check("capabilities", flags_hex(ident["capabilities"]), a.get(("Driver Info", "Capabilities")))
    diff.check("deviceCaps", flags_hex(ident["deviceCaps"]), a.get(("Driver Info", "Device Caps")))
    if "input" in a:
        diff.check("currentInput", c.get("currentInput"), a["input"])
    af = c.get("activeFormat") or {}
    sec = "Format Video Capture" if af.get("bufferType") == "videoCapture" else "Format Video Capture Multiplanar"
    wh = a.get((sec, "Width/Height"))
    if wh:
        diff.check("activeFormat.size", "%d/%d" % (af.get("width", 0), af.get("height", 0)), wh)
        pf = a.get((sec, "Pixel Format"), "")
        diff.check("activeFormat.fourcc", af.get("fourcc"), pf[1:5])
        if sec == "Format Video Capture":
            diff.check("activeFormat.bytesPerLine", str(af.get("bytesPerLine")), a.get((sec, "Bytes per Line")))
            diff.check("activeFormat.sizeImage", str(af.get("sizeImage")), a.get((sec, "Size Image")))
    fps = a.get(("Streaming Parameters Video Capture", "Frames per second")) or a.get(
        ("Streaming Parameters Video Capture Multiplanar", "Frames per second")
    )
    if fps:
        m = re.match(r"[\d.]+ \((\d+)/(\d+)\)", fps)
        iv = ((c.get("streamingParameters") or {}).get("frameInterval") or {}).get("interval")
        diff.check("frameInterval", iv, "%s/%s" % (m.group(2), m.group(1)) if m else fps)
    return diff.items


NAMES = {
    "video-capture": 0x1,
    "video-output": 0x2,
    "video-overlay": 0x4,
    "vbi-capture": 0x10,
    "vbi-output": 0x20,
    "sliced-vbi-capture": 0x40,
    "sliced-vbi-output": 0x80,
    "rds-capture": 0x100,
    "video-output-overlay": 0x200,
    "hw-freq-seek": 0x400,
    "rds-output": 0x800,
    "video-capture-mplane": 0x1000,
    "video-output-mplane": 0x2000,
    "video-m2m-mplane": 0x4000,
    "video-m2m": 0x8000,
    "tuner": 0x10000,
    "audio": 0x20000,
    "radio": 0x40000,
    "modulator": 0x80000,
    "sdr-capture": 0x100000,
    "ext-pix-format": 0x200000,
    "sdr-output": 0x400000,
    "meta-capture": 0x800000,
    "read-write": 0x1000000,
    "streaming": 0x4000000,
    "meta-output": 0x8000000,
    "touch": 0x10000000,
    "io-mc": 0x20000000,
    "device-caps": 0x80000000,
}


def flags_hex(names: list[str]) -> str:
    """Capability flag names (or 0x… values) as v4l2-ctl's hex."""
    v = 0
    for n in names:
        v |= int(n, 16) if n.startswith("0x") else NAMES[n]
    return "0x%08x" % v


def intervals_of(iv: dict[str, Any] | None) -> list[tuple[Any, ...]]:
    """camprobe's intervals of a size in the form parse_formats gives v4l2-ctl's."""
    if not iv:
        return []
    if iv["type"] == "discrete":
        out = []
        for d in iv["intervals"]:
            t = interval_text(d["interval"])
            out.append(("discrete",) + t if t else ("discrete", "invalid", d["interval"]))
        return out
    lo, hi = interval_text(iv["min"]["interval"]), interval_text(iv["max"]["interval"])
    st = interval_text(iv["step"]["interval"]) if iv["type"] == "stepwise" else None
    # A zero interval has no v4l2-ctl rendering (interval_text gives None); it was a TypeError here before.
    assert lo and hi and (st or iv["type"] != "stepwise"), "a %s interval range with a zero bound: %r" % (
        iv["type"],
        iv,
    )
    step = st[0] if st else None
    return [(iv["type"], lo[0], hi[0], step, hi[1], lo[1])]
