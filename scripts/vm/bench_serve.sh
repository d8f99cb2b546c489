#!/bin/sh
# camprobe serve's speed in the guest (Reports/benchmarks.md §29), on the shipped build (CAMPROBE, camprobe-serve beside it):
#   - the device page of a replayed Logitech C525 (uvcvideo; 296 modes) and of vivid: the server's own time from its
#     Server-Timing header (reading the device as `show --json`, drawing the page) and the client's whole request, REPS each;
#   - each event's delay from `camprobe monitor --json` printing it to an SSE client reading it, over CYCLES detach/attach
#     cycles of the camera (both readers stamp lines with CLOCK_MONOTONIC as they read them, on threads of their own).
#   scripts/vm/run-guest.sh scripts/vm/bench_serve.sh OUT CAMPROBE=/path/to/camprobe REPS=20 CYCLES=10   # OUT/serve-bench.txt, .json
here=$(cd "$(dirname "$0")" && pwd)
exec > $VM_OUT/serve-bench.txt 2>&1
mount -t tmpfs tmpfs /tmp 2>/dev/null
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add; udevadm settle
modprobe vivid n_devs=1 node_types=0x1 input_types=0x0
cd "$here"
./uvc-gadget up ${CAMERA:-uvc_gadget/cameras/03-logitech-c525-falcons.json} | tail -1
udevadm settle
cd "$here" && python3 - <<'PY'
import json, os, re, subprocess, sys, threading, time, urllib.request
sys.path.insert(0, ".")
from guest import blocks_uvc
from guest.harness import wait_until
out = os.environ["VM_OUT"]
camprobe = os.environ["CAMPROBE"]
serve = os.path.join(os.path.dirname(camprobe), "camprobe-serve")
reps, cycles = int(os.environ.get("REPS", "20")), int(os.environ.get("CYCLES", "10"))
open("/tmp/token", "w").write("bench-token\n")
srv = subprocess.Popen([serve, "--listen", "127.0.0.1:0", "--token-file", "/tmp/token"], stdout=subprocess.PIPE, text=True)
base = re.match(r"camprobe serve: (http://[^/]+)/", srv.stdout.readline()).group(1)
auth = {"Authorization": "Bearer bench-token"}
def get(path):
    t = time.monotonic()
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=auth), timeout=60) as r:
        body = r.read()
        return (time.monotonic() - t) * 1000, r.headers.get("Server-Timing"), body
devices = json.loads(get("/api/devices")[2])["devices"]
def pct(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))] if xs else float("nan")
results = {"pages": {}, "events": {}}
for d in devices:
    if not d["captures"]:
        continue
    modes = sum(len(s["intervals"].get("intervals", [1])) if s["intervals"].get("type") == "discrete" else 1
                for c in d["captures"] for f in c["formats"] for s in f["sizes"])
    path = "/devices/" + urllib.request.quote(d["id"], safe="")
    get(path)  # warm
    rows = []
    for _ in range(reps):
        total, timing, body = get(path)
        t = dict((k, float(v)) for k, v in re.findall(r"(\w+);dur=([\d.]+)", timing))
        rows.append((total, t["read"], t["render"], body.count(b'<tr class="mode"')))
    results["pages"][d["name"]] = {"modes": modes, "rows": rows[0][3], "total": [r[0] for r in rows], "read": [r[1] for r in rows], "render": [r[2] for r in rows]}
    print("%-40s %4d modes (%d rows)  total p50 %.1f p99 %.1f ms  read p50 %.1f  render p50 %.2f p99 %.2f ms" % (
        d["name"][:40], modes, rows[0][3], pct([r[0] for r in rows], .5), pct([r[0] for r in rows], .99),
        pct([r[1] for r in rows], .5), pct([r[2] for r in rows], .5), pct([r[2] for r in rows], .99)), flush=True)
# Events: monitor --json and one SSE client, each line stamped as it is read.
stamps = {"monitor": [], "sse": []}
mon = subprocess.Popen([camprobe, "monitor", "--json"], stdout=subprocess.PIPE, text=True)
def read_monitor():
    for line in mon.stdout:
        try: e = json.loads(line)
        except ValueError: continue
        stamps["monitor"].append((time.monotonic(), e.get("event"), e.get("id")))
def read_sse():
    r = urllib.request.urlopen(urllib.request.Request(base + "/api/events", headers=auth), timeout=600)
    for raw in r:
        line = raw.decode()
        if line.startswith("data: "):
            e = json.loads(line[6:])
            stamps["sse"].append((time.monotonic(), e.get("event"), e.get("id")))
threading.Thread(target=read_monitor, daemon=True).start()
threading.Thread(target=read_sse, daemon=True).start()
time.sleep(3)
plug, unplug = blocks_uvc.usbip_plug("usbip-vudc.0")
for _ in range(cycles):
    unplug(); wait_until(lambda: not blocks_uvc.uvc_nodes(), 30); time.sleep(1)
    plug(); wait_until(lambda: blocks_uvc.uvc_nodes(), 30); time.sleep(4)
time.sleep(3)
delays = {}
used = set()
for t, kind, did in stamps["monitor"]:
    if kind in ("present",):
        continue
    match = next((i for i, (u, k, x) in enumerate(stamps["sse"]) if i not in used and k == kind and x == did and u >= t - 1), None)
    if match is None:
        delays.setdefault(kind, []).append(None); continue
    used.add(match)
    delays.setdefault(kind, []).append((stamps["sse"][match][0] - t) * 1000)
for kind, ds in delays.items():
    got = [d for d in ds if d is not None]
    print("event %-13s %3d by monitor, %3d by SSE: delay p50 %.1f p99 %.1f max %.1f ms" % (kind, len(ds), len(got), pct(got, .5), pct(got, .99), max(got) if got else float("nan")), flush=True)
results["events"] = delays
srv.terminate(); mon.terminate()
print("server exit", srv.wait(timeout=20))
json.dump(results, open(os.path.join(out, "serve-bench.json"), "w"), indent=1)
PY
