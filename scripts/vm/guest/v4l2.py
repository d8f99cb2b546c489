"""Checks shared by the vivid blocks (A, B, C, L): camprobe vs v4l2-ctl parity,
node grouping, unchanged state, and the profile round trip."""

import json
import os
import re

import compare_grouping
import compare_v4l2ctl
from guest.harness import capture_nodes, is_mplane, load_json, read, run, v4l2ctl, write


def base(s, label, node):
    return s.path("%s-%s" % (label, os.path.basename(node)))


def stepwise_ends(formats_txt, limit=8):
    """(fourcc, 'WxH') at both ends of the first `limit` stepwise/continuous size ranges."""
    ends, fourcc = [], None
    for line in formats_txt.splitlines():
        m = re.match(r"^\t\[\d+\]: '(.{4})", line)
        if m:
            fourcc = m.group(1).strip()
        m = re.search(r"Size: (?:Stepwise|Continuous) (\d+x\d+) - (\d+x\d+)", line)
        if m and fourcc and len(ends) < 2 * limit:
            ends += [(fourcc, m.group(1)), (fourcc, m.group(2))]
    return ends


def referee_texts(node, b):
    """What v4l2-ctl says about the node, saved next to camprobe's answer: formats,
    controls, --all, and (since --list-formats-ext prints no intervals for
    stepwise/continuous sizes) the intervals at both ends of each range."""
    formats = v4l2ctl(node, "--list-formats-ext", merge=True, stdout=b + ".formats.txt").out
    ctrls = v4l2ctl(node, "--list-ctrls-menus", merge=True, stdout=b + ".ctrls.txt").out
    alltxt = v4l2ctl(node, "--all", stdout=b + ".all.txt").out
    ivals = []
    for fourcc, wh in stepwise_ends(formats):
        w, h = wh.split("x")
        r = v4l2ctl(node, "--list-frameintervals", "width=%s,height=%s,pixelformat=%s" % (w, h, fourcc), merge=True)
        ivals.append("== %s %s\n%s" % (fourcc, wh, r.out))
    ivals = "".join(ivals)
    write(b + ".ivals.txt", ivals)
    return formats, ctrls, alltxt, ivals


def parity(s, node, label):
    """`camprobe show --json` agrees with v4l2-ctl field by field and reports no problems."""
    b = base(s, label, node)
    shown = s.camprobe("show", node, "--json", stdout=b + ".camprobe.json", stderr=b + ".camprobe.err")
    formats, ctrls, alltxt, ivals = referee_texts(node, b)
    name = "parity %s %s" % (label, node)
    if shown.rc != 0:
        s.bad(name, "camprobe show exited %d: %s" % (shown.rc, shown.err))
        return
    try:
        show = json.loads(shown.out)
    except ValueError as e:
        s.bad(name, "camprobe show --json printed no JSON: %s" % e)
        return
    diffs = compare_v4l2ctl.compare(node, show, formats, ctrls, alltxt, ivals)
    write(b + ".diff", "".join(d + "\n" for d in diffs))
    nformats = sum(1 for l in formats.splitlines() if "'" in l)
    nctrls = sum(1 for l in ctrls.splitlines() if " 0x" in l)
    if diffs:
        s.bad(name, "\n".join(diffs[:40]))
    else:
        s.ok("%s (%d formats, %d controls)" % (name, nformats, nctrls))
    s.check("no problems reported %s %s" % (label, node), no_problems, show, node)


def no_problems(show, node):
    """camprobe reports no problem with the node (an empty v4l2loopback's no-formats aside)."""
    problems = [
        p for c in show["device"]["captures"] if c["path"] == node for p in c["problems"] if p["kind"] != "no-formats"
    ]
    assert not problems, json.dumps(problems)[:600]


def grouping(s, label, expected):
    """`camprobe list --json` groups nodes as v4l2-ctl --list-devices does."""
    listed = s.camprobe("list", "--json", stdout=s.path(label + "-list.json"), stderr=s.path(label + "-list.err"))
    theirs = run(["v4l2-ctl", "--list-devices"], stdout=s.path(label + "-list-devices.txt")).out

    def check():
        errors = compare_grouping.compare(json.loads(listed.out), theirs, expected)
        assert not errors, "\n".join(errors)

    s.check("list groups nodes like v4l2-ctl --list-devices " + label, check)
    return listed


def snapshot(node):
    """The node's state as v4l2-ctl reads it: format, frame interval, input and
    control values (volatile controls change by themselves and are left out)."""
    fmt = "--get-fmt-video-mplane" if is_mplane(node) else "--get-fmt-video"
    r = v4l2ctl(node, fmt, "--get-parm", "--get-input", "--list-ctrls", merge=True)
    return [l for l in r.out.splitlines() if "volatile" not in l]


