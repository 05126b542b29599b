/// Why a device's events cannot be decoded.
public enum MultitouchDecoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither ABS_MT_POSITION_X/Y nor ABS_X/Y: nothing to place on screen.
    case noPositionAxes(device: String)
    /// A declared size or range the decoder cannot use (too many slots, an
    /// empty position range): `TouchDeviceDescription.problems`.
    case unusable(device: String, reason: String)

    public var description: String {
        switch self {
        case .noPositionAxes(let device):
            return "unsupported device \"\(device)\": it has no ABS_MT_POSITION_X/Y nor ABS_X/Y axes"
        case .unusable(let device, let reason):
            return "unsupported device \"\(device)\": \(reason)"
        }
    }
}

/// Decodes kernel events into touch frames, the same way for live devices and
/// recordings: multitouch protocol B (slots, ABS_MT_SLOT implied 0 at start,
/// tracking id -1 lifts), protocol A (SYN_MT_REPORT groups, ids assigned by
/// nearest-neighbour matching) and single-touch (BTN_TOUCH + ABS_X/Y).
/// Contact ids are increasing Ints, unique for the decoder's life, so a
/// tracking id reused after a lift gives a new contact.
public struct MultitouchDecoder: Sendable {
    /// The raw state of one protocol B slot, as libevdev reports it
    /// (libevdev_get_slot_value), for `resync` and `load`.
    public struct SlotState: Equatable, Sendable {
        /// -1 when the slot is empty.
        public var trackingID: Int32
        public var x: Int32
        public var y: Int32
        public var pressure: Int32
        public var touchMajor: Int32
        /// ABS_MT_TOOL_TYPE (MT_TOOL_FINGER 0, PEN 1, PALM 2).
        public var toolType: Int32
        /// ABS_MT_DISTANCE: above 0 the contact hovers.
        public var distance: Int32

        public init(
            trackingID: Int32, x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0, touchMajor: Int32 = 0,
            toolType: Int32 = ToolType.finger, distance: Int32 = 0
        ) {
            self.trackingID = trackingID
            self.x = x
            self.y = y
            self.pressure = pressure
            self.touchMajor = touchMajor
            self.toolType = toolType
            self.distance = distance
        }
    }

    /// Which multitouch protocol the device speaks.
    public enum Wire: Equatable, Sendable { case slots, protocolA, singleTouch }

    public let device: TouchDeviceDescription
    public let wire: Wire
    let mapping: ScreenMapping
    let pressureAxis: AbsAxis?
    let contactSize: ContactSizeScale?
    /// ABS_PRESSURE as the device's total force, on a pressure pad only.
    let totalAxis: DeviceTotalAxis?

    var slots: [SlotState]
    var slotContactIDs: [Int?]
    /// Per slot: the contact was in the last frame made.
    var slotShown: [Bool]
    /// Per slot: a pen or palm; not shown again until the slot is lifted.
    var slotExcluded: [Bool]
    /// BTN_TOUCH as last reported.
    var touching = false
    /// A pen tool key (BTN_TOOL_PEN ... AIRBRUSH) is down.
    var penInRange = false
    /// Touchpads report contacts that hover; they count only while BTN_TOUCH is 1.
    let needsTouchKey: Bool
    var currentSlot: Int = 0
    var nextID = 1
    /// True after SYN_DROPPED, until the next SYN_REPORT.
    public internal(set) var isDiscarding = false
    var protocolA = ProtocolATracker()
    var single = SingleTouchState()

    /// The id the next new contact gets.
    public var nextContactID: Int { nextID }

    /// Fails when the device has no position axes. `firstContactID` lets a
    /// decoder for a device that came back go on with fresh ids.
    public init(device: TouchDeviceDescription, firstContactID: Int = 1) throws(MultitouchDecoderError) {
        nextID = firstContactID
        guard let mapping = device.screenAxes else { throw .noPositionAxes(device: device.name) }
        if let problem = device.problems.first { throw .unusable(device: device.name, reason: problem.message) }
        self.device = device
        self.mapping = mapping
        if device.isProtocolA {
            self.wire = .protocolA
        } else if device.slotCount > 0 && device.axes[AbsCode.mtPositionX] != nil {
            self.wire = .slots
        } else {
            self.wire = .singleTouch
        }
        let multi = self.wire != .singleTouch
        // An axis with an empty range measures nothing: no reading at all,
        // rather than a constant 0 shown as if measured.
        pressureAxis = device.axes[multi ? AbsCode.mtPressure : AbsCode.pressure].flatMap { $0.hasRange ? $0 : nil }
        let majorAxis = multi ? device.axes[AbsCode.mtTouchMajor].flatMap { $0.hasRange ? $0 : nil } : nil
        contactSize = majorAxis.map { ContactSizeScale(axis: $0, positionX: device.axes[AbsCode.mtPositionX]) }
        totalAxis = self.wire == .slots ? DeviceTotalAxis(device) : nil
        let count = self.wire == .slots ? device.slotCount : 0
        slots = Array(repeating: SlotState(trackingID: -1), count: count)
        slotContactIDs = Array(repeating: nil, count: count)
        slotShown = Array(repeating: false, count: count)
        slotExcluded = Array(repeating: false, count: count)
        needsTouchKey = device.kind == .touchpad && device.supports(type: EventType.key, code: KeyCode.btnTouch)
    }

