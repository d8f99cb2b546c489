"""The vimc block's reading of the media controller: media-ctl's topology, capture nodes, v4l2-ctl's subdevice
codes and sizes."""

import json
import os
import re
from typing import Any

from guest.harness import Suite, run


def vimc_media_device() -> str | None:
    """The /dev/mediaN whose driver is vimc."""
    for n in sorted(os.listdir("/dev")):
        if n.startswith("media") and n[5:].isdigit():
            if re.search(r"^driver\s+vimc\s*$", run(["media-ctl", "-d", "/dev/" + n, "-p"], timeout=60).out, re.M):
                return "/dev/" + n
    return None


def media_ctl_p(s: Suite, media: str, name: str) -> str:
    """media-ctl -p's text for MEDIA (kept as NAME in the results)."""
    return run(["media-ctl", "-p", "-d", media], merge=True, stdout=s.path(name), timeout=60).out


class MediaGraph:
    """media-ctl -p's text: entities with their node, sensor flag, pad formats and data links."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.entities: dict[str, dict[str, Any]] = {}
        self.info: dict[str, str] = {}  # the "Media device information" lines: driver, model, serial, bus info, …
        self.links: list[tuple[str, int, str, int, str]] = []  # (from entity, pad, to entity, pad, flags)
        ent: dict[str, Any] | None = None
        pad: int | None = None
        name = ""
        for line in text.splitlines():
            m = re.match(r"^- entity (\d+): (.+?) \(\d+ pads?, \d+ links?\)", line)
            if m:
                ent = {"node": None, "sensor": False, "pads": {}, "type": "", "id": int(m.group(1))}
                self.entities[m.group(2)] = ent
                name, pad = m.group(2), None
                continue
            if ent is None:
                m = re.match(r"^(driver version|hw revision|bus info|driver|model|serial)\s+(.*?)\s*$", line)
                if m:
                    self.info[m.group(1)] = m.group(2)
                continue
            m = re.search(r"type (.+?) subtype (\S+)", line)
            if m:
                ent["type"], ent["sensor"] = m.group(1), m.group(2) == "Sensor"
            m = re.search(r"device node name (\S+)", line)
            if m:
                ent["node"] = m.group(1)
            m = re.match(r"^\tpad(\d+):", line)
            if m:
                pad = int(m.group(1))
            m = re.search(r"\[fmt:([^/\s]+)/(\d+)x(\d+)", line)
            if m and pad is not None:
                ent["pads"][pad] = (m.group(1), int(m.group(2)), int(m.group(3)))
            m = re.match(r'^\t\t-> "(.+)":(\d+) \[(.*)\]', line)
            if m and pad is not None:
                self.links.append((name, pad, m.group(1), int(m.group(2)), m.group(3)))

    def video_nodes(self) -> list[str]:
        """The entities' /dev/video nodes."""
        return sorted(
            e["node"]
            for e in self.entities.values()
            if e["type"] == "Node" and e["node"] and e["node"].startswith("/dev/video")
        )


def capture_of(g: MediaGraph, sensor: str) -> str | None:
    """The capture node on the sensor's direct enabled link (vimc's Raw Capture N)."""
    for frm, _, to, _, flags in g.links:
        node = g.entities.get(to, {}).get("node") or ""
        if frm == sensor and "ENABLED" in flags and node.startswith("/dev/video"):
            return node
    return None


def parse_mbus_codes(text: str) -> list[tuple[str, str | None]]:
    """`0x3014: MEDIA_BUS_FMT_SRGGB8_1X8` lines → [(hex, name or None)]."""
    out = []
    for hexcode, name in re.findall(r"^\s*(0x[0-9a-fA-F]+)(?::\s*(\S+))?\s*$", text, re.M):
        out.append((hexcode.lower(), name.replace("MEDIA_BUS_FMT_", "") if name else None))
    return out


def parse_framesizes(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """`Size Range: 16x16 - 4096x2160` / `Size: 640x480` → [((w, h), (w, h))]."""
    out = []
    for line in text.splitlines():
        m = re.search(r"Size Range:\s*(\d+)x(\d+)\s*-\s*(\d+)x(\d+)", line)
        if m:
            w0, h0, w1, h1 = map(int, m.groups())
            out.append(((w0, h0), (w1, h1)))
            continue
        m = re.search(r"Size:\s*(\d+)x(\d+)", line)
        if m:
            w, h = map(int, m.groups())
            out.append(((w, h), (w, h)))
    return out


def parse_devices(text: str) -> Any:
    """`camprobe list --json`'s devices, [] when it printed none."""
    try:
        return json.loads(text)["devices"]
    except (ValueError, KeyError, TypeError):
        return []


def slug(name: str) -> str:
    """NAME as a file-name part: letters and digits, dashes between."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()


def first_diff(a: str, b: str) -> str:
    """Where text B first differs from A, for a failure message."""
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb, strict=False)):
        if x != y:
            return "line %d: %r became %r" % (i + 1, x, y)
    return "%d lines became %d" % (len(la), len(lb))
