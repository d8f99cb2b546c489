#!/usr/bin/env bash
# Checks the recorder example's container writers (Examples/Recorder/{FileSink,Y4MWriter,AVIWriter,WAVWriter}.swift)
# without building the whole package: a scratch SwiftPM package compiles just those files with
# scripts/dev/recorder-writers-check.swift as main, writes .y4m/.avi/.wav files, and ffprobe/ffmpeg read them back;
# then it writes all three at 25 frames/s, kills the writer with SIGKILL, and checks that ffprobe reads every
# frame it had written (and, with each file cut 1000 bytes into its last frame, all but that frame, no error).
#
#   scripts/dev/check-recorder-writers.sh [WORKDIR]     (needs swift, ffmpeg and ffprobe; default WORKDIR: a mktemp dir)
#
# Exit status 0 when every check passes.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d /tmp/recorder-writers.XXXXXX)}
for tool in swift ffmpeg ffprobe python3; do
    command -v "$tool" >/dev/null || { echo "check-recorder-writers: $tool not found (apt-get install ffmpeg)" >&2; exit 2; }
done

pkg=$work/pkg
out=$work/out
mkdir -p "$pkg/Sources/Check" "$out"
rm -f "$out"/*
for f in FileSink Y4MWriter AVIWriter WAVWriter; do
    ln -sf "$repo/Examples/Recorder/$f.swift" "$pkg/Sources/Check/$f.swift"
done
ln -sf "$repo/scripts/dev/recorder-writers-check.swift" "$pkg/Sources/Check/main.swift"
cat >"$pkg/Package.swift" <<'EOF'
// swift-tools-version: 6.0
import PackageDescription

// The recorder example's settings (Package.swift's `strict`), Swift 6 language mode.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
let package = Package(
    name: "recorder-writers-check",
    targets: [.executableTarget(name: "recorder-writers-check", path: "Sources/Check", swiftSettings: strict)]
)
EOF

echo "== build (scratch package in $pkg)"
(cd "$pkg" && nice -n 10 swift build 2>&1 | tail -3)

echo "== write"
ffmpeg -v error -y -f lavfi -i testsrc=size=640x480 -frames:v 1 "$work/x.jpg"
"$pkg/.build/debug/recorder-writers-check" "$out" "$work/x.jpg"

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# probe FILE: ffprobe's JSON for the first stream, printed, and kept in $probe.
probe() {
    probe=$(ffprobe -v error -count_frames -show_entries stream=nb_read_frames,r_frame_rate,codec_name,width,height,channels,sample_rate,duration \
        -of json "$1")
    echo "$probe"
}
field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])["streams"][0].get(sys.argv[2], ""))' "$probe" "$2"; }
decodes() {
    local errors
    errors=$(ffmpeg -v error -i "$1" -f null - 2>&1) || fail "$1: ffmpeg exited non-zero"
    [ -z "$errors" ] || fail "$1: ffmpeg -f null printed: $errors"
}
video() {  # video FILE FRAMES RATE CODEC WIDTH HEIGHT
    echo "== $(basename "$1")"
    probe "$1"
    [ "$(field x nb_read_frames)" = "$2" ] || fail "$1: nb_read_frames $(field x nb_read_frames), expected $2"
    [ "$(field x r_frame_rate)" = "$3" ] || fail "$1: r_frame_rate $(field x r_frame_rate), expected $3"
    [ "$(field x codec_name)" = "$4" ] || fail "$1: codec $(field x codec_name), expected $4"
    [ "$(field x width)x$(field x height)" = "$5x$6" ] || fail "$1: size $(field x width)x$(field x height), expected $5x$6"
    decodes "$1"
}
audio() {  # audio FILE CHANNELS RATE DURATION
    echo "== $(basename "$1")"
    probe "$1"
    [ "$(field x channels)" = "$2" ] || fail "$1: channels $(field x channels), expected $2"
    [ "$(field x sample_rate)" = "$3" ] || fail "$1: sample_rate $(field x sample_rate), expected $3"
    [ "$(field x duration)" = "$4" ] || fail "$1: duration $(field x duration), expected $4"
    decodes "$1"
}

video "$out/yuyv.y4m" 125 25/1 rawvideo 640 480
video "$out/mjpeg.avi" 125 25/1 mjpeg 640 480
video "$out/short.avi" 3 25/1 mjpeg 640 480
video "$out/error.avi" 8 30000/1001 mjpeg 640 480
video "$out/uyvy.y4m" 10 30000/1001 rawvideo 64 48
video "$out/grey.y4m" 10 25/1 rawvideo 63 47
video "$out/nv12.y4m" 10 25/1 rawvideo 64 48
video "$out/yu12.y4m" 10 25/1 rawvideo 64 48
audio "$out/sine.wav" 2 48000 2.000000
for f in s32_le-2ch float_le-1ch s24_le-2ch s24_3le-2ch u8-1ch s16_le-6ch; do
    channels=${f##*-}
    audio "$out/$f.wav" "${channels%ch}" 44100 0.500023
done
echo "== y4m headers, and frame 0 read back by ffmpeg in the input layout = the bytes appended"
for pair in yuyv:yuyv422 uyvy:uyvy422 grey:gray nv12:nv12 yu12:yuv420p; do
    f=${pair%%:*}
    head -c 60 "$out/$f.y4m" | head -1
    got=$(ffmpeg -v error -i "$out/$f.y4m" -frames:v 1 -f rawvideo -pix_fmt "${pair#*:}" - | md5sum | cut -d' ' -f1)
    want=$(md5sum <"$out/$f-0.raw" | cut -d' ' -f1)
    [ "$got" = "$want" ] && echo "  frame 0 round trip ($f -> ${pair#*:}): identical" || fail "$f.y4m: frame 0 read back as ${pair#*:} differs from the input"
done

echo "== killed: y4m, avi and wav written side by side at 25 frames/s, SIGKILL after about 3 s"
"$pkg/.build/debug/recorder-writers-check" --until-killed "$out" "$work/x.jpg" >"$out/killed.out" &
writer=$!
sleep 3.1
kill -9 "$writer"
wait "$writer" 2>/dev/null || true
written=$(grep -c '^written ' "$out/killed.out" || true)
echo "  the writer had printed 'written $written' when it was killed"
# count FILE: frames (packets for audio) ffprobe reads, with no error printed.
count() {
    local n errors
    n=$(ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$1" 2>"$out/count.err")
    errors=$(cat "$out/count.err")
    [ -z "$errors" ] || fail "$1: ffprobe printed: $errors"
    echo "$n"
}
[ "$written" -ge 60 ] || fail "the writer wrote only $written frames in 3 s"
for f in killed.y4m killed.avi; do
    n=$(count "$out/$f")
    echo "  $f: ffprobe reads $n frames (written: $written)"
    [ "$n" -ge "$written" ] && [ "$n" -le $((written + 1)) ] || fail "$f: ffprobe reads $n frames, $written were written"
done
seconds=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$out/killed.wav")
echo "  killed.wav: ffprobe reads $seconds s (written: $written x 40 ms)"
python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= int(sys.argv[2]) * 0.04 - 1e-6 else 1)' "$seconds" "$written" ||
    fail "killed.wav: $seconds s, $written x 40 ms were written"
echo "== killed mid-write: half a frame after the last whole one (y4m: FRAME and half a picture; avi: a 00dc chunk"
echo "   header and half a JPEG), as a kill during the frame's write(2) leaves it, before the avi's header rewrite"
python3 - "$out" "$work/x.jpg" <<'PY'
import struct, sys
out, jpeg = sys.argv[1], open(sys.argv[2], "rb").read()
y4m = open(out + "/killed.y4m", "rb").read()
open(out + "/half-killed.y4m", "wb").write(y4m + b"FRAME\n" + b"\x80" * (320 * 180))
avi = open(out + "/killed.avi", "rb").read()
open(out + "/half-killed.avi", "wb").write(avi + b"00dc" + struct.pack("<I", len(jpeg)) + jpeg[:len(jpeg) // 2])
PY
for f in killed.y4m killed.avi; do
    n=$(count "$out/$f")
    m=$(count "$out/half-$f")
    echo "  half-$f: ffprobe reads $m frames (of $n whole)"
    [ "$m" -eq "$n" ] || fail "half-$f: ffprobe reads $m frames, expected the $n whole ones"
    decodes "$out/half-$f"
done

if [ "$failures" -ne 0 ]; then
    echo "check-recorder-writers: $failures failure(s)" >&2
    exit 1
fi
echo "check-recorder-writers: all checks passed ($out)"
