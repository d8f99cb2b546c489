#!/bin/busybox sh
# Stage 1 (initramfs /init): mount the host root read-only over 9p with a RAM
# overlay on top, fresh /run, the control and output shares, then switch_root.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules/order); do insmod "/modules/$m" 2>/dev/null; done
fail() { echo "stage1: $*" > /dev/ttyS0; echo o > /proc/sysrq-trigger; sleep 5; }
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 hostroot /lower || fail "cannot mount the host root"
mount -t tmpfs -o size=75% tmpfs /upper
mkdir -p /upper/u /upper/w
mount -t overlay overlay -o lowerdir=/lower,upperdir=/upper/u,workdir=/upper/w /newroot || fail "cannot mount the overlay"
mount -t tmpfs tmpfs /newroot/run
mkdir -p /newroot/vmctl /newroot/vmout
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 ctl /newroot/vmctl || fail "cannot mount the control share"
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 out /newroot/vmout || fail "cannot mount the output share"
mount --move /dev /newroot/dev
mount --move /proc /newroot/proc
mount --move /sys /newroot/sys
exec switch_root /newroot /bin/sh /vmctl/stage2.sh
