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
import sys
import time

from guest.blocks_stable import one_line
from guest.blocks_uvc_beside import beside
from guest.harness import Background, load_json, settle, write
from guest.uvc_alts import POLL, alt_table, held_alt, stream_argv, stream_together
from guest.uvc_bandwidth_plan import fps_value, hs_usecs_iso, measured_by_camprobe, plan_together
from guest.uvc_common import gadget

CAMERAS = os.environ.get("UVC_BW", "logitech-b990,logitech-c270,realtek-0bda-5801,rule-edges")


STREAM_SECONDS = float(os.environ.get("UVC_BW_SECONDS", "8"))  # per mode, at most; the alt is read in the first

# The two cameras that then stream together (instance 0 and 1) and the modes they stream.
PAIR = [("logitech-b990", ("MJPG", 1280, 720, 30)), ("realtek-0bda-5801", ("YUYV", 640, 480, 15))]


# --- the block --------------------------------------------------------------------------------


def block_uvc_bandwidth(s):
    sys.path.insert(0, os.path.join(s.here, "uvc_gadget"))
    import bandwidth  # noqa: E402 - the same rule and payloads the gadget application uses

    rows = []
    t0 = time.monotonic()
    # The pair's cameras last, each left up on its twin instance after its own modes: the twins below stream them as
    # they are instead of bringing both up a second time (a gadget up is 8-15 s under TCG). An idle gadget beside
    # holds alt 0 and vhci-hcd reserves nothing, so the other's per-mode alts are its own.
    kept: dict[str, str] = {}
    try:
        for name, instance, keep in camera_order(CAMERAS):
            path = os.path.join(s.here, "uvc_gadget", "cameras-bw", name + ".json")
            if not s.expect(
                "uvc-bandwidth: a description %s (uvc_gadget/cameras-bw)" % name, os.path.exists(path), path
            ):
                continue
            node = camera(s, bandwidth, name, path, rows, instance, keep)
            if keep and node:
                kept[name] = node
        pair = twins(s, bandwidth, kept)
    finally:
        for name in list(kept):  # only when twins() did not take them down (it raised first)
            down_kept(s, name, [n for n, _ in PAIR].index(name), kept)
    out = {
        "rule": "smallest alt with maxp x mult >= dwMaxPayloadTransferSize (after uvc_fixup_video_ctrl's cut "
        "to the largest alt); ties to the later alt; uvcvideo 6.1 uvc_video_start_transfer",
        "seconds": round(time.monotonic() - t0, 1),
        "rows": rows,
        "twins": pair,
    }
    write(s.path("uvc-bandwidth-alts.json"), json.dumps(out, indent=1) + "\n")
    print("info: uvc-bandwidth: %d rows in uvc-bandwidth-alts.json, %.0f s" % (len(rows), out["seconds"]), flush=True)


def camera_order(cameras: str) -> list[tuple[str, int, bool]]:
    """(name, gadget instance, kept up for the twins) of each camera of the comma-separated list: PAIR's last, on
    their twin instances, kept; the others first, on instance 0, each taken down after its modes."""
    paired = [n for n, _ in PAIR]
    names = [c for c in cameras.split(",") if c]
    return [(n, 0, False) for n in names if n not in paired] + [
        (n, paired.index(n), True) for n in paired if n in names
    ]


def up(s, path, label, instance=0):
    args = ["up"] + (["--instance", str(instance)] if instance else []) + [path]
    r = gadget(s, *args, timeout=600)
    write(s.path(label + "-up.err"), r.err + r.out)
    node = r.out.strip().splitlines()[-1] if r.rc == 0 and r.out.strip() else ""
    return node, r


def down(s, instance=0):
    return gadget(s, "down", *(["--instance", str(instance)] if instance else []))


def down_kept(s, name, instance, kept):
    """Takes down a camera camera() left up for the twins; its own `uvc-gadget down` check is this down's."""
    kept.pop(name, None)
    r = down(s, instance)
    s.expect("uvc-bandwidth %s: uvc-gadget down" % name, r.rc == 0, one_line(r.err))
    return r


def frames_of(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"<")
    except OSError:
        return 0


def camera(s, bandwidth, name, path, rows, instance=0, keep=False):
    """Brings the camera up (on `instance`), checks its alternate settings and every mode, and takes it down again,
    unless `keep`: then it stays up for the twins and its node is returned (None when it did not come up)."""
    d = load_json(path)
    label = "uvc-bandwidth-" + name
    t_up = time.monotonic()
    node, r = up(s, path, label, instance)
    if not s.expect(
        "uvc-bandwidth %s: the gadget comes up on uvcvideo (%s, %.0f s)" % (name, node, time.monotonic() - t_up),
        node.startswith("/dev/video"),
        "exit %d: %s" % (r.rc, one_line(r.err)),
    ):
        down(s, instance)
        return None
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
        node = measured_by_camprobe(s, name, label, node, mine, instance) or node
    finally:
        if not keep:
            r = down(s, instance)
            s.expect("uvc-bandwidth %s: uvc-gadget down" % name, r.rc == 0, one_line(r.err))
    return node


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


def twins(s, bandwidth, kept):
    """Two cameras streaming together: B990 MJPEG (asks for the maximum) beside the Realtek's YUYV. A camera in `kept`
    (name: node) is up already on its instance; the others are brought up here."""
    pair = PAIR
    nodes, descs, row = [], [], None
    try:
        for i, (name, _) in enumerate(pair):
            path = os.path.join(s.here, "uvc_gadget", "cameras-bw", name + ".json")
            descs.append(load_json(path))
            node = kept.get(name) or up(s, path, "uvc-bandwidth-twin%d" % i, instance=i)[0]
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
            name = pair[i][0]
            r = down_kept(s, name, i, kept) if name in kept else down(s, i)
            s.expect("uvc-bandwidth twins: uvc-gadget down --instance %d" % i, r.rc == 0, one_line(r.err))
    return row
