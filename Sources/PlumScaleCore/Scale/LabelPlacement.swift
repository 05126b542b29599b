/// Where a contact's label goes: under its circle as Plum-O-Meter drew it,
/// unless that would cut it at the screen's edge, put it over a control or
/// another label, or make it look like another circle's (LabelRule: nearer
/// its own circle than any other, in no other circle, crossed by no other
/// ring); then above it, beside it, at a slant, inside it, and at last any
/// place about the circle that keeps the rule. Where none does, the label
/// goes inside its own disc, as clear of the others as it can be. The label
/// is always whole on screen.
struct LabelPlacer {
    /// Where labels may go: the screen less its margins.
    var bounds: Rect
    /// Controls and labels already placed.
    private(set) var taken: [Rect]
    /// The stability dots placed so far: no label goes over one where a
    /// place a reader expects is free of them.
    private var dots: [Rect] = []
    /// The panels over the scale (the wizard's, the operator bar): a circle
    /// whose centre lies under one is hidden, and its label leads to it.
    private var panels: [Rect] = []
    /// Every circle drawn (labelled or not) and the labels placed so far:
    /// the scene keeps it, and LayoutCheck holds it to the rule.
    private(set) var group = LabelGroup()

    /// A label is unmistakably its own circle's by this much: its own
    /// circle nearer than any other by 8 px at least.
    static let margin = 8.0

    /// Past this many circles no place is sought: each label goes under
    /// its circle with a leader. A scale holds a handful of objects (the
    /// layout checks go to 20), and a search for each of hundreds of
    /// contacts (a hostile stream) would stall the frame.
    static let crowd = 20

    /// A search visits at most this many places a side: at a huge layout
    /// its step grows rather than its cost.
    static let searchSide = 48.0

    /// `circles`: every circle drawn, so that no label is put in or next to
    /// another; `room`: how many more rectangles (labels, blocks) will be added.
    init(bounds: Rect, obstacles: [Rect], circles: [DrawnCircle] = [], room: Int = 0) {
        self.bounds = bounds
        self.taken = obstacles
        taken.reserveCapacity(obstacles.count + room)
        group.circles = circles
        group.labels.reserveCapacity(circles.count)
        dots.reserveCapacity(circles.count)
    }

    /// Marks `rect` taken: no label goes over it.
    mutating func block(_ rect: Rect) { taken.append(rect) }

    /// Marks `rect` taken, as a panel drawn over the circles.
    mutating func blockPanel(_ rect: Rect) {
        taken.append(rect)
        panels.append(rect)
    }

    /// Whether circle `index`'s centre lies under a panel: its ring is seen
    /// at most in part, and no dot is put on it (it would float at the
    /// panel's edge, whose it is unclear); its label says its reading.
    func isHidden(_ index: Int) -> Bool { hidingPanel(index) != nil }

    /// The arrow a hidden circle's label carries, towards the panel over it:
    /// ▸ or ◂ to a panel at a side (as tall as the screen), ▴ or ▾ to a bar.
    func arrow(toHidden index: Int) -> String? {
        guard let panel = hidingPanel(index) else { return nil }
        if panel.height >= bounds.height { return panel.center.x > bounds.center.x ? "▸" : "◂" }
        return panel.center.y < bounds.center.y ? "▴" : "▾"
    }

    private func hidingPanel(_ index: Int) -> Rect? {
        guard group.circles.indices.contains(index) else { return nil }
        return panels.first { $0.contains(group.circles[index].center) }
    }

    /// Where circle `index`'s stability badge goes, clear of what is taken
    /// so far (the controls, the panels, the footer) and of the dots placed
    /// before it, kept with the circle; no label goes over it after.
    /// Nil for a circle hidden under a panel whose ring has no clear place.
    mutating func placeBadge(of index: Int) -> Point? {
        // Past a crowd no place is sought, as for the labels.
        let circle = group.circles[index]
        let found: Point? =
            group.circles.count > Self.crowd
            ? StabilityBadge.crowdedCenter(of: circle, bounds: bounds)
            : isHidden(index)
                ? StabilityBadge.centerOnRing(of: circle, bounds: bounds, taken: taken, dots: dots)
                : StabilityBadge.center(of: circle, bounds: bounds, taken: taken, dots: dots)
        guard let badge = found else { return nil }
        group.circles[index].badge = badge
        dots.append(StabilityBadge.rect(at: badge))
        return badge
    }

    /// The top-left corner for a label block of `size` for the circle at
    /// `center` with `radius`, and marks its room as taken. The first place
    /// that is free and keeps the rule wins, in the order above (each moved
    /// onto the screen if need be, the smallest move first).
    mutating func place(_ size: Size, center: Point, radius: Double) -> Point {
        let own = circleIndex(center: center, radius: radius)
        let choice = choose(size, center: center, radius: radius, own: own)
        return take(choice.rect, own: own, crowded: choice.crowded, leader: choice.leader)
    }

