#!/bin/sh
# The real-driver suite, run INSIDE the qemu guest by run-guest.sh (one boot).
# Loads vivid in several shapes plus snd-dummy and snd-aloop, starts udevd, and
# checks camprobe against v4l2-ctl field by field. Prints "PASS name" /
# "FAIL name: why" per check and ends with "vm: N passed, M failed".
#
# Env: CAMPROBE (the built binary, a host path visible in the guest),
#      VM_OUT (result directory, shared back to the host).
set -u
C=${CAMPROBE:?set CAMPROBE to the camprobe binary}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${VM_OUT:-/tmp/vm-out}
mkdir -p "$OUT"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }
check() { name=$1; shift; if "$@" > "$OUT/last.log" 2>&1; then ok "$name"; else bad "$name" "$(head -c 2000 "$OUT/last.log")"; fi; }

start_udev() {
    if [ -x /lib/systemd/systemd-udevd ]; then /lib/systemd/systemd-udevd --daemon 2>/dev/null; else systemd-udevd --daemon 2>/dev/null; fi
}
settle() { udevadm trigger --action=add >/dev/null 2>&1; udevadm settle --timeout=30 >/dev/null 2>&1; }

capture_nodes() {
    for n in /dev/video*; do
        [ -e "$n" ] || continue
        if v4l2-ctl -d "$n" --info 2>/dev/null | awk '/Device Caps/{f=1} f' | grep -qE "^\s+Video Capture( Multiplanar)?$"; then echo "$n"; fi
    done
}

is_mplane() { v4l2-ctl -d "$1" --info 2>/dev/null | awk '/Device Caps/{f=1} f' | grep -q "Video Capture Multiplanar"; }

# The node's state as v4l2-ctl reads it: format, frame interval, input, control
# values (volatile controls change by themselves and are left out).
snapshot() {
    if is_mplane "$1"; then f=--get-fmt-video-mplane; else f=--get-fmt-video; fi
    v4l2-ctl -d "$1" $f --get-parm --get-input --list-ctrls 2>&1 | grep -v volatile
}

parity() {  # parity NODE LABEL
    node=$1; label=$2; base="$OUT/$label-$(basename "$node")"
    $C show "$node" --json > "$base.camprobe.json" 2> "$base.camprobe.err"
    rc=$?
    v4l2-ctl -d "$node" --list-formats-ext > "$base.formats.txt" 2>&1
    v4l2-ctl -d "$node" --list-ctrls-menus > "$base.ctrls.txt" 2>&1
    v4l2-ctl -d "$node" --all > "$base.all.txt" 2>/dev/null
    # v4l2-ctl prints no intervals for stepwise/continuous sizes: ask it for the
    # intervals at both ends of each range (first 8 formats) to referee ours.
    : > "$base.ivals.txt"
    awk '/^\t\[/{f=$2} /Size: (Stepwise|Continuous)/{print f, $3, $5}' "$base.formats.txt" | tr -d "'" | head -8 | while read -r fcc lo hi; do
        for wh in "$lo" "$hi"; do
            echo "== $fcc $wh" >> "$base.ivals.txt"
            v4l2-ctl -d "$node" --list-frameintervals "width=${wh%x*},height=${wh#*x},pixelformat=$fcc" >> "$base.ivals.txt" 2>&1
        done
    done
    if [ $rc -ne 0 ]; then bad "parity $label $node" "camprobe show exited $rc: $(cat "$base.camprobe.err")"; return; fi
    if python3 "$HERE/compare_v4l2ctl.py" "$node" "$base.camprobe.json" "$base.formats.txt" "$base.ctrls.txt" "$base.all.txt" "$base.ivals.txt" > "$base.diff" 2>&1; then
        ok "parity $label $node ($(grep -c "'" "$base.formats.txt") formats, $(grep -c ' 0x' "$base.ctrls.txt") controls)"
    else
        bad "parity $label $node" "$(head -40 "$base.diff")"
    fi
    problems=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['device']; print(len([p for c in d['captures'] if c['path']==sys.argv[2] for p in c['problems'] if p['kind'] != 'no-formats']))" "$base.camprobe.json" "$node")
    [ "$problems" = 0 ] && ok "no problems reported $label $node" || bad "no problems reported $label $node" "$(grep -A3 problems "$base.camprobe.json" | head)"
}

