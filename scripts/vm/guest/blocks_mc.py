"""Block vimc: a media-controller camera (vimc) against media-ctl, v4l2-ctl's
subdevice calls and libcamera's `cam`.

vimc is built out of tree by scripts/vm/build-vimc.sh (Debian's kernel lacks it)
and found through the shared root under /lib/modules/<kver>/updates. At power-on
its pipeline is inconsistent ('Sensor A':0 RGB888_1X24 → 'Debayer A':0
SRGGB8_1X8), so every capture node fails STREAMON with EPIPE until the pads agree:
exactly the failure camprobe must name and fix.

v4l2-ctl's subdevice framesize calls cost 0.3-1.3 s each under TCG: only a few
codes are asked for.
"""

import json
import os
import re
import statistics
import time

from guest.harness import rmmod, run, settle, v4l2ctl

# Codes whose sizes are compared with v4l2-ctl (name, hex as v4l2-ctl wants it).
SIZE_CODES = [("SRGGB8_1X8", "0x3014"), ("RGB888_1X24", "0x100a")]
BENCH_RUNS = 5
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def block_vimc(s):
    kver = os.uname().release
    if not os.path.isdir("/lib/modules/%s/kernel" % kver):
        print("info: block vimc: kernel %s has no module tree; vimc cannot be loaded here" % kver, flush=True)
        return
    if run(["modinfo", "vimc"], timeout=30).rc != 0:
        s.bad(
            "vimc module is installed for %s" % kver,
            "no vimc.ko for %s: run scripts/vm/build-vimc.sh (or scripts/install-deps.sh --vm) on the host" % kver,
        )
        return
    loaded = run(["modprobe", "vimc"], timeout=60)
    if not s.expect("modprobe vimc", loaded.rc == 0, loaded.err.strip()[:400]):
        return
    settle()
    try:
        vimc_checks(s)
    finally:
        rmmod("vimc")
        settle()


def vimc_checks(s):
    media = vimc_media_device()
    if not s.expect("vimc's media device found (%s)" % media, media is not None, "no /dev/media* with driver vimc"):
        return
    g = MediaGraph(media_ctl_p(s, media, "vimc-media-ctl-before.txt"))
    sensors = {n: g.entities[n]["node"] for n in ("Sensor A", "Sensor B") if n in g.entities}
    raw_a = capture_of(g, "Sensor A") or "/dev/video0"
    before_ctrls = {
        n: v4l2ctl(node, "-L", merge=True, stdout=s.path("vimc-%s-L-before.txt" % slug(n))).out
        for n, node in sensors.items()
    }

    listed = s.camprobe("list", "--json", stdout=s.path("vimc-list.json"), stderr=s.path("vimc-list.err"), timeout=180)
    devices = parse_devices(listed.out)
    s.check(
        "list --json: Sensor A and Sensor B are devices with a sensor (entity, subdev, media device, capture paths)",
        sensor_devices,
        devices,
        g,
        media,
    )
    s.check(
        "list --json: no stand-alone device for vimc's receiver nodes (%s)" % " ".join(g.video_nodes()),
        no_receiver_devices,
        devices,
        g,
    )
    if "Sensor A" in sensors:
        s.check(
            "Sensor A: codes equal v4l2-ctl --list-subdev-mbus-codes pad=0",
            codes_parity,
            s,
            devices,
            sensors["Sensor A"],
        )
        for name, hexcode in SIZE_CODES:
            s.check(
                "Sensor A %s: sizes equal v4l2-ctl --list-subdev-framesizes" % name,
                sizes_parity,
                s,
                devices,
                sensors["Sensor A"],
                name,
                hexcode,
            )

    shown = s.camprobe("show", "Sensor A", stdout=s.path("vimc-show.txt"), stderr=s.path("vimc-show.err"), timeout=180)
    s.check(
        'show "Sensor A" names the link "Sensor A":0 → "Debayer A":0 and gives a media-ctl -V fix (exit %d)' % shown.rc,
        show_text,
        shown,
        media,
    )
    shown_json = s.camprobe(
        "show", "Sensor A", "--json", stdout=s.path("vimc-show.json"), stderr=s.path("vimc-show-json.err"), timeout=180
    )
    s.check(
        'show "Sensor A" --json: device.problems has a pipeline-mismatch (exit %d)' % shown_json.rc,
        pipeline_mismatch,
        shown_json,
    )
    s.check(
        'show "Sensor A" --json: mediaCamera (the library\'s public MediaCamera) equals media-ctl -p: media device, '
        "driver and model, sensor entity and id, its subdevice node, capture node, every pipeline pad's format",
        media_camera_parity,
        shown_json,
        g,
        media,
    )

    after = media_ctl_p(s, media, "vimc-media-ctl-after.txt")
    s.expect("media-ctl -p is unchanged by list and show", after == g.text, first_diff(g.text, after))
    for n, node in sensors.items():
        now = v4l2ctl(node, "-L", merge=True, stdout=s.path("vimc-%s-L-after.txt" % slug(n))).out
        s.expect(
            "%s controls (v4l2-ctl -L %s) unchanged by list and show" % (n, node),
            now == before_ctrls[n],
            first_diff(before_ctrls[n], now),
        )

    cam = run(["cam", "-l"], merge=True, stdout=s.path("vimc-cam-l.txt"), timeout=60)
    s.check(
        "every camera cam -l lists is in list --json, with sensor.libcameraID equal to cam's id",
        libcamera_parity,
        cam,
        devices,
    )
    # libcamera's vimc handler rewrites the links when it matches (disables them all,
    # enables "Debayer B":1 -> "Scaler":0): say so, the later checks run on that graph.
    after_cam = MediaGraph(media_ctl_p(s, media, "vimc-media-ctl-after-cam.txt"))
    changed = sorted(set(after_cam.links) - set(MediaGraph(after).links))
    if changed:
        print(
            "info: cam -l changed the links: %s" % "; ".join('"%s":%d -> "%s":%d [%s]' % l for l in changed), flush=True
        )

    apply_verify(s, media, raw_a)
    lens = g.entities.get("Lens A", {}).get("node")
    if lens:
        done = s.camprobe(
            "ctl",
            "Sensor A",
            "focus_absolute=300",
            stdout=s.path("vimc-ctl.txt"),
            stderr=s.path("vimc-ctl.err"),
            timeout=120,
        )
        peer = v4l2ctl(lens, "-C", "focus_absolute", merge=True, timeout=30).out
        s.expect(
            'ctl "Sensor A" focus_absolute=300 sets it on the lens sub-device (v4l2-ctl -d %s -C focus_absolute)'
            % lens,
            done.rc == 0 and re.search(r"focus_absolute:\s*300\b", peer) is not None,
            "exit %d, %s; v4l2-ctl says %r" % (done.rc, done.err.strip()[:300], peer.strip()[:200]),
        )
    bench(s, g, media)


