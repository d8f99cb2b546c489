"""The recorder benchmark (issue P15), in the guest on vivid, one boot, runs interleaved:
- CPU (user+sys, getrusage of the child) of streaming N frames: camprobe's frames API
  (camprobe-bench --stream-frames N, borrow mode, each frame's bytes touched) against
  `v4l2-ctl --stream-mmap --stream-count=N`, same node, same format;
- time from the last format ioctl (VIDIOC_S_FMT / S_PARM) to the first frame (the first
  successful VIDIOC_DQBUF), read from `strace -ttt` of both, the same way for both:
  camprobe's recorder example (negotiate, lock, apply, frames) against v4l2-ctl setting
  the format and streaming in one command.
Env: BENCH_BIN_DIR (release binaries), BENCH_FRAMES (300), BENCH_RUNS (5). Prints a Markdown table.
"""

import os
import re
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from guest.harness import WEBCAM, first_capture_node, modprobe, run, settle, start_udev  # noqa: E402

FRAMES = int(os.environ.get("BENCH_FRAMES", "300"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
BIN = os.environ.get("BENCH_BIN_DIR", "")
OUT = os.environ.get("VM_OUT", "/tmp")


def cpu_of(cmd):
    """(user+sys seconds of the child, wall seconds, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    p = subprocess.run(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=300, text=True
    )
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, p.returncode, p.stdout


def first_frame_ms(cmd, name):
    """ms from the last VIDIOC_S_FMT/S_PARM to the first successful VIDIOC_DQBUF, from strace -ttt."""
    log = os.path.join(OUT, "strace-%s.txt" % name)
    subprocess.run(
        ["strace", "-f", "--seccomp-bpf", "-ttt", "-e", "trace=ioctl", "-o", log] + cmd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    last_set = first_frame = streamon = None
    for line in open(log, errors="replace"):
        m = re.match(r"\s*(?:\d+\s+)?(\d+\.\d+) ioctl\(\d+, (VIDIOC_\w+)", line)
        if not m:
            continue
        t, req = float(m.group(1)), m.group(2)
        if req in ("VIDIOC_S_FMT", "VIDIOC_S_PARM") and first_frame is None:
            last_set = t
        if req == "VIDIOC_STREAMON" and last_set is not None and streamon is None:
            streamon = t
        if req == "VIDIOC_DQBUF" and "= 0" in line.rsplit(")", 1)[-1] and last_set is not None and first_frame is None:
            first_frame = t
    if last_set is None or first_frame is None or streamon is None:
        return None
    return (first_frame - last_set) * 1000, (streamon - last_set) * 1000


def main():
    start_udev()
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    bench = os.path.join(BIN, "camprobe-bench")
    recorder = os.path.join(BIN, "camprobe-recorder-example")
    fmt = ["--set-fmt-video=width=640,height=360,pixelformat=YUYV", "--set-parm=30"]
    run(["v4l2-ctl", "-d", node] + fmt, timeout=30)
    rows = {"camprobe": [], "v4l2-ctl": []}
    for _ in range(RUNS):
        rows["v4l2-ctl"].append(cpu_of(["v4l2-ctl", "-d", node, "--stream-mmap", "--stream-count=%d" % FRAMES]))
        rows["camprobe"].append(cpu_of([bench, "--stream-frames", str(FRAMES), "--device", node]))
    ttff = {"camprobe": [], "v4l2-ctl": []}
    for i in range(RUNS):
        ttff["v4l2-ctl"].append(
            first_frame_ms(["v4l2-ctl", "-d", node] + fmt + ["--stream-mmap", "--stream-count=5"], "v4l2ctl-%d" % i)
        )
        ttff["camprobe"].append(
            first_frame_ms(
                [
                    recorder,
                    node,
                    "--size",
                    "640x360",
                    "--fps",
                    "30",
                    "--seconds",
                    "0.2",
                    "--no-audio",
                    "--output",
                    os.path.join(OUT, "ttff"),
                ],
                "camprobe-%d" % i,
            )
        )
    print("| what | command | median CPU user+sys (s) | runs (s) | median wall (s) |")
    print("|---|---|---:|---|---:|")
    for name, cmd in (
        ("v4l2-ctl", "v4l2-ctl --stream-mmap --stream-count=%d" % FRAMES),
        ("camprobe", "camprobe-bench --stream-frames %d --device %s" % (FRAMES, node)),
    ):
        cpus = [r[0] for r in rows[name]]
        print(
            "| %d frames YUYV 640x360@30 | `%s` | %.3f | %s | %.2f |"
            % (
                FRAMES,
                cmd,
                statistics.median(cpus),
                " ".join("%.3f" % c for c in cpus),
                statistics.median(r[1] for r in rows[name]),
            )
        )
    ratio = statistics.median(r[0] for r in rows["camprobe"]) / max(
        statistics.median(r[0] for r in rows["v4l2-ctl"]), 1e-9
    )
    print("\nCPU ratio camprobe / v4l2-ctl: %.2f" % ratio)
    streaming = [
        float(m.group(1)) for r in rows["camprobe"] for m in [re.search(r"streaming CPU ([\d.]+) s", r[3])] if m
    ]
    if streaming:
        print(
            "camprobe's streaming part alone (getrusage in the process, from frames() to stop()): median %.3f s (%s); "
            "ratio to v4l2-ctl's whole run: %.2f"
            % (
                statistics.median(streaming),
                " ".join("%.3f" % v for v in streaming),
                statistics.median(streaming) / max(statistics.median(r[0] for r in rows["v4l2-ctl"]), 1e-9),
            )
        )
    phases = [
        tuple(float(x) for x in m.groups())
        for r in rows["camprobe"]
        for m in [re.search(r"CPU before main ([\d.]+) s, discovery ([\d.]+) s, open and lock ([\d.]+) s", r[3])]
        if m
    ]
    if phases:
        print(
            "camprobe's start-up (getrusage in the process), medians: before main (loading) %.3f s, discovery of the one "
            "camera (identity and nodes) %.3f s, open and lock %.3f s"
            % tuple(statistics.median(p[i] for p in phases) for i in range(3))
        )
    print("\n| strace -ttt | last S_FMT/S_PARM → first DQBUF, median (ms) | of which → STREAMON (ms) | runs (ms) |")
    print("|---|---:|---:|---|")
    for name in ("v4l2-ctl", "camprobe"):
        vals = [v for v in ttff[name] if v is not None]
        print(
            "| %s | %s | %s | %s |"
            % (
                name,
                "%.1f" % statistics.median(v[0] for v in vals) if vals else "?",
                "%.1f" % statistics.median(v[1] for v in vals) if vals else "?",
                " ".join("%.1f" % v[0] for v in vals),
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
