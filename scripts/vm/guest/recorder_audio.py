"""The recorder block on snd-aloop: a .wav whose peaks equal what `camprobe levels` reads."""

import json
import math
import os
import struct
import time
import wave
from collections.abc import Sequence
from typing import Any

from guest.blocks_levels import sine, write_wav
from guest.ffprobe import ffprobe_json, first_stream, tail
from guest.harness import Background, Suite, modprobe, read, run, settle
from guest.recorder_common import AMPLITUDES, LEVEL_TOLERANCE, event_lines
from guest.recorder_survive_cases import survive_audio

# 5. Audio from snd-aloop against camprobe levels.


def audio(s: Suite, ex: str) -> None:
    modprobe("snd-aloop")
    settle()
    wav = s.path("recorder-sine.wav")
    write_wav(wav, sine(AMPLITUDES[0]), sine(AMPLITUDES[1]), seconds=90)
    # Whatever capture side the Loopback microphone opens (hw:Loopback,1,0 or hw:Loopback,0,0),
    # it carries the sine: play into both playback sides.
    players = [
        Background(
            ["aplay", "-q", "-D", "hw:Loopback,%d,0" % dev, wav],
            s.path("recorder-aplay%d.out" % dev),
            s.path("recorder-aplay%d.err" % dev),
        )
        for dev in (0, 1)
    ]
    try:
        time.sleep(1.5)
        levels, source = meter(s)
        print(
            "info: R5 reference: %s, %d readings, median peaks %s dBFS"
            % (
                source,
                len(levels),
                fmt_db([median_peak(levels, c) for c in range(len(levels[0]["channels"]))] if levels else []),
            ),
            flush=True,
        )
        prefix = s.path("r-audio")
        r = run(
            [ex, "--microphone", "Loopback", "--seconds", "3", "--output", prefix],
            stdout=s.path("recorder-audio.out"),
            stderr=s.path("recorder-audio.err"),
            timeout=120,
        )
        survive_audio(s, ex)
    finally:
        for p in players:
            p.stop(timeout=10)
    print(
        "info: R5 players: %s" % "; ".join(tail(read(s.path("recorder-aplay%d.err" % d)), 120) for d in (0, 1)),
        flush=True,
    )
    paths = event_lines(r.out, "Recording audio")
    path = paths[0] if paths else prefix + ".wav"

    def recorded() -> None:
        assert r.rc == 0, "exit %d: %s" % (r.rc, tail(r.err))
        assert path == prefix + ".wav", "'Recording audio:' names %r, expected %s.wav" % (path, prefix)
        done = event_lines(r.out, "Recorded audio")
        assert done, "no 'Recorded audio:' line: %s" % tail(r.out)
        print("info: R5 Recorded audio: %s" % done[0], flush=True)

    s.check("R5 recorder --microphone Loopback --seconds 3 exits 0 and records r-audio.wav (exit %d)" % r.rc, recorded)

    def probed() -> None:
        d = ffprobe_json(
            s, path, "stream=codec_name,sample_rate,channels,duration:format=duration", "recorder-audio-ffprobe"
        )
        st = first_stream(d)
        dur = float(st.get("duration") or (d.get("format") or {}).get("duration") or 0)
        print(
            "info: R5 ffprobe: %s, %s Hz, %s channels, %.3f s"
            % (st.get("codec_name"), st.get("sample_rate"), st.get("channels"), dur),
            flush=True,
        )
        assert str(st.get("codec_name", "")).startswith("pcm_"), "codec %s" % st.get("codec_name")
        assert abs(dur - 3) <= 0.5, "duration %.3f s, expected 3 +- 0.5" % dur

    s.check("R5 ffprobe reads r-audio.wav: pcm_*, 3 s +- 0.5", probed)

    def peaks() -> None:
        assert levels, "no reference: camprobe levels gave no reading (%s)" % source
        assert os.path.exists(path), "%s does not exist" % path
        want = [median_peak(levels, ch) for ch in range(len(levels[0]["channels"]))]
        got = wav_peaks_dbfs(path)
        print(
            "info: R5 peaks over the middle second: wav %s, levels (%s) %s" % (fmt_db(got), source, fmt_db(want)),
            flush=True,
        )
        assert len(got) == len(want), "the wav has %d channels, levels reads %d" % (len(got), len(want))
        off = [
            (i + 1, g, w)
            for i, (g, w) in enumerate(zip(got, want, strict=False))
            if g is None or w is None or abs(g - w) > LEVEL_TOLERANCE
        ]
        assert not off, "; ".join("ch%d: wav %s, levels %s dBFS" % (i, fmt_db([g]), fmt_db([w])) for i, g, w in off)

    s.check(
        "R5 the wav's peak over its middle second equals camprobe levels' peak, per channel, +- %.1f dB"
        % LEVEL_TOLERANCE,
        peaks,
    )


