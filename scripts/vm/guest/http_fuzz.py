"""A bounded, seeded fuzz of camprobe-serve over HTTP/1.1, standard library only; loopback only.

Each request is built from a template picked by a seeded random generator (the same seed gives the same requests):
paths (traversal `..` and `%2e%2e`, very long, NUL, unicode, /api/devices/<junk>), methods, headers (huge,
duplicated, bad Content-Length, bad Authorization), bodies (junk JSON, over 64 KiB, deep nesting, wrong types), each
with or without the token. Requests go one at a time on their own connection (raw sockets: malformed requests must
reach the server as written) at `rate` per second at most, until `count` requests or `seconds` have gone.

The result: a status histogram; every answer that is not 2xx or 4xx (listed apart: a 505 to `HTTP/9.9`, as
`versionNotSupported`, and the 303 that `?token=` gets, as `tokenRedirects`); every connection reset, closed without
an answer, or not answered within `answer_seconds`; and whether the server is still alive afterwards (its pid exists
and `GET /api/devices` with the token answers 200).

Command line (for a try on the host): http_fuzz.py HOST:PORT TOKEN [PID] [COUNT] [SEED].
"""

import collections
import json
import os
import random
import socket
import sys
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

LOOPBACK = ("127.0.0.1", "::1", "localhost")

Case = tuple[str, bytes]  # (what it is, for the report; the request's bytes)


def request(
    method: str,
    path: str,
    headers: list[tuple[str, str]],
    body: bytes = b"",
    version: str = "HTTP/1.1",
    host: str = "127.0.0.1",
    length: bool = True,
) -> bytes:
    """Raw request bytes; paths and header values may carry anything (latin-1 for str, bytes kept as is)."""
    head = [("%s %s %s" % (method, path, version)).encode("utf-8", "surrogateescape")]
    names = {k.lower() for k, _ in headers}
    if "host" not in names:
        head.append(("Host: " + host).encode())
    if length and body and "content-length" not in names and "transfer-encoding" not in names:
        head.append(b"Content-Length: %d" % len(body))
    head.append(b"Connection: close")
    for k, v in headers:
        head.append(("%s: %s" % (k, v)).encode("utf-8", "surrogateescape"))
    return b"\r\n".join(head) + b"\r\n\r\n" + body


def junk(rng: random.Random, n: int) -> str:
    """n random characters from a mix of ASCII, URL-special, control and non-ASCII characters."""
    pool = "abcXYZ019-_.~%/?#&=+;:@!$'()*,[]{}<>|\\^` \t\"\x7fé€中😀\u202e"
    return "".join(rng.choice(pool) for _ in range(n))


