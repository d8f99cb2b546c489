"""A PipeWire session in the guest (pipewire, wireplumber) and what pw-dump says of its V4L2 sources, as the
pipewire block and pipewire_cost.py read it."""

import json
import os
from typing import Any

from guest.harness import Background, Suite, run, wait_until

RUNTIME = "/run/user/0"


def start_session(s: Suite) -> list[Background]:
    """pipewire and wireplumber as a session has them; returns the daemons (stopped by stop_session)."""
    os.makedirs("/etc/wireplumber/bluetooth.lua.d", exist_ok=True)
    with open("/etc/wireplumber/bluetooth.lua.d/60-no-logind.lua", "w") as f:
        f.write('bluez_monitor.properties["with-logind"] = false\n')
    os.makedirs(RUNTIME, exist_ok=True)
    os.chmod(RUNTIME, 0o700)
    os.environ["XDG_RUNTIME_DIR"] = RUNTIME
    bus = RUNTIME + "/bus"
    daemons = [
        Background(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=unix:path=" + bus],
            s.path("PW-dbus.out"),
            s.path("PW-dbus.err"),
        )
    ]
    wait_until(lambda: os.path.exists(bus), 20)
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + bus
    daemons.append(Background(["pipewire"], s.path("PW-pipewire.out"), s.path("PW-pipewire.err")))
    wait_until(lambda: os.path.exists(RUNTIME + "/pipewire-0"), 60)
    daemons.append(Background(["wireplumber"], s.path("PW-wireplumber.out"), s.path("PW-wireplumber.err")))
    return daemons


def stop_session(daemons: list[Background]) -> None:
    """Stops the daemons of start_session, last first, and forgets the session's environment."""
    for d in reversed(daemons):
        d.stop()
    for k in ("XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS"):
        os.environ.pop(k, None)


def pw_dump(s: Suite, name: str) -> Any:
    """pw-dump's objects (its first JSON array: under TCG it may print a second one when objects change)."""
    r = run(["pw-dump"], timeout=60, stdout=s.path(name))
    try:
        return json.JSONDecoder().raw_decode(r.out.lstrip())[0] if r.out.strip() else []
    except ValueError:
        return []


def sources(objs: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """pw-dump's Video/Source nodes by id."""
    out = {}
    for o in objs:
        props = (o.get("info") or {}).get("props") or {}
        if o.get("type") == "PipeWire:Interface:Node" and props.get("media.class") == "Video/Source":
            out[o["id"]] = o
    return out


def rates(v: Any) -> list[str]:
    """pw-dump's framerate: a fraction {"num","denom"} or a choice {"default": …, "alt1": …} / range."""
    if isinstance(v, dict) and "num" in v:
        return ["%d/%d" % (v["num"], v["denom"])]
    if isinstance(v, dict):
        keys = [k for k in v if k.startswith("alt")] or ["default"]
        return sorted({"%d/%d" % (v[k]["num"], v[k]["denom"]) for k in keys})
    return []


def dump_formats(o: dict[str, Any]) -> list[Any]:
    """(spa format or subtype, width, height, rates) per EnumFormat entry of a pw-dump node."""
    out = []
    for p in ((o.get("info") or {}).get("params") or {}).get("EnumFormat") or []:
        sub = p.get("mediaSubtype")
        fmt = p.get("format") if sub == "raw" else sub
        if isinstance(fmt, dict):
            fmt = fmt.get("default")
        if fmt == "id-00000000":
            fmt = "UNKNOWN"  # SPA_VIDEO_FORMAT_UNKNOWN: a V4L2 format PipeWire has no SPA name for
        size = p.get("size") or {}
        if "default" in size:
            size = size["default"]
        out.append((fmt, size.get("width"), size.get("height"), rates(p.get("framerate"))))
    return out


def camprobe_formats(node: dict[str, Any]) -> list[Any]:
    out = []
    for f in node.get("formats", []):
        rs = sorted(set(f.get("frameRates", [])))
        out.append((f["spaFormat"], f.get("width"), f.get("height"), rs))
    return out


def listed(s: Suite, name: str, *extra: str) -> Any:
    r = s.camprobe("list", "--json", *extra, stdout=s.path(name), stderr=s.path(name + ".err"), timeout=120)
    try:
        return json.loads(r.out)
    except ValueError:
        return {}
