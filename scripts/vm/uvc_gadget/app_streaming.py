"""The UVC gadget application's streaming half: between STREAMON and STREAMOFF, frames through
VIDIOC_REQBUFS/QBUF/DQBUF on the output node, paced at the committed interval."""

import errno
import fcntl
import mmap
import os
import struct
import subprocess
import time

from .app_control import ControlHalf
from .frames import finish_jpegs, grey_jpeg, raw_frames, read_jpegs, start_jpegs
from .uapi import (
    FOURCC,
    V4L2_BUF_TYPE_VIDEO_OUTPUT,
    V4L2_FIELD_NONE,
    V4L2_MEMORY_MMAP,
    VIDIOC_DQBUF,
    VIDIOC_QBUF,
    VIDIOC_QUERYBUF,
    VIDIOC_REQBUFS,
    VIDIOC_S_FMT,
    VIDIOC_STREAMOFF,
    VIDIOC_STREAMON,
    log,
)


class StreamingHalf(ControlHalf):
    """Buffers and pacing; App sets this state up."""

    cache: str
    bufs: list[mmap.mmap]
    streaming: bool
    frames: list[bytes]
    frame_no: int
    sent: int
    free: list[int]
    interval: float
    next_due: float
    jpegs: dict[tuple[int, int], list[bytes]]
    jpeg_jobs: dict[tuple[int, int], subprocess.Popen[bytes] | None]
    jpeg_wanted: tuple[int, int] | None

    # streaming -----------------------------------------------------------------
    def stream_on(self) -> None:
        t0 = time.monotonic()
        if self.streaming:
            self.stream_off()
        _, fi, fri, iv = struct.unpack_from("<HBBI", self.commit)
        f = self.fmt_by_index(fi)
        assert f is not None, "the committed format %d is not described" % fi
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

    def jpegs_for(self, w: int, h: int) -> list[bytes]:
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

    def start_wanted_jpegs(self) -> None:
        key, self.jpeg_wanted = self.jpeg_wanted, None
        if key is not None and key not in self.jpeg_jobs:
            self.jpeg_jobs[key] = start_jpegs(key[0], key[1], self.cache)

    def stop_jpeg_jobs(self) -> None:
        for (w, h), job in self.jpeg_jobs.items():
            if job is not None and job.poll() is None:
                job.kill()
                job.wait()
            if job is not None:
                finish_jpegs(w, h, self.cache, job)

    def queue(self, i: int) -> None:
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

    def pump(self) -> None:
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

    def tick(self) -> float:
        """Queues the next frame when its time has come; returns the seconds to wait."""
        if not self.streaming:
            return 0.2
        now = time.monotonic()
        if now >= self.next_due and self.free:
            self.queue(self.free.pop(0))
            # Keep the cadence; after a stall, restart it from now rather than bursting.
            self.next_due = max(self.next_due + self.interval, now)
        return max(0.0, min(0.2, self.next_due - time.monotonic())) if self.free else 0.2

    def stream_off(self) -> None:
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
