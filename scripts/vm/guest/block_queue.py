"""The guests' shared queue of blocks: two qemu guests (or one) run one suite between them.

Every guest of a run mounts the same result folder (run-vm-suite.sh's OUTDIR, the 9p share `out`,
mounted without a cache) and runs its own checks into OUTDIR/GUEST/. A block is a guest's when that
guest creates OUTDIR/claims/BLOCK with O_CREAT|O_EXCL: 9p2000.L's Tlcreate carries the flag to the
host, where qemu's local backend opens the file with O_EXCL (hw/9pfs/9p.c v9fs_lcreate,
dotl_to_open_flags), so two guests racing for one block are decided by the host kernel, once.

Blocks go longest first (SECONDS, the last clean-clone run's), so that the last ones are short and
the guests end together. A block whose input the host makes while the guests run (INPUTS: the .deb,
the debug build's camprobe-bench) is passed over while it is missing and other blocks remain, then
waited for; after its wait limit it is taken anyway and reports what is missing itself.

After the guests, the host's `suite.py --report OUTDIR` says which guest ran what and fails every
selected block that no guest finished (or that two ran): never a silent skip.
"""

import os
import time
from collections.abc import Callable, Iterable

# Seconds per block, one guest under TCG, from the last clean-clone run of .ci/run (2026-11-29, 2 cores;
# a guest took 1918 s in all). Only the order is taken from them.
SECONDS = {
    "vivid-webcams": 83,
    "vivid-default": 51,
    "vivid-inputs": 94,
    "negotiate": 68,
    "controls": 41,
    "compound-controls": 18,
    "hotplug": 118,
    "monitor-hold": 13,
    "disconnect": 13,
    "loopback": 0,
    "vimc": 31,
    "microphones": 3,
    "alsa-hotplug": 17,
    "audio-negotiate": 10,
    "doctor": 11,
    "stable-names": 14,
    "snapshot": 22,
    "levels": 51,
    "prometheus": 42,
    "instructions": 134,
    "recorder": 205,
    "uvc": 102,
    "uvc-replay": 27,
    "uvc-bandwidth": 219,
    "usb-requests": 109,
    "pipewire": 47,
    "serve": 232,
    "serve-load": 110,
    "deb-install": 33,
}
UNTIMED_SECONDS = 600  # a block not timed yet goes early: it may be long
# Blocks that run only once the host's phases are over (CAMPROBE_QUIET_WAIT), and the file that says they are.
QUIET_BLOCKS = ("serve", "serve-load", "uvc-bandwidth", "uvc")
HOST_DONE = "host-phases.done"
POLL_SECONDS = 2.0
CLAIMS = "claims"


def queue_order(names: Iterable[str]) -> list[str]:
    """NAMES longest first (suite order among equals)."""
    return sorted(names, key=lambda n: -SECONDS.get(n, UNTIMED_SECONDS))


class Input:
    """A file the host makes while the guests run, which a block needs: the block is ready when any of
    PATHS exists (paths in the 9p result folder, which has no cache: the guest sees a new file at once),
    or when LIMIT seconds have passed since the queue started."""

    def __init__(self, paths: list[str], limit: float, what: str) -> None:
        self.paths, self.limit, self.what = paths, limit, what

    def there(self) -> bool:
        return any(os.path.exists(p) for p in self.paths)


def inputs(env: dict[str, str], root: str, guest_path: Callable[[str], str]) -> dict[str, Input]:
    """What the blocks wait for, as scripts/test asks (CAMPROBE_DEB_WAIT, CAMPROBE_BENCH_WAIT, CAMPROBE_QUIET_WAIT:
    seconds).
    deb-install: CAMPROBE_DEB or CAMPROBE_DEB.missing (scripts/test copies it in when test-install.sh is done).
    recorder: ROOT/debug-build.done (scripts/test's word that the debug build, with camprobe-bench, is over);
    never the binary itself: it lies on the cached read-only root, where a guest that looked it up before
    it was built might keep seeing it absent.
    serve, serve-load: ROOT/host-phases.done (scripts/test's word that its build and tests are over)."""
    out = {}
    deb = env.get("CAMPROBE_DEB", "")
    if deb and env.get("CAMPROBE_DEB_WAIT"):
        d = guest_path(deb)
        out["deb-install"] = Input([d, d + ".missing"], float(env["CAMPROBE_DEB_WAIT"]), "the host's .deb")
    if env.get("CAMPROBE_BENCH") and env.get("CAMPROBE_BENCH_WAIT"):
        done = os.path.join(root, "debug-build.done")
        out["recorder"] = Input([done], float(env["CAMPROBE_BENCH_WAIT"]), "the debug build (camprobe-bench)")
    if env.get("CAMPROBE_QUIET_WAIT"):
        # Beside the host's debug build a guest runs at about half speed: headless Chromium missed its 72 s page
        # load there (block serve took 497 s, 232 s after it), and the UVC gadget streaming the C270's alternate
        # settings lost its camera mid-block (uvc-bandwidth: "Cannot open device", 15 modes unread); block uvc's
        # hotplug connects took 49-128 ms there, against its bound of 50 (P27). These wait for scripts/test's word
        # that its phases are over.
        quiet = Input(
            [os.path.join(root, HOST_DONE)], float(env["CAMPROBE_QUIET_WAIT"]), "the host's build and tests to end"
        )
        for name in QUIET_BLOCKS:
            out[name] = quiet
    return out


class Queue:
    """One guest's view of the shared queue in ROOT/claims."""

    def __init__(
        self,
        root: str,
        guest: str,
        names: Iterable[str],
        needs: dict[str, Input] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        say: Callable[[str], None] = print,
    ) -> None:
        self.dir = os.path.join(root, CLAIMS)
        os.makedirs(self.dir, exist_ok=True)
        self.guest, self.order, self.needs = guest, queue_order(names), needs or {}
        self.clock, self.sleep, self.say = clock, sleep, say
        self.t0 = clock()
        self.passed_over: set[str] = set()

    def claimed(self, name: str) -> bool:
        return os.path.exists(os.path.join(self.dir, name))

    def claim(self, name: str) -> bool:
        """True when this guest made the claim (atomic: O_CREAT|O_EXCL); False when another guest had it."""
        try:
            fd = os.open(os.path.join(self.dir, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return False
        try:
            os.write(fd, ("%s %.0f\n" % (self.guest, time.time())).encode())
        finally:
            os.close(fd)
        return True

    def ready(self, name: str) -> bool:
        need = self.needs.get(name)
        if need is None or need.there():
            return True
        waited = self.clock() - self.t0
        if waited < need.limit:
            return False
        self.say("info: queue: %s still has no %s after %.0f s; it runs and says so" % (name, need.what, waited))
        return True

    def next(self) -> str | None:
        """The next block this guest runs (claimed), or None when every block is claimed. Blocks whose
        input is missing are passed over while others remain, then waited for (bounded by their limit)."""
        while True:
            pending = []
            for name in self.order:
                if self.claimed(name):
                    continue
                if not self.ready(name):
                    pending.append(name)
                    if name not in self.passed_over:
                        self.passed_over.add(name)
                        self.say("info: queue: %s waits for %s; passed over" % (name, self.needs[name].what))
                    continue
                if self.claim(name):
                    return name
            if not pending:
                return None
            self.sleep(POLL_SECONDS)
