"""The guest suite's blocks keep their names: VM_BLOCKS, run-vm-suite.sh and the JUnit results name them, and the
results before and after a change are compared by them. The list is suite.py's BLOCKS as it was at 9facb69, with
"instructions" (P26 item 7, the instruction gate) added after "prometheus". Below them, the queue two guests
share (guest/block_queue.py) and the report that fails a block no guest ran (guest/block_report.py).

    cd scripts/vm && python3 -m unittest guest.test_blocks
"""

import os
import tempfile
import unittest
import xml.etree.ElementTree as ET

import suite

from guest import block_queue, block_report

NAMES = [
    "vivid-webcams",
    "vivid-default",
    "vivid-inputs",
    "negotiate",
    "controls",
    "compound-controls",
    "hotplug",
    "monitor-hold",
    "disconnect",
    "loopback",
    "vimc",
    "microphones",
    "alsa-hotplug",
    "audio-negotiate",
    "doctor",
    "stable-names",
    "snapshot",
    "levels",
    "prometheus",
    "instructions",
    "recorder",
    "uvc",
    "uvc-replay",
    "uvc-bandwidth",
    "usb-requests",
    "pipewire",
    "serve",
    "serve-load",
    "deb-install",
]


class BlockNames(unittest.TestCase):
    def test_the_suite_registers_the_same_blocks_in_the_same_order(self) -> None:
        names = [name for name, _ in suite.BLOCKS]
        print("\nguest blocks: " + ",".join(names))
        self.assertEqual(names, NAMES)

    def test_every_block_is_a_function_of_the_suite(self) -> None:
        for name, block in suite.BLOCKS:
            self.assertTrue(callable(block), name)
            self.assertTrue(block.__module__.startswith("guest."), (name, block.__module__))

    def test_a_selection_keeps_the_suite_order_and_an_unknown_name_is_refused(self) -> None:
        self.assertEqual([n for n, _ in suite.selected_blocks("uvc,recorder")], ["recorder", "uvc"])
        with self.assertRaises(ValueError):
            suite.selected_blocks("recorder,no-such-block")


def write(path: str, text: str) -> None:
    with open(path, "w") as f:
        f.write(text)


