"""Block uvc-replay (P18 item 2): real cameras replayed on uvcvideo. A camera's v4l2-ctl dump
(Tests/Fixtures/v4l2-ctl/, the same files as ../shared/fixtures) became a gadget description
(uvc_gadget/from_fixture.py → uvc_gadget/cameras/); the gadget comes up as that camera, and:
- uvcvideo lists exactly the fixture's formats, sizes and intervals (the formats 6.1's f_uvc can
  carry; the others are named in the description and printed here);
- `camprobe show` agrees with v4l2-ctl on the node, field by field (the suite's referee);
- `camprobe list` names the camera by the fixture's card and takes its ID from the fixture's serial;
- `verify --json` in a typical mode of the camera (guest/verify_rate.py's pick_mode) gives a verdict its own 95 %
  interval supports, and that interval is the one its frames and jitter give (P27 item 5); each camera's line
  (frames, rate, interval, verdict) is printed, and how many were decided at verify's default frame count.
UVC_REPLAY picks the cameras by prefix (default 03,25: the C525's 50 sizes and 296 intervals with
its controls, the EMEET S800's serial and 4K MJPEG; 02,03,06,16,25,30: all six); uvc_gadget/check_replay.py
runs all of them. UVC_VERIFY_FRAMES=N: verify streams N frames instead of its default."""

import json
import os
import sys

from guest import v4l2, verify_rate
from guest.blocks_stable import one_line
from guest.harness import load_json, settle, v4l2ctl, write
from guest.uvc_common import gadget, listed_device

REPLAY = os.environ.get("UVC_REPLAY", "03,25")
# --frames for verify (default: verify's own), to see whether a count decides what the default did not.
VERIFY_FRAMES = os.environ.get("UVC_VERIFY_FRAMES")


def block_uvc_replay(s):
    sys.path.insert(0, os.path.join(s.here, "uvc_gadget"))
    import from_fixture  # noqa: E402 - the description maker's own parser of v4l2-ctl's text

    cameras = os.path.join(s.here, "uvc_gadget", "cameras")
    verified = []
    for prefix in [p for p in REPLAY.split(",") if p]:
        names = sorted(n for n in os.listdir(cameras) if n.startswith(prefix) and n.endswith(".json"))
        if not s.expect(
            "uvc-replay: a replayed camera named %s* (uvc_gadget/cameras)" % prefix, len(names) == 1, str(names)
        ):
            continue
        j = replay(s, from_fixture, os.path.join(cameras, names[0]))
        if j is not None:
            verified.append(j)
    if verified:
        asked = int(VERIFY_FRAMES) if VERIFY_FRAMES else None
        defaults = [j for j in verified if j.frames_asked == asked]
        decided = [j for j in defaults if j.decided]
        enough = verify_rate.default_that_decides(defaults)
        print(
            "info: uvc-replay verify: %d of %d cameras streamed at %s were decided; %s"
            % (
                len(decided),
                len(defaults),
                "--frames %d" % asked if asked else "the default count (%d frames)" % verify_rate.DEFAULT_FRAMES,
                "no count would decide them all (a rate on the tolerance's edge)"
                if enough is None
                else "about %d frames would decide them all (each camera's own estimate)" % enough,
            ),
            flush=True,
        )


def verify_check(s, name, label, node, d):
    """verify --json in a typical mode: a verdict its interval supports, an interval its sample gives."""
    mode = verify_rate.pick_mode(d)
    if not s.expect("uvc-replay %s: a mode to verify in (uvc_gadget description)" % name, mode is not None):
        return None
    beyond_the_bus = mode.frames is not None
    if VERIFY_FRAMES and not beyond_the_bus:
        mode.frames = int(VERIFY_FRAMES)
    r = s.camprobe(
        "verify",
        node,
        *mode.args(),
        "--json",
        stdout=s.path(label + "-verify.json"),
        stderr=s.path(label + "-verify.err"),
        timeout=900 if mode.frames else 300,
    )
    try:
        doc = json.loads(r.out)
    except ValueError:
        doc = None
    what = "%s %dx%d @ %s fps" % (mode.fourcc, mode.width, mode.height, mode.fps_text)
    if not s.expect(
        "uvc-replay %s: verify streams %s and says what it measured (exit %d)" % (name, what, r.rc),
        doc is not None and r.rc in (0, 3),
        one_line(r.err),
    ):
        return None
    j = verify_rate.judge(doc)
    j.frames_asked = mode.frames
    print("info: uvc-replay %s: verify %s: %s" % (name, what, j.line()), flush=True)
    s.expect(
        "uvc-replay %s: verify's verdict %s is what its 95 %% interval supports, and the interval is its sample's"
        % (name, j.verdict.upper()),
        not j.problems,
        "; ".join(j.problems),
    )
    if beyond_the_bus:
        s.expect(
            "uvc-replay %s: %s is beyond the gadget's bus: a shortfall, beyond doubt" % (name, what),
            j.verdict == "shortfall",
            j.line(),
        )
    return j


