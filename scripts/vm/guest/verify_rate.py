"""`verify`'s verdict against its own sample (issue P27 item 5), judged outside camprobe.

`camprobe verify --json` gives the delivered rate, the 95 % interval of its error against the negotiated rate
(`stream.rateErrorLow`/`rateErrorHigh`) and a verdict. The verdict may say EXCESS or SHORTFALL only when that
interval lies wholly beyond the 5 % tolerance, OK only when it lies wholly within it, and UNDECIDED only when it
straddles an edge (or there is no interval). The interval itself is recomputed here from the frame count and the
interval mean and jitter the same document gives, with Student's t found by integrating its density (not
camprobe's expansion), so a wrong interval is caught as well as a verdict its interval does not support.

Student's t and the 95 % interval of a mean: any statistics text, e.g. NIST/SEMATECH e-Handbook of Statistical
Methods, §1.3.5.2 "Confidence Limits for the Mean" and §1.3.6.7.2 (critical values of the t distribution).
"""

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any

# verify's tolerance around the negotiated rate (VerifyVerdict.tolerance).
TOLERANCE = 0.05
# verify's --frames default (Verify.swift).
DEFAULT_FRAMES = 120
# How far the reported interval's ends may be from the recomputed ones (rate error, absolute): the two t
# quantiles differ by well under 1 % of the half-width from 5 degrees of freedom on.
SLACK = 0.002


def _t_mass(x: float, df: int, steps: int = 1000) -> float:
    """P(0 ≤ T ≤ x) for Student's t with df degrees of freedom (Simpson's rule over its density)."""
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)

    def density(u: float) -> float:
        return math.exp(log_c - (df + 1) / 2 * math.log1p(u * u / df))

    h = x / steps
    total = density(0) + density(x)
    for i in range(1, steps):
        total += (4 if i % 2 else 2) * density(i * h)
    return total * h / 3


@cache
def t975(df: int) -> float:
    """The two-sided 95 % quantile of Student's t: the x with P(0 ≤ T ≤ x) = 0.475, by bisection."""
    if df < 1:
        return math.inf
    lo, hi = 0.0, 2.0
    while _t_mass(hi, df) < 0.475:
        hi *= 2
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _t_mass(mid, df) < 0.475 else (lo, mid)
    return (lo + hi) / 2


def interval(frames: int, mean_ms: float, population_sd_ms: float, expected_fps: float) -> tuple[float, float] | None:
    """The 95 % interval of the rate error (delivered / expected − 1) from frames − 1 intervals of this mean and
    population standard deviation; None with fewer than two intervals."""
    n = frames - 1
    if n < 2 or mean_ms <= 0 or expected_fps <= 0:
        return None
    s = population_sd_ms * math.sqrt(n / (n - 1))
    half = t975(n - 1) * s / math.sqrt(n)
    low = 1000 / (mean_ms + half) / expected_fps - 1
    high = 1000 / (mean_ms - half) / expected_fps - 1 if half < mean_ms else math.inf
    return low, high


def frames_to_decide(mean_ms: float, population_sd_ms: float, rate_error: float) -> int | None:
    """About how many frames put the interval wholly on one side of the tolerance at this jitter and rate error
    (normal approximation: 1.96 standard errors of the mean interval within the distance to the edge)."""
    distance = abs(abs(rate_error) - TOLERANCE)
    if distance < 1e-9 or mean_ms <= 0:
        return None
    return math.ceil((1.96 * population_sd_ms / (mean_ms * distance)) ** 2) + 1


@dataclass
class Judgement:
    """One verify run: what it measured, what it concluded, and what in that does not hold."""

    frames: int
    rate: float | None
    expected: float | None
    low: float | None
    high: float | None
    verdict: str
    jitter_ms: float | None
    dropped: int
    problems: list[str] = field(default_factory=list)
    needed: int | None = None
    # --frames given to verify (None: its default).
    frames_asked: int | None = None

    @property
    def decided(self) -> bool:
        """The run said something about the rate (a verdict other than UNDECIDED)."""
        return self.verdict != "undecided"

    def line(self) -> str:
        """frames, rate, interval, verdict: one line for the log."""

        def pct(v: float | None) -> str:
            return "?" if v is None else ("+inf" if math.isinf(v) else "%+.1f %%" % (100 * v))

        def fps(v: float | None) -> str:
            if v is None or self.expected is None:
                return "?"
            return "inf" if math.isinf(v) else "%.2f" % (self.expected * (1 + v))

        rate = "?" if self.rate is None else "%.2f" % self.rate
        return (
            "%d frames, %s fps for %s negotiated, 95 %% interval %s–%s fps (%s…%s), jitter %s ms, %d dropped: %s%s"
            % (
                self.frames,
                rate,
                "?" if self.expected is None else "%.3f" % self.expected,
                fps(self.low),
                fps(self.high),
                pct(self.low),
                pct(self.high),
                "?" if self.jitter_ms is None else "%.2f" % self.jitter_ms,
                self.dropped,
                self.verdict.upper(),
                "" if self.needed is None else " (about %d frames would decide)" % self.needed,
            )
        )


