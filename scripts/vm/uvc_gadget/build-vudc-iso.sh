#!/usr/bin/env bash
# Builds usbip-vudc.ko with isochronous transfers and installs it where the
# guest's modprobe prefers it: /lib/modules/<kver>/updates/usbip-vudc/ (depmod).
# The kernel's vudc answers every isochronous URB with -EXDEV ("TODO: support"
# in vudc_transfer.c), so a UVC gadget's video never reaches the host. Sources:
# Debian's own linux-source-<series> tarball (build-vimc.sh installs it; same
# version as the guest kernel), patched by vudc_iso.py (which also tags the
# module: `modinfo -F camprobe_iso usbip-vudc` prints "isochronous"), compiled
# out of tree against linux-headers-<kver>.
#
#   scripts/vm/uvc_gadget/build-vudc-iso.sh [KVER]
#
# Idempotent: an installed module for KVER carrying the tag, newer than
# vudc_iso.py, is kept (VUDC_REBUILD=1 rebuilds). Needs root (or sudo).
set -euo pipefail
die() { echo "build-vudc-iso: $*" >&2; exit 1; }
say() { echo "build-vudc-iso: $*" >&2; }
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root (or sudo) to install the module"
    sudo="sudo"
fi
kver=${1:-$("$here/../guest-kernel" || true)}
[ -n "$kver" ] || die "no kernel found (install linux-image-amd64)"
series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
dest=/lib/modules/$kver/updates/usbip-vudc/usbip-vudc.ko
if [ -s "$dest" ] && [ "${VUDC_REBUILD:-0}" != 1 ] && [ "$dest" -nt "$here/vudc_iso.py" ] &&
    [ "$(/sbin/modinfo -F vermagic "$dest" 2>/dev/null | awk '{print $1}')" = "$kver" ] &&
    [ "$(/sbin/modinfo -F camprobe_iso "$dest" 2>/dev/null)" = isochronous ]; then
    say "usbip-vudc.ko with isochronous transfers already installed for $kver ($dest)"
    exit 0
fi
tarball=$(ls /usr/src/linux-source-"$series".tar.* 2>/dev/null | head -1 || true)
[ -n "$tarball" ] || die "no /usr/src/linux-source-$series.tar.* (apt-get install linux-source-$series)"
build=/lib/modules/$kver/build
[ -e "$build/Makefile" ] || die "no kernel build tree at $build (package linux-headers-$kver)"
# A fixed build directory (its path ends up in the object files), removed afterwards.
work=${XDG_CACHE_HOME:-$HOME/.cache}/camprobe-vm/vudc-build-$kver
rm -rf "$work"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
say "extracting drivers/usb/usbip/vudc* from $tarball"
tar -xf "$tarball" -C "$work" --strip-components=4 --wildcards \
    "linux-source-$series/drivers/usb/usbip/vudc*" "linux-source-$series/drivers/usb/usbip/usbip_common.h" \
    || die "could not extract the vudc sources from $tarball"
python3 "$here/vudc_iso.py" "$work/vudc_transfer.c" || die "patching vudc_transfer.c failed"
printf 'obj-m := usbip-vudc.o\nusbip-vudc-y := vudc_dev.o vudc_sysfs.o vudc_tx.o vudc_rx.o vudc_transfer.o vudc_main.o\n' > "$work/Makefile"
say "building usbip-vudc.ko against $build"
if ! make -C "$build" M="$work" -j"$(nproc)" modules > "$work/build.log" 2>&1; then
    tail -30 "$work/build.log" >&2
    die "the usbip-vudc build failed against the headers of $kver (log above)"
fi
[ "$(/sbin/modinfo -F camprobe_iso "$work/usbip-vudc.ko")" = isochronous ] || die "the built module lacks its tag"
$sudo install -D -m 644 "$work/usbip-vudc.ko" "$dest" || die "could not install $dest"
$sudo /sbin/depmod "$kver" || die "depmod $kver failed"
case "$(/sbin/modinfo -k "$kver" -n usbip-vudc 2>/dev/null)" in
    */updates/*) ;;
    *) die "depmod ran but modprobe would still pick the stock usbip-vudc for $kver" ;;
esac
say "installed $dest"
