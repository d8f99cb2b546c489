#!/usr/bin/env bash
# Boots Debian's own kernel under qemu with this machine's root filesystem
# shared read-only (RAM overlay on top), runs SCRIPT inside as root with real
# kernel drivers available (vivid, snd-dummy, snd-aloop, …), and returns the
# script's exit status. Result files the script writes to $VM_OUT land in OUTDIR.
#
#   scripts/vm/run-guest.sh SCRIPT OUTDIR [ENV=VALUE…]
#
# Exit status: the script's; 77 when qemu or a kernel with modules is missing
# (callers may skip); 124 when the guest hit the timeout (CAMPROBE_VM_TIMEOUT,
# default 900 s); 125 when the guest died without reporting a status.
# CAMPROBE_VM_CPUS (default 1) and CAMPROBE_VM_MEMORY (default 1G) size the guest.
# Under TCG: CAMPROBE_VM_TB_MB sizes qemu's translation cache (`tb-size`, MiB; qemu 7.2: 1024 by default, 2048 at
# most); CAMPROBE_VM_JIT_WATCH=1 writes qemu's `info jit` counts once a second to OUTDIR/jit.txt (jit_watch.py) and
# says how often the cache was flushed: after a flush every bit of code is translated again, so a timing taken
# across one is not the code's own (Reports/benchmarks.md §40).
# CAMPROBE_VM_GUEST=NAME: one of several guests sharing OUTDIR at once (run-vm-suite.sh): its logs go to
# OUTDIR/NAME/ and the script gets VM_GUEST=NAME (suite.py writes to $VM_OUT/$VM_GUEST). Every guest has its
# own control folder and RAM overlay and no network card (USB/IP and servers stay on the guest's loopback).
set -euo pipefail

if [ $# -lt 2 ]; then echo "usage: $0 SCRIPT OUTDIR [ENV=VALUE…]" >&2; exit 2; fi
script=$(realpath "$1"); shift
out=$(realpath -m "$1"); shift
name=${CAMPROBE_VM_GUEST:-}
logs=$out${name:+/$name}
mkdir -p "$logs"

skip() { echo "vm: cannot boot a guest here: $*" >&2; echo "vm: install it with: scripts/install-deps.sh --vm" >&2; exit 77; }
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is missing (package qemu-system-x86)"
[ -x /bin/busybox ] && file -L /bin/busybox 2>/dev/null | grep -q static || [ -x /bin/busybox ] || skip "busybox-static is missing"
command -v cpio >/dev/null || skip "cpio is missing"
command -v modprobe >/dev/null || [ -x /sbin/modprobe ] || skip "kmod (modprobe) is missing"

kver=$("$(dirname "$0")/guest-kernel" || true)
[ -n "$kver" ] || skip "no /boot/vmlinuz-* with matching /lib/modules (package linux-image-amd64)"
[ -r "/boot/vmlinuz-$kver" ] || skip "/boot/vmlinuz-$kver is not readable (run as root)"

here=$(cd "$(dirname "$0")" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/camprobe-vm
mkdir -p "$cache"
key=$(cat "$here/stage1-init.sh" /bin/busybox | sha256sum | cut -c1-12)
initrd="$cache/initrd-$kver-$key.cpio.gz"
if [ ! -s "$initrd" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$work"/{bin,modules,proc,sys,dev,lower,upper,newroot}
    cp /bin/busybox "$work/bin/busybox"
    : > "$work/modules/order"
    /sbin/modprobe -S "$kver" -a --show-depends virtio_pci 9pnet_virtio 9p overlay | awk '$1=="insmod"{print $2}' | while read -r ko; do
        name=$(basename "$ko")
        if [ ! -e "$work/modules/$name" ]; then
            case "$ko" in
                *.zst) zstd -dq "$ko" -o "$work/modules/${name%.zst}"; name=${name%.zst} ;;
                *.xz) xz -dc "$ko" > "$work/modules/${name%.xz}"; name=${name%.xz} ;;
                *) cp "$ko" "$work/modules/$name" ;;
            esac
            echo "$name" >> "$work/modules/order"
        fi
    done
    cp "$here/stage1-init.sh" "$work/init"
    chmod +x "$work/init"
    # A name of its own: two guests starting at once may both build it; each rename is whole.
    (cd "$work" && find . | cpio -o -H newc --quiet | gzip -1) > "$initrd.tmp.$$"
    mv "$initrd.tmp.$$" "$initrd"
    rm -rf "$work"; trap - EXIT
fi

ctl=$(mktemp -d)
cleanup() { rm -rf "$ctl"; }
trap cleanup EXIT
cp "$here/stage2.sh" "$ctl/stage2.sh"
{
    printf 'VM_SCRIPT=%q\n' "$script"
    printf 'VM_OUT=%q\n' /vmout
    printf 'VM_HOST_OUT=%q\n' "$out"
    printf 'VM_GUEST=%q\n' "$name"
    for kv in "$@"; do printf 'export %q\n' "$kv"; done
} > "$ctl/env"

tcg="-accel tcg${CAMPROBE_VM_TB_MB:+,tb-size=$CAMPROBE_VM_TB_MB} -cpu max"
accel=$tcg
if grep -qE '\b(vmx|svm)\b' /proc/cpuinfo && [ -w /dev/kvm ] && [ "${CAMPROBE_VM_ACCEL:-auto}" != tcg ]; then
    accel="-accel kvm -cpu host"
fi
[ "${CAMPROBE_VM_ACCEL:-auto}" = tcg ] && accel=$tcg
monitor=()
if [ "${CAMPROBE_VM_JIT_WATCH:-0}" = 1 ]; then
    monitor=(-monitor "unix:$ctl/monitor.sock,server=on,wait=off")
    python3 "$here/jit_watch.py" "$ctl/monitor.sock" "$logs/jit.txt" &
fi

limit=${CAMPROBE_VM_TIMEOUT:-900}
echo "vm: booting $kver${name:+ (guest $name)} ($(echo "$accel" | awk '{print $2}'), timeout ${limit}s)" >&2
set +e
timeout --kill-after=10 "$limit" qemu-system-x86_64 \
    "${monitor[@]}" -M pc -nodefaults -no-user-config -display none -no-reboot -nic none -m "${CAMPROBE_VM_MEMORY:-1G}" -smp "${CAMPROBE_VM_CPUS:-1}" $accel \
    -kernel "/boot/vmlinuz-$kver" -initrd "$initrd" \
    -append "console=ttyS0 quiet loglevel=4 panic=-1 rdinit=/init" \
    -serial "file:$logs/kernel.log" -serial stdio \
    -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$ctl,mount_tag=ctl,security_model=none" \
    -virtfs "local,path=$out,mount_tag=out,security_model=none" \
    < /dev/null | tee "$logs/guest.log"
qrc=${PIPESTATUS[0]}
set -e
if [ ${#monitor[@]} -gt 0 ]; then
    wait
    echo "vm: $(python3 "$here/jit_watch.py" --summary "$logs/jit.txt")" >&2
fi
if [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then echo "vm: the guest did not finish within ${limit}s (see $logs/kernel.log)" >&2; exit 124; fi
if [ ! -s "$ctl/status" ]; then echo "vm: the guest stopped without reporting a status (qemu exit $qrc; see $logs/kernel.log)" >&2; exit 125; fi
exit "$(cat "$ctl/status")"
