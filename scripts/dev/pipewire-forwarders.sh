#!/usr/bin/env bash
# Writes Sources/CPipeWire/pw/pipewire/…/NAME.h and Sources/CPipeWire/pw/spa/…/NAME.h for every header of
# libpipewire-0.3-dev and libspa-0.2-dev (recursively): each is one line, `#include <pipewire-0.3/pipewire/…>` or
# `#include <spa-0.2/spa/…>`, so the compiler's own include path (/usr/include, or the sysroot's) finds PipeWire's
# headers, and their own `#include <spa/utils/defs.h>` or `<pipewire/core.h>` resolve through these forwarders,
# without -I flags (the target's cSettings put pw/ on its private C include path) and without linking libpipewire
# (it is loaded with dlopen on first use; see Sources/CPipeWire/include/cpipewire.h). pw/ is not under include/:
# Swift never sees PipeWire's headers. Run it when PipeWire gains a header; it removes forwarders whose header is gone.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
inc=${1:-/usr/include}
out=$root/Sources/CPipeWire/pw
# tree: the directory under $inc, and the one under pw/ that mirrors it.
forward() {
    local tree=$1 name=$2 rel dst
    [ -d "$inc/$tree" ] || { echo "no $inc/$tree (install libpipewire-0.3-dev)" >&2; exit 1; }
    rm -rf "${out:?}/$name"
    while IFS= read -r -d '' h; do
        rel=${h#"$inc/$tree/"}
        dst=$out/$name/$rel
        mkdir -p "$(dirname "$dst")"
        printf '/* Forwards to %s/%s (scripts/dev/pipewire-forwarders.sh). */\n#include <%s/%s>\n' \
            "$tree" "$rel" "$tree" "$rel" > "$dst"
    done < <(find "$inc/$tree" -name '*.h' \( -type f -o -type l \) -print0 | sort -z)
}
forward pipewire-0.3/pipewire pipewire
forward spa-0.2/spa spa
echo "$(find "$out" -name '*.h' | wc -l) forwarders in $out"
