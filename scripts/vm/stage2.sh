#!/bin/sh
# Stage 2 (PID 1 in the guest, the host's own /bin/sh): run the test script as
# root (python3 for *.py, sh otherwise) with stdin from /dev/null and its output
# on the second serial port, record its exit status, power off.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/opt/swift/usr/bin
export HOME=/root LANG=C.UTF-8
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts 2>/dev/null
mount -t tmpfs tmpfs /dev/shm 2>/dev/null
# /tmp stays the overlay over the host's /tmp: a project cloned under /tmp (as CI may do) must stay visible.
ip link set lo up 2>/dev/null
. /vmctl/env
export VM_OUT VM_HOST_OUT VM_GUEST
case "$VM_SCRIPT" in
    *.py) python3 -u "$VM_SCRIPT" ;;
    *) sh "$VM_SCRIPT" ;;
esac < /dev/null > /dev/ttyS1 2>&1
echo $? > /vmctl/status
sync
echo o > /proc/sysrq-trigger
sleep 10
