"""camprobe-serve as the serve blocks run it: the server process and its URL, the cameras it serves (vivid and the
UVC gadget) and its JSON errors."""

import json
import os
import re
from http.client import HTTPConnection
from typing import Any

from guest.blocks_stable import one_line
from guest.cdp import Browser
from guest.harness import WEBCAM, Background, capture_nodes, modprobe, read, rmmod, settle, wait_until, write
from guest.uvc_common import gadget, uvc_nodes

CAMERA = os.environ.get("SERVE_CAMERA", "03")


TOKEN = "5e2fe0c0ffee14a1b2c3d4e5f6a7b8c9"  # the test's own token (a guest on loopback; not a secret)


URL_LINE = re.compile(r"^camprobe serve: (http://[^/\s]+)/\?token=([0-9A-Za-z]+)\s*$")


# --- the server ------------------------------------------------------------------------------------------------


class Server:
    """A running camprobe-serve on 127.0.0.1:port; `url` is None when it did not print its line in time."""

    def __init__(self, s: Any, label: str, port: int, allow_control: bool) -> None:
        self.s, self.label, self.port, self.host = s, label, port, "127.0.0.1"
        self.binary = os.path.join(os.path.dirname(s.c), "camprobe-serve")
        token_file = "/run/%s.token" % label
        write(token_file, TOKEN + "\n")
        argv = [self.binary, "--listen", "%s:%d" % (self.host, port), "--token-file", token_file]
        self.bg = Background(
            argv + (["--allow-control"] if allow_control else []), s.path(label + ".out"), s.path(label + ".err")
        )
        self.line = ""
        wait_until(lambda: bool(read(s.path(label + ".out")).strip()) or self.bg.p.poll() is not None, 90)
        self.line = read(s.path(label + ".out")).strip().splitlines()[0] if read(s.path(label + ".out")).strip() else ""
        m = URL_LINE.match(self.line)
        self.url = "%s/?token=%s" % (m.group(1), m.group(2)) if m else None
        self.base = m.group(1) if m else "http://%s:%d" % (self.host, port)
        self.printed_token = m.group(2) if m else None

    @property
    def pid(self) -> int:
        return self.bg.p.pid

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        token: str | None = TOKEN,
        headers: dict[str, str] | None = None,
        timeout: float = 120,
    ) -> tuple[int, bytes, dict[str, str]]:
        """(status, body, headers) of one request; the token as `Authorization: Bearer` unless None."""
        h = dict(headers or {})
        if token is not None:
            h["Authorization"] = "Bearer " + token
        if body is not None:
            h.setdefault("Content-Type", "application/json")
        conn = HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=h)
            r = conn.getresponse()
            return r.status, r.read(), {k.lower(): v for k, v in r.getheaders()}
        finally:
            conn.close()

    def stop(self) -> int:
        return self.bg.stop()


def json_error(body: bytes, status: int) -> bool:
    """Whether body is the contract's error document {"error": "...", "status": status}."""
    try:
        doc = json.loads(body)
    except ValueError:
        return False
    return isinstance(doc, dict) and isinstance(doc.get("error"), str) and doc.get("status") == status


# --- the cameras -----------------------------------------------------------------------------------------------


def cameras_up(s: Any, label: str, vivid: bool = True) -> dict[str, Any] | None:
    """vivid (one webcam; unless not `vivid`) and the replayed UVC camera: {uvc_id, uvc_node, vivid_id, vivid_node},
    or None (FAIL said)."""
    if vivid:
        modprobe("vivid", *WEBCAM)
    folder = os.path.join(s.here, "uvc_gadget", "cameras")
    names = sorted(n for n in os.listdir(folder) if n.startswith(CAMERA) and n.endswith(".json"))
    if not s.expect("%s: one replayed camera named %s* (uvc_gadget/cameras)" % (label, CAMERA), len(names) == 1, names):
        return None
    up = gadget(s, "up", os.path.join(folder, names[0]), timeout=600)
    write(s.path(label + "-up.err"), up.err + up.out)
    node = up.out.strip().splitlines()[-1] if up.rc == 0 and up.out.strip() else ""
    settle()
    others = [n for n in capture_nodes() if n not in uvc_nodes()] if vivid else []
    r = s.camprobe("list", "--json", stdout=s.path(label + "-list.json"), stderr=s.path(label + "-list.err"))
    devices = json.loads(r.out)["devices"] if r.rc == 0 else []
    by_node = {n["path"]: d["id"] for d in devices for n in d["nodes"]}
    cams = {
        "uvc_id": by_node.get(node),
        "uvc_node": node,
        "vivid_id": by_node.get(others[0]) if others else None,
        "vivid_node": others[0] if others else "",
    }
    if not s.expect(
        "%s: the UVC camera %s (%s)%s up and listed: %s"
        % (
            label,
            names[0][:-5],
            node,
            " and vivid (%s) are" % cams["vivid_node"] if vivid else " is",
            [cams["uvc_id"], cams["vivid_id"]],
        ),
        cams["uvc_id"] and (cams["vivid_id"] or not vivid),
        "uvc-gadget up exit %d: %s; list exit %d (%s-list.json)" % (up.rc, one_line(up.err), r.rc, label),
    ):
        return None
    return cams


def cameras_down(s: Any, label: str) -> None:
    down = gadget(s, "down")
    s.expect("%s: uvc-gadget down" % label, down.rc == 0, one_line(down.err))
    rmmod("vivid")


def server_binary(s: Any, label: str) -> bool:
    path = os.path.join(os.path.dirname(s.c), "camprobe-serve")
    return s.expect(
        "%s: camprobe-serve is built beside camprobe (%s)" % (label, path),
        os.access(path, os.X_OK),
        "missing: build it with `swift build --product camprobe-serve`",
    )


def started(s: Any, server: Server) -> bool:
    return s.expect(
        "%s: prints its one line `camprobe serve: http://127.0.0.1:%d/?token=…` with the token of the "
        "token file" % (server.label, server.port),
        server.url is not None and server.printed_token == TOKEN and server.base.endswith(":%d" % server.port),
        "printed %r within 90 s (stdout is a file here: a line not flushed stays unseen; exit %s; %s.err: %s)"
        % (server.line, server.bg.p.poll(), server.label, one_line(read(server.s.path(server.label + ".err")))),
    )


def watch_row(b: Browser, device: str) -> bool:
    """Installs a MutationObserver stamping (Date.now()) when the device's list row goes (__gone) and comes back
    (__back); returns whether the row is there now."""
    return b.evaluate(
        """(() => { const id = %s;
      const has = () => [...document.querySelectorAll('#devices tr.device')].some(r => r.dataset.deviceId === id);
      window.__gone = null; window.__back = null;
      new MutationObserver(() => { const h = has();
        if (!h && window.__gone === null) window.__gone = Date.now();
        if (h && window.__gone !== null && window.__back === null) window.__back = Date.now(); })
        .observe(document.body, {childList: true, subtree: true, attributes: true});
      return has(); })()"""
        % json.dumps(device)
    )
