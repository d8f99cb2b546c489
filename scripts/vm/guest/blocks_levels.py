"""Block levels: microphone levels (`camprobe levels`, `monitor --levels`) against a
known signal played into snd-aloop: hw:Loopback,0,N plays, hw:Loopback,1,N
captures the same samples. Levels are dBFS as AVCaptureAudioChannel reports
them (full-scale square 0, full-scale sine -3.01 average / 0 peak)."""

import array
import json
import math
import os
import signal
import statistics
import sys
import time
import wave

from guest.harness import Background, JsonlTail, modprobe, read, rmmod, run, settle, wait_until

RATE = 48000
ALOOP_ID = "platform-snd_aloop.0"
TOLERANCE = 0.5  # dB


def write_wav(path, left, right, seconds=12):
    """Stereo S16_LE at 48 kHz; left/right map a frame index to a sample in [-1, 1].
    One 1 kHz period is 48 frames, so one second is built and repeated."""
    second = array.array("h")
    for i in range(RATE):
        second.append(clamp(left(i)))
        second.append(clamp(right(i)))
    if sys.byteorder != "little":
        second.byteswap()
    with wave.open(path, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(second.tobytes() * seconds)


def clamp(x):
    return max(-32768, min(32767, int(round(x * 32768))))


def sine(amplitude):
    return lambda i: amplitude * math.sin(2 * math.pi * 1000 * i / RATE)


def square(i):
    return 1.0 if (i // 24) % 2 == 0 else -1.0


def meter(s, pcm, name, seconds="2"):
    """The readings of `camprobe levels PCM --seconds S --json`, parsed."""
    r = s.camprobe(
        "levels",
        pcm,
        "--seconds",
        seconds,
        "--json",
        stdout=s.path("levels-%s.jsonl" % name),
        stderr=s.path("levels-%s.err" % name),
        timeout=60,
    )
    lines = [json.loads(line) for line in r.out.splitlines() if line.strip()]
    return r, lines


def median_levels(lines, channel):
    avg = [l["channels"][channel]["averagePowerLevel"] for l in lines]
    peak = [l["channels"][channel]["peakHoldLevel"] for l in lines]
    assert all(v is not None for v in avg + peak), "silent readings in a playing signal: %s" % lines[:3]
    return statistics.median(avg), statistics.median(peak)


def near(value, want, what):
    assert abs(value - want) <= TOLERANCE, "%s: %.2f dBFS, expected %.2f +- %.1f" % (what, value, want, TOLERANCE)


def play(s, wav, sub):
    return Background(
        ["aplay", "-q", "-D", "hw:Loopback,0,%d" % sub, wav],
        s.path("levels-aplay%d.out" % sub),
        s.path("levels-aplay%d.err" % sub),
    )


def block_levels(s):
    sines, squares = s.path("levels-sines.wav"), s.path("levels-square.wav")
    write_wav(sines, sine(1.0), sine(0.1))
    write_wav(squares, square, square, seconds=8)

    # A known stereo signal: left full-scale sine, right -20 dBFS sine.
    player = play(s, sines, 0)
    time.sleep(1.5)
    r, lines = meter(s, "hw:Loopback,1,0", "sines")
    player.stop()
    print("info: levels sines rc=%d, %d readings, first %s" % (r.rc, len(lines), lines[:1]), flush=True)
    s.expect(
        "levels: about 10 readings a second for 2 s (%d)" % len(lines),
        r.rc == 0 and 15 <= len(lines) <= 21,
        "rc %d, %d lines, %s" % (r.rc, len(lines), read(s.path("levels-sines.err"))[:400]),
    )

    def sines_check():
        assert lines and all(len(l["channels"]) == 2 for l in lines), lines[:2]
        la, lp = median_levels(lines, 0)
        ra, rp = median_levels(lines, 1)
        print("info: left avg %.2f peak %.2f, right avg %.2f peak %.2f" % (la, lp, ra, rp), flush=True)
        near(la, -3.01, "left average")
        near(lp, 0.0, "left peak")
        near(ra, -23.01, "right average")
        near(rp, -20.0, "right peak")

    s.check("levels: full-scale sine reads -3.01/0 and a -20 dBFS sine -23.01/-20 dBFS, per channel", sines_check)

    # The same signal as plain lines, and as live bars on a terminal (UTF-8 with colour; ASCII without).
    player = play(s, sines, 0)
    time.sleep(1.5)
    plain = s.camprobe("levels", "hw:Loopback,1,0", "--seconds", "1", stdout=s.path("levels-sines.txt"), timeout=60)
    utf8 = run(
        [
            "env",
            "LANG=C.UTF-8",
            "TERM=xterm",
            "script",
            "-qc",
            s.c + " levels hw:Loopback,1,0 --seconds 1",
            "/dev/null",
        ],
        stdout=s.path("levels-tty-utf8.txt"),
        timeout=60,
    )
    ascii_ = run(
        [
            "env",
            "LANG=C",
            "LC_ALL=",
            "NO_COLOR=1",
            "TERM=xterm",
            "script",
            "-qc",
            s.c + " levels hw:Loopback,1,0 --seconds 1",
            "/dev/null",
        ],
        stdout=s.path("levels-tty-ascii.txt"),
        timeout=60,
    )
    player.stop()
    lines = plain.out.splitlines()
    s.expect(
        "levels: plain lines off a terminal",
        plain.rc == 0
        and lines
        and all(l.endswith("ch1 avg -3.01 peak 0.0  ch2 avg -23.01 peak -20.0 dBFS") for l in lines[1:]),
        "rc %d: %s" % (plain.rc, lines[:3]),
    )
    s.expect(
        "levels: a terminal gets redrawn meter bars (UTF-8, colour)",
        utf8.rc == 0 and "\u2588" in utf8.out and "\x1b[31m" in utf8.out and "\x1b[3A" in utf8.out,
        repr(utf8.out[:300]),
    )
    s.expect(
        "levels: ASCII bars when the locale is not UTF-8, no colour under NO_COLOR",
        ascii_.rc == 0
        and "#" in ascii_.out
        and "\u2588" not in ascii_.out
        and "\x1b[31m" not in ascii_.out
        and "\x1b[3A" in ascii_.out,
        repr(ascii_.out[:300]),
    )

    # Overruns: the reader is stopped (SIGSTOP) longer than its 200 ms buffer, then resumed.
    player = play(s, sines, 0)
    time.sleep(1.5)
    reader = Background(
        [s.c, "levels", "hw:Loopback,1,0", "--seconds", "3", "--json"],
        s.path("levels-xrun.jsonl"),
        s.path("levels-xrun.err"),
    )
    time.sleep(2)
    os.kill(reader.pid, signal.SIGSTOP)
    time.sleep(1)
    os.kill(reader.pid, signal.SIGCONT)
    wait_until(lambda: reader.p.poll() is not None, 30)
    rc = reader.stop(timeout=5)
    player.stop()
    readings = [json.loads(l) for l in read(s.path("levels-xrun.jsonl")).splitlines() if l.strip()]
    after = [r for r in readings if r.get("xruns")]
    print(
        "info: xruns: rc %s, %d readings, %d after the overrun, last %s"
        % (rc, len(readings), len(after), readings[-1:]),
        flush=True,
    )

    def xrun_check():
        assert rc == 0, (rc, read(s.path("levels-xrun.err"))[:300])
        assert after, "no reading reports xruns: %s" % readings[-3:]
        la, _ = median_levels(after, 0)
        near(la, -3.01, "left average after the overrun was recovered")

    s.check("levels: an overrun is counted ('xruns'), recovered, and metering goes on", xrun_check)

    # CPU: what metering costs next to arecord itself (information; TCG and a debug build inflate both).
    player = play(s, sines, 0)
    time.sleep(1.5)
    cost = run(
        [
            "/usr/bin/time",
            "-f",
            "%e s elapsed, %U s user, %S s system",
            s.c,
            "levels",
            "hw:Loopback,1,0",
            "--seconds",
            "4",
            "--json",
        ],
        timeout=60,
    )
    ref = run(
        [
            "/usr/bin/time",
            "-f",
            "%e s elapsed, %U s user, %S s system",
            "arecord",
            "-q",
            "-D",
            "hw:Loopback,1,0",
            "-f",
            "S16_LE",
            "-c",
            "2",
            "-r",
            str(RATE),
            "-d",
            "4",
            "/dev/null",
        ],
        timeout=60,
    )
    player.stop()
    print(
        "info: cpu: camprobe levels 4 s: %s; arecord 4 s: %s"
        % (cost.err.strip().splitlines()[-1:], ref.err.strip().splitlines()[-1:]),
        flush=True,
    )

    # Silence: nothing plays into subdevice 1, so its capture side is all zeros.
    r, lines = meter(s, "hw:Loopback,1,1", "silence", seconds="1")
    s.expect(
        "levels: silence reads null (average and peak, every channel)",
        r.rc == 0
        and lines
        and all(c["averagePowerLevel"] is None and c["peakHoldLevel"] is None for l in lines for c in l["channels"]),
        "rc %d: %s %s" % (r.rc, lines[:2], read(s.path("levels-silence.err"))[:300]),
    )

    # A full-scale square wave peaks at 0 dBFS (and averages 0).
    player = play(s, squares, 2)
    time.sleep(1.5)
    r, lines = meter(s, "hw:Loopback,1,2", "square", seconds="1")
    player.stop()

    def square_check():
        assert r.rc == 0 and lines, (r.rc, read(s.path("levels-square.err"))[:300])
        a, p = median_levels(lines, 0)
        print("info: square avg %.3f peak %.3f" % (a, p), flush=True)
        near(p, 0.0, "square peak")
        near(a, 0.0, "square average")

    s.check("levels: a full-scale square wave reads 0 dBFS peak", square_check)

    # Busy: arecord holds the PCM; camprobe names it.
    holder = Background(
        ["arecord", "-q", "-D", "hw:Loopback,1,0", "-f", "S16_LE", "-c", "2", "-r", str(RATE), "-d", "30", "/dev/null"],
        s.path("levels-arecord.out"),
        s.path("levels-arecord.err"),
    )
    time.sleep(1.5)
    r = s.camprobe(
        "levels",
        "hw:Loopback,1,0",
        "--seconds",
        "1",
        stdout=s.path("levels-busy.out"),
        stderr=s.path("levels-busy.err"),
        timeout=60,
    )
    holder.stop()
    print("info: busy: " + r.err.strip(), flush=True)
    s.expect(
        "levels: a PCM held by arecord fails naming arecord's pid",
        r.rc == 1 and ("pid %d" % holder.pid) in r.err and "arecord" in r.err,
        "rc %d: %s" % (r.rc, r.err[:400]),
    )

    # A camprobe device (the Loopback microphone) instead of a PCM name; plain lines off a terminal.
    r = s.camprobe(
        "levels",
        "Loopback",
        "--seconds",
        "1",
        stdout=s.path("levels-device.txt"),
        stderr=s.path("levels-device.err"),
        timeout=60,
    )
    text = r.out.splitlines()
    s.expect(
        "levels DEVICE: the device's microphone, one plain line per reading",
        r.rc == 0 and 8 <= len(text) <= 11 and all(" dBFS" in l and "ch1 avg" in l for l in text),
        "rc %d: %s %s" % (r.rc, text[:2], r.err[:300]),
    )

    # monitor --levels: levels events for the present microphones.
    log = s.path("levels-monitor.jsonl")
    r = s.camprobe(
        "monitor", "--levels", "--json", "--timeout", "4", stdout=log, stderr=s.path("levels-monitor.err"), timeout=60
    )
    events = [json.loads(l) for l in r.out.splitlines() if l.strip()]
    levels = [e for e in events if e.get("event") == "levels"]
    s.expect(
        "monitor --levels: 'levels' events for the present microphones (%d)" % len(levels),
        r.rc == 0 and levels and all(e["channels"] for e in levels),
        "rc %d, events %s, %s"
        % (r.rc, [e.get("event") for e in events][:10], read(s.path("levels-monitor.err"))[:300]),
    )

    # The card goes away mid-read (platform unbind): a clear message, no hang.
    reader = Background([s.c, "levels", "hw:Loopback,1,0"], s.path("levels-gone.out"), s.path("levels-gone.err"))
    time.sleep(2)
    unbind = run(["sh", "-c", "echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/unbind"], timeout=30)
    ended = wait_until(lambda: reader.p.poll() is not None, 15)
    rc = reader.stop(timeout=5)
    err = read(s.path("levels-gone.err"))
    print("info: unbind rc=%d; levels rc=%s: %s" % (unbind.rc, rc, err.strip()[:300]), flush=True)
    s.expect(
        "levels: the card unbound mid-read ends with a message (no crash, no hang)",
        ended and rc == 1 and "went away" in err,
        "ended %s rc %s: %s" % (ended, rc, err[:300]),
    )
    rmmod("snd-aloop")
    modprobe("snd-aloop")
    settle()
    monitor_hotplug(s)


def monitor_hotplug(s):
    """monitor --levels follows a microphone that goes away (levels-ended) and one that
    connects later (levels again); the card is unbound and bound again, because an open
    PCM keeps snd-aloop from being unloaded."""
    log = s.path("levels-monitor-hotplug.jsonl")
    mon = Background([s.c, "monitor", "--levels", "--json"], log, s.path("levels-monitor-hotplug.err"))
    tail = JsonlTail(log)
    driver = "/sys/bus/platform/drivers/snd_aloop/"
    metered = wait_until(lambda: tail.count("levels", ALOOP_ID) >= 1, 30)
    run(["sh", "-c", "echo snd_aloop.0 > " + driver + "unbind"], timeout=30)
    ended = wait_until(
        lambda: tail.count("levels-ended", ALOOP_ID) >= 1 and tail.count("disconnected", ALOOP_ID) >= 1, 30
    )
    before = tail.count("levels", ALOOP_ID)
    run(["sh", "-c", "echo snd_aloop.0 > " + driver + "bind"], timeout=30)
    back = wait_until(lambda: tail.count("connected", ALOOP_ID) >= 1 and tail.count("levels", ALOOP_ID) > before, 30)
    rc = mon.stop()
    events = [(e.get("event"), e.get("id")) for e in tail.poll() if e.get("id") == ALOOP_ID]
    ended_lines = [e.get("message") for e in tail.poll() if e.get("event") == "levels-ended"]
    print("info: monitor --levels hotplug: rc %s, levels-ended %s" % (rc, ended_lines[:1]), flush=True)
    s.expect(
        "monitor --levels: a microphone unbound mid-read gives levels-ended, and metering resumes when it connects again",
        metered and ended and back and rc == 0,
        "metered %s ended %s back %s rc %s; events %s; %s"
        % (metered, ended, back, rc, compress(events), read(s.path("levels-monitor-hotplug.err"))[:300]),
    )
    settle()


def compress(events):
    """[(event, id)…] with repeats counted, for a short failure message."""
    out = []
    for e in events:
        if out and out[-1][0] == e:
            out[-1][1] += 1
        else:
            out.append([e, 1])
    return out
