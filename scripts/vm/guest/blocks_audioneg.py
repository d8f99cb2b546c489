"""Block audio-negotiate: audio negotiation against arecord. For snd-aloop's capture PCM
(hw:Loopback,1,0), `arecord --dump-hw-params` says which formats, channels and
rates the hardware takes; camprobe's negotiation must agree: a request inside
the ranges is VALID as asked, a rate or channel count outside is ADJUSTED into
arecord's range, the emitted commands name the card by id, and (when
gst-launch-1.0 or ffmpeg is installed) the emitted command really opens it."""

import json
import re
import shutil

from guest.harness import run

PCM = "hw:Loopback,1"


def hw_range(text, name):
    """[min, max] (or [value]) of a `NAME: [a b]` / `NAME: a` line of --dump-hw-params."""
    m = re.search(r"^%s:\s+[\[(]?(\d+)\s*(\d+)?" % name, text, re.M)
    assert m, "no %s line in arecord's output" % name
    return [int(x) for x in m.groups() if x]


def block_audio_negotiate(s):
    hw = run(
        ["arecord", "-D", "hw:Loopback,1,0", "--dump-hw-params", "-d", "1", "/dev/null"],
        timeout=20,
        merge=True,
        stdout=s.path("audio-negotiate-arecord.txt"),
    ).out
    fm = re.search(r"^FORMAT:\s+(.*)$", hw, re.M)
    if not s.expect(
        "arecord --dump-hw-params prints FORMAT, CHANNELS and RATE for hw:Loopback,1,0",
        fm and "CHANNELS:" in hw and "RATE:" in hw,
        hw[:600],
    ):
        return
    formats = fm.group(1).split()
    ch, rate = hw_range(hw, "CHANNELS"), hw_range(hw, "RATE")
    print("info: arecord: formats %s channels %s rate %s" % (formats, ch, rate), flush=True)
    listed = json.loads(s.camprobe("list", "--json", stdout=s.path("audio-negotiate-list.json")).out)
    mics = [d for d in listed["devices"] if not d["captures"] and any(a["cardID"] == "Loopback" for a in d["audio"])]
    if not s.expect("the Loopback microphone is listed", len(mics) == 1, [d["id"] for d in listed["devices"]]):
        return
    dev = mics[0]["id"]
    n = [0]

    def negotiate(*args):
        n[0] += 1
        r = s.camprobe(
            "negotiate",
            dev,
            "--pcm",
            PCM,
            *args,
            "--json",
            stdout=s.path("audio-negotiate-%d.json" % n[0]),
            stderr=s.path("audio-negotiate-%d.err" % n[0]),
        )
        return r.rc, json.loads(r.out) if r.out.strip() else {}

    # Inside the ranges: VALID with exactly that.
    fmt = "S16_LE" if "S16_LE" in formats else formats[0]
    for r_, c_ in ((48000, 2), (44100, 1), (rate[0], ch[-1])):

        def inside(r_=r_, c_=c_):
            rc, o = negotiate("--rate", str(r_), "--channels", str(c_), "--sample-format", fmt)
            d = o["decision"]
            assert rc == 0 and d["outcome"] == "valid", (rc, d)
            c = d["choice"]
            assert (c["rate"], c["channels"], c["sampleFormat"]) == (r_, c_, fmt), c
            assert c["pcm"] == "hw:CARD=Loopback,DEV=1", c["pcm"]

        s.check("audio-negotiate: %d Hz, %d ch, %s (inside arecord's ranges) is VALID as asked" % (r_, c_, fmt), inside)

    # A rate outside: ADJUSTED to a rate arecord's RATE range contains.
    for asked in (rate[-1] + 1000, max(rate[0] // 2, 1)):

        def outside(asked=asked):
            rc, o = negotiate("--rate", str(asked), "--channels", "2")
            d = o["decision"]
            assert rc == 3 and d["outcome"] == "adjusted", (rc, d)
            got = d["choice"]["rate"]
            assert rate[0] <= got <= rate[-1], (got, rate)
            assert [c["field"] for c in d["changes"]] == ["rate"] and d["changes"][0]["reason"], d["changes"]
            print("info: rate %d -> %d: %s" % (asked, got, d["changes"][0]["reason"]), flush=True)

        s.check(
            "audio-negotiate: rate %d Hz (outside %s) is ADJUSTED into arecord's RATE range" % (asked, rate), outside
        )

    # Channels beyond the range: ADJUSTED into it.
    def channels():
        rc, o = negotiate("--rate", "48000", "--channels", str(ch[-1] + 1))
        d = o["decision"]
        assert rc == 3 and d["outcome"] == "adjusted", (rc, d)
        got = d["choice"]["channels"]
        assert ch[0] <= got <= ch[-1] and got == ch[-1], (got, ch)

    s.check(
        "audio-negotiate: %d channels (beyond %s) is ADJUSTED into arecord's CHANNELS range" % (ch[-1] + 1, ch),
        channels,
    )

    # A format arecord does not list falls back to one it does.
    def fmt_fallback():
        missing = [f for f in ("U8", "S8", "S24_3LE", "S16_BE") if f not in formats]
        if not missing:
            return
        rc, o = negotiate("--rate", "48000", "--channels", "2", "--sample-format", missing[0])
        d = o["decision"]
        assert rc == 3 and d["choice"]["sampleFormat"] in formats, (rc, d)

    s.check("audio-negotiate: a sample format arecord does not list is ADJUSTED to one it does", fmt_fallback)

    # Emitted commands name the card by id.
    emitted = {}
    for tool in ("ffmpeg", "gst"):
        r = s.camprobe(
            "negotiate",
            dev,
            "--pcm",
            PCM,
            "--rate",
            "48000",
            "--channels",
            "2",
            "--sample-format",
            fmt,
            "--emit",
            tool,
            stdout=s.path("audio-negotiate-emit-%s.txt" % tool),
            stderr=s.path("audio-negotiate-emit-%s.err" % tool),
        )
        emitted[tool] = r.out.strip()
        s.expect(
            "audio-negotiate: --emit %s names the PCM by card id (hw:CARD=Loopback,DEV=1) and says why" % tool,
            r.rc == 0 and "hw:CARD=Loopback,DEV=1" in r.out and "reboots" in r.err,
            r.out + r.err,
        )

    # The emitted commands open the device, when the tools are installed.
    has_alsasrc = shutil.which("gst-inspect-1.0") and run(["gst-inspect-1.0", "alsasrc"], timeout=30).rc == 0
    if shutil.which("gst-launch-1.0") and has_alsasrc and emitted["gst"].startswith("gst-launch-1.0 alsasrc "):
        head = emitted["gst"].split(" ! audioconvert")[0]
        argv = head.replace("alsasrc ", "alsasrc num-buffers=10 ", 1).split() + ["!", "fakesink"]
        r = run(argv, timeout=60, merge=True, stdout=s.path("audio-negotiate-gst.txt"))
        s.expect(
            "audio-negotiate: the emitted gst-launch-1.0 command opens the PCM (num-buffers=10 ! fakesink)",
            r.rc == 0,
            r.out[-800:],
        )
    else:
        print(
            "info: gst-launch-1.0 or its alsasrc (gstreamer1.0-alsa) not installed: the gst command is not run",
            flush=True,
        )
    if shutil.which("ffmpeg") and emitted["ffmpeg"].startswith("ffmpeg "):
        argv = emitted["ffmpeg"].replace(" -c:a copy out.wav", "").split() + ["-t", "0.2", "-f", "null", "-"]
        r = run(
            ["timeout", "60"] + argv[:1] + ["-hide_banner", "-nostdin"] + argv[1:],
            timeout=70,
            merge=True,
            stdout=s.path("audio-negotiate-ffmpeg.txt"),
        )
        s.expect("audio-negotiate: the emitted ffmpeg command opens the PCM", r.rc == 0, r.out[-800:])
    else:
        print("info: ffmpeg not installed: the ffmpeg command is not run", flush=True)
