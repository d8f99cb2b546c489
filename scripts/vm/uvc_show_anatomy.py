"""`show` on uvcvideo: its time beside its work (issue P27 item 4; Reports/benchmarks.md §24).

A replayed camera on the UVC gadget, one boot: `camprobe show --json NODE` and v4l2-ctl's full read of the same
node, each cold (the first command after a fresh `usbip attach`: uvcvideo fills its control cache through the
camera) and warm (the third run), interleaved, median of RUNS; wall, user and system milliseconds of each
(getrusage of the child); and warm under `setarch -R` after a run at the same addresses, which reuses that
run's TCG translations: warm minus that is what translating the code costs. Then, per command and state, one run under `valgrind --tool=callgrind --dump-instr=yes`:
instructions executed (the work) and distinct instructions executed (the code footprint, which TCG translates
once per process; oneshot_anatomy.py, §19). The binary is timed as shipped and counted as a `strip -g` copy
(valgrind 3.19 dies on this toolchain's DWARF; the copy runs the same instructions).

    scripts/vm/run-guest.sh scripts/vm/uvc_show_anatomy.py OUT CAMPROBE=/abs/camprobe [RUNS=5] \
        [CAMERAS="uvc_gadget/cameras/25-….json uvc_gadget/cameras/03-….json"]        # OUT/uvc-show.md
"""

import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from oneshot_anatomy import footprint  # noqa: E402

from guest.blocks_uvc import usbip_plug  # noqa: E402
from guest.harness import run, settle, start_udev, wait_until  # noqa: E402
from guest.uvc_common import uvc_nodes  # noqa: E402

CAMERAS = "uvc_gadget/cameras/25-emeet-smartcam-s800-4k.json uvc_gadget/cameras/03-logitech-c525-falcons.json"
V4L2CTL = "v4l2-ctl --all --list-formats-ext --list-ctrls-menus"
SHOW = "camprobe show --json"
# Warm, under `setarch -R`, after a run that made the translations (oneshot_anatomy.py, §19).
FIXED = "warm, `setarch -R`"


def argv_of(tool: str, camprobe: str, node: str) -> list[str]:
    """The command line of `tool` (SHOW or V4L2CTL) on node."""
    if tool == SHOW:
        return [camprobe, "show", node, "--json", "--no-pipewire"]
    return ["v4l2-ctl", "-d", node, "--all", "--list-formats-ext", "--list-ctrls-menus"]


def capture_node() -> str | None:
    """The gadget camera's capture node (the lowest uvcvideo /dev/video*)."""
    nodes = [n for n in uvc_nodes() if n.startswith("/dev/video")]
    return nodes[0] if nodes else None


def replug(busid: str) -> str | None:
    """usbip detach, then attach: a fresh uvcvideo with an empty control cache; the new capture node."""
    plug, unplug = usbip_plug(busid)
    unplug()
    wait_until(lambda: not uvc_nodes(), 30)
    plug()
    wait_until(lambda: len(uvc_nodes()) == 3, 60)
    run(["udevadm", "settle", "--timeout=30"], timeout=40)
    time.sleep(1)
    return capture_node()


def timed(argv: list[str]) -> tuple[float, float, float]:
    """(wall, user, sys) milliseconds of one run of argv."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime - before.ru_utime) * 1000, (after.ru_stime - before.ru_stime) * 1000


def medians(rows: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The median of each column."""
    return (
        statistics.median(r[0] for r in rows),
        statistics.median(r[1] for r in rows),
        statistics.median(r[2] for r in rows),
    )