state_unchanged() {  # state_unchanged LABEL
    for n in $(capture_nodes); do snapshot "$n" > "$OUT/$1-$(basename "$n").before"; done
    $C list > /dev/null 2>&1; $C list --json > /dev/null 2>&1
    for n in $(capture_nodes); do $C show "$n" --json > /dev/null 2>&1; $C show "$n" > /dev/null 2>&1; done
    for n in $(capture_nodes); do
        snapshot "$n" > "$OUT/$1-$(basename "$n").after"
        check "state unchanged by list/show $1 $n" diff -u "$OUT/$1-$(basename "$n").before" "$OUT/$1-$(basename "$n").after"
    done
}

# The node's profile, written as JSON and as XML, validates against the
# published schemas and answers 'show' exactly as the live node does.
profile_roundtrip() {  # profile_roundtrip NODE LABEL
    base="$OUT/$2-$(basename "$1")"
    $C show "$1" --json > "$base.live.json" 2>/dev/null
    $C profile "$1" --format json -o "$base.profile.json" 2>/dev/null
    $C profile "$1" --format xml -o "$base.profile.xml" 2>/dev/null
    check "profile of $2 $1 validates (JSON Schema and XSD)" $C profile validate "$base.profile.json" "$base.profile.xml"
    $C show 0 --json --profile "$base.profile.xml" > "$base.from-xml.json" 2>&1
    $C show 0 --json --profile "$base.profile.json" > "$base.from-json.json" 2>&1
    check "show --profile (XML and JSON) answers exactly as the live $2 $1 (volatile control values aside)" python3 - "$base.live.json" "$base.from-xml.json" "$base.from-json.json" <<'PY'
import json, sys
def strip(x, volatile):
    # A volatile control's value (and what semantics derive from it) changes by itself between two reads.
    if isinstance(x, dict):
        if x.get("control") in volatile or x.get("key") in volatile: x.pop("value", None)
        for v in x.values(): strip(v, volatile)
    elif isinstance(x, list):
        for v in x: strip(v, volatile)
def load(p):
    d = json.load(open(p))
    for c in d["device"]["captures"]:
        volatile = {k["key"] for k in c.get("controls") or [] if "volatile" in k["flags"]}
        strip(c.get("controls"), volatile)
        strip(c.get("semantics"), volatile)
    return d
live = load(sys.argv[1])
for other in sys.argv[2:]:
    o = load(other)
    if o != live:
        for key in live["device"]:
            if live["device"][key] != o["device"].get(key): print(other, "differs in device." + key)
        sys.exit(1)
PY
}

grouping() {  # grouping LABEL EXPECTED_DEVICES
    $C list --json > "$OUT/$1-list.json" 2>"$OUT/$1-list.err"
    v4l2-ctl --list-devices > "$OUT/$1-list-devices.txt" 2>/dev/null
    check "list groups nodes like v4l2-ctl --list-devices $1" python3 "$HERE/compare_grouping.py" "$OUT/$1-list.json" "$OUT/$1-list-devices.txt" "$2"
}

echo "vm: $(uname -r), $(v4l2-ctl --version 2>/dev/null | head -1)"
start_udev
modprobe snd-dummy 2>/dev/null; modprobe snd-aloop 2>/dev/null

