"""The instruction gate's verdict (blocks_instructions.judge): more than 5 % over the committed baseline fails.

cd scripts/vm && python3 -m unittest guest.test_instructions
"""

import json
import os
import unittest

from guest.blocks_instructions import BASELINE, judge


class JudgeTest(unittest.TestCase):
    def test_within_five_percent_passes(self) -> None:
        self.assertTrue(judge("show --json", 1_050_000, 1_000_000)[1])
        self.assertTrue(judge("show --json", 900_000, 1_000_000)[1])

    def test_more_than_five_percent_over_fails_and_says_by_how_much(self) -> None:
        name, ok, why = judge("show --json", 1_050_001, 1_000_000)
        self.assertFalse(ok)
        self.assertIn("within 5 % of the baseline", name)
        self.assertIn("5.0 % over the baseline 1000000", why)

    def test_no_count_or_no_baseline_fails(self) -> None:
        self.assertFalse(judge("list --json", None, 1)[1])
        self.assertFalse(judge("list --json", 1, None)[1])

    def test_the_committed_baseline_names_every_gated_command(self) -> None:
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        with open(os.path.join(here, BASELINE)) as f:
            committed = json.load(f)
        self.assertEqual(
            sorted(committed["counts"]), sorted(["show --json", "list --json", "--version", "monitor first connected"])
        )
        self.assertTrue(committed["why"].strip())


if __name__ == "__main__":
    unittest.main()