def cases(rng: random.Random, token: str, ids: list[str]) -> Callable[[], Case]:
    """A function giving the next case: a template chosen by rng, filled with rng, with or without the token."""
    dev = lambda: rng.choice(ids) if ids and rng.random() < 0.5 else urllib.parse.quote(junk(rng, rng.randint(1, 40)))  # noqa: E731
    auth = lambda: [("Authorization", "Bearer " + token)] if rng.random() < 0.6 else []  # noqa: E731
    js = [("Content-Type", "application/json")]

    def path_case() -> Case:
        p = rng.choice(
            [
                "/../../../../etc/passwd",
                "/static/../../../etc/passwd",
                "/%2e%2e/%2e%2e/etc/passwd",
                "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                "/static/..%2fconsole.js",
                "/api/devices/..%2f..%2fdoctor",
                "/api/devices/%2e%2e",
                "/devices/..",
                "//api//devices",
                "/api/devices/" + "A" * rng.choice([300, 5000, 70000]),
                "/" + "a/" * rng.choice([100, 3000]),
                "/api/devices/%00",
                "/api/devices/a\x00b",
                "/api/devices/ünïcødé",
                "/api/devices/%E2%82%AC%F0%9F%98%80",
                "/api/devices/%ff%fe",
                "/devices/" + urllib.parse.quote(junk(rng, 30)),
                "/api/devices/%s/snapshot.png" % urllib.parse.quote(junk(rng, 12)),
                "/api/devices/%s/controls" % dev(),
                "/?token=" + urllib.parse.quote(junk(rng, 20)),
                "/?token=%s&token=x" % token,
                "/static/" + junk(rng, 8),
                "/api/events?x=" + "%" * 50,
                "*",
                "http://evil.example/api/devices",
                "/api/devices#frag",
                "/usb?x=%zz",
            ]
        )
        return "path %r" % p[:60], request("GET", p, auth())

    def method_case() -> Case:
        m = rng.choice(
            [
                "PUT",
                "DELETE",
                "PATCH",
                "OPTIONS",
                "HEAD",
                "TRACE",
                "CONNECT",
                "FOO",
                "get",
                "G\x00T",
                "X" * 5000,
                "POST",
                "PROPFIND",
            ]
        )
        p = rng.choice(
            ["/", "/api/devices", "/api/devices/%s" % dev(), "/api/plan", "/api/events", "/static/console.js"]
        )
        return "method %r %s" % (m[:20], p[:40]), request(
            m, p, auth() + js, b"{}" if m in ("POST", "PUT", "PATCH") else b""
        )

    def header_case() -> Case:
        kind = rng.choice(
            [
                "huge",
                "many",
                "dup-auth",
                "dup-length",
                "bad-length",
                "bad-auth",
                "no-colon",
                "nul",
                "no-host",
                "http10",
                "http99",
                "garbage-line",
                "te-cl",
                "bad-chunk",
                "folded",
                "origin",
            ]
        )
        p, h, body, v, length = "/api/devices", auth(), b"", "HTTP/1.1", True
        if kind == "huge":
            h.append(("X-Huge", "h" * rng.choice([9000, 70000, 300000])))
        elif kind == "many":
            h += [("X-H%d" % i, "v") for i in range(rng.choice([200, 2000]))]
        elif kind == "dup-auth":
            h = [("Authorization", "Bearer " + token), ("Authorization", "Bearer wrong")]
            rng.shuffle(h)
        elif kind == "dup-length":
            p, body, length = "/api/plan", b'{"devices": [], "preset": "high"}', False
            h += js + [("Content-Length", "5"), ("Content-Length", str(len(body)))]
        elif kind == "bad-length":
            p, body, length = "/api/plan", b'{"preset": "high"}', False
            h += js + [
                ("Content-Length", rng.choice(["-1", "abc", "99999999999999999999999", "1e3", " 5", "0x10", ""]))
            ]
        elif kind == "bad-auth":
            h = [
                (
                    "Authorization",
                    rng.choice(
                        [
                            "Bearer",
                            "Bearer  ",
                            "Basic Zm9vOmJhcg==",
                            "Bearer " + token + "x",
                            "bearer " + token,
                            "Bearer " + token[:-1],
                            "Bearer " + junk(rng, 40),
                            "Bearer " + token.upper(),
                            "Token " + token,
                        ]
                    ),
                )
            ]
        elif kind == "no-colon":
            return "header without a colon", request("GET", p, h)[:-4] + b"\r\nX-No-Colon-Here\r\n\r\n"
        elif kind == "nul":
            h.append(("X-Nul", "a\x00b"))
        elif kind == "no-host":
            return "no Host header", b"GET /api/devices HTTP/1.1\r\nConnection: close\r\n\r\n"
        elif kind == "http10":
            v = "HTTP/1.0"
        elif kind == "http99":
            v = "HTTP/9.9"
        elif kind == "garbage-line":
            return "garbage request line", junk(rng, 60).encode("utf-8") + b"\r\n\r\n"
        elif kind == "te-cl":
            p, length = "/api/plan", False
            h += js + [("Transfer-Encoding", "chunked"), ("Content-Length", "3")]
            body = b"5\r\n{}{}{\r\n0\r\n\r\n"
        elif kind == "bad-chunk":
            p, length = "/api/plan", False
            h += js + [("Transfer-Encoding", "chunked")]
            body = b"zz\r\n{}\r\n0\r\n\r\n"
        elif kind == "folded":
            h.append(("X-Folded", "a\r\n  b"))
        elif kind == "origin":
            p, body = "/api/devices/%s/controls" % dev(), b'{"brightness": 1}'
            h += js + [("Origin", rng.choice(["http://evil.example", "null", "http://127.0.0.1:1"]))]
            return "header origin foreign POST", request("POST", p, h, body)
        return "header %s" % kind, request("POST" if body else "GET", p, h, body, v, length=length)

    def body_case() -> Case:
        p = rng.choice(["/api/devices/%s/controls" % dev(), "/api/devices/%s/negotiate" % dev(), "/api/plan"])
        kind = rng.choice(["junk", "truncated", "huge", "deep", "types", "utf8", "ctype", "empty"])
        h = auth() + js
        if kind == "junk":
            b = junk(rng, rng.randint(1, 200)).encode("utf-8")
        elif kind == "truncated":
            b = b'{"devices": ["a", "b"], "preset": "hi'
        elif kind == "huge":
            b = b'{"preset": "' + b"x" * rng.choice([65537, 200000, 1048576]) + b'"}'
        elif kind == "deep":
            n = rng.choice([100, 1000, 20000])
            b = (b'{"a":' * n + b"1" + b"}" * n) if rng.random() < 0.5 else (b"[" * n + b"]" * n)
        elif kind == "types":
            b = json.dumps(
                rng.choice(
                    [
                        {"brightness": "x"},
                        {"brightness": None},
                        {"brightness": [1]},
                        {"brightness": 1e308},
                        {"brightness": -9223372036854775809},
                        {"nosuchcontrol": 1},
                        {"devices": 5},
                        {"devices": [1, 2]},
                        {"devices": ["x"] * 300},
                        {"preset": 1},
                        {"preset": "nosuch"},
                        {"width": -1, "height": 0, "fps": 1e9},
                        {"width": "1280"},
                        {"format": 7},
                        {"priority": "a"},
                        [],
                        "string",
                        0,
                        None,
                        {"": {"": {}}},
                    ]
                )
            ).encode()
        elif kind == "utf8":
            b = b'{"preset": "\xff\xfe\xc3"}'
        elif kind == "ctype":
            h = auth() + [
                (
                    "Content-Type",
                    rng.choice(
                        [
                            "text/plain",
                            "application/x-www-form-urlencoded",
                            "multipart/form-data; boundary=x",
                            "application/json; charset=evil",
                        ]
                    ),
                )
            ]
            b = b"brightness=1"
        else:
            b = b""
        return "body %s %s" % (kind, p.split("/")[-1][:20]), request("POST", p, h, b)

    templates = [path_case, method_case, header_case, body_case]
    return lambda: rng.choice(templates)()


