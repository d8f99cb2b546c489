#!/usr/bin/env bash
# Builds the kernel's vimc test driver (a media-controller camera: sensors,
# debayers, a scaler, capture nodes) for the kernel the qemu guest boots, and
# installs it where the guest finds it through the shared root filesystem:
#   /lib/modules/<kver>/updates/vimc/vimc.ko   (then depmod <kver>)
# Debian's kernel is built with `# CONFIG_VIDEO_VIMC is not set`, so the module
# comes from Debian's own linux-source-<series> (same version as the image),
# compiled out of tree against linux-headers-<kver>.
#
#   scripts/vm/build-vimc.sh [KVER]
#
# KVER defaults to the kernel run-guest.sh boots (the last /boot/vmlinuz-* with
# a /lib/modules/<kver>/kernel tree). Idempotent: when the installed vimc.ko is
# identical to a fresh build, or a vimc.ko is already installed for that kernel
# (and VIMC_REBUILD is not 1), nothing is installed again. Needs root (or sudo)
# and network access for apt the first time. Exit 0 when vimc.ko is installed.
set -euo pipefail

die() { echo "build-vimc: $*" >&2; exit 1; }
say() { echo "build-vimc: $*" >&2; }

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root (or sudo) to install packages and the module"
    sudo="sudo"
fi

# The kernel the guest boots (guest-kernel, which run-guest.sh uses too).
kver=${1:-$("$(dirname "$0")/guest-kernel" || true)}
[ -n "$kver" ] || die "no /boot/vmlinuz-* with a matching /lib/modules/<kver>/kernel (install linux-image-amd64 first)"
[ -d "/lib/modules/$kver/kernel" ] || die "no module tree /lib/modules/$kver/kernel for kernel $kver"

dest=/lib/modules/$kver/updates/vimc/vimc.ko
if [ -s "$dest" ] && [ "${VIMC_REBUILD:-0}" != 1 ]; then
    # Already there for this kernel: check it really belongs to it (a vermagic
    # mismatch means a stale module from another build of the same version).
    vm=$(/sbin/modinfo -F vermagic "$dest" 2>/dev/null | awk '{print $1}')
    if [ "$vm" = "$kver" ]; then
        say "vimc.ko already installed for $kver ($dest); VIMC_REBUILD=1 rebuilds"
        exit 0
    fi
    say "installed $dest has vermagic '$vm', not $kver: rebuilding"
fi

# Source series from the kernel version: 6.1.0-56-amd64 -> linux-source-6.1.
series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
[ -n "$series" ] || die "cannot tell the source series of kernel '$kver'"
pkgs=("linux-source-$series" "linux-headers-$kver" xz-utils make gcc kmod)
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    if ! $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
        $sudo apt-get update -qq || true
        $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
            || die "apt-get could not install ${missing[*]} (is linux-headers-$kver still in the archive? a kernel update needs 'apt-get install linux-image-amd64' and a reboot of the guest's kernel choice)"
    fi
fi

# The source should be the image's own version; a different one usually still
# builds (the headers decide the ABI) but say so.
img=$(dpkg-query -W -f='${Version}' "linux-image-$kver" 2>/dev/null || true)
srcv=$(dpkg-query -W -f='${Version}' "linux-source-$series" 2>/dev/null || true)
if [ -n "$img" ] && [ -n "$srcv" ] && [ "$img" != "$srcv" ]; then
    say "warning: linux-source-$series is $srcv but linux-image-$kver is $img; building anyway"
fi

tarball=$(ls /usr/src/linux-source-"$series".tar.* 2>/dev/null | head -1 || true)
[ -n "$tarball" ] || die "no /usr/src/linux-source-$series.tar.* after installing linux-source-$series"
build=/lib/modules/$kver/build
[ -e "$build/Makefile" ] || die "no kernel build tree at $build (package linux-headers-$kver)"

# A fixed build directory (its path ends up in the object files): two builds of
# the same source are then byte-identical and an unchanged module is not reinstalled.
work=${XDG_CACHE_HOME:-$HOME/.cache}/camprobe-vm/vimc-build-$kver
src=$work/vimc
rm -rf "$work"
mkdir -p "$src"
trap 'rm -rf "$work"' EXIT
say "extracting drivers/media/test-drivers/vimc from $tarball"
tar -xf "$tarball" -C "$src" --strip-components=5 --wildcards \
    "linux-source-$series/drivers/media/test-drivers/vimc/*" \
    || die "could not extract the vimc sources from $tarball"
[ -e "$src/Makefile" ] || die "$tarball has no drivers/media/test-drivers/vimc/Makefile"

say "building vimc.ko against $build"
if ! make -C "$build" M="$src" CONFIG_VIDEO_VIMC=m -j"$(nproc)" modules > "$work/build.log" 2>&1; then
    tail -30 "$work/build.log" >&2
    die "the vimc build failed against the headers of $kver (log above)"
fi
[ -s "$src/vimc.ko" ] || die "the build produced no vimc.ko"
vm=$(/sbin/modinfo -F vermagic "$src/vimc.ko" | awk '{print $1}')
[ "$vm" = "$kver" ] || die "built vimc.ko has vermagic '$vm', expected $kver"

if [ -s "$dest" ] && cmp -s "$src/vimc.ko" "$dest"; then
    say "installed $dest is identical; nothing to do"
    exit 0
fi
$sudo install -D -m 644 "$src/vimc.ko" "$dest" || die "could not install $dest"
$sudo /sbin/depmod "$kver" || die "depmod $kver failed"
/sbin/modinfo -k "$kver" vimc >/dev/null 2>&1 || die "depmod ran but modinfo -k $kver vimc does not find the module"
say "installed $dest (vermagic $vm)"
