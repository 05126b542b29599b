/// Where a contact's label goes: under its circle as Plum-O-Meter drew it,
/// unless that would cut it at the screen's edge or put it over a control
/// or another label; then above the circle, inside it, or on its centre.
/// The label is always whole on screen.
struct LabelPlacer {
    /// Where labels may go: the screen less its margins.
    var bounds: Rect
    /// Controls and labels already placed.
    private(set) var taken: [Rect]

    /// `room`: how many more rectangles (labels, blocks) will be added.
    init(bounds: Rect, obstacles: [Rect], room: Int = 0) {
        self.bounds = bounds
        self.taken = obstacles
        taken.reserveCapacity(obstacles.count + room)
    }

    /// Marks `rect` taken: no label goes over it.
    mutating func block(_ rect: Rect) { taken.append(rect) }

    /// The top-left corner for a label block of `size` for a circle at
    /// `center` with `radius`, and marks its room as taken. The first free
    /// place wins, in the order above (each moved onto the screen if need
    /// be, the smallest move first), then free places ever farther from the
    /// centre; where everything is taken, the least moved place.
    mutating func place(_ size: Size, center: Point, radius: Double) -> Point {
        let left = center.x - size.width / 2
        let tops = (
            center.y + radius,  // under the circle
            center.y - radius - size.height,  // above it
            center.y + radius - size.height - Plum.strokeWidth,  // inside, at its bottom
            center.y - size.height / 2  // on its centre
        )
        // A crowd past any hope of separate labels: under the circle, on screen.
        guard taken.count < 64 else { return take(clamped(Rect(x: left, y: tops.0, width: size.width, height: size.height))) }
        // The free place moved least onto the screen, the earlier on a tie;
        // no arrays: this runs for every label of every frame.
        var best: Rect?
        var bestShift = Double.infinity
        var fallback = clamped(Rect(x: left, y: tops.0, width: size.width, height: size.height))
        var fallbackShift = Double.infinity
        for top in [tops.0, tops.1, tops.2, tops.3] {
            let rect = clamped(Rect(x: left, y: top, width: size.width, height: size.height))
            let shift = abs(rect.y - top) + abs(rect.x - left)
            if shift < fallbackShift {
                fallback = rect
                fallbackShift = shift
            }
            if shift < bestShift, isFree(rect) {
                best = rect
                bestShift = shift
                if shift == 0 { break }
            }
        }
        if let best { return take(best) }
        // Around the centre, ring after ring of label-sized steps: farther on
        // an uncrowded screen, not at all on a crowded one (each step checks
        // every label placed, so a crowd would cost the square of itself).
        let stepX = size.width + 6
        let stepY = size.height + 2
        let rings = taken.count < 32 ? 8 : taken.count < 64 ? 4 : 0
        for ring in stride(from: 1, through: rings, by: 1) {
            for dy in -ring...ring {
                for dx in -ring...ring where max(abs(dx), abs(dy)) == ring {
                    let rect = clamped(
                        Rect(
                            x: left + Double(dx) * stepX, y: center.y - size.height / 2 + Double(dy) * stepY,
                            width: size.width, height: size.height))
                    if isFree(rect) { return take(rect) }
                }
            }
        }
        return take(fallback)
    }

    private func isFree(_ rect: Rect) -> Bool {
        for other in taken where other.intersects(rect) { return false }
        return true
    }

    private mutating func take(_ rect: Rect) -> Point {
        taken.append(rect)
        return Point(rect.x, rect.y)
    }

    /// `rect` moved the least way that puts it inside `bounds`.
    private func clamped(_ rect: Rect) -> Rect {
        var r = rect
        r.x = min(max(r.x, bounds.x), bounds.maxX - r.width)
        r.y = min(max(r.y, bounds.y), bounds.maxY - r.height)
        return r
    }
}
