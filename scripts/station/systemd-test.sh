#!/bin/sh
# Runs under systemd as PID 1 in the station VM (station-test.service):
# watches plumscale-kiosk.service through readiness, a watchdog kill, a
# crash loop and a bad config, writing what systemd said into OUT for the
# Swift suite (SystemdStationTests) to judge. Each wait is bounded.
out=$1
unit=plumscale-kiosk.service
show() { systemctl show "$unit" -p "$1" --value; }
now() { cut -d' ' -f1 /proc/uptime; }
note() { echo "$(now) $*" >>"$out/systemd.log"; }
# Waits up to $2 s for `show $1` to be $3.
wait_for() {
    i=0
    while [ "$i" -lt $(($2 * 5)) ]; do
        [ "$(show "$1")" = "$3" ] && return 0
        sleep 0.2
        i=$((i + 1))
    done
    return 1
}
snapshot() {
    echo "[$1]" >>"$out/states.txt"
    systemctl show "$unit" -p ActiveState -p SubState -p Result -p MainPID -p NRestarts -p StatusText \
        -p ExecMainStartTimestampMonotonic -p ActiveEnterTimestampMonotonic -p ExecMainStatus -p ExecMainCode \
        -p WatchdogUSec >>"$out/states.txt"
}

note "test started"
# 1. Readiness: a Type=notify unit is active only once READY=1 came.
if wait_for ActiveState 180 active; then note "active"; else note "never active: $(show ActiveState)/$(show SubState)"; fi
sleep 3
snapshot ready
journalctl -u "$unit" -o short-monotonic --no-pager >"$out/journal.txt" 2>&1
ls -l /dev/dri >>"$out/devices.txt" 2>&1
touch "$out/ready-for-screendump"
i=0
while [ ! -e "$out/screendump-done" ] && [ "$i" -lt 150 ]; do sleep 0.2; i=$((i + 1)); done

# 2. The watchdog: a stopped main process stops pinging; systemd kills it
# (SIGABRT) after WatchdogSec and starts it again after RestartSec.
first=$(show MainPID)
note "SIGSTOP to $first"
kill -STOP "$first"
i=0
while [ "$i" -lt 1500 ]; do
    pid=$(show MainPID)
    [ "$pid" != "$first" ] && [ "$pid" != 0 ] && [ "$(show ActiveState)" = active ] && break
    sleep 0.2
    i=$((i + 1))
done
note "main pid now $(show MainPID)"
snapshot watchdog

# 3. A crash loop: every start fails at once (no display: exit 1).
mkdir -p /run/systemd/system/$unit.d
printf '[Service]\nEnvironment=SDL_VIDEODRIVER=station-none\n' >/run/systemd/system/$unit.d/crash.conf
systemctl daemon-reload
before=$(show NRestarts)
note "crash loop from NRestarts $before"
systemctl restart --no-block "$unit"
sleep 45
note "crash loop: NRestarts $(show NRestarts), $(show ActiveState)/$(show SubState), $(show Result)"
snapshot crashloop

# 4. Bad usage or a bad config file (exit 2): not started again.
printf '[Service]\nEnvironment=SDL_VIDEODRIVER=station-none\nExecStart=\nExecStart=%s --kiosk --no-such-option\n' \
    "$(systemctl show "$unit" -p ExecStart --value | sed -n 's/.*path=\([^ ;]*\).*/\1/p')" \
    >/run/systemd/system/$unit.d/crash.conf
systemctl daemon-reload
systemctl reset-failed "$unit"
systemctl restart --no-block "$unit"
wait_for ActiveState 60 failed || true
sleep 6
snapshot badusage

journalctl -u "$unit" -o short-monotonic --no-pager >"$out/journal.txt" 2>&1
journalctl -b -o short-monotonic --no-pager >"$out/journal-all.txt" 2>&1
note "test done"
