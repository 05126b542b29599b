#!/usr/bin/env bash
# Lays out DIR/root/, which the station's init copies over the VM's root (an
# overlay on the host's) before it starts systemd as PID 1: the project's
# kiosk unit as an operator installs it (the README's user, with the
# groups the unit names), its ExecStart pointing at the plumscale given,
# and station-test.service, which runs systemd-test.sh and powers off.
# Usage: systemd-root.sh DIR PLUMSCALE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
dir=$1
binary=$2
root=$dir/root
mkdir -p "$root/etc/systemd/system/multi-user.target.wants" "$root/var/lib"
# The unit's user, made as the unit's own comment tells an operator to
# (prepare.sh runs in the VM's root before systemd starts).
cat >"$dir/prepare.sh" <<'PREPARE'
useradd --system --create-home --home-dir /var/lib/plumscale --groups input,video plumscale
id plumscale
PREPARE
sed -e "s|/usr/local/bin/plumscale|$binary|g" "$repo/Resources/plumscale-kiosk.service" >"$root/etc/systemd/system/plumscale-kiosk.service"
# The one change to the unit: under TCG the first frame (Mesa's llvmpipe,
# compiled by LLVM in an emulated CPU) comes minutes after the start, past
# systemd's default 90 s start timeout; on real hardware it takes a second.
mkdir -p "$root/etc/systemd/system/plumscale-kiosk.service.d"
printf '[Service]\nTimeoutStartSec=600\n' >"$root/etc/systemd/system/plumscale-kiosk.service.d/station-tcg.conf"
cat >"$root/etc/systemd/system/station-test.service" <<UNIT
[Unit]
Description=The station rig's test of plumscale-kiosk.service
After=plumscale-kiosk.service

[Service]
Type=oneshot
ExecStart=/bin/sh $here/systemd-test.sh /station
ExecStopPost=/bin/systemctl poweroff --no-block
StandardOutput=journal+console
StandardError=journal+console
UNIT
# A touch panel (the project's pressure panel, through uinput) that is
# there before the kiosk starts, so --source auto takes it as on a station.
cat >"$root/etc/systemd/system/station-panel.service" <<UNIT
[Unit]
Description=The station rig's touch panel (uinput)
Before=plumscale-kiosk.service

[Service]
ExecStart=/usr/bin/python3 $here/station.py hold-device /station $repo/Tests/PlumScaleTests/Fixtures/recordings/pressure-panel.evemu
ExecStartPost=/bin/sh -c 'while [ ! -s /station/panel-node ]; do sleep 0.2; done'
UNIT
ln -sf /etc/systemd/system/station-panel.service "$root/etc/systemd/system/multi-user.target.wants/"
ln -sf /etc/systemd/system/plumscale-kiosk.service "$root/etc/systemd/system/multi-user.target.wants/"
ln -sf /etc/systemd/system/station-test.service "$root/etc/systemd/system/multi-user.target.wants/"
# Nothing on the VM's consoles but the kiosk (tty1) and the kernel (ttyS0).
for unit in getty@tty1.service serial-getty@ttyS0.service systemd-networkd.service systemd-timesyncd.service \
    apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer man-db.timer \
    systemd-binfmt.service proc-sys-fs-binfmt_misc.automount apparmor.service; do
    ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
