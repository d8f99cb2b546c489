"""Guest check (scripts/vm/run-guest.sh): two identical UVC gadgets without a
serial number, instances 0 and 1 of `uvc-gadget`, both on the one vhci-hcd bus.

Brings both up from default.json with --no-serial; prints for each the capture
node, vhci port, USB device, the node's sysfs device, udev's ID_PATH/ID_SERIAL,
the by-id/by-path links and whether the USB device has a serial; streams 5
frames from both at the same time; saves `camprobe list --json` and
`camprobe doctor --json` with both up; detaches and re-attaches instance 1 while
instance 0 keeps streaming; brings instance 0 down while 1 stays up; then
`down --all` and checks nothing is left. Output: stdout and $VM_OUT.
Exit status 0 when every check passed.
"""

import json
import os
import subprocess
import sys
import time

VM = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, VM)
from guest.harness import settle, start_udev  # noqa: E402

OUT = os.environ.get("VM_OUT", "/tmp/check_two")
UG = os.path.join(VM, "uvc-gadget")
CAMPROBE = os.path.realpath(
    os.environ.get("CAMPROBE") or os.path.join(os.path.dirname(os.path.dirname(VM)), ".build-static/release/camprobe")
)
os.makedirs(OUT, exist_ok=True)
LOG = open(os.path.join(OUT, "check_two.log"), "w")
FAILS = []


def say(*a):
    line = " ".join(str(x) for x in a)
    print(line, flush=True)
    LOG.write(line + "\n")
    LOG.flush()


def check(cond, what):
    say(("PASS " if cond else "FAIL ") + what)
    if not cond:
        FAILS.append(what)
    return cond


def sh(argv, timeout=300, env=None):
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout, env=env)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = 124, e.stdout or "", (e.stderr or "") + "\n(timeout)"
        out = out.decode() if isinstance(out, bytes) else out
        err = err.decode() if isinstance(err, bytes) else err
    say("$ %s  -> rc %d (%.1f s)" % (" ".join(argv), rc, time.monotonic() - t0))
    for line in err.strip().splitlines()[-15:]:
        say("   stderr: " + line)
    return rc, out, err


def ug(*args, timeout=300):
    return sh([UG] + list(args), timeout=timeout)


def status(inst):
    rc, out, _ = ug("status", "--instance", str(inst))
    try:
        return json.loads(out)
    except ValueError:
        return {}


def udev_props(node):
    rc, out, _ = sh(["udevadm", "info", "-q", "property", "-n", node], timeout=30)
    props = {}
    for line in out.splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            props[k] = v
    return props


def links_to(node, d):
    out = []
    try:
        names = sorted(os.listdir(d))
    except OSError:
        return out
    for n in names:
        p = os.path.join(d, n)
        if os.path.realpath(p) == os.path.realpath(node):
            out.append(p)
    return out


def describe(inst):
    s = status(inst)
    node = s.get("node")
    info = {
        "instance": inst,
        "node": node,
        "port": s.get("port"),
        "usb_device": s.get("usb_device"),
        "gadget": s.get("gadget"),
        "udc": s.get("udc"),
    }
    if node:
        vn = os.path.basename(node)
        info["sysfs_device"] = os.path.realpath("/sys/class/video4linux/%s/device" % vn)
        props = udev_props(node)
        for k in (
            "ID_PATH",
            "ID_PATH_TAG",
            "ID_SERIAL",
            "ID_SERIAL_SHORT",
            "ID_VENDOR_ID",
            "ID_MODEL_ID",
            "ID_USB_INTERFACE_NUM",
            "ID_V4L_CAPABILITIES",
        ):
            info[k] = props.get(k)
        info["by_id"] = links_to(node, "/dev/v4l/by-id")
        info["by_path"] = links_to(node, "/dev/v4l/by-path")
    dev = s.get("usb_device")
    if dev:
        base = "/sys/bus/usb/devices/" + dev
        info["usb_sysfs"] = os.path.realpath(base)
        for k in ("control", "runtime_status"):
            try:
                info["power_" + k] = open(base + "/power/" + k).read().strip()
            except OSError:
                info["power_" + k] = None
        info["usb_serial_attr"] = open(base + "/serial").read().strip() if os.path.exists(base + "/serial") else None
        try:
            with open(base + "/descriptors", "rb") as f:
                desc = f.read(18)
            info["iSerialNumber"] = desc[16]
            info["iManufacturer"], info["iProduct"] = desc[14], desc[15]
        except OSError as e:
            info["iSerialNumber"] = "unreadable: %s" % e
    return info


