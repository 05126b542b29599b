#!/usr/bin/python3
"""The station rig's side inside the VM: uinput devices made from evemu
recordings, their events written through the uinput fd (as a driver writes
them, so the kernel's input core filters and stamps them), and the scenarios
that run `plumscale --source evdev` against them.

Usage (in the VM, as root): station.py SCENARIO OUTDIR [RECORDING...]
Scenarios: live-replay, already-down, syn-dropped, hot-plug (and
hold-device for the systemd VM). Each writes its files
into OUTDIR and prints what it did; the analysis is the Swift suite's
(Tests/PlumScaleEndToEndTests/Station).
"""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import evdev
from evdev import AbsInfo, UInput, ecodes

BINARY = os.environ.get("PLUMSCALE", os.path.join(os.getcwd(), ".build/debug/plumscale"))


class Recording:
    """An evemu recording: the description and the frames (each ends at a
    SYN_REPORT), times in seconds."""

    def __init__(self, path):
        self.path = path
        self.name = "unnamed"
        self.ids = (0, 0, 0, 0)
        self.props = []
        self.bits = {}
        self.axes = {}
        self.frames = []
        masks = {}
        frame = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip() if not line.startswith("N:") else line.strip()
                if not line:
                    continue
                kind, _, rest = line.partition(":")
                rest = rest.strip()
                if kind == "N":
                    self.name = rest
                elif kind == "I":
                    self.ids = tuple(int(x, 16) for x in rest.split())
                elif kind == "P":
                    self.props = bits_of(bytes(int(x, 16) for x in rest.split()))
                elif kind == "B":
                    parts = rest.split()
                    masks.setdefault(int(parts[0], 16), bytearray()).extend(int(x, 16) for x in parts[1:])
                elif kind == "A":
                    parts = rest.split()
                    code = int(parts[0], 16)
                    numbers = [int(x) for x in parts[1:]] + [0]
                    self.axes[code] = tuple(numbers[:5])
                elif kind == "E":
                    parts = rest.split()
                    t, etype, code, value = float(parts[0]), int(parts[1], 16), int(parts[2], 16), int(parts[3])
                    frame.append((etype, code, value))
                    if etype == ecodes.EV_SYN and code == ecodes.SYN_REPORT:
                        self.frames.append((t, frame))
                        frame = []
        for etype, mask in masks.items():
            self.bits[etype] = bits_of(mask)
        if self.frames:
            start = self.frames[0][0]
            self.frames = [(t - start, events) for t, events in self.frames]

    def device(self):
        """A uinput device described as the recording is. Fuzz is 0: the
        recorded values already went through the kernel's defuzzing once."""
        events = {}
        keys = [c for c in self.bits.get(ecodes.EV_KEY, [])]
        if keys:
            events[ecodes.EV_KEY] = keys
        msc = [c for c in self.bits.get(ecodes.EV_MSC, [])]
        if msc:
            events[ecodes.EV_MSC] = msc
        abs_codes = sorted(set(self.axes) | set(self.bits.get(ecodes.EV_ABS, [])))
        if abs_codes:
            events[ecodes.EV_ABS] = [
                (code, AbsInfo(value=0, min=self.axes.get(code, (0, 0))[0], max=self.axes.get(code, (0, 0))[1],
                               fuzz=0, flat=self.axes.get(code, (0, 0, 0, 0))[3],
                               resolution=self.axes.get(code, (0, 0, 0, 0, 0))[4]))
                for code in abs_codes]
        bus, vendor, product, version = self.ids
        return UInput(events=events, name=self.name, vendor=vendor, product=product, version=version,
                      bustype=bus, input_props=self.props)

    def is_touchpad(self):
        return ecodes.INPUT_PROP_DIRECT not in self.props and ecodes.BTN_TOOL_FINGER in self.bits.get(ecodes.EV_KEY, [])


def bits_of(mask):
    return [i * 8 + b for i, byte in enumerate(mask) for b in range(8) if byte & (1 << b)]


def play(ui, frames, pace=True, gap_cap=0.1, program=None):
    """Writes frames through the uinput fd, at their recorded pace (gaps
    capped), each event as the recording has it. With `program`, never more
    than WINDOW frames ahead of what the program has read: a reader held up
    by TCG's bursts would otherwise overflow the kernel's buffer
    (SYN_DROPPED), which is another test's subject."""
    last = None
    watcher = Backlog(ui, program) if program else None
    for t, events in frames:
        if pace and last is not None:
            time.sleep(min(max(t - last, 0), gap_cap))
        last = t
        if watcher:
            watcher.wait()
        for etype, code, value in events:
            ui.write(etype, code, value)
    if watcher:
        watcher.close()


