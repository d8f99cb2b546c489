#!/usr/bin/env python3
"""A real camera's v4l2-ctl dumps become a gadget description (uvc_gadget/README.md).

  from_fixture.py FIXTURE_DIR_OR_FILE [--name PRODUCT] [--serial S] > description.json
  from_fixture.py --all FIXTURES_DIR OUT_DIR      every fixture with formats -> OUT_DIR/<dir>.json

Reads `v4l2-ctl --list-formats-ext` text (modern "[0]: 'MJPG' (...)" blocks, the
old "Index/Pixel Format/Name" blocks, tabs or spaces), Discrete sizes and
discrete intervals. What the description carries and what it cannot is printed
on stderr, one "from_fixture: ..." line per item:

- formats: MJPG -> mjpeg, YUYV -> yuyv, NV12 -> nv12, YU12 -> yu12 (I420 GUID);
  the same size or interval listed twice is kept twice (f_uvc writes what it is
  given; uvcvideo lists it as the camera did). Frame-based formats (H264, HEVC)
  need UVC_VS_FORMAT_FRAME_BASED, which 6.1's f_uvc does not have; stepwise or
  continuous sizes and intervals have no UVC descriptor form.
- identity: product (+ function name, the part after ": " that uvcvideo appends
  since 5.x) from "Card type"/"Model" or list-devices, else the SOURCE.md title;
  serial from "Serial"; bcdDevice from "Hardware revision"; idVendor:idProduct
  from a "USB xxxx:yyyy" in SOURCE.md. Anything missing keeps the defaults.
- controls: brightness (range) and auto_exposure (menu items -> UVC mode bits)
  from a --list-ctrls/--all dump; every other control is reported as not
  replayable (6.1's f_uvc has fixed bmControls, see README "Controls").

Standard library only.
"""

import json
import os
import re
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import controls as uvc_controls  # noqa: E402
from from_fixture_parse import expected_listing, field, fps_value, parse_controls, parse_formats
from from_fixture_sources import fixture_files, fixture_source, pick_listing, read

TYPES = {"MJPG": "mjpeg", "YUYV": "yuyv", "NV12": "nv12", "YU12": "yu12"}


WHY_NOT = {
    "H264": "frame-based format (UVC_VS_FORMAT_FRAME_BASED): 6.1 f_uvc has only uncompressed and MJPEG format descriptors",
    "HEVC": "frame-based format: 6.1 f_uvc has only uncompressed and MJPEG format descriptors",
    "H265": "frame-based format: 6.1 f_uvc has only uncompressed and MJPEG format descriptors",
    "VP80": "frame-based format: 6.1 f_uvc has only uncompressed and MJPEG format descriptors",
    "UVCH": "metadata format (not a video format)",
}


# V4L2 auto_exposure menu value -> UVC CT_AE_MODE bit.
AE_V4L2_TO_UVC = {0: 2, 1: 1, 2: 4, 3: 8}


DEFAULT_FUNCTION = "UVC Camera"


# uvcvideo's dev->name (the card) is 32 bytes with the NUL.
CARD_MAX = 31


NOTES = []


def note(msg):
    NOTES.append(msg)
    print("from_fixture: " + msg, file=sys.stderr)


def split_duplicates(path, i, f):
    """{frame position: intervals} for sizes a format lists more than once.

    uvcvideo (6.1 and later) answers VIDIOC_ENUM_FRAMEINTERVALS for a size with
    the intervals of EVERY frame descriptor of that size, one after the other, so
    a camera with two 1920x1080 frames of one interval each is listed as two
    1920x1080 sizes with two (equal) intervals each. The dump cannot say how
    they were split; an even split is what reproduces the listing (and, with
    equal counts, the only one that does when every copy lists the same)."""
    by_size = {}
    for n, fr in enumerate(f["frames"]):
        by_size.setdefault((fr["width"], fr["height"]), []).append(n)
    out = {}
    for (w, h), pos in by_size.items():
        k = len(pos)
        if k < 2:
            continue
        lists = [f["frames"][n]["intervals"] for n in pos]
        if all(x == lists[0] for x in lists) and len(lists[0]) % k == 0:
            per = len(lists[0]) // k
            for j, n in enumerate(pos):
                out[n] = lists[0][j * per : (j + 1) * per]
            note(
                "%s: format [%d] %s lists %dx%d %d times with the same %d intervals: uvcvideo lists the "
                "intervals of all %d frames of a size under each, so each frame gets %d of them"
                % (path, i, f["fourcc"], w, h, k, len(lists[0]), k, per)
            )
        else:
            note(
                "%s: format [%d] %s lists %dx%d %d times with different interval lists; kept as listed "
                "(uvcvideo will list their concatenation under each)" % (path, i, f["fourcc"], w, h, k)
            )
    return out