def state_unchanged(s, label):
    """`list`/`show` leave every capture node's format, interval, input and controls as they were."""
    nodes = capture_nodes()
    before = {n: snapshot(n) for n in nodes}
    s.camprobe("list")
    s.camprobe("list", "--json")
    for n in nodes:
        s.camprobe("show", n, "--json")
        s.camprobe("show", n)
    for n in nodes:
        after = snapshot(n)
        b = base(s, label, n)
        write(b + ".before", "\n".join(before[n]) + "\n")
        write(b + ".after", "\n".join(after) + "\n")
        changed = [("- " + x) for x in before[n] if x not in after] + [("+ " + x) for x in after if x not in before[n]]
        s.expect(
            "state unchanged by list/show %s %s" % (label, n),
            before[n] == after,
            "\n".join(changed) or "lines reordered",
        )


def strip_volatile(x, volatile):
    """A volatile control's value (and what semantics derive from it) changes by itself between two reads."""
    if isinstance(x, dict):
        if x.get("control") in volatile or x.get("key") in volatile:
            x.pop("value", None)
        for v in x.values():
            strip_volatile(v, volatile)
    elif isinstance(x, list):
        for v in x:
            strip_volatile(v, volatile)


def comparable_show(text):
    d = json.loads(text)
    for c in d["device"]["captures"]:
        volatile = {k["key"] for k in c.get("controls") or [] if "volatile" in k["flags"]}
        strip_volatile(c.get("controls"), volatile)
        strip_volatile(c.get("semantics"), volatile)
    return d


def profile_roundtrip(s, node, label):
    """The node's profile, as JSON and as XML, validates against the published
    schemas and answers `show` exactly as the live node does."""
    b = base(s, label, node)
    live = s.camprobe("show", node, "--json", stdout=b + ".live.json")
    s.camprobe("profile", node, "--format", "json", "-o", b + ".profile.json")
    s.camprobe("profile", node, "--format", "xml", "-o", b + ".profile.xml")

    def validates():
        r = s.camprobe("profile", "validate", b + ".profile.json", b + ".profile.xml", merge=True)
        assert r.rc == 0, "exit %d: %s" % (r.rc, r.out)

    s.check("profile of %s %s validates (JSON Schema and XSD)" % (label, node), validates)
    answers = {
        kind: s.camprobe(
            "show",
            "0",
            "--json",
            "--profile",
            b + ".profile." + kind,
            stdout=b + ".from-%s.json" % kind,
            stderr=b + ".from-%s.err" % kind,
        )
        for kind in ("xml", "json")
    }

    def same():
        want = comparable_show(live.out)
        for kind, r in answers.items():
            try:
                got = comparable_show(r.out)
            except ValueError as e:
                raise AssertionError(
                    "show --profile %s printed no JSON (exit %d): %s" % (kind, r.rc, r.err[:400])
                ) from e
            keys = [k for k in want["device"] if want["device"][k] != got["device"].get(k)]
            assert got == want, "from %s differs in %s" % (kind, ", ".join("device." + k for k in keys) or "top level")

    s.check(
        "show --profile (XML and JSON) answers exactly as the live %s %s (volatile control values aside)"
        % (label, node),
        same,
    )


def show_json(s, node, label):
    """The JSON parity() saved for this node and label."""
    return load_json(base(s, label, node) + ".camprobe.json")


def saved_texts(s, node, label):
    b = base(s, label, node)
    return [read(b + ext) for ext in (".formats.txt", ".ctrls.txt", ".all.txt")]


def applied_read_back(apply_json, get_fmt_parm, width, height, fourcc, fps):
    """`camprobe apply --json`'s result and `v4l2-ctl --get-fmt-video --get-parm`'s text both say
    width x height, fourcc and fps (an assertion names the first difference)."""
    a = json.loads(apply_json)["applied"]
    wh = re.search(r"Width/Height\s*:\s*(\d+)/(\d+)", get_fmt_parm).groups()
    pf = re.search(r"Pixel Format\s*:\s*'(\w+)'", get_fmt_parm).group(1)
    got_fps = re.search(r"Frames per second:\s*([\d.]+)", get_fmt_parm).group(1)
    assert (a["after"]["width"], a["after"]["height"]) == (width, height) and wh == (str(width), str(height)), (
        a["after"],
        wh,
    )
    assert a["after"]["fourcc"] == fourcc == pf, pf
    assert abs(float(got_fps) - fps) < 0.001 and a["afterInterval"]["interval"] == "1/%d" % fps, (
        got_fps,
        a["afterInterval"],
    )
    return a
