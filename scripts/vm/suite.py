#!/usr/bin/env python3
"""The real-driver suite, run INSIDE the qemu guest by run-guest.sh (one boot).

Loads vivid in several shapes plus snd-dummy and snd-aloop, starts udevd, and
checks camprobe against v4l2-ctl, arecord and itself. Prints "PASS name" /
"FAIL name: why" per check and ends with "vm: N passed, M failed"; exits 1 when
any check failed. The same results go to $VM_OUT/xunit-vm.xml (JUnit XML, one
<testsuite> per block with its seconds, one <testcase> per check; rewritten after
every block), which scripts/test counts; a per-block time summary is printed last.
The blocks live in guest/ (see README.md).

Env: CAMPROBE (the built binary, a host path visible in the guest),
     VM_OUT (result directory, shared back to the host),
     HOTPLUG_CYCLES, ALSA_CYCLES, VM_BENCH (optional).
"""
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compare_v4l2ctl  # noqa: E402
from guest import blocks_install  # noqa: E402
from guest import blocks_recorder  # noqa: E402
from guest import blocks_audio, blocks_audioneg, blocks_compound, blocks_controls, blocks_doctor, blocks_hotplug, blocks_levels, blocks_mc, blocks_negotiate, blocks_pipewire, blocks_prometheus, blocks_snapshot, blocks_stable, blocks_uvc, blocks_uvc_replay, blocks_vivid  # noqa: E402
from guest import blocks_uvc_bandwidth  # noqa: E402
from guest import blocks_uvc_requests  # noqa: E402
from guest.harness import Suite, modprobe, rmmod, run, settle, start_udev  # noqa: E402

BLOCKS = [
    ("A", blocks_vivid.block_a),
    ("B", blocks_vivid.block_b),
    ("C", blocks_vivid.block_c),
    ("H", blocks_negotiate.block_h),
    ("I", blocks_controls.block_i),
    ("K", blocks_compound.block_k),
    ("D", blocks_hotplug.block_d),
    ("E1", blocks_hotplug.block_e1),
    ("E", blocks_hotplug.block_e),
    ("L", blocks_vivid.block_loopback),
    ("M", blocks_mc.block_m),
    ("F", blocks_audio.block_f),
    ("G", blocks_audio.block_g),
    ("AN", blocks_audioneg.block_an),
    ("DR", blocks_doctor.block_dr),
    ("SP", blocks_stable.block_sp),
    ("SN", blocks_snapshot.block_sn),
    ("LV", blocks_levels.block_lv),
    ("PR", blocks_prometheus.block_pr),
    ("R", blocks_recorder.block_r),
    ("U", blocks_uvc.block_u),
    ("UR", blocks_uvc_replay.block_ur),
    ("UB", blocks_uvc_bandwidth.block_ub),
    ("USBREQ", blocks_uvc_requests.block_usbreq),
    ("PW", blocks_pipewire.block_pw),
    # Last: scripts/test starts the guest while test-install.sh is still building the .deb.
    ("DEB", blocks_install.block_deb),
]


def comparator_self_test(s):
    """The referee catches deliberately wrong answers, each at the exact field."""
    def check():
        assert compare_v4l2ctl.self_test() == 0, "see the self-test lines above"
    s.check("comparator self-test catches deliberately wrong answers", check)


def main():
    camprobe = os.environ.get("CAMPROBE")
    if not camprobe:
        print("suite.py: set CAMPROBE to the camprobe binary", file=sys.stderr)
        return 2
    out = os.environ.get("VM_OUT") or "/tmp/vm-out"
    os.makedirs(out, exist_ok=True)
    try:
        boot = float(open("/proc/uptime").read().split()[0])
    except (OSError, ValueError, IndexError):
        boot = 0.0
    s = Suite(camprobe, out, HERE)
    version = run(["v4l2-ctl", "--version"], timeout=10).out.splitlines()
    print("vm: %s, %s" % (os.uname().release, version[0] if version else "no v4l2-ctl"), flush=True)
    xunit = os.path.join(out, "xunit-vm.xml")
    comparator_self_test(s)
    start_udev()
    modprobe("snd-dummy")
    modprobe("snd-aloop")
    s.end_block()
    s.write_xunit(xunit, complete=False)
    only = set(filter(None, os.environ.get("VM_BLOCKS", "").split(",")))
    for name, block in BLOCKS:
        if only and name not in only:
            continue
        s.begin_block(name)
        print("== block %s" % name, flush=True)
        try:
            block(s)
        except Exception:  # noqa: BLE001 - a broken block is a failure, and the next block still runs
            s.bad("block %s ran to the end" % name, traceback.format_exc()[-1500:])
            rmmod("vivid")
            rmmod("v4l2loopback")
            settle()
        s.end_block()
        s.write_xunit(xunit, complete=False)
    s.write_xunit(xunit)
    total = sum(t for _, t in s.blocks)
    print("vm: the guest kernel was up %.0f s before the suite started (boot, udev-less init, python start-up)" % boot, flush=True)
    print("vm: seconds per block: " + ", ".join("%s %.0f" % (b, t) for b, t in s.blocks) + "; total %.0f" % total, flush=True)
    for b, t in sorted(s.blocks, key=lambda bt: -bt[1]):
        print("time: %-8s %6.1f s %5.1f %%" % (b, t, 100 * t / total if total else 0), flush=True)
    print("vm: %d passed, %d failed%s" % (s.passed, s.failed, ", %d skipped" % s.skipped if s.skipped else ""), flush=True)
    return 0 if s.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
