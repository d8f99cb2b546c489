"""Block prometheus: the fleet textfile on real drivers, refereed by Debian's node_exporter and promtool (P13).

`camprobe monitor --textfile DIR --verify-every 10s` runs next to prometheus-node-exporter (textfile
collector on DIR, listening on loopback). Two vivid webcams: promtool check metrics accepts the file,
node_exporter's /metrics serves the camprobe series, the cameras match v4l2-ctl's capture nodes, the
streaming check's fps agrees with v4l2-ctl --get-parm, a camera v4l2-ctl streams from is skipped as busy
(and v4l2-ctl keeps streaming), unloading vivid moves present from 2 to 0 with the disconnect counters,
loading it again moves the connect counters, snd-aloop does the same for
microphones, the USB domain families are declared and vivid (not USB) is in no domain, and SIGTERM leaves only
camprobe.prom behind."""

import os
import re
import shutil
import signal
import urllib.request

from guest.harness import Background, capture_nodes, modprobe, rmmod, run, settle, v4l2ctl, wait_until
from guest.harness import read as read_file

TWO_WEBCAMS = ("n_devs=2", "node_types=0x1,0x1", "num_inputs=1,1", "input_types=0x0,0x0")
LISTEN = "127.0.0.1:9100"
SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$")
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse(text):
    """[(name, {label: value}, float)] of an exposition text, comments skipped."""
    out = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = SAMPLE.match(line)
        if not m:
            raise AssertionError("not an exposition line: %r" % line)
        out.append((m.group(1), dict(LABEL.findall(m.group(2) or "")), float(m.group(3))))
    return out


def series(samples, name, **labels):
    return [(l, v) for n, l, v in samples if n == name and all(l.get(k) == w for k, w in labels.items())]


def value_by_id(samples, name, **labels):
    return {l["id"]: v for l, v in series(samples, name, **labels)}


def scrape():
    try:
        with urllib.request.urlopen("http://%s/metrics" % LISTEN, timeout=10) as r:
            return r.read().decode("utf-8")
    except OSError as e:
        return "# scrape failed: %s\n" % e


def block_prometheus(s):
    exporter = shutil.which("prometheus-node-exporter")
    promtool = shutil.which("promtool")
    s.expect(
        "prometheus-node-exporter and promtool are installed (packages prometheus-node-exporter, prometheus)",
        exporter is not None and promtool is not None,
        "exporter %s, promtool %s" % (exporter, promtool),
    )
    if exporter is None or promtool is None:
        return
    textdir = s.path("prometheus-textfile")
    os.makedirs(textdir, exist_ok=True)
    prom = os.path.join(textdir, "camprobe.prom")
    modprobe("vivid", *TWO_WEBCAMS)
    settle()
    nodes = capture_nodes()
    node_exporter = Background(
        [
            exporter,
            "--web.listen-address=" + LISTEN,
            "--collector.disable-defaults",
            "--collector.textfile",
            "--collector.textfile.directory=" + textdir,
        ],
        s.path("prometheus-node-exporter.out"),
        s.path("prometheus-node-exporter.err"),
    )
    monitor = Background(
        [s.c, "monitor", "--json", "--textfile", textdir, "--verify-every", "10s", "--verify-frames", "10"],
        s.path("prometheus-monitor.jsonl"),
        s.path("prometheus-monitor.err"),
    )
    try:
        present_and_served(s, prom, promtool, nodes)
        verified(s, prom, nodes)
        busy_is_skipped(s, prom, nodes[0] if nodes else "/dev/video0")
        hotplug(s, prom)
        microphone_hotplug(s, prom)
    finally:
        rc = monitor.stop(signal.SIGTERM)
        node_exporter.stop()
    s.expect(
        "SIGTERM ends the monitor with status 0",
        rc == 0,
        "status %s: %s" % (rc, read_file(s.path("prometheus-monitor.err"))[-400:]),
    )
    left = sorted(os.listdir(textdir))
    s.expect(
        "only camprobe.prom is left in the textfile directory (no temporary file)", left == ["camprobe.prom"], left
    )
    r = check_metrics(promtool, prom)
    s.expect(
        "promtool check metrics accepts the final file",
        r.rc == 0 and not r.out.strip() and not r.err.strip(),
        "exit %d: %s %s" % (r.rc, r.out[-300:], r.err[-300:]),
    )
    rmmod("vivid")
    settle()