def stream_together(nodes, tag):
    """v4l2-ctl --stream-mmap --stream-count=5 on every node at the same time."""
    procs = []
    for i, node in enumerate(nodes):
        path = os.path.join(OUT, "%s-%d.raw" % (tag, i))
        argv = ["v4l2-ctl", "-d", node, "--stream-mmap", "--stream-count=5", "--stream-to=" + path]
        say("$ " + " ".join(argv) + " &")
        procs.append(
            (
                node,
                path,
                subprocess.Popen(
                    argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
                ),
            )
        )
    ok = True
    t0 = time.monotonic()
    for node, path, p in procs:
        try:
            out, _ = p.communicate(timeout=max(5, 180 - (time.monotonic() - t0)))
        except subprocess.TimeoutExpired:
            p.kill()
            out, _ = p.communicate()
            p.returncode = 124
        size = os.path.getsize(path) if os.path.exists(path) else 0
        say("   %s: rc %d, %d bytes, output %r" % (node, p.returncode, size, out.strip()[-200:]))
        ok = check(p.returncode == 0 and size > 0, "%s: 5 frames from %s" % (tag, node)) and ok
    say("   (%.1f s for both)" % (time.monotonic() - t0))
    return ok


def save_camprobe(tag):
    for sub in (["list", "--json"], ["doctor", "--json"]):
        rc, out, err = sh([CAMPROBE] + sub, timeout=120)
        name = "camprobe-%s-%s" % (sub[0], tag)
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            f.write(out)
        with open(os.path.join(OUT, name + ".stderr"), "w") as f:
            f.write(err + "\nexit %d\n" % rc)
        say("   saved %s.json (exit %d, %d bytes)" % (name, rc, len(out)))
        try:
            doc = json.loads(out)
        except ValueError:
            say("   (not JSON)")
            continue
        summarise(sub[0], doc)


def summarise(what, doc):
    """Key lines: the devices' ids, names, nodes (list); problems (doctor)."""

    def walk(x, depth=0):
        if isinstance(x, dict):
            keys = {
                k: x[k]
                for k in (
                    "id",
                    "name",
                    "bus",
                    "serial",
                    "vidpid",
                    "severity",
                    "code",
                    "kind",
                    "title",
                    "message",
                    "summary",
                )
                if k in x and not isinstance(x[k], (dict, list))
            }
            if "id" in keys or "severity" in keys or "code" in keys:
                say("   %s%s: %s" % ("  " * depth, what, json.dumps(keys)))
            for v in x.values():
                walk(v, depth + 1)
        elif isinstance(x, list):
            for v in x:
                walk(v, depth)

    walk(doc)


def leftovers():
    """What is still there: gadget dirs, usbipd, uvc-gadget app processes, vhci ports."""
    left = []
    g = "/sys/kernel/config/usb_gadget"
    if os.path.isdir(g) and os.listdir(g):
        left.append("gadgets: %s" % os.listdir(g))
    for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "usbipd" in cmd.split(" ")[0] or ("uvc-gadget" in cmd and " app " in cmd):
            left.append("process %s: %s" % (pid, cmd.strip()))
    rc, out, _ = sh(["usbip", "port"], timeout=30)
    if "Port" in out and "usbip://" in out:
        left.append("usbip port: " + out.strip())
    for n in sorted(os.listdir("/sys/class/video4linux")) if os.path.isdir("/sys/class/video4linux") else []:
        drv = os.path.basename(os.path.realpath("/sys/class/video4linux/%s/device/driver" % n))
        if drv in ("uvcvideo",) or "usbip-vudc" in os.path.realpath("/sys/class/video4linux/%s/device" % n):
            left.append("node %s (%s)" % (n, drv))
    return left


