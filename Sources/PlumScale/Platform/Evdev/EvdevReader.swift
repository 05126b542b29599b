import CEvdev
import Foundation
import PlumScaleCore

/// Reads a touch device on its own thread and hands decoded frames and
/// InputEvents to a callback (called on that thread). Live devices are read
/// with libevdev; a pipe or FIFO carrying raw `struct input_event` records
/// can be read too (tests), with the axes given explicitly and no ioctl.
/// Both go through the same `MultitouchDecoder` as recordings.
public final class EvdevReader: @unchecked Sendable {
    /// What the reader reports.
    public enum Output: Sendable {
        /// One SYN_REPORT's contacts, and the events leading to them.
        case frame(TouchFrame, [InputEvent])
        /// The device went away (ENODEV, end of file). `cancelled` cancels
        /// the contacts that were down. With a path, reopening is retried
        /// every second.
        case deviceLost(reason: String, cancelled: [InputEvent])
        /// The device at the path could be opened again.
        case deviceBack(path: String)
    }

    private enum Source {
        case libevdev(LibevdevDevice)
        case raw(Int32, owned: Bool)
    }

    /// The device as described when the reader was made.
    public let device: TouchDeviceDescription
    /// The path reopened after a loss; nil for a reader made from an fd.
    public let path: String?
    /// Subtracted from kernel timestamps (seconds); live devices use
    /// CLOCK_MONOTONIC.
    public let timeBase: Double
    private let handler: @Sendable (Output) -> Void
    private let rawDevice: Bool
    /// The device's state at open and at each reopen: libevdev's for a live
    /// device; for a raw reader, what the test gives (the test seam for
    /// objects already down), or nothing.
    private let initialState: (@Sendable () -> DeviceSnapshot)?
    // Touched only by the reader thread once started.
    private var source: Source?
    private var decoder: MultitouchDecoder
    private var converter = TouchFrameConverter()
    var pending: [UInt8] = []
    /// `--record-evemu`: the kernel events of each frame, handed over at its
    /// SYN_REPORT; the state loaded at open or after SYN_DROPPED comes as the
    /// events that make it. Set before `start`.
    public var rawFrames: (@Sendable ([KernelEvent]) -> Void)?
    private var rawPending: [KernelEvent] = []
    /// The time of the last event read, for the cancels of a loss.
    private var lastTime = 0.0
    let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    /// Live devices with a path: udev's news of devices that appear.
    let arrivals: DeviceArrivals?
    private var started = false

    /// Opens the event device at `path` with libevdev (the live case).
    public convenience init(
        path: String, timeBase: Double = 0,
        handler: @escaping @Sendable (Output) -> Void
    ) throws {
        let device = try LibevdevDevice(path: path)
        try self.init(
            source: .libevdev(device), device: device.describe(), path: path,
            raw: false, timeBase: timeBase, initialState: nil, handler: handler)
    }

    /// Reads raw input_event records from `fd` (a pipe in tests), with the
    /// given axes; no ioctl. The fd is not closed by the reader.
    /// `initialState` stands in for libevdev's state at open.
    public convenience init(
        fd: Int32, device: TouchDeviceDescription, timeBase: Double = 0,
        initialState: (@Sendable () -> DeviceSnapshot)? = nil,
        handler: @escaping @Sendable (Output) -> Void
    ) throws {
        try self.init(
            source: .raw(fd, owned: false), device: device, path: nil,
            raw: true, timeBase: timeBase, initialState: initialState, handler: handler)
    }

