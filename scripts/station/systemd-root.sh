#!/usr/bin/env bash
# Lays out DIR/root/, which the station's init copies over the VM's root (an
# overlay on the host's) before it starts systemd as PID 1: one of the
# project's kiosk units as an operator installs it (the README's user, with
# the groups the unit names), its ExecStart pointing at the plumscale given,
# and station-test.service, which runs the unit's test and powers off:
# systemd-test.sh for the console unit, cage-test.sh for the cage unit.
# Usage: systemd-root.sh DIR PLUMSCALE [plumscale-kiosk.service|plumscale-kiosk-cage.service]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
dir=$1
binary=$2
unit=${3:-plumscale-kiosk.service}
case "$unit" in
plumscale-kiosk.service) test=systemd-test.sh ;;
plumscale-kiosk-cage.service) test=cage-test.sh ;;
*) echo "systemd-root.sh: no station test for $unit" >&2; exit 2 ;;
esac
root=$dir/root
mkdir -p "$root/etc/systemd/system/multi-user.target.wants" "$root/var/lib"
# The unit's user, made as the unit's own comment tells an operator to
# (prepare.sh runs in the VM's root before systemd starts).
cat >"$dir/prepare.sh" <<'PREPARE'
useradd --system --create-home --home-dir /var/lib/plumscale --groups input,video plumscale
id plumscale
PREPARE
sed -e "s|/usr/local/bin/plumscale|$binary|g" "$repo/Resources/$unit" >"$root/etc/systemd/system/$unit"
# The change to either unit: under TCG the first frame (Mesa's llvmpipe,
# compiled by LLVM in an emulated CPU) comes minutes after the start, past
# systemd's default 90 s start timeout; on real hardware it takes a second.
mkdir -p "$root/etc/systemd/system/$unit.d"
printf '[Service]\nTimeoutStartSec=600\n' >"$root/etc/systemd/system/$unit.d/station-tcg.conf"
# cage's one more: the VM's bochs card has no GPU, so wlroots renders with
# pixman (on a station's GPU it picks GLES2 by itself).
if [ "$unit" = plumscale-kiosk-cage.service ]; then
    printf '[Service]\nEnvironment=WLR_RENDERER=pixman\n' >"$root/etc/systemd/system/$unit.d/station-no-gpu.conf"
fi
# systemd-test.sh starts once the console unit is up (or given up);
# cage-test.sh starts beside the cage unit and waits for it itself, so
# that it can say what cage is doing while it is not up.
order="After=$unit"
[ "$unit" = plumscale-kiosk-cage.service ] && order="After=station-panel.service"
cat >"$root/etc/systemd/system/station-test.service" <<UNIT
[Unit]
Description=The station rig's test of $unit
$order

[Service]
Type=oneshot
ExecStart=/bin/sh $here/$test /station
ExecStopPost=/bin/systemctl poweroff --no-block
StandardOutput=journal+console
StandardError=journal+console
UNIT
# A touch panel (the project's pressure panel, through uinput) that is
# there before the kiosk starts, so --source auto takes it as on a station.
cat >"$root/etc/systemd/system/station-panel.service" <<UNIT
[Unit]
Description=The station rig's touch panel (uinput)
Before=$unit

[Service]
ExecStart=/usr/bin/python3 $here/station.py hold-device /station $repo/Tests/PlumScaleCoreTests/Fixtures/recordings/pressure-panel.evemu
ExecStartPost=/bin/sh -c 'while [ ! -s /station/panel-node ]; do sleep 0.2; done'
UNIT
ln -sf /etc/systemd/system/station-panel.service "$root/etc/systemd/system/multi-user.target.wants/"
ln -sf "/etc/systemd/system/$unit" "$root/etc/systemd/system/multi-user.target.wants/"
ln -sf /etc/systemd/system/station-test.service "$root/etc/systemd/system/multi-user.target.wants/"
# Nothing on the VM's consoles but the kiosk (tty1) and the kernel (ttyS0),
# and none of the host's services the kiosk does not use.
for masked in getty@tty1.service serial-getty@ttyS0.service systemd-networkd.service systemd-timesyncd.service \
    apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer man-db.timer \
    systemd-binfmt.service proc-sys-fs-binfmt_misc.automount apparmor.service mosquitto.service postgresql.service; do
    ln -sf /dev/null "$root/etc/systemd/system/$masked"
done
