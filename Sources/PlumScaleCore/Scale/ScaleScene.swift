import Foundation

extension ScaleView {
    /// The scale screen: Plum-O-Meter's circles, labels and prompt, plus
    /// what PlumScale adds (stability, ties, overload, tare, mode banner),
    /// laid out so that every text is whole and nothing covers a control.
    /// `withButtons` false: the wizard's panel is up, over `reserved`.
    func scene(withButtons: Bool = true, reserved: [Rect] = []) -> Scene {
        var scene = Scene(layout: layout)
        let size = layout.size
        let count = shown.count
        // At most 8 shapes a contact (fill, ring, labels, badge), then the
        // prompt, banner, buttons, hint and notice.
        scene.shapes.reserveCapacity(8 * count + panel.shapes.count + 16)
        appendPad(to: &scene)
        appendCircles(shown, to: &scene)
        let badgesStart = scene.shapes.count
        // The span the panels over the scale leave free (one on either side).
        let left = reserved.filter { $0.x <= 0 }.map(\.maxX).max() ?? 0
        let right = reserved.filter { $0.x > 0 }.map(\.x).min() ?? size.width
        let legendBottom = appendLegend(below: appendBanner(from: left, to: right, to: &scene), shown: withButtons, to: &scene)
        let bannerBottom =
            withButtons ? appendIndicatorRow(indicator, below: legendBottom, width: size.width, to: &scene) : legendBottom
        // Controls, the footer and the wizard's panel first, then each label
        // where it is free: one array, made once a scene.
        var placer = LabelPlacer(
            bounds: Rect(x: 4, y: bannerBottom + 4, width: size.width - 8, height: size.height - bannerBottom - 8),
            obstacles: withButtons ? panel.rects : [],
            circles: shown.map { DrawnCircle(center: $0.position, radius: $0.radius, ringWidth: Plum.strokeWidth) },
            room: count + reserved.count + 3)
        for rect in reserved { placer.blockPanel(rect) }
        if withButtons, operatorBar { placer.blockPanel(Kiosk.operatorBar(size: size, top: headerBottom + 8).rect) }
        let footerTop = withButtons ? footer.flatMap { appendFooter($0, placer: &placer, to: &scene) } : nil
        // The dots go where the chrome above leaves them whole, drawn under it all.
        var badges: [Shape] = []
        badges.reserveCapacity(4 * shown.count)  // at most four shapes a dot
        for i in shown.indices where shown[i].labelled { appendBadge(of: shown[i], index: i, placer: &placer, to: &badges) }
        scene.shapes.insert(contentsOf: badges, at: badgesStart)
        let labelsStart = scene.shapes.count
        let fills = shown.map(\.fill)
        for i in shown.indices where shown[i].labelled {
            appendReading(of: shown[i], arrow: placer.arrow(toHidden: i), placer: &placer, fills: fills, to: &scene)
        }
        // The leaders' dots keep off everything the labels kept off: the
        // controls, the panels, the footer, the labels, and the banner
        // and legend above the placer's bounds.
        if !shown.isEmpty {
            scene.appendLabels(
                placer.group, from: labelsStart,
                avoiding: placer.taken + [Rect(x: 0, y: 0, width: size.width, height: placer.bounds.y - 4)])
        }
        // A refused device is asked for nothing: its banner says why; the
        // eccentricity test's panel says where the one object goes.
        if count == 0, asksForObjects {
            let top = bannerBottom
            let bottom = footerTop ?? (withButtons ? panel.top : size.height)
            let promptSize = metrics.size(fitting: Plum.prompt, width: right - left - 40, preferred: 44, minimum: 14)
            // Centred on the screen, as the original; between the banner and
            // the buttons when they would touch it.
            let half = metrics.lineHeight * promptSize / 2
            let y = size.height / 2 - half >= top && size.height / 2 + half <= bottom ? size.height / 2 : (top + bottom) / 2
            scene.shapes.append(.text(Plum.prompt, at: Point((left + right) / 2, y), anchor: .center, size: promptSize, color: .ink))
        }
        if withButtons { appendButtons(to: &scene) }
        return scene
    }

    /// The circles as PlumDrawing draws them at full size: fills, then
    /// rings, so no ring is ever hidden; the labels come after, placed.
    private func appendCircles(_ shown: [ContactView], to scene: inout Scene) {
        for i in shown.indices {
            if let fill = shown[i].fill {
                scene.shapes.append(.disc(center: shown[i].position, radius: shown[i].radius, color: fill))
            }
        }
        for i in shown.indices {
            scene.shapes.append(
                .ring(center: shown[i].position, radius: shown[i].radius, width: Plum.strokeWidth, color: shown[i].ringColor))
        }
    }