def measure(cam: str, camprobe: str, stripped: str, runs: int, busid: str) -> list[str]:
    """The camera's markdown lines: times, then instructions."""
    tools = [SHOW, V4L2CTL]
    times: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    for i in range(runs):
        for tool in tools if i % 2 == 0 else tools[::-1]:
            node = replug(busid) or "/dev/video1"
            times.setdefault((tool, "cold"), []).append(timed(argv_of(tool, camprobe, node)))
            timed(argv_of(tool, camprobe, node))
            times.setdefault((tool, "warm"), []).append(timed(argv_of(tool, camprobe, node)))
            # At fixed addresses (no randomisation) a run reuses the translations TCG made for the run before it.
            timed(["setarch", "-R", *argv_of(tool, camprobe, node)])
            times.setdefault((tool, FIXED), []).append(timed(["setarch", "-R", *argv_of(tool, camprobe, node)]))
    counts: dict[tuple[str, str], tuple[int, int]] = {}
    for tool in tools:
        node = replug(busid) or "/dev/video1"
        counts[(tool, "cold")] = footprint(argv_of(tool, stripped, node))
        timed(argv_of(tool, camprobe, node))
        counts[(tool, "warm")] = footprint(argv_of(tool, stripped, node))
        # Kept for callgrind_annotate --inclusive=yes on the host: where the warm run's instructions go.
        keep = "callgrind-%s-%s.out" % (os.path.basename(cam).split("-")[0], "camprobe" if tool == SHOW else "v4l2-ctl")
        keep_path = os.path.join(os.environ.get("VM_OUT", "/tmp"), keep)
        run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + keep_path, *argv_of(tool, stripped, node)],
            timeout=900,
        )
    lines = [
        "### %s, median of %d, interleaved" % (os.path.basename(cam), runs),
        "",
        "| command | state | wall ms | user ms | sys ms | runs (wall) | instructions | distinct instructions |",
        "|---|---|---:|---:|---:|---|---:|---:|",
    ]
    for tool in tools:
        for state in ("cold", "warm", FIXED):
            wall, user, sys_ = medians(times[(tool, state)])
            executed, distinct = counts[(tool, "warm" if state == FIXED else state)]
            lines.append(
                "| `%s` | %s | %.1f | %.1f | %.1f | %s | %s | %s |"
                % (
                    tool,
                    state,
                    wall,
                    user,
                    sys_,
                    " ".join("%.0f" % r[0] for r in times[(tool, state)]),
                    format(executed, ","),
                    format(distinct, ","),
                )
            )
    for state in ("cold", "warm"):
        a, b = medians(times[(SHOW, state)]), medians(times[(V4L2CTL, state)])
        (ea, da), (eb, db) = counts[(SHOW, state)], counts[(V4L2CTL, state)]
        lines.append(
            "- %s, camprobe / v4l2-ctl: wall %.2f×, user+sys %.2f×, instructions %.2f×, distinct instructions %.2f×; "
            "wall gap %.1f ms, user+sys gap %.1f ms"
            % (
                state,
                a[0] / b[0],
                (a[1] + a[2]) / max(0.001, b[1] + b[2]),
                ea / max(1, eb),
                da / max(1, db),
                a[0] - b[0],
                (a[1] + a[2]) - (b[1] + b[2]),
            )
        )
    sw, sf = medians(times[(SHOW, "warm")])[0], medians(times[(SHOW, FIXED)])[0]
    vw, vf = medians(times[(V4L2CTL, "warm")])[0], medians(times[(V4L2CTL, FIXED)])[0]
    lines.append(
        "- translation (warm − warm at fixed addresses): camprobe %.1f ms, v4l2-ctl %.1f ms; "
        "the rest: camprobe %.1f ms, v4l2-ctl %.1f ms (%.2f×)" % (sw - sf, vw - vf, sf, vf, sf / max(0.001, vf))
    )
    return lines + [""]


def main() -> int:
    camprobe = os.environ.get("CAMPROBE", "")
    if not camprobe or not os.access(camprobe, os.X_OK):
        print("uvc_show_anatomy.py: set CAMPROBE=/absolute/path/to/camprobe", file=sys.stderr)
        return 2
    runs = int(os.environ.get("RUNS", "5"))
    out_dir = os.environ.get("VM_OUT", "/tmp")
    stripped = "/tmp/uvc-show-camprobe"
    run(["strip", "-g", camprobe, "-o", stripped], timeout=300)
    start_udev()
    settle()
    lines = ["guest load at start: %s" % open("/proc/loadavg").read().strip(), ""]
    for cam in os.environ.get("CAMERAS", CAMERAS).split():
        up = run([os.path.join(HERE, "uvc-gadget"), "up", os.path.join(HERE, cam)], timeout=600)
        if up.rc != 0:
            lines.append("gadget did not come up for %s: %s" % (cam, up.err[-300:]))
            continue
        try:
            settle()
            mine = measure(cam, camprobe, stripped, runs, "usbip-vudc.0")
            lines += mine
            print("\n".join(mine), flush=True)
        finally:
            run([os.path.join(HERE, "uvc-gadget"), "down"], timeout=300)
            settle()
    with open(os.path.join(out_dir, "uvc-show.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
