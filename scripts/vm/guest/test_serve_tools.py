"""Host tests of the console's guest tools (cdp.py, sse_load.py, http_fuzz.py, blocks_serve_compare.py) against a
stand-in: a small standard-library HTTP server that keeps serve-api.md's outline (Bearer token, 401 JSON errors,
/api/devices, an SSE /api/events in chunked encoding with `: keep-alive` comments), not camprobe-serve itself.

    cd scripts/vm && python3 -m unittest guest.test_serve_tools
"""

import json
import os
import queue
import shutil
import subprocess
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from guest import blocks_serve_compare as cmp
from guest import http_fuzz, sse_load

TOKEN = "0123456789abcdef0123456789abcdef"
PAGE = b"""<html><body><table id="devices"><tr class="device" data-device-id="a"><td>a</td></tr></table>
<script>setTimeout(() => { const r = document.createElement('tr'); r.className = 'device';
r.dataset.deviceId = 'b'; document.getElementById('devices').appendChild(r); }, 300)</script></body></html>"""


class StandIn(ThreadingHTTPServer):
    """The stand-in server on 127.0.0.1 (a free port). `broadcast` sends an SSE event to every stream but those of the
    client ports in `drop` (clients connect concurrently); `buggy` makes every path with `..` answer 500."""

    daemon_threads = True

    def __init__(self, buggy: bool = False) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.buggy, self.streams, self.seq = buggy, [], 0
        self.lock, self.stopping = threading.Lock(), threading.Event()
        self.drop: set[int] = set()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return self.server_address[1]

    def broadcast(self, event: str, ident: str) -> None:
        with self.lock:
            self.seq += 1
            for port, q in self.streams:
                if port not in self.drop:
                    q.put((self.seq, event, json.dumps({"event": event, "id": ident})))

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.1"  # a status line even to a garbage request line (http.server: HTTP/0.9)
    server: StandIn

    def log_message(self, *args: Any) -> None:
        pass

    def answer(self, status: int, body: bytes, ctype: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def error(self, status: int, why: str) -> None:
        self.answer(status, json.dumps({"error": why, "status": status}).encode())

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # any other method: 405, as a JSON error (http.server would say 501)
            return lambda: self.error(405, "method not allowed")
        raise AttributeError(name)

    def authorised(self) -> bool:
        return self.headers.get("Authorization") == "Bearer " + TOKEN

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path == "/page":
            return self.answer(200, PAGE, "text/html")
        if self.server.buggy and ".." in self.path:
            return self.error(500, "stand-in bug")
        if not self.authorised():
            return self.error(401, "no token")
        if self.path == "/api/devices":
            return self.answer(200, b'{"schemaVersion": 1, "devices": [], "problems": []}')
        if self.path == "/api/events":
            return self.events()
        return self.error(404, "not found")

    def do_POST(self) -> None:  # noqa: N802
        length = self.headers.get("Content-Length", "0")
        if not length.isdigit():
            return self.error(400, "bad Content-Length")
        if int(length) > 65536:
            return self.error(413, "too large")
        self.rfile.read(int(length))
        if self.server.buggy and ".." in self.path:
            return self.error(500, "stand-in bug")
        return self.error(401 if not self.authorised() else 404, "no")

    def events(self) -> None:
        q: queue.Queue[Any] = queue.Queue()
        with self.server.lock:
            self.server.streams.append((self.client_address[1], q))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def chunk(text: str) -> None:
            data = text.encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        chunk(": keep-alive\r\n\r\n")
        while not self.server.stopping.is_set():
            try:
                seq, event, data = q.get(timeout=0.2)
            except queue.Empty:
                continue
            # Split across two chunks on purpose: a client must not rely on one event per chunk.
            text = "id: %d\r\nevent: %s\r\ndata: %s\r\n\r\n" % (seq, event, data)
            chunk(text[:7])
            chunk(text[7:])
        self.close_connection = True


class ChunkAndSSE(unittest.TestCase):
    def test_chunked_decoding_whatever_the_pieces(self) -> None:
        body = b"5\r\nhello\r\n1;ext=1\r\n \r\nb\r\nworld\r\n:x\ny\r\n0\r\n\r\n"
        for size in (1, 2, 3, 7, len(body)):
            d = sse_load.ChunkDecoder()
            out = b"".join(d.feed(body[i : i + size]) for i in range(0, len(body), size))
            self.assertEqual(out, b"hello world\r\n:x\ny", size)
            self.assertTrue(d.done)

    def test_sse_fields_comments_and_a_crlf_split_across_pieces(self) -> None:
        text = (
            b'retry: 1000\n\n: keep-alive\r\n\r\nid: 1\r\nevent: connected\r\ndata: {"id":\r\ndata: 1}\r\n\r\n'
            b"id:2\nevent: x\ndata:y\n\nevent: no-data\n\n"
        )
        for size in (1, 5, len(text)):
            p = sse_load.SSEParser()
            events = [e for i in range(0, len(text), size) for e in p.feed(text[i : i + size])]
            self.assertEqual(
                events,
                [{"id": "1", "event": "connected", "data": '{"id":\n1}'}, {"id": "2", "event": "x", "data": "y"}],
                size,
            )
            self.assertEqual(p.comments, 1)


class SSELoad(unittest.TestCase):
    def setUp(self) -> None:
        self.server = StandIn()

    def tearDown(self) -> None:
        self.server.stop()

    def drop(self, load: sse_load.Load, clients: set[int]) -> None:  # every event for these clients, by their ports
        self.server.drop = {load.clients[i].local_port or -1 for i in clients}

    def run_load(self, token: str, drop: frozenset[int] = frozenset(), n: int = 12) -> Any:
        load = sse_load.Load("127.0.0.1", self.server.port, token, clients=n, connect_rate=200)
        streaming = load.start(ready_seconds=10)
        self.drop(load, set(drop))
        want = [("connected", "usb-1"), ("disconnected", "usb-1"), ("connected", "usb-1")]
        for event, ident in want:
            self.server.broadcast(event, ident)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(
            len(c.events) >= 3 - bool(i in drop) for i, c in enumerate(load.clients)
        ):
            time.sleep(0.05)
        load.stop()
        return streaming, load.summary(want)

    def test_every_client_sees_every_event(self) -> None:
        streaming, s = self.run_load(TOKEN)
        self.assertEqual(streaming, 12)
        self.assertEqual((s["missed_any"], s["failed"]), ([], []))
        self.assertTrue(all(p["events"] == 3 and p["comments"] == 1 and p["ids_increasing"] for p in s["per_client"]))

    def test_a_client_that_missed_an_event_is_named(self) -> None:
        # The stand-in drops every event for client 4: the summary names the client and the events missed.
        _, s = self.run_load(TOKEN, drop=frozenset({4}))
        self.assertEqual([p["client"] for p in s["missed_any"]], [4])
        self.assertEqual(s["missed_any"][0]["missed"], ["connected usb-1 x2", "disconnected usb-1 x1"])

    def test_drain_ends_when_all_arrived_or_nothing_comes(self) -> None:
        load = sse_load.Load("127.0.0.1", self.server.port, TOKEN, clients=3, connect_rate=200)
        load.start(ready_seconds=10)
        self.drop(load, {1})
        want = [("connected", "usb-1")]
        self.server.broadcast("connected", "usb-1")
        t = time.monotonic()
        waited = load.drain(want, ("connected",), quiet=1.0, seconds=20)
        # Client 1 never gets it: the drain gives up after a quiet second, not after 20 s, and the miss stays named.
        self.assertLess(waited, 5)
        self.assertEqual([p["client"] for p in load.summary(want)["missed_any"]], [1])
        self.drop(load, set())
        self.server.broadcast("disconnected", "usb-1")
        self.assertLess(load.drain([("disconnected", "usb-1")], ("disconnected",), quiet=10, seconds=20), 5)
        load.stop()
        self.assertLess(time.monotonic() - t, 15)

    def test_a_wrong_token_is_a_failed_client(self) -> None:
        streaming, s = self.run_load("wrong", n=3)
        self.assertEqual(streaming, 0)
        self.assertEqual(len(s["failed"]), 3)
        self.assertIn("401", s["failed"][0]["error"])


class Fuzz(unittest.TestCase):
    def test_a_clean_server_passes_and_the_seed_repeats(self) -> None:
        server = StandIn()
        try:
            r = http_fuzz.fuzz(
                "127.0.0.1", server.port, TOKEN, os.getpid(), ids=["usb-1"], count=120, seconds=60, rate=400
            )
            again = http_fuzz.fuzz(
                "127.0.0.1", server.port, TOKEN, os.getpid(), ids=["usb-1"], count=120, seconds=60, rate=400
            )
        finally:
            server.stop()
        self.assertEqual(r["sent"], 120)
        self.assertTrue(r["alive"]["alive"], r["alive"])
        self.assertEqual((r["notAnswered2xx4xx"], r["garbage"], r["timeouts"]), ([], [], []))
        self.assertTrue(any(k.startswith("4") for k in r["histogram"]), r["histogram"])
        self.assertEqual(r["histogram"], again["histogram"])

    def test_a_5xx_is_reported(self) -> None:
        server = StandIn(buggy=True)
        try:
            r = http_fuzz.fuzz("127.0.0.1", server.port, TOKEN, None, count=120, seconds=60, rate=400)
        finally:
            server.stop()
        self.assertTrue(r["notAnswered2xx4xx"], r["histogram"])
        self.assertTrue(all(x.endswith(": 500") for x in r["notAnswered2xx4xx"]))

    def test_a_dead_server_is_not_alive(self) -> None:
        server = StandIn()
        port = server.port
        server.stop()
        p = subprocess.Popen(["true"])
        p.wait()
        a = http_fuzz.alive("127.0.0.1", port, TOKEN, p.pid)
        self.assertEqual((a["alive"], a["pidExists"], a["devicesStatus"]), (False, False, None))

    def test_loopback_only(self) -> None:
        with self.assertRaises(ValueError):
            http_fuzz.fuzz("192.0.2.1", 80, TOKEN, count=1)


@unittest.skipUnless(shutil.which("chromium"), "no chromium here")
class Chromium(unittest.TestCase):
    def test_open_wait_evaluate_screenshot_close(self) -> None:
        from guest import cdp
        from guest.cdp import Browser, CDPError

        server = StandIn()
        try:
            b = Browser()
            try:
                b.open("http://127.0.0.1:%d/page" % server.port)
                rows = b.wait_for(
                    "document.querySelectorAll('tr.device').length === 2 && "
                    "[...document.querySelectorAll('tr.device')].map(r => r.dataset.deviceId)",
                    20,
                )
                self.assertEqual(rows, ["a", "b"])
                self.assertEqual(b.evaluate("Promise.resolve({x: [1, 2]})"), {"x": [1, 2]})
                with self.assertRaises(CDPError):
                    b.evaluate("nosuch()")
                t = time.monotonic()
                with self.assertRaises(CDPError):
                    b.wait_for("false", 0.5)
                self.assertLess(time.monotonic() - t, 5)
                path = "/tmp/camprobe-cdp-test-%d.png" % os.getpid()
                b.screenshot(path)
                with open(path, "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
                os.remove(path)
            finally:
                pid, profile = b.proc.pid, b.profile
                b.close()
            self.assertEqual(cdp.group_members(pid), [])
            self.assertFalse(os.path.exists(profile))
        finally:
            server.stop()


class Compare(unittest.TestCase):
    SHOW = {
        "device": {
            "captures": [
                {
                    "path": "/dev/video1",
                    "formats": [
                        {
                            "fourcc": "MJPG",
                            "sizes": [
                                {
                                    "type": "discrete",
                                    "width": 1280,
                                    "height": 720,
                                    "intervals": {
                                        "type": "discrete",
                                        "intervals": [
                                            {"interval": "333333/10000000"},
                                            {"interval": "1/15", "reduced": "1/15"},
                                        ],
                                    },
                                },
                                {"type": "stepwise", "min": {}, "max": {}},
                            ],
                        }
                    ],
                    "controls": [
                        {"key": "user_controls", "type": "ctrl_class"},
                        {"key": "brightness", "type": "int", "value": 128},
                        {"key": "white_balance_automatic", "type": "bool", "value": True},
                        {"key": "u8_array", "type": "u8", "value": [1, 2, 3]},
                        {"key": "gain", "type": "int", "flags": ["inactive", "volatile"], "value": 46},
                    ],
                }
            ]
        }
    }

    def rows(self, interval: str = "333333/10000000") -> list[dict]:
        base = {"node": "/dev/video1", "format": "MJPG", "width": "1280", "height": "720"}
        return [
            dict(base, interval=interval),
            dict(base, interval="1/15"),
            dict(base, sizeKind="stepwise", interval="1/30…1/1 step 1/30"),
        ]

    def test_modes(self) -> None:
        want, other = cmp.show_modes(self.SHOW)
        self.assertEqual(other, 1)
        self.assertEqual(cmp.page_modes(self.rows()), sorted(want, key=repr))
        # A page rounding the driver's 333333/10000000 s to 1/30 s does not show the same mode.
        self.assertNotEqual(cmp.page_modes(self.rows("1/30")), sorted(want, key=repr))

    def test_controls(self) -> None:
        good = [
            {"control": "brightness", "value": "128"},
            {"control": "white_balance_automatic", "value": "1"},
            {"control": "u8_array", "value": "1 2 3"},
            {"control": "gain", "value": "16"},
        ]
        self.assertEqual(cmp.compare_controls(good, self.SHOW), [])
        self.assertEqual(len(cmp.compare_controls([good[0], dict(good[1], value="0")] + good[2:], self.SHOW)), 1)
        self.assertEqual(len(cmp.compare_controls(good[:2] + [dict(good[2], value="1 2"), good[3]], self.SHOW)), 1)
        self.assertEqual(len(cmp.compare_controls(good[:3], self.SHOW)), 1)  # a volatile control must still be there
        self.assertEqual(len(cmp.compare_controls(good[:1], self.SHOW)), 1)

    def test_rows_from_html_as_the_dom_keys_them(self) -> None:
        html = (
            '<table><tr class="mode" data-node="/dev/video0" data-size-kind="discrete" data-interval="1/30"></tr>'
            '<tr class="control x" data-control="a&amp;b" data-value=""></tr><tr class="modes" data-node="no"></tr>'
        )
        self.assertEqual(
            cmp.html_rows(html, "mode"), [{"node": "/dev/video0", "sizeKind": "discrete", "interval": "1/30"}]
        )
        self.assertEqual(cmp.html_rows(html, "control"), [{"control": "a&b", "value": ""}])

    def test_plan(self) -> None:
        plan = {
            "plan": {
                "cameras": [
                    {
                        "id": "usb-1",
                        "choice": {
                            "fourcc": "MJPG",
                            "size": {"width": 1280, "height": 720},
                            "frameInterval": {"interval": "333333/10000000"},
                        },
                    }
                ]
            }
        }
        row = {"deviceId": "usb-1", "format": "MJPG", "width": "1280", "height": "720", "interval": "333333/10000000"}
        self.assertEqual(cmp.compare_plan([row], plan), [])
        self.assertEqual(len(cmp.compare_plan([dict(row, width="640")], plan)), 1)
        self.assertEqual(len(cmp.compare_plan([], plan)), 1)


if __name__ == "__main__":
    unittest.main()
