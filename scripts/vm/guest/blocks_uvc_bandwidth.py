"""Block uvc-bandwidth (P21, "checked on the real driver"): the alternate setting uvcvideo really picks.

At STREAMON uvcvideo (uvc_video_start_transfer, drivers/media/usb/uvc/uvc_video.c, 6.1) reserves
isochronous bandwidth by selecting the streaming interface's alternate setting with the smallest
bytes per microframe (maxp x mult at high speed) that is >= the dwMaxPayloadTransferSize the camera
answered PROBE/COMMIT with (a tie goes to the later alt; a request above the largest alt is first cut
to it by uvc_fixup_video_ctrl). vhci-hcd reserves nothing, so ENOSPC cannot happen here, but the
driver's own choice can be read: the VideoStreaming interface's sysfs bAlternateSetting while it
streams.

Each camera of uvc_gadget/cameras-bw/ (real alternate-setting tables, per-mode payloads; the
"source" field of each file says which are real and which assumed) comes up as a gadget offering
its table (the patched usb_f_uvc: uvc_gadget/fuvc_alts.py), and a synthetic one (rule-edges) for the
rule's edges: a tie, a descending pair, a request above the largest alt, 0, sign-extended high bits; for every mode the description has,
v4l2-ctl streams a few frames while the held alt is read, and it must be the alt the rule predicts
(uvc_gadget/bandwidth.py predicted_alt). Then two gadgets stream together: both alts held at once
and the sum of their bytes per microframe. Per-mode rows go to uvc-bandwidth-alts.json for a later comparison
with camprobe's own figure (`camprobe verify --measure-usb`, TODO below)."""

import json
import os
import struct
import sys
import time

from guest.blocks_uvc import gadget, one_line
from guest.blocks_uvc_beside import beside
from guest.harness import Background, load_json, settle, write

CAMERAS = os.environ.get("UVC_BW", "logitech-b990,logitech-c270,realtek-0bda-5801,rule-edges")
STREAM_SECONDS = float(os.environ.get("UVC_BW_SECONDS", "8"))  # per mode, at most; the alt is read in the first
POLL = 0.02


# --- what the host holds ----------------------------------------------------------------------


def _usb_interface_of(node):
    """The USB interface directory (…/1-1:1.0) a uvcvideo capture node hangs off."""
    dev = os.path.realpath("/sys/class/video4linux/%s/device" % os.path.basename(node))
    return dev if os.path.exists(os.path.join(dev, "bInterfaceNumber")) else None


def _read(path):
    with open(path) as f:
        return f.read().strip()


def streaming_interface(node):
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


def held_alt(node):
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


def alt_table(node):
    """{alt: bytes per microframe} of the node's VideoStreaming interface, parsed from the device's
    raw sysfs `descriptors` (as lsusb -v does: the ep_XX/wMaxPacketSize files drop the multiplier).
    High speed: (wMaxPacketSize & 0x7ff) x (1 + bits 12..11)."""
    vs = streaming_interface(node)
    if vs is None:
        return {}
    num = int(_read(os.path.join(vs, "bInterfaceNumber")), 16)
    with open(os.path.join(os.path.dirname(vs), "descriptors"), "rb") as f:
        raw = f.read()
    table, cur, i = {}, None, 0
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


# --- the block --------------------------------------------------------------------------------


def block_uvc_bandwidth(s):
    sys.path.insert(0, os.path.join(s.here, "uvc_gadget"))
    import bandwidth  # noqa: E402 - the same rule and payloads the gadget application uses

    rows = []
    t0 = time.monotonic()
    for name in [c for c in CAMERAS.split(",") if c]:
        path = os.path.join(s.here, "uvc_gadget", "cameras-bw", name + ".json")
        if not s.expect("uvc-bandwidth: a description %s (uvc_gadget/cameras-bw)" % name, os.path.exists(path), path):
            continue
        camera(s, bandwidth, name, path, rows)
    pair = twins(s, bandwidth)
    out = {
        "rule": "smallest alt with maxp x mult >= dwMaxPayloadTransferSize (after uvc_fixup_video_ctrl's cut "
        "to the largest alt); ties to the later alt; uvcvideo 6.1 uvc_video_start_transfer",
        "seconds": round(time.monotonic() - t0, 1),
        "rows": rows,
        "twins": pair,
    }
    write(s.path("uvc-bandwidth-alts.json"), json.dumps(out, indent=1) + "\n")
    print("info: uvc-bandwidth: %d rows in uvc-bandwidth-alts.json, %.0f s" % (len(rows), out["seconds"]), flush=True)


