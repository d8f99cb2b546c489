"""The UVC gadget application: the userspace half of f_uvc (usb_f_uvc).

Opens the gadget's output node (driver "g_uvc"), subscribes to the UVC events
(subscribing to UVC_EVENT_SETUP is what lets f_uvc connect the gadget), answers
the host's class requests with UVCIOC_SEND_RESPONSE (streaming probe/commit and
the camera terminal / processing unit controls) and, between STREAMON and
STREAMOFF, feeds frames through VIDIOC_REQBUFS/QBUF/DQBUF/STREAMON on the node:
MJPEG frames that decode (made by ffmpeg when there is one, else a plain grey
JPEG written here) and YUYV colour bars that move.

Standard library only; ioctl numbers and struct layouts are x86-64's
(include/uapi/linux/videodev2.h, include/uapi/linux/usb/g_uvc.h).
"""

import errno
import fcntl
import json
import mmap
import os
import select
import shutil
import signal
import struct
import subprocess
import time

from . import bandwidth, configfs
from . import controls as ctl_table

# --- ioctls (x86-64) ---------------------------------------------------------
VIDIOC_QUERYCAP = 0x80685600
VIDIOC_S_FMT = 0xC0D05605
VIDIOC_REQBUFS = 0xC0145608
VIDIOC_QUERYBUF = 0xC0585609
VIDIOC_QBUF = 0xC058560F
VIDIOC_DQBUF = 0xC0585611
VIDIOC_STREAMON = 0x40045612
VIDIOC_STREAMOFF = 0x40045613
VIDIOC_DQEVENT = 0x80885659
VIDIOC_SUBSCRIBE_EVENT = 0x4020565A
UVCIOC_SEND_RESPONSE = 0x40405501
# The patched usb_f_uvc's (build-modules.sh): _IOW('U', 0x40, struct uvc_request_data).
UVCIOC_CAMPROBE_SEND_STATUS = 0x40405540

V4L2_BUF_TYPE_VIDEO_OUTPUT = 2
V4L2_MEMORY_MMAP = 1
V4L2_FIELD_NONE = 1
V4L2_CAP_VIDEO_OUTPUT = 0x2
V4L2_CAP_DEVICE_CAPS = 0x80000000

V4L2_EVENT_PRIVATE_START = 0x08000000
UVC_EVENT_CONNECT = V4L2_EVENT_PRIVATE_START + 0
UVC_EVENT_DISCONNECT = V4L2_EVENT_PRIVATE_START + 1
UVC_EVENT_STREAMON = V4L2_EVENT_PRIVATE_START + 2
UVC_EVENT_STREAMOFF = V4L2_EVENT_PRIVATE_START + 3
UVC_EVENT_SETUP = V4L2_EVENT_PRIVATE_START + 4
UVC_EVENT_DATA = V4L2_EVENT_PRIVATE_START + 5
EVENT_NAMES = {
    UVC_EVENT_CONNECT: "CONNECT",
    UVC_EVENT_DISCONNECT: "DISCONNECT",
    UVC_EVENT_STREAMON: "STREAMON",
    UVC_EVENT_STREAMOFF: "STREAMOFF",
    UVC_EVENT_SETUP: "SETUP",
    UVC_EVENT_DATA: "DATA",
}

# UVC class requests (UVC 1.5 spec, A.8) and selectors.
SET_CUR, GET_CUR, GET_MIN, GET_MAX, GET_RES, GET_LEN, GET_INFO, GET_DEF = 0x01, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87
REQ_NAMES = {
    SET_CUR: "SET_CUR",
    GET_CUR: "GET_CUR",
    GET_MIN: "GET_MIN",
    GET_MAX: "GET_MAX",
    GET_RES: "GET_RES",
    GET_LEN: "GET_LEN",
    GET_INFO: "GET_INFO",
    GET_DEF: "GET_DEF",
}
VS_PROBE_CONTROL, VS_COMMIT_CONTROL = 0x01, 0x02
VC_REQUEST_ERROR_CODE_CONTROL = 0x02

PROBE_FMT = "<HBBIHHHHHII"  # UVC 1.0 part (26 bytes); 1.1/1.5 fields follow as zeros
PROBE_LEN = 48

