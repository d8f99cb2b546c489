"""The recorder block on vimc: one sensor held does not block the other."""

import os
import re

from guest.ffprobe import tail
from guest.harness import Background, Suite, read, rmmod, run, settle
from guest.recorder_common import START_DEADLINE, alive, event_lines, holder_named, said, wait_line

# 4. vimc: one sensor held does not block the other.


def vimc_sensors(s: Suite, ex: str) -> None:
    kver = os.uname().release
    if not os.path.isdir("/lib/modules/%s/kernel" % kver):
        print("info: block recorder: kernel %s has no module tree; vimc cannot be loaded here" % kver, flush=True)
        return
    if run(["modinfo", "vimc"], timeout=30).rc != 0:
        s.bad(
            "R4 vimc module is installed for %s" % kver,
            "no vimc.ko for %s: run scripts/vm/build-vimc.sh (or scripts/install-deps.sh --vm) on the host" % kver,
        )
        return
    rmmod("vivid")
    loaded = run(["modprobe", "vimc"], timeout=60)
    if not s.expect("R4 modprobe vimc", loaded.rc == 0, loaded.err.strip()[:400]):
        return
    settle()
    try:
        vimc_checks(s, ex)
    finally:
        rmmod("vimc")
        settle()


def vimc_checks(s: Suite, ex: str) -> None:
    for sensor in ("Sensor A", "Sensor B"):
        slug = sensor[-1].lower()
        a = s.camprobe(
            "apply",
            sensor,
            "--size",
            "640x480",
            stdout=s.path("recorder-vimc-apply-%s.out" % slug),
            stderr=s.path("recorder-vimc-apply-%s.err" % slug),
            timeout=180,
        )
        s.expect(
            'R4 camprobe apply "%s" --size 640x480 exits 0 (exit %d)' % (sensor, a.rc), a.rc == 0, tail(a.err or a.out)
        )
        v = s.camprobe(
            "verify",
            sensor,
            "--size",
            "640x480",
            "--frames",
            "20",
            stdout=s.path("recorder-vimc-verify-%s.out" % slug),
            stderr=s.path("recorder-vimc-verify-%s.err" % slug),
            timeout=180,
        )
        s.expect(
            'R4 camprobe verify "%s" --size 640x480 --frames 20 exits 0 (exit %d)' % (sensor, v.rc),
            v.rc == 0,
            tail(v.err or v.out),
        )

    out, err = s.path("recorder-vimc-hold.out"), s.path("recorder-vimc-hold.err")
    bg = Background([ex, "Sensor B", "--size", "640x480", "--seconds", "0", "--hold-locked", "20"], out, err)
    try:
        locked, why = wait_line(bg, out, "Locked", START_DEADLINE)
        if not s.expect(
            "R4 the recorder on \"Sensor B\" prints 'Locked:' (%s)" % (locked or "-"),
            locked,
            "%s; %s" % (why, said(out, err)),
        ):
            return
        a = s.camprobe(
            "apply",
            "Sensor A",
            "--size",
            "640x480",
            stdout=s.path("recorder-vimc-held-apply-a.out"),
            stderr=s.path("recorder-vimc-held-apply-a.err"),
            timeout=60,
        )
        s.expect(
            'R4 while "Sensor B" is locked, apply "Sensor A" --size 640x480 exits 0 (exit %d)' % a.rc,
            a.rc == 0,
            tail(a.err or a.out),
        )
        b = s.camprobe(
            "apply",
            "Sensor B",
            "--size",
            "640x480",
            stdout=s.path("recorder-vimc-held-apply-b.out"),
            stderr=s.path("recorder-vimc-held-apply-b.err"),
            timeout=60,
        )
        held = alive(bg) and not event_lines(read(out), "Unlocked")
        s.expect(
            'R4 while "Sensor B" is locked, apply "Sensor B" exits 1 naming the holder\'s pid %d, never \'recording\' (%s)'
            % (bg.pid, tail(b.err, 200)),
            b.rc == 1 and holder_named(b.err, bg.pid) and not re.search(r"recording", b.err, re.I),
            "exit %d, stderr %s%s"
            % (
                b.rc,
                tail(b.err),
                "" if held else "; the recorder no longer held the lock by then (timing or an early exit)",
            ),
        )
    finally:
        rc = bg.stop(timeout=10)
        print("info: R4 the holding recorder stopped with status %s; %s" % (rc, said(out, err)), flush=True)