class Backlog:
    """How far the program's reader is behind the kernel: the frames the
    kernel passed on (read here by a second client of the same device,
    which gets every frame the program's client gets) against the frames
    the program has read (its --record-evemu file, written at each frame)."""

    WINDOW = 16

    def __init__(self, ui, program):
        self.device = evdev.InputDevice(node_of(ui))
        self.program = program
        self.passed = 0
        self.read = -1  # the state loaded at open comes first
        self.offset = 0
        self.dropped = 0

    def wait(self, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            try:
                for event in self.device.read():
                    if event.type == ecodes.EV_SYN and event.code == ecodes.SYN_REPORT:
                        self.passed += 1
                    elif event.type == ecodes.EV_SYN and event.code == ecodes.SYN_DROPPED:
                        self.dropped += 1
            except BlockingIOError:
                pass
            with open(self.program.evemu, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
            whole = chunk.rfind(b"\n") + 1
            self.read += chunk[:whole].count(b" 0000 0000 0000\n")
            self.offset += whole
            if self.passed - self.read <= self.WINDOW or time.monotonic() > deadline:
                return
            time.sleep(0.01)

    def close(self):
        if self.dropped:
            print("  the rig's own reader saw SYN_DROPPED %d times" % self.dropped)
        self.device.close()


def node_of(ui):
    for _ in range(100):
        try:
            return ui.device.path
        except Exception:
            time.sleep(0.05)
    raise RuntimeError("no /dev/input node for the uinput device")


class Program:
    """plumscale reading a device live, recording what its core is fed
    (--record) and the kernel's events as it read them (--record-evemu)."""

    def __init__(self, out, stem, node, touchpad=False, extra=()):
        self.jsonl = os.path.join(out, stem + ".live.jsonl")
        self.evemu = os.path.join(out, stem + ".live.evemu")
        self.log = os.path.join(out, stem + ".log")
        env = dict(os.environ, SDL_VIDEODRIVER="offscreen", XDG_RUNTIME_DIR="/tmp/xdg", XDG_CACHE_HOME="/tmp/home/cache",
                   XDG_CONFIG_HOME="/tmp/home/config-" + stem, XDG_DATA_HOME="/tmp/home/data-" + stem)
        os.makedirs("/tmp/xdg", mode=0o700, exist_ok=True)
        source = ("touchpad:" if touchpad else "evdev:") + node
        # The window is the offscreen display's size (1024x768), so a
        # touchscreen's display-normalised positions are its own.
        args = [BINARY, "--source", source, "--size", "1024x768", "--record", self.jsonl,
                "--record-evemu", self.evemu, "--verbose", *extra]
        self.started = time.monotonic()
        self.process = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))

    def wait_reading(self, timeout=120):
        """Until the reader thread has loaded the device's state (its first
        frame is in --record-evemu's file)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("plumscale ended early (status %s): %s" % (self.process.returncode, tail(self.log)))
            if os.path.exists(self.evemu) and "\nE: " in open(self.evemu).read():
                print("  reading after %.1f s" % (time.monotonic() - self.started))
                return
            time.sleep(0.1)
        raise RuntimeError("plumscale did not start reading within %d s: %s" % (timeout, tail(self.log)))

    def wait_settled(self, quiet=2.0, timeout=60):
        """Until the recordings stop growing for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        sizes, since = None, time.monotonic()
        while time.monotonic() < deadline:
            now = (size(self.evemu), size(self.jsonl))
            if now != sizes:
                sizes, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return
            time.sleep(0.2)

    def stop(self, timeout=60):
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        print("  plumscale exited with status %d" % status)
        return status


def size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return -1


def tail(path):
    try:
        return " | ".join(open(path).read().strip().splitlines()[-4:])
    except OSError:
        return "(no log)"


def stem_of(path):
    return os.path.basename(path).rsplit(".", 1)[0]


def live_replay(out, recordings):
    """Item 1: each recording played live through a uinput device."""
    for path in recordings:
        rec = Recording(path)
        stem = stem_of(path)
        print("%s: %d frames over %.2f s" % (stem, len(rec.frames), rec.frames[-1][0] if rec.frames else 0))
        with rec.device() as ui:
            node = node_of(ui)
            program = Program(out, stem, node, touchpad=rec.is_touchpad())
            program.wait_reading()
            began = time.monotonic()
            play(ui, rec.frames, program=program)
            print("  played in %.2f s" % (time.monotonic() - began))
            program.wait_settled()
            status = program.stop()
        with open(os.path.join(out, stem + ".status"), "w") as f:
            f.write("%d\n" % status)