def ranged(name, c):
    """{min, max, step, default} for a control of the dump, when its values fit the UVC field."""
    _, _, _, size, signed = uvc_controls.TABLE[name]
    if c.get("type") == "bool":
        lo, hi, step = 0, 1, 1
    elif all(isinstance(c.get(k), int) for k in ("min", "max")):
        lo, hi, step = c["min"], c["max"], c.get("step", 1)
    else:
        return None
    dflt = c.get("default")
    if not isinstance(dflt, int) or size > 4:
        return None
    bits = 8 * size
    span = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if not (span[0] <= lo <= hi <= span[1]) or not isinstance(step, int) or step < 1:
        return None
    return {"min": lo, "max": hi, "step": step, "default": dflt}


def describe(path, name=None, serial=None):
    """(description dict or None, expected dict) for a fixture directory or one file."""
    first_note = len(NOTES)
    base, files = fixture_files(path)
    if os.path.isfile(path):
        # One listing; identity and controls still from the files beside it.
        listing, others = path, []
        files = [
            os.path.join(base, n)
            for n in sorted(os.listdir(base))
            if os.path.isfile(os.path.join(base, n)) and not n.startswith("list-formats-ext")
        ] + [path]
    else:
        listing, others = pick_listing(files)
    if listing is None:
        note("%s: no --list-formats-ext dump: nothing to replay" % path)
        return None, None
    fmts = parse_formats(read(listing))
    if not fmts:
        note("%s: %s lists no formats: nothing to replay" % (path, os.path.basename(listing)))
        return None, None
    texts = {os.path.basename(f): read(f) for f in files}
    d = {
        "name": "camprobe-uvc",
        "udc": "usbip-vudc.0",
        "idVendor": "0x1d6b",
        "idProduct": "0x0102",
        "bcdDevice": "0x0100",
        "manufacturer": "camprobe",
        "product": "camprobe UVC gadget",
        "function_name": DEFAULT_FUNCTION,
        "serial": "CP0001",
        "streaming_maxpacket": 3072,
        "streaming_interval": 1,
    }
    src = {}

    # Identity.
    card = None
    for fname, t in texts.items():
        if fname == os.path.basename(listing) or "metadata" in fname:
            continue
        v = field(t, "Card type") or field(t, "Model")
        if v and card is None:
            card, src["card"] = v, fname
        v = field(t, "Serial")
        if v and "serial" not in src:
            d["serial"], src["serial"] = v, fname
        v = field(t, "Hardware revision")
        if v and "bcdDevice" not in src:
            d["bcdDevice"], src["bcdDevice"] = "0x%04x" % (int(v.split()[0], 16) & 0xFFFF), fname
    if card is None and "list-devices.txt" in texts:
        m = re.match(r"(.*?) \((usb-[^)]*)\):", texts["list-devices.txt"])
        if m:
            card, src["card"] = m.group(1), "list-devices.txt"
    sm = texts.get("SOURCE.md", "")
    m = re.search(r"USB ([0-9a-f]{4}):([0-9a-f]{4})\b", sm)
    if m:
        d["idVendor"], d["idProduct"] = "0x" + m.group(1), "0x" + m.group(2)
        src["idVendor:idProduct"] = "SOURCE.md"
    if card:
        if ": " in card:
            d["product"], d["function_name"] = card.split(": ", 1)
        else:
            d["product"] = card
            note(
                "%s: card %r has no ': FUNCTION' part (kernel before 5.x, or no iFunction/iInterface); "
                "6.1 f_uvc always names its function (IAD iFunction), so uvcvideo will show %r"
                % (path, card, (card + ": " + DEFAULT_FUNCTION)[:CARD_MAX])
            )
    else:
        title = re.search(r"^#\s*(.+)$", sm, re.M)
        if title:
            t = re.split(r" \(| used as ", title.group(1))[0].strip()
            d["product"], src["card"] = t, "SOURCE.md title (no card type in the dumps)"
    if name:
        d["product"], src["card"] = name, "--name"
    if serial:
        d["serial"], src["serial"] = serial, "--serial"
    exp_card = (d["product"] + ": " + d["function_name"])[:CARD_MAX]

    # Formats.
    out_fmts, carried = [], set()
    for i, f in enumerate(fmts):
        t = TYPES.get(f["fourcc"])
        if t is None:
            note(
                "%s: format [%d] %r (%s) not carried: %s"
                % (
                    path,
                    i,
                    f["fourcc"],
                    f["desc"],
                    WHY_NOT.get(
                        f["fourcc"], "no UVC format GUID for it in 6.1's g_uvc format table / this description format"
                    ),
                )
            )
            continue
        frames, ok = [], True
        split = split_duplicates(path, i, f)
        for n, fr in enumerate(f["frames"]):
            if fr["kind"] != "Discrete" or not fr["intervals"] or any(iv[0] != "Discrete" for iv in fr["intervals"]):
                note(
                    "%s: format [%d] %s size %dx%d: %s sizes or intervals have no UVC descriptor form; format not carried"
                    % (path, i, f["fourcc"], fr["width"], fr["height"], fr["kind"])
                )
                ok = False
                break
            fps = [fps_value(iv[2], iv[1]) for iv in split.get(n, fr["intervals"])]
            ivs = [round(Fraction(10_000_000) / Fraction(str(x))) for x in fps]
            if ivs != sorted(ivs):
                note(
                    "%s: %s %dx%d intervals are not fastest-first; f_uvc sorts dwFrameInterval, so the order will differ"
                    % (path, f["fourcc"], fr["width"], fr["height"])
                )
            frames.append({"width": fr["width"], "height": fr["height"], "fps": fps})
        if not ok:
            continue
        out_fmts.append({"type": t, "frames": frames})
        carried.add(f["fourcc"])
        big = max(fr["width"] * fr["height"] * (2 if t in ("mjpeg", "yuyv") else 1.5) for fr in frames)
        if big > 16 * 1024 * 1024:
            note("%s: %s largest frame buffer %d bytes" % (path, f["fourcc"], big))
    elsewhere = []
    for o in others:
        ofmts = parse_formats(read(o))
        if ofmts:
            for f in ofmts:
                tag = "%s in %s" % (f["fourcc"], os.path.basename(o))
                if tag not in elsewhere:
                    elsewhere.append(tag)
                why = WHY_NOT.get(f["fourcc"], "another node or capture of the camera")
                note(
                    "%s: %s: format %r not carried (the gadget has one video streaming interface; %s)"
                    % (path, os.path.basename(o), f["fourcc"], why)
                )
        else:
            note("%s: %s lists no formats (ignored)" % (path, os.path.basename(o)))
    if not out_fmts:
        note("%s: no format can be carried" % path)
        return None, None
    d["formats"] = out_fmts

    # Controls.
    ctrls = {}
    for fname, t in texts.items():
        if "metadata" in fname:
            continue
        for k, v in parse_controls(t).items():
            ctrls.setdefault(k, v)
    controls = {}
    for k, c in ctrls.items():
        name = uvc_controls.V4L2_NAMES.get(k)
        if name is None or name == "auto_exposure_mode":
            continue
        rng = ranged(name, c)
        if rng is None:
            note("%s: control %s has no usable range in the dump (%s): not carried" % (path, k, c.get("type")))
        else:
            controls[name] = rng
    ae = ctrls.get("auto_exposure") or ctrls.get("exposure_auto")
    if ae is not None:
        if ae["items"]:
            modes = sorted(AE_V4L2_TO_UVC[v] for v in ae["items"] if v in AE_V4L2_TO_UVC)
            dflt = AE_V4L2_TO_UVC.get(ae.get("default", 0), 2)
            controls["auto_exposure_mode"] = {"modes": modes, "default": dflt}
            if dflt not in modes:
                note(
                    "%s: auto_exposure default %d is not one of its menu items (as on the camera); carried as is"
                    % (path, ae.get("default", 0))
                )
        else:
            note("%s: auto_exposure has no menu items in the dump (plain --list-ctrls): not carried" % path)
    for k in ctrls:
        if k not in uvc_controls.V4L2_NAMES:
            note(
                "%s: control %s not replayable (not a camera-terminal or processing-unit control the gadget describes: "
                "an extension unit's, or a relative one)" % (path, k)
            )
    if controls:
        d["controls"] = controls
    else:
        d["controls"] = {}
        if not ctrls:
            note("%s: no control dump: the gadget offers no controls" % path)

    d["fixture"] = {
        "source": fixture_source(path),
        "listing": os.path.basename(listing),
        "identity_from": src,
        "expected": {
            "card": exp_card,
            "card_in_fixture": card,
            "serial": d["serial"],
            "listing": expected_listing(fmts, carried),
        },
        "not_carried": sorted({f["fourcc"] for f in fmts} - carried) + elsewhere,
        "notes": [n.split(": ", 1)[1] if n.startswith(path) else n for n in NOTES[first_note:]],
    }
    return d, d["fixture"]["expected"]


