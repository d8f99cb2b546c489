"""Guest check (scripts/vm/run-guest.sh): real cameras replayed on uvcvideo.

For each uvc_gadget/cameras/*.json (made by from_fixture.py from the v4l2-ctl
dumps in Tests/Fixtures/v4l2-ctl/<name>/, a copy of ../shared/fixtures): `uvc-gadget up` it, then
- the description is what from_fixture.py makes from the fixture today;
- `v4l2-ctl --list-formats-ext` equals the fixture's listing restricted to the
  formats the description carries: fourccs in order, every size in order, every
  interval line ("0.033s (29.970 fps)") in order, exactly;
- `v4l2-ctl --info`: driver uvcvideo, card = the fixture's card (6.1 form, see
  from_fixture.py), Media Driver Info serial = the fixture's serial;
- `v4l2-ctl --list-ctrls-menus`: every carried control's range and default, and auto_exposure's menu items
  and default as described (when the description has them);
- streams 2 frames of each carried fourcc at its first size and checks their
  size (raw formats: exactly 2*w*h*bpp/8; MJPEG: not empty);
then `uvc-gadget down`. Prints PASS/FAIL lines and per-camera seconds; writes
$VM_OUT/replay-summary.json and the raw outputs under $VM_OUT/<camera>/.
REPLAY_CAMERAS=02,25 limits the cameras (prefixes); REPLAY_STREAM=0 skips streaming.
Exit status 0 when every check passed.
"""

import glob
import json
import os
import subprocess
import sys
import time

VM = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, VM)
sys.path.insert(0, os.path.join(VM, "uvc_gadget"))
import from_fixture  # noqa: E402
import from_fixture_parse  # noqa: E402

from guest.harness import settle, start_udev  # noqa: E402

OUT = os.environ.get("VM_OUT", "/tmp/check_replay")
UG = os.path.join(VM, "uvc-gadget")
CAMS = os.path.join(VM, "uvc_gadget", "cameras")
FIXTURES = os.path.join(
    os.path.dirname(os.path.dirname(VM)), "Tests", "Fixtures"
)  # the same dumps as ../shared/fixtures
os.makedirs(OUT, exist_ok=True)
LOG = open(os.path.join(OUT, "check_replay.log"), "w")
AE_UVC_TO_V4L2 = {v: k for k, v in from_fixture.AE_V4L2_TO_UVC.items()}
BPP = {"YUYV": 16, "NV12": 12, "YU12": 12}


def say(*a):
    line = " ".join(str(x) for x in a)
    print(line, flush=True)
    LOG.write(line + "\n")
    LOG.flush()


