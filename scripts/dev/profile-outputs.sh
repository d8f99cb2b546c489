#!/usr/bin/env bash
# Writes what every shipped profile produces into DIR, one file each, so two
# builds can be compared byte for byte: run it with each binary, then diff -r.
# Per profile: show (text, JSON), profile write (JSON, XML), negotiate for three
# presets (explained, JSON, and every --emit tool), report (HTML, Markdown).
# Over all of them: list (text, JSON), one report comparison, and every
# command's --help (help text is output too).
# Usage: [EMITTERS="ffmpeg gst …"] scripts/dev/profile-outputs.sh CAMPROBE DIR
# (EMITTERS: the --emit tools to run; default: those the binary's negotiate --help lists)
set -uo pipefail
bin=$1; out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
emitters=${EMITTERS:-}; [ -n "$emitters" ] || emitters=$("$bin" negotiate --help | sed -n '/--emit <tool>/,/^  --json/p' | awk '/^        [a-z]/ {print $1}')
profiles=("$root"/Profiles/*.json "$root"/Profiles/*.xml)
for f in "${profiles[@]}"; do
    b=$(basename "$f")
    "$bin" show 0 --profile "$f" > "$out/$b.show.txt" 2>&1
    "$bin" show 0 --profile "$f" --json > "$out/$b.show.json" 2>&1
    "$bin" profile write 0 --profile "$f" --format json -o - > "$out/$b.profile.json" 2>&1
    "$bin" profile write 0 --profile "$f" --format xml -o - > "$out/$b.profile.xml" 2>&1
    "$bin" report 0 --profile "$f" --html --no-thumbnail -o - > "$out/$b.report.html" 2>&1
    "$bin" report 0 --profile "$f" --md -o - > "$out/$b.report.md" 2>&1
    for p in high 1280x720 photo; do
        "$bin" negotiate 0 --profile "$f" --preset "$p" --explain > "$out/$b.negotiate-$p.txt" 2>&1
        "$bin" negotiate 0 --profile "$f" --preset "$p" --json > "$out/$b.negotiate-$p.json" 2>&1
        for e in $emitters; do
            "$bin" negotiate 0 --profile "$f" --preset "$p" --emit "$e" > "$out/$b.negotiate-$p.emit-$e.txt" 2>&1
        done
    done
done
profile_args=()
for f in "${profiles[@]}"; do profile_args+=(--profile "$f"); done
"$bin" list "${profile_args[@]}" > "$out/all.list.txt" 2>&1
"$bin" list "${profile_args[@]}" --json > "$out/all.list.json" 2>&1
"$bin" report --compare "${profiles[0]}" "${profiles[1]}" --md -o - > "$out/compare.md" 2>&1
"$bin" --help > "$out/help.txt" 2>&1
for c in $("$bin" --help | awk '/^SUBCOMMANDS:/ {on=1; next} on && /^  [a-z]/ {print $1}'); do
    "$bin" "$c" --help > "$out/help-$c.txt" 2>&1
done
echo "$(ls "$out" | wc -l) files in $out"
