"""The suite's work cut without cutting a check: settle() replays every device once, then only the subsystems the
checks read; uvc-bandwidth brings the twins' cameras up once for their own modes and the pair.

    cd scripts/vm && python3 -m unittest guest.test_suite_speed
"""

import unittest
from unittest import mock

from guest import blocks_uvc_bandwidth, harness


class Settle(unittest.TestCase):
    def test_the_first_settle_replays_every_device_and_later_ones_only_the_checks_subsystems(self) -> None:
        calls: list[list[str]] = []
        with (
            mock.patch.object(harness, "run", side_effect=lambda argv, **kw: calls.append(argv)),
            mock.patch.object(harness, "_settled_all", [False]),
        ):
            harness.settle()
            harness.settle()
        triggers = [c for c in calls if c[:2] == ["udevadm", "trigger"]]
        self.assertEqual(triggers[0], ["udevadm", "trigger", "--action=add"])
        self.assertEqual(
            triggers[1],
            ["udevadm", "trigger", "--action=add"]
            + ["--subsystem-match=" + n for n in ("video4linux", "media", "sound", "usb")],
        )
        self.assertEqual([c[:2] for c in calls].count(["udevadm", "settle"]), 2)


class UvcBandwidthOrder(unittest.TestCase):
    def test_the_pair_comes_last_on_its_twin_instances_and_stays_up(self) -> None:
        got = blocks_uvc_bandwidth.camera_order("logitech-b990,logitech-c270,realtek-0bda-5801,rule-edges")
        self.assertEqual(
            got,
            [
                ("logitech-c270", 0, False),
                ("rule-edges", 0, False),
                ("logitech-b990", 0, True),
                ("realtek-0bda-5801", 1, True),
            ],
        )

    def test_a_pair_camera_not_asked_for_is_not_brought_up_for_its_modes(self) -> None:
        self.assertEqual(
            blocks_uvc_bandwidth.camera_order("realtek-0bda-5801,rule-edges"),
            [("rule-edges", 0, False), ("realtek-0bda-5801", 1, True)],
        )


if __name__ == "__main__":
    unittest.main()
