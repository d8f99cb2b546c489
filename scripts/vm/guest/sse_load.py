"""N concurrent Server-Sent Events clients on camprobe-serve's /api/events, standard library only.

Each client is a thread on a raw socket (so a timeout never leaves a half-read buffered stream): it sends
`GET /api/events` with `Authorization: Bearer TOKEN`, decodes a chunked body when the answer is chunked, and parses
the event stream as the HTML standard's "Server-sent events" section describes it (fields `id:`, `event:`, `data:`;
an empty line ends an event; a line starting with `:` is a comment, e.g. `: keep-alive`). Every event is recorded as
(arrival time, SSE id, SSE event name, the `id` inside the JSON data).

    load = Load("127.0.0.1", 8637, token, clients=100, connect_rate=30)
    load.start(); ...; load.stop()
    print(json.dumps(load.summary(expected=[("connected", "usb-…"), ("disconnected", "usb-…")]), indent=1))

Command line (for a try on the host): sse_load.py HOST:PORT TOKEN [CLIENTS] [SECONDS].
"""

import collections
import json
import socket
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

Event = tuple[float, str | None, str | None, str | None]  # (time.monotonic(), SSE id, SSE event, data's id)


class ChunkDecoder:
    """Incremental HTTP/1.1 chunked transfer decoding (RFC 9112 §7.1): feed() bytes, get the payload so far."""

    def __init__(self) -> None:
        self.buf = b""
        self.left = -1  # bytes left in the current chunk; -1: a size line is expected; -2: its CRLF is
        self.done = False

    def feed(self, data: bytes) -> bytes:
        self.buf += data
        out = b""
        while not self.done:
            if self.left == -1:
                if b"\r\n" not in self.buf:
                    break
                line, self.buf = self.buf.split(b"\r\n", 1)
                size = int(line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.done = True
                    break
                self.left = size
            elif self.left == -2:
                if len(self.buf) < 2:
                    break
                self.buf = self.buf[2:]
                self.left = -1
            else:
                take = self.buf[: self.left]
                self.buf = self.buf[len(take) :]
                self.left -= len(take)
                out += take
                if self.left == 0:
                    self.left = -2
                if not take:
                    break
        return out


class SSEParser:
    """Incremental event-stream parsing: feed() decoded bytes, get the events they completed."""

    def __init__(self) -> None:
        self.buf = b""
        self.fields: dict[str, list[str]] = {}
        self.comments = 0

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        self.buf += data
        done = []
        while True:
            cut = min((i for i in (self.buf.find(b"\n"), self.buf.find(b"\r")) if i >= 0), default=-1)
            if cut < 0:
                break
            if self.buf[cut : cut + 1] == b"\r" and cut + 1 == len(self.buf):
                break  # a CR at the end: its LF may be in the next piece (CRLF is one line end)
            line = self.buf[:cut].decode("utf-8", errors="replace")
            skip = 2 if self.buf[cut : cut + 2] == b"\r\n" else 1
            self.buf = self.buf[cut + skip :]
            if line == "":
                if "data" in self.fields:  # as the standard: no data, no event (`retry: 1000` alone is none)
                    done.append({k: "\n".join(v) for k, v in self.fields.items()})
                self.fields = {}
            elif line.startswith(":"):
                self.comments += 1
            else:
                name, _, value = line.partition(":")
                self.fields.setdefault(name, []).append(value[1:] if value.startswith(" ") else value)
        return done


class Client(threading.Thread):
    """One SSE client; `events` grows while it runs; `error` says why it stopped early (None when it did not)."""

    def __init__(self, host: str, port: int, token: str | None, stop: threading.Event, path: str = "/api/events"):
        super().__init__(daemon=True)
        self.host, self.port, self.token, self.stop_flag, self.path = host, port, token, stop, path
        self.events: list[Event] = []
        self.status: int | None = None
        self.error: str | None = None
        self.comments = 0
        self.connected_at: float | None = None
        self.bytes = 0
        self.last_data: float | None = None  # when bytes last arrived (monotonic)
        self.local_port: int | None = None  # this client's own TCP port, once connected (the server sees it)

    def run(self) -> None:
        try:
            self._run()
        except Exception as e:  # noqa: BLE001 - recorded: the summary says which client stopped and why
            if not self.stop_flag.is_set():
                self.error = "%s: %s" % (type(e).__name__, e)

    def _run(self) -> None:
        with socket.create_connection((self.host, self.port), timeout=30) as sock:
            self.local_port = sock.getsockname()[1]
            sock.settimeout(0.5)
            auth = "Authorization: Bearer %s\r\n" % self.token if self.token else ""
            sock.sendall(
                (
                    "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n%sCache-Control: no-cache\r\n\r\n"
                    % (self.path, self.host, self.port, auth)
                ).encode()
            )
            head = b""
            while b"\r\n\r\n" not in head:
                head += self._recv(sock)
            head, body = head.split(b"\r\n\r\n", 1)
            lines = head.decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
            if self.status != 200 or "text/event-stream" not in headers.get("content-type", ""):
                self.error = "answered %s, content-type %r" % (lines[0], headers.get("content-type"))
                return
            self.connected_at = time.monotonic()
            chunked = "chunked" in headers.get("transfer-encoding", "").lower()
            decoder = ChunkDecoder() if chunked else None
            parser = SSEParser()
            while True:
                data = decoder.feed(body) if decoder else body
                for e in parser.feed(data):
                    self.events.append((time.monotonic(), e.get("id"), e.get("event"), data_id(e.get("data"))))
                self.comments = parser.comments
                if decoder and decoder.done:
                    raise EOFError("the server ended the stream")
                body = self._recv(sock)

    def _recv(self, sock: socket.socket) -> bytes:
        while True:
            if self.stop_flag.is_set():
                raise InterruptedError("stopped")
            try:
                data = sock.recv(65536)
            except TimeoutError:
                continue
            if not data:
                raise EOFError("the server closed the connection")
            self.bytes += len(data)
            self.last_data = time.monotonic()
            return data


def data_id(data: str | None, limit: int = 16384) -> str | None:
    """The `id` field of an event's JSON data (the device's stable ID), or None; data longer than `limit` (a whole
    device's capabilities, 30-300 KB) is not parsed, so 100 clients in one Python do not spend the CPU the server
    under test needs (connected and disconnected lines are about 1 KB and 120 B)."""
    if data is None or len(data) > limit:
        return None
    try:
        doc = json.loads(data or "")
    except ValueError:
        return None
    return doc.get("id") if isinstance(doc, dict) and isinstance(doc.get("id"), str) else None


class Load:
    """`clients` SSE clients, connected at `connect_rate` per second at most (the server answers 429 above 50
    requests per second from one peer, serve-api.md)."""

    def __init__(self, host: str, port: int, token: str | None, clients: int = 100, connect_rate: float = 30.0):
        self.host, self.port, self.token, self.n, self.rate = host, port, token, clients, connect_rate
        self.stop_flag = threading.Event()
        self.clients: list[Client] = []

    def start(self, ready_seconds: float = 60.0) -> int:
        """Starts every client and waits (bounded) until each has its 200 or has failed; returns how many stream."""
        for _ in range(self.n):
            c = Client(self.host, self.port, self.token, self.stop_flag)
            c.start()
            self.clients.append(c)
            time.sleep(1.0 / self.rate)
        deadline = time.monotonic() + ready_seconds
        while time.monotonic() < deadline and any(
            c.connected_at is None and c.error is None and c.is_alive() for c in self.clients
        ):
            time.sleep(0.1)
        return sum(1 for c in self.clients if c.connected_at is not None and c.error is None)

    def drain(
        self, expected: Iterable[tuple[str, str]], kinds: Iterable[str], quiet: float = 20.0, seconds: float = 120.0
    ) -> float:
        """Waits until every streaming client has seen `expected` (see summary), or no client has received a byte for
        `quiet` seconds, or `seconds` have gone; returns the seconds waited. Tells a stream that lags (bytes still
        coming) from one that stalled."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < seconds:
            s = self.summary(expected, kinds)
            if not s["missed_any"]:
                break
            last = max((c.last_data or 0.0 for c in self.clients), default=0.0)
            if time.monotonic() - max(last, t0) > quiet:
                break
            time.sleep(0.5)
        return time.monotonic() - t0

    def stop(self, seconds: float = 10.0) -> None:
        """Stops every client (each notices within half a second; bounded)."""
        self.stop_flag.set()
        deadline = time.monotonic() + seconds
        for c in self.clients:
            c.join(max(0.0, deadline - time.monotonic()))

    def summary(
        self,
        expected: Iterable[tuple[str, str]] = (),
        kinds: Iterable[str] = ("connected", "disconnected"),
        since: float = 0.0,
    ) -> dict[str, Any]:
        """Per client: events seen, and which of `expected` ((event, device id) pairs, with repeats) it missed among
        its events of `kinds` after `since` (monotonic); plus the clients that failed and those that missed any."""
        want: collections.Counter[tuple[str, str | None]] = collections.Counter(expected)
        kinds = set(kinds)
        per = []
        for i, c in enumerate(self.clients):
            got = collections.Counter((e[2], e[3]) for e in c.events if e[2] in kinds and e[0] >= since)
            missed = want - got
            per.append(
                {
                    "client": i,
                    "status": c.status,
                    "events": len(c.events),
                    "comments": c.comments,
                    "bytes": c.bytes,
                    "lastData": round(c.last_data - self.clients[0].connected_at, 1)
                    if c.last_data and self.clients[0].connected_at
                    else None,
                    "kinds": dict(collections.Counter(e[2] for e in c.events)),
                    "error": c.error,
                    "missed": sorted("%s %s x%d" % (k[0], k[1], n) for k, n in missed.items()),
                    "extra": sorted("%s %s x%d" % (k[0], k[1], n) for k, n in (got - want).items()),
                    "ids_increasing": ids_increasing(c.events),
                }
            )
        return {
            "clients": len(per),
            "streaming": sum(1 for c in self.clients if c.connected_at is not None),
            "failed": [p for p in per if p["error"]],
            "missed_any": [p for p in per if p["missed"]],
            "expected": sorted("%s %s x%d" % (k[0], k[1], n) for k, n in want.items()),
            "per_client": per,
        }


def ids_increasing(events: list[Event]) -> bool:
    """Whether the SSE ids a client saw are strictly increasing numbers (a sequence number, serve-api.md)."""
    ids = [e[1] for e in events]
    try:
        nums = [int(i) for i in ids if i is not None]
    except ValueError:
        return False
    return all(a < b for a, b in zip(nums, nums[1:], strict=False))


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    host, port = argv[1].rsplit(":", 1)
    load = Load(host, int(port), argv[2], int(argv[3]) if len(argv) > 3 else 10)
    print("streaming: %d" % load.start(), flush=True)
    time.sleep(float(argv[4]) if len(argv) > 4 else 10)
    load.stop()
    s = load.summary()
    print(json.dumps({k: v for k, v in s.items() if k != "per_client"}, indent=1))
    print("events per client: %s" % [p["events"] for p in s["per_client"]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
