#!/usr/bin/env python3
"""The real-driver suite, run INSIDE the qemu guest by run-guest.sh (one boot).

Loads vivid in several shapes plus snd-dummy and snd-aloop, starts udevd, and
checks camprobe against v4l2-ctl, arecord and itself. Prints "PASS name" /
"FAIL name: why" per check and ends with "vm: N passed, M failed"; exits 1 when
any check failed. The same results go to $VM_OUT/xunit-vm.xml (JUnit XML, one
<testsuite> per block with its seconds, one <testcase> per check; rewritten after
every block), which scripts/test counts; a per-block time summary is printed last.
The blocks live in guest/ (see README.md).

One suite, one or two guests (run-vm-suite.sh's CAMPROBE_VM_GUESTS): every guest takes the next block from
a queue they share (guest/block_queue.py: longest first, a claim file per block in $VM_OUT/claims) and
writes its results to $VM_OUT/$VM_GUEST/; `suite.py --report OUTDIR`, on the host after the guests, says
which guest ran what and fails a selected block that no guest finished (guest/block_report.py).

Env: CAMPROBE (the built binary, a host path visible in the guest),
     VM_OUT (the result directory, shared back to the host and by every guest of the run),
     VM_GUEST (this guest's name: its results go to $VM_OUT/$VM_GUEST),
     VM_BLOCKS (optional: comma-separated block names, e.g. vivid-webcams,microphones;
     an unknown name stops the suite before it runs anything, listing the names),
     CAMPROBE_DEB_WAIT, CAMPROBE_BENCH_WAIT, CAMPROBE_QUIET_WAIT (seconds: the queue passes over
     deb-install / recorder / serve, serve-load, uvc-bandwidth and uvc until the host's .deb / debug build / end of its phases
     is there, guest/block_queue.py),
     HOTPLUG_CYCLES, ALSA_CYCLES, VM_BENCH (optional).

On the host (run-vm-suite.sh): `suite.py --check-blocks NAMES` only checks NAMES (exit 2 and the list when
one is unknown), before anything is built or booted; `suite.py --unclaimed OUTDIR` prints how many selected
blocks no guest has claimed yet; `suite.py --report OUTDIR` prints who ran what and exits 1 when a block
did not run exactly once.
"""

import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compare_v4l2ctl  # noqa: E402
from guest import (  # noqa: E402
    blocks_audio,
    blocks_audioneg,
    blocks_compound,
    blocks_controls,
    blocks_doctor,
    blocks_hotplug,
    blocks_install,
    blocks_instructions,
    blocks_levels,
    blocks_mc,
    blocks_negotiate,
    blocks_pipewire,
    blocks_prometheus,
    blocks_recorder,
    blocks_serve,
    blocks_serve_load,
    blocks_snapshot,
    blocks_stable,
    blocks_uvc,
    blocks_uvc_bandwidth,
    blocks_uvc_replay,
    blocks_uvc_requests,
    blocks_vivid,
)
from guest.block_queue import CLAIMS, Queue, inputs  # noqa: E402
from guest.block_report import report  # noqa: E402
from guest.harness import Suite, loaded, modprobe, rmmod, run, settle, start_udev  # noqa: E402

BLOCKS = [
    ("vivid-webcams", blocks_vivid.block_vivid_webcams),
    ("vivid-default", blocks_vivid.block_vivid_default),
    ("vivid-inputs", blocks_vivid.block_vivid_inputs),
    ("negotiate", blocks_negotiate.block_negotiate),
    ("controls", blocks_controls.block_controls),
    ("compound-controls", blocks_compound.block_compound_controls),
    ("hotplug", blocks_hotplug.block_hotplug),
    ("monitor-hold", blocks_hotplug.block_monitor_hold),
    ("disconnect", blocks_hotplug.block_disconnect),
    ("loopback", blocks_vivid.block_loopback),
    ("vimc", blocks_mc.block_vimc),
    ("microphones", blocks_audio.block_microphones),
    ("alsa-hotplug", blocks_audio.block_alsa_hotplug),
    ("audio-negotiate", blocks_audioneg.block_audio_negotiate),
    ("doctor", blocks_doctor.block_doctor),
    ("stable-names", blocks_stable.block_stable_names),
    ("snapshot", blocks_snapshot.block_snapshot),
    ("levels", blocks_levels.block_levels),
    ("prometheus", blocks_prometheus.block_prometheus),
    ("instructions", blocks_instructions.block_instructions),
    ("recorder", blocks_recorder.block_recorder),
    ("uvc", blocks_uvc.block_uvc),
    ("uvc-replay", blocks_uvc_replay.block_uvc_replay),
    ("uvc-bandwidth", blocks_uvc_bandwidth.block_uvc_bandwidth),
    ("usb-requests", blocks_uvc_requests.block_usb_requests),
    ("pipewire", blocks_pipewire.block_pw),
    ("serve", blocks_serve.block_serve),
    ("serve-load", blocks_serve_load.block_serve_load),
    # Last: scripts/test starts the guest while test-install.sh is still building the .deb.
    ("deb-install", blocks_install.block_deb_install),
]


