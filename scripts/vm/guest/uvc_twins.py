"""The uvc block's twins: two gadgets of the same camera (twin-hd.json) told apart by camprobe."""

import json
import os
from typing import Any

from guest.harness import Background, Suite, load_json, settle, wait_until, write
from guest.uvc_common import gadget, listed_device

TWIN = "uvc_gadget/twin-hd.json"


def twins(s: Suite) -> None:
    """Two identical gadgets without a serial on the one vhci bus (uvc-gadget instances 0 and 1)."""
    desc = load_json(os.path.join(s.here, TWIN))
    nodes = []
    for i in (0, 1):
        up = gadget(s, "up", "--instance", str(i), "--no-serial", os.path.join(s.here, TWIN))
        write(s.path("uvc-twin%d-up.err" % i), up.err + up.out)
        nodes.append(up.out.strip().splitlines()[-1] if up.rc == 0 and up.out.strip() else "")
    if not s.expect(
        "two identical gadgets without a serial come up on one vhci bus (%s)" % ", ".join(nodes),
        all(n.startswith("/dev/video") for n in nodes),
        "nodes %s (uvc-twin*-up.err)" % nodes,
    ):
        return
    settle()
    key = "usb-%s:%s@" % (desc["idVendor"][2:], desc["idProduct"][2:])
    # None where `list` did not show the node; the checks below assert they all are there.
    listed: list[Any] = [listed_device(s, n, "twin%d" % i)[0] for i, n in enumerate(nodes)]

    def distinct_by_port() -> Any:
        ids: list[Any] = [d["id"] if d else None for d in listed]  # all there: asserted next
        assert all(ids) and len(set(ids)) == 2, ids
        assert all(i.startswith(key) and i.endswith(("-usb-0:1", "-usb-0:2")) for i in ids), ids
        assert all(not d["identity"].get("serial") for d in listed), [d["identity"].get("serial") for d in listed]
        return ", ".join(ids)

    s.check(lambda ids: "list: the two get distinct IDs from their ports (%s)" % ids, distinct_by_port)

    def own_links() -> Any:
        for d, n in zip(listed, nodes, strict=False):
            for link in d["identity"]["byID"] + d["identity"]["byPath"]:
                assert os.path.realpath(link) == os.path.realpath(n), "%s lists %s, which resolves to %s" % (
                    d["id"],
                    link,
                    os.path.realpath(link),
                )
        return ", ".join("%d by-id" % len(d["identity"]["byID"]) for d in listed)

    s.check(
        lambda n: (
            "list: each lists only the /dev/v4l links that resolve to its own node, though udev asks the "
            "same by-id name for both (%s)" % n
        ),
        own_links,
    )
    for n in nodes:
        s.camprobe("apply", n, "--size", "1280x720", "--fps", "30", "--format", "YUYV")
    r = s.camprobe(
        "doctor", "--json", stdout=s.path("uvc-twin-doctor.json"), stderr=s.path("uvc-twin-doctor.err"), timeout=120
    )
    s.camprobe(
        "doctor", stdout=s.path("uvc-twin-doctor.txt"), timeout=120
    )  # as a person reads it (docs/commands/doctor.md)
    findings = json.loads(r.out)["findings"] if r.out.strip().startswith("{") else []

    def alike() -> Any:
        f = [x for x in findings if x["check"] == "alike-without-serial"]
        assert len(f) == 1, [x["check"] for x in findings]
        assert all(any(n in e for e in f[0]["evidence"]) for n in nodes), f[0]["evidence"]
        return f[0]["title"]

    s.check(lambda t: "doctor: %s" % t, alike)

    def bandwidth() -> Any:
        f = [x for x in findings if x["check"] == "usb-bandwidth"]
        assert len(f) == 1, [x["check"] for x in findings]
        assert "YUYV 1280x720 at 30 fps" in " ".join(f[0]["evidence"]), f[0]["evidence"]
        return f[0]["title"]

    s.check(lambda t: "doctor: both set to YUYV 1280x720 at 30 fps on the one vhci bus: %s" % t, bandwidth)
    # What the check cannot show here: vhci-hcd reserves no periodic bandwidth (USB/IP carries the
    # isochronous packets over TCP), so both stream at once although the arithmetic is over the budget.
    streams = [
        Background(
            ["v4l2-ctl", "-d", n, "--stream-mmap", "--stream-count=10"],
            s.path("uvc-twin%d-stream.out" % i),
            s.path("uvc-twin%d-stream.err" % i),
        )
        for i, n in enumerate(nodes)
    ]
    wait_until(lambda: all(b.p.poll() is not None for b in streams), 120)
    rcs = [b.p.poll() for b in streams]
    for b in streams:
        b.stop()
    s.expect(
        "over budget on paper, both stream 10 frames at once through vhci-hcd, which reserves no bandwidth (exits %s)"
        % rcs,
        rcs == [0, 0],
        "see uvc-twin*-stream.err",
    )
