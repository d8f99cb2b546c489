"""Blocks serve and serve-load: the console `camprobe-serve` (its contract: serve-api.md of session 14) as a guest
sees it, in a real browser (headless Chromium over the DevTools protocol, guest/cdp.py), under load
(guest/sse_load.py) and under fuzz (guest/http_fuzz.py).

Both blocks bring up the same two cameras: a replayed UVC camera on uvcvideo (`uvc-gadget up`, SERVE_CAMERA, by
default the Logitech C525 of uvc_gadget/cameras/) and vivid as one webcam. The server is `camprobe-serve` beside
$CAMPROBE, with a token file.

serve: (1) the list page shows both cameras; `uvc-gadget detach` takes the camera's row away within 1 s of the
command's return (also timed from udev's last video4linux remove), `attach` brings it back; screenshots; (2) each
device page's modes and controls (its data- attributes) equal `camprobe show ID --json`; (3) with --allow-control,
the page's brightness slider changes what `v4l2-ctl --get-ctrl brightness` reads, and a server without it answers
the POST 403 and changes nothing; (4) no or a wrong token gets 401, and a form posted from another origin is refused
and changes nothing; (5) the /usb page's plan for the two cameras equals `camprobe negotiate --together … --preset
high --json`.

serve-load: guest/blocks_serve_load.py."""

import json
import os
import re
import threading
import time
import urllib.parse
from http.client import HTTPConnection
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from guest.blocks_serve_compare import PAGE_SECONDS, device_page, device_page_html, plan_page
from guest.blocks_uvc import gadget, one_line, uvc_nodes
from guest.cdp import Browser, CDPError
from guest.harness import WEBCAM, Background, capture_nodes, get_ctrl, modprobe, read, rmmod, settle, wait_until, write
from guest.hotplug_latency import UDEV_LINE, clock_offset

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


def cameras_up(s: Any, label: str, vivid: bool = True) -> dict[str, str] | None:
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


# --- block serve -----------------------------------------------------------------------------------------------


def block_serve(s: Any) -> None:
    if not server_binary(s, "serve"):
        return
    cams = cameras_up(s, "serve")
    if cams is None:
        cameras_down(s, "serve")
        return
    a = Server(s, "serve-a", 8637, allow_control=True)
    b_ = Server(s, "serve-b", 8638, allow_control=False)
    browser = None
    try:
        if not (started(s, a) and started(s, b_)):
            return
        t = time.monotonic()
        try:
            browser = Browser(log_path=s.path("serve-chromium.log"))
        except CDPError as e:
            s.bad("serve: headless Chromium starts", "%s (serve-chromium.log)" % e)
            return
        s.ok("serve: headless Chromium is up (%.0f s)" % (time.monotonic() - t))
        steps = [
            ("the list page", list_page, (a, cams)),
            ("the uvc device page", device_page, (a, cams["uvc_id"], "uvc")),
            ("the vivid device page", lambda s, b, *x: device_page_html(s, *x), (a, cams["vivid_id"], "vivid")),
            ("the brightness slider", brightness, (a, b_, cams)),
            ("the refusals", refusals, (a, cams)),
            ("the /usb plan form", plan_page, (a, cams)),
        ]
        for name, step, args in steps:
            try:
                step(s, browser, *args)
            except CDPError as e:  # one page not as the contract says: that check fails, the next still runs
                s.bad("serve: %s in the browser" % name, e)
    finally:
        if browser is not None:
            browser.close()
        for server in (a, b_):
            rc = server.stop()
            s.expect("%s: exits 0 on SIGINT" % server.label, rc == 0, "exit %s (%s.err)" % (rc, server.label))
        cameras_down(s, "serve")