FOURCC = {"MJPG": 0x47504A4D, "YUYV": 0x56595559, "NV12": 0x3231564E, "YU12": 0x32315559}

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


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def find_output_node(gadget_name=None):
    """The g_uvc output node: /dev/videoN whose QUERYCAP driver is g_uvc."""
    for name in sorted(os.listdir("/sys/class/video4linux")):
        if not name.startswith("video"):
            continue
        node = "/dev/" + name
        try:
            fd = os.open(node, os.O_RDWR | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            buf = bytearray(104)
            fcntl.ioctl(fd, VIDIOC_QUERYCAP, buf)
            driver = bytes(buf[0:16]).split(b"\0")[0].decode()
            caps, dcaps = struct.unpack_from("<II", buf, 84)
            c = dcaps if caps & V4L2_CAP_DEVICE_CAPS else caps
            if driver == "g_uvc" and c & V4L2_CAP_VIDEO_OUTPUT:
                return node
        except OSError:
            pass
        finally:
            os.close(fd)
    return None


# --- frames --------------------------------------------------------------------


def grey_jpeg(w, h):
    """A baseline greyscale JPEG of w x h, every pixel 128: one Huffman code
    per table, every 8x8 block 'DC difference 0, EOB' = two zero bits."""

    def seg(marker, body):
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


def ffmpeg_argv(w, h, d, count):
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


def read_jpegs(d):
    frames = []
    for f in sorted(f for f in os.listdir(d) if f.endswith(".jpg")) if os.path.isdir(d) else []:
        with open(os.path.join(d, f), "rb") as fh:
            frames.append(fh.read())
    return frames


def make_jpegs(w, h, cache, count=4):
    """count distinct JPEGs of w x h (ffmpeg's test pattern), else one grey JPEG."""
    d = os.path.join(cache, "%dx%d" % (w, h))
    os.makedirs(d, exist_ok=True)
    if not read_jpegs(d) and shutil.which("ffmpeg"):
        try:
            subprocess.run(ffmpeg_argv(w, h, d, count), stdin=subprocess.DEVNULL, timeout=120, check=True)
        except (subprocess.SubprocessError, OSError) as e:
            log("ffmpeg failed for %dx%d: %s; using a grey JPEG" % (w, h, e))
    return read_jpegs(d) or [grey_jpeg(w, h)]


def start_jpegs(w, h, cache, count=4):
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


def finish_jpegs(w, h, cache, job):
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


def yuyv_frames(w, h, count=8):
    """count frames of colour bars, each shifted right by w/count pixels (even)."""
    row = bytearray()
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


def planar420_frames(w, h, fourcc, count=8):
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


def raw_frames(fourcc, w, h):
    """Uncompressed frames for a stream, as many as RAW_FRAMES_BYTES allows (2 to 8)."""
    size = w * h * 2 if fourcc == "YUYV" else w * h * 3 // 2
    count = max(2, min(8, RAW_FRAMES_BYTES // max(1, size)))
    if fourcc == "YUYV":
        return yuyv_frames(w, h, count)
    return planar420_frames(w, h, fourcc, count)


# --- the application -------------------------------------------------------------


class Control:
    def __init__(self, name, size, minimum, maximum, res, default, signed=False, info=ctl_table.INFO_GET_SET):
        self.name = name
        self.size, self.min, self.max, self.res, self.default = size, minimum, maximum, res, default
        self.cur = default
        self.auto = default  # what the device sets while its automatic control is on
        self.signed = signed
        self.info = info

    def pack(self, v):
        return ctl_table.pack(self.size, self.signed, v)

    def unpack(self, data):
        return ctl_table.unpack(self.size, self.signed, data)

    def valid(self, v):
        if self.name == "auto_exposure_mode":
            return v != 0 and (v & self.res) == v and bin(v).count("1") == 1
        if isinstance(v, list):
            return len(v) == len(self.min) and all(a <= x <= b for a, x, b in zip(self.min, v, self.max, strict=False))
        return self.min <= v <= self.max


def make_controls(described):
    """{(unit, selector): Control} for a description's "controls"."""
    slaves = {slave for slave, _ in ctl_table.COUPLINGS.values()}
    out = {}
    for name, c in described.items():
        unit, selector, _, size, signed = ctl_table.TABLE[name]
        if name == "auto_exposure_mode":
            mask = 0
            for m in c.get("modes", [1, 2]):
                mask |= m
            ctrl = Control(name, 1, 0, mask, mask, c.get("default", 2))
        elif size == 10:
            lo, hi = c.get("min", [0] * 5), c.get("max", [0xFFFF] * 5)
            ctrl = Control(name, size, lo, hi, [0] * 5, c.get("default", lo))
        else:
            lo, hi = c.get("min", 0), c.get("max", 1)
            info = ctl_table.INFO_GET_SET | (ctl_table.INFO_AUTOUPDATE if name in slaves else 0)
            ctrl = Control(name, size, lo, hi, c.get("step", 1), c.get("default", lo), signed, info)
            ctrl.auto = c.get("auto", ctrl.default)
        out[(unit, selector)] = ctrl
    return out


class App:
    def __init__(self, description, fn_dir, node, cache):
        self.d = description
        self.node = node
        self.fn = fn_dir
        self.cache = cache
        self.formats = configfs.layout(fn_dir)
        if not self.formats:
            raise RuntimeError("no formats under %s" % fn_dir)
        self.vc_intf = int(configfs._r(fn_dir + "/control/bInterfaceNumber"))
        self.vs_intf = int(configfs._r(fn_dir + "/streaming/bInterfaceNumber"))
        self.maxpacket = int(configfs._r(fn_dir + "/streaming_maxpacket"))
        # fps as the description writes them, per (fourcc, w, h, interval): payload keys use them.
        self.rates = {}
        for fourcc, w, h, fps in bandwidth.modes(description):
            self.rates[(fourcc, w, h, configfs.interval_100ns(fps))] = fps
        self.probe = self.fill(1, 1, 0)
        self.commit = self.fill(1, 1, 0)
        self.pending = None  # what the next DATA event is for
        self.error_code = 0
        self.controls = make_controls(description.get("controls", {}))
        self.by_name = {c.name: c for c in self.controls.values()}
        for master, (slave, is_auto) in ctl_table.COUPLINGS.items():
            m, sl = self.by_name.get(master), self.by_name.get(slave)
            if m is not None and sl is not None and is_auto(m.cur):
                sl.cur = sl.auto
        self.push_fifo = None  # `uvc-gadget push` writes "ID NAME VALUE" lines here
        # Every setup request answered, {(interface, entity, selector, request): count}; a
        # "ID requests" line on the push FIFO writes them to requests.ID.json (request_counts()).
        self.requests = {}
        self.push_buf = b""
        self.fd = None
        self.bufs = []  # mmaps
        self.streaming = False
        self.frames = []
        self.frame_no = 0
        self.stop = False
        self.sent = 0
        self.free = []
        self.interval = 1 / 30.0
        self.next_due = 0.0
        self.jpegs = {}
        self.jpeg_jobs = {}
        self.jpeg_wanted = None

    # streaming control -------------------------------------------------------
    def fmt_by_index(self, i):
        for f in self.formats:
            if f["index"] == i:
                return f
        return None

    def fill(self, fidx, fridx, interval):
        """A probe/commit block for format fidx, frame fridx, the supported
        interval nearest to interval (the frame's first when 0)."""
        f = self.fmt_by_index(fidx) or self.formats[0]
        fr = next((x for x in f["frames"] if x["index"] == fridx), f["frames"][0])
        ivals = fr["intervals"]
        iv = min(ivals, key=lambda x: abs(x - interval)) if interval else ivals[0]
        if f["type"] == "mjpeg":
            size = fr["maxsize"]
        else:
            size = fr["width"] * fr["height"] * 2 if f["fourcc"] == "YUYV" else fr["maxsize"]
        blk = struct.pack(
            PROBE_FMT,
            1,
            f["index"],
            fr["index"],
            iv,
            0,
            0,
            0,
            0,
            0,
            size,
            self.payload(f["fourcc"], fr["width"], fr["height"], iv),
        )
        return blk.ljust(PROBE_LEN, b"\0")

    def payload(self, fourcc, w, h, iv):
        """dwMaxPayloadTransferSize for a mode: the description's "payload" (bandwidth.py), else
        streaming_maxpacket as before (the largest alternate setting's bytes per microframe)."""
        if not self.d.get("payload") and not self.d.get("streamingAlts"):
            return self.maxpacket
        return bandwidth.payload(self.d, fourcc, w, h, self.rates.get((fourcc, w, h, iv)))

    def probe_limits(self, which):
        if which == GET_MAX:
            f = self.formats[-1]
            return self.fill(f["index"], f["frames"][-1]["index"], f["frames"][-1]["intervals"][-1])
        f = self.formats[0]
        return self.fill(f["index"], f["frames"][0]["index"], 0)

    # requests ------------------------------------------------------------------
    def respond(self, data, length=None):
        if data is None:
            buf = struct.pack("<i", -1) + b"\0" * 60
        else:
            data = bytes(data)[:60]
            buf = struct.pack("<i", len(data) if length is None else length) + data.ljust(60, b"\0")
        fcntl.ioctl(self.fd, UVCIOC_SEND_RESPONSE, buf)

    def on_setup(self, ev):
        rtype, req, wvalue, windex, wlength = struct.unpack_from("<BBHHH", ev, 0)
        intf, entity, cs = windex & 0xFF, windex >> 8, wvalue >> 8
        name = REQ_NAMES.get(req, hex(req))
        self.pending = None
        self.count_request(rtype, req, intf, entity, cs)
        if rtype & 0x60 != 0x20:
            log("setup: not a class request %02x %02x; stall" % (rtype, req))
            return self.respond(None)
        if intf == self.vs_intf:
            log("setup: VS %s cs=%d len=%d" % (name, cs, wlength))
            return self.vs_request(req, cs, wlength)
        if intf == self.vc_intf:
            log("setup: VC %s entity=%d cs=%d len=%d" % (name, entity, cs, wlength))
            return self.vc_request(req, entity, cs, wlength)
        log("setup: unknown interface %d; stall" % intf)
        return self.respond(None)

    def count_request(self, rtype, req, intf, entity, cs):
        """Counts one setup request by interface (VC, VS; "other" for anything else, e.g. not a
        class request), entity (VC only), selector and request code."""
        if rtype & 0x60 == 0x20 and intf == self.vs_intf:
            key = ("VS", 0, cs, req)
        elif rtype & 0x60 == 0x20 and intf == self.vc_intf:
            key = ("VC", entity, cs, req)
        else:
            key = ("other", intf, cs, req)
        self.requests[key] = self.requests.get(key, 0) + 1

    def request_counts(self):
        """The counts as JSON-ready rows, each named: a control's description name, VS "probe" /
        "commit", VC "request_error_code"; "" where the gadget has no such selector."""
        rows = []
        for (kind, entity, cs, req), n in sorted(self.requests.items()):
            if kind == "VS":
                what = {VS_PROBE_CONTROL: "probe", VS_COMMIT_CONTROL: "commit"}.get(cs, "")
            elif kind == "VC" and entity == 0 and cs == VC_REQUEST_ERROR_CODE_CONTROL:
                what = "request_error_code"
            elif kind == "VC":
                c = self.controls.get((entity, cs))
                what = c.name if c is not None else ""
            else:
                what = ""
            rows.append(
                {
                    "interface": kind,
                    "entity": entity,
                    "selector": cs,
                    "name": what,
                    "request": REQ_NAMES.get(req, "0x%02x" % req),
                    "count": n,
                }
            )
        return {"total": sum(self.requests.values()), "requests": rows}

    def vs_request(self, req, cs, wlength):
        if cs not in (VS_PROBE_CONTROL, VS_COMMIT_CONTROL):
            self.error_code = 0x06
            return self.respond(None)
        cur = self.probe if cs == VS_PROBE_CONTROL else self.commit
        if req == SET_CUR:
            self.pending = ("vs", cs)
            return self.respond(b"", length=wlength)
        if req == GET_CUR:
            return self.respond(cur[:wlength])
        if req in (GET_MIN, GET_DEF):
            return self.respond(self.probe_limits(GET_MIN)[:wlength])
        if req == GET_MAX:
            return self.respond(self.probe_limits(GET_MAX)[:wlength])
        if req == GET_RES:
            return self.respond(b"\0" * wlength)
        if req == GET_LEN:
            return self.respond(struct.pack("<H", 26 if wlength else 26))
        if req == GET_INFO:
            return self.respond(b"\x03")
        return self.respond(None)

    def vc_request(self, req, entity, cs, wlength):
        if entity == 0 and cs == VC_REQUEST_ERROR_CODE_CONTROL:
            if req == GET_CUR:
                return self.respond(bytes([self.error_code]))
            if req == GET_INFO:
                return self.respond(b"\x01")
            return self.respond(None)
        c = self.controls.get((entity, cs))
        if c is None:
            self.error_code = 0x06  # invalid control
            return self.respond(None)
        self.error_code = 0
        if req == SET_CUR and self.held_by_auto(c):
            self.error_code = 0x02  # wrong state: its automatic control is on
            log("setup: SET_CUR %s refused: automatic mode is on" % c.name)
            return self.respond(None)
        if req == SET_CUR:
            self.pending = ("vc", (entity, cs))
            return self.respond(b"", length=wlength)
        value = {GET_CUR: c.cur, GET_MIN: c.min, GET_MAX: c.max, GET_RES: c.res, GET_DEF: c.default}.get(req)
        if value is not None:
            return self.respond(c.pack(value)[:wlength])
        if req == GET_LEN:
            return self.respond(struct.pack("<H", c.size))
        if req == GET_INFO:
            return self.respond(bytes([c.info]))
        self.error_code = 0x07  # invalid request
        return self.respond(None)

    def on_data(self, ev):
        length = struct.unpack_from("<i", ev, 0)[0]
        data = bytes(ev[4 : 4 + max(0, min(length, 60))])
        p, self.pending = self.pending, None
        if p is None:
            log("data: %d bytes for nothing" % length)
            return
        kind, what = p
        if kind == "vs":
            h = struct.unpack_from(PROBE_FMT, data.ljust(26, b"\0"))
            blk = self.fill(h[1], h[2], h[3])
            if what == VS_PROBE_CONTROL:
                self.probe = blk
            else:
                self.commit = blk
            _, fi, fri, iv = struct.unpack_from("<HBBI", blk)
            log(
                "data: %s format %d frame %d interval %d payload %d"
                % ("probe" if what == 1 else "commit", fi, fri, iv, struct.unpack_from("<I", blk, 22)[0])
            )
        else:
            c = self.controls[what]
            v = c.unpack(data)
            if c.valid(v):
                c.cur = v
                log("data: control %s = %d" % (c.name, v))
                self.follow_coupling(c)
            else:
                self.error_code = 0x04  # out of range
                log("data: control %s value %d out of range (ignored)" % (c.name, v))

    # coupling and status -------------------------------------------------------
    def held_by_auto(self, c):
        """True when c is the manual half of a pair whose automatic half is on."""
        for master, (slave, is_auto) in ctl_table.COUPLINGS.items():
            m = self.by_name.get(master)
            if slave == c.name and m is not None and is_auto(m.cur):
                return True
        return False

    def follow_coupling(self, c):
        """After c changed: when it is an automatic control now on, the device takes
        the manual one over, sets it and says so on the status endpoint."""
        pair = ctl_table.COUPLINGS.get(c.name)
        if pair is None:
            return
        slave = self.by_name.get(pair[0])
        if slave is not None and pair[1](c.cur) and slave.cur != slave.auto:
            slave.cur = slave.auto
            self.send_status(slave)

    def send_status(self, c):
        """Pushes c's current value (a status packet on the interrupt endpoint). Returns an error text or None."""
        pkt = ctl_table.status_packet(c.name, c.pack(c.cur))
        try:
            fcntl.ioctl(self.fd, UVCIOC_CAMPROBE_SEND_STATUS, struct.pack("<i", len(pkt)) + pkt.ljust(60, b"\0"))
        except OSError as e:
            why = (
                "this usb_f_uvc cannot send status (run uvc_gadget/build-modules.sh)"
                if e.errno == errno.ENOTTY
                else str(e)
            )
            log("status %s = %d: %s" % (c.name, c.cur, why))
            return why
        log("status %s = %d pushed" % (c.name, c.cur))
        return None

    def push(self, line):
        """One `uvc-gadget push` request: "ID NAME VALUE"; the answer goes to push.ID.done.
        "ID requests" instead writes the setup requests answered so far to requests.ID.json."""
        parts = line.split()
        if len(parts) == 2 and parts[1] == "requests":
            out = os.path.join(os.path.dirname(self.push_fifo), "requests.%s.json" % parts[0])
            with open(out + ".tmp", "w") as fh:
                json.dump(self.request_counts(), fh)
            os.replace(out + ".tmp", out)
            return
        if len(parts) != 3:
            return
        rid, name, value = parts
        c = self.by_name.get(name)
        if c is None:
            err = "no control %s here (described: %s)" % (name, ", ".join(sorted(self.by_name)) or "none")
        elif c.size == 10 or not value.lstrip("-").isdigit() or not c.valid(int(value)):
            err = "%s: %s is not a valid value (%d..%d)" % (name, value, c.min, c.max)
        else:
            c.cur = int(value)
            err = self.send_status(c)
            if err is None:
                self.follow_coupling(c)
        done = os.path.join(os.path.dirname(self.push_fifo), "push.%s.done" % rid)
        with open(done + ".tmp", "w") as fh:
            fh.write("ok\n" if err is None else "error: %s\n" % err)
        os.replace(done + ".tmp", done)

    def read_pushes(self):
        try:
            self.push_buf += os.read(self.push_fd, 4096)
        except BlockingIOError:
            return
        while b"\n" in self.push_buf:
            line, self.push_buf = self.push_buf.split(b"\n", 1)
            self.push(line.decode(errors="replace"))

    # streaming -----------------------------------------------------------------
    def stream_on(self):
        t0 = time.monotonic()
        if self.streaming:
            self.stream_off()
        _, fi, fri, iv = struct.unpack_from("<HBBI", self.commit)
        f = self.fmt_by_index(fi)
        fr = next(x for x in f["frames"] if x["index"] == fri)
        w, h = fr["width"], fr["height"]
        fourcc = FOURCC[f["fourcc"]]
        fmt = bytearray(208)
        struct.pack_into("<I", fmt, 0, V4L2_BUF_TYPE_VIDEO_OUTPUT)
        struct.pack_into("<IIII", fmt, 8, w, h, fourcc, V4L2_FIELD_NONE)
        fcntl.ioctl(self.fd, VIDIOC_S_FMT, fmt)
        sizeimage = struct.unpack_from("<I", fmt, 8 + 20)[0]
        if f["fourcc"] == "MJPG":
            self.frames = self.jpegs_for(w, h)
        else:
            self.frames = raw_frames(f["fourcc"], w, h)
        rb = bytearray(struct.pack("<IIII4x", 4, V4L2_BUF_TYPE_VIDEO_OUTPUT, V4L2_MEMORY_MMAP, 0))
        fcntl.ioctl(self.fd, VIDIOC_REQBUFS, rb)
        n = struct.unpack_from("<I", rb)[0]
        self.bufs = []
        for i in range(n):
            b = bytearray(88)
            struct.pack_into("<II", b, 0, i, V4L2_BUF_TYPE_VIDEO_OUTPUT)
            struct.pack_into("<I", b, 60, V4L2_MEMORY_MMAP)
            fcntl.ioctl(self.fd, VIDIOC_QUERYBUF, b)
            offset, length = struct.unpack_from("<I", b, 64)[0], struct.unpack_from("<I", b, 72)[0]
            self.bufs.append(
                mmap.mmap(self.fd, length, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE, offset=offset)
            )
        # Pacing: one frame per committed interval. The first buffer goes out at
        # once, the others wait in self.free until their time comes (without
        # pacing vudc drains buffers far faster than the advertised rate).
        self.interval = iv / 10_000_000.0
        self.sent = 0
        self.free = list(range(1, n))
        self.queue(0)
        self.next_due = time.monotonic() + self.interval
        fcntl.ioctl(self.fd, VIDIOC_STREAMON, struct.pack("<I", V4L2_BUF_TYPE_VIDEO_OUTPUT))
        self.streaming = True
        log(
            "streaming %s %dx%d interval %d, sizeimage %d, %d buffers (STREAMON answered in %.2f s)"
            % (f["fourcc"], w, h, iv, sizeimage, n, time.monotonic() - t0)
        )
        self.start_wanted_jpegs()

    def jpegs_for(self, w, h):
        """The MJPEG frames of w x h: made already, or a grey JPEG now and ffmpeg's
        test pattern once the background ffmpeg started here has finished."""
        key = (w, h)
        if key in self.jpegs:
            return self.jpegs[key]
        frames = read_jpegs(os.path.join(self.cache, "%dx%d" % (w, h)))  # made by an earlier run
        if frames:
            self.jpegs[key] = frames
            return frames
        if key not in self.jpeg_jobs:
            self.jpeg_wanted = key  # started once VIDIOC_STREAMON has answered the host
            log("MJPEG %dx%d: grey JPEG for now, ffmpeg in the background" % (w, h))
        else:
            job = self.jpeg_jobs[key]
            if job is not None and job.poll() is not None:
                frames = finish_jpegs(w, h, self.cache, job)
                self.jpeg_jobs[key] = None
                if frames:
                    self.jpegs[key] = frames
                    return frames
        return [grey_jpeg(w, h)]

    def start_wanted_jpegs(self):
        key, self.jpeg_wanted = self.jpeg_wanted, None
        if key is not None and key not in self.jpeg_jobs:
            self.jpeg_jobs[key] = start_jpegs(key[0], key[1], self.cache)

    def stop_jpeg_jobs(self):
        for (w, h), job in self.jpeg_jobs.items():
            if job is not None and job.poll() is None:
                job.kill()
                job.wait()
            if job is not None:
                finish_jpegs(w, h, self.cache, job)

    def queue(self, i):
        frame = self.frames[self.frame_no % len(self.frames)]
        self.frame_no += 1
        m = self.bufs[i]
        n = min(len(frame), len(m))
        m[0:n] = frame[:n]
        b = bytearray(88)
        struct.pack_into("<III", b, 0, i, V4L2_BUF_TYPE_VIDEO_OUTPUT, n)
        struct.pack_into("<I", b, 16, V4L2_FIELD_NONE)
        struct.pack_into("<I", b, 60, V4L2_MEMORY_MMAP)
        try:
            fcntl.ioctl(self.fd, VIDIOC_QBUF, b)
        except OSError as e:
            # The host ended the stream (SET_INTERFACE alt 0): f_uvc disabled the endpoint and answers
            # QBUF with ENODEV (or ESHUTDOWN) until UVC_EVENT_STREAMOFF is handled. Drop the buffer.
            if e.errno not in (errno.ENODEV, errno.ESHUTDOWN):
                raise
            log("QBUF: %s (stream ending; waiting for STREAMOFF)" % e)

    def pump(self):
        """Dequeues every finished buffer and queues it again with the next frame."""
        while self.streaming:
            b = bytearray(88)
            struct.pack_into("<I", b, 4, V4L2_BUF_TYPE_VIDEO_OUTPUT)
            struct.pack_into("<I", b, 60, V4L2_MEMORY_MMAP)
            try:
                fcntl.ioctl(self.fd, VIDIOC_DQBUF, b)
            except OSError as e:
                if e.errno in (errno.EAGAIN, errno.EINVAL):
                    return
                if e.errno == errno.ENODEV:
                    return
                raise
            self.sent += 1
            if self.sent % 50 == 1:
                log("frames sent: %d" % self.sent)
            self.free.append(struct.unpack_from("<I", b, 0)[0])

    def tick(self):
        """Queues the next frame when its time has come; returns the seconds to wait."""
        if not self.streaming:
            return 0.2
        now = time.monotonic()
        if now >= self.next_due and self.free:
            self.queue(self.free.pop(0))
            # Keep the cadence; after a stall, restart it from now rather than bursting.
            self.next_due = max(self.next_due + self.interval, now)
        return max(0.0, min(0.2, self.next_due - time.monotonic())) if self.free else 0.2

    def stream_off(self):
        if self.streaming:
            try:
                fcntl.ioctl(self.fd, VIDIOC_STREAMOFF, struct.pack("<I", V4L2_BUF_TYPE_VIDEO_OUTPUT))
            except OSError as e:
                log("STREAMOFF: %s" % e)
        self.streaming = False
        self.free = []
        for m in self.bufs:
            try:
                m.close()
            except (BufferError, ValueError):
                pass
        self.bufs = []
        try:
            fcntl.ioctl(
                self.fd,
                VIDIOC_REQBUFS,
                bytearray(struct.pack("<IIII4x", 0, V4L2_BUF_TYPE_VIDEO_OUTPUT, V4L2_MEMORY_MMAP, 0)),
            )
        except OSError as e:
            log("REQBUFS 0: %s" % e)
        log("stream off after %d frames" % self.sent)

    # main loop ------------------------------------------------------------------
    def run(self, ready_file=None):
        mj = [(fr["width"], fr["height"]) for f in self.formats if f["fourcc"] == "MJPG" for fr in f["frames"]]
        if self.d.get("mjpegFrames") == "grey":
            # No ffmpeg at all (block uvc-bandwidth streams dozens of modes briefly; only the alt matters).
            for w, h in mj:
                self.jpegs[(w, h)] = [grey_jpeg(w, h)]
        elif len(set(mj)) <= EAGER_MJPEG_SIZES and all(w * h <= EAGER_MJPEG_PIXELS for w, h in mj):
            for w, h in mj:
                if (w, h) not in self.jpegs:
                    self.jpegs[(w, h)] = make_jpegs(w, h, self.cache)
        elif mj:
            log(
                "%d MJPEG sizes (largest %dx%d): frames made on each size's first STREAMON"
                % (len(set(mj)), *max(mj, key=lambda x: x[0] * x[1]))
            )
        self.fd = os.open(self.node, os.O_RDWR | os.O_NONBLOCK)
        for t in (
            UVC_EVENT_CONNECT,
            UVC_EVENT_DISCONNECT,
            UVC_EVENT_STREAMON,
            UVC_EVENT_STREAMOFF,
            UVC_EVENT_DATA,
            UVC_EVENT_SETUP,
        ):
            fcntl.ioctl(self.fd, VIDIOC_SUBSCRIBE_EVENT, struct.pack("<II24x", t, 0))
        log(
            "subscribed on %s; formats %s"
            % (
                self.node,
                [(f["index"], f["fourcc"], [(x["width"], x["height"]) for x in f["frames"]]) for f in self.formats],
            )
        )
        self.push_fd = None
        if ready_file:
            self.push_fifo = os.path.join(os.path.dirname(ready_file), "push")
            if os.path.exists(self.push_fifo):
                os.unlink(self.push_fifo)
            os.mkfifo(self.push_fifo, 0o600)
            # Read and write: the FIFO then never reports a hang-up between writers.
            self.push_fd = os.open(self.push_fifo, os.O_RDWR | os.O_NONBLOCK)
        if ready_file:
            with open(ready_file, "w") as fh:
                fh.write("%d\n" % os.getpid())
        poller = select.poll()
        poller.register(self.fd, select.POLLPRI)
        if self.push_fd is not None:
            poller.register(self.push_fd, select.POLLIN)
        watching_out = False
        while not self.stop:
            if self.streaming != watching_out:
                watching_out = self.streaming
                poller.modify(self.fd, select.POLLPRI | (select.POLLOUT if watching_out else 0))
            try:
                evs = poller.poll(int(self.tick() * 1000))
            except InterruptedError:
                continue
            for fd, mask in evs:
                if fd == self.push_fd:
                    self.read_pushes()
                    continue
                if mask & select.POLLPRI:
                    self.events()
                if mask & (select.POLLOUT | select.POLLERR) and self.streaming:
                    self.pump()
                    if mask & select.POLLERR:
                        time.sleep(0.01)
        self.stream_off()
        self.stop_jpeg_jobs()
        os.close(self.fd)
        if self.push_fd is not None:
            os.close(self.push_fd)
        log("exit")

    def events(self):
        while True:
            ev = bytearray(136)
            try:
                fcntl.ioctl(self.fd, VIDIOC_DQEVENT, ev)
            except OSError as e:
                if e.errno == errno.ENOENT:
                    return
                raise
            t = struct.unpack_from("<I", ev, 0)[0]
            data = ev[8:72]
            if t == UVC_EVENT_SETUP:
                self.on_setup(data)
            elif t == UVC_EVENT_DATA:
                self.on_data(data)
            elif t == UVC_EVENT_STREAMON:
                log("event STREAMON")
                try:
                    self.stream_on()
                except OSError as e:
                    log("stream on failed: %s" % e)
            elif t == UVC_EVENT_STREAMOFF:
                log("event STREAMOFF")
                self.stream_off()
            elif t == UVC_EVENT_CONNECT:
                log("event CONNECT speed %d" % struct.unpack_from("<I", data)[0])
            elif t == UVC_EVENT_DISCONNECT:
                log("event DISCONNECT")
                self.stream_off()
            else:
                log("event %#x" % t)


def main(description, fn_dir, node, cache, ready_file):
    app = App(description, fn_dir, node, cache)

    def stop(*_):
        app.stop = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    app.run(ready_file)
    return 0
