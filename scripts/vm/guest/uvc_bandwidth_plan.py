"""The uvc-bandwidth block's measurements: the bandwidth camprobe reports for a mode against the alternate setting
uvcvideo picked, and `camprobe plan` for cameras streaming together."""

import json
from typing import Any

from guest.blocks_stable import one_line
from guest.harness import Suite, settle
from guest.uvc_alts import alt_table, stream_together
from guest.uvc_common import gadget

# --- camprobe's own figures -------------------------------------------------------------------


def fps_value(key: int | str) -> float:
    """30, "15/2", "30000/1001" -> a float."""
    text = str(key)
    if "/" in text:
        n, d = text.split("/")
        return int(n) / int(d)
    return float(text)


def hs_usecs_iso(nbytes: int) -> int:
    """HS_USECS_ISO (include/linux/usb/hcd.h, Linux 6.1): the µs one high-speed isochronous endpoint of nbytes per
    microframe costs an EHCI/dwc2 budget (and camprobe's unknown-controller rule)."""
    bit_time = 7 * 8 * nbytes // 6
    nsecs = ((38 * 8 * 2083) + (2083 * (3 + bit_time))) // 1000 + 5
    return (nsecs + 999) // 1000


def measured_by_camprobe(s: Suite, name: str, label: str, node: str, mine: Any, instance: int = 0) -> str:
    """`camprobe verify NODE --measure-usb --json` streams each mode and reads the held alt itself: it must equal what
    uvcvideo held for the same mode above (sysfs, while v4l2-ctl streamed); and its prediction without the
    measurement is never below what was held unless it says it is a lower bound. Returns the camera's node (a new one
    when its gadget `instance` had to be attached again)."""
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
        which = ["--instance", str(instance)] if instance else []
        gadget(s, "detach", *which)
        again = gadget(s, "attach", *which, timeout=600)
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

    def check() -> str:
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
    return node


def plan_together(s: Suite, nodes: list[str]) -> dict[str, Any] | None:
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