    /// Where `place` puts a label: the rectangle, and whether it is crowded or led.
    private func choose(_ size: Size, center: Point, radius: Double, own: Int) -> (rect: Rect, crowded: Bool, leader: Bool) {
        let left = center.x - size.width / 2
        let under = clamped(Rect(x: left, y: center.y + radius, width: size.width, height: size.height))
        // A crowd past any hope of separate labels: under the circle, on screen.
        guard taken.count < 64, group.circles.count <= Self.crowd else { return (under, true, true) }
        // The places a reader expects, clear of the dots too; the searches
        // after them as if there were none (a plate keeps a label readable
        // over a dot), so that a dot never costs a label its own circle.
        if let best = bestNamedPlace(size, own: own) { return (best, false, false) }
        let kept = search(size, own: own, .keepingRule)
        // A circle hidden under a panel is seen by its label alone once the
        // places a reader expects about it are not: that label is led.
        if let kept, !struck(kept, own: own) { return (kept, false, isHidden(own)) }
        // Its circle lies under a panel: no place about it is seen, and the
        // sliver beside the panel is other circles' (a label there read as
        // theirs). The free place nearest its centre that no other ring
        // crosses and no dot covers, with a leader into the panel.
        if isHidden(own), let rect = search(size, own: own, .anywhereClear) ?? search(size, own: own, .anywhereClear, everywhere: true) {
            return (rect, true, true)
        }
        // No place keeps the rule clear of its own ring (its ring through
        // the number strikes it out): inside the own disc where it is the
        // nearest circle; where that is taken, any free place where it is;
        // then the place that keeps the rule on its ring; else the free
        // place nearest its centre, or under it, with a leader.
        if let rect = search(size, own: own, .insideOwnDisc) ?? search(size, own: own, .nearestOwn) {
            return (rect, true, false)
        }
        if let kept { return (kept, false, false) }
        // Nothing free about the circle (it lies under a panel): the free
        // place nearest it anywhere, with a leader, rather than over a control.
        let free = search(size, own: own, .anywhereFree) ?? search(size, own: own, .anywhereFree, everywhere: true)
        return (free ?? under, true, true)
    }

    /// The places a reader expects, in order: under the circle (the
    /// original's), above, beside, at the four slants, inside at the bottom,
    /// the top, the centre. The free one that keeps the rule, is not struck
    /// by its own ring, and is moved least onto the screen, the earlier on a tie.
    private func bestNamedPlace(_ size: Size, own: Int) -> Rect? {
        let circle = group.circles[own]
        let (cx, cy, r) = (circle.center.x, circle.center.y, circle.radius)
        let (w, h) = (size.width, size.height)
        let inner = r - circle.ringWidth
        let slant = 0.7071
        let out = r + circle.ringWidth
        // Centres of the label block, made one at a time (no array: this
        // runs for every label of every frame), each as written before.
        func place(_ index: Int) -> Point {
            switch index {
            case 0: Point(cx, cy + r + h / 2)
            case 1: Point(cx, cy - r - h / 2)
            case 2: Point(cx + r + circle.ringWidth + w / 2, cy)
            case 3: Point(cx - r - circle.ringWidth - w / 2, cy)
            case 4: Point(cx + out * slant + w / 2, cy + out * slant + h / 2)
            case 5: Point(cx - out * slant - w / 2, cy + out * slant + h / 2)
            case 6: Point(cx + out * slant + w / 2, cy - out * slant - h / 2)
            case 7: Point(cx - out * slant - w / 2, cy - out * slant - h / 2)
            case 8: Point(cx, cy + inner - h / 2)
            case 9: Point(cx, cy - inner + h / 2)
            default: Point(cx, cy)
            }
        }
        var best: Rect?
        var bestShift = Double.infinity
        for index in 0..<11 {
            let point = place(index)
            let wanted = Rect(x: point.x - w / 2, y: point.y - h / 2, width: w, height: h)
            let rect = clamped(wanted)
            let shift = abs(rect.y - wanted.y) + abs(rect.x - wanted.x)
            // Moved onto the screen, a place may come to lie across its own
            // ring (a label just under it touches the ring, which is fine):
            // the search below finds one clear of it, if any. Inside, a
            // block wider than the disc there has its ends struck by the
            // ring even where it was wanted (a third line: issue 28).
            let outsidePlace = index < 8
            if shift < bestShift, isFree(rect), !dots.contains(where: { $0.intersects(rect) }),
                (shift == 0 && outsidePlace) || !struck(rect, own: own),
                LabelRule.holds(rect, own: own, in: group.circles, margin: Self.margin)
            {
                best = rect
                bestShift = shift
                if shift == 0 { break }
            }
        }
        return best
    }

    /// What a search of places about a circle looks for.
    private enum Search {
        /// Keeping the rule: the nearest to the ring, clear of it if it can.
        case keepingRule
        /// Inside the own disc, clear of its ring, nearer it than any other:
        /// the farthest into it from the nearest other circle.
        case insideOwnDisc
        /// Anywhere free and nearer the own circle than any other: the
        /// farthest from the nearest other circle.
        case nearestOwn
        /// Anywhere free: the nearest to the circle's centre (a leader
        /// line then says whose it is).
        case anywhereFree
        /// The same, crossed by no other circle's ring and clear of the dots.
        case anywhereClear
    }

