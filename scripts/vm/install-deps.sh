#!/usr/bin/env bash
# Installs (Debian 12) what the real-driver harness needs on the host and, through
# the shared root filesystem, in the guest. Idempotent: when everything is
# installed it only runs dpkg-query and modinfo and returns (well under a second).
#
#   scripts/vm/install-deps.sh [--with-v4l2loopback]
#
# Also builds the vimc module for the guest's kernel (scripts/vm/build-vimc.sh:
# linux-source + linux-headers, ~20 s the first time; a no-op once installed)
# and the gadget-side modules of block uvc: usbip-vudc with isochronous transfers, usb_f_uvc with
# writable controls and status packets (uvc_gadget/build-modules.sh, ~25 s)
# and installs libcamera's tools, the referee of block vimc.
#
#   --with-v4l2loopback  also linux-headers-<kver> dkms v4l2loopback-dkms (builds
#                        a module, ~3 min; optional, never needed by CI: the suite
#                        skips its v4l2loopback block when the module is absent)
# Needs root (or sudo). Exit 0 when all is installed, 1 when apt failed.
set -euo pipefail

packages=(
    # the harness on the host
    qemu-system-x86 busybox-static cpio kmod linux-image-amd64
    # in the guest (the host's root is the guest's root)
    udev v4l-utils alsa-utils strace python3
    # block recorder: ffprobe reads what the recorder example wrote
    ffmpeg
    gstreamer1.0-tools gstreamer1.0-plugins-good gstreamer1.0-plugins-base gstreamer1.0-plugins-base-apps gstreamer1.0-alsa
    # media-controller cameras (block vimc, vimc): libcamera's `cam` and its plugin
    libcamera-tools libcamera-ipa gstreamer1.0-libcamera
    # block uvc: a UVC gadget exported over USB/IP and attached back (usbip, usbipd)
    usbip
    # block prometheus: the fleet textfile refereed by node_exporter and promtool
    prometheus-node-exporter prometheus
    # block pipewire: PipeWire and WirePlumber in a session (a session bus), pipewiresrc, pw-dump
    pipewire pipewire-bin wireplumber libspa-0.2-modules gstreamer1.0-pipewire pipewire-libcamera dbus psmisc
    # runtime libraries camprobe links or loads on demand
    libv4l-0 libudev1 libasound2 libxml2 libpipewire-0.3-0
)
if [ "${1:-}" = "--with-v4l2loopback" ]; then
    kver=$(for v in /boot/vmlinuz-*; do k=${v#/boot/vmlinuz-}; [ -d "/lib/modules/$k" ] && echo "$k"; done | sort -V | tail -1)
    packages+=(dkms v4l2loopback-dkms)
    [ -n "$kver" ] && packages+=("linux-headers-$kver")
elif [ $# -gt 0 ]; then
    sed -n '2,16p' "$0" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
vimc() {
    "$here/build-vimc.sh" || { echo "vm: building vimc failed (block vimc will fail); see the message above" >&2; exit 1; }
    "$here/uvc_gadget/build-modules.sh" || { echo "vm: building the UVC gadget modules (usbip-vudc, usb_f_uvc) failed (block uvc will fail); see the message above" >&2; exit 1; }
}

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then vimc; exit 0; fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "vm: need root to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
echo "vm: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# A fresh container has no package lists; refresh them once if an install fails.
if ! $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "vm: installed ${#missing[@]} packages" >&2
vimc