# A: two webcam-like instances (discrete sizes and intervals).
modprobe vivid n_devs=2 node_types=0x1,0x1 num_inputs=1,1 input_types=0x0,0x0
settle
grouping A 2
ids=$(python3 -c "import json; print(' '.join(d['id'] for d in json.load(open('$OUT/A-list.json'))['devices'] if d['captures']))")
check "two vivid instances get different stable IDs ($ids)" python3 -c "import sys; ids=sys.argv[1].split(); sys.exit(0 if len(ids)==2 and len(set(ids))==2 else 1)" "$ids"
for n in $(capture_nodes); do parity "$n" A; profile_roundtrip "$n" A; done
# The referee must catch a wrong answer: one interval of a real node's JSON changed.
python3 - "$OUT/A-video0.camprobe.json" "$OUT/A-wrong.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["device"]["captures"][0]["formats"][0]["sizes"][0]["intervals"]["intervals"][0]["interval"] = "1/31"
json.dump(d, open(sys.argv[2], "w"))
PY
python3 "$HERE/compare_v4l2ctl.py" /dev/video0 "$OUT/A-wrong.json" "$OUT/A-video0.formats.txt" "$OUT/A-video0.ctrls.txt" "$OUT/A-video0.all.txt" > "$OUT/A-wrong.diff" 2>&1
check "comparator rejects a deliberately wrong interval" grep -q "DIFF /dev/video0 formats\[0\].sizes\[0\].intervals:" "$OUT/A-wrong.diff"
# --emulated opens through libv4l2: its formats must match v4l2-ctl's libv4l2 wrapper (-w).
$C show /dev/video0 --emulated --json > "$OUT/A-emulated.json" 2>&1
v4l2-ctl -w -d /dev/video0 --list-formats-ext > "$OUT/A-emulated.formats.txt" 2>&1
check "--emulated lists libv4l2's formats exactly as v4l2-ctl -w does" python3 "$HERE/compare_v4l2ctl.py" /dev/video0 "$OUT/A-emulated.json" "$OUT/A-emulated.formats.txt" "$OUT/A-video0.ctrls.txt" "$OUT/A-video0.all.txt"
state_unchanged A
[ -n "${VM_BENCH:-}" ] && sh "$HERE/bench.sh" "$C" "$OUT" A
rmmod vivid; settle

# B: the default multi-node instance (capture, output, metadata, vbi, radio, sdr, touch, media).
modprobe vivid
settle
grouping B 1
for n in $(capture_nodes); do parity "$n" B; profile_roundtrip "$n" B; done
state_unchanged B
rmmod vivid; settle