def list_page(s: Any, b: Browser, a: Server, cams: dict[str, str]) -> None:
    """(1) Both cameras listed; detach: the UVC row gone within 1 s; attach: back. Screenshots in $VM_OUT."""
    ids = [cams["uvc_id"], cams["vivid_id"]]
    t = time.monotonic()
    b.open(a.url or a.base)
    shown = b.wait_for(
        "(() => { const ids = [...document.querySelectorAll('#devices tr.device')].map(r => r.dataset.deviceId);"
        " return %s.every(i => ids.includes(i)) && ids; })()" % json.dumps(ids),
        90,
    )
    b.screenshot(s.path("serve-list.png"))
    s.ok(
        "serve: the list page (%s, opened with the printed URL's token: %.1f s) shows both cameras: rows %s"
        % (b.evaluate("location.pathname"), time.monotonic() - t, shown)
    )
    udev = Background(["udevadm", "monitor", "--udev", "--subsystem-match=video4linux"], s.path("serve-udev.log"))
    try:
        time.sleep(1)
        watch_row(b, cams["uvc_id"])
        d = gadget(s, "detach")
        returned = time.time()
        gone = stamp(b, "window.__gone", 15) if d.rc == 0 else None
        b.screenshot(s.path("serve-list-detached.png"))
        removed = udev_time(s.path("serve-udev.log"), "remove", gone or returned)
        s.expect(
            "serve: uvc-gadget detach: the camera's row is gone %s ms after the command returned (%s ms after "
            "udev's last video4linux remove)" % (ms(gone, returned), ms(gone, removed)),
            d.rc == 0 and gone is not None and gone - returned <= 1.0,
            "detach exit %d: %s" % (d.rc, one_line(d.err)),
        )
        at = gadget(s, "attach", timeout=600)
        returned = time.time()
        if at.rc == 0 and at.out.strip():
            cams["uvc_node"] = at.out.strip().splitlines()[-1]
        back = stamp(b, "window.__back", 30) if at.rc == 0 else None
        b.screenshot(s.path("serve-list-attached.png"))
        added = udev_time(s.path("serve-udev.log"), "add", back or returned)
        s.expect(
            "serve: uvc-gadget attach (%s): the row is back %s ms after the command returned (%s ms after udev's "
            "last video4linux add)" % (cams["uvc_node"], ms(back, returned), ms(back, added)),
            at.rc == 0 and back is not None,
            "attach exit %d: %s" % (at.rc, one_line(at.err)),
        )
    finally:
        udev.stop()
    settle()


def stamp(b: Browser, js: str, seconds: float) -> float | None:
    """The page's Date.now() stamp js (seconds since the epoch) once set, or None after `seconds`."""
    try:
        return b.wait_for(js, seconds) / 1000.0
    except CDPError:
        return None


def udev_time(log: str, action: str, before_wall: float) -> float | None:
    """udev's last video4linux `action` in `udevadm monitor`'s log before before_wall, on the wall clock."""
    offset, last = clock_offset(), None
    for line in read(log).splitlines():
        g = UDEV_LINE.match(line)
        if g and g.group(2) == action and g.group(4) == "video4linux" and float(g.group(1)) + offset <= before_wall:
            last = float(g.group(1)) + offset
    return last


def ms(later: float | None, earlier: float | None) -> str:
    return "%.0f" % ((later - earlier) * 1000) if later is not None and earlier is not None else "?"


