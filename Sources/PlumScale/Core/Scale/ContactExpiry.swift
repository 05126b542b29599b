/// Contacts the device forgot to lift. A lost SYN_DROPPED resync, a driver
/// bug or a replay cut short can leave a contact down for ever; a kiosk that
/// runs for months would then show a phantom circle, and in the worst case
/// collect contacts without bound. So a touch contact that has had no event
/// for `contactTimeout` seconds (config key `contactTimeoutSeconds`, default
/// 10) is dropped, as if cancelled. Time is the core's `now`: the latest event
/// time seen, never going backwards, so the shell must send `.tick` events
/// while contacts are down for expiry to happen in a quiet room.
///
/// Pinned mouse contacts and the mouse's own contacts are never expired:
/// they are placed on purpose and have no device to forget them.
extension AppState {
    /// At most this many contacts are kept, whatever the timestamps say (a
    /// bogus far-future time would otherwise stop expiry for good): beyond it
    /// the least recently seen contact goes. Well above what panels report.
    public static let maxContacts = 256

    /// A state whose contact timeout comes from `config`.
    public init(screen: Size, source: InputSource, mouseEmulation: Bool = false, config: Config) {
        self.init(screen: screen, source: source, mouseEmulation: mouseEmulation)
        contactTimeout = config.contactTimeoutSeconds
    }

    /// Whether the timeout applies to `contact`.
    static func canExpire(_ contact: Contact, mouse: Bool) -> Bool {
        if contact.pinned { return false }
        if mouse, contact.id >= MouseEmulation.firstID { return false }
        return true
    }

    /// Drops the contacts silent for longer than `contactTimeout`. Returns
    /// whether any went.
    mutating func expireStaleContacts() -> Bool {
        var changed = false
        if board.contacts.count > Self.maxContacts {
            let excess = board.contacts.count - Self.maxContacts
            let oldest = Set(board.contacts.enumerated()
                .sorted { ($0.element.lastSeen, $0.offset) < ($1.element.lastSeen, $1.offset) }
                .prefix(excess).map(\.element.id))
            board.removeAll { oldest.contains($0.id) }
            changed = true
        }
        guard contactTimeout.isFinite, contactTimeout > 0 else { return changed }
        let horizon = now - contactTimeout, mouse = self.mouse != nil
        func stale(_ contact: Contact) -> Bool { contact.lastSeen < horizon && Self.canExpire(contact, mouse: mouse) }
        guard board.contacts.contains(where: stale) else { return changed }
        board.removeAll(where: stale)
        return true
    }

    /// When the next contact would expire without further events (for the
    /// shell's wait timeout), nil when none can.
    public var nextContactExpiry: Double? {
        guard contactTimeout.isFinite, contactTimeout > 0 else { return nil }
        let mouse = self.mouse != nil
        return board.contacts.filter { Self.canExpire($0, mouse: mouse) }.map { $0.lastSeen + contactTimeout }.min()
    }
}
