#!/usr/bin/env python3
"""Field-by-field comparison of `camprobe show --json` with v4l2-ctl's text.

An independent referee: it parses what v4l2-ctl prints (--list-formats-ext,
--list-ctrls-menus, --all) and checks every fourcc, size and size type, every
frame interval (our exact fraction rendered the way v4l2-ctl renders it), every
control's type, min, max, step, default, value, flags and every menu item, the
driver identity and capabilities, the active format and the frame rate.

  compare_v4l2ctl.py NODE SHOW_JSON FORMATS_TXT CTRLS_TXT ALL_TXT [IVALS_TXT]

IVALS_TXT holds `== FOURCC WxH` headers each followed by v4l2-ctl
--list-frameintervals output, used to referee the intervals camprobe reads at
both ends of stepwise/continuous size ranges (which --list-formats-ext omits).
  compare_v4l2ctl.py --self-test

Prints one `DIFF <node> <field>: camprobe=<x> v4l2-ctl=<y>` per difference and
exits 1 when there is any.
"""

import json
import re
import sys

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


def parse_formats(text):
    """--list-formats-ext → [{type, index, fourcc, description, flags, sizes:[...]}]"""
    formats, btype, fmt, size = [], None, None, None
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


def parse_controls(text):
    """--list-ctrls-menus → [{key, id, type, fields{}, menu[(index, label)]}]"""
    controls = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        m = re.match(r"^\s*(\S+) 0x([0-9a-f]{8}) \(([\w-]+)\)\s*:\s?(.*)$", raw)
        if m:
            rest = m.group(4)
            fields = {}
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


def parse_all(text):
    info = {}
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


def interval_text(fraction):
    """Our exact fraction rendered as v4l2-ctl renders it: seconds and fps with 3 decimals."""
    n, d = (int(x) for x in fraction.split("/"))
    if n == 0 or d == 0:
        return None
    return ("%.3f" % (n / d), "%.3f" % (d / n))


class Diff:
    def __init__(self, node):
        self.node, self.items = node, []

    def check(self, field, ours, theirs):
        if ours != theirs:
            self.items.append("DIFF %s %s: camprobe=%r v4l2-ctl=%r" % (self.node, field, ours, theirs))


def parse_ivals(text):
    """`== FOURCC WxH` blocks of --list-frameintervals → {(fourcc, (w, h)): [interval tuples]}"""
    out, key = {}, None
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


def compare(node, show, formats_txt, ctrls_txt, all_txt, ivals_txt=""):
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


def flags_hex(names):
    v = 0
    for n in names:
        v |= int(n, 16) if n.startswith("0x") else NAMES[n]
    return "0x%08x" % v


def intervals_of(iv):
    if not iv:
        return []
    if iv["type"] == "discrete":
        out = []
        for d in iv["intervals"]:
            t = interval_text(d["interval"])
            out.append(("discrete",) + t if t else ("discrete", "invalid", d["interval"]))
        return out
    lo, hi = interval_text(iv["min"]["interval"]), interval_text(iv["max"]["interval"])
    step = interval_text(iv["step"]["interval"])[0] if iv["type"] == "stepwise" else None
    return [(iv["type"], lo[0], hi[0], step, hi[1], lo[1])]