# The checks.


def sensor_devices(devices, g, media):
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


def no_receiver_devices(devices, g):
    nodes = set(g.video_nodes())
    stray = [
        "%s (%s)" % (d.get("name"), n["path"])
        for d in devices
        if d.get("sensor") is None
        for n in d.get("nodes") or []
        if n.get("path") in nodes
    ]
    assert not stray, "devices without a sensor own vimc's receiver nodes: %s" % ", ".join(stray)


def sensor_a(devices):
    for d in devices:
        if d.get("name") == "Sensor A" and isinstance(d.get("sensor"), dict):
            return d["sensor"]
    raise AssertionError("no device 'Sensor A' with a sensor in list --json")


def codes_parity(s, devices, subdev):
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


def sizes_parity(s, devices, subdev, name, hexcode):
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


def show_text(shown, media):
    t = shown.out
    said = (t or shown.err)[:600]
    assert '"Sensor A":0 → "Debayer A":0' in t, 'no \'"Sensor A":0 → "Debayer A":0\' in: %s' % said
    assert "media-ctl -d %s -V" % media in t, "no 'media-ctl -d %s -V' fix in: %s" % (media, said)


def pipeline_mismatch(shown_json):
    assert shown_json.out.strip(), "no JSON; stderr: %s" % shown_json.err[:400]
    d = json.loads(shown_json.out)
    kinds = [p.get("kind") for p in d["device"].get("problems") or []]
    assert "pipeline-mismatch" in kinds, "problems: %s" % kinds


def media_camera_parity(shown_json, g, media):
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


def libcamera_parity(cam, devices):
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


def apply_verify(s, media, raw):
    r = s.camprobe(
        "apply",
        "Sensor A",
        "--size",
        "640x480",
        "--format",
        "RGGB",
        stdout=s.path("vimc-apply.txt"),
        stderr=s.path("vimc-apply.err"),
        timeout=180,
    )
    s.expect(
        'apply "Sensor A" --size 640x480 --format RGGB exits 0',
        r.rc == 0,
        "exit %d: %s" % (r.rc, (r.err or r.out)[-400:]),
    )
    g = MediaGraph(media_ctl_p(s, media, "vimc-media-ctl-applied.txt"))

    def pads():
        for ent in ("Sensor A", "Debayer A"):
            fmt = g.entities.get(ent, {}).get("pads", {}).get(0)
            assert fmt == ("SRGGB8_1X8", 640, 480), "%s:0 is %s after apply" % (ent, fmt)

    s.check('after apply media-ctl -p: "Sensor A":0 and "Debayer A":0 are SRGGB8_1X8/640x480', pads)

    t = v4l2ctl(raw, "--get-fmt-video", merge=True, stdout=s.path("vimc-fmt-applied.txt")).out

    def node_fmt():
        wh = re.search(r"Width/Height\s*:\s*(\d+)/(\d+)", t)
        pf = re.search(r"Pixel Format\s*:\s*'(\w+)'", t)
        assert wh and pf and wh.groups() == ("640", "480") and pf.group(1) == "RGGB", t[:400]

    s.check("after apply v4l2-ctl -d %s --get-fmt-video says 640x480 RGGB" % raw, node_fmt)

    v = s.camprobe(
        "verify",
        "Sensor A",
        "--size",
        "640x480",
        "--format",
        "RGGB",
        "--frames",
        "30",
        "--json",
        stdout=s.path("vimc-verify.json"),
        stderr=s.path("vimc-verify.err"),
        timeout=180,
    )

    def verified():
        assert v.rc == 0, "exit %d: %s" % (v.rc, v.err[-400:])
        d = json.loads(v.out)
        st = d["stream"]
        print(
            "info: vimc verify delivered",
            st.get("deliveredFPS"),
            "received",
            st.get("framesReceived"),
            "verdict",
            d.get("verdict"),
            flush=True,
        )
        assert (st.get("deliveredFPS") or 0) > 0, st

    s.check('verify "Sensor A" 640x480 RGGB streams 30 frames and measures a delivered rate (exit %d)' % v.rc, verified)

    st = v4l2ctl(
        raw, "--stream-mmap", "--stream-count=5", merge=True, timeout=60, stdout=s.path("vimc-stream-mmap.txt")
    )
    s.expect(
        "after apply v4l2-ctl --stream-mmap on %s streams (the pipeline is valid)" % raw,
        st.rc == 0 and "VIDIOC_STREAMON returned -1" not in st.out,
        "exit %d: %s" % (st.rc, st.out[-300:]),
    )