    /// Decodes a whole sequence; one frame per SYN_REPORT (not discarded).
    public mutating func decode(_ events: [KernelEvent]) -> [TouchFrame] {
        events.compactMap { feed($0) }
    }

    /// Feeds one event; returns the frame it completes (at SYN_REPORT).
    /// SYN_DROPPED discards everything up to and including the next
    /// SYN_REPORT; decoding then resumes from the state held (call `resync`
    /// when the real state is known, as with libevdev).
    public mutating func feed(_ event: KernelEvent) -> TouchFrame? {
        if event.type == EventType.syn && event.code == SynCode.dropped {
            isDiscarding = true
            protocolA.discardPending()
            return nil
        }
        if isDiscarding {
            if event.type == EventType.syn && event.code == SynCode.report { isDiscarding = false }
            return nil
        }
        switch wire {
        case .slots: return feedSlots(event)
        case .protocolA: return feedProtocolA(event)
        case .singleTouch: return feedSingle(event)
        }
    }

    /// Replaces the slot states with the device's real ones (after
    /// SYN_DROPPED) and returns the frame they make. A slot keeping its
    /// tracking id keeps its contact; a new tracking id is a new contact.
    public mutating func resync(slots newSlots: [SlotState], currentSlot: Int, time: Double) -> TouchFrame {
        var snapshot = DeviceSnapshot(slots: newSlots, currentSlot: currentSlot)
        snapshot.touching = touching
        snapshot.penInRange = penInRange
        snapshot.single = DeviceSnapshot.SingleTouch(x: single.x, y: single.y, pressure: single.pressure)
        return load(snapshot, time: time)
    }

    mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: protocol B

    private mutating func feedSlots(_ event: KernelEvent) -> TouchFrame? {
        if event.type == EventType.syn {
            return event.code == SynCode.report ? slotFrame(time: event.time) : nil
        }
        if event.type == EventType.key { noteKey(event) }
        guard event.type == EventType.abs else { return nil }
        if event.code == AbsCode.mtSlot {
            let index = Int(event.value) - Int(device.axes[AbsCode.mtSlot]?.minimum ?? 0)
            currentSlot = slots.indices.contains(index) ? index : -1
            return nil
        }
        // The pointer emulation's ABS_PRESSURE (a pressure pad's total), kept
        // where a snapshot keeps it.
        if event.code == AbsCode.pressure {
            single.pressure = event.value
            return nil
        }
        guard slots.indices.contains(currentSlot) else { return nil }
        let value = event.value
        switch event.code {
        case AbsCode.mtTrackingID:
            if value < 0 {
                slotContactIDs[currentSlot] = nil
            } else if value != slots[currentSlot].trackingID || slotContactIDs[currentSlot] == nil {
                slotContactIDs[currentSlot] = takeID()
                startSlot(currentSlot)
            }
            slots[currentSlot].trackingID = value
        case AbsCode.mtPositionX: slots[currentSlot].x = value
        case AbsCode.mtPositionY: slots[currentSlot].y = value
        case AbsCode.mtPressure: slots[currentSlot].pressure = value
        case AbsCode.mtTouchMajor: slots[currentSlot].touchMajor = value
        case AbsCode.mtToolType: slots[currentSlot].toolType = value
        case AbsCode.mtDistance: slots[currentSlot].distance = value
        default: break
        }
        return nil
    }

    func sample(id: Int, x: Int32, y: Int32, pressure: Int32, major: Int32) -> TouchSample {
        let position = mapping.normalise(x: x, y: y)
        return TouchSample(
            id: id, x: position.x, y: position.y,
            pressure: pressureAxis?.normalise(pressure),
            touchMajor: contactSize?.reading(major))
    }
}
