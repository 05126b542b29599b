/// The scale screen as it is drawn: Plum-O-Meter's circles, labels and
/// prompt, and what PlumScale adds (the banner, the legend, the
/// indicator's row, the footer's lines, the buttons). A function of what
/// it shows, which the root gathers from the scale, its functions, the
/// source, the kiosk and the config (App/ScaleScreen/): it reads
/// nothing else.
struct ScaleView {
    var layout: Layout
    var metrics: TextMetrics
    /// The buttons, the legend's lines (ScaleButtonPanel).
    var panel: ScaleButtonPanel
    /// The banner's lines: the device's notice, then what the source can measure.
    var deviceNotice: String?
    var modeBanner: [String]
    /// What the source measures: the labels are said in its terms.
    var sourceMode: ForceMode
    /// Every contact as shown, in the board's order, and their total.
    var shown: [ContactView]
    var total: ScaleTotal
    /// The indicator's marks (with grams), nil without.
    var indicator: Indicator?
    /// An empty scale asks for objects: not for a refused device (its
    /// banner says why) nor while the eccentricity test's panel says
    /// where the one object goes.
    var asksForObjects: Bool
    /// A touchpad's pad, in layout coordinates; nil for a touchscreen.
    var pad: Rect?
    /// The kiosk's operator bar lies under the header (Kiosk.operatorBar).
    var operatorBar: Bool
    /// The footer's lines; nil where the buttons are not up (the wizard's
    /// panel has its own words).
    var footer: Footer?

    /// The hints at the bottom left besides the total, each nil where it
    /// does not apply.
    struct Footer {
        /// What the calibration's fit says ("fit over 3 masses …").
        var fitSummary: String?
        /// The mouse's hint, with the force it presses with.
        var mouse: String?
        /// The fleet's line, nil without a broker.
        var fleet: String?
        /// When the calibration is due, in its colour.
        var due: (text: String, color: Color)?
        /// The scale's mode with the total's verdict, or what is being typed.
        var mode: (text: String, color: Color)?
        /// The carrier guide's step.
        var carrier: String?
    }

    /// Where the banner, the legend and the indicator's row end with the
    /// buttons up: the operator bar goes under it.
    var headerBottom: Double {
        let banner = bannerLines(width: layout.size.width)?.height ?? 0
        let indicator = indicatorRowHeight(width: layout.size.width)
        guard !panel.legend.isEmpty else { return banner + indicator }
        return banner + 4 + panel.legend.reduce(0) { $0 + metrics.lineHeight * $1.size } + indicator
    }

    /// The background behind a line of the screen's own words (the legend,
    /// the total, the hints), a little wider than the text: a circle at an
    /// edge or a corner passes under them, never through them.
    static func plate(_ text: Rect, on scene: Scene) -> Shape {
        .rect(Rect(x: max(0, text.x - 4), y: text.y, width: text.width + 8, height: text.height), color: scene.background)
    }
}

extension ScaleView {
    /// A touchpad's pad: a light rounded rectangle with a grey outline, made
    /// of rects and discs (outline colour first, then the inside over it),
    /// under everything else.
    func appendPad(to scene: inout Scene) {
        guard let rect = pad else { return }
        scene.pad = rect
        let outline = 2.0
        let radius = min(16, rect.width / 4, rect.height / 4)
        appendRoundedRect(rect, radius: radius, color: Self.padOutline, to: &scene)
        let inner = Rect(
            x: rect.x + outline, y: rect.y + outline, width: max(rect.width - 2 * outline, 0),
            height: max(rect.height - 2 * outline, 0))
        appendRoundedRect(inner, radius: max(radius - outline, 0), color: Self.padFill, to: &scene)
    }

    static let padOutline = Color(150, 150, 160)
    static let padFill = Color(244, 244, 248)

    private func appendRoundedRect(_ r: Rect, radius: Double, color: Color, to scene: inout Scene) {
        scene.shapes.append(.rect(Rect(x: r.x + radius, y: r.y, width: r.width - 2 * radius, height: r.height), color: color))
        scene.shapes.append(.rect(Rect(x: r.x, y: r.y + radius, width: r.width, height: r.height - 2 * radius), color: color))
        for corner in [
            Point(r.x + radius, r.y + radius), Point(r.x + r.width - radius, r.y + radius),
            Point(r.x + radius, r.y + r.height - radius), Point(r.x + r.width - radius, r.y + r.height - radius),
        ] {
            scene.shapes.append(.disc(center: corner, radius: radius, color: color))
        }
    }
}

extension Color {
    /// Provisional readings: a slate blue, plainly not the stable blue, and
    /// 5.7:1 on white (5.3:1 on the yellow fill).
    static let provisional = Color(96, 96, 160)
    static let overloadRed = Color(214, 30, 30)
    static let stableGreen = Color(0, 150, 70)
}