def selected_blocks(names):
    """The blocks named in NAMES (comma-separated; empty: all), in suite order. An unknown
    name raises ValueError with the list of names: a typo must not run nothing and pass."""
    wanted = set(filter(None, (n.strip() for n in (names or "").split(","))))
    known = [name for name, _ in BLOCKS]
    unknown = sorted(wanted - set(known))
    if unknown:
        raise ValueError(
            "unknown VM_BLOCKS name%s %s; the blocks are: %s"
            % ("s" if len(unknown) > 1 else "", ", ".join(unknown), ", ".join(known))
        )
    return [(name, block) for name, block in BLOCKS if not wanted or name in wanted]


def comparator_self_test(s):
    """The referee catches deliberately wrong answers, each at the exact field."""

    def check():
        assert compare_v4l2ctl.self_test() == 0, "see the self-test lines above"

    s.check("comparator self-test catches deliberately wrong answers", check)


def host_command(argv):
    """--check-blocks NAMES, --unclaimed OUTDIR, --report OUTDIR (run on the host; see the top)."""
    if argv[0] == "--check-blocks":
        try:
            selected_blocks(argv[1] if len(argv) > 1 else "")
        except ValueError as e:
            print("vm: %s" % e, file=sys.stderr)
            return 2
        return 0
    names = [name for name, _ in selected_blocks(os.environ.get("VM_BLOCKS", ""))]
    root = argv[1]
    if argv[0] == "--unclaimed":
        print(sum(1 for n in names if not os.path.exists(os.path.join(root, CLAIMS, n))))
        return 0
    return 1 if report(root, names) else 0


def main():
    if sys.argv[1:2] and sys.argv[1] in ("--check-blocks", "--unclaimed", "--report"):
        return host_command(sys.argv[1:])
    try:
        blocks = selected_blocks(os.environ.get("VM_BLOCKS", ""))
    except ValueError as e:
        print("vm: %s" % e, file=sys.stderr, flush=True)
        return 2
    camprobe = os.environ.get("CAMPROBE")
    if not camprobe:
        print("suite.py: set CAMPROBE to the camprobe binary", file=sys.stderr)
        return 2
    root = os.environ.get("VM_OUT") or "/tmp/vm-out"
    guest = os.environ.get("VM_GUEST", "")
    out = os.path.join(root, guest) if guest else root
    os.makedirs(out, exist_ok=True)
    try:
        boot = float(open("/proc/uptime").read().split()[0])
    except (OSError, ValueError, IndexError):
        boot = 0.0
    s = Suite(camprobe, out, HERE)
    version = run(["v4l2-ctl", "--version"], timeout=10).out.splitlines()
    print("vm: %s, %s" % (os.uname().release, version[0] if version else "no v4l2-ctl"), flush=True)
    xunit = os.path.join(out, "xunit-vm.xml")
    queue = Queue(
        root, guest or "-", [name for name, _ in blocks], inputs(dict(os.environ), root, blocks_install.guest_path)
    )
    if queue.claim("comparator-self-test"):  # host-independent: once per run, by the first guest up
        comparator_self_test(s)
    start_udev()
    modprobe("snd-dummy")
    modprobe("snd-aloop")
    s.end_block()
    s.write_xunit(xunit, complete=False)
    by_name = dict(blocks)
    while (name := queue.next()) is not None:
        block = by_name[name]
        s.begin_block(name)
        print("== block %s (guest %s)" % (name, guest or "-"), flush=True)
        try:
            block(s)
        except Exception:  # noqa: BLE001 - a broken block is a failure, and the next block still runs
            s.bad("block %s ran to the end" % name, traceback.format_exc()[-1500:])
            rmmod("vivid")
            rmmod("v4l2loopback")
            settle()
        if loaded("vivid"):  # a later block's modprobe would keep this one's vivid, and its hotplug be `present`
            print("info: block %s left vivid loaded; unloading it before the next block" % name, flush=True)
            s.expect("vivid unloads after block %s" % name, rmmod("vivid"), "rmmod failed (see the info line above)")
            settle()
        s.end_block()
        s.write_xunit(xunit, complete=False)
    s.write_xunit(xunit)
    total = sum(t for _, t in s.blocks)
    print(
        "vm: the guest kernel was up %.0f s before the suite started (boot, udev-less init, python start-up)" % boot,
        flush=True,
    )
    print(
        "vm: seconds per block: " + ", ".join("%s %.0f" % (b, t) for b, t in s.blocks) + "; total %.0f" % total,
        flush=True,
    )
    for b, t in sorted(s.blocks, key=lambda bt: -bt[1]):
        print("time: %-8s %6.1f s %5.1f %%" % (b, t, 100 * t / total if total else 0), flush=True)
    print(
        "vm: %d passed, %d failed%s" % (s.passed, s.failed, ", %d skipped" % s.skipped if s.skipped else ""), flush=True
    )
    return 0 if s.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
