#!/bin/bash
# Regenerates the shipped profiles after a model change (semantics, encodings): the ones from devices by show --profile,
# the imported ones by importing their fixtures again.
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$(dirname "$0")/../.."
B=.build/debug/camprobe; T=Tests/Fixtures/v4l2-ctl
for n in c525 camlink-4k emeet-s800 arducam-0c45-6366 vivid-default vivid-multiplanar-hdmi vivid-webcam vimc-sensor-a; do $B show --profile Profiles/$n.json --json > /tmp/p.json && mv /tmp/p.json Profiles/$n.json; done
# The Arducam and Cam Link dumps hold no controls: their fakes list none, which is not the cameras' truth, so the
# profiles say the controls were not read (null) and claim no capture features.
for n in arducam-0c45-6366 camlink-4k; do
    python3 -c 'import json,sys,collections; p=sys.argv[1]; d=json.load(open(p),object_pairs_hook=collections.OrderedDict)
for c in d["device"]["captures"]:
    c.pop("controls",None); c.pop("semantics",None)
open(p,"w").write(json.dumps(d,indent=2,separators=(",", " : "),ensure_ascii=False)+"\n")' Profiles/$n.json
    $B show --profile Profiles/$n.json --json > /tmp/p.json && mv /tmp/p.json Profiles/$n.json
done
imp() { (cd $T/$2 && "$ROOT/$B" import v4l2-ctl ${3:-*.txt} -o - 2>/dev/null) > /tmp/p.json && mv /tmp/p.json Profiles/imported-$1.json; }
imp arducam-0c45-6366 02-arducam-1080p-h264-microdia-0c45-6366; imp c525 03-logitech-c525-falcons; imp camlink-4k 06-elgato-cam-link-4k list-formats-ext.txt
imp mission-control-4k 08-unknown-4k-uvc-camera-mission-control; imp pixpro-4k 16-kodak-pixpro-4k-vr360; imp emeet-s800 25-emeet-smartcam-s800-4k
$B import media-ctl Tests/Fixtures/media-ctl/pi/*.txt -o - 2>/dev/null > /tmp/p.json && mv /tmp/p.json Profiles/imported-pi-imx708.json
# Listed beside the live profiles, an imported one says what it is: its ID is its file's name (imported-c525), its
# name the camera's then "(imported from TOOL dump)"; the camera's name is the dump's, or given where the dump has none.
label() { # NAME TOOL [CAMERA]
    local f=Profiles/imported-$1.json camera=$3
    [ -n "$camera" ] || camera=$(sed -n 's/^    "name" : "\(.*\)",$/\1/p' "$f")
    sed -i "s|^    \"id\" : \".*\",\$|    \"id\" : \"imported-$1\",|; s|^    \"name\" : \".*\",\$|    \"name\" : \"$camera (imported from $2 dump)\",|" "$f"
}
label arducam-0c45-6366 v4l2-ctl; label c525 v4l2-ctl; label camlink-4k v4l2-ctl "Elgato Cam Link 4K"; label emeet-s800 v4l2-ctl
label mission-control-4k v4l2-ctl "4K UVC camera, controls only"; label pixpro-4k v4l2-ctl "Kodak PIXPRO 4K VR360"
label pi-imx708 media-ctl
for f in Profiles/*.json; do $B profile --profile $f --format xml -o - > /tmp/p.xml && mv /tmp/p.xml ${f%.json}.xml; done
