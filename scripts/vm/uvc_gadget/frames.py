"""The frames the UVC gadget application sends: MJPEG made by ffmpeg (or a plain grey JPEG), YUYV and 4:2:0
colour bars that move."""

import os
import shutil
import struct
import subprocess

from .uapi import log

# MJPEG frames are made by ffmpeg before the gadget connects only for small
# descriptions (this many MJPEG sizes at most, none above 1920x1080); otherwise
# on the first STREAMON of a size, which is answered at once with a grey JPEG
# while ffmpeg runs in the background (the next STREAMON of that size gets its
# frames). Under TCG, ffmpeg for a camera with 25 MJPEG sizes or 4K ones takes
# minutes, and uvcvideo's SET_INTERFACE waits only 5 s for the STREAMON answer.
EAGER_MJPEG_SIZES = 4
EAGER_MJPEG_PIXELS = 1920 * 1080
# Raw frames kept per stream: at most this many bytes in all (a 4K YUYV frame is 16 MB).
RAW_FRAMES_BYTES = 64 * 1024 * 1024


def grey_jpeg(w: int, h: int) -> bytes:
    """A baseline greyscale JPEG of w x h, every pixel 128: one Huffman code
    per table, every 8x8 block 'DC difference 0, EOB' = two zero bits."""

    def seg(marker: int, body: bytes) -> bytes:
        return struct.pack(">BBH", 0xFF, marker, len(body) + 2) + body

    out = b"\xff\xd8"
    out += seg(0xDB, b"\x00" + b"\x01" * 64)  # DQT 0, all ones
    out += seg(0xC0, struct.pack(">BHHB", 8, h, w, 1) + b"\x01\x11\x00")  # SOF0
    out += seg(0xC4, b"\x00" + b"\x01" + b"\x00" * 15 + b"\x00")  # DC table 0: one code '0' -> category 0
    out += seg(0xC4, b"\x10" + b"\x01" + b"\x00" * 15 + b"\x00")  # AC table 0: one code '0' -> EOB
    out += seg(0xDA, b"\x01\x01\x00\x00\x3f\x00")  # SOS
    blocks = ((w + 7) // 8) * ((h + 7) // 8)
    bits = 2 * blocks
    data = bytearray(bits // 8)
    if bits % 8:
        data.append(0xFF >> (bits % 8))  # pad the last byte with ones
    out += bytes(data) + b"\xff\xd9"
    return out


def ffmpeg_argv(w: int, h: int, d: str, count: int) -> list[str]:
    return [
        "ffmpeg",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=%dx%d:rate=%d" % (w, h, count),
        "-frames:v",
        str(count),
        "-q:v",
        "5",
        os.path.join(d, "f%02d.jpg"),
    ]


def read_jpegs(d: str) -> list[bytes]:
    frames = []
    for f in sorted(f for f in os.listdir(d) if f.endswith(".jpg")) if os.path.isdir(d) else []:
        with open(os.path.join(d, f), "rb") as fh:
            frames.append(fh.read())
    return frames


def make_jpegs(w: int, h: int, cache: str, count: int = 4) -> list[bytes]:
    """count distinct JPEGs of w x h (ffmpeg's test pattern), else one grey JPEG."""
    d = os.path.join(cache, "%dx%d" % (w, h))
    os.makedirs(d, exist_ok=True)
    if not read_jpegs(d) and shutil.which("ffmpeg"):
        try:
            subprocess.run(ffmpeg_argv(w, h, d, count), stdin=subprocess.DEVNULL, timeout=120, check=True)
        except (subprocess.SubprocessError, OSError) as e:
            log("ffmpeg failed for %dx%d: %s; using a grey JPEG" % (w, h, e))
    return read_jpegs(d) or [grey_jpeg(w, h)]


def start_jpegs(w: int, h: int, cache: str, count: int = 4) -> subprocess.Popen[bytes] | None:
    """ffmpeg for w x h in the background, into CACHE/WxH.part (renamed to
    CACHE/WxH by finish_jpegs); a Popen, or None without ffmpeg."""
    part = os.path.join(cache, "%dx%d.part" % (w, h))
    shutil.rmtree(part, ignore_errors=True)
    os.makedirs(part)
    if not shutil.which("ffmpeg"):
        return None
    return subprocess.Popen(
        ffmpeg_argv(w, h, part, count),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: os.nice(10),
    )


def finish_jpegs(w: int, h: int, cache: str, job: subprocess.Popen[bytes]) -> list[bytes]:
    """The frames of a finished background job (moved into place), else []."""
    d = os.path.join(cache, "%dx%d" % (w, h))
    part = d + ".part"
    if job.returncode == 0 and read_jpegs(part):
        shutil.rmtree(d, ignore_errors=True)
        os.rename(part, d)
        return read_jpegs(d)
    shutil.rmtree(part, ignore_errors=True)
    return []


# Colour bars in YUYV: white, yellow, cyan, green, magenta, red, blue, black.
BARS = [
    (235, 128, 128),
    (210, 16, 146),
    (170, 166, 16),
    (145, 54, 34),
    (106, 202, 222),
    (81, 90, 240),
    (41, 240, 110),
    (16, 128, 128),
]


def yuyv_frames(w: int, h: int, count: int = 8) -> list[bytes]:
    """count frames of colour bars, each shifted right by w/count pixels (even)."""
    row: bytes | bytearray = bytearray()
    for x in range(0, w, 2):
        y, u, v = BARS[min(x * 8 // w, 7)]
        row += bytes((y, u, y, v))
    row = bytes(row)
    out = []
    for k in range(count):
        shift = ((w * k // count) // 2) * 4
        r = row[-shift:] + row[:-shift] if shift else row
        # A frame-counter stripe at the top: 16 rows whose luma steps with k.
        stripe = bytes((16 + 28 * k) % 236 if i % 2 == 0 else 128 for i in range(2 * w))
        out.append(stripe * min(16, h) + r * (h - min(16, h)))
    return out


def planar420_frames(w: int, h: int, fourcc: str, count: int = 8) -> list[bytes]:
    """count 4:2:0 frames (NV12: Y plane then interleaved CbCr; YU12: Y, Cb, Cr planes)
    of the same colour bars as yuyv_frames, moving the same way."""
    cw, ch = (w + 1) // 2, (h + 1) // 2
    yrow = bytes(BARS[min(x * 8 // w, 7)][0] for x in range(w))
    urow = bytes(BARS[min(2 * x * 8 // w, 7)][1] for x in range(cw))
    vrow = bytes(BARS[min(2 * x * 8 // w, 7)][2] for x in range(cw))
    out = []
    for k in range(count):
        sy = (w * k // count) // 2 * 2
        sc = sy // 2
        yr = yrow[-sy:] + yrow[:-sy] if sy else yrow
        ur = urow[-sc:] + urow[:-sc] if sc else urow
        vr = vrow[-sc:] + vrow[:-sc] if sc else vrow
        stripe = bytes([(16 + 28 * k) % 236]) * w
        y = stripe * min(16, h) + yr * (h - min(16, h))
        if fourcc == "NV12":
            uv = bytes(b for pair in zip(ur, vr, strict=False) for b in pair)
            out.append(y + uv * ch)
        else:
            out.append(y + ur * ch + vr * ch)
    return out


def raw_frames(fourcc: str, w: int, h: int) -> list[bytes]:
    """Uncompressed frames for a stream, as many as RAW_FRAMES_BYTES allows (2 to 8)."""
    size = w * h * 2 if fourcc == "YUYV" else w * h * 3 // 2
    count = max(2, min(8, RAW_FRAMES_BYTES // max(1, size)))
    if fourcc == "YUYV":
        return yuyv_frames(w, h, count)
    return planar420_frames(w, h, fourcc, count)


# --- the application -------------------------------------------------------------