def up(s, path, label, instance=0):
    args = ["up"] + (["--instance", str(instance)] if instance else []) + [path]
    r = gadget(s, *args, timeout=600)
    write(s.path(label + "-up.err"), r.err + r.out)
    node = r.out.strip().splitlines()[-1] if r.rc == 0 and r.out.strip() else ""
    return node, r


def down(s, instance=0):
    return gadget(s, "down", *(["--instance", str(instance)] if instance else []))


def stream_argv(node, mode, count):
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


def frames_of(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"<")
    except OSError:
        return 0


def camera(s, bandwidth, name, path, rows):
    d = load_json(path)
    label = "uvc-bandwidth-" + name
    t_up = time.monotonic()
    node, r = up(s, path, label)
    if not s.expect(
        "uvc-bandwidth %s: the gadget comes up on uvcvideo (%s, %.0f s)" % (name, node, time.monotonic() - t_up),
        node.startswith("/dev/video"),
        "exit %d: %s" % (r.rc, one_line(r.err)),
    ):
        down(s)
        return
    try:
        settle()
        want = {a["alt"]: a["bytes"] for a in bandwidth.alts(d)}
        got = alt_table(node)
        s.expect(
            "uvc-bandwidth %s: the host sees the description's %d streaming alternate settings (%s B per microframe)"
            % (name, len(want), ", ".join(str(want[k]) for k in sorted(want))),
            got == want,
            "sysfs descriptors give %s, the description %s" % (got, want),
        )
        mine = [one_mode(s, bandwidth, d, name, label, node, mode) for mode in bandwidth.modes(d)]
        rows.extend(mine)
        measured_by_camprobe(s, name, label, node, mine)
    finally:
        r = down(s)
        s.expect("uvc-bandwidth %s: uvc-gadget down" % name, r.rc == 0, one_line(r.err))


def one_mode(s, bandwidth, d, name, label, node, mode):
    fourcc, w, h, fps = mode
    tag = "%s %dx%d@%s" % (fourcc, w, h, bandwidth.fps_key(fps))
    payload = bandwidth.payload(d, fourcc, w, h, fps)
    alt, want_bytes = bandwidth.predicted_alt(d, payload)
    table = {a["alt"]: a["bytes"] for a in bandwidth.alts(d)}
    fname = "%s-%s%dx%d-%s" % (label, fourcc, w, h, bandwidth.fps_key(fps).replace("/", "_"))
    t = time.monotonic()
    # At least half a second of streaming (3 frames at the least): under TCG the poll below must see it.
    count = max(3, int(fps_value(bandwidth.fps_key(fps)) * 0.5) + 1)
    b = Background(stream_argv(node, mode, count), s.path(fname + ".out"), s.path(fname + ".err"))
    seen = []
    deadline = t + STREAM_SECONDS
    while time.monotonic() < deadline:
        a = held_alt(node)
        if a and (not seen or seen[-1] != a):
            seen.append(a)
        if b.p.poll() is not None:
            break
        time.sleep(POLL)
    rc = b.stop()
    frames = frames_of(s.path(fname + ".out")) + frames_of(s.path(fname + ".err"))
    after = held_alt(node)
    held = seen[0] if len(seen) == 1 else (seen or None)
    row = {
        "camera": d.get("product"),
        "description": name,
        "vidpid": "%s:%s" % (d["idVendor"][2:], d["idProduct"][2:]),
        "mode": tag,
        "fourcc": fourcc,
        "width": w,
        "height": h,
        "fps": bandwidth.fps_key(fps),
        "dwMaxPayloadTransferSize": payload,
        "expectedAlt": alt,
        "expectedBytesPerMicroframe": want_bytes,
        "heldAlt": held,
        "heldBytesPerMicroframe": table.get(held) if isinstance(held, int) else None,
        "altAfterStop": after,
        "frames": frames,
        "v4l2ctlExit": rc,
        "seconds": round(time.monotonic() - t, 2),
        "camprobe": None,
    }  # filled by measured_by_camprobe: the alt `camprobe verify --measure-usb` measured
    s.expect(
        "uvc-bandwidth %s %s: uvcvideo holds alt %s (%s B/µframe) for a %d B payload; the rule says alt %s (%s B)"
        % (name, tag, held, row["heldBytesPerMicroframe"], payload, alt, want_bytes),
        held == alt and alt is not None,
        "held %s while streaming (v4l2-ctl exit %s, %d frames; %s.err)" % (seen or "nothing", rc, frames, fname),
    )
    return row


