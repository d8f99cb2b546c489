"""Block uvc-bandwidth, part "beside" (P24 item 1, checked on the real driver): one camera decided beside what
already streams on its bus.

Two gadgets with real alternate-setting tables are up on the one vhci bus (vhci-hcd reserves nothing, so camprobe
plans it by the USB 2.0 rule, 100 µs per microframe; HS_USECS_ISO costs each held setting):
1. camera A (the Realtek 0bda:5801, which asks for its largest setting, 3 x 1024 B = 61 µs, in every mode) streams
   with v4l2-ctl in the background;
2. `camprobe negotiate B --preset high` (the Logitech B990, whose wish MJPG 1280x720@30 takes 3060 B = 61 µs) names A
   with the setting it holds and v4l2-ctl's pid, and gives a mode that fits beside it (ADJUSTED, exit 3);
3. `camprobe apply` of that request, then B streams in the mode applied: the two settings sysfs shows held sum within
   the budget;
4. with A stopped, the same negotiation gives the wish (nothing else streams: no bus section)."""

import json
import time

from guest.harness import Background


def beside(s, nodes, held_alt, alt_table, hs_usecs_iso, stream_argv):
    """nodes: [B990, Realtek] (as block uvc-bandwidth's twins bring them up)."""
    b, a = nodes
    label = "uvc-bandwidth-beside"
    stream_a = Background(
        stream_argv(a, ("YUYV", 640, 480, 15), 100000), s.path(label + "-a.out"), s.path(label + "-a.err")
    )
    try:
        alt_a = wait_held(held_alt, a, stream_a)
        if not s.expect(
            "uvc-bandwidth beside: camera A (%s) streams and holds alt %s" % (a, alt_a), alt_a, label + "-a.err"
        ):
            return
        us_a = hs_usecs_iso(alt_table(a).get(alt_a, 0))
        r = s.camprobe(
            "negotiate",
            b,
            "--preset",
            "high",
            "--json",
            stdout=s.path(label + ".json"),
            stderr=s.path(label + ".err"),
            timeout=300,
        )
        s.camprobe(
            "negotiate",
            b,
            "--preset",
            "high",
            stdout=s.path(label + ".txt"),
            stderr=s.path(label + "-text.err"),
            timeout=300,
        )
        try:
            doc = json.loads(r.out)
        except ValueError:
            s.bad("uvc-bandwidth beside: negotiate B --json", "exit %d: %s" % (r.rc, r.err[-300:]))
            return
        bus = doc.get("bus") or {}
        occ = bus.get("occupants") or []
        named = [o for o in occ if o.get("label") == a]
        pids = [h.get("pid") for o in named for h in o.get("holders", [])]
        s.expect(
            "uvc-bandwidth beside: negotiate B names A (%s, alt %s, v4l2-ctl pid %d) among what streams: %s"
            % (
                a,
                alt_a,
                stream_a.p.pid,
                [
                    (o.get("label"), o.get("held", {}).get("alt"), [h.get("pid") for h in o.get("holders", [])])
                    for o in occ
                ],
            ),
            len(named) == 1 and named[0]["held"]["alt"] == alt_a and stream_a.p.pid in pids,
            label + ".json",
        )
        choice = doc["decision"].get("choice") or {}
        chosen = "%s %dx%d" % (
            choice.get("fourcc", "?").strip(),
            choice.get("size", {}).get("width", 0),
            choice.get("size", {}).get("height", 0),
        )
        s.expect(
            "uvc-bandwidth beside: the wish %s does not fit beside A (%s of %s µs taken): ADJUSTED (exit 3) to %s, "
            "%s of %s µs with it"
            % (
                bus.get("wish"),
                bus.get("taken"),
                bus.get("capacity"),
                chosen,
                bus.get("loadWithChoice"),
                bus.get("capacity"),
            ),
            r.rc == 3
            and doc["decision"]["outcome"] == "adjusted"
            and bus.get("wishFits") is False
            and bus.get("taken") == us_a
            and (bus.get("loadWithChoice") or 1e9) <= bus.get("capacity", 0),
            "exit %d, %s" % (r.rc, json.dumps(bus)[:400]),
        )
        wish = bus.get("wish")
        ap = s.camprobe(
            "apply",
            b,
            "--preset",
            "high",
            "--json",
            stdout=s.path(label + "-apply.json"),
            stderr=s.path(label + "-apply.err"),
            timeout=300,
        )
        stream_b = Background(
            ["v4l2-ctl", "-d", b, "--stream-mmap", "--stream-count=100000"],
            s.path(label + "-b.out"),
            s.path(label + "-b.err"),
        )
        try:
            alt_b = wait_held(held_alt, b, stream_b)
            bytes_b = alt_table(b).get(alt_b or -1, 0)
            us_b = hs_usecs_iso(bytes_b)
            s.expect(
                "uvc-bandwidth beside: apply (exit %d) then B streams beside A: alts %s + %s held, %d + %d = %d µs "
                "of 100" % (ap.rc, alt_a, alt_b, us_a, us_b, us_a + us_b),
                ap.rc == 0 and alt_b and us_a + us_b <= 100,
                label + "-apply.err, " + label + "-b.err",
            )
        finally:
            stream_b.stop()
    finally:
        stream_a.stop()
    time.sleep(0.5)
    r = s.camprobe(
        "negotiate",
        b,
        "--preset",
        "high",
        "--json",
        stdout=s.path(label + "-alone.json"),
        stderr=s.path(label + "-alone.err"),
        timeout=300,
    )
    try:
        doc = json.loads(r.out)
        c = doc["decision"]["choice"]
        got = "%s %dx%d" % (c["fourcc"].strip(), c["size"]["width"], c["size"]["height"])
    except (ValueError, KeyError, TypeError):
        doc, got = {}, None
    s.expect(
        "uvc-bandwidth beside: with A stopped, the same negotiation gives the wish %s (got %s, exit %d, no bus section)"
        % (wish, got, r.rc),
        doc and "bus" not in doc and wish is not None and wish.startswith(got + "@") and r.rc == 0,
        label + "-alone.json",
    )
    bus_cost(s, b)


