"""Which alternate setting a UVC camera's streaming interface holds (sysfs), its table of alternate settings, and
streaming several cameras at once."""

import os
import struct
import time
from typing import Any

from guest.harness import Background, Suite

POLL = 0.02


# --- what the host holds ----------------------------------------------------------------------


def _usb_interface_of(node: str) -> str | None:
    """The USB interface directory (…/1-1:1.0) a uvcvideo capture node hangs off."""
    dev = os.path.realpath("/sys/class/video4linux/%s/device" % os.path.basename(node))
    return dev if os.path.exists(os.path.join(dev, "bInterfaceNumber")) else None


def _read(path: str) -> str:
    with open(path) as f:
        return f.read().strip()


def streaming_interface(node: str) -> str | None:
    """The sysfs directory of the node's VideoStreaming interface (class 0e, subclass 02) on the
    same USB device: the one numbered right after the node's VideoControl interface when there
    are several."""
    vc = _usb_interface_of(node)
    if vc is None:
        return None
    usbdev = os.path.dirname(vc)
    vc_num = int(_read(os.path.join(vc, "bInterfaceNumber")), 16)
    found = []
    for name in sorted(os.listdir(usbdev)):
        p = os.path.join(usbdev, name)
        if not os.path.exists(os.path.join(p, "bInterfaceClass")):
            continue
        if _read(p + "/bInterfaceClass") == "0e" and _read(p + "/bInterfaceSubClass") == "02":
            found.append((int(_read(p + "/bInterfaceNumber"), 16), p))
    if not found:
        return None
    return next((p for n, p in found if n == vc_num + 1), found[0][1])


def held_alt(node: str) -> int | None:
    """The alternate setting the node's VideoStreaming interface holds now (sysfs
    bAlternateSetting; 0 when not streaming), or None when the node has no such interface.
    For later code: the figure camprobe's `verify --measure-usb` should agree with."""
    vs = streaming_interface(node)
    if vs is None:
        return None
    try:
        return int(_read(os.path.join(vs, "bAlternateSetting")))
    except (OSError, ValueError):
        return None


def alt_table(node: str) -> dict[int, int]:
    """{alt: bytes per microframe} of the node's VideoStreaming interface, parsed from the device's
    raw sysfs `descriptors` (as lsusb -v does: the ep_XX/wMaxPacketSize files drop the multiplier).
    High speed: (wMaxPacketSize & 0x7ff) x (1 + bits 12..11)."""
    vs = streaming_interface(node)
    if vs is None:
        return {}
    num = int(_read(os.path.join(vs, "bInterfaceNumber")), 16)
    with open(os.path.join(os.path.dirname(vs), "descriptors"), "rb") as f:
        raw = f.read()
    table: dict[int, int] = {}
    cur: int | None = None
    i = 0
    while i + 2 <= len(raw):
        length, kind = raw[i], raw[i + 1]
        if length < 2:
            break
        if kind == 4 and length >= 9:  # interface
            cur = raw[i + 3] if raw[i + 2] == num else None
        elif kind == 5 and length >= 7 and cur is not None:  # endpoint of our interface's alt
            w = struct.unpack_from("<H", raw, i + 4)[0]
            if raw[i + 3] & 3 == 1:  # isochronous
                table[cur] = (w & 0x7FF) * (1 + ((w >> 11) & 3))
        i += length
    return table


def stream_argv(node: str, mode: tuple[str, int, int, Any], count: int) -> list[str]:
    """v4l2-ctl streaming COUNT frames from NODE in MODE (fourcc, width, height, fps as a number or "N/D")."""
    fourcc, w, h, fps = mode
    rate = str(fps) if not isinstance(fps, str) else "%g" % (int(fps.split("/")[0]) / int(fps.split("/")[1]))
    return [
        "v4l2-ctl",
        "-d",
        node,
        "--set-fmt-video=width=%d,height=%d,pixelformat=%s" % (w, h, fourcc),
        "--set-parm=%s" % rate,
        "--stream-mmap",
        "--stream-count=%d" % count,
    ]


def stream_together(
    s: Suite, nodes: list[str], modes: list[Any], label: str, count: int = 60
) -> tuple[list[Background], list[Any] | None]:
    """Starts v4l2-ctl on every node in its mode and waits (30 s at most) until each holds a streaming alt; returns
    the running streams and the alts held together (None when one ended first or the time ran out)."""
    streams = [
        Background(stream_argv(n, m, count), s.path("%s%d.out" % (label, i)), s.path("%s%d.err" % (label, i)))
        for i, (n, m) in enumerate(zip(nodes, modes, strict=False))
    ]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        alts = [held_alt(n) for n in nodes]
        if all(alts):
            return streams, alts
        if any(b.p.poll() is not None for b in streams):
            break
        time.sleep(POLL)
    return streams, None
