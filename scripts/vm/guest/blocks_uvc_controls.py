"""Block uvc's controls (P18): `ctl` on the UVC controls the gadget answers, the auto/manual coupling
as a camera does it, control changes the device pushes on its status endpoint (a UVC status
interrupt, through the patched usb_f_uvc of uvc_gadget/build-modules.sh), and why a UVC 1.5
region of interest cannot reach V4L2 on this kernel."""

import json
import time

from guest.blocks_stable import one_line
from guest.harness import Background, JsonlTail, get_ctrl, run, v4l2ctl, wait_until


def controls(s, node, desc, gadget):
    """ctl on the UVC controls the gadget answers (GET_*/SET_CUR through uvcvideo)."""
    b = desc["controls"]["brightness"]
    r = s.camprobe("ctl", node, "brightness=200", merge=True, stdout=s.path("uvc-ctl-brightness.txt"))
    s.expect(
        "ctl brightness=200: the gadget takes SET_CUR and v4l2-ctl reads 200 back (%s)" % one_line(r.out),
        r.rc == 0 and get_ctrl(node, "brightness") == "200",
        "exit %d: %s" % (r.rc, r.out),
    )
    r = s.camprobe("ctl", node, "brightness=%d" % (b["max"] + 100), merge=True, stdout=s.path("uvc-ctl-range.txt"))
    s.expect(
        "ctl brightness above the gadget's GET_MAX (%d) is refused naming the range, and the value stays 200"
        % b["max"],
        r.rc != 0 and str(b["max"]) in r.out and get_ctrl(node, "brightness") == "200",
        "exit %d: %s" % (r.rc, r.out),
    )
    state = s.camprobe("ctl", node, "--json", stdout=s.path("uvc-ctl.json"), stderr=s.path("uvc-ctl.err"))

    def ranges():
        ctrls = control_list(state.out)
        for key, name in (
            ("brightness", "brightness"),
            ("contrast", "contrast"),
            ("gain", "gain"),
            ("white_balance_temperature", "white_balance_temperature"),
            ("exposure_time_absolute", "exposure_time_absolute"),
        ):
            d, c = desc["controls"][name], ctrls[key]
            got = (c["minimum"], c["maximum"], c["step"], c["defaultValue"])
            assert got == (d["min"], d["max"], d["step"], d["default"]), (key, c)
        return ", ".join(sorted(ctrls))

    s.check(lambda names: "ctl --json: ranges and defaults are the gadget's GET_MIN/MAX/RES/DEF (%s)" % names, ranges)
    r = s.camprobe("ctl", node, "auto_exposure=1", merge=True, stdout=s.path("uvc-ctl-ae.txt"))
    s.expect(
        "ctl auto_exposure=1 (manual): the gadget takes it and v4l2-ctl reads Manual Mode back",
        r.rc == 0 and get_ctrl(node, "auto_exposure").startswith("1 "),
        "exit %d: %s; now %s" % (r.rc, r.out, get_ctrl(node, "auto_exposure")),
    )
    # uvcvideo builds the menu from the gadget's GET_RES bitmap: modes 1 (manual) and 2 (auto) are V4L2's 1 and 0.
    r = s.camprobe("ctl", node, "auto_exposure=3", merge=True, stdout=s.path("uvc-ctl-ae-bad.txt"))
    s.expect(
        "ctl auto_exposure=3 (aperture priority) is refused naming the two modes the gadget offers; the mode stays manual",
        r.rc == 1 and "0 (Auto Mode), 1 (Manual Mode)" in r.out and get_ctrl(node, "auto_exposure").startswith("1 "),
        "exit %d: %s" % (r.rc, r.out),
    )
    s.camprobe("ctl", node, "brightness=%d" % b["default"], "auto_exposure=0")
    coupling(s, node, desc)
    control_events(s, node)
    device_pushes(s, node, desc, gadget)
    no_region_of_interest(s, node, gadget)


def control_list(text):
    doc = json.loads(text)
    ctrls = doc["controls"] if isinstance(doc, dict) and "controls" in doc else doc
    return {c["key"]: c for c in ctrls}