def stream_together(s, nodes, modes, label, count=60):
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


def twins(s, bandwidth):
    """Two cameras streaming together: B990 MJPEG (asks for the maximum) beside the Realtek's YUYV."""
    pair = [("logitech-b990", ("MJPG", 1280, 720, 30)), ("realtek-0bda-5801", ("YUYV", 640, 480, 15))]
    nodes, descs, row = [], [], None
    try:
        for i, (name, _) in enumerate(pair):
            path = os.path.join(s.here, "uvc_gadget", "cameras-bw", name + ".json")
            descs.append(load_json(path))
            node, r = up(s, path, "uvc-bandwidth-twin%d" % i, instance=i)
            nodes.append(node)
        if not s.expect(
            "uvc-bandwidth twins: %s and %s up at once on the one vhci bus (%s)"
            % (pair[0][0], pair[1][0], ", ".join(nodes)),
            all(n.startswith("/dev/video") for n in nodes),
            "uvc-bandwidth-twin*-up.err",
        ):
            return row
        settle()
        streams, together = stream_together(s, nodes, [m for _, m in pair], "uvc-bandwidth-twin")
        time.sleep(1)
        still = [held_alt(n) for n in nodes]
        rcs = [b.stop() for b in streams]
        want = [bandwidth.predicted_alt(d, bandwidth.payload(d, *m)) for d, (_, m) in zip(descs, pair, strict=False)]
        tables = [{a["alt"]: a["bytes"] for a in bandwidth.alts(d)} for d in descs]
        held_bytes = [t.get(a) for t, a in zip(tables, together or [None, None], strict=False)]
        total = sum(b for b in held_bytes if b) if together else None
        # For information: what one USB 2.0 microframe could hold (80 % of 125 µs; HS_USECS_ISO in
        # include/linux/usb/hcd.h puts 3072 B at 61 µs), which a real EHCI or xHCI root port would enforce.
        row = {
            "modes": ["%s %s" % (p[0], "%s %dx%d@%s" % p[1]) for p in pair],
            "heldAlts": together,
            "stillHeld": still,
            "expectedAlts": [w[0] for w in want],
            "heldBytesPerMicroframe": held_bytes,
            "sumBytesPerMicroframe": total,
            "v4l2ctlExits": rcs,
            "camprobe": None,
        }
        s.expect(
            "uvc-bandwidth twins: both hold their alternate settings at once, alts %s (%s B/µframe), the rule says %s"
            % (together, held_bytes, [w[0] for w in want]),
            together == [w[0] for w in want],
            "held %s, then %s (uvc-bandwidth-twin*.err)" % (together, still),
        )
        s.expect(
            "uvc-bandwidth twins: together %s B per microframe (%s), above one 3072 B endpoint, and vhci-hcd lets both "
            "stream" % (total, " + ".join(str(b) for b in held_bytes)),
            together is not None and total == sum(w[1] for w in want) and total > 3072,
            "held %s B, the rule's %s" % (held_bytes, [w[1] for w in want]),
        )
        row["camprobe"] = plan_together(s, nodes)
        beside(s, nodes, held_alt, alt_table, hs_usecs_iso, stream_argv)
    finally:
        for i in reversed(range(len(nodes))):
            r = down(s, i)
            s.expect("uvc-bandwidth twins: uvc-gadget down --instance %d" % i, r.rc == 0, one_line(r.err))
    return row


# --- camprobe's own figures -------------------------------------------------------------------


def fps_value(key):
    """30, "15/2", "30000/1001" -> a float."""
    text = str(key)
    if "/" in text:
        n, d = text.split("/")
        return int(n) / int(d)
    return float(text)


def hs_usecs_iso(nbytes):
    """HS_USECS_ISO (include/linux/usb/hcd.h, Linux 6.1): the µs one high-speed isochronous endpoint of nbytes per
    microframe costs an EHCI/dwc2 budget (and camprobe's unknown-controller rule)."""
    bit_time = 7 * 8 * nbytes // 6
    nsecs = ((38 * 8 * 2083) + (2083 * (3 + bit_time))) // 1000 + 5
    return (nsecs + 999) // 1000