def controls_match(s, from_fixture, name, shown, d):
    """camprobe show's controls against the fixture's: each control the description carries has the
    fixture's range and default (the gadget answered GET_MIN/MAX/RES/DEF with them; uvcvideo mapped them)."""
    carried = {k: v for k, v in (d.get("controls") or {}).items() if "min" in v and not isinstance(v["min"], list)}
    if not carried:
        return

    def check():
        dev = shown["device"]
        got = {c["key"]: c for cap in dev["captures"] for c in cap["controls"]}
        for want_name, want in sorted(carried.items()):
            key = next((k for k in got if from_fixture.uvc_controls.V4L2_NAMES.get(k) == want_name), None)
            assert key is not None, "%s missing from show (has %s)" % (want_name, sorted(got))
            c = got[key]
            have = (c["minimum"], c["maximum"], c["step"], c["defaultValue"])
            assert have == (want["min"], want["max"], want["step"], want["default"]), (key, have, want)
        return len(carried)

    s.check(
        lambda n: (
            "uvc-replay %s: show gives the fixture's range, step and default for its %d carried controls" % (name, n)
        ),
        check,
    )


def replay(s, from_fixture, path):
    import from_fixture_parse  # beside from_fixture, on the path block_uvc_replay set

    name = os.path.basename(path)[:-5]
    label = "uvc-replay-" + name.split("-")[0]
    d = load_json(path)
    fx = d["fixture"]
    exp = fx["expected"]
    print(
        "info: %s: from %s; not carried: %s" % (name, fx["source"], ", ".join(fx.get("not_carried", [])) or "-"),
        flush=True,
    )
    up = gadget(s, "up", path, timeout=600)
    write(s.path(label + "-up.err"), up.err + up.out)
    node = up.out.strip().splitlines()[-1] if up.rc == 0 and up.out.strip() else ""
    if not s.expect(
        "uvc-replay %s: the gadget comes up as that camera on uvcvideo (%s)" % (name, node),
        node.startswith("/dev/video"),
        "exit %d: %s" % (up.rc, one_line(up.err)),
    ):
        gadget(s, "down")
        return
    try:
        settle()
        text = v4l2ctl(node, "--list-formats-ext", stdout=s.path(label + "-formats.txt")).out
        got = from_fixture_parse.listing_of(text)
        diff = from_fixture_parse.diff_listing(got, exp["listing"])
        sizes = sum(len(f[1]) for f in got)
        intervals = sum(len(x[2]) for f in got for x in f[1])
        s.expect(
            "uvc-replay %s: uvcvideo lists the fixture's %s exactly (%d sizes, %d intervals)"
            % (name, "/".join(f[0] for f in got), sizes, intervals),
            diff is None,
            str(diff),
        )
        v4l2.parity(s, node, label)
        dev, _ = listed_device(s, node, label)

        def identity():
            assert dev, "not listed"
            assert dev["name"] == exp["card"], (dev["name"], exp["card"])
            if exp.get("serial"):
                assert dev["identity"].get("serial") == exp["serial"] and exp["serial"] in dev["id"], (
                    dev["id"],
                    exp["serial"],
                )
            return dev["id"]

        s.check(lambda i: "uvc-replay %s: list names it %r with ID %s" % (name, exp["card"], i), identity)
        controls_match(s, from_fixture, name, v4l2.show_json(s, node, label), d)
        judged = verify_check(s, name, label, node, d)
        summary = {
            "camera": name,
            "node": node,
            "formats": [f[0] for f in got],
            "sizes": sizes,
            "intervals": intervals,
            "id": dev["id"] if dev else None,
            "verify": judged.__dict__ if judged else None,
        }
        write(s.path(label + "-summary.json"), json.dumps(summary, indent=1, default=str) + "\n")
        return judged
    finally:
        down = gadget(s, "down")
        s.expect("uvc-replay %s: uvc-gadget down" % name, down.rc == 0, one_line(down.err))
