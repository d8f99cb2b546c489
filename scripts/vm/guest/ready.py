"""The listening end of $NOTIFY_SOCKET (sd_notify(3)): `camprobe monitor` and `camprobe-serve` send `READY=1` there
once their start is over (every device present listed, later changes to come as events; the console listening).
A block that plugs a device in after starting a monitor waits for it instead of sleeping and hoping."""

import itertools
import os
import socket
import time

from guest.harness import Background

_names = itertools.count()


class ReadySocket:
    """A bound datagram socket under /tmp; `env()` gives a child its NOTIFY_SOCKET, `wait()` the message."""

    def __init__(self):
        self.path = "/tmp/camprobe-ready-%d-%d.sock" % (os.getpid(), next(_names))
        if os.path.exists(self.path):
            os.unlink(self.path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)

    def env(self):
        return dict(os.environ, NOTIFY_SOCKET=self.path)

    def wait(self, timeout, alive=lambda: True):
        """True once READY=1 came; False at the deadline or as soon as `alive()` says the sender is gone."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(min(0.2, max(0.01, deadline - time.monotonic())))
            try:
                message = self.sock.recv(4096)
            except TimeoutError:
                if not alive():
                    return False
                continue
            if b"READY=1" in message.split(b"\n"):
                return True
        return False

    def close(self):
        self.sock.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


def started(argv, stdout, stderr=None, timeout=60):
    """`Background(argv)` given a NOTIFY_SOCKET, once READY=1 came: (the process, seconds from its start to READY=1,
    or None when the process exited first or the deadline passed)."""
    ready = ReadySocket()
    try:
        t0 = time.monotonic()
        process = Background(argv, stdout, stderr, env=ready.env())
        seconds = time.monotonic() - t0 if ready.wait(timeout, alive=process.alive) else None
    finally:
        ready.close()
    return process, seconds
