/// The contacts on a touch device after one SYN_REPORT: positions normalised
/// 0...1 to the screen, force as the device measured it.
public struct TouchFrame: Equatable, Sendable {
    /// Seconds, the SYN_REPORT's timestamp.
    public var time: Double
    /// The contacts touching now; ids are stable over a contact's life and
    /// never reused.
    public var contacts: [TouchSample]
    /// Contacts that were shown and turned out not to be objects (a palm,
    /// a pen): cancelled rather than lifted.
    public var cancelled: [Int]
    /// The device's own total force in the contacts' force units
    /// (`DeviceTotalAxis`), less the force of contacts not shown (palms,
    /// pens, hover); nil when the device gives no total.
    public var total: Double?

    public init(time: Double, contacts: [TouchSample], cancelled: [Int] = [], total: Double? = nil) {
        self.time = time
        self.contacts = contacts
        self.cancelled = cancelled
        self.total = total
    }
}

/// Turns successive frames into touchDown / touchMove / touchUp events.
/// A move is emitted only when something of the contact changed.
public struct TouchFrameConverter: Sendable {
    private var previous: [Int: TouchSample] = [:]
    private var previousTotal: Double?

    public init() {}

    /// The ids touching after the last frame.
    public var activeIDs: Set<Int> { Set(previous.keys) }

    /// The events that lead from the last frame to `frame`: ups and
    /// cancels first (in id order), then downs and moves in the frame's
    /// order, then the device's total when it changed.
    public mutating func events(for frame: TouchFrame) -> [InputEvent] {
        var out: [InputEvent] = []
        let now = Set(frame.contacts.map(\.id))
        for id in previous.keys.sorted() where !now.contains(id) {
            let gone: InputEvent.Kind = frame.cancelled.contains(id) ? .touchCancel(id: id) : .touchUp(id: id)
            out.append(InputEvent(time: frame.time, gone))
        }
        var next: [Int: TouchSample] = [:]
        for contact in frame.contacts {
            if let old = previous[contact.id] {
                if old != contact { out.append(InputEvent(time: frame.time, .touchMove(contact))) }
            } else {
                out.append(InputEvent(time: frame.time, .touchDown(contact)))
            }
            next[contact.id] = contact
        }
        previous = next
        if let total = frame.total, total != previousTotal {
            out.append(InputEvent(time: frame.time, .deviceTotal(force: total)))
            previousTotal = total
        }
        return out
    }

    /// touchCancel for every contact still down (the device went away), and
    /// forgets them.
    public mutating func cancelAll(time: Double) -> [InputEvent] {
        let out = previous.keys.sorted().map { InputEvent(time: time, .touchCancel(id: $0)) }
        previous = [:]
        previousTotal = nil
        return out
    }
}
