"""Tests of jit_watch: the counts read from qemu's `info jit`, the lines written, the flushes between them, and
a session with a stand-in monitor on a real Unix socket."""

import os
import socket
import tempfile
import threading
import time
import unittest

import jit_watch

# qemu 7.2's answer, as run-guest.sh's guests print it (the echo of the command first).
ANSWER = """info jit
Translation buffer state:
gen code size       1072904707/2147478528
TB count            1942608
TB avg target size  15 max=299 bytes
TB avg host size    306 bytes (expansion ratio: 20.0)

Statistics:
TB flush count      3
TB invalidate count 20968
TLB full flushes    0
(qemu) """


class Parse(unittest.TestCase):
    def test_every_count_of_an_answer(self) -> None:
        self.assertEqual(
            jit_watch.parse(ANSWER),
            {"flushes": 3, "tbs": 1942608, "invalidated": 20968, "code": 1072904707, "buffer": 2147478528},
        )

    def test_a_count_missing_is_left_out_not_zero(self) -> None:
        self.assertEqual(jit_watch.parse("TB count 7\n(qemu) "), {"tbs": 7})
        self.assertEqual(jit_watch.parse("unknown command: 'info jit'\n(qemu) "), {})

    def test_line_and_flushes_between(self) -> None:
        a = jit_watch.line(10.0, {"flushes": 1, "tbs": 5})
        b = jit_watch.line(11.5, {"tbs": 9, "flushes": 3})
        self.assertEqual(a, "monotonic=10.000 flushes=1 tbs=5")
        self.assertEqual(b, "monotonic=11.500 flushes=3 tbs=9")
        self.assertEqual(jit_watch.flushes_between([a, "monotonic=11.000 tbs=7", b]), 2)
        self.assertIsNone(jit_watch.flushes_between([a]))
        self.assertIsNone(jit_watch.flushes_between([]))

    def test_summary_says_how_many_or_that_none_were_read(self) -> None:
        lines = [jit_watch.line(1.0, {"flushes": 2}), jit_watch.line(2.0, {"flushes": 2})]
        self.assertEqual(jit_watch.summary(lines), "qemu flushed its translation cache 0 time(s) while the guest ran")
        self.assertIn("no counts were read", jit_watch.summary([]))


def stand_in_qemu(path: str, answers: list[tuple[float, str]], requests: list[bytes]) -> threading.Thread:
    """qemu's monitor on a Unix socket at PATH: its greeting, then per request (kept in REQUESTS) the answer after
    its delay, then the socket closed. Returns the running thread."""
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen(1)

    def qemu() -> None:
        conn, _ = server.accept()
        conn.sendall(b"QEMU 7.2 monitor\n(qemu) ")
        for delay, answer in answers:
            request = b""
            while not request.endswith(b"\n"):
                request += conn.recv(100)
            requests.append(request)
            time.sleep(delay)
            conn.sendall(answer.encode())
        conn.close()
        server.close()

    t = threading.Thread(target=qemu)
    t.start()
    return t


class Session(unittest.TestCase):
    def test_watches_until_qemu_closes_its_monitor(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            path, out = os.path.join(d, "monitor.sock"), os.path.join(d, "jit.txt")
            requests: list[bytes] = []
            answers = [(0.0, ANSWER.replace("count      3", "count      %d" % n)) for n in (0, 1)]
            t = stand_in_qemu(path, answers, requests)
            self.assertEqual(jit_watch.main(["jit_watch.py", path, out]), 0)
            t.join(10)
            with open(out) as f:
                lines = f.read().splitlines()
            self.assertEqual(requests, [b"info jit\n"] * 2)
            self.assertEqual(len(lines), 2)
            self.assertIn("flushes=0", lines[0])
            self.assertEqual(jit_watch.flushes_between(lines), 1)

    def test_a_late_answer_is_waited_for_not_the_end(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            path, out = os.path.join(d, "monitor.sock"), os.path.join(d, "jit.txt")
            t = stand_in_qemu(path, [(0.6, ANSWER), (0.0, ANSWER), (0.0, ANSWER)], [])
            jit_watch.watch(jit_watch.Monitor(path, answer_within=0.2), out, every=0.01)
            t.join(10)
            with open(out) as f:
                lines = f.read().splitlines()
            self.assertGreaterEqual(len(lines), 1)  # a timeout ending the watch would leave none
            self.assertTrue(all("flushes=3" in x for x in lines), lines)

    def test_no_monitor_is_a_clear_failure(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(OSError):
                jit_watch.Monitor(os.path.join(d, "none.sock"), wait=0.3)


if __name__ == "__main__":
    unittest.main()