class FakeTime:
    """A clock that only moves when the queue sleeps; `on_sleep` runs at each sleep (the host making a file)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps = 0
        self.on_sleep = lambda: None

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        if self.sleeps > 1000:  # a queue that never stops waiting fails here instead of hanging the tests
            raise AssertionError("still waiting after %d polls" % self.sleeps)
        self.now += seconds
        self.on_sleep()


class SharedQueue(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.said: list[str] = []

    def tearDown(self) -> None:
        self.tmp.cleanup()

    def queue(
        self, guest: str, names: list[str], needs: dict[str, block_queue.Input] | None = None, t: FakeTime | None = None
    ) -> block_queue.Queue:
        t = t or FakeTime()
        return block_queue.Queue(self.root, guest, names, needs, t.clock, t.sleep, self.said.append)

    def test_every_block_has_a_time_and_the_queue_is_longest_first(self) -> None:
        names = [name for name, _ in suite.BLOCKS]
        self.assertEqual(sorted(block_queue.SECONDS), sorted(names))
        order = block_queue.queue_order(names)
        self.assertEqual(order[:3], ["serve", "uvc-bandwidth", "recorder"])
        self.assertEqual(order[-1], "loopback")
        seconds = [block_queue.SECONDS[n] for n in order]
        self.assertEqual(seconds, sorted(seconds, reverse=True))
        # An untimed block goes early (it may be long); equals keep the suite order.
        self.assertEqual(
            block_queue.queue_order(["doctor", "new-block", "monitor-hold", "disconnect"]),
            ["new-block", "monitor-hold", "disconnect", "doctor"],
        )

    def test_two_guests_claim_each_block_once_longest_first(self) -> None:
        names = ["microphones", "serve", "doctor", "hotplug"]
        a, b = self.queue("a", names), self.queue("b", names)
        taken = [("a", a.next()), ("b", b.next()), ("b", b.next()), ("a", a.next())]
        self.assertEqual(taken, [("a", "serve"), ("b", "hotplug"), ("b", "doctor"), ("a", "microphones")])
        self.assertIsNone(a.next())
        self.assertIsNone(b.next())
        with open(os.path.join(self.root, "claims", "hotplug")) as f:
            self.assertEqual(f.read().split()[0], "b")
        # A claim is exclusive: a second claim of a claimed block fails.
        self.assertFalse(a.claim("hotplug"))
        self.assertTrue(a.claim("comparator-self-test"))
        self.assertFalse(b.claim("comparator-self-test"))

    def test_a_block_whose_input_is_missing_is_passed_over_then_waited_for(self) -> None:
        deb = os.path.join(self.root, "camprobe.deb")
        needs = {"serve": block_queue.Input([deb, deb + ".missing"], 3600, "the host's .deb")}
        t = FakeTime()
        q = self.queue("a", ["serve", "doctor", "microphones"], needs, t)
        self.assertEqual([q.next(), q.next()], ["doctor", "microphones"])  # serve is the longest, but not ready
        self.assertEqual(t.sleeps, 0)
        t.on_sleep = lambda: open(deb + ".missing", "w").close() if t.sleeps == 3 else None
        self.assertEqual(q.next(), "serve")  # waited (3 polls) until the host said
        self.assertEqual(t.sleeps, 3)
        self.assertEqual(
            [m for m in self.said if "passed over" in m], ["info: queue: serve waits for the host's .deb; passed over"]
        )
        self.assertIsNone(q.next())

    def test_a_missing_input_is_waited_for_no_longer_than_its_limit(self) -> None:
        needs = {"recorder": block_queue.Input([os.path.join(self.root, "never")], 10, "the debug build")}
        t = FakeTime()
        q = self.queue("a", ["recorder"], needs, t)
        self.assertEqual(q.next(), "recorder")  # taken after the limit; the block itself says what is missing
        self.assertEqual(t.sleeps, 5)
        self.assertIn("after 10 s", self.said[-1])

    def test_inputs_are_what_scripts_test_asks_to_wait_for(self) -> None:
        self.assertEqual(block_queue.inputs({"CAMPROBE_DEB": "/x.deb", "CAMPROBE_BENCH": "/b"}, "/vmout", str), {})
        env = {
            "CAMPROBE_DEB": "/h/out/camprobe.deb",
            "CAMPROBE_DEB_WAIT": "60",
            "CAMPROBE_BENCH": "/b",
            "CAMPROBE_BENCH_WAIT": "9",
        }
        got = block_queue.inputs(env, "/vmout", lambda p: p.replace("/h/out", "/vmout"))
        self.assertEqual(got["deb-install"].paths, ["/vmout/camprobe.deb", "/vmout/camprobe.deb.missing"])
        self.assertEqual((got["recorder"].paths, got["recorder"].limit), (["/vmout/debug-build.done"], 9.0))
        self.assertNotIn("serve", got)

    def test_the_console_blocks_wait_for_the_host_phases_when_asked(self) -> None:
        got = block_queue.inputs({"CAMPROBE_QUIET_WAIT": "30"}, "/vmout", str)
        self.assertEqual(sorted(got), ["serve", "serve-load", "uvc", "uvc-bandwidth"])
        self.assertEqual((got["serve"].paths, got["serve"].limit), (["/vmout/host-phases.done"], 30.0))
        with tempfile.TemporaryDirectory() as root:
            said: list[str] = []
            q = block_queue.Queue(
                root,
                "a",
                ["serve", "doctor"],
                block_queue.inputs({"CAMPROBE_QUIET_WAIT": "30"}, root, str),
                say=said.append,
            )
            self.assertEqual(q.next(), "doctor")  # serve is longer, but passed over
            open(os.path.join(root, block_queue.HOST_DONE), "w").close()
            self.assertEqual(q.next(), "serve")
            self.assertIn("info: queue: serve waits for the host's build and tests to end; passed over", said)


class QueueReport(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        os.makedirs(os.path.join(self.root, "claims"))

    def tearDown(self) -> None:
        self.tmp.cleanup()

    def ran(self, guest: str, *blocks: tuple[str, float]) -> None:
        os.makedirs(os.path.join(self.root, guest))
        root = ET.Element("testsuites")
        ET.SubElement(root, "testsuite", name="setup", time="1.0")
        for name, secs in blocks:
            suite_el = ET.SubElement(root, "testsuite", name=name, time="%.1f" % secs)
            ET.SubElement(suite_el, "testcase", classname=name, name="a check")
            write(os.path.join(self.root, "claims", name), "%s 1\n" % guest)
        ET.ElementTree(root).write(os.path.join(self.root, guest, "xunit-vm.xml"))

    def failures(self) -> dict[str, str]:
        root = ET.parse(os.path.join(self.root, block_report.QUEUE_XUNIT)).getroot()
        return {c.get("classname", ""): c.findtext("failure", "") for c in root.iter("testcase")}

    def test_every_block_ran_once_writes_no_testcase(self) -> None:
        self.ran("a", ("serve", 200.0), ("doctor", 10.0))
        self.ran("b", ("hotplug", 100.0))
        self.assertEqual(
            block_report.guest_runs(self.root), {"a": [("serve", 200.0), ("doctor", 10.0)], "b": [("hotplug", 100.0)]}
        )
        self.assertEqual(block_report.report(self.root, ["serve", "hotplug", "doctor"]), 0)
        self.assertEqual(self.failures(), {})

    def test_a_block_nobody_ran_or_two_ran_is_a_failure(self) -> None:
        self.ran("a", ("serve", 200.0), ("doctor", 10.0))
        self.ran("b", ("doctor", 12.0))
        write(os.path.join(self.root, "claims", "hotplug"), "b 1764400000\n")  # b died inside it
        self.assertEqual(block_report.report(self.root, ["serve", "hotplug", "doctor", "vimc"]), 3)
        got = self.failures()
        self.assertEqual(sorted(got), ["doctor", "hotplug", "vimc"])
        self.assertIn("guests a and b", got["doctor"])
        self.assertIn("claimed by guest b at 1764400000", got["hotplug"])
        self.assertIn("no guest claimed it", got["vimc"])


if __name__ == "__main__":
    unittest.main()