def already_down(out, recordings):
    """Item 2: the first frames put objects on the device before the program
    opens it; the program is started only then."""
    path, count = recordings[0], int(recordings[1])
    rec = Recording(path)
    stem = stem_of(path) + ".already-down"
    with rec.device() as ui:
        node = node_of(ui)
        play(ui, rec.frames[:count], pace=False)
        time.sleep(0.5)
        program = Program(out, stem, node, touchpad=rec.is_touchpad())
        program.wait_reading()
        program.wait_settled()
        status = program.stop()
    with open(os.path.join(out, stem + ".status"), "w") as f:
        f.write("%d\n" % status)


def syn_dropped(out, recordings):
    """Item 3: the program is stopped (SIGSTOP) while the device sends more
    frames than the kernel's buffer for its reader holds; then it goes on.
    The frames: the recording's first `count` frames, then `flood` frames
    that move its contacts to and fro, then the recording's frame `count`
    again... all ending in a known state: the frames up to `count` once more
    (positions and pressures as they were), then a last move of each
    contact by a known offset."""
    path, count, flood = recordings[0], int(recordings[1]), int(recordings[2])
    rec = Recording(path)
    stem = stem_of(path) + ".syn-dropped"
    with rec.device() as ui:
        node = node_of(ui)
        program = Program(out, stem, node, touchpad=rec.is_touchpad())
        program.wait_reading()
        play(ui, rec.frames[:count], pace=False)
        program.wait_settled(quiet=1.5)
        os.kill(program.process.pid, signal.SIGSTOP)
        slots = active_slots(rec.frames[:count])
        x_axis, p_axis = rec.axes.get(ecodes.ABS_MT_POSITION_X), rec.axes.get(ecodes.ABS_MT_PRESSURE)
        written = 0
        for i in range(flood):
            for slot, state in sorted(slots.items()):
                ui.write(ecodes.EV_ABS, ecodes.ABS_MT_SLOT, slot)
                ui.write(ecodes.EV_ABS, ecodes.ABS_MT_POSITION_X, clamp(state["x"] + (i % 50) - 25, x_axis))
                if p_axis and "p" in state:
                    ui.write(ecodes.EV_ABS, ecodes.ABS_MT_PRESSURE, clamp(state["p"] + (i % 7), p_axis))
            ui.syn()
            written += 1
        # The device's final state: each contact 40 units right of where it
        # was, its pressure 10 over (the analysis knows these numbers).
        for slot, state in sorted(slots.items()):
            ui.write(ecodes.EV_ABS, ecodes.ABS_MT_SLOT, slot)
            ui.write(ecodes.EV_ABS, ecodes.ABS_MT_POSITION_X, clamp(state["x"] + 40, x_axis))
            if p_axis and "p" in state:
                ui.write(ecodes.EV_ABS, ecodes.ABS_MT_PRESSURE, clamp(state["p"] + 10, p_axis))
        ui.syn()
        print("  wrote %d frames while plumscale was stopped" % (written + 1))
        time.sleep(0.5)
        os.kill(program.process.pid, signal.SIGCONT)
        program.wait_settled()
        status = program.stop()
    with open(os.path.join(out, stem + ".status"), "w") as f:
        f.write("%d\n" % status)


def active_slots(frames):
    """The protocol B slots touching after `frames`, with x and pressure (a
    slot keeps its values from one contact to the next, as the kernel's
    do)."""
    slot, values, active = 0, {}, set()
    for _, events in frames:
        for etype, code, value in events:
            if etype != ecodes.EV_ABS:
                continue
            if code == ecodes.ABS_MT_SLOT:
                slot = value
            elif code == ecodes.ABS_MT_TRACKING_ID:
                (active.discard if value < 0 else active.add)(slot)
            elif code == ecodes.ABS_MT_POSITION_X:
                values.setdefault(slot, {})["x"] = value
            elif code == ecodes.ABS_MT_PRESSURE:
                values.setdefault(slot, {})["p"] = value
    return {slot: values.get(slot, {}) for slot in active}


def clamp(value, axis):
    return max(axis[0], min(axis[1], value)) if axis else value


