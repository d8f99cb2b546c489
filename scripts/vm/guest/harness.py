"""The guest suite's plumbing: the PASS/FAIL tally, bounded commands, driver
loading, udev, v4l2-ctl node discovery and JSON Lines readers.

Every command runs with a timeout; every wait has a deadline; background
processes are stopped with SIGINT and killed when they do not exit in time.
"""

import json
import os
import signal
import subprocess
import time

CMD_TIMEOUT = 120  # seconds for any single command unless told otherwise


class Suite:
    """Prints `PASS name` / `FAIL name: why` (and `SKIP name: why`), keeps the
    counts, and records every check (its block, outcome and seconds) for the
    xunit file `write_xunit` writes."""

    def __init__(self, camprobe, out, here):
        self.c = camprobe
        self.out = out
        self.here = here
        self.passed = 0
        self.failed = 0
        self.skipped = 0
        self.block = "setup"  # the block the next checks belong to
        self.blocks = []  # [(name, seconds)] of the blocks that ran, in order
        self.records = []  # [(block, name, "pass"|"fail"|"skip", message, seconds)]
        self._block_t0 = self._last = time.monotonic()

    def begin_block(self, name):
        self.end_block()
        self.block = name
        self._block_t0 = self._last = time.monotonic()

    def end_block(self):
        """Closes the current block's timing (a no-op when it was already closed)."""
        if self.block is not None:
            self.blocks.append((self.block, time.monotonic() - self._block_t0))
            self.block = None

    def _record(self, name, outcome, message=""):
        now = time.monotonic()
        # A check's time: since the block's previous check (what it waited for and ran).
        self.records.append((self.block or "setup", name, outcome, message, now - self._last))
        self._last = now

    def ok(self, name):
        self.passed += 1
        self._record(name, "pass")
        print("PASS " + name, flush=True)

    def bad(self, name, why):
        self.failed += 1
        text = "%s: %s" % (name, str(why)[:2000])
        self._record(name, "fail", text)
        print("FAIL " + text, flush=True)

    def skip(self, name, why):
        """A check that cannot run here (a module or format this kernel lacks): neither passed nor failed."""
        self.skipped += 1
        self._record(name, "skip", str(why))
        print("SKIP %s: %s" % (name, why), flush=True)

    def check(self, name, fn, *args):
        """PASS when fn(*args) returns without raising; its message otherwise.
        A name given as a function is called with fn's return value."""
        try:
            result = fn(*args)
        except Exception as e:  # noqa: BLE001 - any error is this check's failure
            self.bad(name if isinstance(name, str) else name(None), describe(e))
            return False
        self.ok(name if isinstance(name, str) else name(result))
        return True

    def expect(self, name, condition, why="condition false"):
        if condition:
            self.ok(name)
        else:
            self.bad(name, why)
        return bool(condition)

    def write_xunit(self, path, complete=True):
        """JUnit XML: one <testsuite> per block (time = the block's seconds), one
        <testcase> per check (classname = the block), <failure> with the FAIL text,
        <skipped> for a skipped check. Written atomically (tmp + rename); written
        after every block, so a guest that dies midway leaves what it had done."""
        import xml.etree.ElementTree as ET

        times = dict()
        for name, secs in self.blocks:
            times[name] = times.get(name, 0.0) + secs
        order = []
        for block, *_ in self.records:
            if block not in order:
                order.append(block)
        order += [b for b, _ in self.blocks if b not in order]
        root = ET.Element(
            "testsuites",
            name="camprobe-vm",
            tests=str(len(self.records)),
            failures=str(self.failed),
            skipped=str(self.skipped),
            time="%.1f" % sum(times.values()),
            complete="true" if complete else "false",
        )
        for block in order:
            cases = [r for r in self.records if r[0] == block]
            suite = ET.SubElement(
                root,
                "testsuite",
                name=block,
                tests=str(len(cases)),
                failures=str(sum(1 for c in cases if c[2] == "fail")),
                skipped=str(sum(1 for c in cases if c[2] == "skip")),
                time="%.1f" % times.get(block, 0.0),
            )
            for _, name, outcome, message, secs in cases:
                case = ET.SubElement(suite, "testcase", classname=block, name=xml_text(name), time="%.1f" % secs)
                if outcome == "fail":
                    ET.SubElement(case, "failure", message=xml_text(message[:500])).text = xml_text(message)
                elif outcome == "skip":
                    ET.SubElement(case, "skipped", message=xml_text(message))
        if hasattr(ET, "indent"):
            ET.indent(root)
        tmp = path + ".tmp"
        ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)
        os.replace(tmp, path)

    def path(self, *parts):
        return os.path.join(self.out, *parts)

    def camprobe(self, *args, **kw):
        return run([self.c, *args], **kw)


