"""How much CPU udevd uses right after vivid's last node event (Reports/benchmarks.md §18).

For CYCLES vivid load/unload cycles, udevd's CPU time (utime + stime of every udev process and of its
reaped children, from /proc, sampled every 5 ms) is taken in the 50 and 100 ms after `udevadm monitor
--udev` printed video0's add, beside the whole CPU's busy time over the same windows. Run in the guest:

    scripts/vm/run-guest.sh scripts/vm/udevd_cpu.py OUT CYCLES=20

The whole-CPU figures are rough: the sampler is itself delayed when the CPU is busy.
"""

import os
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from guest.harness import WEBCAM, modprobe, rmmod, start_udev  # noqa: E402
from guest.hotplug_latency import UDEV_LINE, Stamped  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def udevd_ticks():
    """CPU ticks of udev's processes (not udevadm) and of the children they reaped."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            stat = open("/proc/%s/stat" % pid).read()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        if "udev" in comm and "udevadm" not in comm:
            f = stat[stat.rindex(")") + 2 :].split()
            total += int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
    return total


def busy_ticks():
    cpu = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return sum(cpu) - cpu[3] - cpu[4]  # all but idle and iowait


def main():
    start_udev()
    samples = []  # (time, udevd ticks, busy ticks)
    done = threading.Event()

    def sample():
        while not done.is_set():
            samples.append((time.monotonic(), udevd_ticks(), busy_ticks()))
            time.sleep(0.005)

    udev = subprocess.Popen(["udevadm", "monitor", "--udev"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    lines = Stamped(udev.stdout)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    time.sleep(1)
    for _ in range(int(os.environ.get("CYCLES", "20"))):
        modprobe("vivid", *WEBCAM)
        time.sleep(1.5)
        rmmod("vivid")
        time.sleep(1.0)
    done.set()
    sampler.join()
    udev.terminate()

    def at(t, k):
        """Column k of the last sample taken at or before t."""
        value = samples[0][k]
        for s in samples:
            if s[0] > t:
                break
            value = s[k]
        return value

    def ms(t, width, k):
        return (at(t + width, k) - at(t, k)) * 1000 / TICK

    rows = []
    for t, line in lines.snapshot():
        g = UDEV_LINE.match(line)
        if g and g.group(1) == "add" and g.group(3) == "video4linux":
            rows.append((ms(t, 0.05, 1), ms(t, 0.1, 1), ms(t, 0.05, 2), ms(t, 0.1, 2)))
    print("after video0's add (%d ms ticks): udevd in 50 / 100 ms; whole CPU busy in 50 / 100 ms" % (1000 // TICK))
    for row in sorted(rows):
        print("  %3.0f %3.0f   %3.0f %3.0f" % row)


if __name__ == "__main__":
    main()