def send(host: str, port: int, raw: bytes, answer_seconds: float) -> tuple[str, int | None]:
    """Sends raw on a new connection; returns (outcome, status): ("answer", N), ("garbage", None) for bytes that
    are no status line, ("closed", None), ("reset", None) or ("timeout", None)."""
    try:
        sock = socket.create_connection((host, port), timeout=answer_seconds)
    except OSError as e:
        return "refused: %s" % e, None
    got = b""
    try:
        with sock:
            try:
                sock.sendall(raw)
                sock.shutdown(socket.SHUT_WR)  # a body shorter than its Content-Length ends here: no wait for more
            except OSError:
                pass  # EPIPE, ECONNRESET, ENOTCONN: the server may answer (413) and close before it read everything
            deadline = time.monotonic() + answer_seconds
            while b"\r\n" not in got and time.monotonic() < deadline:
                sock.settimeout(max(0.05, deadline - time.monotonic()))
                data = sock.recv(4096)
                if not data:
                    break
                got += data
    except ConnectionResetError:
        if not got:
            return "reset", None
    except TimeoutError:
        if not got:
            return "timeout", None
    except OSError as e:
        return "error: %s" % e, None
    if not got:
        return "closed", None
    line = got.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split()
    if len(parts) >= 2 and parts[0].startswith("HTTP/") and parts[1].isdigit():
        return "answer", int(parts[1])
    return "garbage", None