def xml_text(text):
    """text without the characters XML 1.0 cannot carry (a terminal escape in a tool's output)."""
    return "".join(
        c if c in "\t\n\r" or (" " <= c <= "\ud7ff") or ("\ue000" <= c <= "\ufffd") or c > "\uffff" else "?"
        for c in str(text)
    )


def describe(e):
    if isinstance(e, AssertionError):
        return str(e) or "assertion failed"
    return "%s: %s" % (type(e).__name__, e)


class Result:
    def __init__(self, rc, out, err):
        self.rc, self.out, self.err = rc, out, err


def run(argv, stdout=None, stderr=None, timeout=CMD_TIMEOUT, merge=False):
    """Runs argv with stdin from /dev/null and a timeout (rc 124 when it is hit).
    stdout/stderr: a path to write the stream to as well. merge: 2>&1."""
    try:
        p = subprocess.run(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge else subprocess.PIPE,
            timeout=timeout,
        )
        rc, out, err = p.returncode, p.stdout or b"", p.stderr or b""
    except subprocess.TimeoutExpired as e:
        rc, out, err = 124, e.stdout or b"", (e.stderr or b"") + b"\n(timed out after %ds)" % timeout
    except OSError as e:
        rc, out, err = 127, b"", str(e).encode()
    out, err = out.decode(errors="replace"), err.decode(errors="replace")
    if stdout:
        write(stdout, out)
    if stderr:
        write(stderr, err)
    return Result(rc, out, err)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def load_json(path):
    with open(path) as f:
        return json.load(f)