def sh(argv, timeout=300, out=None):
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
        rc, so, se = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc = 124
        so = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        se = (e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")) + "\n(timeout)"
    dt = time.monotonic() - t0
    say("  $ %s  -> rc %d (%.1f s)" % (" ".join(argv), rc, dt))
    if out:
        with open(out, "w") as f:
            f.write(so + ("\n--- stderr ---\n" + se if se.strip() else ""))
    return rc, so, se


class Camera:
    def __init__(self, name):
        self.name = name
        self.checks = []  # (ok, what, detail)
        self.times = {}

    def check(self, ok, what, detail=""):
        say("%s %s: %s%s" % ("PASS" if ok else "FAIL", self.name, what, (" — " + detail) if detail and not ok else ""))
        self.checks.append({"ok": bool(ok), "check": what, "detail": detail})
        return ok


def parse_info(text):
    f = from_fixture_parse.field
    return {
        "driver": f(text, "Driver name"),
        "card": f(text, "Card type"),
        "serial": f(text, "Serial"),
        "bus": f(text, "Bus info"),
    }


def check_camera(path):
    name = os.path.basename(path)[:-5]
    cam = Camera(name)
    odir = os.path.join(OUT, name)
    os.makedirs(odir, exist_ok=True)
    with open(path) as f:
        d = json.load(f)
    fx = d.get("fixture", {})
    exp = fx.get("expected", {})
    say("== %s (%s; not carried: %s)" % (name, fx.get("source"), ", ".join(fx.get("not_carried", [])) or "-"))
    for n in fx.get("notes", []):
        if "not replayable" not in n:
            say("   note: " + n)

    # The description is what from_fixture.py makes of the fixture now.
    src = os.path.join(FIXTURES, fx.get("source", "")[len("fixtures/") :])
    if os.path.isdir(src) or os.path.isfile(src):
        err, sys.stderr = sys.stderr, open(os.devnull, "w")  # its notes are printed above
        try:
            fresh, fexp = from_fixture.describe(src)
        finally:
            sys.stderr.close()
            sys.stderr = err
        cam.check(
            fresh is not None and from_fixture.dump(fresh) == from_fixture.dump(d),
            "description up to date with the fixture (from_fixture.py)",
            "regenerate: from_fixture.py --all %s %s" % (os.path.join(FIXTURES, "v4l2-ctl"), CAMS),
        )
        if fexp:
            exp = fexp
    else:
        cam.check(False, "fixture present", src)

    t0 = time.monotonic()
    rc, so, se = sh([UG, "up", path], timeout=400, out=os.path.join(odir, "up.txt"))
    cam.times["up"] = round(time.monotonic() - t0, 1)
    node = so.strip().splitlines()[-1] if rc == 0 and so.strip() else None
    if not cam.check(node is not None, "uvc-gadget up (%.1f s)" % cam.times["up"], se.strip()[-600:]):
        sh([UG, "down"], timeout=120)
        return cam
    t1 = time.monotonic()
    try:
        rc, so, se = sh(
            ["v4l2-ctl", "-d", node, "--list-formats-ext"], timeout=60, out=os.path.join(odir, "list-formats-ext.txt")
        )
        got = from_fixture_parse.listing_of(so)
        dl = from_fixture_parse.diff_listing(got, exp.get("listing", []))
        nsz = sum(len(f[1]) for f in got)
        niv = sum(len(x[2]) for f in got for x in f[1])
        cam.check(
            rc == 0 and dl is None,
            "--list-formats-ext equals the fixture's carried formats "
            "(%d formats, %d sizes, %d intervals)" % (len(got), nsz, niv),
            dl or se.strip(),
        )
        # Descriptions are the kernel's, not the camera's (informational).
        gotf = from_fixture_parse.parse_formats(so)
        say("   info: format descriptions here: %s" % [(f["fourcc"], f["desc"], f["compressed"]) for f in gotf])

        rc, so, se = sh(["v4l2-ctl", "-d", node, "--info"], timeout=60, out=os.path.join(odir, "info.txt"))
        info = parse_info(so)
        cam.check(info["driver"] == "uvcvideo", "driver uvcvideo", str(info["driver"]))
        fc = exp.get("card_in_fixture")
        cam.check(
            info["card"] == exp.get("card"),
            "card %r%s"
            % (exp.get("card"), "" if fc == exp.get("card") else " (fixture: %r; see from_fixture.py)" % fc),
            "got %r" % info["card"],
        )
        cam.check(info["serial"] == exp.get("serial"), "serial %r" % exp.get("serial"), "got %r" % info["serial"])
        say("   info: bus info %s (the fixture's host bus is not replayed)" % info["bus"])

        ctl = d.get("controls") or {}
        rc, so, se = sh(
            ["v4l2-ctl", "-d", node, "--list-ctrls-menus"], timeout=60, out=os.path.join(odir, "list-ctrls-menus.txt")
        )
        got_c = from_fixture_parse.parse_controls(so)
        say("   info: controls here: %s" % (", ".join(sorted(got_c)) or "none"))
        if ctl:
            for name, b in sorted(ctl.items()):
                if name == "auto_exposure_mode" or "min" not in b or isinstance(b["min"], list):
                    continue
                key = next((k for k in got_c if from_fixture.uvc_controls.V4L2_NAMES.get(k) == name), None)
                g = got_c.get(key, {})
                # v4l2-ctl prints no step for booleans and menus: compare what it prints.
                want = {k: b[k] for k in ("min", "max", "step", "default") if k in g or k != "step"}
                if g.get("type") == "bool":
                    want = {"default": b["default"]}
                have = {k: g.get(k) for k in want}
                cam.check(have == want, "%s %s" % (key or name, want), "got %s" % have)
            ae = ctl.get("auto_exposure_mode")
            if ae:
                g = got_c.get("auto_exposure", {})
                want_items = sorted(AE_UVC_TO_V4L2[m] for m in ae["modes"])
                want_def = AE_UVC_TO_V4L2[ae["default"]]
                have = (sorted(g.get("items", {})), g.get("default"))
                cam.check(
                    have == (want_items, want_def),
                    "auto_exposure menu items %s default %d" % (want_items, want_def),
                    "got items %s default %s" % have,
                )

        if os.environ.get("REPLAY_STREAM", "1") != "0":
            done = set()
            for f0 in d["formats"]:
                fcc = {"mjpeg": "MJPG", "yuyv": "YUYV", "nv12": "NV12", "yu12": "YU12"}[f0["type"]]
                if fcc in done:
                    continue  # the same fourcc again: S_FMT picks the first of them
                done.add(fcc)
                fr0 = f0["frames"][0]
                w, h = fr0["width"], fr0["height"]
                raw = os.path.join("/tmp", "replay-%s.raw" % name)
                t2 = time.monotonic()
                rc, so, se = sh(
                    [
                        "v4l2-ctl",
                        "-d",
                        node,
                        "--set-fmt-video=width=%d,height=%d,pixelformat=%s" % (w, h, fcc),
                        "--stream-mmap",
                        "--stream-count=2",
                        "--stream-to=" + raw,
                    ],
                    timeout=120,
                    out=os.path.join(odir, "stream-%s.txt" % fcc),
                )
                dt = round(time.monotonic() - t2, 1)
                cam.times["stream " + fcc] = dt
                size = os.path.getsize(raw) if os.path.exists(raw) else 0
                if fcc in BPP:
                    want = 2 * w * h * BPP[fcc] // 8
                    ok, why = size == want, "%d bytes, expected %d" % (size, want)
                else:
                    ok, why = size > 0, "%d bytes" % size
                cam.check(
                    rc == 0 and ok,
                    "stream 2 frames %s %dx%d (%.1f s, %d bytes)" % (fcc, w, h, dt, size),
                    "rc %d, %s; %s" % (rc, why, se.strip()[-300:]),
                )
                if os.path.exists(raw):
                    os.unlink(raw)
    finally:
        cam.times["checks"] = round(time.monotonic() - t1, 1)
        t3 = time.monotonic()
        rc, so, se = sh([UG, "down"], timeout=120)
        cam.times["down"] = round(time.monotonic() - t3, 1)
        cam.check(rc == 0, "uvc-gadget down (%.1f s)" % cam.times["down"], se.strip()[-300:])
        st = os.environ.get("UVC_GADGET_STATE", "/run/uvc-gadget")
        if os.path.exists(os.path.join(st, "app.log")):
            subprocess.run(["cp", os.path.join(st, "app.log"), os.path.join(odir, "app.log")])
            with open(os.path.join(st, "app.log"), "w"):
                pass
        subprocess.run("dmesg | tail -40 > %s" % os.path.join(odir, "dmesg-tail.txt"), shell=True)
    return cam


def main():
    t_all = time.monotonic()
    start_udev()
    settle()
    only = [x for x in os.environ.get("REPLAY_CAMERAS", "").split(",") if x]
    paths = sorted(glob.glob(os.path.join(CAMS, "*.json")))
    if only:
        paths = [p for p in paths if any(os.path.basename(p).startswith(o) for o in only)]
    results = []
    for p in paths:
        t0 = time.monotonic()
        cam = check_camera(p)
        cam.times["total"] = round(time.monotonic() - t0, 1)
        ok = all(c["ok"] for c in cam.checks)
        say(
            "%s %s (%.1f s: up %s, checks %s, down %s)"
            % (
                "PASS" if ok else "FAIL",
                cam.name,
                cam.times["total"],
                cam.times.get("up"),
                cam.times.get("checks"),
                cam.times.get("down"),
            )
        )
        results.append({"camera": cam.name, "ok": ok, "times": cam.times, "checks": cam.checks})
    total = round(time.monotonic() - t_all, 1)
    nfail = sum(1 for r in results if not r["ok"])
    summary = {
        "cameras": results,
        "passed": len(results) - nfail,
        "failed": nfail,
        "seconds": total,
        "kernel": os.uname().release,
    }
    with open(os.path.join(OUT, "replay-summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    say("replay: %d cameras, %d passed, %d failed, %.1f s" % (len(results), len(results) - nfail, nfail, total))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
