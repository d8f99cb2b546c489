"""Block compound-controls: compound controls on the real driver. The default vivid capture
node carries area, u8/u16/u32 arrays and matrices and integer arrays (and rect
on kernels that have V4L2_CTRL_TYPE_RECT): `camprobe show --json` lists every
one v4l2-ctl lists, with the same type and dimensions, never reads one as a
single integer, and gives area/rect values equal to `v4l2-ctl --get-ctrl`."""

import json
import re

from guest.harness import first_capture_node, modprobe, rmmod, settle, v4l2ctl

SCALAR = {"int", "bool", "menu", "button", "int64", "ctrl_class", "str", "bitmask", "intmenu"}
LINE = re.compile(r"^\s*(\w+)\s+(0x[0-9a-f]{8})\s+\(([^)]+)\)\s*:(.*)$")


def listed_compound(text):
    """v4l2-ctl --list-ctrls lines of compound controls: {id: (key, type, dims, rest)}."""
    out = {}
    for line in text.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        key, ident, typ, rest = m.group(1), int(m.group(2), 16), m.group(3).strip(), m.group(4)
        dims = [int(d) for d in re.findall(r"\[(\d+)\]", rest.split("dims=", 1)[1])] if "dims=" in rest else []
        if typ not in SCALAR or dims:
            out[ident] = (key, typ, dims, rest)
    return out


def numbers(text):
    return [int(n) for n in re.findall(r"-?\d+", text)]


def expected_numbers(value):
    if isinstance(value, dict):
        order = ["left", "top", "width", "height"] if "left" in value else ["width", "height"]
        return [value[k] for k in order]
    return None


def block_compound_controls(s):
    modprobe("vivid")
    settle()
    try:
        node = first_capture_node()
        listing = v4l2ctl(node, "--list-ctrls", stdout=s.path("compound-controls-list-ctrls.txt"))
        shown = s.camprobe(
            "show",
            node,
            "--json",
            stdout=s.path("compound-controls-show.json"),
            stderr=s.path("compound-controls-show.err"),
        )
        wanted = listed_compound(listing.out)
        show = json.loads(shown.out)
        ours = {
            c["id"]: c for cap in show["device"]["captures"] if cap["path"] == node for c in cap.get("controls") or []
        }
        print(
            "compound-controls: %d compound controls listed by v4l2-ctl on %s: %s"
            % (len(wanted), node, ", ".join("%s (%s)" % (v[0], v[1]) for v in wanted.values())),
            flush=True,
        )

        def every_one_listed():
            assert wanted, "v4l2-ctl listed no compound control:\n" + listing.out[:600]
            missing = ["%s 0x%08x" % (v[0], i) for i, v in wanted.items() if i not in ours]
            assert not missing, "missing from camprobe: %s" % missing
            wrong = [
                "%s: %s vs camprobe %s, dims %s vs %s" % (v[0], v[1], ours[i]["type"], v[2], ours[i]["dimensions"])
                for i, v in wanted.items()
                if ours[i]["type"] != v[1] or ours[i]["dimensions"] != v[2]
            ]
            assert not wrong, wrong

        s.check("show --json lists every compound control v4l2-ctl lists, same type and dims", every_one_listed)

        def never_an_integer():
            bad = [
                "%s = %r" % (ours[i]["key"], ours[i]["value"])
                for i in wanted
                if i in ours and isinstance(ours[i].get("value"), int)
            ]
            assert not bad, bad
            for i, _v in wanted.items():
                c = ours.get(i)
                if c and isinstance(c.get("value"), list):
                    assert len(c["value"]) == c["elements"], "%s: %d values for %d elements" % (
                        c["key"],
                        len(c["value"]),
                        c["elements"],
                    )

        s.check("no compound control is read as a single integer; arrays have one value per element", never_an_integer)

        def area_rect_values():
            compared = []
            for i, v in wanted.items():
                if v[1] not in ("area", "rect"):
                    continue
                got = v4l2ctl(node, "--get-ctrl=" + v[0])
                theirs = numbers(got.out.split(":", 1)[1]) if got.rc == 0 and ":" in got.out else None
                mine = expected_numbers(ours[i].get("value"))
                print(
                    "compound-controls: %s v4l2-ctl %r, camprobe %r" % (v[0], got.out.strip(), ours[i].get("value")),
                    flush=True,
                )
                assert theirs is not None and mine == theirs, "%s: v4l2-ctl %r vs camprobe %r" % (v[0], got.out, mine)
                compared.append(v[0])
            assert compared, "no area or rect control to compare"

        s.check("area/rect values equal v4l2-ctl --get-ctrl", area_rect_values)
    finally:
        rmmod("vivid")
        settle()
