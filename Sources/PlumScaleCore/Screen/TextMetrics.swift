/// How wide and tall the UI font draws a text: advance widths measured by
/// the shell from the font it draws with, in em (fractions of the pixel
/// size), so the core can lay texts out and say where each one is.
public struct TextMetrics: Equatable, Sendable {
    /// Advance widths of U+0000...U+00FF, in em (0 where unknown).
    public var latin: [Double]
    /// Advances of other scalars the UI uses, in em.
    public var others: [UInt32: Double]
    /// For scalars measured nowhere.
    public var fallbackAdvance: Double
    /// The height of a line, in em.
    public var lineHeight: Double

    public init(latin: [Double], others: [UInt32: Double], fallbackAdvance: Double, lineHeight: Double) {
        self.latin = latin.count == 256 ? latin : Array(repeating: fallbackAdvance, count: 256)
        self.others = others
        self.fallbackAdvance = fallbackAdvance
        self.lineHeight = lineHeight
    }

    /// A font-free estimate (DejaVu Sans' average proportions), for tools
    /// and tests that have no font: the shell always measures the real one.
    public static let estimate = TextMetrics(
        latin: Array(repeating: 0.6, count: 256), others: [:], fallbackAdvance: 0.6, lineHeight: 1.17)

    /// Scalars outside Latin-1 that the screens draw.
    public static let uiScalars: [Unicode.Scalar] = Array("●⌫≈²·–—…‹›€£×→←↑↓✓−".unicodeScalars)

    public func advance(_ scalar: Unicode.Scalar) -> Double {
        let value = scalar.value
        if value < 256 { return latin[Int(value)] }
        return others[value] ?? fallbackAdvance
    }

    /// The width of `text` drawn at `size` pixels.
    public func width(_ text: String, size: Double) -> Double {
        // Latin-1, every label's and the total's case, straight from the
        // UTF-8 bytes; anything else scalar by scalar.
        if let em = latin1Width(text.utf8) { return em * size }
        var em = 0.0
        for scalar in text.unicodeScalars { em += advance(scalar) }
        return em * size
    }

    /// The width in em of UTF-8 `bytes` made of U+0000...U+00FF only (one
    /// byte, or two led by 0xC2 or 0xC3), nil for any other text.
    private func latin1Width(_ bytes: String.UTF8View) -> Double? {
        var em = 0.0
        // The high bits of a two-byte character, between its two bytes.
        var lead: Int?
        for byte in bytes {
            if let high = lead {
                guard byte & 0xC0 == 0x80 else { return nil }
                em += latin[high << 6 | Int(byte & 0x3F)]
                lead = nil
            } else if byte < 0x80 {
                em += latin[Int(byte)]
            } else if byte & 0xFE == 0xC2 {
                lead = Int(byte & 0x03)
            } else {
                return nil
            }
        }
        return lead == nil ? em : nil
    }

    /// The line box of `text` drawn at `size` pixels.
    public func box(_ text: String, size: Double) -> Size {
        Size(width(text, size: size), lineHeight * size)
    }

    /// The largest `size` at most `preferred` at which `text` fits `width`
    /// (never below `minimum`).
    public func size(fitting text: String, width: Double, preferred: Double, minimum: Double) -> Double {
        let natural = self.width(text, size: preferred)
        guard natural > width, natural > 0 else { return preferred }
        return max(minimum, (preferred * width / natural).rounded(.down))
    }
}

extension TextAnchor {
    /// The box of a text of `size` drawn with this anchor at `point`.
    public func rect(_ size: Size, at point: Point) -> Rect {
        switch self {
        case .center: Rect(x: point.x - size.width / 2, y: point.y - size.height / 2, width: size.width, height: size.height)
        case .topCenter: Rect(x: point.x - size.width / 2, y: point.y, width: size.width, height: size.height)
        case .topLeft: Rect(x: point.x, y: point.y, width: size.width, height: size.height)
        case .topRight: Rect(x: point.x - size.width, y: point.y, width: size.width, height: size.height)
        case .bottomLeft: Rect(x: point.x, y: point.y - size.height, width: size.width, height: size.height)
        case .bottomRight: Rect(x: point.x - size.width, y: point.y - size.height, width: size.width, height: size.height)
        }
    }
}

/// A text as drawn, with its box, for the state document and the layout checks.
public struct PlacedText: Equatable, Sendable {
    public var text: String
    public var rect: Rect
}

extension Scene {
    /// Every text drawn, with its box in layout coordinates (blank texts left out).
    public func texts(_ metrics: TextMetrics) -> [PlacedText] {
        shapes.compactMap { shape in
            guard case .text(let text, let at, let anchor, let size, _) = shape,
                !text.allSatisfy({ $0 == " " })
            else { return nil }
            return PlacedText(text: text, rect: anchor.rect(metrics.box(text, size: size), at: at))
        }
    }
}

extension Rect {
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Whether the two rectangles share any area.
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies wholly inside, within `tolerance`.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// The rectangle grown by `d` on every side (shrunk for negative `d`).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}