def start_udevd():
    """systemd-udevd, as on a station: it sends the "add" the program's
    udev monitor waits for once its rules have run."""
    os.makedirs("/run/udev", exist_ok=True)
    udevd = subprocess.Popen(["/lib/systemd/systemd-udevd"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if os.path.exists("/run/udev/control"):
            break
        time.sleep(0.1)
    subprocess.run(["udevadm", "settle", "--timeout=20"], check=False)
    return udevd


def evemu_frames(path):
    """Frames the program has recorded so far (its --record-evemu file)."""
    try:
        return open(path, "rb").read().count(b" 0000 0000 0000\n")
    except OSError:
        return 0


class UdevListener(threading.Thread):
    """udev's messages (the netlink group udevd sends to once its rules
    have run: what the program's udev monitor waits for), each timed by
    time.monotonic() as it arrives. (`udevadm monitor` refuses to run in
    the rig's chroot.)"""

    def __init__(self):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 15)  # NETLINK_KOBJECT_UEVENT
        self.sock.bind((0, 2))  # group 2: udev's, not the kernel's
        self.sock.settimeout(0.2)
        self.seen = []
        self.done = False

    def run(self):
        while not self.done:
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            self.seen.append((time.monotonic(), data))

    def stop(self, node):
        """When udev said the event node `node` was added (None: never)."""
        self.done = True
        self.join(5)
        self.sock.close()
        for when, data in self.seen:
            fields = data.split(b"\0")
            if b"ACTION=add" in fields and ("DEVNAME=" + node).encode() in fields:
                return when
        print("  udev said nothing of %s (%d messages)" % (node, len(self.seen)))
        return None


def hot_plug(out, recordings):
    """Item 4: with udevd running, the device is unplugged while objects lie
    on it, and plugged back a second later (a new uinput device of the same
    description) with the same objects on it; how long the program took to
    read it again (its first frame of the new device, from libevdev's state
    at the reopen) goes to OUT/STEM.reopen.json: from the plug, and from
    udev's "add" (what the program waits for: its rules have run)."""
    path, count = recordings[0], int(recordings[1])
    rec = Recording(path)
    stem = stem_of(path) + ".hot-plug"
    udevd = start_udevd()
    try:
        ui = rec.device()
        node = node_of(ui)
        program = Program(out, stem, node, touchpad=rec.is_touchpad())
        program.wait_reading()
        play(ui, rec.frames[:count], pace=False)
        program.wait_settled(quiet=1.5)
        ui.close()
        print("  unplugged %s" % node)
        time.sleep(1.0)
        before = evemu_frames(program.evemu)
        # udev's own word, timed as it arrives.
        listener = UdevListener()
        listener.start()
        plugged = time.monotonic()
        ui = rec.device()
        again = node_of(ui)
        play(ui, rec.frames[:count], pace=False)
        print("  plugged back as %s" % again)
        reopened = None
        while time.monotonic() - plugged < 30:
            if evemu_frames(program.evemu) > before:
                reopened = time.monotonic()
                break
            time.sleep(0.02)
        announced = listener.stop(again)
        figures = {"from_plug": None if reopened is None else reopened - plugged,
                   "from_udev": None if reopened is None or announced is None else reopened - announced,
                   "udev_after_plug": None if announced is None else announced - plugged}
        with open(os.path.join(out, stem + ".reopen.json"), "w") as f:
            json.dump(figures, f)
        print("  read again: %s" % figures)
        program.wait_settled()
        status = program.stop()
        ui.close()
    finally:
        udevd.terminate()
        udevd.wait()
    with open(os.path.join(out, stem + ".status"), "w") as f:
        f.write("%d\n" % status)


def hold_device(out, recordings):
    """A touch panel for the systemd VM's kiosk: the recording's device,
    kept until SIGTERM; its node is written to OUT/panel-node."""
    rec = Recording(recordings[0])
    with rec.device() as ui:
        node = node_of(ui)
        with open(os.path.join(out, "panel-node"), "w") as f:
            f.write(node + "\n")
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        while True:
            time.sleep(3600)


def main():
    scenario, out, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    subprocess.run(["modprobe", "-a", "evdev", "uinput"], check=True)
    scenarios = {"live-replay": live_replay, "already-down": already_down, "syn-dropped": syn_dropped,
                 "hot-plug": hot_plug, "hold-device": hold_device}
    scenarios[scenario](out, rest)
    print("station.py %s: done" % scenario)


if __name__ == "__main__":
    main()
