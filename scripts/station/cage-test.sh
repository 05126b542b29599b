#!/bin/sh
# Runs under systemd as PID 1 in the station VM (station-test.service) when
# the unit under test is plumscale-kiosk-cage.service: cage on the VM's DRM
# output (bochs), its seat from the logind session the unit opens
# (PAMName=login on tty1), PlumScale inside on SDL's wayland driver. Waits
# for readiness, writes down what systemd and logind said, asks the host
# for the screendump, and stops the unit. Every wait is bounded; the Swift
# suite (CageStationTests) judges the files in OUT.
out=$1
unit=plumscale-kiosk-cage.service
show() { systemctl show "$unit" -p "$1" --value; }
now() { cut -d' ' -f1 /proc/uptime; }
note() { echo "$(now) $*" >>"$out/cage.log"; }
snapshot() {
    echo "[$1]" >>"$out/states.txt"
    systemctl show "$unit" -p ActiveState -p SubState -p Result -p MainPID -p NRestarts -p StatusText \
        -p ExecMainStartTimestampMonotonic -p ActiveEnterTimestampMonotonic -p ExecMainStatus -p ExecMainCode \
        -p WatchdogUSec >>"$out/states.txt"
}
# The seat cage was given: logind's sessions, and the one of the unit's user.
sessions() {
    {
        echo "[$1]"
        loginctl list-sessions --no-legend
        for s in $(loginctl list-sessions --no-legend | awk '$3 == "plumscale" { print $1 }'); do
            loginctl show-session "$s" -p Seat -p VTNr -p TTY -p Type -p Class -p Active -p State -p Service
        done
    } >>"$out/sessions.txt" 2>&1
}

# The devices cage holds: the DRM card and the input nodes logind gave it.
cage_devices() {
    for pid in $(pidof cage); do
        echo "[cage $pid]"
        ls -l "/proc/$pid/fd" | sed -n 's|.*-> \(/dev/.*\)|\1|p' | sort -u
    done >>"$out/cage-fds.txt" 2>&1
    # Their cgroups: systemd takes READY=1 only from the unit's own.
    for pid in $(pidof cage plumscale); do
        echo "$pid $(cat "/proc/$pid/comm") $(cat "/proc/$pid/cgroup")"
    done >>"$out/cgroups.txt" 2>&1
}

note "test started"
# Active only once READY=1 came: PlumScale's first frame, through cage.
# Bounded by the VM's uptime (each systemctl takes a while under TCG).
up() { cut -d. -f1 /proc/uptime; }
started=$(up)
end=$((started + 420))
next=$started
while [ "$(up)" -lt "$end" ]; do
    state=$(show ActiveState)
    [ "$state" = active ] && break
    # Given up (a crash loop or exit 2): no use waiting for it.
    [ "$state" = failed ] && [ "$(show SubState)" = failed ] && break
    # cage's seat and devices, taken while a cage runs (it may not last).
    if [ ! -s "$out/cage-fds.txt" ] && pidof plumscale >/dev/null; then
        sleep 2
        sessions running
        cage_devices
    fi
    # What the VM is doing meanwhile, in case it never ends (every 30 s).
    if [ "$(up)" -ge "$next" ]; then
        next=$(($(up) + 30))
        note "waiting: $state/$(show SubState), NRestarts $(show NRestarts)"
        journalctl -b -o short-monotonic --no-pager >"$out/journal-all.txt" 2>&1
        loginctl list-sessions --no-legend >"$out/sessions-waiting.txt" 2>&1
        ps -eo pid,user,stat,wchan:24,args >"$out/processes.txt" 2>&1
    fi
    sleep 0.5
done
note "unit $(show ActiveState)/$(show SubState) after $(($(up) - started)) s"
sleep 3
snapshot ready
sessions ready
ls -l /dev/dri /run/user >>"$out/devices.txt" 2>&1
ps -eo pid,user,args >"$out/processes.txt" 2>&1
if [ "$(show ActiveState)" = active ]; then
    touch "$out/ready-for-screendump"
    i=0
    while [ ! -e "$out/screendump-done" ] && [ "$i" -lt 300 ]; do sleep 0.2; i=$((i + 1)); done
    note "screendump taken"
fi
# systemctl stop: PlumScale (the main process) gets SIGTERM, cage follows.
systemctl stop "$unit"
note "stopped: $(show ActiveState)/$(show SubState) $(show Result)"
snapshot stopped
journalctl -b -o short-monotonic --no-pager >"$out/journal-all.txt" 2>&1
note "test done"
