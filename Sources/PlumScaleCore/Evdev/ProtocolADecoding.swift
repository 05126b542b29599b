/// Protocol A state: the contact group being read, the contacts of the frame
/// being built, and the last frame's contacts for matching.
struct ProtocolATracker: Sendable {
    /// Raw values of the group since the last SYN_MT_REPORT.
    var group: [UInt16: Int32] = [:]
    /// Completed groups of the current frame.
    var pending: [[UInt16: Int32]] = []
    /// The previous frame's contacts (normalised), for matching.
    var previous: [TouchSample] = []

    /// A contact may move at most this far (normalised units) between two
    /// frames and keep its id; farther, it is a lift and a new touch.
    static let maximumJump = 0.15

    mutating func discardPending() {
        group = [:]
        pending = []
    }

    /// Nearest-neighbour matching: closest (old, new) pairs first, each old
    /// and new contact used once. Returns for each new position the matched
    /// old id, or nil for a new contact.
    static func match(previous: [TouchSample], positions: [(x: Double, y: Double)]) -> [Int?] {
        var pairs: [(distance: Double, old: Int, new: Int)] = []
        for (o, old) in previous.enumerated() {
            for (n, new) in positions.enumerated() {
                let dx = old.x - new.x
                let dy = old.y - new.y
                let distance = dx * dx + dy * dy  // squared: same order
                if distance <= maximumJump * maximumJump { pairs.append((distance, o, n)) }
            }
        }
        pairs.sort { ($0.distance, $0.old, $0.new) < ($1.distance, $1.old, $1.new) }
        var result = [Int?](repeating: nil, count: positions.count)
        var usedOld = Set<Int>()
        for pair in pairs where result[pair.new] == nil && !usedOld.contains(pair.old) {
            result[pair.new] = previous[pair.old].id
            usedOld.insert(pair.old)
        }
        return result
    }
}

/// Single-touch state: BTN_TOUCH, ABS_X/Y and ABS_PRESSURE.
struct SingleTouchState: Sendable {
    var touching = false
    var id: Int?
    var x: Int32 = 0
    var y: Int32 = 0
    var pressure: Int32 = 0
}

extension MultitouchDecoder {
    mutating func feedProtocolA(_ event: KernelEvent) -> TouchFrame? {
        if event.type == EventType.key { noteKey(event) }
        if event.type == EventType.abs {
            protocolA.group[event.code] = event.value
            return nil
        }
        guard event.type == EventType.syn else { return nil }
        if event.code == SynCode.mtReport {
            let group = protocolA.group
            // At most maximumSlots contacts a frame: matching is quadratic,
            // and a recording may hold any number of SYN_MT_REPORTs.
            // Pens, palms and hovering contacts are not objects (ContactVisibility).
            // BTN_TOUCH is judged at SYN_REPORT: a frame is everything up to it,
            // and a pad may send BTN_TOUCH after the last group (bcm5974).
            if group[AbsCode.mtPositionX] != nil && group[AbsCode.mtPositionY] != nil,
                !ToolType.isExcluded(group[AbsCode.mtToolType] ?? ToolType.finger),
                (group[AbsCode.mtDistance] ?? 0) <= 0,
                protocolA.pending.count < EvdevLimits.maximumSlots
            {
                protocolA.pending.append(group)
            }
            protocolA.group = [:]
            return nil
        }
        guard event.code == SynCode.report else { return nil }
        // On a touchpad, contacts count only while BTN_TOUCH is 1 at the frame's end.
        let groups = touchesSurface(distance: 0) ? protocolA.pending : []
        protocolA.discardPending()
        let samples = groups.map { g in
            sample(
                id: 0, x: g[AbsCode.mtPositionX] ?? 0, y: g[AbsCode.mtPositionY] ?? 0,
                pressure: g[AbsCode.mtPressure] ?? 0, major: g[AbsCode.mtTouchMajor] ?? 0)
        }
        let matched = ProtocolATracker.match(
            previous: protocolA.previous,
            positions: samples.map { ($0.x, $0.y) })
        var contacts: [TouchSample] = []
        for (index, var contact) in samples.enumerated() {
            contact.id = matched[index] ?? takeID()
            contacts.append(contact)
        }
        contacts.sort { $0.id < $1.id }
        protocolA.previous = contacts
        return TouchFrame(time: event.time, contacts: contacts)
    }

    mutating func feedSingle(_ event: KernelEvent) -> TouchFrame? {
        switch (event.type, event.code) {
        case (EventType.key, KeyCode.btnTouch):
            noteKey(event)
            single.touching = event.value != 0
        case (EventType.key, _): noteKey(event)
        case (EventType.abs, AbsCode.x): single.x = event.value
        case (EventType.abs, AbsCode.y): single.y = event.value
        case (EventType.abs, AbsCode.pressure): single.pressure = event.value
        case (EventType.syn, SynCode.report): return singleFrame(time: event.time)
        default: break
        }
        return nil
    }

    /// The single-touch contact, if touching; a pen (BTN_TOOL_PEN ...) is
    /// never an object: a contact it takes over is cancelled.
    mutating func singleFrame(time: Double) -> TouchFrame {
        if penInRange {
            let cancelled = single.id.map { [$0] } ?? []
            single.id = nil
            return TouchFrame(time: time, contacts: [], cancelled: cancelled)
        }
        if !single.touching {
            single.id = nil
            return TouchFrame(time: time, contacts: [])
        }
        let id = single.id ?? takeID()
        single.id = id
        return TouchFrame(
            time: time,
            contacts: [sample(id: id, x: single.x, y: single.y, pressure: single.pressure, major: 0)])
    }
}
