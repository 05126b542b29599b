/// The contacts on the glass, in the order they arrived.
public struct ContactBoard: Equatable, Sendable {
    public private(set) var contacts: [Contact] = []
    public init() {}

    public var isEmpty: Bool { contacts.isEmpty }

    func index(of id: Int) -> Int? { contacts.firstIndex { $0.id == id } }

    public func contact(id: Int) -> Contact? { index(of: id).map { contacts[$0] } }

    /// A touch went down or moved: create or update its contact. Returns
    /// the contact's index.
    @discardableResult
    public mutating func place(id: Int, at position: Point, force: Double?, time: Double) -> Int {
        if let i = index(of: id) {
            contacts[i].position = position
            contacts[i].force = force
            contacts[i].lastSeen = time
            return i
        }
        contacts.append(Contact(id: id, position: position, force: force, lastSeen: time))
        return contacts.count - 1
    }

    /// A touch was lifted or cancelled: its circle goes. Returns whether it existed.
    @discardableResult
    public mutating func lift(id: Int) -> Bool {
        guard let i = index(of: id) else { return false }
        contacts.remove(at: i)
        return true
    }

    mutating func remove(at index: Int) {
        contacts.remove(at: index)
    }

    public mutating func setPinned(id: Int, _ pinned: Bool) {
        if let i = index(of: id) { contacts[i].pinned = pinned }
    }

    public mutating func setForce(id: Int, _ force: Double?) {
        if let i = index(of: id) { contacts[i].force = force }
    }

    public mutating func removeAll(where predicate: (Contact) -> Bool) {
        contacts.removeAll(where: predicate)
    }
}