def judge(doc: dict[str, Any]) -> Judgement:
    """The verdict of one `verify --json` document against its interval, and that interval against a recomputed one."""
    st = doc.get("stream") or {}
    frames = int(st.get("framesReceived", 0))
    expected, mean, sd = st.get("expectedFPS"), st.get("meanIntervalMilliseconds"), st.get("jitterMilliseconds")
    low = st.get("rateErrorLow")
    high = st.get("rateErrorHigh")
    if low is not None and high is None:
        high = math.inf  # verify leaves out an interval end that is not finite
    j = Judgement(
        frames,
        st.get("deliveredFPS"),
        expected,
        low,
        high,
        str(doc.get("verdict")),
        sd,
        int(st.get("framesDropped", 0)),
    )
    mine = (
        interval(frames, mean, sd, expected) if mean is not None and sd is not None and expected is not None else None
    )
    if (mine is None) != (low is None):
        j.problems.append("an interval where none can be known, or none where one can: %s against %s" % (mine, low))
    elif mine is not None and low is not None and high is not None:
        for what, got, want in (("low", low, mine[0]), ("high", high, mine[1])):
            if not (math.isinf(got) and math.isinf(want)) and not abs(got - want) <= SLACK:
                j.problems.append("the interval's %s end is %.4f, recomputed %.4f" % (what, got, want))
    above = low is not None and low > TOLERANCE
    below = high is not None and high < -TOLERANCE
    within = low is not None and high is not None and low >= -TOLERANCE and high <= TOLERANCE
    allowed = {
        "excess": above,
        "shortfall": below,
        "ok": within and j.dropped == 0,
        "drops": j.dropped > 0 and not above and not below,
        "undecided": not above and not below and not within,
    }
    if expected is None and j.verdict in ("ok", "drops"):
        allowed[j.verdict] = (j.verdict == "drops") == (j.dropped > 0)  # no negotiated rate: only drops count
    if not allowed.get(j.verdict, False):
        j.problems.append("verdict %s is not what the interval %s…%s supports" % (j.verdict, low, high))
    rate_error = doc.get("rateError")
    if j.verdict == "undecided" and mean is not None and sd is not None and rate_error is not None:
        j.needed = frames_to_decide(mean, sd, rate_error)
    return j


def default_that_decides(judgements: list[Judgement]) -> int | None:
    """The smallest --frames that would decide every undecided run (its own estimate), or None when one never would;
    the default itself when all were decided."""
    needed = [j.needed for j in judgements if not j.decided]
    if any(n is None for n in needed):
        return None
    return max([DEFAULT_FRAMES] + [n for n in needed if n is not None])


# Bits per pixel of the raw formats the gadget carries (uvc_gadget/README.md).
BITS_PER_PIXEL = {"yuyv": 16, "nv12": 12, "yu12": 12}
FOURCCS = {"mjpeg": "MJPG", "yuyv": "YUYV", "nv12": "NV12", "yu12": "YU12"}
# Frames streamed for a mode the gadget's bus cannot carry at its rate: a shortfall beyond doubt, and each frame slow.
BEYOND_THE_BUS_FRAMES = 12


@dataclass
class Mode:
    """The mode verify is asked for on a replayed camera, and how many frames (None: verify's default)."""

    fourcc: str
    width: int
    height: int
    fps_text: str
    fps: float
    frames: int | None

    def args(self) -> list[str]:
        """verify's request options for this mode."""
        size = "%dx%d" % (self.width, self.height)
        out = ["--format", self.fourcc, "--size", size, "--fps", self.fps_text]
        # A frame beyond the bus takes seconds through usbip under TCG: a minute before verify gives up on one.
        return out + (["--frames", str(self.frames), "--frame-timeout", "60"] if self.frames is not None else [])


def _fps(v: Any) -> float:
    if isinstance(v, str) and "/" in v:
        num, den = v.split("/")
        return int(num) / int(den)
    return float(v)


def bus_bytes_per_second(description: dict[str, Any]) -> float:
    """What the gadget's isochronous endpoint carries at most: streaming_maxpacket bytes (up to 3 × 1024 at high
    speed, USB 2.0 §5.6.4) every 2^(streaming_interval − 1) microframes of 125 µs."""
    packet = int(description.get("streaming_maxpacket", 3072))
    every = 2 ** (int(description.get("streaming_interval", 1)) - 1)
    return packet * 8000 / every


def pick_mode(description: dict[str, Any]) -> Mode | None:
    """A typical recording mode of the camera: MJPEG when it has it (else its first format), the size nearest
    640x480 in pixels (the first of equals), the highest rate up to 30 fps (else its lowest). A raw mode the
    bus cannot carry at that rate streams BEYOND_THE_BUS_FRAMES frames instead of verify's default."""
    formats = description.get("formats") or []
    if not formats:
        return None
    fmt = next((f for f in formats if f.get("type") == "mjpeg"), formats[0])
    frames = fmt.get("frames") or []
    if not frames:
        return None
    size = min(frames, key=lambda fr: abs(fr["width"] * fr["height"] - 640 * 480))
    rates = [(v, _fps(v)) for v in size["fps"]]
    slow_enough = [r for r in rates if r[1] <= 30.0 + 1e-9]
    text, fps = max(slow_enough, key=lambda r: r[1]) if slow_enough else min(rates, key=lambda r: r[1])
    count = None
    bpp = BITS_PER_PIXEL.get(fmt["type"])
    if bpp is not None and size["width"] * size["height"] * bpp / 8 * fps > bus_bytes_per_second(description):
        count = BEYOND_THE_BUS_FRAMES
    fourcc = FOURCCS.get(fmt["type"], fmt["type"].upper())
    return Mode(fourcc, size["width"], size["height"], str(text), fps, count)