def check_metrics(promtool, path):
    """promtool check metrics reads the exposition on stdin."""
    return run(["sh", "-c", '"$1" check metrics < "$2"', "promtool", promtool, path], timeout=60)


def vivid_present(text):
    try:
        return value_by_id(parse(text), "camprobe_camera_present")
    except AssertionError:
        return {}


def present_and_served(s, prom, promtool, nodes):
    wait_until(lambda: len([v for v in vivid_present(read_file(prom)).values() if v == 1]) == 2, 30)
    text = read_file(prom)
    r = check_metrics(promtool, prom)
    s.expect(
        "promtool check metrics accepts camprobe.prom",
        r.rc == 0 and not r.out.strip() and not r.err.strip(),
        "exit %d: %s %s" % (r.rc, r.out[-400:], r.err[-400:]),
    )
    samples = parse(text)
    present = value_by_id(samples, "camprobe_camera_present")
    s.expect(
        "camprobe_camera_present is 1 for as many cameras as v4l2-ctl has capture nodes (%d)" % len(nodes),
        sorted(present.values()) == [1.0] * len(nodes) and len(nodes) == 2,
        "%r vs nodes %r" % (present, nodes),
    )
    info = series(samples, "camprobe_camera_info")
    prints = {l["fingerprint"] for l, _ in info}
    s.expect(
        "two identical vivid webcams share one complete capability fingerprint",
        len(info) == 2 and len(prints) == 1 and all(l["complete"] == "true" for l, _ in info),
        info,
    )
    usb_domains(s, text, nodes)
    served = ""
    wait_until(lambda: "camprobe_camera_present{" in scrape(), 20)
    served = scrape()
    try:
        got = value_by_id(parse(served), "camprobe_camera_present")
        errors = [v for _, v in series(parse(served), "node_textfile_scrape_error")]
    except AssertionError as e:
        got, errors = {}, [str(e)]
    s.expect(
        "node_exporter's /metrics serves camprobe_camera_present for both cameras, textfile scrape error 0",
        got == present and errors == [0.0],
        "served %r, node_textfile_scrape_error %r; %s" % (got, errors, served[:300]),
    )


USB_FAMILIES = (
    "camprobe_usb_domain_reserved_seconds",
    "camprobe_usb_domain_load_ratio",
    "camprobe_usb_domain_capacity",
    "camprobe_usb_domain_camera",
    "camprobe_usb_domain_camera_reserved_seconds",
    "camprobe_usb_domain_unfit_wishes",
    "camprobe_usb_domain_unknown_wishes",
    "camprobe_usb_cameras_unread",
)


def usb_domains(s, text, nodes):
    """P24 item 6: the USB bandwidth families are in the file; vivid is a platform device (its nodes' sysfs device is
    not below a USB bus), so it is in no domain, and not counted as a USB camera whose domain could not be read."""
    typed = [f for f in USB_FAMILIES if ("# TYPE %s gauge\n" % f) in text]
    s.expect(
        "the textfile declares the USB domain families (HELP and TYPE, even with no sample)",
        len(typed) == len(USB_FAMILIES),
        sorted(set(USB_FAMILIES) - set(typed)),
    )
    devices = [os.path.realpath("/sys/class/video4linux/%s/device" % os.path.basename(n)) for n in nodes]
    on_usb = [d for d in devices if "/usb" in d]
    samples = parse(text)
    domain_samples = [(n, l) for n, l, _ in samples if n.startswith("camprobe_usb_domain_")]
    unread = [v for _, v in series(samples, "camprobe_usb_cameras_unread")]
    s.expect(
        "vivid's cameras (sysfs %s) are in no USB domain: no camprobe_usb_domain_* sample, camprobe_usb_cameras_unread 0"
        % devices,
        devices and not on_usb and not domain_samples and unread == [0.0],
        "samples %r, unread %r" % (domain_samples[:4], unread),
    )