    /// The reading under (or where it fits about) the circle: the label,
    /// the percentage beside grams, the overload warning.
    /// `arrow`: its circle is hidden under a panel; where no place about the
    /// circle is seen, its label is led and points there (its room kept for
    /// the arrow either way, so the search is the same).
    private func appendReading(
        of shown: borrowing ContactView, arrow: String?, placer: inout LabelPlacer, fills: [Color?], to scene: inout Scene
    ) {
        // Up to three lines, kept in locals: this runs for every contact of every scene.
        let mode = sourceMode
        let plain = shown.label(mode: mode)
        let label = plain.map { text in arrow.map { $0 == "◂" ? "◂ " + text : text + " " + $0 } ?? text }
        let secondary = shown.secondaryLabel(mode: mode)
        let warning: String? = shown.overload ? "overload: past 98% of range" : nil
        let noteLine = shown.noteLine
        let note = noteLine?.text
        let line = metrics.lineHeight
        var width = 0.0
        var height = 0.0
        if let label {
            width = metrics.width(label, size: Plum.labelSize)
            height += line * Plum.labelSize
        }
        if let secondary {
            width = max(width, metrics.width(secondary, size: 18))
            height += line * 18
        }
        if let warning {
            width = max(width, metrics.width(warning, size: 18))
            height += line * 18
        }
        if let note {
            width = max(width, metrics.width(note, size: 18))
            height += line * 18
        }
        let corner = placer.place(Size(width, height), center: shown.position, radius: shown.radius)
        if let own = placer.group.labels.last?.circle,
            let plate = LabelPlate.plate(
                for: Rect(x: corner.x, y: corner.y, width: width, height: height), own: own, circles: placer.group.circles, fills: fills)
        {
            scene.shapes.append(plate)
        }
        let x = corner.x + width / 2
        var y = corner.y
        if let label = placer.group.labels.last?.leader == true ? label : plain {
            scene.shapes.append(.text(label, at: Point(x, y), anchor: .topCenter, size: Plum.labelSize, color: shown.labelColor))
            y += line * Plum.labelSize
        }
        if let secondary {
            scene.shapes.append(.text(secondary, at: Point(x, y), anchor: .topCenter, size: 18, color: shown.labelColor))
            y += line * 18
        }
        if let warning {
            scene.shapes.append(.text(warning, at: Point(x, y), anchor: .topCenter, size: 18, color: .overloadRed))
            y += line * 18
        }
        if let note {
            scene.shapes.append(.text(note, at: Point(x, y), anchor: .topCenter, size: 18, color: noteLine?.color ?? .ink))
        }
    }

    /// On the ring, before every text, so that none is covered: a filling
    /// dot while the reading settles, green when stable.
    /// `index`: its circle's in the placer's group, which keeps where it went.
    private func appendBadge(of shown: borrowing ContactView, index: Int, placer: inout LabelPlacer, to shapes: inout [Shape]) {
        guard let badge = placer.placeBadge(of: index) else { return }
        if shown.stable {
            shapes.append(.disc(center: badge, radius: StabilityBadge.radius, color: .stableGreen))
        } else {
            shapes.append(.disc(center: badge, radius: StabilityBadge.radius, color: .white))
            shapes.append(.disc(center: badge, radius: 2 + 9 * shown.stableProgress, color: .provisional))
            shapes.append(.ring(center: badge, radius: 10.5, width: 2, color: .provisional))
        }
    }

