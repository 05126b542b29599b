#!/usr/bin/env bash
# Boots the installed Debian kernel (linux-image-amd64) under qemu with the
# host's root shared read-only over 9p and DIR shared writable, runs COMMAND
# inside (in a chroot of the host's root, or under systemd as PID 1), and
# powers off. Every run is bounded by --timeout and leaves nothing behind:
# qemu is killed at the deadline, its files stay in DIR only.
#
# Usage: vm.sh --results DIR [--timeout S] [--mode chroot|systemd]
#              [--disk IMG] [--display] [--gpu bochs|virtio] [--monitor] [--memory MB]
#              [-- COMMAND ARGS...]
# With --mode chroot, COMMAND runs as root in the chroot with DIR at
# /tmp/results (STATION_RESULTS); its output goes to DIR/run.log and its
# status to DIR/status. With --mode systemd, DIR/root/ is copied over the
# root before systemd starts and DIR is at /station.
# --display gives the VM a display and qemu's monitor on DIR/monitor.sock
# (screendump): bochs (-vga std) or, with --gpu virtio, virtio-gpu
# (-vga virtio), whose DRM driver has PRIME, which wlroots 0.15 (cage)
# requires and bochs lacks; --monitor gives the monitor alone (`quit`
# pulls the plug: no shutdown, no sync). The serial console goes to
# DIR/console.log.
# STATION_ACCEL=tcg|kvm|auto (default auto: KVM only when a probe boot
# under it reaches the init within 20 s, else TCG with -cpu Nehalem).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results='' timeout=240 mode=chroot disk='' display=0 gpu=bochs monitor=0 memory=1536
while [ $# -gt 0 ]; do
    case "$1" in
    --results) results=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --disk) disk=$2; shift 2 ;;
    --display) display=1; shift ;;
    --gpu) gpu=$2; shift 2 ;;
    --monitor) monitor=1; shift ;;
    --memory) memory=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "vm.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -n "$results" ] && [ -d "$results" ] || { echo "vm.sh: --results DIR must be an existing directory" >&2; exit 2; }
results=$(cd "$results" && pwd)
command -v qemu-system-x86_64 >/dev/null || { echo "vm.sh: qemu-system-x86_64 missing (make test-deps)" >&2; exit 3; }
kernel=$(ls -1 /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -1 || true)
[ -n "$kernel" ] && [ -r "$kernel" ] || { echo "vm.sh: no readable /boot/vmlinuz-*-amd64 (make test-deps installs linux-image-amd64)" >&2; exit 3; }
version=${kernel#/boot/vmlinuz-}
cache=$repo/.build/station
initrd=$cache/initramfs-$version.cpio.gz
# Suites boot their VMs in parallel: one of them builds the initramfs,
# the others wait for it.
mkdir -p "$cache"
exec 9>"$cache/initramfs.lock"
flock 9
if [ ! -f "$initrd" ] || [ "$here/init" -nt "$initrd" ] || [ "$here/initramfs.sh" -nt "$initrd" ]; then
    "$here/initramfs.sh" "$version" "$initrd"
fi
flock -u 9
exec 9>&-

if [ $# -gt 0 ]; then
    {
        echo "cd $(printf %q "$repo")"
        printf 'exec'
        printf ' %q' "$@"
        echo
    } >"$results/run.sh"
fi
rm -f "$results/status" "$results/console.log"

qemu_args() {
    local accel=$1
    args=(-machine pc -m "$memory" -smp 2 -no-reboot -nodefaults -kernel "$kernel" -initrd "$initrd"
        -append "console=ttyS0 quiet loglevel=4 panic=-1 station.mode=$mode"
        -serial "file:$results/console.log"
        -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap
        -virtfs "local,path=$results,mount_tag=results,security_model=none,multidevs=remap")
    if [ "$accel" = kvm ]; then args+=(-accel kvm -cpu host); else args+=(-accel tcg -cpu Nehalem); fi
    if [ "$display" = 1 ]; then
        case "$gpu" in
        bochs) args+=(-vga std) ;;
        virtio) args+=(-vga virtio) ;;
        *) echo "vm.sh: --gpu is bochs or virtio, not $gpu" >&2; exit 2 ;;
        esac
        args+=(-display none -monitor "unix:$results/monitor.sock,server,nowait")
    else
        args+=(-vga none -display none)
        if [ "$monitor" = 1 ]; then args+=(-monitor "unix:$results/monitor.sock,server,nowait"); fi
    fi
    if [ -n "$disk" ]; then args+=(-drive "file=$disk,format=raw,if=virtio,cache=writeback"); fi
}

# KVM only when it really works: nested KVM here has hung before the kernel
# printed anything. The answer is kept for this boot of the host.
accel=${STATION_ACCEL:-auto}
if [ "$accel" = auto ]; then
    accel=tcg
    if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
        mkdir -p "$cache"
        stamp=$cache/kvm-$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
        if [ ! -f "$stamp" ]; then
            probe=$(mktemp -d)
            echo 'true' >"$probe/run.sh"
            saved=$results
            results=$probe
            qemu_args kvm
            timeout -k 5 20 qemu-system-x86_64 "${args[@]}" >/dev/null 2>&1 || true
            if grep -q 'station: the test ended' "$probe/console.log" 2>/dev/null; then echo kvm >"$stamp"; else echo tcg >"$stamp"; fi
            results=$saved
            rm -rf "$probe"
        fi
        accel=$(cat "$stamp")
    fi
fi
echo "$accel" >"$results/accel"
qemu_args "$accel"
status=0
timeout -k 10 "$timeout" qemu-system-x86_64 "${args[@]}" >"$results/qemu.log" 2>&1 || status=$?
rm -f "$results/monitor.sock"
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "vm.sh: the VM did not power off within $timeout s: killed" >&2
    exit 124
fi
[ "$status" = 0 ] || { echo "vm.sh: qemu failed (status $status): $(tail -3 "$results/qemu.log")" >&2; exit 3; }
exit 0
