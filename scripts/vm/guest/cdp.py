"""A headless Chromium driven over the DevTools protocol (CDP), standard library only.

Chromium runs as `chromium --headless=new --remote-debugging-pipe`: with that switch it reads CDP commands from
file descriptor 3 and writes answers and events on descriptor 4, each message one JSON text ended by a NUL byte
(Chromium's switch list, `--remote-debugging-pipe`; the protocol's Target, Page and Runtime domains:
https://chromedevtools.github.io/devtools-protocol/). One page target is created and attached in "flat" mode, so
page commands carry its `sessionId` on the same pipe.

Every wait is bounded. `close()` asks the browser to close, then ends its whole process group (Chromium's own
children: zygote, renderer, utility processes) and removes the profile directory; use `with Browser() as b:`.

    with Browser() as b:
        b.open("http://127.0.0.1:8637/?token=...")
        b.wait_for("document.querySelectorAll('tr.device').length > 0", 30)
        rows = b.evaluate("[...document.querySelectorAll('tr.device')].map(r => r.dataset.deviceId)")
        b.screenshot("/tmp/list.png")
"""

import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from typing import Any, BinaryIO

CHROMIUM = os.environ.get("CHROMIUM", "chromium")
FIRST_PAGE_SECONDS = 90.0  # under TCG in the qemu guest Chromium's first page takes about a minute
COMMAND_SECONDS = 30.0  # any single CDP command


class CDPError(Exception):
    """A CDP command failed, timed out, or the browser went away; the message says which and why."""


