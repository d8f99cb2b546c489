"""The vimc block's parity checks: camprobe's media-controller cameras against media-ctl, v4l2-ctl's subdevice
calls and libcamera's `cam`."""

import json
import re
from typing import Any

from guest.harness import Suite, v4l2ctl
from guest.mc_graph import MediaGraph, capture_of, parse_framesizes, parse_mbus_codes

ANSI = re.compile(r"\x1b\[[0-9;]*m")


# The checks.


def sensor_devices(devices: list[dict[str, Any]], g: MediaGraph, media: str) -> None:
    byname = {d.get("name"): d for d in devices}
    for name in ("Sensor A", "Sensor B"):
        d = byname.get(name)
        assert d is not None, "no device named %r among %r" % (name, sorted(byname, key=str))
        sensor = d.get("sensor")
        assert isinstance(sensor, dict), "%s: sensor is %r" % (name, sensor)
        assert sensor.get("entity") == name, (name, sensor.get("entity"))
        assert sensor.get("subdevPath") == g.entities[name]["node"], (
            name,
            sensor.get("subdevPath"),
            g.entities[name]["node"],
        )
        assert sensor.get("mediaDevice") == media, (name, sensor.get("mediaDevice"), media)
        paths = [o.get("capturePath") for o in sensor.get("outputs") or []]
        want = capture_of(g, name)
        assert want in paths, "%s: outputs[].capturePath %r lacks %s (its enabled link)" % (name, paths, want)


def no_receiver_devices(devices: list[dict[str, Any]], g: MediaGraph) -> None:
    nodes = set(g.video_nodes())
    stray = [
        "%s (%s)" % (d.get("name"), n["path"])
        for d in devices
        if d.get("sensor") is None
        for n in d.get("nodes") or []
        if n.get("path") in nodes
    ]
    assert not stray, "devices without a sensor own vimc's receiver nodes: %s" % ", ".join(stray)


def sensor_a(devices: list[dict[str, Any]]) -> dict[str, Any]:
    for d in devices:
        if d.get("name") == "Sensor A" and isinstance(d.get("sensor"), dict):
            return d["sensor"]
    raise AssertionError("no device 'Sensor A' with a sensor in list --json")


def codes_parity(s: Suite, devices: list[dict[str, Any]], subdev: str) -> None:
    text = v4l2ctl(
        subdev,
        "--list-subdev-mbus-codes",
        "pad=0",
        merge=True,
        timeout=60,
        stdout=s.path("vimc-sensor-a-mbus-codes.txt"),
    ).out
    theirs = parse_mbus_codes(text)
    assert theirs, "v4l2-ctl listed no codes: %s" % text[:300]
    ours = [c.get("code") for c in sensor_a(devices)["source"]["codes"]]
    # camprobe writes the kernel name, or 0x… for a code it has no name for.
    missing = [name or hexcode for hexcode, name in theirs if name not in ours and hexcode not in ours]
    known = {n for _, n in theirs} | {h for h, _ in theirs}
    extra = [c for c in ours if c not in known]
    assert not missing and not extra and len(ours) == len(theirs), (
        "missing %s, extra %s (camprobe %d codes, v4l2-ctl %d)" % (missing, extra, len(ours), len(theirs))
    )


def sizes_parity(s: Suite, devices: list[dict[str, Any]], subdev: str, name: str, hexcode: str) -> None:
    text = v4l2ctl(
        subdev,
        "--list-subdev-framesizes",
        "pad=0,code=" + hexcode,
        merge=True,
        timeout=60,
        stdout=s.path("vimc-sensor-a-framesizes-%s.txt" % name),
    ).out
    theirs = parse_framesizes(text)
    assert theirs, "v4l2-ctl listed no sizes for %s: %s" % (name, text[:300])
    codes = [c for c in sensor_a(devices)["source"]["codes"] if c.get("code") in (name, hexcode)]
    assert codes, "camprobe lists no code %s" % name
    ours = [
        ((z["min"]["width"], z["min"]["height"]), (z["max"]["width"], z["max"]["height"])) for z in codes[0]["sizes"]
    ]
    assert ours == theirs, "camprobe %s, v4l2-ctl %s" % (ours, theirs)


