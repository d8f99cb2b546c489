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
import threading
import time
import urllib.parse
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from guest.blocks_serve_compare import PAGE_SECONDS, device_page, device_page_html, plan_page
from guest.blocks_stable import one_line
from guest.cdp import Browser, CDPError
from guest.harness import Background, get_ctrl, read, settle
from guest.hotplug_latency import UDEV_LINE, clock_offset
from guest.serve_server import Server, cameras_down, cameras_up, json_error, server_binary, started, watch_row
from guest.uvc_common import gadget

# How soon after `uvc-gadget detach` returns the row must be gone from the page. The monitor announces a disconnect
# within tens of ms (Reports/benchmarks.md §31); the rest is the SSE push and Chromium's DOM update, both under TCG on
# a vCPU that shares two host cores with the other guest and the host's tests (1.46 s once, beside four other guests;
# 0.03–0.3 s beside one). A page that waits for a refresh or polls every few seconds still fails it.
ROW_GONE_S = 2.0


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
        steps: list[tuple[str, Callable[..., Any], tuple[Any, ...]]] = [
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
            d.rc == 0 and gone is not None and gone - returned <= ROW_GONE_S,
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
        refused: Any = json.loads(text).get("status")
    except (ValueError, AttributeError):
        refused = None
    after = get_ctrl(node, "brightness")
    s.expect(
        "serve: a form posted from another origin (http://127.0.0.1:8639) with the console's cookie is refused "
        "(%s) and brightness stays %s" % (refused, after),
        refused in (403, 415) and after == before,
        "the answer page says %r; brightness %s -> %s" % (str(text)[:200], before, after),
    )