def usbipd_pids():
    out = []
    for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
        try:
            with open("/proc/%s/comm" % pid) as f:
                if f.read().strip() == "usbipd":
                    out.append(int(pid))
        except OSError:
            pass
    return out


def main():
    say("camprobe: %s" % CAMPROBE)
    start_udev()
    settle()

    # --- both up -------------------------------------------------------------------------
    rc0, out0, _ = ug("up", "--no-serial", timeout=400)
    check(rc0 == 0 and out0.strip().startswith("/dev/video"), "instance 0 up (plain, --no-serial): %r" % out0.strip())
    rc1, out1, _ = ug("up", "--instance", "1", "--no-serial", timeout=400)
    check(rc1 == 0 and out1.strip().startswith("/dev/video"), "instance 1 up: %r" % out1.strip())
    if rc0 or rc1:
        say("app logs:")
        for p in ("/run/uvc-gadget/app.log", "/run/uvc-gadget/1/app.log"):
            if os.path.exists(p):
                say(open(p).read()[-2000:])
        ug("down", "--all")
        return 1
    settle()
    sh(["usbip", "port"])
    rc, out, _ = sh(["usbip", "port"], timeout=30)
    say(out.rstrip())
    rc, out, _ = ug("status", "--all")
    with open(os.path.join(OUT, "status-all.json"), "w") as f:
        f.write(out)
    a, b = describe(0), describe(1)
    for x in (a, b):
        say("instance %d:" % x["instance"])
        for k, v in x.items():
            say("   %-20s %s" % (k, v))
    with open(os.path.join(OUT, "instances.json"), "w") as f:
        json.dump([a, b], f, indent=1)
    check(a["node"] != b["node"], "two distinct capture nodes (%s, %s)" % (a["node"], b["node"]))
    check(
        a["port"] is not None and b["port"] is not None and a["port"] != b["port"],
        "two vhci ports (%s, %s)" % (a["port"], b["port"]),
    )
    check(
        a.get("sysfs_device", "").startswith("/sys/devices/platform/vhci_hcd")
        and b.get("sysfs_device", "").startswith("/sys/devices/platform/vhci_hcd"),
        "both on vhci_hcd",
    )
    check(
        os.path.basename(a.get("sysfs_device", "")).startswith(str(a["usb_device"]) + ":")
        and os.path.basename(b.get("sysfs_device", "")).startswith(str(b["usb_device"]) + ":"),
        "each node belongs to its own vhci USB device (%s, %s)" % (a["usb_device"], b["usb_device"]),
    )
    check(
        a.get("ID_PATH") and b.get("ID_PATH") and a["ID_PATH"] != b["ID_PATH"],
        "distinct ID_PATH (%s, %s)" % (a.get("ID_PATH"), b.get("ID_PATH")),
    )
    check(a.get("ID_SERIAL") == b.get("ID_SERIAL"), "identical ID_SERIAL (%s)" % a.get("ID_SERIAL"))
    check(a.get("ID_SERIAL_SHORT") is None and b.get("ID_SERIAL_SHORT") is None, "no ID_SERIAL_SHORT")
    check(a.get("usb_serial_attr") is None and b.get("usb_serial_attr") is None, "no sysfs serial attribute")
    # Linux 6.1's configfs gadget gives the serial string an index whether or not
    # it was set (configfs_composite_bind), so iSerialNumber is not 0; unset, the
    # gadget stalls the request for that string and the host ends up with no serial.
    say(
        "INFO iSerialNumber in the device descriptors: %s, %s (0 = none; a non-zero index whose string "
        "the device does not give is the same to the host)" % (a.get("iSerialNumber"), b.get("iSerialNumber"))
    )
    for x in (a, b):
        rc, out, _ = sh(["v4l2-ctl", "-d", x["node"], "--info"], timeout=30)
        say("\n".join("   " + line for line in out.splitlines()[:8]))
        check(rc == 0 and "uvcvideo" in out, "%s is uvcvideo" % x["node"])

    # --- both stream at once; camprobe with both up -------------------------------------------
    stream_together([a["node"], b["node"]], "both")
    save_camprobe("both")

    # --- detach / attach instance 1; instance 0 keeps working -------------------------------------
    rc, _, _ = ug("detach", "--instance", "1")
    check(rc == 0, "detach instance 1")
    check(not os.path.exists(b["node"]) or status(1).get("node") is None, "instance 1's node gone (%s)" % b["node"])
    check(os.path.exists(a["node"]), "instance 0's node still there")
    stream_together([a["node"]], "only0")
    rc, out, _ = ug("attach", "--instance", "1")
    node1 = out.strip()
    check(rc == 0 and node1.startswith("/dev/video"), "attach instance 1 again: %s" % node1)
    b2 = describe(1)
    say(
        "instance 1 again: node %s port %s usb %s ID_PATH %s by-id %s by-path %s"
        % (b2["node"], b2["port"], b2["usb_device"], b2.get("ID_PATH"), b2.get("by_id"), b2.get("by_path"))
    )
    check(status(0).get("node") == a["node"], "instance 0 keeps %s" % a["node"])
    # Idle longer than USB autosuspend's 2 s before opening both again.
    time.sleep(5)
    a2 = describe(0)
    check(
        a2["usb_device"] == a["usb_device"] and a2.get("power_runtime_status") == "active",
        "instance 0 still %s, power %s/%s"
        % (a2["usb_device"], a2.get("power_control"), a2.get("power_runtime_status")),
    )
    stream_together([a["node"], node1], "after-reattach")

    # --- instance 0 down while 1 stays up: usbipd stays ------------------------------------------
    before = usbipd_pids()
    rc, _, _ = ug("down")
    check(rc == 0, "plain `down` (instance 0)")
    check(usbipd_pids() and usbipd_pids() == before, "usbipd still serves instance 1 (%s)" % usbipd_pids())
    check(not os.path.exists("/sys/kernel/config/usb_gadget/camprobe-uvc"), "instance 0's gadget removed")
    check(os.path.isdir("/sys/kernel/config/usb_gadget/camprobe-uvc-1"), "instance 1's gadget still there")
    stream_together([node1], "only1")

    # --- all down --------------------------------------------------------------------------------
    rc, _, _ = ug("down", "--all")
    check(rc == 0, "down --all")
    settle()
    left = leftovers()
    check(not left, "nothing left after down --all: %s" % left)
    rc, out, _ = ug("status", "--all")
    check(out.strip() in ("{}", ""), "status --all is empty: %s" % out.strip())
    say("dmesg (tail):")
    rc, out, _ = sh(["dmesg"], timeout=30)
    with open(os.path.join(OUT, "dmesg.txt"), "w") as f:
        f.write(out)
    for line in out.splitlines()[-25:]:
        say("   " + line)
    for p in ("/run/uvc-gadget/app.log", "/run/uvc-gadget/1/app.log"):
        if os.path.exists(p):
            with open(os.path.join(OUT, p.replace("/run/uvc-gadget", "app").replace("/", "_")), "w") as f:
                f.write(open(p).read())
    say("check_two: %d failed" % len(FAILS))
    for f in FAILS:
        say("  FAILED: " + f)
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