def coupling(s, node, desc):
    """Auto exposure and white balance as the gadget couples them: while automatic, the manual control is
    the device's (uvcvideo marks it inactive and refuses a write; camprobe names the switch); set off in
    the same command, the manual value is taken; back to automatic, the device sets its own value again."""
    auto_exp = desc["controls"]["exposure_time_absolute"]["auto"]
    auto_wb = desc["controls"]["white_balance_temperature"]["auto"]
    state = s.camprobe("ctl", node, "--json", stdout=s.path("uvc-coupling.json"), stderr=s.path("uvc-coupling.err"))

    def inactive():
        ctrls = control_list(state.out)
        for key in ("exposure_time_absolute", "white_balance_temperature"):
            assert "inactive" in json.dumps(ctrls[key].get("flags")), (key, ctrls[key].get("flags"))
        return "exposure %s, temperature %s" % (
            get_ctrl(node, "exposure_time_absolute"),
            get_ctrl(node, "white_balance_temperature"),
        )

    s.check(
        lambda v: (
            "while automatic, ctl --json flags exposure_time_absolute and white_balance_temperature inactive; "
            "the device set them itself (%s)" % v
        ),
        inactive,
    )
    s.expect(
        "v4l2-ctl reads the gadget's automatic exposure (%d) and temperature (%d)" % (auto_exp, auto_wb),
        get_ctrl(node, "exposure_time_absolute") == str(auto_exp)
        and get_ctrl(node, "white_balance_temperature") == str(auto_wb),
        "exposure %s, temperature %s"
        % (get_ctrl(node, "exposure_time_absolute"), get_ctrl(node, "white_balance_temperature")),
    )
    r = s.camprobe("ctl", node, "exposure_time_absolute=300", merge=True, stdout=s.path("uvc-coupling-refused.txt"))
    s.expect(
        "ctl exposure_time_absolute=300 while auto exposure is on is refused naming auto_exposure; the device's value stays",
        r.rc != 0 and "auto_exposure" in r.out and get_ctrl(node, "exposure_time_absolute") == str(auto_exp),
        "exit %d: %s" % (r.rc, r.out),
    )
    r = s.camprobe(
        "ctl",
        node,
        "auto_exposure=1",
        "exposure_time_absolute=300",
        "white_balance_automatic=0",
        "white_balance_temperature=3300",
        merge=True,
        stdout=s.path("uvc-coupling-manual.txt"),
    )
    s.expect(
        "ctl auto_exposure=1 exposure_time_absolute=300 white_balance_automatic=0 white_balance_temperature=3300: "
        "the gadget takes both manual values and v4l2-ctl reads them back",
        r.rc == 0
        and get_ctrl(node, "exposure_time_absolute") == "300"
        and get_ctrl(node, "white_balance_temperature") == "3300",
        "exit %d: %s; exposure %s, temperature %s"
        % (r.rc, r.out, get_ctrl(node, "exposure_time_absolute"), get_ctrl(node, "white_balance_temperature")),
    )
    r = s.camprobe(
        "ctl", node, "auto_exposure=0", "white_balance_automatic=1", merge=True, stdout=s.path("uvc-coupling-auto.txt")
    )
    s.expect(
        "back to automatic, the device sets exposure %d and temperature %d again (v4l2-ctl reads them)"
        % (auto_exp, auto_wb),
        r.rc == 0
        and get_ctrl(node, "exposure_time_absolute") == str(auto_exp)
        and get_ctrl(node, "white_balance_temperature") == str(auto_wb),
        "exit %d: %s; exposure %s" % (r.rc, r.out, get_ctrl(node, "exposure_time_absolute")),
    )


def watch(s, name):
    """monitor --controls --json in the background, once it has printed the present devices."""
    events = s.path(name)
    mon = Background([s.c, "monitor", "--controls", "--json"], events, s.path(name + ".err"))
    tail = JsonlTail(events)
    wait_until(lambda: tail.count("present") > 0, 30)
    time.sleep(1)
    return mon, tail


def saw(tail, control, value, timeout=20):
    return wait_until(
        lambda: any(
            e.get("event") == "control"
            and e.get("control", {}).get("control") == control
            and e["control"].get("value") == value
            for e in tail.poll()
        ),
        timeout,
    )