def measured_by_camprobe(s, name, label, node, mine):
    """`camprobe verify NODE --measure-usb --json` streams each mode and reads the held alt itself: it must equal what
    uvcvideo held for the same mode above (sysfs, while v4l2-ctl streamed); and its prediction without the
    measurement is never below what was held unless it says it is a lower bound."""
    r = s.camprobe(
        "verify",
        node,
        "--measure-usb",
        "--json",
        "--frame-timeout",
        "10",
        stdout=s.path(label + "-verify-bandwidth.json"),
        stderr=s.path(label + "-verify-bandwidth.err"),
        timeout=900,
    )
    if r.rc != 0 and "was disconnected" in r.err:
        # USB/IP under TCG now and then drops the port ("vhci_hcd: cannot find a urb … enqueue for inactive port"): the
        # camera is gone, not camprobe's doing. Attach it again and measure once more; say so.
        print(
            "info: uvc-bandwidth %s: the gadget's USB/IP port dropped during verify --measure-usb (%s); attaching again"
            % (name, one_line(r.err)[:160]),
            flush=True,
        )
        gadget(s, "detach")
        again = gadget(s, "attach", timeout=600)
        node = again.out.strip().splitlines()[-1] if again.rc == 0 and again.out.strip() else node
        settle()
        r = s.camprobe(
            "verify",
            node,
            "--measure-usb",
            "--json",
            "--frame-timeout",
            "10",
            stdout=s.path(label + "-verify-bandwidth.json"),
            stderr=s.path(label + "-verify-bandwidth.err"),
            timeout=900,
        )

    def check():
        assert r.rc == 0, "exit %d: %s" % (r.rc, one_line(r.err))
        doc = json.loads(r.out)
        got = {(m["fourcc"].strip(), m["width"], m["height"], round(m["fps"], 2)): m for m in doc["modes"]}
        wrong, below = [], []
        for row in mine:
            m = got.get((row["fourcc"], row["width"], row["height"], round(fps_value(row["fps"]), 2)))
            if m is None:
                wrong.append("%s: not measured" % row["mode"])
                continue
            row["camprobe"] = m["measured"]["alt"]
            if (
                m["measured"]["alt"] != row["heldAlt"]
                or m["measured"]["bytesPerInterval"] != row["heldBytesPerMicroframe"]
            ):
                wrong.append(
                    "%s: camprobe alt %s (%s B), uvcvideo held %s (%s B)"
                    % (
                        row["mode"],
                        m["measured"]["alt"],
                        m["measured"]["bytesPerInterval"],
                        row["heldAlt"],
                        row["heldBytesPerMicroframe"],
                    )
                )
        for m in doc["modes"]:
            p, h = m["predicted"], m["measured"]
            if p["evidence"] != "computedLowerBound" and p["bytesPerInterval"] < h["bytesPerInterval"]:
                below.append(
                    "%s: predicted %s B (%s), held %s B"
                    % (m["mode"], p["bytesPerInterval"], p["evidence"], h["bytesPerInterval"])
                )
        assert not wrong, "; ".join(wrong[:6])
        assert not below, "; ".join(below[:6])
        kinds = sorted({m["predicted"]["evidence"] for m in doc["modes"]})
        return "%d modes, every alt as uvcvideo held it; predictions (%s) never below unless a lower bound" % (
            len(mine),
            ", ".join(kinds),
        )

    s.check(
        lambda d: (
            "uvc-bandwidth %s: camprobe verify --measure-usb measures the alt uvcvideo holds, for every mode (%s)"
            % (name, d)
        ),
        check,
    )
    if name == "realtek-0bda-5801":  # one camera's measurement as a person reads it (README)
        s.camprobe(
            "verify",
            node,
            "--measure-usb",
            "--no-save",
            stdout=s.path(label + "-verify-measure-usb.txt"),
            stderr=s.path(label + "-verify-measure-usb.err"),
            timeout=900,
        )


