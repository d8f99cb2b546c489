#!/usr/bin/env python3
"""Field-by-field comparison of `camprobe show --json` with v4l2-ctl's text.

An independent referee: it parses what v4l2-ctl prints (--list-formats-ext,
--list-ctrls-menus, --all) and checks every fourcc, size and size type, every
frame interval (our exact fraction rendered the way v4l2-ctl renders it), every
control's type, min, max, step, default, value, flags and every menu item, the
driver identity and capabilities, the active format and the frame rate.

  compare_v4l2ctl.py NODE SHOW_JSON FORMATS_TXT CTRLS_TXT ALL_TXT [IVALS_TXT]

IVALS_TXT holds `== FOURCC WxH` headers each followed by v4l2-ctl
--list-frameintervals output, used to referee the intervals camprobe reads at
both ends of stepwise/continuous size ranges (which --list-formats-ext omits).
  compare_v4l2ctl.py --self-test

Prints one `DIFF <node> <field>: camprobe=<x> v4l2-ctl=<y>` per difference and
exits 1 when there is any.
"""

import json
import sys

from compare_v4l2ctl_check import compare


def self_test():
    fmts = """ioctl: VIDIOC_ENUM_FMT
\tType: Video Capture

\t[0]: 'YUYV' (YUYV 4:2:2, csc-colorspace)
\t\tSize: Discrete 320x180
\t\t\tInterval: Discrete 0.033s (30.000 fps)
\t\t\tInterval: Discrete 0.033s (29.970 fps)
\t[1]: 'MJPG' (Motion-JPEG, compressed)
\t\tSize: Stepwise 16x16 - 1920x1080 with step 2/2
\t\t\tInterval: Stepwise 0.017s - 1.000s with step 0.017s (1.000-60.000 fps)
"""
    ctrls = """
User Controls

                     brightness 0x00980900 (int)    : min=0 max=255 step=1 default=128 value=128 flags=slider
                         string 0x0098f905 (str)    : min=2 max=4 step=1 value='  ' flags=has-payload
                   integer_menu 0x0098f907 (intmenu): min=1 max=2 default=1 value=1 (5 0x5)
\t\t\t\t1: 5 (0x5)
\t\t\t\t2: 8 (0x8)
"""
    alltxt = """Driver Info:
\tDriver name      : vivid
\tCard type        : vivid
\tBus info         : platform:vivid-000
\tDriver version   : 6.1.0
\tCapabilities     : 0x84200001
\tDevice Caps      : 0x04200001
Streaming Parameters Video Capture:
\tCapabilities     : timeperframe
\tFrames per second: 30.000 (30/1)
"""

    def dur(f):
        return {"interval": f}

    show = {
        "device": {
            "captures": [
                {
                    "path": "/dev/video0",
                    "identity": {
                        "driver": "vivid",
                        "card": "vivid",
                        "busInfo": "platform:vivid-000",
                        "version": "6.1.0",
                        "capabilities": ["video-capture", "ext-pix-format", "streaming", "device-caps"],
                        "deviceCaps": ["video-capture", "ext-pix-format", "streaming"],
                    },
                    "formats": [
                        {
                            "index": 0,
                            "fourcc": "YUYV",
                            "description": "YUYV 4:2:2",
                            "bufferType": "videoCapture",
                            "flags": ["csc-colorspace"],
                            "sizes": [
                                {
                                    "type": "discrete",
                                    "width": 320,
                                    "height": 180,
                                    "intervals": {"type": "discrete", "intervals": [dur("1/30"), dur("1001/30000")]},
                                }
                            ],
                        },
                        {
                            "index": 1,
                            "fourcc": "MJPG",
                            "description": "Motion-JPEG",
                            "bufferType": "videoCapture",
                            "flags": ["compressed"],
                            "sizes": [
                                {
                                    "type": "stepwise",
                                    "min": {"width": 16, "height": 16},
                                    "max": {"width": 1920, "height": 1080},
                                    "step": {"width": 2, "height": 2},
                                    "intervalsAtMin": {
                                        "type": "stepwise",
                                        "min": dur("1/60"),
                                        "max": dur("1/1"),
                                        "step": dur("1/60"),
                                    },
                                    "intervalsAtMax": {
                                        "type": "stepwise",
                                        "min": dur("1/60"),
                                        "max": dur("1/1"),
                                        "step": dur("1/60"),
                                    },
                                }
                            ],
                        },
                    ],
                    "controls": [
                        {
                            "key": "brightness",
                            "id": 0x00980900,
                            "type": "int",
                            "minimum": 0,
                            "maximum": 255,
                            "step": 1,
                            "defaultValue": 128,
                            "value": 128,
                            "flags": ["slider"],
                            "dimensions": [],
                            "menu": [],
                        },
                        {
                            "key": "string",
                            "id": 0x0098F905,
                            "type": "str",
                            "minimum": 2,
                            "maximum": 4,
                            "step": 1,
                            "defaultValue": 0,
                            "value": "  ",
                            "flags": ["has-payload"],
                            "dimensions": [],
                            "menu": [],
                        },
                        {
                            "key": "integer_menu",
                            "id": 0x0098F907,
                            "type": "intmenu",
                            "minimum": 1,
                            "maximum": 2,
                            "step": 1,
                            "defaultValue": 1,
                            "value": 1,
                            "flags": [],
                            "dimensions": [],
                            "menu": [{"index": 1, "value": 5}, {"index": 2, "value": 8}],
                        },
                    ],
                    "activeFormat": None,
                    "streamingParameters": {"frameInterval": dur("1/30")},
                }
            ]
        }
    }
    ivals = """== MJPG 16x16
ioctl: VIDIOC_ENUM_FRAMEINTERVALS
\tInterval: Stepwise 0.017s - 1.000s with step 0.017s (1.000-60.000 fps)
== MJPG 1920x1080
ioctl: VIDIOC_ENUM_FRAMEINTERVALS
\tInterval: Stepwise 0.017s - 1.000s with step 0.017s (1.000-60.000 fps)
"""
    failures = 0
    got = compare("/dev/video0", show, fmts, ctrls, alltxt, ivals)
    if got:
        print("self-test: expected no differences, got:\n  " + "\n  ".join(got))
        failures += 1
    # Deliberately wrong expectations must be caught, each at the exact field.
    for mutate, field in (
        (
            lambda s: s["device"]["captures"][0]["formats"][0]["sizes"][0]["intervals"]["intervals"].__setitem__(
                1, dur("1/30")
            ),
            "formats[0].sizes[0].intervals",
        ),
        (
            lambda s: s["device"]["captures"][0]["controls"][0].__setitem__("defaultValue", 127),
            "controls[brightness].default",
        ),
        (lambda s: s["device"]["captures"][0]["controls"][2]["menu"].pop(), "controls[integer_menu].menu"),
        (lambda s: s["device"]["captures"][0]["formats"][1].__setitem__("fourcc", "JPEG"), "formats[1].fourcc"),
        (
            lambda s: s["device"]["captures"][0]["formats"][1]["sizes"][0]["intervalsAtMax"].__setitem__(
                "min", dur("1/50")
            ),
            "formats[1].sizes[0].intervalsAtMax",
        ),
        (
            lambda s: s["device"]["captures"][0]["streamingParameters"]["frameInterval"].__setitem__(
                "interval", "1001/30000"
            ),
            "frameInterval",
        ),
    ):
        s = json.loads(json.dumps(show))
        mutate(s)
        got = compare("/dev/video0", s, fmts, ctrls, alltxt, ivals)
        if not any((" " + field + ":") in g for g in got):
            print("self-test: a wrong %s was not detected (got %r)" % (field, got))
            failures += 1
    print("self-test: %s" % ("ok" if failures == 0 else "%d failures" % failures))
    return 1 if failures else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) not in (6, 7):
        print(__doc__, file=sys.stderr)
        return 2
    node = argv[1]
    with open(argv[2]) as f:
        show = json.load(f)
    texts = []
    for p in argv[3:]:
        with open(p) as f:
            texts.append(f.read())
    items = compare(node, show, *texts)
    for i in items:
        print(i)
    return 1 if items else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