def alive(host: str, port: int, token: str, pid: int | None) -> dict[str, Any]:
    """Whether the pid exists and GET /api/devices with the token answers 200 (the status it answered)."""
    exists = None
    if pid is not None:
        try:
            os.kill(pid, 0)
            exists = True
        except ProcessLookupError:
            exists = False
        except PermissionError:
            exists = True
    outcome, status = send(host, port, request("GET", "/api/devices", [("Authorization", "Bearer " + token)]), 30)
    return {
        "pid": pid,
        "pidExists": exists,
        "devicesStatus": status,
        "devicesOutcome": outcome,
        "alive": exists is not False and status == 200,
    }


def fuzz(
    host: str,
    port: int,
    token: str,
    pid: int | None = None,
    ids: list[str] | None = None,
    count: int = 500,
    seconds: float = 60.0,
    seed: int = 14,
    rate: float = 40.0,
    answer_seconds: float = 15.0,
) -> dict[str, Any]:
    """Runs the fuzz (see the module's docstring) and returns its result."""
    if host not in LOOPBACK:
        raise ValueError("http_fuzz only sends to loopback (127.0.0.1, ::1, localhost), not %r" % host)
    rng = random.Random(seed)
    nxt = cases(rng, token, list(ids or []))
    hist: dict[str, int] = collections.Counter()
    odd: dict[str, list[str]] = collections.defaultdict(list)
    t0 = time.monotonic()
    sent = 0
    while sent < count and time.monotonic() - t0 < seconds:
        start = time.monotonic()
        label, raw = nxt()
        outcome, status = send(host, port, raw, answer_seconds)
        sent += 1
        key = str(status) if outcome == "answer" else outcome
        hist[key] += 1
        if outcome != "answer":
            odd[outcome.split(":")[0]].append(label)
        elif status == 303 and "?token=" in label:
            odd["303"].append(label)  # the contract's answer to ?token=: 303 without it, setting the cookie
        elif status == 505 and label == "header http99":
            odd["505"].append(label)  # HTTP Version Not Supported to HTTP/9.9 (RFC 9110 §15.6.6): reported apart
        elif not (200 <= status < 300 or 400 <= status < 500):
            odd["not 2xx/4xx"].append("%s: %d" % (label, status))
        time.sleep(max(0.0, 1.0 / rate - (time.monotonic() - start)))
    time.sleep(2)  # past the rate limiter's second before the liveness request
    return {
        "seed": seed,
        "sent": sent,
        "seconds": round(time.monotonic() - t0, 1),
        "histogram": dict(sorted(hist.items())),
        "notAnswered2xx4xx": odd.get("not 2xx/4xx", []),
        "garbage": odd.get("garbage", []),
        "resets": odd.get("reset", []),
        "closed": odd.get("closed", []),
        "timeouts": odd.get("timeout", []),
        "versionNotSupported": odd.get("505", []),
        "tokenRedirects": odd.get("303", []),
        "errors": odd.get("error", []) + odd.get("refused", []),
        "alive": alive(host, port, token, pid),
    }


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    host, port = argv[1].rsplit(":", 1)
    pid = int(argv[3]) if len(argv) > 3 and argv[3] != "-" else None
    r = fuzz(
        host,
        int(port),
        argv[2],
        pid,
        count=int(argv[4]) if len(argv) > 4 else 200,
        seed=int(argv[5]) if len(argv) > 5 else 14,
    )
    print(json.dumps(r, indent=1))
    return 0 if r["alive"]["alive"] and not r["notAnswered2xx4xx"] and not r["garbage"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