def verified(s, prom, nodes):
    def both_checked():
        return len(value_by_id(parse(read_file(prom)), "camprobe_camera_verified_fps")) == 2

    wait_until(both_checked, 60)
    samples = parse(read_file(prom))
    fps = value_by_id(samples, "camprobe_camera_verified_fps")
    negotiated = value_by_id(samples, "camprobe_camera_negotiated_fps")
    parm = v4l2ctl(nodes[0], "--get-parm").out if nodes else ""
    m = re.search(r"Frames per second:\s*([0-9.]+)", parm)
    peer = float(m.group(1)) if m else None
    s.expect(
        "--verify-every: both cameras checked; negotiated fps %r equals v4l2-ctl --get-parm's %s"
        % (sorted(negotiated.values()), peer),
        len(fps) == 2 and peer is not None and all(abs(v - peer) < 0.01 for v in negotiated.values()),
        "verified %r, negotiated %r, v4l2-ctl: %s" % (fps, negotiated, parm[-200:]),
    )
    s.expect(
        "--verify-every: delivered fps within 10 %% of the negotiated rate (%r)" % fps,
        fps and all(abs(fps[i] / negotiated[i] - 1) < 0.10 for i in fps if negotiated.get(i)),
        (fps, negotiated),
    )


def busy_is_skipped(s, prom, node):
    streamer = Background(
        ["v4l2-ctl", "-d", node, "--stream-mmap", "--stream-count=0"],
        s.path("prometheus-stream.out"),
        s.path("prometheus-stream.err"),
    )
    try:

        def busy_counted():
            return any(
                v >= 1
                for _, v in series(parse(read_file(prom)), "camprobe_camera_verify_failures_total", reason="busy")
            )

        counted = wait_until(busy_counted, 40)
        alive = streamer.p.poll() is None
        s.expect(
            'a camera v4l2-ctl streams from is skipped as busy (verify_failures_total{reason="busy"}) and v4l2-ctl keeps streaming',
            counted and alive,
            "counted %s, v4l2-ctl running %s: %s" % (counted, alive, read_file(s.path("prometheus-stream.err"))[-200:]),
        )
    finally:
        streamer.stop()


def hotplug(s, prom):
    rmmod("vivid")
    settle()
    gone = wait_until(lambda: sorted(vivid_present(read_file(prom)).values()) == [0.0, 0.0], 30)
    samples = parse(read_file(prom))
    disconnects = value_by_id(samples, "camprobe_camera_disconnects_total")
    s.expect(
        "rmmod vivid: camprobe_camera_present goes from 2 to 0 (kept, not dropped)",
        gone,
        vivid_present(read_file(prom)),
    )
    s.expect(
        "rmmod vivid: camprobe_camera_disconnects_total is 1 for each camera",
        sorted(disconnects.values()) == [1.0, 1.0],
        disconnects,
    )
    served = scrape()
    try:
        got = value_by_id(parse(served), "camprobe_camera_present")
    except AssertionError:
        got = {}
    s.expect("node_exporter's /metrics serves present 0 for both", sorted(got.values()) == [0.0, 0.0], got)
    modprobe("vivid", *TWO_WEBCAMS)
    settle()
    back = wait_until(lambda: sorted(vivid_present(read_file(prom)).values()) == [1.0, 1.0], 30)
    connects = value_by_id(parse(read_file(prom)), "camprobe_camera_connects_total")
    s.expect(
        "modprobe vivid again: present back to 2, camprobe_camera_connects_total 1 for each camera",
        back and sorted(connects.values()) == [1.0, 1.0],
        "present %r, connects %r" % (vivid_present(read_file(prom)), connects),
    )


def microphones(text):
    try:
        return value_by_id(parse(text), "camprobe_microphone_present")
    except AssertionError:
        return {}


def microphone_hotplug(s, prom):
    """snd-aloop (a microphone on its own) unloaded and loaded: its present series goes to 0 and back, counted."""
    aloop = "platform-snd_aloop.0"
    s.expect(
        "snd-aloop is exported as a present microphone",
        microphones(read_file(prom)).get(aloop) == 1.0,
        microphones(read_file(prom)),
    )
    rmmod("snd-aloop")
    settle()
    gone = wait_until(lambda: microphones(read_file(prom)).get(aloop) == 0.0, 30)
    s.expect(
        "rmmod snd-aloop: camprobe_microphone_present goes to 0, disconnects_total 1",
        gone and value_by_id(parse(read_file(prom)), "camprobe_microphone_disconnects_total").get(aloop) == 1.0,
        microphones(read_file(prom)),
    )
    modprobe("snd-aloop")
    settle()
    back = wait_until(lambda: microphones(read_file(prom)).get(aloop) == 1.0, 30)
    s.expect(
        "modprobe snd-aloop: present 1 again, connects_total 1",
        back and value_by_id(parse(read_file(prom)), "camprobe_microphone_connects_total").get(aloop) == 1.0,
        microphones(read_file(prom)),
    )
