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
from typing import Any

if not __package__:  # run as a script (the command line above): guest.* is found from scripts/vm
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from guest.http_fuzz_cases import cases, request  # noqa: E402

LOOPBACK = ("127.0.0.1", "::1", "localhost")


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
        elif status is not None and not (200 <= status < 300 or 400 <= status < 500):  # an answer has a status
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
