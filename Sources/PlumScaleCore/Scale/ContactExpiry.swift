/// Contacts the device forgot to lift. A lost SYN_DROPPED resync, a driver
/// bug or a replay cut short can leave a contact down for ever; a kiosk that
/// runs for months would then show a phantom circle, and in the worst case
/// collect contacts without bound. So a touch contact that has had no event
/// for `contactTimeout` seconds (config key `contactTimeoutSeconds`, default
/// 300) is dropped, as if cancelled. The default is long because an object
/// lying still on a panel without pressure noise sends no events at all. Time is the core's `now`: the latest event
/// time seen, never going backwards, so the shell must send `.tick` events
/// while contacts are down for expiry to happen in a quiet room.
///
/// Pinned mouse contacts and the mouse's own contacts are never expired:
/// they are placed on purpose and have no device to forget them.
extension Scale {
    /// At most this many contacts are kept, whatever the timestamps say (a
    /// bogus far-future time would otherwise stop expiry for good): beyond it
    /// the least recently seen contact goes. Well above what panels report.
    public static let maxContacts = 256

    /// Whether the timeout applies to `contact`; `mouse`: the mouse stands
    /// in for fingers.
    static func canExpire(_ contact: Contact, mouse: Bool) -> Bool {
        if contact.pinned { return false }
        if mouse, contact.id >= MouseEmulation.firstID { return false }
        return true
    }

    /// Drops the contacts past the most kept, and those silent for longer
    /// than `timeout` at `now`.
    mutating func expireStale(now: Double, timeout: Double, mouse: Bool) {
        let contacts = board.contacts
        if contacts.count > Self.maxContacts {
            let excess = contacts.count - Self.maxContacts
            let oldest = contacts.enumerated()
                .sorted { ($0.element.lastSeen, $0.offset) < ($1.element.lastSeen, $1.offset) }
                .prefix(excess).map(\.element.id)
            for id in oldest { lift(id: id) }
        }
        guard timeout.isFinite, timeout > 0 else { return }
        let horizon = now - timeout
        func isStale(_ contact: Contact) -> Bool { contact.lastSeen < horizon && Self.canExpire(contact, mouse: mouse) }
        // Usually none: look before gathering.
        guard board.contacts.contains(where: isStale) else { return }
        for contact in board.contacts.filter(isStale) { lift(id: contact.id) }
    }

    /// When the next contact would expire without further events, nil when none can.
    func nextExpiry(timeout: Double, mouse: Bool) -> Double? {
        guard timeout.isFinite, timeout > 0 else { return nil }
        return board.contacts.filter { Self.canExpire($0, mouse: mouse) }.map { $0.lastSeen + timeout }.min()
    }
}