def brightness(s: Any, b: Browser, a: Server, b_: Server, cams: dict[str, str]) -> None:
    """(3) The slider (server with --allow-control) changes the control; without --allow-control: 403, unchanged."""
    device, node = cams["uvc_id"], cams["uvc_node"]
    path = "/devices/" + urllib.parse.quote(device, safe="")
    if b.evaluate("location.pathname") != path:  # the device page check has it open already: 100 s saved under TCG
        b.open(a.base + path, timeout=PAGE_SECONDS)
    el = b.wait_for(
        "(() => { const e = document.querySelector('#controls input[name=brightness]');"
        " return e && {min: +e.min, max: +e.max, step: +(e.step || 1), value: +e.value}; })()",
        60,
    )
    before = get_ctrl(node, "brightness")
    target = pick(el, int(before) if before.lstrip("-").isdigit() else el["value"])
    b.evaluate(
        "(() => { const e = document.querySelector('#controls input[name=brightness]'); e.value = %d;"
        " e.dispatchEvent(new Event('input', {bubbles: true}));"
        " e.dispatchEvent(new Event('change', {bubbles: true})); })()" % target
    )
    try:
        shown = b.wait_for(
            "(() => { const r = document.querySelector('#controls tr.control[data-control=brightness]');"
            " return r && r.dataset.value === %s && r.dataset.value; })()" % json.dumps(str(target)),
            30,
        )
    except CDPError as e:
        shown = "not %d: %s" % (target, e)
    after = get_ctrl(node, "brightness")
    b.screenshot(s.path("serve-control.png"))
    s.expect(
        "serve: the brightness slider (%s) set to %d: v4l2-ctl reads %s (was %s), the row's data-value %s"
        % (el, target, after, before, shown),
        after == str(target) and shown == str(target),
        "serve-control.png",
    )
    status, body, _ = b_.request(
        "POST",
        "/api/devices/%s/controls" % urllib.parse.quote(device, safe=""),
        json.dumps({"brightness": pick(el, target)}).encode(),
    )
    still = get_ctrl(node, "brightness")
    s.expect(
        "serve: without --allow-control the POST is answered 403 (%s) and brightness stays %s" % (status, still),
        status == 403 and json_error(body, 403) and still == after,
        "answered %d %r" % (status, body[:200]),
    )


def pick(el: dict[str, float], current: int) -> int:
    """A value of the slider's range other than current (a few steps away, on the step grid)."""
    lo, hi, step = int(el["min"]), int(el["max"]), max(1, int(el["step"]))
    for k in (7, -7, 1, -1):
        v = current + k * step
        if lo <= v <= hi and (v - lo) % step == 0:
            return v
    return lo if current != lo else hi


class Foreign(BaseHTTPRequestHandler):
    """Another origin's page: a form posting to the console's controls endpoint, submitted on load."""

    action = ""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        page = (
            "<html><body><form method=post action='%s'><input name=brightness value=1></form>"
            "<script>document.forms[0].submit()</script></body></html>" % self.action
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, *args: Any) -> None:
        pass


def refusals(s: Any, b: Browser, a: Server, cams: dict[str, str]) -> None:
    """(4) No or a wrong token: 401; a cross-site form post: refused, nothing changed."""
    for path, token in (("/api/devices", None), ("/api/devices", "0" * 32), ("/", None)):
        status, body, headers = a.request("GET", path, token=token)
        s.expect(
            "serve: GET %s with %s token is answered 401 with the JSON error (%d, %s)"
            % (path, "a wrong" if token else "no", status, headers.get("content-type")),
            status == 401 and json_error(body, 401),
            "answered %d %r" % (status, body[:200]),
        )
    node = cams["uvc_node"]
    before = get_ctrl(node, "brightness")
    Foreign.action = a.base + "/api/devices/%s/controls" % urllib.parse.quote(cams["uvc_id"], safe="")
    httpd = ThreadingHTTPServer(("127.0.0.1", 8639), Foreign)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        b.open("http://127.0.0.1:8639/")
        text = b.wait_for(
            "location.port === '%d' && document.readyState === 'complete' && document.body.innerText" % a.port, 30
        )
    except CDPError as e:
        text = "no answer page: %s" % e
    finally:
        httpd.shutdown()
        httpd.server_close()
    b.screenshot(s.path("serve-cross-site.png"))
    try:
        status = json.loads(text).get("status")
    except (ValueError, AttributeError):
        status = None
    after = get_ctrl(node, "brightness")
    s.expect(
        "serve: a form posted from another origin (http://127.0.0.1:8639) with the console's cookie is refused "
        "(%s) and brightness stays %s" % (status, after),
        status in (403, 415) and after == before,
        "the answer page says %r; brightness %s -> %s" % (str(text)[:200], before, after),
    )