# C: multi-planar with webcam, TV, S-Video and HDMI inputs; formats follow the selected input.
modprobe vivid multiplanar=2 num_inputs=4 input_types=0xe4
settle
node=$(capture_nodes | head -1)
for input in 0 1 2 3; do
    v4l2-ctl -d "$node" --set-input "$input" > /dev/null
    parity "$node" "C-input$input"
    profile_roundtrip "$node" "C-input$input"
    shown=$(python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['device']['captures'][0]; print(c.get('currentInput'))" "$OUT/C-input$input-$(basename "$node").camprobe.json")
    check "show says formats belong to input $input" [ "$shown" = "$input" ]
done
types=$(python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['device']['captures'][0]; print(sorted({s['type'] for f in c['formats'] for s in f['sizes']}))" "$OUT/C-input3-$(basename "$node").camprobe.json")
check "HDMI input gives stepwise sizes ($types)" [ "$types" = "['stepwise']" ]
state_unchanged C
rmmod vivid; settle

# H: negotiation on the real driver: apply agrees with v4l2-ctl, verify measures
# the delivered rate, vivid's fault controls are seen, a second streamer blocks apply.
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
settle
node=$(capture_nodes | head -1)
$C negotiate "$node" --preset medium --json > "$OUT/H-negotiate.json" 2>&1
check "negotiate --preset medium on vivid is VALID (nearest to 640x480 at >= 30 fps)" python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['decision']; sys.exit(0 if d['outcome']=='valid' and d['choice']['fourcc']=='YUYV' else 1)" "$OUT/H-negotiate.json"
$C apply "$node" --size 640x360 --fps 30 --format YUYV --json > "$OUT/H-apply.json" 2> "$OUT/H-apply.err"; arc=$?
v4l2-ctl -d "$node" --get-fmt-video --get-parm > "$OUT/H-after-apply.txt" 2>&1
check "apply sets 640x360 YUYV at 30 fps and v4l2-ctl reads back the same (exit $arc)" python3 - "$OUT/H-apply.json" "$OUT/H-after-apply.txt" <<'PY'
import json, re, sys
a = json.load(open(sys.argv[1]))["applied"]
t = open(sys.argv[2]).read()
wh = re.search(r"Width/Height\s*:\s*(\d+)/(\d+)", t).groups()
pf = re.search(r"Pixel Format\s*:\s*'(\w+)'", t).group(1)
fps = re.search(r"Frames per second:\s*([\d.]+)", t).group(1)
assert (a["after"]["width"], a["after"]["height"]) == (640, 360) and wh == ("640", "360"), (a["after"], wh)
assert a["after"]["fourcc"] == "YUYV" == pf, pf
assert abs(float(fps) - 30) < 0.001 and a["afterInterval"]["interval"] in ("1/30",), (fps, a["afterInterval"])
assert a["adjustments"] == [], a["adjustments"]
PY
$C verify "$node" --size 320x180 --fps 30 --frames 90 --json > "$OUT/H-verify.json" 2> "$OUT/H-verify.err"; vrc=$?
check "verify streams 90 frames at 320x180 and measures 30 fps within 5 % (exit $vrc)" python3 - "$OUT/H-verify.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["stream"]
print("delivered", s.get("deliveredFPS"), "jitter ms", s.get("jitterMilliseconds"), "dropped", s["framesDropped"], "first frame ms", s.get("timeToFirstFrameMilliseconds"))
assert s["framesReceived"] == 90
assert abs(s["deliveredFPS"] / 30 - 1) < 0.05, s["deliveredFPS"]
assert d["verdict"] in ("ok", "drops"), d["verdict"]
PY
v4l2-ctl -d "$node" -c percentage_of_dropped_buffers=20 > /dev/null 2>&1
$C verify "$node" --size 320x180 --fps 30 --frames 150 --json > "$OUT/H-drops.json" 2> "$OUT/H-drops.err"; drc=$?
v4l2-ctl -d "$node" -c percentage_of_dropped_buffers=0 > /dev/null 2>&1
check "with percentage_of_dropped_buffers=20 verify reports about 20 % dropped and exits 3 (exit $drc)" python3 - "$OUT/H-drops.json" "$drc" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["dropRatio"]
print("drop ratio", r, "dropped", d["stream"]["framesDropped"], "verdict", d["verdict"])
assert 0.10 <= r <= 0.30, r
assert d["verdict"] in ("drops", "shortfall") and sys.argv[2] == "3"
PY
v4l2-ctl -d "$node" -c inject_vidioc_streamon_error=1 > /dev/null 2>&1
$C verify "$node" --size 320x180 --fps 30 --frames 10 > "$OUT/H-streamon.txt" 2> "$OUT/H-streamon.err"; src=$?
check "an injected VIDIOC_STREAMON error gives a clear error, exit 1 ($(head -c 200 "$OUT/H-streamon.err" | tr '\n' ' '))" sh -c "[ $src -eq 1 ] && grep -q 'VIDIOC_STREAMON' '$OUT/H-streamon.err'"
v4l2-ctl -d "$node" --set-fmt-video=width=320,height=180,pixelformat=YUYV > /dev/null 2>&1
v4l2-ctl -d "$node" --stream-mmap --stream-count=600 > /dev/null 2>&1 &
spid=$!
sleep 2
$C apply "$node" --size 640x360 --fps 30 > "$OUT/H-busy.txt" 2> "$OUT/H-busy.err"; brc=$?
kill $spid 2>/dev/null; wait $spid 2>/dev/null
check "apply while another process streams fails cleanly, exit 1 ($(head -c 200 "$OUT/H-busy.err" | tr '\n' ' '))" sh -c "[ $brc -eq 1 ] && grep -qE 'streaming in another process|record priority' '$OUT/H-busy.err'"
$C verify "$node" --size 320x180 --fps 30 --frames 30 > /dev/null 2>&1
check "after the other streamer stops, verify works again" [ $? -eq 0 ]
rmmod vivid; settle
# Information only: vivid's reduced_framerate on its HDMI input (the rate becomes N/1.001).
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x3 2>/dev/null && settle && {
    node=$(capture_nodes | head -1)
    v4l2-ctl -d "$node" -c reduced_framerate=1 > /dev/null 2>&1
    $C verify "$node" --preset 640x480 --frames 30 --json > "$OUT/H-reduced.json" 2>&1
    echo "info: reduced_framerate=1 on HDMI: $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=d['stream']; print('negotiated', d['decision']['choice']['frameInterval'], 'delivered', s.get('deliveredFPS'), 'rateError', d.get('rateError'), 'verdict', d['verdict'])" "$OUT/H-reduced.json" 2>&1 | head -c 400)"
    rmmod vivid; settle
}

# I: controls on the real driver: semantics, gain_automatic/gain coupling (and its
# events), mirroring, and a saved profile restored after the driver is reloaded.
export XDG_CONFIG_HOME="$OUT/xdg"
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
settle
node=$(capture_nodes | head -1)
$C ctl "$node" --json > "$OUT/I-state.json" 2>&1
check "ctl: vivid's mirroring (horizontal_flip) and gain are reported as capture features" python3 - "$OUT/I-state.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["semantics"]
assert s["mirroring"]["supported"] and s["mirroring"]["range"]["control"] == "horizontal_flip", s["mirroring"]
assert s["exposure"]["gain"]["control"] == "gain", s["exposure"]
assert not s["torch"]["available"] and s["position"] == "unspecified"
PY
v4l2-ctl -d "$node" -c gain_automatic=0 > /dev/null 2>&1
$C monitor --controls --json > "$OUT/I-events.jsonl" 2> "$OUT/I-events.err" &
cpid=$!
sleep 2
$C ctl "$node" gain_automatic=1 > "$OUT/I-auto.txt" 2>&1
sleep 1
$C ctl "$node" gain=100 > "$OUT/I-refused.txt" 2>&1; rrc=$?
check "ctl refuses gain while gain_automatic is on, naming the switch, and changes nothing (exit $rrc)" sh -c "[ $rrc -eq 1 ] && grep -q 'inactive while gain_automatic is on' '$OUT/I-refused.txt' && v4l2-ctl -d '$node' --get-ctrl=gain_automatic | grep -q ': 1'"
$C ctl "$node" gain_automatic=0 gain=100 > "$OUT/I-manual.txt" 2>&1
check "ctl gain_automatic=0 gain=100 applies both in order; v4l2-ctl reads gain 100" sh -c "v4l2-ctl -d '$node' --get-ctrl=gain | grep -q 'gain: 100' && grep -q 'gain_automatic: 1 → 0' '$OUT/I-manual.txt'"
$C ctl "$node" mirror=on > "$OUT/I-mirror.txt" 2>&1
check "ctl mirror=on sets horizontal_flip (v4l2-ctl agrees)" sh -c "v4l2-ctl -d '$node' --get-ctrl=horizontal_flip | grep -q ': 1'"
sleep 1
kill -INT $cpid; wait $cpid
check "monitor --controls reports gain becoming inactive when gain_automatic turns on, and the value changes" python3 - "$OUT/I-events.jsonl" <<'PY'
import json, sys
ev = [json.loads(l)["control"] for l in open(sys.argv[1]) if '"event":"control"' in l]
gain_inactive = [e for e in ev if e["control"] == "gain" and "flags" in e["changes"] and "inactive" in e["flags"]]
auto_on = [e for e in ev if e["control"] == "gain_automatic" and e["value"] == 1]
flip = [e for e in ev if e["control"] == "horizontal_flip" and e["value"] == 1]
print(len(ev), "events")
assert gain_inactive and auto_on and flip, (gain_inactive[:1], auto_on[:1], flip[:1], ev[:5])
PY
$C ctl "$node" brightness=200 > /dev/null 2>&1
$C ctl "$node" --save vmtest > "$OUT/I-save.txt" 2>&1
rmmod vivid; settle
$C monitor --json --restore vmtest > "$OUT/I-restore.jsonl" 2> "$OUT/I-restore.err" &
rpid=$!
sleep 2
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
i=0; while ! grep -q '"event":"restored"' "$OUT/I-restore.jsonl" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $rpid; wait $rpid
node=$(capture_nodes | head -1)
check "saved controls come back after rmmod/modprobe through monitor --restore ($(grep restored "$OUT/I-restore.jsonl" | head -c 160))" sh -c \
    "grep -q '\"event\":\"restored\"' '$OUT/I-restore.jsonl' && v4l2-ctl -d '$node' --get-ctrl=brightness | grep -q ': 200' && v4l2-ctl -d '$node' --get-ctrl=horizontal_flip | grep -q ': 1' && v4l2-ctl -d '$node' --get-ctrl=gain | grep -q ': 100'"
rmmod vivid; settle
unset XDG_CONFIG_HOME

# D: hotplug. One connected and one disconnected per physical device, over many
# load/unload cycles, with nothing lost and memory flat.
CYCLES=${HOTPLUG_CYCLES:-100}
$C monitor --json --stats --settle 200 > "$OUT/monitor.jsonl" 2> "$OUT/monitor.err" &
mpid=$!
sleep 2
count() { grep -c "\"event\":\"$1\"" "$OUT/monitor.jsonl"; }
wait_count() { i=0; while [ "$(count "$1")" -lt "$2" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done; }
rss() { awk '/^VmRSS/{print $2}' "/proc/$mpid/status" 2>/dev/null; }
t0=$(date +%s)
c=1
while [ $c -le "$CYCLES" ]; do
    modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
    wait_count connected $c
    rmmod vivid
    wait_count disconnected $c
    [ $c -eq 1 ] && rss1=$(rss)
    [ $c -eq 10 ] && rss10=$(rss)
    c=$((c + 1))
done
rssN=$(rss)
rss10=${rss10:-${rss1:-0}}
t1=$(date +%s)
kill -INT $mpid; wait $mpid; mrc=$?
echo "hotplug: $CYCLES cycles in $((t1 - t0)) s; monitor RSS $rss10 kB after 10 cycles, $rssN kB after $CYCLES"
cat "$OUT/monitor.err"
echo "| vivid load/unload cycles | $CYCLES | $(count connected) connected | $(count disconnected) disconnected | RSS $rss10 kB → $rssN kB |" > "$OUT/hotplug.md"
check "monitor: exactly $CYCLES connected events for $CYCLES loads" [ "$(count connected)" -eq "$CYCLES" ]
check "monitor: exactly $CYCLES disconnected events for $CYCLES unloads" [ "$(count disconnected)" -eq "$CYCLES" ]
check "monitor: every event names the same stable ID with its nodes" python3 - "$OUT/monitor.jsonl" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
lines = [l for l in lines if l["event"] != "present"]  # the microphones present at start
ids = {l["id"] for l in lines}
assert ids == {"platform-vivid-000"}, ids
for l in lines:
    if l["event"] == "connected":
        roles = sorted(n["role"] for n in l["device"]["nodes"])
        assert roles == ["capture", "media"], roles
        assert l["device"]["captures"][0]["formats"], "capabilities not read"
kinds = [l["event"] for l in lines]
assert all(kinds[i] == ("connected" if i % 2 == 0 else "disconnected") for i in range(len(kinds))), kinds[:10]
PY
check "monitor exits cleanly on SIGINT" [ "$mrc" -eq 0 ]
check "monitor memory is flat over the cycles (< 2 MiB growth after warm-up)" [ $((rssN - rss10)) -lt 2048 ]

# E1: a holder. monitor --hold keeps the camera open and reads its format every
# 250 ms, as a recorder would; vivid's 'disconnect' control cuts it off with no
# uevent. The holder must get a clear 'disconnected' error, the registry must
# announce exactly one disconnect, and when the holder lets go (vivid comes back
# once its last user closes) one new connection of the same ID.
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
settle
node=$(capture_nodes | head -1)
$C monitor --json --hold "$node" --settle 200 > "$OUT/hold.jsonl" 2> "$OUT/hold.err" &
hpid=$!
i=0; while ! grep -q '"event":"present","id":"platform-vivid-000"' "$OUT/hold.jsonl" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
v4l2-ctl -d "$node" -c disconnect=1 > "$OUT/hold-disconnect.txt" 2>&1
i=0; while ! grep -q '"event":"connected"' "$OUT/hold.jsonl" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $hpid; wait $hpid; hrc=$?
check "holder of a disconnected camera gets a clear error, one disconnect, then one reconnect (exit $hrc)" python3 - "$OUT/hold.jsonl" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ev = [(l["event"], l["id"]) for l in lines if l["event"] != "present"]
assert ev == [("holder-error", "platform-vivid-000"), ("disconnected", "platform-vivid-000"), ("connected", "platform-vivid-000")] or \
       ev == [("disconnected", "platform-vivid-000"), ("holder-error", "platform-vivid-000"), ("connected", "platform-vivid-000")], ev
h = [l for l in lines if l["event"] == "holder-error"][0]
assert h["kind"] == "disconnected" and "was disconnected while held open" in h["message"] and "ENODEV" in h["message"], h
print(h["message"])
PY
check "monitor --hold exits cleanly on SIGINT" [ "$hrc" -eq 0 ]
rmmod vivid; settle

# E: vivid's own 'disconnect' control: while a handle is held (here by the
# shell), the device behaves as unplugged (every new open and ioctl fails with
# ENODEV) until the last handle closes. camprobe must give a clear error, no
# half device, no crash, no hang. (vivid sends no uevent for this, so there is
# no hotplug event to report.)
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
settle
node=$(capture_nodes | head -1)
exec 3< "$node"
v4l2-ctl -d "$node" -c disconnect=1 > /dev/null 2>&1
timeout 60 $C show "$node" > "$OUT/disconnect-show.txt" 2> "$OUT/disconnect-show.err"; src=$?
timeout 60 $C list --json > "$OUT/disconnect-list.json" 2> "$OUT/disconnect-list.err"; lrc=$?
exec 3<&-
check "show of a disconnected device exits 1 with a clear error ($(head -c 160 "$OUT/disconnect-show.err" | tr '\n' ' '))" sh -c "[ $src -eq 1 ] && grep -qE 'camprobe: error: .*(went away|vanished)' '$OUT/disconnect-show.err'"
check "list during the disconnect shows no half device (exit $lrc)" python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['devices']; sys.exit(0 if all(c['formats'] for x in d for c in x['captures']) else 1)" "$OUT/disconnect-list.json"
settle
check "after the holder closes, the device is back and readable" sh -c "$C show '$node' > /dev/null"
rmmod vivid 2>/dev/null

# Optional: v4l2loopback (only where the module was built). Before a producer
# attaches it offers no formats; camprobe must agree with v4l2-ctl and say why.
if modprobe v4l2loopback devices=1 video_nr=20 exclusive_caps=0 max_width=4096 max_height=2160 2>/dev/null; then
    settle
    for n in $(capture_nodes); do parity "$n" L; done
    rmmod v4l2loopback
fi

# F: microphones. snd-dummy and snd-aloop are ALSA capture cards with no camera:
# each is a microphone device of its own, whose ranges agree with arecord's.
check "snd-dummy and snd-aloop capture devices exist" sh -c 'arecord -l | grep -q Dummy && arecord -l | grep -q Loopback'
$C list --json > "$OUT/F-list.json" 2> "$OUT/F-list.err"
$C list > "$OUT/F-list.txt" 2>&1
for card in Dummy Loopback; do
    timeout 20 arecord -D "hw:CARD=$card,DEV=0" --dump-hw-params -d 1 -f S16_LE -c 1 -r 44100 /dev/null > "$OUT/F-$card.hw.txt" 2>&1
    check "microphone $card: formats, channels and rates as arecord --dump-hw-params says" python3 - "$OUT/F-list.json" "$OUT/F-$card.hw.txt" "$card" <<'PY'
import json, re, sys
devices = json.load(open(sys.argv[1]))["devices"]
text, card = open(sys.argv[2]).read(), sys.argv[3]
mics = [d for d in devices if not d["captures"] and any(a["cardID"] == card for a in d["audio"])]
assert len(mics) == 1, [d["id"] for d in devices]
pcm = [p for a in mics[0]["audio"] if a["cardID"] == card for p in a["pcms"] if p["device"] == 0][0]
fmts = re.search(r"^FORMAT:\s+(.*)$", text, re.M).group(1).split()
ch = [int(x) for x in re.search(r"^CHANNELS:\s+\[?(\d+)\s*(\d+)?", text, re.M).groups() if x]
rate = [int(x) for x in re.search(r"^RATE:\s+\[?(\d+)\s*(\d+)?", text, re.M).groups() if x]
tested = ["S8", "U8", "S16_LE", "S16_BE", "S24_LE", "S24_3LE", "S32_LE", "FLOAT_LE", "MU_LAW", "A_LAW"]
want = [f for f in tested if f in fmts]
assert pcm["formats"] == want, (pcm["formats"], want)
assert [pcm["minChannels"], pcm["maxChannels"]] == [ch[0], ch[-1]], (pcm["minChannels"], pcm["maxChannels"], ch)
assert [pcm["minRate"], pcm["maxRate"]] == [rate[0], min(rate[-1], 768000)], (pcm["minRate"], pcm["maxRate"], rate)
print(mics[0]["id"], pcm["alsaName"], pcm["formats"], ch, rate)
PY
done
check "list shows the microphones by name with their ranges" sh -c "grep -q 'platform-snd_dummy.0 .*Dummy' '$OUT/F-list.txt' && grep -q 'hw:CARD=Loopback,DEV=0 S16_LE' '$OUT/F-list.txt'"

# G: microphone hotplug: snd-aloop load/unload cycles give exactly one connected
# and one disconnected each (a card is 6 nodes plus a change event), with the
# settle window measured.
ACYCLES=${ALSA_CYCLES:-20}
$C monitor --json --stats --settle 200 > "$OUT/aloop.jsonl" 2> "$OUT/aloop.err" &
apid=$!
sleep 2
rmmod snd-aloop
acount() { grep -c "\"event\":\"$1\",\"id\":\"platform-snd_aloop.0\"" "$OUT/aloop.jsonl"; }
wait_acount() { i=0; while [ "$(acount "$1")" -lt "$2" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done; }
wait_acount disconnected 1
c=1
while [ $c -le "$ACYCLES" ]; do
    modprobe snd-aloop
    wait_acount connected $c
    rmmod snd-aloop
    wait_acount disconnected $((c + 1))
    c=$((c + 1))
done
kill -INT $apid; wait $apid
cat "$OUT/aloop.err"
check "monitor: snd-aloop gives exactly one connected per load ($ACYCLES) and one disconnected per unload ($((ACYCLES + 1)))" \
    sh -c "[ $(acount connected) -eq $ACYCLES ] && [ $(acount disconnected) -eq $((ACYCLES + 1)) ]"
check "monitor: the microphone's connected events carry its capture PCMs" python3 - "$OUT/aloop.jsonl" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
conn = [l for l in lines if l["event"] == "connected"]
assert conn and all(l["id"] == "platform-snd_aloop.0" for l in conn), [l["id"] for l in conn]
for l in conn:
    a = l["device"]["audio"]
    assert len(a) == 1 and a[0]["cardID"] == "Loopback" and [p["device"] for p in a[0]["pcms"]] == [0, 1], a
    assert [n["role"] for n in l["device"]["nodes"]] == ["audio"], l["device"]["nodes"]
others = [l for l in lines if l["event"] in ("connected", "disconnected") and l["id"] != "platform-snd_aloop.0"]
assert not others, others
PY
echo "| snd-aloop load/unload cycles | $ACYCLES | $(acount connected) connected | $(acount disconnected) disconnected | $(tail -1 "$OUT/aloop.err" | sed 's/.*stats: //') |" >> "$OUT/hotplug.md"

echo "vm: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
