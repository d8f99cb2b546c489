"""Raw VIDIOC_S_FMT / VIDIOC_S_PARM from Python (fcntl.ioctl on x86-64 struct
layouts), for asking a driver exactly what camprobe's fake at the device seam
assumes it answers (block uvc: uvcvideo), with requests no command-line tool
sends, such as a zero frame interval."""

import fcntl
import os
import struct


def _iowr(nr, size):
    return (3 << 30) | (size << 16) | (ord("V") << 8) | nr


FORMAT_SIZE = 208  # struct v4l2_format: u32 type, 4 bytes padding, 200-byte union (8-aligned)
STREAMPARM_SIZE = 204  # struct v4l2_streamparm: u32 type, 200-byte union
VIDIOC_S_FMT = _iowr(5, FORMAT_SIZE)
VIDIOC_G_PARM = _iowr(21, STREAMPARM_SIZE)
VIDIOC_S_PARM = _iowr(22, STREAMPARM_SIZE)
CAPTURE = 1
PIX = struct.Struct(
    "=IIIIIIIIIIII"
)  # width height pixelformat field bytesperline sizeimage colorspace priv flags ycbcr quant xfer


def fourcc(text):
    return struct.unpack("<I", text.encode().ljust(4)[:4])[0]


def fourcc_text(value):
    return struct.pack("<I", value).decode(errors="replace").strip()


def s_fmt(node, width, height, pixelformat):
    """VIDIOC_S_FMT on a single-planar capture node → (width, height, fourcc, bytesperline, sizeimage)."""
    buf = bytearray(FORMAT_SIZE)
    struct.pack_into("=I", buf, 0, CAPTURE)
    PIX.pack_into(buf, 8, width, height, fourcc(pixelformat), 1, 0, 0, 0, 0, 0, 0, 0, 0)
    fd = os.open(node, os.O_RDWR)
    try:
        fcntl.ioctl(fd, VIDIOC_S_FMT, buf, True)
    finally:
        os.close(fd)
    w, h, pf, _field, bpl, size = PIX.unpack_from(buf, 8)[:6]
    return w, h, fourcc_text(pf), bpl, size


def s_parm(node, numerator, denominator):
    """VIDIOC_S_PARM with timeperframe numerator/denominator → the (numerator, denominator) the driver set."""
    buf = bytearray(STREAMPARM_SIZE)
    struct.pack_into("=IIIII", buf, 0, CAPTURE, 0, 0, numerator, denominator)
    fd = os.open(node, os.O_RDWR)
    try:
        fcntl.ioctl(fd, VIDIOC_S_PARM, buf, True)
    finally:
        os.close(fd)
    return struct.unpack_from("=II", buf, 12)
