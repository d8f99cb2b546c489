"""A description's isochronous bandwidth: its streaming alternate settings, the
dwMaxPayloadTransferSize the gadget answers PROBE/COMMIT with per mode, and the
alternate setting uvcvideo (Linux 6.1) then picks at STREAMON.

Description keys (both optional; README.md "Bandwidth"):

  "streamingAlts": [{"maxPacket": 192, "mult": 1}, ..., {"maxPacket": 1020, "mult": 3}]
      alternate settings 1..N of the VideoStreaming interface at high speed, in
      order (needs the patched usb_f_uvc: fuvc_alts.py). Without it: f_uvc's one
      alt 1 made from streaming_maxpacket (<=1024: 1 x; <=2048: 2 x half;
      else 3 x a third; f_uvc.c uvc_function_bind).
  "payload": {"MJPG": "max", "YUYV 640x480": 1600, "YUYV 640x480@15": 800, ...}
      dwMaxPayloadTransferSize per mode. Keys: FOURCC, "FOURCC WxH" or
      "FOURCC WxH@FPS" (FPS as written in the description's "fps": 30, "15/2");
      the most specific key wins. A value is bytes, or "max": the largest
      alternate setting's bytes per microframe (the camera asks for all it has,
      as many do for MJPEG whatever the size). A mode no key covers gets the
      largest alt's bytes (the gadget's behaviour before "payload" existed).

Standard library only: used by app.py (the gadget) and by the guest's block uvc-bandwidth.
"""

from fractions import Fraction

# uvc_driver.c (6.1) uvc_ids[]: devices with UVC_QUIRK_FIX_BANDWIDTH, for which
# uvcvideo replaces an uncompressed format's dwMaxPayloadTransferSize by its own
# estimate (uvc_fixup_video_ctrl). predicted_alt() refuses them rather than guess.
FIX_BANDWIDTH_IDS = {(0x05C8, 0x0403), (0x06F8, 0x300C), (0x0AC8, 0x332D), (0x0AC8, 0x3410), (0x0AC8, 0x3420)}

FOURCCS = {"mjpeg": "MJPG", "yuyv": "YUYV", "nv12": "NV12", "yu12": "YU12"}


def _num(v):
    return int(v, 0) if isinstance(v, str) else int(v)


def alts(d):
    """[{'alt', 'maxPacket', 'mult', 'wMaxPacketSize', 'bytes'}] for alternate settings 1..N."""
    out = []
    table = d.get("streamingAlts")
    if table:
        for i, a in enumerate(table):
            maxp, mult = int(a["maxPacket"]), int(a.get("mult", 1))
            if not (1 <= maxp <= 1024 and 1 <= mult <= 3):
                raise ValueError("streamingAlts[%d]: maxPacket 1..1024 and mult 1..3 (got %d, %d)" % (i, maxp, mult))
            out.append(
                {
                    "alt": i + 1,
                    "maxPacket": maxp,
                    "mult": mult,
                    "wMaxPacketSize": maxp | ((mult - 1) << 11),
                    "bytes": maxp * mult,
                }
            )
        if len(out) > 32:
            raise ValueError("streamingAlts: at most 32 alternate settings")
        return out
    mp = max(1, min(3072, int(d.get("streaming_maxpacket", 1024))))
    mult = 1 if mp <= 1024 else 2 if mp <= 2048 else 3
    maxp = mp // mult
    return [
        {"alt": 1, "maxPacket": maxp, "mult": mult, "wMaxPacketSize": maxp | ((mult - 1) << 11), "bytes": maxp * mult}
    ]


def max_bytes(d):
    return max(a["bytes"] for a in alts(d))


def fps_key(fps):
    """How a rate is written in a payload key: 30, 7.5 -> "15/2", "30000/1001"."""
    if isinstance(fps, str):
        return fps
    f = Fraction(fps).limit_denominator(1001)
    return str(f.numerator) if f.denominator == 1 else "%d/%d" % (f.numerator, f.denominator)


def payload(d, fourcc, w, h, fps=None):
    """dwMaxPayloadTransferSize for a mode (fps as in the description, or None: any rate)."""
    table = d.get("payload") or {}
    keys = []
    if fps is not None:
        keys.append("%s %dx%d@%s" % (fourcc, w, h, fps_key(fps)))
    keys += ["%s %dx%d" % (fourcc, w, h), fourcc]
    for k in keys:
        if k in table:
            v = table[k]
            return max_bytes(d) if v == "max" else int(v)
    return max_bytes(d)


def predicted_alt(d, requested):
    """The alternate setting uvcvideo 6.1 selects for a device answering `requested` as
    dwMaxPayloadTransferSize, at high speed: uvc_fixup_video_ctrl first (16 high bits all set
    -> cleared; more than the largest alt -> the largest, when there are several alternate
    settings), then uvc_video_start_transfer: the alt with the smallest bytes per microframe
    >= the request, a tie going to the later one (its loop takes psize <= best_psize);
    0 is treated as 1. Returns (alt, bytes), or (None, None) when no alt is big enough."""
    if (_num(d.get("idVendor", "0x1d6b")), _num(d.get("idProduct", "0x0102"))) in FIX_BANDWIDTH_IDS:
        raise ValueError("uvcvideo rewrites the payload of this VID:PID (UVC_QUIRK_FIX_BANDWIDTH)")
    table = alts(d)
    bw = requested
    if (bw & 0xFFFF0000) == 0xFFFF0000:
        bw &= 0xFFFF
    # num_altsetting counts alt 0 too, so one streaming alt already makes it > 1.
    maxpsize = max(a["bytes"] for a in table)
    if bw > maxpsize:
        bw = maxpsize
    if bw == 0:
        bw = 1
    best = None
    for a in table:  # intf->altsetting[] order: the descriptors' order
        if a["bytes"] >= bw and (best is None or a["bytes"] <= best["bytes"]):
            best = a
    return (best["alt"], best["bytes"]) if best else (None, None)


def modes(d):
    """Every (fourcc, width, height, fps-as-written) the description has, in its order."""
    out = []
    for f in d["formats"]:
        for fr in f["frames"]:
            for fps in fr["fps"]:
                out.append((FOURCCS[f["type"]], int(fr["width"]), int(fr["height"]), fps))
    return out