def plan_together(s, nodes):
    """`camprobe negotiate --together` on the two cameras (their settings measured above, per model): each plan
    alt is the one uvcvideo holds when both stream in the plan's modes, and the domain's load is the sum of what
    sysfs shows reserved (HS_USECS_ISO of each held alt's bytes: vhci-hcd is an unknown controller, planned by the
    EHCI rule)."""
    r = s.camprobe(
        "negotiate",
        "--together",
        *nodes,
        "--preset",
        "640x480",
        "--json",
        stdout=s.path("uvc-bandwidth-together.json"),
        stderr=s.path("uvc-bandwidth-together.err"),
        timeout=300,
    )
    # The same plan as a person reads it (README's "several cameras" section quotes it).
    s.camprobe(
        "negotiate",
        "--together",
        *nodes,
        "--preset",
        "640x480",
        stdout=s.path("uvc-bandwidth-together.txt"),
        stderr=s.path("uvc-bandwidth-together-text.err"),
        timeout=300,
    )
    try:
        plan = json.loads(r.out)["plan"]
    except (ValueError, KeyError) as e:
        s.bad(
            "uvc-bandwidth twins: camprobe negotiate --together gives a plan",
            "exit %d: %s %s" % (r.rc, e, one_line(r.err)),
        )
        return None
    cams = plan["cameras"]
    modes = []
    for c in cams:
        ch = c.get("choice") or {}
        iv = (ch.get("frameInterval") or {}).get("interval")  # "333333/10000000": seconds per frame
        fps = "%s/%s" % tuple(reversed(iv.split("/"))) if isinstance(iv, str) and "/" in iv else "30"
        modes.append(
            (
                ch.get("fourcc", "?").strip(),
                ch.get("size", {}).get("width", 0),
                ch.get("size", {}).get("height", 0),
                fps,
            )
        )
    streams, held = stream_together(
        s, nodes, modes, "uvc-bandwidth-plan", count=900
    )  # long enough for the report below
    # The report draws the domain as it is now: both cameras, each with the setting it holds.
    rep = s.camprobe(
        "report",
        nodes[0],
        "--md",
        "--no-pipewire",
        "-o",
        s.path("uvc-bandwidth-report.md"),
        stderr=s.path("uvc-bandwidth-report.err"),
        timeout=300,
    )
    for b in streams:
        b.stop()
    tables = [alt_table(n) for n in nodes]
    held_bytes = [t.get(a) for t, a in zip(tables, held or [None] * len(nodes), strict=False)]
    by_node = {c["node"]: c for c in cams}
    planned = [by_node.get(n, {}).get("alt") for n in nodes]
    s.expect(
        "uvc-bandwidth twins: negotiate --together plans %s; uvcvideo holds the plan's alts when both stream them (%s, held %s)"
        % (", ".join("%s %dx%d@%s" % m for m in modes), planned, held),
        held is not None and planned == held and all(c.get("evidence") == "measured" for c in cams),
        "plan %s (evidence %s), held %s (uvc-bandwidth-together.json, uvc-bandwidth-plan*.err)"
        % (planned, [c.get("evidence") for c in cams], held),
    )
    try:
        report = open(s.path("uvc-bandwidth-report.md"), encoding="utf-8").read()
    except OSError:
        report = ""
    section = report.split("# USB bandwidth", 1)[-1].split("\n#", 1)[0] if "# USB bandwidth" in report else ""
    s.expect(
        "uvc-bandwidth twins: camprobe report draws the domain: both cameras with the alts they hold (%s)"
        % one_line(section)[:160],
        rep.rc == 0
        and held is not None
        and "reserved now" in section
        and all(
            row in section
            for row in [
                "| %s%s | alt %d |" % (n, " (this camera)" if i == 0 else "", a)
                for i, (n, a) in enumerate(zip(nodes, held, strict=False))
            ]
        ),
        "exit %d: %s; section %s" % (rep.rc, one_line(rep.err), one_line(section)),
    )
    domains = plan["domains"]
    shared = [d for d in domains if len(d["cameras"]) == 2]
    sysfs_us = sum(hs_usecs_iso(b) for b in held_bytes if b) if held else None
    s.expect(
        "uvc-bandwidth twins: the plan's domain load is the sum of what sysfs shows reserved (%s µs = %s)"
        % (shared[0]["microseconds"] if shared else "?", " + ".join(str(hs_usecs_iso(b)) for b in held_bytes if b)),
        len(shared) == 1 and held is not None and shared[0]["microseconds"] == sysfs_us,
        "domains %s; sysfs %s B -> %s µs"
        % ([(d["key"], d["cameras"], d["microseconds"]) for d in domains], held_bytes, sysfs_us),
    )
    return {
        "plan": planned,
        "held": held,
        "heldBytes": held_bytes,
        "domainMicroseconds": shared[0]["microseconds"] if shared else None,
    }
