/// The on-screen keypad for a number typed on the scale screen (a sample's
/// pieces after `n`, a preset tare after `p`), so a touch-only operator can
/// type it: the PIN pad's look and grid (PinPad.grid) with five rows, 1-9,
/// "." (a mass only), 0, ⌫, then Cancel and OK. Each key stands for the
/// key the keyboard would press: one reducer (NumberEntry) either way.
enum NumberPad {
    /// The keys in the grid's order; nil: an empty slot.
    static func keys(decimals: Bool) -> [NumberEntry.Action?] {
        (1...9).map { .digitTyped($0) } + [decimals ? .pointTyped : nil, .digitTyped(0), .backspacePressed]
            + [.escapePressed, nil, .enterPressed]
    }

    static func keyRects(size: Size, decimals: Bool) -> [(action: NumberEntry.Action, rect: Rect)] {
        zip(keys(decimals: decimals), PinPad.grid(size: size, rows: 5)).compactMap { key, rect in key.map { ($0, rect) } }
    }
}

extension NumberEntry.Action {
    /// The name the state document gives its key ("number-5", "number-ok").
    var elementName: String {
        switch self {
        case .digitTyped(let digit): "number-\(digit)"
        case .pointTyped: "number-point"
        case .backspacePressed: "number-backspace"
        case .enterPressed: "number-ok"
        case .escapePressed: "number-cancel"
        }
    }

    var title: String {
        switch self {
        case .digitTyped(let digit): String(digit)
        case .pointTyped: "."
        case .backspacePressed: "⌫"
        case .enterPressed: "OK"
        case .escapePressed: "Cancel"
        }
    }

    /// The keyboard's key for it: the pad and the keyboard type alike.
    var key: Key {
        switch self {
        case .digitTyped(let digit): .character(Character(String(digit)))
        case .pointTyped: .character(".")
        case .backspacePressed: .backspace
        case .enterPressed: .enter
        case .escapePressed: .escape
        }
    }
}

extension ScaleFunctions {
    /// The number being typed, if any: what it is, as typed, and whether it may have a decimal point.
    var numberPadEntry: (title: String, typed: String, decimals: Bool)? {
        if let countSample { return ("Pieces in the sample", countSample.typed, false) }
        if let presetTareEntry { return ("Preset tare (\(units.rawValue))", presetTareEntry.typed, true) }
        if let productEntry { return (productPadTitle(productEntry), productEntry.typed, productEntry.stage != .name) }
        return nil
    }
}

extension NumberPad {
    /// The pad over the scale for `entry`, dimmed beneath: what is typed, then the keys.
    static func append(_ entry: (title: String, typed: String, decimals: Bool), size: Size, metrics: TextMetrics, to scene: inout Scene) {
        scene.beginModal(dim: Color(20, 20, 30, 200))
        let top = PinPad.top(size: size, rows: 5)
        let room = PinPad.textRoom
        let titleSize = metrics.size(fitting: entry.title, width: size.width - 24, preferred: 26, minimum: 12)
        let typedSize = metrics.size(fitting: entry.typed + "_", width: size.width - 24, preferred: 26, minimum: 12)
        let widest = max(metrics.width(entry.title, size: titleSize), metrics.width(entry.typed + "_", size: typedSize))
        let panel = PinPad.plate(size: size, rows: 5, messageWidth: widest)
        scene.shapes.append(.rect(panel, color: PinPad.plateColor))
        scene.shapes.append(
            .text(entry.title, at: Point(size.width / 2, top + room / 2), anchor: .center, size: titleSize, color: .white))
        scene.shapes.append(
            .text(entry.typed + "_", at: Point(size.width / 2, top + room * 1.5), anchor: .center, size: typedSize, color: .white))
        for (action, rect) in NumberPad.keyRects(size: size, decimals: entry.decimals) {
            scene.appendButton(action.elementName, action.title, rect, kind: .key, control: .numberPad(action))
        }
    }
}

extension Config {
    /// Whether counting is among the modes offered: the Sample button (n) is then shown.
    var offersCounting: Bool {
        scaleModes.contains {
            if case .count = $0 { return true }
            return false
        }
    }
}
