#!/usr/bin/env python3
"""Two camprobe binaries on the same real drivers, in one boot: are their outputs byte-identical?

  scripts/vm/run-guest.sh scripts/vm/outputs_ab.py OUT CAMPROBE_A=/path/a CAMPROBE_B=/path/b

For a structure change (P26): every command a user runs on vivid (three configurations), vimc,
snd-dummy with snd-aloop and a replayed UVC camera (the C525 through the gadget) runs with A, again
with A, then with B. Outputs that differ between A's two runs carry time or state (they are named
and not compared); every other output must be equal in A and B. Writes VM_OUT/outputs-ab.md.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from guest.harness import modprobe, rmmod, run, settle, start_udev  # noqa: E402

PRESETS = ["high", "1280x720", "photo"]


def commands(binary, devices):
    """(name, argv) for every read-only command on the devices present."""
    out = [("list", [binary, "list"]), ("list-json", [binary, "list", "--json"])]
    for i in range(devices):
        d = str(i)
        out += [
            ("show-%s" % d, [binary, "show", d]),
            ("show-%s-json" % d, [binary, "show", d, "--json"]),
            ("profile-%s" % d, [binary, "profile", "write", d, "--format", "json", "-o", "-"]),
            ("profile-%s-xml" % d, [binary, "profile", "write", d, "--format", "xml", "-o", "-"]),
            ("report-%s-md" % d, [binary, "report", d, "--md", "-o", "-"]),
            ("graph-%s" % d, [binary, "graph", d]),
            ("doctor-%s-json" % d, [binary, "doctor", d, "--json"]),
        ]
        for p in PRESETS:
            out += [
                ("negotiate-%s-%s" % (d, p), [binary, "negotiate", d, "--preset", p, "--explain"]),
                ("negotiate-%s-%s-json" % (d, p), [binary, "negotiate", d, "--preset", p, "--json"]),
                ("negotiate-%s-%s-ffmpeg" % (d, p), [binary, "negotiate", d, "--preset", p, "--emit", "ffmpeg"]),
            ]
    if devices >= 2:
        out.append(("together", [binary, "negotiate", "--together", "0", "1", "--preset", "1280x720", "--json"]))
    out.append(("doctor-json", [binary, "doctor", "--json"]))
    return out


def device_count(binary):
    r = run([binary, "list", "--json"], timeout=300)
    try:
        return len(json.loads(r.out).get("devices", []))
    except ValueError:
        return 0


def outputs(binary, devices):
    got = {}
    for name, argv in commands(binary, devices):
        r = run(argv, timeout=300)
        got[name] = "exit %d\n--- stdout\n%s--- stderr\n%s" % (r.rc, r.out, r.err.replace(binary, "CAMPROBE"))
    return got


def compare(scene, a, b, out_dir, report):
    n = device_count(a)
    a1, a2, b1 = outputs(a, n), outputs(a, n), outputs(b, n)
    unstable = sorted(k for k in a1 if a1[k] != a2[k])
    compared = [k for k in a1 if k not in unstable]
    differ = sorted(k for k in compared if a1[k] != b1.get(k))
    for k in differ:
        for label, text in (("a", a1[k]), ("b", b1.get(k, ""))):
            with open(os.path.join(out_dir, "%s-%s.%s.txt" % (scene, k, label)), "w") as f:
                f.write(text)
    report.append(
        "| %s | %d | %d | %d | %s | %s |"
        % (scene, n, len(compared), len(compared) - len(differ), ", ".join(differ) or "-", ", ".join(unstable) or "-")
    )
    print(
        "outputs-ab: %s: %d devices, %d outputs compared, %d differ, %d unstable"
        % (scene, n, len(compared), len(differ), len(unstable)),
        flush=True,
    )
    return len(compared), len(differ)


def main():
    a, b = os.environ["CAMPROBE_A"], os.environ["CAMPROBE_B"]
    out_dir = os.environ.get("VM_OUT") or "/tmp/vm-out"
    os.makedirs(out_dir, exist_ok=True)
    start_udev()
    report = [
        "| scene | devices | outputs compared | equal | differ | unstable (time or state; not compared) |",
        "|---|---:|---:|---:|---|---|",
    ]
    scenes = [
        ("vivid-default", ["vivid"]),
        ("vivid-webcams", ["vivid", "n_devs=2", "node_types=0x1,0x1", "num_inputs=1,1", "input_types=0x0,0x0"]),
        (
            "vivid-mplane-hdmi",
            ["vivid", "n_devs=1", "node_types=0x1", "multiplanar=2", "num_inputs=1", "input_types=0x3"],
        ),
        ("vimc", ["vimc"]),
        ("alsa", ["snd-dummy"]),
    ]
    total = bad = 0
    for scene, mod in scenes:
        if not modprobe(*mod):
            report.append("| %s | could not load %s | | | | |" % (scene, mod[0]))
            continue
        if scene == "alsa":
            modprobe("snd-aloop")
        settle()
        c, d = compare(scene, a, b, out_dir, report)
        total, bad = total + c, bad + d
        rmmod(mod[0])
        if scene == "alsa":
            rmmod("snd-aloop")
        settle()
    cameras = os.path.join(HERE, "uvc_gadget", "cameras")
    c525 = [n for n in sorted(os.listdir(cameras)) if n.startswith("03") and n.endswith(".json")]
    up = run([os.path.join(HERE, "uvc-gadget"), "up", os.path.join(cameras, c525[0])], timeout=600)
    if up.rc == 0:
        settle()
        c, d = compare("uvc-c525", a, b, out_dir, report)
        total, bad = total + c, bad + d
        run([os.path.join(HERE, "uvc-gadget"), "down"], timeout=300)
    else:
        report.append("| uvc-c525 | the gadget did not come up (exit %d) | | | | |" % up.rc)
    report.append("")
    report.append("%d outputs compared, %d differ" % (total, bad))
    with open(os.path.join(out_dir, "outputs-ab.md"), "w") as f:
        f.write("\n".join(report) + "\n")
    print("\n".join(report), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
