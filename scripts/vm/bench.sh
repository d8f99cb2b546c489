#!/bin/sh
# Side-by-side measurements inside the guest (not assertions): wall time and
# ioctl counts of camprobe vs v4l2-ctl and gst-device-monitor on the same nodes.
#   bench.sh CAMPROBE OUTDIR LABEL     → OUTDIR/bench.md
C=$1; OUT=$2; LABEL=$3; N=${BENCH_RUNS:-10}
node=/dev/video0
md="$OUT/bench.md"
ms() {  # median wall time in ms of N runs of "$@"
    i=0; : > "$OUT/times"
    while [ $i -lt "$N" ]; do
        s=$(date +%s%N); "$@" > /dev/null 2>&1; e=$(date +%s%N)
        echo $(( (e - s) / 1000 )) >> "$OUT/times"; i=$((i + 1))
    done
    sort -n "$OUT/times" | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}
ioctls() { strace -f -c -e trace=ioctl "$@" 2>&1 >/dev/null | awk '$NF=="ioctl"{print $4}' | tail -1; }
setters() { strace -f -e trace=ioctl "$@" 2>&1 >/dev/null | grep -cE "VIDIOC_(S_FMT|TRY_FMT|S_PARM|S_CTRL|S_EXT_CTRLS|S_INPUT)"; }
{
    echo "### Real drivers ($LABEL: vivid n_devs=2 webcam inputs, kernel $(uname -r), qemu TCG, $N runs, median)"
    echo ""
    echo "| command | wall time (ms) | ioctls | state-changing ioctls |"
    echo "|---|---:|---:|---:|"
    echo "| \`camprobe show $node --json\` | $(ms "$C" show $node --json) | $(ioctls "$C" show $node --json) | $(setters "$C" show $node --json) |"
    echo "| \`v4l2-ctl -d $node --list-formats-ext --list-ctrls-menus\` | $(ms v4l2-ctl -d $node --list-formats-ext --list-ctrls-menus) | $(ioctls v4l2-ctl -d $node --list-formats-ext --list-ctrls-menus) | $(setters v4l2-ctl -d $node --list-formats-ext --list-ctrls-menus) |"
    echo "| \`camprobe list --json\` (both instances) | $(ms "$C" list --json) | $(ioctls "$C" list --json) | $(setters "$C" list --json) |"
    echo "| \`gst-device-monitor-1.0 Video/Source\` | $(ms gst-device-monitor-1.0 Video/Source) | $(ioctls gst-device-monitor-1.0 Video/Source) | $(setters gst-device-monitor-1.0 Video/Source) |"
    echo ""
    echo "Produced by \`VM_BENCH=1 CAMPROBE=.build/release/camprobe scripts/vm/run-vm-suite.sh\` (scripts/vm/bench.sh)."
} > "$md"
cat "$md"