    /// The best free place of a grid of half-label steps about the circle
    /// (as far as three labels out; `everywhere`: over all the bounds), as
    /// `what` asks.
    private func search(_ size: Size, own: Int, _ what: Search, everywhere: Bool = false) -> Rect? {
        let circle = group.circles[own]
        let (w, h) = (size.width, size.height)
        let reachOut =
            everywhere
            ? Double.infinity  // clamped to the bounds below
            : what == .insideOwnDisc ? circle.radius : circle.radius + circle.ringWidth + 3 * max(w, h)
        let from = clamped(Rect(x: circle.center.x - reachOut - w / 2, y: circle.center.y - reachOut - h / 2, width: w, height: h))
        let to = clamped(Rect(x: circle.center.x + reachOut - w / 2, y: circle.center.y + reachOut - h / 2, width: w, height: h))
        let step = max(h / 2, 4, (to.x - from.x) / Self.searchSide, (to.y - from.y) / Self.searchSide)
        // Counted, not stepped to the end: far out (a hostile size or
        // position) x + step == x, and a loop on x would never end.
        func places(_ span: Double) -> Int {
            let count = (span / step).rounded(.down)
            return count.isFinite && count >= 0 ? Int(min(count, Self.searchSide)) + 1 : 0
        }
        let columns = places(to.x - from.x)
        var best: Rect?
        var bestScore = Double.infinity
        for row in 0..<places(to.y - from.y) {
            let y = from.y + Double(row) * step
            for column in 0..<columns {
                let rect = Rect(x: from.x + Double(column) * step, y: y, width: w, height: h)
                guard isFree(rect) else { continue }
                let score: Double
                switch what {
                case .keepingRule:
                    guard LabelRule.holds(rect, own: own, in: group.circles, margin: Self.margin) else { continue }
                    // Its own ring through it reads worse than a place a
                    // label's length farther (a wide label beside a steep
                    // ring must go that far in to be clear of it).
                    // Clear by 2 px: a ring that grazes the text's end reads as a strike too.
                    score = abs(circle.reach(rect.center)) + (circle.ringCrosses(rect, slack: -2) ? w + h : 0)
                case .insideOwnDisc:
                    guard rect.farthestDistance(to: circle.center) <= circle.radius - circle.ringWidth / 2 else { continue }
                    let clear = clearance(of: rect.center, from: own)
                    guard clear > 0 else { continue }
                    score = -clear + (crossedByOthers(rect, own: own) ? w + h : 0)
                case .nearestOwn:
                    let clear = clearance(of: rect.center, from: own)
                    guard clear > 0, !struck(rect, own: own) else { continue }
                    score = -clear + (crossedByOthers(rect, own: own) ? w + h : 0)
                case .anywhereFree:
                    score = rect.center.distance(to: circle.center)
                case .anywhereClear:
                    guard !crossedByOthers(rect, own: own), !dots.contains(where: { $0.intersects(rect) }) else { continue }
                    score = rect.center.distance(to: circle.center)
                }
                if score < bestScore {
                    best = rect
                    bestScore = score
                }
            }
        }
        return best
    }

    /// Whether its own ring runs through `rect` (a label just under or over
    /// its circle touches the ring's outer half: that is no strike).
    private func struck(_ rect: Rect, own: Int) -> Bool {
        let circle = group.circles[own]
        return circle.ringCrosses(rect, slack: circle.ringWidth / 2 + 1)
    }

    /// Whether another circle's ring runs through `rect`.
    private func crossedByOthers(_ rect: Rect, own: Int) -> Bool {
        for j in group.circles.indices where j != own && group.circles[j].ringCrosses(rect) { return true }
        return false
    }

    /// How much nearer `point` is to circle `own` than to the nearest other.
    private func clearance(of point: Point, from own: Int) -> Double {
        let reach = group.circles[own].reach(point)
        var least = Double.infinity
        for j in group.circles.indices where j != own { least = min(least, group.circles[j].reach(point) - reach) }
        return least
    }

    /// The circle's index in the group, added when the scene did not name it.
    private mutating func circleIndex(center: Point, radius: Double) -> Int {
        if let i = group.circles.firstIndex(where: { $0.center == center && $0.radius == radius }) { return i }
        group.circles.append(DrawnCircle(center: center, radius: radius, ringWidth: Plum.strokeWidth))
        return group.circles.count - 1
    }

    private func isFree(_ rect: Rect) -> Bool {
        for other in taken where other.intersects(rect) { return false }
        return true
    }

    private mutating func take(_ rect: Rect, own: Int, crowded: Bool, leader: Bool = false) -> Point {
        taken.append(rect)
        group.labels.append(CircleLabel(rect: rect, circle: own, crowded: crowded, leader: leader))
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
