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
import os
import select
import signal
import struct
import time

from . import bandwidth, configfs
from . import controls as ctl_table
from .app_control import make_controls
from .app_streaming import StreamingHalf
from .frames import EAGER_MJPEG_PIXELS, EAGER_MJPEG_SIZES, grey_jpeg, make_jpegs
from .uapi import (
    UVC_EVENT_CONNECT,
    UVC_EVENT_DATA,
    UVC_EVENT_DISCONNECT,
    UVC_EVENT_SETUP,
    UVC_EVENT_STREAMOFF,
    UVC_EVENT_STREAMON,
    V4L2_CAP_DEVICE_CAPS,
    V4L2_CAP_VIDEO_OUTPUT,
    VIDIOC_DQEVENT,
    VIDIOC_QUERYCAP,
    VIDIOC_SUBSCRIBE_EVENT,
    log,
)


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


class App(StreamingHalf):
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
