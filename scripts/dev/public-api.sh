#!/usr/bin/env bash
# The public types a recorder sees through `import CamProbe`: CamProbe's own and those of the
# modules Sources/CamProbe/Exports.swift re-exports (@_exported), nested types and type aliases
# included, read from the symbol graph (`swift package dump-symbol-graph --minimum-access-level public`).
# Prints the names (sorted), then the count; exits 1 when the count exceeds LIMIT.
#
#   scripts/dev/public-api.sh            (from anywhere in the checkout; builds what the symbol graph needs)
#
# Everything else in the package is `package` access: the CLI, the tests, CamProbeTesting, the benches
# and the examples see it, other packages do not.
set -euo pipefail

# P15 item 6 left 92 types, rounded up to the next 5: discovery (session, filter, events, selector,
# saved profiles), the device and the value types a recorder reads from it, requests and negotiation,
# the configuration lock and what it applied, video frames, microphone buffers, and their errors —
# 20 of the 92 are nested types (the AsyncSequence aliases among them). Raise it only for a type a recorder
# needs; anything else new is `package`.
# P19 item 1 (the PipeWire view in the library) added 11: PipeWireCameras.read, and the values it answers with
# (PipeWireReport and its Status, PipeWireView, PipeWireNode, PipeWireFormat and its SizeRange and RateRange,
# PipeWireClient, PipeWireJoin, PipeWireUnpublished).
# P20 (the recorder's edges) added 15 and removed 4, to 115: AudioBuffers, the microphone's typed sequence, with its
# iterator and the Element/Failure aliases a typed AsyncSequence declares (6), and the same two aliases on
# VideoFrames' iterator (2); CaptureInterruption and its Reason, and FrameStreamEvent (3), the interruptions a
# recorder is told of; MediaCamera, its RateEvidence and MediaPadFormat (3), and PipelineApplied.Mismatch (1),
# a media-controller camera described in public. DeviceDiscovery and its Result, DiscoveryOptions and
# DiscoveryFilter.MediaType (4) left the public API (one discovery API, one MediaType).
# P21 (several cameras together) added 4, to 119: JointPlan with its Camera and Domain, what
# Negotiator.decide(together:) answers (a recorder planning several cameras reads each camera's mode, alternate setting
# and domain load), and ReservationEvidence, how each reservation is known (measured, lower bound, assumed maximum).
# P24 (negotiation that knows the bus) added 11, to 130: the plan typed, as the issue asks (no sentences in the
# data): JointPlan.Give with its Change, Field and Reason (what gave, from → to, why), JointPlan.Move with its Place
# (which move would let every wish fit), JointPlan.Pinned (a camera already streaming, held at its setting) and
# JointPlan.NoMode (why a camera has no mode); JointObjective, the objective a plan names (fair, priority, total);
# and JointPlanning with its Wish, the façade call that reads the bus off the pool, then plans (the pure planner no
# longer reads sysfs). NodeHolder moved from CamProbe to CaptureModel (still public, still one type).
# P26 item 3 (a recorder API without twins) ended at 129: Microphone and MicrophoneError (the microphone's handle and
# its typed error, whose kind is CaptureDeviceError.Kind: no second Kind) and AudioChannelLevel (what
# Microphone.levels answers) added 3; JointPlanning.Wish, the twin of the planner's wish, was folded into JointWish
# (Negotiation: one type, public); AudioBufferStream, AudioLevelMeterError with its Kind, and PCMHolder (4) left the
# public API (a recorder reaches audio through a Microphone; its error carries the NodeHolders and the ALSAError).
LIMIT=129

repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
out=$(swift package dump-symbol-graph --minimum-access-level public 2>&1) || {
    echo "$out" | tail -20 >&2
    echo "public-api: swift package dump-symbol-graph failed" >&2
    exit 2
}
dir=$(echo "$out" | sed -n 's/^Files written to //p' | tail -1)
[ -d "$dir" ] || { echo "public-api: no symbol graph directory in: $out" >&2; exit 2; }

python3 - "$dir" "$repo/Sources/CamProbe/Exports.swift" "$LIMIT" <<'PY'
import json, os, re, sys
directory, exports, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
modules = ["CamProbe"] + re.findall(r"^@_exported\s+import\s+(\w+)", open(exports).read(), re.M)
kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor", "swift.typealias"}
names = {}
for module in modules:
    # MODULE.symbols.json holds its declarations; MODULE@OTHER.symbols.json what it declares in extensions of OTHER's types.
    for f in sorted(os.listdir(directory)):
        if f == module + ".symbols.json" or f.startswith(module + "@"):
            for s in json.load(open(os.path.join(directory, f)))["symbols"]:
                if s["kind"]["identifier"] in kinds and s.get("accessLevel") in ("public", "open"):
                    names[".".join(s["pathComponents"])] = module
    if not os.path.exists(os.path.join(directory, module + ".symbols.json")):
        sys.exit("public-api: no symbol graph for " + module)
for name in sorted(names, key=str.lower):
    print(f"{name}\t{names[name]}")
count = len(names)
print(f"{count} public types through import CamProbe ({', '.join(modules)}); limit {limit}")
if count > limit:
    print(f"public-api: {count} > LIMIT {limit}: make the new types package, or raise LIMIT with a reason", file=sys.stderr)
    sys.exit(1)
PY
