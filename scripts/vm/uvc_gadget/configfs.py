"""Descriptor generator: a camera description (JSON, see README.md) becomes a
configfs UVC gadget (libcomposite + usb_f_uvc) and is torn down again.

Layout written (Documentation/ABI/testing/configfs-usb-gadget-uvc):

  usb_gadget/NAME/{idVendor,idProduct,bcdDevice,bcdUSB,strings/0x409/*}
  usb_gadget/NAME/functions/uvc.0/{streaming_maxpacket,streaming_interval,function_name}
  .../uvc.0/control/header/h            linked from control/class/{fs,ss}
  .../uvc.0/streaming/mjpeg/mN/WxH       (dwFrameInterval, wWidth, wHeight, ...)
  .../uvc.0/streaming/uncompressed/uN/WxH
  .../uvc.0/streaming/header/h/{mN,uN}  (links, in the description's order)
  .../uvc.0/streaming/class/{fs,hs,ss}/h (links)
  usb_gadget/NAME/configs/c.1/uvc.0      (link), then UDC <- the description's udc
"""

import json
import os
import time

from . import bandwidth, controls

CONFIGFS = "/sys/kernel/config"
GADGETS = CONFIGFS + "/usb_gadget"

YUYV_GUID = bytes([0x59, 0x55, 0x59, 0x32, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
NV12_GUID = bytes([0x4E, 0x56, 0x31, 0x32, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
I420_GUID = bytes([0x49, 0x34, 0x32, 0x30, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
# yu12: V4L2 'YU12' (planar 4:2:0) is UVC's I420 GUID (uvc_format_by_guid in the
# Debian 6.1 kernel's v4l2-uvc.h knows it on both the gadget and the host side).
UNCOMPRESSED = {"yuyv": (YUYV_GUID, 16), "nv12": (NV12_GUID, 12), "yu12": (I420_GUID, 12)}


def load(path):
    with open(path) as f:
        d = json.load(f)
    validate(d)
    return d


def validate(d):
    if not d.get("formats"):
        raise ValueError("description: no formats")
    for f in d["formats"]:
        t = f.get("type")
        if t != "mjpeg" and t not in UNCOMPRESSED:
            raise ValueError("description: format type %r is not mjpeg, %s" % (t, ", ".join(UNCOMPRESSED)))
        if not f.get("frames"):
            raise ValueError("description: format %s has no frames" % t)
        for fr in f["frames"]:
            if int(fr["width"]) <= 0 or int(fr["height"]) <= 0 or not fr.get("fps"):
                raise ValueError("description: bad frame %r" % (fr,))
    bandwidth.alts(d)  # raises on a bad streamingAlts table
    bad = controls.unknown(d.get("controls", {}))
    if bad:
        raise ValueError(
            "description: unknown controls %s (known: %s)" % (", ".join(bad), ", ".join(sorted(controls.TABLE)))
        )


def _w(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def _r(path):
    with open(path) as f:
        return f.read().strip()


def _num(v):
    return int(v, 0) if isinstance(v, str) else int(v)


def interval_100ns(fps):
    """fps (number or "num/den") -> frame interval in 100 ns units."""
    if isinstance(fps, str) and "/" in fps:
        n, dd = fps.split("/")
        return round(10_000_000 * int(dd) / int(n))
    return round(10_000_000 / float(fps))


def frame_bytes(fmt_type, w, h):
    if fmt_type == "mjpeg":
        return w * h * 2  # the largest JPEG we will ever send (it is far smaller)
    return w * h * UNCOMPRESSED[fmt_type][1] // 8


def gadget_dir(d):
    return os.path.join(GADGETS, d.get("name", "camprobe-uvc"))


def write_bm_controls(fn, described):
    """The camera terminal's and processing unit's bmControls for the described
    controls. The stock 6.1 usb_f_uvc has them read-only (CT {2,0,0}, PU {1,0}):
    a description that needs other bits then fails here, with what to run."""
    ct, pu = controls.bm_controls(described)
    for path, want, stock in (
        (fn + "/control/terminal/camera/default/bmControls", ct, controls.STOCK_CT),
        (fn + "/control/processing/default/bmControls", pu, controls.STOCK_PU),
    ):
        if os.access(path, os.W_OK) and os.stat(path).st_mode & 0o200:
            _w(path, " ".join(str(b) for b in want))
            got = bytes(int(x) for x in _r(path).split())
            if got != want:
                raise RuntimeError("%s reads %s after writing %s" % (path, list(got), list(want)))
        elif want != stock:
            raise RuntimeError(
                "this usb_f_uvc has read-only bmControls (%s), so controls %s cannot be described; "
                "install the patched module: scripts/vm/uvc_gadget/build-modules.sh"
                % (path, ", ".join(sorted(described)))
            )


def write_alts(fn, d, table):
    """The high-speed streaming alternate settings (fuvc_alts.py's camprobe_alts attribute).
    Without "streamingAlts" nothing is written: f_uvc's one alt from streaming_maxpacket."""
    if not d.get("streamingAlts"):
        return
    path = fn + "/camprobe_alts"
    if not os.path.exists(path):
        raise RuntimeError(
            "this usb_f_uvc has no camprobe_alts attribute, so the description's %d streaming alternate "
            "settings cannot be offered; install the patched module: scripts/vm/uvc_gadget/build-modules.sh"
            % len(table)
        )
    _w(path, " ".join("0x%04x" % a["wMaxPacketSize"] for a in table))
    got = [int(x, 16) for x in _r(path).split()]
    if got != [a["wMaxPacketSize"] for a in table]:
        raise RuntimeError("%s reads %s after writing %s" % (path, got, [a["wMaxPacketSize"] for a in table]))


def create(d):
    """Creates the gadget (not yet bound to a UDC). Returns its directory."""
    g = gadget_dir(d)
    if os.path.exists(g):
        raise RuntimeError("%s exists already (run `uvc-gadget down` first)" % g)
    os.mkdir(g)
    _w(g + "/idVendor", hex(_num(d.get("idVendor", "0x1d6b"))))
    _w(g + "/idProduct", hex(_num(d.get("idProduct", "0x0102"))))
    _w(g + "/bcdDevice", hex(_num(d.get("bcdDevice", "0x0100"))))
    _w(g + "/bcdUSB", "0x0200")
    # A composite device with an IAD: class EF/02/01 (Misc, Common Class, IAD).
    _w(g + "/bDeviceClass", "0xef")
    _w(g + "/bDeviceSubClass", "0x02")
    _w(g + "/bDeviceProtocol", "0x01")
    os.makedirs(g + "/strings/0x409")
    _w(g + "/strings/0x409/manufacturer", d.get("manufacturer", "camprobe"))
    _w(g + "/strings/0x409/product", d.get("product", "camprobe UVC gadget"))
    _w(g + "/strings/0x409/serialnumber", d.get("serial", "CP0001"))

    fn = g + "/functions/uvc.0"
    os.mkdir(fn)
    table = bandwidth.alts(d)
    # Full speed (and the stock module) use streaming_maxpacket: the largest alt's bytes.
    _w(
        fn + "/streaming_maxpacket",
        max(a["bytes"] for a in table) if d.get("streamingAlts") else int(d.get("streaming_maxpacket", 1024)),
    )
    write_alts(fn, d, table)
    _w(fn + "/streaming_interval", int(d.get("streaming_interval", 1)))
    if os.path.exists(fn + "/function_name") and d.get("function_name"):
        _w(fn + "/function_name", d["function_name"])

    write_bm_controls(fn, d.get("controls", {}))

    # Control interface: header linked into the fs and ss class dirs.
    os.makedirs(fn + "/control/header/h", exist_ok=True)
    if os.path.exists(fn + "/control/header/h/bcdUVC"):
        _w(fn + "/control/header/h/bcdUVC", d.get("bcdUVC", "0x0100"))
    for sp in ("fs", "ss"):
        os.symlink(fn + "/control/header/h", fn + "/control/class/%s/h" % sp)

    # Streaming: one format dir per described format, frames inside.
    os.makedirs(fn + "/streaming/header/h", exist_ok=True)
    counts = {}
    for f in d["formats"]:
        t = f["type"]
        if t == "mjpeg":
            base, prefix = fn + "/streaming/mjpeg", "m"
        else:
            base, prefix = fn + "/streaming/uncompressed", "u"
        counts[prefix] = counts.get(prefix, 0) + 1
        fdir = "%s/%s%d" % (base, prefix, counts[prefix])
        os.makedirs(fdir)
        if t != "mjpeg":
            guid, bpp = UNCOMPRESSED[t]
            with open(fdir + "/guidFormat", "wb") as fh:
                fh.write(guid)
            _w(fdir + "/bBitsPerPixel", bpp)
        seen = {}
        for fr in f["frames"]:
            w, h = int(fr["width"]), int(fr["height"])
            # A size listed twice (some firmware does) gets a second directory;
            # f_uvc numbers frames in creation order (bFrameIndex), not by name.
            seen[(w, h)] = seen.get((w, h), 0) + 1
            frdir = "%s/%dx%d" % (fdir, w, h) + ("_%d" % seen[(w, h)] if seen[(w, h)] > 1 else "")
            os.mkdir(frdir)
            ivals = sorted(interval_100ns(x) for x in fr["fps"])
            size = frame_bytes(t, w, h)
            _w(frdir + "/wWidth", w)
            _w(frdir + "/wHeight", h)
            _w(frdir + "/dwMaxVideoFrameBufferSize", size)
            _w(frdir + "/dwMinBitRate", size * 8 * 10_000_000 // ivals[-1])
            _w(frdir + "/dwMaxBitRate", size * 8 * 10_000_000 // ivals[0])
            _w(frdir + "/dwFrameInterval", "\n".join(str(i) for i in ivals))
            _w(frdir + "/dwDefaultFrameInterval", ivals[0])
        f["_configfs"] = fdir
        os.symlink(fdir, "%s/streaming/header/h/%s%d" % (fn, prefix, counts[prefix]))
    for sp in ("fs", "hs", "ss"):
        os.symlink(fn + "/streaming/header/h", fn + "/streaming/class/%s/h" % sp)

    c = g + "/configs/c.1"
    os.makedirs(c + "/strings/0x409")
    _w(c + "/strings/0x409/configuration", "UVC")
    _w(c + "/MaxPower", 500)
    os.symlink(fn, c + "/uvc.0")
    return g


def bind(d):
    _w(gadget_dir(d) + "/UDC", d.get("udc", "usbip-vudc.0"))


def layout(fn):
    """What the gadget really advertises, read back from configfs:
    [{'type','index','fourcc','frames':[{'index','width','height','intervals','maxsize'}]}]."""
    out = []
    for kind, sub in (("mjpeg", "mjpeg"), ("uncompressed", "uncompressed")):
        base = os.path.join(fn, "streaming", sub)
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            fdir = os.path.join(base, name)
            if not os.path.isdir(fdir) or not os.path.exists(fdir + "/bFormatIndex"):
                continue
            idx = int(_r(fdir + "/bFormatIndex"))
            if kind == "mjpeg":
                fourcc = "MJPG"
            else:
                with open(fdir + "/guidFormat", "rb") as fh:
                    guid = fh.read()[:16]
                fourcc = guid[:4].decode("latin-1")
                fourcc = {"YUY2": "YUYV", "I420": "YU12"}.get(fourcc, fourcc)
            frames = []
            for fr in os.listdir(fdir):
                frdir = os.path.join(fdir, fr)
                if not os.path.isdir(frdir) or not os.path.exists(frdir + "/bFrameIndex"):
                    continue
                frames.append(
                    {
                        "index": int(_r(frdir + "/bFrameIndex")),
                        "width": int(_r(frdir + "/wWidth")),
                        "height": int(_r(frdir + "/wHeight")),
                        "intervals": [int(x) for x in _r(frdir + "/dwFrameInterval").split()],
                        "maxsize": int(_r(frdir + "/dwMaxVideoFrameBufferSize")),
                    }
                )
            frames.sort(key=lambda x: x["index"])
            out.append({"type": kind, "index": idx, "fourcc": fourcc, "frames": frames})
    out.sort(key=lambda x: x["index"])
    return out


def _unlink(p):
    if os.path.islink(p):
        os.unlink(p)


def _rmdir(p):
    if os.path.isdir(p) and not os.path.islink(p):
        os.rmdir(p)


def destroy(name):
    """Unbinds and removes the gadget NAME (whatever part of it exists)."""
    g = os.path.join(GADGETS, name)
    if not os.path.isdir(g):
        return
    try:
        if _r(g + "/UDC"):
            _w(g + "/UDC", "\n")
            time.sleep(0.2)
    except OSError:
        pass
    cdir = g + "/configs"
    for c in os.listdir(cdir) if os.path.isdir(cdir) else []:
        cp = os.path.join(cdir, c)
        for e in os.listdir(cp):
            _unlink(os.path.join(cp, e))
        for lang in os.listdir(cp + "/strings"):
            _rmdir(os.path.join(cp, "strings", lang))
        _rmdir(cp)
    fdir = g + "/functions"
    for fnn in os.listdir(fdir) if os.path.isdir(fdir) else []:
        fn = os.path.join(fdir, fnn)
        if fnn.startswith("uvc."):
            for sp in ("fs", "hs", "ss"):
                _unlink(fn + "/streaming/class/%s/h" % sp)
                _unlink(fn + "/control/class/%s/h" % sp)
            hdr = fn + "/streaming/header"
            for h in os.listdir(hdr):
                for e in os.listdir(os.path.join(hdr, h)):
                    _unlink(os.path.join(hdr, h, e))
                _rmdir(os.path.join(hdr, h))
            for sub in ("mjpeg", "uncompressed"):
                base = os.path.join(fn, "streaming", sub)
                for fmt in os.listdir(base) if os.path.isdir(base) else []:
                    fp = os.path.join(base, fmt)
                    if not os.path.isdir(fp):
                        continue
                    for fr in os.listdir(fp):
                        if os.path.isdir(os.path.join(fp, fr)):
                            _rmdir(os.path.join(fp, fr))
                    _rmdir(fp)
            for h in os.listdir(fn + "/control/header"):
                _rmdir(os.path.join(fn, "control/header", h))
        _rmdir(fn)
    for lang in os.listdir(g + "/strings"):
        _rmdir(os.path.join(g, "strings", lang))
    _rmdir(g)