def dump(d):
    """JSON with one frame per line (readable, diffable)."""
    lines = ["{"]
    keys = list(d)
    for i, k in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        if k == "formats":
            lines.append('  "formats": [')
            for j, f in enumerate(d[k]):
                lines.append('    {"type": %s, "frames": [' % json.dumps(f["type"]))
                for n, fr in enumerate(f["frames"]):
                    lines.append("      " + json.dumps(fr) + ("," if n < len(f["frames"]) - 1 else ""))
                lines.append("    ]}" + ("," if j < len(d[k]) - 1 else ""))
            lines.append("  ]" + comma)
        else:
            lines.append("  %s: %s%s" % (json.dumps(k), json.dumps(d[k]), comma))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    if argv[0] == "--all":
        src, out = argv[1], argv[2]
        os.makedirs(out, exist_ok=True)
        for n in sorted(os.listdir(src)):
            p = os.path.join(src, n)
            if not os.path.isdir(p):
                continue
            d, _ = describe(p)
            if d is None:
                continue
            with open(os.path.join(out, n + ".json"), "w") as f:
                f.write(dump(d))
            note("wrote %s" % os.path.join(out, n + ".json"))
        return 0
    path, name, serial = None, None, None
    it = iter(argv)
    for a in it:
        if a == "--name":
            name = next(it)
        elif a == "--serial":
            serial = next(it)
        else:
            path = a
    d, _ = describe(path, name, serial)
    if d is None:
        return 1
    sys.stdout.write(dump(d))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
