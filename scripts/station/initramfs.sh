#!/usr/bin/env bash
# Builds the station rig's initramfs from Debian's packages: busybox-static,
# and the modules of the installed linux-image-amd64 that mount the host's
# root over 9p (virtio). Nothing prebuilt is kept in the repository: this
# runs at test time, and its output is cached under the build directory.
# Usage: initramfs.sh KERNEL_VERSION OUT.cpio.gz
set -euo pipefail
version=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
modules=/lib/modules/$version
[ -x /bin/busybox ] || { echo "initramfs: /bin/busybox missing (apt-get install busybox-static)" >&2; exit 1; }
[ -f "$modules/modules.dep" ] || { echo "initramfs: $modules/modules.dep missing (apt-get install linux-image-amd64)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"/{bin,dev,proc,sys,root,modules,newroot,upper}
cp /bin/busybox "$work/bin/busybox"
cp "$here/init" "$work/init"
chmod 755 "$work/init"
# Each wanted module after the modules it depends on, each once, in the
# order kmod's modprobe would load them.
for m in virtio_pci 9pnet_virtio 9p overlay; do
    modprobe -S "$version" --show-depends "$m" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r path; do
    file=$(basename "$path")
    case "$file" in
    *.ko) cp "$path" "$work/modules/$file" ;;
    *.ko.xz) xz -dc "$path" >"$work/modules/${file%.xz}" ;;
    *.ko.zst) zstd -qdc "$path" >"$work/modules/${file%.zst}" ;;
    esac
    echo "${file%%.ko*}" >>"$work/modules/order"
done
[ -s "$work/modules/order" ] || { echo "initramfs: modprobe found no modules for $version" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
tmp=$(mktemp "$out.XXXXXX")
(cd "$work" && find . | cpio -o -H newc --quiet | gzip -1) >"$tmp"
mv "$tmp" "$out"
