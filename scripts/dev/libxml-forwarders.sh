#!/usr/bin/env bash
# Writes Sources/CLibXML2/include/libxml/NAME.h for every header of libxml2-dev: each is one line,
# `#include <libxml2/libxml/NAME.h>`, so the compiler's own include path (/usr/include, or the
# sysroot's) finds libxml2 without -I/usr/include/libxml2 and without linking it (libxml2 is loaded
# with dlopen on first use; see Sources/CLibXML2/include/shim.h). Run it when libxml2 gains a header;
# ShimTests.libxmlForwardersCoverEveryInstalledHeader says when.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
src=${1:-/usr/include/libxml2/libxml}
out=$root/Sources/CLibXML2/include/libxml
mkdir -p "$out"
for h in "$src"/*.h; do
    n=$(basename "$h")
    printf '/* Forwards to libxml2-dev'"'"'s header (scripts/dev/libxml-forwarders.sh). */\n#include <libxml2/libxml/%s>\n' "$n" > "$out/$n"
done
echo "$(ls "$out" | wc -l) forwarders in $out"
