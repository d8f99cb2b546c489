"""The guest suite's blocks keep their names: VM_BLOCKS, run-vm-suite.sh and the JUnit results name them, and the
results before and after a change are compared by them. The list is suite.py's BLOCKS as it was at 9facb69, with
"instructions" (P26 item 7, the instruction gate) added after "prometheus".

    cd scripts/vm && python3 -m unittest guest.test_blocks
"""

import unittest

import suite

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


if __name__ == "__main__":
    unittest.main()
