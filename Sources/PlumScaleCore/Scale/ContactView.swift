extension AppState {
    /// The contacts as shown (ContactRecord.swift), in the board's order. In
    /// `position` mode nothing is weighed: no numbers, no heaviest.
    public var contactViews: [ContactView] { shownContacts() }
}
