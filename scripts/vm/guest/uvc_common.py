"""The UVC gadget as the guest's blocks use it: `uvc-gadget` up and down, its uvcvideo nodes, its `list` entry."""

import json
import os
from typing import Any

from guest.harness import Result, Suite, run

DESCRIPTION = "uvc_gadget/default.json"


def gadget(s: Suite, *args: str, timeout: float = 300) -> Result:
    """scripts/vm/uvc-gadget with ARGS (up DESCRIPTION, down, push, …)."""
    return run([os.path.join(s.here, "uvc-gadget"), *args], timeout=timeout)


def uvc_nodes() -> list[str]:
    """The video and media nodes whose interface is bound to uvcvideo."""
    out = []
    for base in ("/sys/class/video4linux", "/sys/bus/media/devices"):
        for n in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            try:
                interface = os.path.dirname(
                    os.path.realpath(os.path.join(base, n))
                )  # …/1-1:1.0/video4linux or …/1-1:1.0
                if os.path.basename(interface) == "video4linux":
                    interface = os.path.dirname(interface)
                driver = os.path.basename(os.path.realpath(os.path.join(interface, "driver")))
            except OSError:
                # realpath's readlink races a detach (the link went between its lstat and readlink): the node is going.
                continue
            if driver == "uvcvideo":
                out.append("/dev/" + n)
    return sorted(out)


def listed_device(s: Suite, node: str, label: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """`camprobe list`'s device that has NODE (None unless exactly one), and every device listed."""
    r = s.camprobe(
        "list", "--json", stdout=s.path("uvc-%s-list.json" % label), stderr=s.path("uvc-%s-list.err" % label)
    )
    devices = json.loads(r.out)["devices"] if r.rc == 0 else []
    found = [d for d in devices if any(n["path"] == node for n in d["nodes"])]
    return found[0] if len(found) == 1 else None, devices
