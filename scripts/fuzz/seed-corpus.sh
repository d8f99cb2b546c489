#!/usr/bin/env bash
# Seeds Tests/FuzzCorpus/READER/ from the fixtures (files named seed-…; identical contents once).
# Run from anywhere; existing seeds are rewritten, inputs libFuzzer merged in are kept.
#   scripts/fuzz/seed-corpus.sh [SHARED_FIXTURES_DIR]   (default ../shared/fixtures beside the checkout)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
shared=${1:-$root/../shared/fixtures}
[ -d "$shared" ] || shared=/work/shared/fixtures
out=Tests/FuzzCorpus
pf=Tests/Fixtures

seed() { # READER FILE…: copy each file in as seed-<parent>-<name>, skipping contents already there
    local reader=$1
    shift
    mkdir -p "$out/$reader"
    local f name
    for f in "$@"; do
        [ -f "$f" ] || continue
        case "$f" in *.md) continue ;; esac
        name="seed-$(basename "$(dirname "$f")")-$(basename "$f")"
        if ! cmp -s "$f" "$out/$reader/$name" && [ -n "$(find "$out/$reader" -name 'seed-*' -type f -exec cmp -s "$f" {} \; -print -quit)" ]; then
            continue
        fi
        cp "$f" "$out/$reader/$name"
    done
}

# A media-controller paste in one file: each output under the prompt line that ran it.
combined() { # DIR: media-ctl -p, then every other listing with its command
    local dir=$1 f
    echo "\$ media-ctl -p"
    grep -v -e '^\$ ' -e '^# ' "$dir/media-ctl-p.txt"
    for f in "$dir"/*.txt; do
        case "$f" in */media-ctl-p.txt | */cam-l.txt) continue ;; esac
        head -n 1 "$f" | grep -q '^# /dev/' && sed -n 1p "$f" || true
        echo "\$ v4l2-ctl $(basename "$f" .txt)"
        grep -v -e '^\$ ' -e '^# ' "$f"
    done
}

seed v4l2-ctl $pf/v4l2-ctl/*/* Tests/Fixtures/v4l2-ctl/*/* "$shared"/v4l2-ctl/*/*
seed media-ctl $pf/media-ctl/*/*.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in $pf/media-ctl/*/; do
    mkdir -p "$tmp/$(basename "$d")"
    combined "$d" >"$tmp/$(basename "$d")/combined-paste.txt"
done
seed media-ctl "$tmp"/*/combined-paste.txt
seed udevadm $pf/udevadm/*
seed arecord $pf/alsa/*
seed cards $pf/alsa/*
seed lsusb $pf/lsusb/*
seed paste $pf/*/* $pf/media-ctl/*/* $pf/v4l2-ctl/*/* "$shared"/*/*/*
# Profiles up to 40 KB (the large vivid ones would only be cut at -max_len).
seed json $(find Profiles -maxdepth 1 -name '*.json' -size -40k | sort)
seed xml $(find Profiles -maxdepth 1 -name '*.xml' -size -40k | sort)
for r in "$out"/*/; do echo "$(basename "$r"): $(find "$r" -type f | wc -l) files, $(du -sh "$r" | cut -f1)"; done
