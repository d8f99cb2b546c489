"""The UVC gadget application's control half: the host's class requests answered (streaming probe/commit, the
camera terminal and processing unit controls), coupled controls and their status packets, and the push FIFO."""

import errno
import fcntl
import json
import os
import struct
from typing import Any

from . import bandwidth
from . import controls as ctl_table
from .uapi import (
    GET_CUR,
    GET_DEF,
    GET_INFO,
    GET_LEN,
    GET_MAX,
    GET_MIN,
    GET_RES,
    PROBE_FMT,
    PROBE_LEN,
    REQ_NAMES,
    SET_CUR,
    UVCIOC_CAMPROBE_SEND_STATUS,
    UVCIOC_SEND_RESPONSE,
    VC_REQUEST_ERROR_CODE_CONTROL,
    VS_COMMIT_CONTROL,
    VS_PROBE_CONTROL,
    log,
)


class Control:
    """One camera terminal or processing unit control: its limits, value and the value automatic mode sets.
    A 10-byte control (region of interest) has lists for its limits and value."""

    def __init__(
        self,
        name: str,
        size: int,
        minimum: Any,
        maximum: Any,
        res: Any,
        default: Any,
        signed: bool = False,
        info: int = ctl_table.INFO_GET_SET,
    ) -> None:
        self.name = name
        self.size, self.min, self.max, self.res, self.default = size, minimum, maximum, res, default
        self.cur = default
        self.auto = default  # what the device sets while its automatic control is on
        self.signed = signed
        self.info = info

    def pack(self, v: Any) -> bytes:
        return ctl_table.pack(self.size, self.signed, v)

    def unpack(self, data: bytes) -> Any:
        return ctl_table.unpack(self.size, self.signed, data)

    def valid(self, v: Any) -> bool:
        if self.name == "auto_exposure_mode":
            return v != 0 and (v & self.res) == v and bin(v).count("1") == 1
        if isinstance(v, list):
            return len(v) == len(self.min) and all(a <= x <= b for a, x, b in zip(self.min, v, self.max, strict=False))
        return self.min <= v <= self.max


def make_controls(described: dict[str, Any]) -> dict[tuple[int, int], Control]:
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


class ControlHalf:
    """The requests and controls; App sets this state up (None until run() opens the node: fd, push_fd)."""

    d: dict[str, Any]
    fd: Any
    formats: list[dict[str, Any]]
    maxpacket: int
    rates: dict[tuple[str, int, int, int], Any]
    probe: bytes
    commit: bytes
    pending: Any
    error_code: int
    controls: dict[tuple[int, int], Control]
    by_name: dict[str, Control]
    vc_intf: int
    vs_intf: int
    requests: dict[tuple[str, int, int, int], int]
    push_fifo: Any
    push_fd: Any
    push_buf: bytes

    # streaming control -------------------------------------------------------
    def fmt_by_index(self, i: int) -> dict[str, Any] | None:
        for f in self.formats:
            if f["index"] == i:
                return f
        return None

    def fill(self, fidx: int, fridx: int, interval: int) -> bytes:
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

    def payload(self, fourcc: str, w: int, h: int, iv: int) -> int:
        """dwMaxPayloadTransferSize for a mode: the description's "payload" (bandwidth.py), else
        streaming_maxpacket as before (the largest alternate setting's bytes per microframe)."""
        if not self.d.get("payload") and not self.d.get("streamingAlts"):
            return self.maxpacket
        return bandwidth.payload(self.d, fourcc, w, h, self.rates.get((fourcc, w, h, iv)))

    def probe_limits(self, which: int) -> bytes:
        if which == GET_MAX:
            f = self.formats[-1]
            return self.fill(f["index"], f["frames"][-1]["index"], f["frames"][-1]["intervals"][-1])
        f = self.formats[0]
        return self.fill(f["index"], f["frames"][0]["index"], 0)

    # requests ------------------------------------------------------------------
    def respond(self, data: bytes | bytearray | None, length: int | None = None) -> None:
        if data is None:
            buf = struct.pack("<i", -1) + b"\0" * 60
        else:
            data = bytes(data)[:60]
            buf = struct.pack("<i", len(data) if length is None else length) + data.ljust(60, b"\0")
        fcntl.ioctl(self.fd, UVCIOC_SEND_RESPONSE, buf)

    def on_setup(self, ev: bytes | bytearray) -> None:
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

    def count_request(self, rtype: int, req: int, intf: int, entity: int, cs: int) -> None:
        """Counts one setup request by interface (VC, VS; "other" for anything else, e.g. not a
        class request), entity (VC only), selector and request code."""
        if rtype & 0x60 == 0x20 and intf == self.vs_intf:
            key = ("VS", 0, cs, req)
        elif rtype & 0x60 == 0x20 and intf == self.vc_intf:
            key = ("VC", entity, cs, req)
        else:
            key = ("other", intf, cs, req)
        self.requests[key] = self.requests.get(key, 0) + 1

    def request_counts(self) -> dict[str, Any]:
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

    def vs_request(self, req: int, cs: int, wlength: int) -> None:
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

    def vc_request(self, req: int, entity: int, cs: int, wlength: int) -> None:
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

    def on_data(self, ev: bytes | bytearray) -> None:
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
    def held_by_auto(self, c: Control) -> bool:
        """True when c is the manual half of a pair whose automatic half is on."""
        for master, (slave, is_auto) in ctl_table.COUPLINGS.items():
            m = self.by_name.get(master)
            if slave == c.name and m is not None and is_auto(m.cur):
                return True
        return False

    def follow_coupling(self, c: Control) -> None:
        """After c changed: when it is an automatic control now on, the device takes
        the manual one over, sets it and says so on the status endpoint."""
        pair = ctl_table.COUPLINGS.get(c.name)
        if pair is None:
            return
        slave = self.by_name.get(pair[0])
        if slave is not None and pair[1](c.cur) and slave.cur != slave.auto:
            slave.cur = slave.auto
            self.send_status(slave)

    def send_status(self, c: Control) -> str | None:
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

    def push(self, line: str) -> None:
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
        err: str | None
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

    def read_pushes(self) -> None:
        try:
            self.push_buf += os.read(self.push_fd, 4096)
        except BlockingIOError:
            return
        while b"\n" in self.push_buf:
            line, self.push_buf = self.push_buf.split(b"\n", 1)
            self.push(line.decode(errors="replace"))
