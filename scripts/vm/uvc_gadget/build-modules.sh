#!/usr/bin/env bash
# Builds the two patched gadget-side modules a UVC gadget over USB/IP needs and
# installs them where the guest's modprobe prefers them:
# /lib/modules/<kver>/updates/<module>/ (then depmod).
#
# - usbip-vudc.ko (vudc_iso.py): the kernel's vudc answers every isochronous URB
#   with -EXDEV ("TODO: support" in vudc_transfer.c), so a UVC gadget's video
#   never reaches the host. Tag: `modinfo -F camprobe_iso` prints "isochronous".
# - usb_f_uvc.ko (fuvc_controls.py): writable camera-terminal and processing-unit
#   bmControls, and status packets on the interrupt endpoint (controls pushed by
#   the device). Tag: `modinfo -F camprobe_controls` prints "status".
#   fuvc_alts.py (applied by fuvc_controls.py): a camera's table of streaming
#   alternate settings (configfs `camprobe_alts`). Tag: `modinfo -F camprobe_alts`
#   prints fuvc_alts.py's VERSION; an installed module with another (or none) is
#   rebuilt, so bump VERSION whenever either patcher changes.
#
# Sources: Debian's own linux-source-<series> tarball (build-vimc.sh installs
# it; same version as the guest kernel), compiled out of tree against
# linux-headers-<kver>.
#
#   scripts/vm/uvc_gadget/build-modules.sh [KVER]
#
# Idempotent: an installed module for KVER carrying its tag, newer than its
# patcher, is kept (UVC_MODULES_REBUILD=1 rebuilds). Needs root (or sudo).
set -euo pipefail
die() { echo "build-modules: $*" >&2; exit 1; }
say() { echo "build-modules: $*" >&2; }
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root (or sudo) to install the modules"
    sudo="sudo"
fi
kver=${1:-$("$here/../guest-kernel" || true)}
[ -n "$kver" ] || die "no kernel found (install linux-image-amd64)"
series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
tarball=$(ls /usr/src/linux-source-"$series".tar.* 2>/dev/null | head -1 || true)
build=/lib/modules/$kver/build

# build_module MODULE TAG VALUE PATCHER SRCDIR STRIP OBJECTS
#   MODULE: name as modprobe knows it; TAG=VALUE: its modinfo tag; PATCHER: the
#   Python patcher run on the extracted directory; SRCDIR: the kernel directory
#   extracted (its files land flat, STRIP path components removed); OBJECTS:
#   the module's objects (its kbuild line).
build_module() {
    local module=$1 tag=$2 value=$3 patcher=$4 srcdir=$5 strip=$6 objects=$7
    local ko=${module}.ko dest=/lib/modules/$kver/updates/$module/$module.ko
    if [ -s "$dest" ] && [ "${UVC_MODULES_REBUILD:-0}" != 1 ] && [ "$dest" -nt "$here/$patcher" ] &&
        [ "$(/sbin/modinfo -F vermagic "$dest" 2>/dev/null | awk '{print $1}')" = "$kver" ] &&
        [ "$(/sbin/modinfo -F "$tag" "$dest" 2>/dev/null)" = "$value" ]; then
        say "$ko ($tag=$value) already installed for $kver ($dest)"
        return 0
    fi
    [ -n "$tarball" ] || die "no /usr/src/linux-source-$series.tar.* (apt-get install linux-source-$series)"
    [ -e "$build/Makefile" ] || die "no kernel build tree at $build (package linux-headers-$kver)"
    # A fixed build directory (its path ends up in the object files), removed afterwards.
    local work=${XDG_CACHE_HOME:-$HOME/.cache}/camprobe-vm/$module-build-$kver
    rm -rf "$work"; mkdir -p "$work"
    say "extracting $srcdir from $tarball"
    tar -xf "$tarball" -C "$work" --strip-components="$strip" --wildcards "linux-source-$series/$srcdir/*" \
        || { rm -rf "$work"; die "could not extract $srcdir from $tarball"; }
    python3 "$here/$patcher" "$work" || { rm -rf "$work"; die "patching $module's sources failed"; }
    printf 'obj-m := %s.o\n%s-y := %s\n' "$module" "$module" "$objects" > "$work/Makefile"
    say "building $ko against $build"
    if ! make -C "$build" M="$work" -j"$(nproc)" modules > "$work/build.log" 2>&1; then
        tail -30 "$work/build.log" >&2
        rm -rf "$work"
        die "the $module build failed against the headers of $kver (log above)"
    fi
    [ "$(/sbin/modinfo -F "$tag" "$work/$ko")" = "$value" ] || { rm -rf "$work"; die "the built $ko lacks its tag"; }
    $sudo install -D -m 644 "$work/$ko" "$dest" || { rm -rf "$work"; die "could not install $dest"; }
    rm -rf "$work"
    $sudo /sbin/depmod "$kver" || die "depmod $kver failed"
    case "$(/sbin/modinfo -k "$kver" -n "$module" 2>/dev/null)" in
        */updates/*) ;;
        *) die "depmod ran but modprobe would still pick the stock $module for $kver" ;;
    esac
    say "installed $dest"
}

build_module usbip-vudc camprobe_iso isochronous vudc_iso.py drivers/usb/usbip 4 \
    "vudc_dev.o vudc_sysfs.o vudc_tx.o vudc_rx.o vudc_transfer.o vudc_main.o"
alts_version=$(sed -n 's/^VERSION = "\(.*\)"$/\1/p' "$here/fuvc_alts.py")
[ -n "$alts_version" ] || die "no VERSION in fuvc_alts.py"
build_module usb_f_uvc camprobe_alts "$alts_version" fuvc_controls.py drivers/usb/gadget/function 5 \
    "f_uvc.o uvc_queue.o uvc_v4l2.o uvc_video.o uvc_configfs.o"