def control_events(s, node):
    """uvcvideo sends a V4L2 control event to the other handles when one handle sets a control; monitor
    --controls sees it."""
    mon, tail = watch(s, "uvc-control-events.jsonl")
    v4l2ctl(node, "-c", "brightness=77")
    seen = saw(tail, "brightness", 77)
    mon.stop()
    v4l2ctl(node, "-c", "brightness=128")
    s.expect(
        "monitor --controls sees brightness become 77 when another program sets it (uvcvideo's control event)",
        seen,
        "events: %s" % [e.get("event") for e in tail.poll()][-10:],
    )


def device_pushes(s, node, desc, gadget):
    """Changes nobody on the host asked for: the gadget sends a status packet on the VideoControl interrupt
    endpoint (bStatusType 1, the unit, the selector, attribute 0 "value change", the new value); uvcvideo's
    status URB turns it into a V4L2 control event. The events can come from nowhere else: no host program
    sets anything meanwhile."""
    mon, tail = watch(s, "uvc-pushed-events.jsonl")
    try:
        p = gadget(s, "push", "brightness", "42")
        s.expect(
            "the camera pushes brightness 42 (a UVC status interrupt) and monitor --controls reports it",
            p.rc == 0 and saw(tail, "brightness", 42),
            "push exit %d: %s; events %s"
            % (p.rc, one_line(p.out + p.err), [e for e in tail.poll() if e.get("event") == "control"][-5:]),
        )
        auto_exp = desc["controls"]["exposure_time_absolute"]["auto"]
        p = gadget(s, "push", "exposure_time_absolute", str(auto_exp + 40))
        s.expect(
            "in auto exposure, the camera changes its exposure to %d by itself and monitor --controls reports it; "
            "v4l2-ctl reads it from the device" % (auto_exp + 40),
            p.rc == 0
            and saw(tail, "exposure_time_absolute", auto_exp + 40)
            and get_ctrl(node, "exposure_time_absolute") == str(auto_exp + 40),
            "push exit %d: %s; now %s" % (p.rc, one_line(p.out + p.err), get_ctrl(node, "exposure_time_absolute")),
        )
        p = gadget(s, "push", "no_such_control", "1")
        s.expect(
            "uvc-gadget push of a control the camera does not have fails naming the ones it has",
            p.rc != 0 and "brightness" in p.err,
            "exit %d: %s" % (p.rc, one_line(p.err)),
        )
    finally:
        mon.stop()
        gadget(s, "push", "brightness", str(desc["controls"]["brightness"]["default"]))


def no_region_of_interest(s, node, gadget):
    """UVC 1.5 region of interest: the gadget declares it (camera terminal bmControls bit 21, which lsusb
    decodes), but uvcvideo in 6.1 has no entry for that control (uvc_ctrl.c: uvc_ctrls[] stops at privacy,
    bit 18; V4L2_CID_UVC_REGION_OF_INTEREST_RECT came with a later kernel), so no V4L2 control exists and
    nothing can set a point of interest. camprobe says "not supported" with that evidence."""
    state = json.loads(gadget(s, "status").out or "{}")
    bm = "/sys/kernel/config/usb_gadget/%s/functions/uvc.0/control/terminal/camera/default/bmControls" % state.get(
        "gadget"
    )
    with open(bm) as f:
        declared = [int(x) for x in f.read().split()]
    lsusb = run(["lsusb", "-v", "-d", "1d6b:0102"], timeout=60).out
    v4l2 = v4l2ctl(node, "--list-ctrls").out
    r = s.camprobe("ctl", node, "--json", stdout=s.path("uvc-roi.json"), stderr=s.path("uvc-roi.err"))

    def check():
        assert len(declared) == 3 and declared[2] & 0x20, "bmControls %s lacks bit 21" % declared
        assert "region" not in v4l2.lower(), v4l2
        poi = json.loads(r.out)["pointsOfInterest"]
        for k in ("exposure", "focus"):
            assert poi[k]["supported"] is False and "V4L2_CID_UVC_REGION_OF_INTEREST_RECT" in poi[k]["note"], poi[k]
        return "lsusb: " + ("Region of Interest" if "Region of Interest" in lsusb else "bit 21 set")

    s.check(
        lambda why: (
            "the gadget declares a UVC 1.5 region of interest (%s) but uvcvideo 6.1 maps none: v4l2-ctl lists "
            "no such control and ctl --json says not supported, naming V4L2_CID_UVC_REGION_OF_INTEREST_RECT" % why
        ),
        check,
    )