def wait_held(held_alt, node, stream, seconds=30):
    """The alternate setting `node` holds once its stream started (None when it ended first or the time ran out)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        a = held_alt(node)
        if a:
            return a
        if stream.p.poll() is not None:
            return None
        time.sleep(0.02)
    return None


def bus_cost(s, node, runs=11):
    """What reading the domain adds to one `camprobe negotiate NODE --preset high` (Reports/benchmarks.md): the same
    command with and without `--ignore-bus`, interleaved, median wall time of `runs`, and callgrind's instruction
    counts of one run each (a `strip -g` copy: valgrind 3.19 dies on this toolchain's DWARF). Figures only: written
    to uvc-bandwidth-beside-cost.json and printed as info."""
    import statistics
    import subprocess

    argv = [s.c, "negotiate", node, "--preset", "high"]
    times = {"bus": [], "ignore-bus": []}
    for _ in range(runs):
        for k, extra in (("bus", []), ("ignore-bus", ["--ignore-bus"])):
            t = time.monotonic()
            subprocess.run(argv + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
            times[k].append(time.monotonic() - t)
    out = {k: round(statistics.median(v) * 1000, 1) for k, v in times.items()}
    counts = {}
    stripped = "/tmp/cg-camprobe-beside"
    if subprocess.run(["strip", "-g", s.c, "-o", stripped]).returncode == 0:
        for k, extra in (("bus", []), ("ignore-bus", ["--ignore-bus"])):
            r = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/tmp/cg-beside.out", stripped]
                + argv[1:]
                + extra,
                capture_output=True,
                text=True,
                timeout=600,
            )
            ir = [line.split("Collected :")[-1].strip() for line in r.stderr.splitlines() if "Collected" in line]
            counts[k] = int(ir[-1]) if ir else None
    doc = {
        "command": " ".join(argv[1:]),
        "runs": runs,
        "medianMilliseconds": out,
        "instructions": counts,
        "ratioTime": round(out["bus"] / out["ignore-bus"], 3) if out["ignore-bus"] else None,
        "ratioInstructions": round(counts["bus"] / counts["ignore-bus"], 4)
        if counts.get("bus") and counts.get("ignore-bus")
        else None,
    }
    with open(s.path("uvc-bandwidth-beside-cost.json"), "w") as f:
        json.dump(doc, f, indent=1)
    print(
        "info: uvc-bandwidth beside: negotiate %s: %s ms with the bus read, %s ms with --ignore-bus (x%s); instructions %s"
        % (node, out["bus"], out["ignore-bus"], doc["ratioTime"], counts),
        flush=True,
    )