def load_jsonl(path):
    """Every line of a finished JSON Lines file, each parsed (a bad line raises)."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


class JsonlTail:
    """Reads the complete lines a running process has appended to a JSON Lines
    file so far (a partial last line waits for the next poll)."""

    def __init__(self, path):
        self.path, self.pos, self.partial, self.events = path, 0, b"", []

    def poll(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.pos)
                data = f.read()
        except OSError:
            return self.events
        self.pos += len(data)
        lines = (self.partial + data).split(b"\n")
        self.partial = lines.pop()
        for line in lines:
            if line.strip():
                try:
                    self.events.append(json.loads(line))
                except ValueError:
                    self.events.append({"event": "<unparsable>", "line": line.decode(errors="replace")})
        return self.events

    def count(self, event, ident=None):
        return sum(1 for e in self.poll() if e.get("event") == event and (ident is None or e.get("id") == ident))


def wait_until(predicate, timeout, interval=0.1):
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)


class Background:
    """A long-running command (a monitor, a streamer) writing to files."""

    def __init__(self, argv, stdout, stderr=None, env=None):
        self.out = open(stdout, "wb")
        self.err = open(stderr, "wb") if stderr else subprocess.DEVNULL
        self.p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=self.out, stderr=self.err, env=env)

    def alive(self):
        return self.p.poll() is None

    @property
    def pid(self):
        return self.p.pid

    def stop(self, sig=signal.SIGINT, timeout=30):
        """Sends sig and returns the exit status (the negative signal number when
        it had to be killed, or 124 when even that did not end it)."""
        if self.p.poll() is None:
            try:
                self.p.send_signal(sig)
            except ProcessLookupError:
                pass
        try:
            rc = self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            try:
                self.p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            rc = 124
        self.out.close()
        if self.err is not subprocess.DEVNULL:
            self.err.close()
        return rc

    def rss_kb(self):
        for line in read("/proc/%d/status" % self.p.pid).splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return None


# Kernel modules and udev.


def start_udev():
    udevd = "/lib/systemd/systemd-udevd" if os.access("/lib/systemd/systemd-udevd", os.X_OK) else "systemd-udevd"
    # Not run(): the daemon would keep a captured stdout pipe open.
    try:
        subprocess.run(
            [udevd, "--daemon"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        print("info: systemd-udevd did not start: %s" % e, flush=True)


# The subsystems of the devices the checks read: V4L2 and media nodes, ALSA cards, the UVC gadget's USB device.
SETTLE_SUBSYSTEMS = ("video4linux", "media", "sound", "usb")
_settled_all = [False]


def settle():
    """Replays `add` and waits for udev's queue to drain. The first call replays every device (those present before
    udevd started); later ones only SETTLE_SUBSYSTEMS: every device added since reached the running udevd by its own
    event, and a replay of all of them (hundreds under TCG: ttys, memory blocks, CPUs) took seconds a call."""
    only = [] if not _settled_all[0] else ["--subsystem-match=" + name for name in SETTLE_SUBSYSTEMS]
    run(["udevadm", "trigger", "--action=add", *only], timeout=60)
    run(["udevadm", "settle", "--timeout=30"], timeout=40)
    _settled_all[0] = True


def modprobe(module, *params):
    return run(["modprobe", module, *params], timeout=60).rc == 0


def rmmod(module, tries=5):
    """Unloads module; when it is still in use (udev's probes may hold a node just
    after a load), settles and tries again, a bounded number of times."""
    for attempt in range(tries):
        r = run(["rmmod", module], timeout=60)
        if r.rc == 0 or "in use" not in r.err or attempt == tries - 1:
            if r.rc != 0 and "not currently loaded" not in r.err:
                print("info: " + r.err.strip(), flush=True)
            return r.rc == 0
        run(["udevadm", "settle", "--timeout=10"], timeout=20)
        time.sleep(0.5)


def loaded(module):
    """Whether the loadable module is in the kernel (its /sys/module/NAME/initstate)."""
    return os.path.exists("/sys/module/%s/initstate" % module.replace("-", "_"))


# V4L2 nodes as v4l2-ctl sees them.


def v4l2ctl(node, *args, timeout=CMD_TIMEOUT, **kw):
    return run(["v4l2-ctl", "-d", node, *args], timeout=timeout, **kw)


def device_caps(node):
    """The capability lines after 'Device Caps' in v4l2-ctl --info."""
    lines = v4l2ctl(node, "--info").out.splitlines()
    for i, line in enumerate(lines):
        if "Device Caps" in line:
            return [l.strip() for l in lines[i + 1 :]]
    return []


def video_nodes():
    names = [n for n in os.listdir("/dev") if n.startswith("video") and n[5:].isdigit()]
    return ["/dev/" + n for n in sorted(names, key=lambda n: int(n[5:]))]


def capture_nodes():
    return [n for n in video_nodes() if {"Video Capture", "Video Capture Multiplanar"} & set(device_caps(n))]


def first_capture_node():
    nodes = capture_nodes()
    return nodes[0] if nodes else "/dev/video-none"


def is_mplane(node):
    return "Video Capture Multiplanar" in device_caps(node)


def get_ctrl(node, name):
    """A control's value as v4l2-ctl --get-ctrl prints it ('' when unreadable)."""
    r = v4l2ctl(node, "--get-ctrl=" + name)
    return r.out.split(":", 1)[1].strip() if r.rc == 0 and ":" in r.out else ""


def set_ctrl(node, assignment):
    return v4l2ctl(node, "-c", assignment).rc == 0


# vivid as one webcam: one capture node, one webcam input.
WEBCAM = ("n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x0")
