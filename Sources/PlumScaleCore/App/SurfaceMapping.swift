/// Where a source's device surface lies in the layout, and how its
/// positions become the screen's. A touchscreen replayed from an evemu
/// recording fills the layout as far as its shape allows; a touchpad is a
/// pad of its own above the buttons. Sources whose positions are the
/// screen's (SDL, the mouse, JSON Lines replays, a live touchscreen mapped
/// onto its display) have none.
extension AppState {
    /// Margin around a touchpad's pad (logical px).
    static let padMargin = 24.0

    /// The device surface in layout coordinates, nil when positions are the
    /// screen's.
    public var surfaceRect: Rect? {
        guard let surface = source.surface else { return nil }
        let size = layout.size
        guard surface.isPad else { return surface.fitted(in: Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        let m = Self.padMargin
        let bottom = max(scaleScreen.buttonPanel.top - m, m + 1)
        return surface.fitted(in: Rect(x: m, y: m, width: max(size.width - 2 * m, 1), height: bottom - m))
    }

    /// `event` with a device-normalised position moved to where the device
    /// surface lies on the screen.
    func onSurface(_ event: InputEvent) -> InputEvent {
        guard let rect = surfaceRect else { return event }
        func moved(_ s: TouchSample) -> TouchSample {
            guard s.x.isFinite, s.y.isFinite else { return s }
            var s = s
            let p = Point(rect.x + min(max(s.x, 0), 1) * rect.width, rect.y + min(max(s.y, 0), 1) * rect.height)
            (s.x, s.y) = layout.normalizedPoint(p)
            return s
        }
        var event = event
        switch event.kind {
        case .touchDown(let s): event.kind = .touchDown(moved(s))
        case .touchMove(let s): event.kind = .touchMove(moved(s))
        default: break
        }
        return event
    }
}