class Browser:
    """One headless Chromium with one page (see the module's docstring)."""

    def __init__(
        self,
        chromium: str = CHROMIUM,
        extra_args: list[str] | None = None,
        log_path: str | None = None,
        start_seconds: float = FIRST_PAGE_SECONDS,
    ) -> None:
        self.profile = tempfile.mkdtemp(prefix="camprobe-cdp-")
        self.start_seconds = start_seconds
        self._next_id = 0
        self._answers: dict[int, dict[str, Any]] = {}
        self._cond = threading.Condition()
        self._closed = False
        self.events: list[dict[str, Any]] = []  # every event, for errors the page reports (Runtime.exceptionThrown)
        self.session: str | None = None
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        argv = [
            chromium,
            "--headless=new",
            "--remote-debugging-pipe",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=1280,900",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--mute-audio",
            "--user-data-dir=" + self.profile,
            *(extra_args or []),
            "about:blank",
        ]

        def fds() -> None:
            # In the child, before exec: its fd 3 reads our commands, fd 4 writes its answers. Both ends go to high
            # numbers first, in case one of them already is 3 or 4. dup2's copies are inheritable; every descriptor
            # Python opened is close-on-exec, so with close_fds=False only these reach Chromium (with 0-2).
            os.dup2(to_child_r, 103)
            os.dup2(from_child_w, 104)
            os.dup2(103, 3)
            os.dup2(104, 4)
            os.close(103)
            os.close(104)

        self.log: BinaryIO | int = open(log_path, "wb") if log_path else subprocess.DEVNULL
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=self.log,
                stderr=self.log,
                preexec_fn=fds,
                close_fds=False,
                start_new_session=True,
            )
        except OSError as e:
            for fd in (to_child_r, to_child_w, from_child_r, from_child_w):
                os.close(fd)
            shutil.rmtree(self.profile, ignore_errors=True)
            raise CDPError("could not start %s: %s" % (chromium, e)) from e
        os.close(to_child_r)
        os.close(from_child_w)
        self._out = to_child_w
        self._in = from_child_r
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            # The tab Chromium opened at start (about:blank), when it is listed already: a second tab of our own would
            # start a second renderer, seconds under TCG.
            tabs = self.call("Target.getTargets", timeout=start_seconds).get("targetInfos", [])
            pages = [t["targetId"] for t in tabs if t.get("type") == "page"]
            target = (
                pages[0]
                if pages
                else self.call("Target.createTarget", {"url": "about:blank"}, timeout=start_seconds)["targetId"]
            )
            self.session = self.call(
                "Target.attachToTarget", {"targetId": target, "flatten": True}, timeout=start_seconds
            )["sessionId"]
            # The first page's renderer starts here: under TCG these wait for it (about a minute).
            self.call("Page.enable", session=True, timeout=start_seconds)
            self.call("Runtime.enable", session=True, timeout=start_seconds)
        except CDPError:
            self.close()
            raise

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- the pipe ------------------------------------------------------------------------------------------------

    def _read(self) -> None:
        buf = b""
        while True:
            try:
                chunk = os.read(self._in, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                try:
                    msg = json.loads(raw)
                except ValueError:
                    continue
                with self._cond:
                    if "id" in msg:
                        self._answers[msg["id"]] = msg
                    else:
                        self.events.append(msg)
                    self._cond.notify_all()
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def call(
        self, method: str, params: dict[str, Any] | None = None, session: bool = False, timeout: float = COMMAND_SECONDS
    ) -> dict[str, Any]:
        """Sends one command (to the page's session when `session`) and returns its `result`; raises CDPError on an
        error answer, when `timeout` seconds pass, or when the browser has gone."""
        with self._cond:
            if self._closed:
                raise CDPError("%s: the browser has exited (status %s)" % (method, self.proc.poll()))
            self._next_id += 1
            ident = self._next_id
        msg: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        try:
            os.write(self._out, json.dumps(msg).encode() + b"\0")
        except OSError as e:
            raise CDPError("%s: writing to the browser failed: %s" % (method, e)) from e
        deadline = time.monotonic() + timeout
        with self._cond:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if self._closed:
                    raise CDPError("%s: the browser exited before answering (status %s)" % (method, self.proc.poll()))
                if left <= 0:
                    raise CDPError("%s: no answer within %.0f s" % (method, timeout))
                self._cond.wait(min(left, 1.0))
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise CDPError("%s: %s" % (method, answer["error"].get("message", answer["error"])))
        return answer.get("result", {})

    # --- the page ------------------------------------------------------------------------------------------------

    def open(self, url: str, timeout: float | None = None) -> None:
        """Navigates the page to url and waits (bounded) until its document has loaded."""
        timeout = self.start_seconds if timeout is None else timeout
        deadline = time.monotonic() + timeout
        result = self.call("Page.navigate", {"url": url}, session=True, timeout=timeout)
        if result.get("errorText"):
            raise CDPError("open %s: %s" % (url, result["errorText"]))
        self.wait_for("document.readyState === 'complete'", max(1.0, deadline - time.monotonic()))

    def evaluate(self, js: str, timeout: float = COMMAND_SECONDS) -> Any:
        """The value of the JavaScript expression js in the page (awaited when a promise; by value, so JSON-like)."""
        r = self.call(
            "Runtime.evaluate",
            {"expression": js, "returnByValue": True, "awaitPromise": True},
            session=True,
            timeout=timeout,
        )
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            text = (d.get("exception") or {}).get("description") or d.get("text")
            raise CDPError("evaluate %s: %s" % (js[:80], text))
        return (r.get("result") or {}).get("value")

    def wait_for(self, predicate: str, timeout: float, interval: float = 0.05) -> Any:
        """Polls the JavaScript predicate until it is truthy (returns its value) or timeout seconds pass (CDPError,
        with the last error seen while polling, e.g. a page still loading)."""
        deadline = time.monotonic() + timeout
        last = "never true"
        while True:
            left = deadline - time.monotonic()
            try:
                value = self.evaluate(predicate, timeout=max(1.0, min(COMMAND_SECONDS, left)))
                if value:
                    return value
                last = "last value %r" % (value,)
            except CDPError as e:
                if self._closed:
                    raise
                last = str(e)
            if time.monotonic() >= deadline:
                raise CDPError("wait_for %s: not true within %.1f s (%s)" % (predicate[:100], timeout, last))
            time.sleep(interval)

    def screenshot(self, path: str) -> str:
        """Writes a PNG of the page's viewport to path; returns path."""
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True, timeout=60)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path

    def close(self) -> None:
        """Browser.close, then the process group ended (SIGTERM, SIGKILL after 5 s), the profile removed. Bounded;
        safe to call twice."""
        if getattr(self, "proc", None) is not None and self.proc.poll() is None:
            try:
                self.call("Browser.close", timeout=5)
            except CDPError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        if getattr(self, "proc", None) is not None:
            for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                try:
                    os.killpg(self.proc.pid, sig)  # the group Chromium leads (start_new_session): its children too
                except (ProcessLookupError, PermissionError):
                    break
                try:
                    self.proc.wait(timeout=wait)
                except subprocess.TimeoutExpired:
                    continue
                if not group_members(self.proc.pid):
                    break
        for fd in ("_out", "_in"):
            if getattr(self, fd, None) is not None:
                try:
                    os.close(getattr(self, fd))
                except OSError:
                    pass
                setattr(self, fd, None)
        if not isinstance(self.log, int):  # a file, not subprocess.DEVNULL
            self.log.close()
            self.log = subprocess.DEVNULL
        shutil.rmtree(self.profile, ignore_errors=True)


def group_members(pgid: int) -> list[int]:
    """The pids of process group pgid that still run (zombies not counted: they have exited and wait only for their
    parent, init once Chromium is gone, to reap them), from /proc/PID/stat."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] not in ("Z", "X"):
            out.append(int(name))
    return out