def show_text(shown: Any, media: str) -> None:
    t = shown.out
    said = (t or shown.err)[:600]
    assert '"Sensor A":0 → "Debayer A":0' in t, 'no \'"Sensor A":0 → "Debayer A":0\' in: %s' % said
    assert "media-ctl -d %s -V" % media in t, "no 'media-ctl -d %s -V' fix in: %s" % (media, said)


def pipeline_mismatch(shown_json: Any) -> None:
    assert shown_json.out.strip(), "no JSON; stderr: %s" % shown_json.err[:400]
    d = json.loads(shown_json.out)
    kinds = [p.get("kind") for p in d["device"].get("problems") or []]
    assert "pipeline-mismatch" in kinds, "problems: %s" % kinds


def media_camera_parity(shown_json: Any, g: MediaGraph, media: str) -> None:
    assert shown_json.out.strip(), "no JSON; stderr: %s" % shown_json.err[:400]
    m = json.loads(shown_json.out).get("mediaCamera")
    assert isinstance(m, dict), "show --json has no mediaCamera: %r" % m
    info = g.info
    want = {
        "mediaDevice": media,
        "driver": info.get("driver"),
        "model": info.get("model"),
        "busInfo": info.get("bus info"),
        "sensorEntity": "Sensor A",
        "sensorEntityID": g.entities["Sensor A"]["id"],
        "sensorSubdevice": g.entities["Sensor A"]["node"],
    }
    wrong = ["%s %r, media-ctl says %r" % (k, m.get(k), v) for k, v in want.items() if m.get(k) != v]
    raw = capture_of(g, "Sensor A")
    if raw not in (m.get("captureNodes") or []):
        wrong.append("captureNodes %r lack %s" % (m.get("captureNodes"), raw))
    pads = m.get("pipeline") or []
    if not pads or (pads[0].get("entity"), pads[0].get("pad")) != ("Sensor A", 0):
        wrong.append('pipeline does not start at "Sensor A":0: %r' % pads[:1])
    for p in pads:
        ent = g.entities.get(p.get("entity"))
        if ent is None:
            wrong.append("pipeline pad of %r: no such entity in media-ctl -p" % p.get("entity"))
            continue
        if p.get("entityID") != ent["id"]:
            wrong.append("%s: entityID %r, media-ctl says %r" % (p.get("entity"), p.get("entityID"), ent["id"]))
        theirs = ent["pads"].get(p.get("pad"))
        if "code" in p:
            ours = (p["code"], p["size"]["width"], p["size"]["height"])
            if ours != theirs:
                wrong.append('"%s":%d is %s/%dx%d, media-ctl says %s' % ((p["entity"], p["pad"]) + ours + (theirs,)))
        elif theirs is not None:
            wrong.append('"%s":%d has no format, media-ctl says %s' % (p["entity"], p["pad"], theirs))
    print(
        "info: mediaCamera pipeline: %s; rateEvidence %s"
        % (
            ", ".join(
                '"%s":%d %s'
                % (
                    p["entity"],
                    p["pad"],
                    ("%s/%dx%d" % (p["code"], p["size"]["width"], p["size"]["height"])) if "code" in p else "-",
                )
                for p in pads
            ),
            json.dumps(m.get("rateEvidence")),
        ),
        flush=True,
    )
    assert not wrong, "; ".join(wrong)


def libcamera_parity(cam: Any, devices: list[dict[str, Any]]) -> None:
    text = ANSI.sub("", cam.out)
    listed = re.findall(r"^\s*\d+: '(.+)' \((.+)\)\s*$", text, re.M)
    assert cam.rc == 0 and listed, "cam -l (exit %d) listed no camera: %s" % (cam.rc, text[-400:])
    byname = {d.get("name"): d for d in devices}
    errors = []
    for name, ident in listed:
        d = byname.get(name)
        if d is None:
            errors.append("%r not in list --json" % name)
        elif not isinstance(d.get("sensor"), dict):
            errors.append("%r has no sensor" % name)
        elif d["sensor"].get("libcameraID") != ident:
            errors.append("%r: libcameraID %r, cam says %r" % (name, d["sensor"].get("libcameraID"), ident))
    print("info: cam -l: %s" % "; ".join("'%s' (%s)" % x for x in listed), flush=True)
    assert not errors, "; ".join(errors)
