import Foundation

/// What a replay says about the device that recorded it.
public struct ReplayDevice: Equatable, Sendable {
    public var name: String
    public var mode: ForceMode
    /// Grams from the device's own pressure resolution (evemu recordings
    /// carry the axis' resolution), nil without.
    public var deviceGrams: DeviceGrams?
    /// An evemu recording's device surface (positions are the device's,
    /// not the screen's); nil for JSON Lines replays.
    public var surface: DeviceSurface?
    /// What an evemu recording's device is, why it cannot weigh, why it
    /// gives no grams (`InputSource`); nil for JSON Lines replays.
    public var category: DeviceCategory?
    public var refusal: String?
    public var noGramsReason: String?
    /// The mouse stood in for fingers when it was recorded: the replay's
    /// pointer and wheel lines make contacts again.
    public var mouse: Bool
    /// The wall clock at t = 0 (a `--record` header's `started`), nil when
    /// the file does not say.
    public var started: Date?

    public init(
        name: String, mode: ForceMode, deviceGrams: DeviceGrams? = nil, surface: DeviceSurface? = nil,
        category: DeviceCategory? = nil, refusal: String? = nil, noGramsReason: String? = nil, mouse: Bool = false,
        started: Date? = nil
    ) {
        self.name = name
        self.mode = mode
        self.deviceGrams = deviceGrams
        self.surface = surface
        self.category = category
        self.refusal = refusal
        self.noGramsReason = noGramsReason
        self.mouse = mouse
        self.started = started
    }
}

/// A recorded session, ready to be fed to the core: events in time order.
public struct Replay: Equatable, Sendable {
    public var device: ReplayDevice
    public var events: [InputEvent]
    /// Non-fatal notes about the file (clamped values, unknown ids), with lines.
    public var warnings: [String]

    public init(device: ReplayDevice, events: [InputEvent], warnings: [String] = []) {
        self.device = device
        self.events = events
        self.warnings = warnings
    }

    /// Time of the last event, 0 for an empty replay.
    public var duration: Double { events.last?.time ?? 0 }
}