    /// The hints at the bottom left (the total and, above it, where it comes
    /// from when the contacts are its shares; the calibration's, the
    /// mouse's, the fleet's; the carrier guide's step on top): on the buttons' row when there is room beside
    /// them, else above them, each marked taken for the labels. Returns their top.
    private func appendFooter(_ footer: Footer, placer: inout LabelPlacer, to scene: inout Scene) -> Double? {
        // Top to bottom; no array of them: this runs for every scene.
        let lines = (
            total.line, footer.fitSummary, footer.mouse, footer.fleet, total.contactsAsShares ? ScaleTotal.sharesOfDeviceTotal : nil,
            footer.carrier
        )
        let mode = footer.mode
        let due = footer.due
        guard
            lines.0 != nil || lines.1 != nil || lines.2 != nil || lines.3 != nil || lines.4 != nil || lines.5 != nil || mode != nil
                || due != nil
        else {
            return nil
        }
        let size = layout.size
        let textSize = 16.0
        let gap = Flow.gap
        let besideRoom = panel.left - 2 * gap
        // Each measured once: whether it fits beside the buttons is its width there.
        func width(_ text: String?) -> Double? { text.map { metrics.width($0, size: textSize) } }
        func fitsBeside(_ width: Double?) -> Bool { width.map { $0 <= besideRoom } ?? true }
        let widths = (width(lines.0), width(lines.1), width(lines.2), width(lines.3), width(lines.4), width(lines.5))
        let modeWidth = width(mode?.text)
        let dueWidth = width(due?.text)
        let beside =
            fitsBeside(widths.0) && fitsBeside(widths.1) && fitsBeside(widths.2) && fitsBeside(widths.3) && fitsBeside(widths.4)
            && fitsBeside(widths.5) && fitsBeside(modeWidth) && fitsBeside(dueWidth)
        var bottom = beside ? size.height - gap : panel.top - gap / 2
        func appendLine(_ text: String, size textSize: Double, width: Double, color: Color) {
            let height = metrics.lineHeight * textSize
            let rect = Rect(x: gap, y: bottom - height, width: width, height: height)
            scene.shapes.append(Self.plate(rect, on: scene))
            scene.shapes.append(.text(text, at: Point(rect.x, rect.y), anchor: .topLeft, size: textSize, color: color))
            placer.block(rect)
            bottom = rect.y
        }
        func appendHint(_ text: String?, width: Double?, color: Color = .grey) {
            guard let text else { return }
            let room = size.width - 2 * gap
            if beside, let width {
                appendLine(text, size: textSize, width: width, color: color)
            } else if let width, width <= room, !text.isEmpty {
                // What the paragraph below gives a text that fits (its one
                // line, at its size, this wide), without measuring it thrice more.
                appendLine(text, size: textSize, width: width, color: color)
            } else {
                let wrapped = Flow.paragraph(text, width: room, size: textSize, metrics: metrics)
                for line in wrapped.reversed() {
                    appendLine(line.text, size: line.size, width: metrics.width(line.text, size: line.size), color: color)
                }
            }
        }
        // Bottom up.
        appendHint(lines.3, width: widths.3)
        appendHint(lines.2, width: widths.2)
        appendHint(due?.text, width: dueWidth, color: due?.color ?? .grey)  // when the calibration is due, under it
        appendHint(lines.1, width: widths.1)
        appendHint(lines.0, width: widths.0)
        appendHint(mode?.text, width: modeWidth, color: mode?.color ?? .grey)  // the mode, with the total's verdict
        appendHint(lines.4, width: widths.4)  // above the total it explains
        appendHint(lines.5, width: widths.5)  // the carrier guide's step, on top
        return bottom
    }

    /// The legend under the banner (grey, left-aligned), when the buttons
    /// are up (the wizard's panel has its own words). Returns its bottom.
    private func appendLegend(below top: Double, shown: Bool, to scene: inout Scene) -> Double {
        guard shown, !panel.legend.isEmpty else { return top }
        var y = top + 4
        for line in panel.legend {
            let height = metrics.lineHeight * line.size
            scene.shapes.append(Self.plate(Rect(x: Flow.gap, y: y, width: line.width, height: height), on: scene))
            scene.shapes.append(.text(line.text, at: Point(Flow.gap, y), anchor: .topLeft, size: line.size, color: .grey))
            y += metrics.lineHeight * line.size
        }
        return y
    }

    /// The buttons' shapes and elements, as the panel made them.
    private func appendButtons(to scene: inout Scene) {
        // One by one: cheaper than append(contentsOf:) for these few (callgrind).
        for shape in panel.shapes { scene.shapes.append(shape) }
        if scene.elements.isEmpty {
            scene.elements = panel.elements
        } else {
            scene.elements.append(contentsOf: panel.elements)
        }
    }

    /// The banner across the top: the device notice and what the source
    /// can measure, each line wrapped to the width. Returns its bottom edge.
    private func appendBanner(from left: Double, to right: Double, to scene: inout Scene) -> Double {
        let width = right - left
        guard let (lines, height) = bannerLines(width: width) else { return 0 }
        scene.shapes.append(.rect(Rect(x: left, y: 0, width: width, height: height), color: .banner))
        var y = 6.0
        for line in lines {
            scene.shapes.append(.text(line.text, at: Point(left + width / 2, y), anchor: .topCenter, size: line.size, color: .warning))
            y += metrics.lineHeight * line.size
        }
        return height
    }

    /// The banner's lines wrapped to `width`, and its height; nil without one.
    func bannerLines(width: Double) -> (lines: [(text: String, size: Double)], height: Double)? {
        guard deviceNotice != nil || !modeBanner.isEmpty else { return nil }
        let texts = (deviceNotice.map { [$0] } ?? []) + modeBanner
        let lines = texts.flatMap { Flow.paragraph($0, width: width - 24, size: 18, metrics: metrics) }
        return (lines, 12 + lines.reduce(0) { $0 + metrics.lineHeight * $1.size })
    }
}