    /// Opens `path` (a FIFO in tests) with open(2) only and reads raw records
    /// with the given axes; reopens it every second after a loss.
    /// `initialState` stands in for libevdev's state at open and reopen.
    public convenience init(
        rawPath path: String, device: TouchDeviceDescription, timeBase: Double = 0,
        initialState: (@Sendable () -> DeviceSnapshot)? = nil,
        handler: @escaping @Sendable (Output) -> Void
    ) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw EvdevError(path: path, errno: errno) }
        try self.init(
            source: .raw(fd, owned: true), device: device, path: path,
            raw: true, timeBase: timeBase, initialState: initialState, handler: handler)
    }

    private init(
        source: Source, device: TouchDeviceDescription, path: String?, raw: Bool,
        timeBase: Double, initialState: (@Sendable () -> DeviceSnapshot)?,
        handler: @escaping @Sendable (Output) -> Void
    ) throws {
        decoder = try MultitouchDecoder(device: device)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EvdevError(path: path ?? "pipe", errno: errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.wake = (fds[0], fds[1])
        self.source = source
        self.device = device
        self.path = path
        self.rawDevice = raw
        self.timeBase = timeBase
        self.initialState = initialState
        self.handler = handler
        self.arrivals = raw || path == nil ? nil : DeviceArrivals()
    }

    deinit {
        close(wake.read)
        close(wake.write)
        if case .raw(let fd, true) = source { close(fd) }
    }

    /// Starts the reading thread.
    public func start() {
        started = true
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "evdev-reader"
        thread.start()
    }

    /// Stops the thread and waits for it to end.
    public func stop() {
        guard started else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        finished.wait()
        started = false
    }

    private var fd: Int32? {
        switch source {
        case .libevdev(let device): return device.fd
        case .raw(let fd, _): return fd
        case nil: return nil
        }
    }

    private func run() {
        loadState()
        while true {
            guard let fd else {
                // Lost: reopen when udev says the device is back (retrying
                // now and then all the same: udevd may not run); a raw
                // reader (tests) retries every second.
                guard let path, !waitForReturn(of: path) else { return }
                if reopen(path) {
                    handler(.deviceBack(path: path))
                    loadState()
                }
                continue
            }
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR {
                    continue
                } else {
                    lose("poll: \(String(cString: strerror(errno)))")
                    continue
                }
            }
            if fds[1].revents != 0 { return }
            let revents = Int32(fds[0].revents)
            if revents & Int32(POLLIN) != 0 {
                drain()
            } else if revents & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                lose("the device is gone")
            }
        }
    }

    private func reopen(_ path: String) -> Bool {
        if rawDevice {
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return false }
            source = .raw(fd, owned: true)
        } else {
            guard let device = try? LibevdevDevice(path: path) else { return false }
            source = .libevdev(device)
        }
        let next = decoder.nextContactID
        decoder = (try? MultitouchDecoder(device: device, firstContactID: next)) ?? decoder
        pending = []
        return true
    }

    /// The state of the device as it is now (libevdev's, or the test
    /// seam's), reported as a frame when something is down: objects already
    /// on the panel at open or at a reopen appear at once.
    private func loadState() {
        let snapshot: DeviceSnapshot
        switch source {
        case .libevdev(let device): snapshot = device.snapshot()
        case .raw:
            guard let initialState else { return }
            snapshot = initialState()
        case nil: return
        }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let time = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - timeBase
        rawFrames?(snapshot.events(for: device, time: time))
        let frame = decoder.load(snapshot, time: time)
        guard !frame.contacts.isEmpty else { return }
        lastTime = time
        handler(.frame(frame, converter.events(for: frame)))
    }

    func lose(_ reason: String) {
        if case .raw(let fd, true) = source { close(fd) }
        source = nil
        let cancelled = converter.cancelAll(time: lastTime)
        handler(.deviceLost(reason: reason, cancelled: cancelled))
        if path == nil {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }  // nothing to retry
    }

    func deliver(_ event: KernelEvent) {
        lastTime = event.time
        if let rawFrames {
            rawPending.append(event)
            if event.type == EventType.syn && event.code == SynCode.report {
                rawFrames(rawPending)
                rawPending.removeAll(keepingCapacity: true)
            }
        }
        guard let frame = decoder.feed(event) else { return }
        handler(.frame(frame, converter.events(for: frame)))
    }

    /// Reads everything available now.
    private func drain() {
        switch source {
        case .libevdev(let device):
            while true {
                switch device.next() {
                case .event(let event): deliver(KernelEvent(event, timeBase: timeBase))
                case .dropped(let event):
                    let dropped = KernelEvent(event, timeBase: timeBase)
                    _ = decoder.feed(dropped)
                    let snapshot = device.snapshot()
                    rawPending.removeAll()
                    rawFrames?(snapshot.events(for: self.device, time: dropped.time))
                    let frame = decoder.load(snapshot, time: dropped.time)
                    handler(.frame(frame, converter.events(for: frame)))
                case .again: return
                case .failed(let code):
                    lose(EvdevError.explain(errno: code))
                    return
                }
            }
        case .raw(let fd, _): drainRaw(fd)
        case nil: return
        }
    }
}