def bench(s, g, media):
    """Information: camprobe list vs the peers that tell the same (media-ctl + v4l2-ctl) vs cam -l."""
    subdevs = [e["node"] for e in g.entities.values() if e["sensor"] and e["node"]]
    nodes = g.video_nodes()

    def peers():
        run(["media-ctl", "-p", "-d", media], timeout=60)
        for sd in subdevs:
            v4l2ctl(sd, "--list-subdev-mbus-codes", "pad=0", timeout=60)
        for n in nodes:
            v4l2ctl(n, "--all", timeout=60)

    rows = [
        ("camprobe list", lambda: s.camprobe("list", timeout=180)),
        ("media-ctl -p + %d x mbus-codes + %d x v4l2-ctl --all" % (len(subdevs), len(nodes)), peers),
        ("cam -l", lambda: run(["cam", "-l"], timeout=60)),
    ]
    lines = []
    for name, fn in rows:
        times = []
        for _ in range(BENCH_RUNS):
            t0 = time.monotonic()
            fn()
            times.append(time.monotonic() - t0)
        lines.append(
            "%-55s median %.3f s (min %.3f, max %.3f, %d runs)"
            % (name, statistics.median(times), min(times), max(times), BENCH_RUNS)
        )
    with open(s.path("bench-mc.txt"), "w") as f:
        f.write("".join(l + "\n" for l in lines))
    for l in lines:
        print("info: bench vimc: " + l, flush=True)


# Reading the peers.


def vimc_media_device():
    for n in sorted(os.listdir("/dev")):
        if n.startswith("media") and n[5:].isdigit():
            if re.search(r"^driver\s+vimc\s*$", run(["media-ctl", "-d", "/dev/" + n, "-p"], timeout=60).out, re.M):
                return "/dev/" + n
    return None


def media_ctl_p(s, media, name):
    return run(["media-ctl", "-p", "-d", media], merge=True, stdout=s.path(name), timeout=60).out


class MediaGraph:
    """media-ctl -p's text: entities with their node, sensor flag, pad formats and data links."""

    def __init__(self, text):
        self.text = text
        self.entities = {}
        self.info = {}  # the "Media device information" lines: driver, model, serial, bus info, …
        self.links = []  # (from entity, pad, to entity, pad, flags)
        ent = pad = None
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

    def video_nodes(self):
        return sorted(
            e["node"]
            for e in self.entities.values()
            if e["type"] == "Node" and e["node"] and e["node"].startswith("/dev/video")
        )


def capture_of(g, sensor):
    """The capture node on the sensor's direct enabled link (vimc's Raw Capture N)."""
    for frm, _, to, _, flags in g.links:
        node = g.entities.get(to, {}).get("node") or ""
        if frm == sensor and "ENABLED" in flags and node.startswith("/dev/video"):
            return node
    return None


def parse_mbus_codes(text):
    """`0x3014: MEDIA_BUS_FMT_SRGGB8_1X8` lines → [(hex, name or None)]."""
    out = []
    for hexcode, name in re.findall(r"^\s*(0x[0-9a-fA-F]+)(?::\s*(\S+))?\s*$", text, re.M):
        out.append((hexcode.lower(), name.replace("MEDIA_BUS_FMT_", "") if name else None))
    return out


def parse_framesizes(text):
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


def parse_devices(text):
    try:
        return json.loads(text)["devices"]
    except (ValueError, KeyError, TypeError):
        return []


def slug(name):
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()


def first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb, strict=False)):
        if x != y:
            return "line %d: %r became %r" % (i + 1, x, y)
    return "%d lines became %d" % (len(la), len(lb))