def meter(s: Suite) -> tuple[list[Any], str]:
    """`camprobe levels … --seconds 2 --json` readings: first on the Loopback device (the microphone the
    recorder picks), else on hw:Loopback,1,0 as block levels reads it."""
    for name, pcm in (("device", "Loopback"), ("pcm", "hw:Loopback,1,0")):
        r = s.camprobe(
            "levels",
            pcm,
            "--seconds",
            "2",
            "--json",
            stdout=s.path("recorder-levels-%s.jsonl" % name),
            stderr=s.path("recorder-levels-%s.err" % name),
            timeout=60,
        )
        try:
            lines = [json.loads(l) for l in r.out.splitlines() if l.strip()]
        except ValueError:
            lines = []
        lines = [l for l in lines if isinstance(l, dict) and l.get("channels")]
        if r.rc == 0 and lines:
            return lines, "levels %s" % pcm
        print(
            "info: R5 camprobe levels %s: exit %d, %d readings: %s" % (pcm, r.rc, len(lines), tail(r.err, 200)),
            flush=True,
        )
    return [], "camprobe levels failed on Loopback and hw:Loopback,1,0 (see recorder-levels-*.err)"


def median_peak(lines: list[Any], ch: int) -> float | None:
    vals = sorted(
        l["channels"][ch].get("peakHoldLevel")
        for l in lines
        if ch < len(l["channels"]) and l["channels"][ch].get("peakHoldLevel") is not None
    )
    return vals[len(vals) // 2] if vals else None


def fmt_db(values: list[float | None]) -> str:
    return "[%s]" % ", ".join("silent" if v is None else "%.2f" % v for v in values)


def wav_peaks_dbfs(path: str) -> list[float | None]:
    """Per channel, the peak |sample| over the middle second in dBFS (integer PCM: full scale 2^(bits-1);
    float: 1.0). Read with the wave module; WAVE_FORMAT_EXTENSIBLE or float headers (which Python 3.11's
    wave refuses) with a small RIFF reader."""
    try:
        with wave.open(path, "rb") as w:
            ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            start = max(0, n // 2 - rate // 2)
            w.setpos(start)
            data, kind = w.readframes(min(rate, n - start)), "int"
    except wave.Error:
        ch, width, rate, kind, data, bits = riff_middle_second(path)
    else:
        bits = width * 8
    assert data, "%s has no samples" % path
    count = len(data) // width
    samples: Sequence[float]
    if kind == "float":
        samples, full = struct.unpack("<%d%s" % (count, "f" if width == 4 else "d"), data[: count * width]), 1.0
    elif width == 1:
        samples, full = [b - 128 for b in data], 128.0
    elif width == 2:
        samples, full = struct.unpack("<%dh" % count, data[: count * 2]), 32768.0
    elif width == 3:
        samples = [int.from_bytes(data[i : i + 3], "little", signed=True) for i in range(0, count * 3, 3)]
        full = float(1 << 23)
    elif width == 4:
        samples, full = struct.unpack("<%di" % count, data[: count * 4]), float(1 << (bits - 1))
    else:
        raise AssertionError("%d-byte samples are not read here" % width)
    out = []
    for c in range(ch):
        peak = max((abs(x) for x in samples[c::ch]), default=0)
        out.append(20 * math.log10(peak / full) if peak > 0 else None)
    return out


def riff_middle_second(path: str) -> tuple[int, int, int, str, bytes, int]:
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", "%s is not a RIFF/WAVE file" % path
    pos, fmt, body = 12, None, None
    while pos + 8 <= len(data):
        cid, size = data[pos : pos + 4], struct.unpack("<I", data[pos + 4 : pos + 8])[0]
        if cid == b"fmt ":
            fmt = data[pos + 8 : pos + 8 + size]
        elif cid == b"data":
            body = data[pos + 8 : pos + 8 + size]
            break
        pos += 8 + size + (size & 1)
    assert fmt and body is not None, "%s: no fmt or data chunk" % path
    tag, ch, rate, _, align, bits = struct.unpack("<HHIIHH", fmt[:16])
    if tag == 0xFFFE and len(fmt) >= 26:
        tag = struct.unpack("<H", fmt[24:26])[0]  # the sub-format GUID's first two bytes
    assert tag in (1, 3), "%s: format tag %#x is neither PCM nor float" % (path, tag)
    n = len(body) // align
    start = max(0, n // 2 - rate // 2)
    frames = min(rate, n - start)
    return ch, align // ch, rate, "float" if tag == 3 else "int", body[start * align : (start + frames) * align], bits
