"""The library's Getting Started code (Examples/README/main.swift, the Swift blocks of
Sources/CamProbe/CamProbe.docc/GettingStarted.md) run on a real driver: the loop left by
`break` after 30 frames, then `frames()` again on the same handle (P20 item 1)."""

import os
import re

from guest.blocks_stable import one_line
from guest.harness import run


def loop_then_frames_again(s, label):
    """Runs camprobe-readme-example with one camera present; checks its 30 frames, then 30 again."""
    ex = os.path.join(os.path.dirname(s.c), "camprobe-readme-example")
    r = run(
        [ex],
        stdout=s.path("%s-getting-started.out" % label),
        stderr=s.path("%s-getting-started.err" % label),
        timeout=240,
    )

    def check():
        assert r.rc == 0, "exit %d: %s" % (r.rc, one_line(r.err)[-400:])
        frames = [tuple(int(x) for x in m.groups()) for m in re.finditer(r"^(\d+) (\d+) (\d+) (\d+)$", r.out, re.M)]
        assert frames, "no frame lines: %s" % one_line(r.out)[-400:]
        assert frames[-1][0] >= 29 and all(f[2] > 0 for f in frames), frames[-3:]
        again = re.search(r"^(\d+) frames again$", r.out, re.M)
        assert again and int(again.group(1)) == 30, "after the loop: %s" % one_line(r.out)[-300:]
        return "%d frames, the last #%d, then %s frames again on the same handle" % (
            len(frames),
            frames[-1][0],
            again.group(1),
        )

    s.check(
        lambda d: (
            "%s: the Getting Started loop left by break, then frames() again on the same handle (%s)" % (label, d)
        ),
        check,
    )
