"""The hotplug measure's line kinds and its wait (guest/hotplug_latency.py), on lines as udevadm and
`camprobe monitor --json` print them.

cd scripts/vm && python3 -m unittest guest.test_hotplug_latency
"""

import os
import threading
import time
import unittest

from guest.hotplug_latency import Stamped, monitor_kind, udev_kind

PENDING = '{"capabilities":"pending","device":{"id":"usb-1","nodes":[{"event":"x"}]},"event":"connected","time":"t"}'
WHOLE = '{"device":{"captures":[{"controls":[{"name":"event","flags":["event"]}]}]},"event":"connected","time":"t"}'
READ = '{"device":{"captures":[]},"event":"capabilities","id":"usb-1","time":"t"}'
GONE = '{"event":"disconnected","id":"usb-1","name":"Cam","time":"t"}'
ADD = "UDEV  [25.706507] add      /devices/platform/vhci_hcd.0/usb1/1-1/1-1:1.0/video4linux/video1 (video4linux)"
INPUT = "UDEV  [25.801000] add      /devices/platform/vhci_hcd.0/usb1/1-1/1-1:1.0/input/input4 (input)"


class LineKinds(unittest.TestCase):
    def test_monitor_lines(self) -> None:
        self.assertEqual(monitor_kind(PENDING), "connected-pending")
        self.assertEqual(monitor_kind(WHOLE), "connected")
        self.assertEqual(monitor_kind(READ), "capabilities")
        self.assertEqual(monitor_kind(GONE), "disconnected")
        self.assertIsNone(monitor_kind("camprobe: monitoring"))

    def test_udev_lines(self) -> None:
        self.assertEqual(udev_kind(ADD), "add")
        self.assertIsNone(udev_kind(INPUT))  # not a node subsystem
        self.assertIsNone(udev_kind("UDEV - the event which udev sends out after rule processing"))


class Waiting(unittest.TestCase):
    def pipe(self) -> tuple[Stamped, int]:
        """A Stamped on a new pipe, and the pipe's write end (the test closes it); the read end is closed once the
        reader has seen the pipe end."""
        r, w = os.pipe()
        reader = os.fdopen(r, "rb")
        s = Stamped(reader, monitor_kind)

        def close() -> None:
            s.thread.join(10)
            reader.close()

        self.addCleanup(close)
        return s, w

    def test_woken_by_the_line_it_waits_for(self) -> None:
        s, w = self.pipe()
        threading.Timer(0.05, lambda: os.write(w, (PENDING + "\n" + READ + "\n").encode())).start()
        start = time.monotonic()
        self.assertTrue(s.wait(lambda n: n["capabilities"] + n["connected"] >= 1, 10))
        self.assertLess(time.monotonic() - start, 5)
        self.assertEqual(s.count("connected-pending"), 1)
        self.assertEqual(len(s.snapshot()), 2)
        os.close(w)

    def test_a_pipe_that_ends_without_it_stops_the_wait(self) -> None:
        s, w = self.pipe()
        os.write(w, (GONE + "\n").encode())
        os.close(w)
        start = time.monotonic()
        self.assertFalse(s.wait(lambda n: n["connected"] >= 1, 10))
        self.assertLess(time.monotonic() - start, 5)
        self.assertEqual(s.count("disconnected"), 1)

    def test_bounded_by_its_timeout(self) -> None:
        s, w = self.pipe()
        self.assertFalse(s.wait(lambda n: n["connected"] >= 1, 0.1))
        os.close(w)


if __name__ == "__main__":
    unittest.main()


class Recorder:
    """A stand-in for the suite's checks: each `expect` is kept as (name, passed)."""

    def __init__(self) -> None:
        self.checks: list[tuple[str, bool]] = []

    def expect(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append((name, ok))
        return ok


class UVCBound(unittest.TestCase):
    """Block uvc's hold on P27's bound (blocks_uvc.latency_bound) over its ten cycles."""

    def bound(self, connects: list[float], disconnects: list[float] | None = None) -> list[bool]:
        from guest import blocks_uvc

        self.assertEqual(blocks_uvc.CYCLES, len(connects))
        s = Recorder()
        kept = {"connected": connects, "disconnected": disconnects or [-5.0] * len(connects)}
        blocks_uvc.latency_bound(s, {"kept": kept})
        return [ok for _, ok in s.checks]

    def test_the_first_connect_and_one_more_may_be_slow(self) -> None:
        self.assertEqual(self.bound([61.7, 8.0, 9.0, 80.0, 7.5, 6.0, 5.0, 12.5, 9.9, 4.0]), [True, True, True])

    def test_two_slow_connects_after_the_first_fail_the_bound(self) -> None:
        checks = self.bound([20.0, 8.0, 55.0, 9.0, 7.5, 6.0, 70.0, 12.5, 9.9, 4.0])
        self.assertEqual(checks, [True, False, True])

    def test_an_unannounced_cycle_or_a_slow_disconnect_fails(self) -> None:
        self.assertFalse(all(self.bound([20.0, 8.0, float("inf"), 9.0, 7.5, 6.0, 7.0, 12.5, 9.9, 4.0])))
        self.assertEqual(self.bound([20.0] * 10, [60.0] * 10), [True, True, False])