def self_test():
    fmts = """ioctl: VIDIOC_ENUM_FMT
\tType: Video Capture

\t[0]: 'YUYV' (YUYV 4:2:2, csc-colorspace)
\t\tSize: Discrete 320x180
\t\t\tInterval: Discrete 0.033s (30.000 fps)
\t\t\tInterval: Discrete 0.033s (29.970 fps)
\t[1]: 'MJPG' (Motion-JPEG, compressed)
\t\tSize: Stepwise 16x16 - 1920x1080 with step 2/2
\t\t\tInterval: Stepwise 0.017s - 1.000s with step 0.017s (1.000-60.000 fps)
"""
    ctrls = """
User Controls

                     brightness 0x00980900 (int)    : min=0 max=255 step=1 default=128 value=128 flags=slider
                         string 0x0098f905 (str)    : min=2 max=4 step=1 value='  ' flags=has-payload
                   integer_menu 0x0098f907 (intmenu): min=1 max=2 default=1 value=1 (5 0x5)
\t\t\t\t1: 5 (0x5)
\t\t\t\t2: 8 (0x8)
"""
    alltxt = """Driver Info:
\tDriver name      : vivid
\tCard type        : vivid
\tBus info         : platform:vivid-000
\tDriver version   : 6.1.0
\tCapabilities     : 0x84200001
\tDevice Caps      : 0x04200001
Streaming Parameters Video Capture:
\tCapabilities     : timeperframe
\tFrames per second: 30.000 (30/1)
"""

    def dur(f):
        return {"interval": f}

    show = {
        "device": {
            "captures": [
                {
                    "path": "/dev/video0",
                    "identity": {
                        "driver": "vivid",
                        "card": "vivid",
                        "busInfo": "platform:vivid-000",
                        "version": "6.1.0",
                        "capabilities": ["video-capture", "ext-pix-format", "streaming", "device-caps"],
                        "deviceCaps": ["video-capture", "ext-pix-format", "streaming"],
                    },
                    "formats": [
                        {
                            "index": 0,
                            "fourcc": "YUYV",
                            "description": "YUYV 4:2:2",
                            "bufferType": "videoCapture",
                            "flags": ["csc-colorspace"],
                            "sizes": [
                                {
                                    "type": "discrete",
                                    "width": 320,
                                    "height": 180,
                                    "intervals": {"type": "discrete", "intervals": [dur("1/30"), dur("1001/30000")]},
                                }
                            ],
                        },
                        {
                            "index": 1,
                            "fourcc": "MJPG",
                            "description": "Motion-JPEG",
                            "bufferType": "videoCapture",
                            "flags": ["compressed"],
                            "sizes": [
                                {
                                    "type": "stepwise",
                                    "min": {"width": 16, "height": 16},
                                    "max": {"width": 1920, "height": 1080},
                                    "step": {"width": 2, "height": 2},
                                    "intervalsAtMin": {
                                        "type": "stepwise",
                                        "min": dur("1/60"),
                                        "max": dur("1/1"),
                                        "step": dur("1/60"),
                                    },
                                    "intervalsAtMax": {
                                        "type": "stepwise",
                                        "min": dur("1/60"),
                                        "max": dur("1/1"),
                                        "step": dur("1/60"),
                                    },
                                }
                            ],
                        },
                    ],
                    "controls": [
                        {
                            "key": "brightness",
                            "id": 0x00980900,
                            "type": "int",
                            "minimum": 0,
                            "maximum": 255,
                            "step": 1,
                            "defaultValue": 128,
                            "value": 128,
                            "flags": ["slider"],
                            "dimensions": [],
                            "menu": [],
                        },
                        {
                            "key": "string",
                            "id": 0x0098F905,
                            "type": "str",
                            "minimum": 2,
                            "maximum": 4,
                            "step": 1,
                            "defaultValue": 0,
                            "value": "  ",
                            "flags": ["has-payload"],
                            "dimensions": [],
                            "menu": [],
                        },
                        {
                            "key": "integer_menu",
                            "id": 0x0098F907,
                            "type": "intmenu",
                            "minimum": 1,
                            "maximum": 2,
                            "step": 1,
                            "defaultValue": 1,
                            "value": 1,
                            "flags": [],
                            "dimensions": [],
                            "menu": [{"index": 1, "value": 5}, {"index": 2, "value": 8}],
                        },
                    ],
                    "activeFormat": None,
                    "streamingParameters": {"frameInterval": dur("1/30")},
                }
            ]
        }
    }
    ivals = """== MJPG 16x16
ioctl: VIDIOC_ENUM_FRAMEINTERVALS
\tInterval: Stepwise 0.017s - 1.000s with step 0.017s (1.000-60.000 fps)
== MJPG 1920x1080
ioctl: VIDIOC_ENUM_FRAMEINTERVALS
\tInterval: Stepwise 0.017s - 1.000s with step 0.017s (1.000-60.000 fps)
"""
    failures = 0
    got = compare("/dev/video0", show, fmts, ctrls, alltxt, ivals)
    if got:
        print("self-test: expected no differences, got:\n  " + "\n  ".join(got))
        failures += 1
    # Deliberately wrong expectations must be caught, each at the exact field.
    for mutate, field in (
        (
            lambda s: s["device"]["captures"][0]["formats"][0]["sizes"][0]["intervals"]["intervals"].__setitem__(
                1, dur("1/30")
            ),
            "formats[0].sizes[0].intervals",
        ),
        (
            lambda s: s["device"]["captures"][0]["controls"][0].__setitem__("defaultValue", 127),
            "controls[brightness].default",
        ),
        (lambda s: s["device"]["captures"][0]["controls"][2]["menu"].pop(), "controls[integer_menu].menu"),
        (lambda s: s["device"]["captures"][0]["formats"][1].__setitem__("fourcc", "JPEG"), "formats[1].fourcc"),
        (
            lambda s: s["device"]["captures"][0]["formats"][1]["sizes"][0]["intervalsAtMax"].__setitem__(
                "min", dur("1/50")
            ),
            "formats[1].sizes[0].intervalsAtMax",
        ),
        (
            lambda s: s["device"]["captures"][0]["streamingParameters"]["frameInterval"].__setitem__(
                "interval", "1001/30000"
            ),
            "frameInterval",
        ),
    ):
        s = json.loads(json.dumps(show))
        mutate(s)
        got = compare("/dev/video0", s, fmts, ctrls, alltxt, ivals)
        if not any((" " + field + ":") in g for g in got):
            print("self-test: a wrong %s was not detected (got %r)" % (field, got))
            failures += 1
    print("self-test: %s" % ("ok" if failures == 0 else "%d failures" % failures))
    return 1 if failures else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) not in (6, 7):
        print(__doc__, file=sys.stderr)
        return 2
    node = argv[1]
    with open(argv[2]) as f:
        show = json.load(f)
    texts = []
    for p in argv[3:]:
        with open(p) as f:
            texts.append(f.read())
    items = compare(node, show, *texts)
    for i in items:
        print(i)
    return 1 if items else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
