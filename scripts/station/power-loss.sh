#!/bin/sh
# The power-loss test inside the station VM (PowerLossStationTests). It
# mounts the test's ext4 disk (/dev/vda, virtio) as a station does after a
# power cut (the kernel replays the journal), copies what it finds to
# RESULTS/found-BOOT for the host to check, and then, when asked to save,
# saves weighings into the history on that disk with the program's own
# store (PlumScaleStressSaver), acknowledging each one after its commit in
# RESULTS/acks-BOOT (the results share writes through to the host), until
# the host pulls the plug (qemu's `quit`: no shutdown, no sync).
# Usage: power-loss.sh SAVER BOOT save|look
set -eu
saver=$1 boot=$2 what=$3
out=$STATION_RESULTS
modprobe virtio_blk 2>/dev/null || true
modprobe ext4 2>/dev/null || true
tries=0
while [ ! -b /dev/vda ] && [ $tries -lt 100 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
[ -b /dev/vda ] || { echo "power-loss.sh: no /dev/vda (virtio_blk)"; exit 1; }
mkdir -p /tmp/data "$out/found-$boot"
mount -t ext4 /dev/vda /tmp/data
# What a station finds at its next start, before it writes anything.
for file in /tmp/data/history.sqlite3 /tmp/data/history.sqlite3-wal /tmp/data/history.sqlite3-shm; do
    [ -e "$file" ] && cp "$file" "$out/found-$boot/"
done
if [ "$what" != save ]; then
    umount /tmp/data
    exit 0
fi
: >"$out/saving-$boot"
exec "$saver" --db /tmp/data/history.sqlite3 --count 1000000 >"$out/acks-$boot"
