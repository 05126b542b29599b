#!/bin/sh
# Runs under systemd as PID 1 in the station VM (station-test.service) when
# the unit under test is plumscale-kiosk-cage.service: cage on the VM's DRM
# output (virtio-gpu), its seat from seatd (seatd.service, the video
# group), PlumScale inside on SDL's wayland driver. Waits
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
# The seat cage was given: seatd's state and what it said, and logind's
# sessions (the unit opens none).
sessions() {
    {
        echo "[$1]"
        echo "seatd $(systemctl show seatd.service -p ActiveState --value)"
        journalctl -b -u seatd.service -o cat --no-pager
        echo "logind sessions:"
        loginctl list-sessions --no-legend
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
ls -l /dev/dri /run/plumscale >>"$out/devices.txt" 2>&1
ps -eo pid,user,args >"$out/processes.txt" 2>&1
if [ "$(show ActiveState)" = active ]; then
    touch "$out/ready-for-screendump"
    i=0
    while [ ! -e "$out/screendump-done" ] && [ "$i" -lt 300 ]; do sleep 0.2; i=$((i + 1)); done
    note "screendump taken"
fi
# systemctl reload: SIGHUP to PlumScale (cage's child), not to cage.
if [ "$(show ActiveState)" = active ]; then
    ps -eo pid,ppid,pgid,sid,tty,comm,args >"$out/processes-reload.txt" 2>&1
    systemctl reload "$unit"
    note "reloaded: $(show ActiveState)/$(show SubState)"
    sleep 2
    snapshot reloaded
fi
# systemctl stop: ExecStop= sends PlumScale SIGTERM and waits for it; cage
# (the main process) ends with its client.
systemctl stop "$unit"
note "stopped: $(show ActiveState)/$(show SubState) $(show Result)"
snapshot stopped
journalctl -b -o short-monotonic --no-pager >"$out/journal-all.txt" 2>&1
note "test done"
