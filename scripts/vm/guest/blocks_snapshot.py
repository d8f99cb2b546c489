"""Block snapshot: `camprobe snapshot` against vivid's live test pattern: a PNG of the
asked size whose pixels are vivid's colour bars, a JPEG when an MJPG/JPEG mode
exists, EBUSY naming the streaming process, a timeout when no frame comes, and
no partial file and no stuck stream after errors or ^C."""

import os
import signal
import struct
import time
import zlib

from guest.harness import WEBCAM, Background, first_capture_node, modprobe, rmmod, set_ctrl, settle, v4l2ctl

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode_png(path):
    """(width, height, {RGB triple: pixels sampled}) of an 8-bit RGB PNG; every chunk CRC checked and every row's
    filter undone (PNG's five: none, Sub, Up, Average, Paeth), as any PNG reader would."""
    with open(path, "rb") as f:
        d = f.read()
    assert d[:8] == PNG_SIGNATURE, "no PNG signature: %r" % d[:8]
    i, idat, ihdr = 8, b"", None
    while i < len(d):
        (n,) = struct.unpack(">I", d[i : i + 4])
        kind, body = d[i + 4 : i + 8], d[i + 8 : i + 8 + n]
        (crc,) = struct.unpack(">I", d[i + 8 + n : i + 12 + n])
        assert crc == zlib.crc32(kind + body), "bad CRC in %r" % kind
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        i += 12 + n
    assert ihdr is not None, "no IHDR"
    w, h, depth, colour = ihdr[:4]
    assert (depth, colour) == (8, 2), "IHDR says depth %d colour type %d, want 8-bit RGB" % (depth, colour)
    raw = zlib.decompress(idat)
    stride = w * 3 + 1
    assert len(raw) == h * stride, "IDAT holds %d bytes, %dx%d needs %d" % (len(raw), w, h, h * stride)
    colours = {}
    prev = bytearray(w * 3)
    for y in range(h):
        f = raw[y * stride]
        row = bytearray(raw[y * stride + 1 : (y + 1) * stride])
        assert f <= 4, "row %d has filter %d" % (y, f)
        for x in range(len(row)):
            a = row[x - 3] if x >= 3 else 0
            b = prev[x]
            c = prev[x - 3] if x >= 3 else 0
            if f == 1:
                row[x] = (row[x] + a) & 255
            elif f == 2:
                row[x] = (row[x] + b) & 255
            elif f == 3:
                row[x] = (row[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = row
        if y % 2 == 0:
            for x in range(0, len(row) - 2, 6):
                px = bytes(row[x : x + 3])
                colours[px] = colours.get(px, 0) + 1
    return w, h, colours


def leftovers(directory):
    return sorted(n for n in os.listdir(directory) if n.startswith("."))


def can_stream(node):
    """The node streams for another process: camprobe left no buffers or stream behind."""
    r = v4l2ctl(node, "--stream-mmap", "--stream-count=3", timeout=60)
    assert r.rc == 0, "v4l2-ctl could not stream afterwards (rc %d): %s" % (r.rc, r.err.strip()[:300])


def block_snapshot(s):
    """snapshot: snapshot from a live vivid webcam."""
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    shots = s.path("snapshot-shots")
    os.makedirs(shots, exist_ok=True)
    png = os.path.join(shots, "x.png")

    r = s.camprobe(
        "snapshot",
        node,
        "--size",
        "640x480",
        "-o",
        png,
        stdout=s.path("snapshot-png.out"),
        stderr=s.path("snapshot-png.err"),
        timeout=120,
    )
    if s.expect("snapshot --size 640x480 -o x.png exits 0", r.rc == 0, "rc %d: %s" % (r.rc, r.err.strip()[:500])):

        def pixels():
            w, h, colours = decode_png(png)
            assert (w, h) == (640, 480), "IHDR says %dx%d" % (w, h)
            # vivid's webcam pattern is its 8 colour bars (75 %: grey, yellow, cyan, green, magenta, red,
            # blue, black) with white-on-black text: exactly 8 colours, none covering more than ~1/4.
            share = max(colours.values()) / sum(colours.values())
            assert len(colours) >= 7 and share < 0.34, (
                "%d distinct colours, the commonest on %.0f %% of the image: not vivid's colour bars"
                % (len(colours), share * 100)
            )
            return "%d distinct colours, none on more than %.0f %%" % (len(colours), share * 100)

        s.check(lambda n: "the PNG is 640x480 8-bit RGB showing vivid's colour bars (%s)" % n, pixels)
        s.expect(
            "its report names the file and the conversion",
            "PNG 640x480, YUYV converted to RGB" in r.out or "converted to RGB" in r.out,
            r.out[-400:],
        )
    s.expect("no temporary file is left next to it", leftovers(shots) == [], leftovers(shots))
    s.check("after a snapshot the node streams for others (STREAMOFF, REQBUFS 0)", can_stream, node)

    # The HTML report of a live camera embeds one frame, 320 px wide, as a data: URI.
    report = os.path.join(shots, "report.html")
    r = s.camprobe("report", node, "--html", "-o", report, timeout=180)
    if s.expect("report --html of the live vivid exits 0", r.rc == 0, r.err[-500:]):

        def thumbnail():
            import base64

            html = open(report).read()
            marker = "data:image/png;base64,"
            at = html.find(marker)
            assert at >= 0, "no data:image/png in the report"
            end = html.find('"', at)
            data = base64.b64decode(html[at + len(marker) : end])
            thumb = os.path.join(shots, "thumb.png")
            with open(thumb, "wb") as f:
                f.write(data)
            w, h, colours = decode_png(thumb)
            assert w == 320 and len(colours) >= 7, "thumbnail %dx%d with %d colours" % (w, h, len(colours))
            return "%dx%d, %d colours" % (w, h, len(colours))

        s.check(lambda n: "the report embeds a thumbnail of what vivid shows (%s)" % n, thumbnail)

    formats = v4l2ctl(node, "--list-formats").out
    jpeg_mode = next((f for f in ("MJPG", "JPEG") if "'%s'" % f in formats), None)
    if jpeg_mode:
        jpg = os.path.join(shots, "x.jpg")
        r = s.camprobe(
            "snapshot",
            node,
            "--format",
            jpeg_mode,
            "-o",
            jpg,
            stdout=s.path("snapshot-jpg.out"),
            stderr=s.path("snapshot-jpg.err"),
            timeout=120,
        )
        ok = r.rc == 0 and open(jpg, "rb").read(2) == b"\xff\xd8"
        s.expect("snapshot --format %s -o x.jpg writes the JPEG frame as sent (FF D8)" % jpeg_mode, ok, r.err[-400:])
    else:
        s.skip(
            "snapshot --format MJPG/JPEG -o x.jpg writes the JPEG frame as sent (FF D8)",
            "vivid offers no MJPG or JPEG format here",
        )
        r = s.camprobe("snapshot", node, "--size", "640x480", "-o", os.path.join(shots, "x.jpg"), timeout=120)
        s.expect(
            "without a JPEG mode, -o x.jpg is refused clearly and writes nothing",
            r.rc == 1 and "not MJPG or JPEG" in r.err and not os.path.exists(os.path.join(shots, "x.jpg")),
            r.err[-400:],
        )

    # Another process streaming: EBUSY, named.
    streamer = Background(
        ["v4l2-ctl", "-d", node, "--stream-mmap", "--stream-count=100000"],
        s.path("snapshot-streamer.out"),
        s.path("snapshot-streamer.err"),
    )
    time.sleep(2)
    busy = os.path.join(shots, "busy.png")
    r = s.camprobe("snapshot", node, "--size", "640x480", "-o", busy, stderr=s.path("snapshot-busy.err"), timeout=120)
    streamer.stop()
    s.expect(
        "while v4l2-ctl streams: 'another process is streaming', naming it, exit 1",
        r.rc == 1 and "another process is streaming" in r.err and "v4l2-ctl" in r.err and not os.path.exists(busy),
        "rc %d: %s" % (r.rc, r.err.strip()[-500:]),
    )

    # No frames at all (vivid drops every buffer): a timeout, said so.
    set_ctrl(node, "percentage_of_dropped_buffers=100")
    late = os.path.join(shots, "late.png")
    r = s.camprobe(
        "snapshot",
        node,
        "--size",
        "640x480",
        "--timeout",
        "2",
        "-o",
        late,
        stderr=s.path("snapshot-timeout.err"),
        timeout=120,
    )
    s.expect(
        "no frame within --timeout: 'timed out', exit 1, no file",
        r.rc == 1 and "timed out" in r.err and not os.path.exists(late),
        "rc %d: %s" % (r.rc, r.err.strip()[-500:]),
    )
    # ^C while waiting for a frame: no file, and the node is not left streaming.
    bg = Background(
        [s.c, "snapshot", node, "--size", "640x480", "--timeout", "60", "-o", late],
        s.path("snapshot-int.out"),
        s.path("snapshot-int.err"),
    )
    time.sleep(3)
    rc = bg.stop(signal.SIGINT)
    set_ctrl(node, "percentage_of_dropped_buffers=0")
    s.expect(
        "^C while streaming ends it (rc %s) and leaves no file" % rc,
        rc != 124 and not os.path.exists(late) and leftovers(shots) == [],
        leftovers(shots),
    )
    s.check("after ^C the node streams for others", can_stream, node)
    rmmod("vivid")
    settle()
