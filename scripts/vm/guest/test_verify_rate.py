"""The judge of verify's verdict against its own sample (guest/verify_rate.py), on synthetic `verify --json` documents.

cd scripts/vm && python3 -m unittest guest.test_verify_rate
"""

import glob
import json
import math
import os
import unittest
from typing import Any

from guest.verify_rate import (
    BEYOND_THE_BUS_FRAMES,
    DEFAULT_FRAMES,
    default_that_decides,
    interval,
    judge,
    pick_mode,
    t975,
)


def doc(
    frames: int, fps: float, expected: float, jitter_ms: float, verdict: str, shift: float = 0.0, dropped: int = 0
) -> dict[str, Any]:
    """verify --json's fields for frames at fps with this jitter, its interval recomputed (ends moved by shift)."""
    mean = 1000 / fps
    iv = interval(frames, mean, jitter_ms, expected)
    assert iv is not None
    stream: dict[str, Any] = {
        "framesReceived": frames,
        "framesDropped": dropped,
        "deliveredFPS": fps,
        "expectedFPS": expected,
        "meanIntervalMilliseconds": mean,
        "jitterMilliseconds": jitter_ms,
        "rateErrorLow": iv[0] + shift,
    }
    if math.isfinite(iv[1]):
        stream["rateErrorHigh"] = iv[1] + shift
    return {"stream": stream, "verdict": verdict, "rateError": fps / expected - 1}


class StudentTTest(unittest.TestCase):
    def test_the_quantile_is_the_tabled_one(self) -> None:
        # NIST/SEMATECH e-Handbook §1.3.6.7.2, upper critical values of t at 0.025.
        for df, tabled in ((1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042), (100, 1.984)):
            self.assertAlmostEqual(t975(df), tabled, places=3, msg="df %d" % df)

    def test_twenty_frames_with_six_ms_of_jitter_span_about_nine_percent(self) -> None:
        # RateInterval's own example: 20 frames at 30 fps with 6 ms of jitter pin the rate to about ± 9 %.
        iv = interval(20, 1000 / 30, 6, 30)
        assert iv is not None
        self.assertTrue(-0.10 < iv[0] < -0.07 and 0.07 < iv[1] < 0.11, iv)
        self.assertIsNone(interval(2, 33.3, 1, 30))  # one interval: no spread to know the rate by


class JudgeTest(unittest.TestCase):
    def test_a_verdict_its_interval_supports_passes(self) -> None:
        for d in (
            doc(120, 30, 30, 4, "ok"),
            doc(120, 69, 60, 1, "excess"),
            doc(120, 25, 30, 5, "shortfall"),
            doc(20, 30 * 1.0516, 30, 6, "undecided"),
            doc(120, 30, 30, 4, "drops", dropped=2),
        ):
            j = judge(d)
            self.assertEqual(j.problems, [], j.line())

    def test_an_excess_on_noise_is_caught(self) -> None:
        # 5.16 % over with 20 frames and 6 ms of jitter: the replayed camera once called EXCESS on this.
        j = judge(doc(20, 30 * 1.0516, 30, 6, "excess"))
        self.assertEqual(len(j.problems), 1, j.problems)
        self.assertIn("verdict excess is not what the interval", j.problems[0])

    def test_a_shortfall_on_noise_is_caught(self) -> None:
        j = judge(doc(20, 30 * 0.94, 30, 6, "shortfall"))
        self.assertIn("verdict shortfall is not what the interval", " ".join(j.problems))

    def test_undecided_where_the_interval_decides_and_ok_where_it_does_not_are_caught(self) -> None:
        self.assertTrue(judge(doc(120, 25, 30, 5, "undecided")).problems)
        self.assertTrue(judge(doc(20, 30, 30, 6, "ok")).problems)
        self.assertTrue(judge(doc(120, 30, 30, 4, "ok", dropped=1)).problems)

    def test_an_interval_that_is_not_its_samples_is_caught(self) -> None:
        # An interval 1 % narrower on each side than the frames and the jitter give.
        d = doc(120, 30, 30, 4, "ok")
        d["stream"]["rateErrorLow"] += 0.01
        d["stream"]["rateErrorHigh"] -= 0.01
        j = judge(d)
        self.assertEqual(len(j.problems), 2, j.problems)
        self.assertIn("low end", j.problems[0])
        self.assertEqual(judge(doc(120, 30, 30, 4, "ok", shift=0.001)).problems, [])  # within the slack

    def test_no_interval_from_a_single_interval_is_undecided(self) -> None:
        d = {
            "stream": {
                "framesReceived": 2,
                "expectedFPS": 30,
                "meanIntervalMilliseconds": 33.3,
                "jitterMilliseconds": 0,
            },
            "verdict": "undecided",
            "rateError": 0.001,
        }
        self.assertEqual(judge(d).problems, [])
        d["verdict"] = "ok"
        self.assertTrue(judge(d).problems)

    def test_an_open_high_end_is_read_as_infinite(self) -> None:
        # Three frames with a jitter as large as the mean: the slowest mean allowed is near zero, so no high end.
        j = judge(doc(3, 30, 30, 30, "undecided"))
        self.assertTrue(j.high is not None and math.isinf(j.high), j.line())
        self.assertEqual(j.problems, [])

    def test_the_default_that_decides_is_the_largest_estimate(self) -> None:
        ok = judge(doc(120, 30, 30, 4, "ok"))
        self.assertEqual(default_that_decides([ok]), DEFAULT_FRAMES)
        slow = judge(doc(120, 30 * 0.96, 30, 12, "undecided"))
        assert slow.needed is not None
        self.assertGreater(slow.needed, DEFAULT_FRAMES)
        # At the frames it names, the same jitter and rate give an interval wholly within the tolerance.
        again = interval(slow.needed, 1000 / (30 * 0.96), 12, 30)
        assert again is not None
        self.assertTrue(-0.05 <= again[0] and again[1] <= 0.05, (slow.needed, again))
        self.assertEqual(default_that_decides([ok, slow]), slow.needed)


class PickModeTest(unittest.TestCase):
    def test_each_replayed_camera_gets_a_typical_mode(self) -> None:
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        got = {}
        for path in sorted(glob.glob(os.path.join(here, "uvc_gadget", "cameras", "*.json"))):
            with open(path) as f:
                mode = pick_mode(json.load(f))
            assert mode is not None
            got[os.path.basename(path).split("-")[0]] = mode.args()
        self.assertEqual(sorted(got), ["02", "03", "06", "16", "25", "30"])
        self.assertEqual(got["25"], ["--format", "MJPG", "--size", "640x480", "--fps", "30"])  # not its 60 fps
        self.assertEqual(got["16"], ["--format", "MJPG", "--size", "640x360", "--fps", "30"])
        # The Cam Link's only mode, NV12 4K at 29.97 fps, needs 373 MB/s of a 24.6 MB/s endpoint.
        self.assertEqual(
            got["06"],
            ["--format", "NV12", "--size", "3840x2160", "--fps", "30000/1001"]
            + ["--frames", str(BEYOND_THE_BUS_FRAMES), "--frame-timeout", "60"],
        )


if __name__ == "__main__":
    unittest.main()
