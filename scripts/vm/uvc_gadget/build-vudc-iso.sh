#!/usr/bin/env bash
# Builds usbip-vudc.ko with isochronous transfers (the kernel's vudc answers
# every isochronous URB with -EXDEV: "TODO: support" in vudc_transfer.c, so a
# UVC gadget's video never reaches the host). Sources: Debian's own
# linux-source-<series> tarball (same version as the guest kernel), patched by
# vudc_iso.py, compiled out of tree against linux-headers-<kver>.
# Output: $VUDC_ISO_DIR (default ~/.cache/camprobe-vm/vudc-iso-<kver>)/usbip-vudc.ko
# Nothing is installed: `uvc-gadget up` insmods that file instead of modprobe usbip-vudc.
#
#   scripts/vm/uvc_gadget/build-vudc-iso.sh [KVER]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kver=${1:-$("$here/../guest-kernel" || true)}
[ -n "$kver" ] || { echo "build-vudc-iso: no kernel found" >&2; exit 1; }
series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
tarball=/usr/src/linux-source-$series.tar.xz
[ -r "$tarball" ] || { echo "build-vudc-iso: $tarball missing (apt-get install linux-source-$series)" >&2; exit 1; }
[ -d "/lib/modules/$kver/build" ] || { echo "build-vudc-iso: linux-headers-$kver missing" >&2; exit 1; }
out=${VUDC_ISO_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/camprobe-vm/vudc-iso-$kver}
if [ -s "$out/usbip-vudc.ko" ] && [ "${VUDC_REBUILD:-0}" != 1 ] && [ "$out/usbip-vudc.ko" -nt "$here/vudc_iso.py" ]; then
    echo "$out/usbip-vudc.ko"; exit 0
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tar -xJf "$tarball" -C "$work" --strip-components=4 --wildcards "linux-source-$series/drivers/usb/usbip/vudc*" "linux-source-$series/drivers/usb/usbip/usbip_common.h"
python3 "$here/vudc_iso.py" "$work/vudc_transfer.c"
printf 'obj-m := usbip-vudc.o\nusbip-vudc-y := vudc_dev.o vudc_sysfs.o vudc_tx.o vudc_rx.o vudc_transfer.o vudc_main.o\n' > "$work/Makefile"
make -s -C "/lib/modules/$kver/build" M="$work" modules >&2
mkdir -p "$out"
cp "$work/usbip-vudc.ko" "$out/usbip-vudc.ko"
echo "$out/usbip-vudc.ko"
