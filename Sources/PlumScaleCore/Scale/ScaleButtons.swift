/// The scale screen's buttons, along the bottom-right edge: each works by
/// touch, by mouse and by its key.
public struct ScaleButton: Equatable, Sendable {
    public var action: ScaleAction
    public var title: String
    public var rect: Rect
    /// The name the state document gives the button ("record").
    public var name: String { action.rawValue }
    public var key: Key { action.key }
}

/// The buttons for one layout size, force mode, font and kiosk role, with
/// their shapes and elements made once: the state keeps a panel and makes a
/// new one when any of those changes, not for every scene. They sit along
/// the bottom edge, right-aligned, on as many rows as the width needs; when
/// the titles with their keys do not fit on one row, the keys are left out.
struct ScaleButtonPanel: Equatable, Sendable {
    let size: Size
    let mode: ForceMode
    let metrics: TextMetrics
    /// Whether operator work is allowed (Calibrate): always outside a kiosk.
    let operatorActions: Bool
    let buttons: [ScaleButton]
    let shapes: [Shape]
    let elements: [Element]
    /// The buttons' rectangles, in the order of `buttons`.
    let rects: [Rect]
    /// The top of the highest row of buttons, and the left edge of the leftmost.
    let top: Double
    let left: Double
    /// Whether the legend says how to quit (not in a kiosk).
    let quitHint: Bool
    /// Whether the config offers modes beyond weighing: a Mode button (m).
    let offersModes: Bool
    /// Whether the config offers counting: a Sample button (n), for the number pad.
    let offersSample: Bool
    /// Whether the scale has grams: a Preset tare button (p), for the number pad.
    let offersPresetTare: Bool
    /// What the numbers on screen are, for the legend (ScaleLegend.swift).
    let reading: ScaleLegend
    /// The legend's lines along the top: what the numbers and the dot mean,
    /// the mode, how to quit; wrapped to the width once, not every scene.
    let legend: [Line]

    struct Line: Equatable, Sendable {
        var text: String
        var size: Double
        /// Its width, measured once: its plate is drawn every scene.
        var width: Double
    }

    init(
        size: Size, mode: ForceMode, metrics: TextMetrics, operatorActions: Bool = true, quitHint: Bool = true,
        offersModes: Bool = false, offersSample: Bool = false, offersPresetTare: Bool = false,
        reading: ScaleLegend = ScaleLegend()
    ) {
        self.size = size
        self.reading = reading
        self.offersPresetTare = offersPresetTare
        self.offersModes = offersModes
        self.offersSample = offersSample
        self.mode = mode
        self.metrics = metrics
        self.operatorActions = operatorActions
        self.quitHint = quitHint
        legend =
            reading.text(mode: mode, quitHint: quitHint).map { Self.legendLines($0, width: size.width - 2 * Flow.gap, metrics: metrics) }
            ?? []
        var items: [(ScaleAction, String, String)] = [(.recordTapped, "Record", "space"), (.historyTapped, "History", "h")]
        if mode != .position { items += [(.tareTapped, "Tare", "t"), (.clearTareTapped, "Clear tare", "z")] }
        if mode == .force { items += [(.unitsTapped, "Units", "u"), (.useCarrierTapped, "Use carrier", "w")] }
        // A preset tare and a sample typed on the number pad, for an operator without a keyboard.
        if mode == .force, offersPresetTare { items.append((.presetTareTapped, "Preset tare", "p")) }
        if mode == .force, operatorActions, offersModes { items.append((.modeTapped, "Mode", "m")) }
        if mode == .force, operatorActions, offersSample { items.append((.sampleTapped, "Sample", "n")) }
        // Check-weighing with grams: its products, picked and saved.
        if operatorActions, reading.units != nil, reading.mode == "check" {
            items += [(.productTapped, "Product", "o"), (.newProductTapped, "New product", "l")]
        }
        if mode == .force, operatorActions { items.append((.calibrateTapped, "Calibrate", "k")) }
        let gap = Flow.gap
        let room = size.width - 2 * gap
        let long = items.map { "\($0.1) (\($0.2))" }
        let oneRow = Flow.buttonRows(long, right: size.width - gap, bottom: size.height - gap, width: room, metrics: metrics)
        let titles = Set(oneRow.map(\.y)).count == 1 ? long : items.map(\.1)
        let rects = Flow.buttonRows(titles, right: size.width - gap, bottom: size.height - gap, width: room, metrics: metrics)
        buttons = zip(items, zip(titles, rects)).map { item, placed in
            ScaleButton(action: item.0, title: placed.0, rect: placed.1)
        }
        shapes = buttons.flatMap { button -> [Shape] in
            [
                .rect(button.rect, color: Color(232, 232, 240)),
                .text(button.title, at: button.rect.center, anchor: .center, size: Flow.buttonText, color: .ink),
            ]
        }
        elements = buttons.map { Element(kind: .button, name: $0.name, rect: $0.rect, control: .scale($0.action)) }
        self.rects = buttons.map(\.rect)
        top = rects.map(\.y).min() ?? size.height
        left = rects.map(\.x).min() ?? size.width
    }

    /// Whether this panel is the one for `size`, `mode`, `metrics` and the role.
    func fits(
        size: Size, mode: ForceMode, metrics: TextMetrics, operatorActions: Bool, quitHint: Bool, grams: Bool, reading: ScaleLegend
    ) -> Bool {
        offersPresetTare == grams && self.reading == reading && self.size == size && self.mode == mode
            && self.operatorActions == operatorActions
            && self.quitHint == quitHint
            && self.metrics == metrics
    }

    /// The legend on one line, smaller down to 12 px, wherever that fits (a
    /// second line would stand over the circles: issue 23 item 13); wrapped
    /// only on a screen narrower still.
    static func legendLines(_ text: String, width: Double, metrics: TextMetrics) -> [Line] {
        let size = metrics.size(fitting: text, width: width, preferred: 15, minimum: 12)
        let oneLine = metrics.width(text, size: size)
        if oneLine <= width { return [Line(text: text, size: size, width: oneLine)] }
        return Flow.paragraph(text, width: width, size: 15, minimum: 11, metrics: metrics).map {
            Line(text: $0.text, size: $0.size, width: metrics.width($0.text, size: $0.size))
        }
    }
}
