"""The malformed and hostile requests http_fuzz.py sends, each with its label."""

import json
import random
import urllib.parse
from collections.abc import Callable

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
