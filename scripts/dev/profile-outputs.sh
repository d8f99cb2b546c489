#!/usr/bin/env bash
# Writes what every shipped profile produces (show text, show --json, profile
# JSON and XML, negotiate for three presets) into DIR, one file each, so two
# builds can be compared byte for byte: run it with each binary, then diff -r.
# Usage: scripts/dev/profile-outputs.sh CAMPROBE DIR
set -uo pipefail
bin=$1; out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
for f in "$root"/Profiles/*.json "$root"/Profiles/*.xml; do
    b=$(basename "$f")
    "$bin" show 0 --profile "$f" > "$out/$b.show.txt" 2>&1
    "$bin" show 0 --profile "$f" --json > "$out/$b.show.json" 2>&1
    "$bin" profile write 0 --profile "$f" --format json -o - > "$out/$b.profile.json" 2>&1
    "$bin" profile write 0 --profile "$f" --format xml -o - > "$out/$b.profile.xml" 2>&1
    for p in high 1280x720 photo; do
        "$bin" negotiate 0 --profile "$f" --preset "$p" --explain > "$out/$b.negotiate-$p.txt" 2>&1
    done
done
echo "$(ls "$out" | wc -l) files in $out"
