import Foundation

/// WCAG 2's contrast between a text's colour and what it is drawn on, so
/// that every text can be held to 4.5:1 (the level for body text).
public enum Contrast {
    public static let minimum = 4.5

    /// The relative luminance of an opaque colour (sRGB, 0...1).
    public static func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.040_45 ? s / 12.92 : ((s + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// (lighter + 0.05) / (darker + 0.05), 1...21.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a)
        let lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` laid over `bottom` by its alpha.
    public static func blend(_ top: Color, over bottom: Color) -> Color {
        let a = Double(top.a) / 255
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(t) * a + Double(b) * (1 - a)).rounded()) }
        return Color(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b))
    }

    /// What lies under `point` before shape `index`: the background with
    /// every rectangle and disc drawn over it there, in order.
    static func backdrop(at point: Point, before index: Int, in scene: Scene) -> Color {
        var color = scene.background
        for shape in scene.shapes[..<index] {
            switch shape {
            case .rect(let r, let c) where r.contains(Rect(x: point.x, y: point.y, width: 0, height: 0)):
                color = blend(c, over: color)
            case .disc(let center, let radius, let c):
                let dx = point.x - center.x
                let dy = point.y - center.y
                if dx * dx + dy * dy <= radius * radius { color = blend(c, over: color) }
            default: break
            }
        }
        return color
    }

    /// Every text of the top layer under 4.5:1 against what it lies on, in
    /// words. What it lies on is looked at in five places (its centre and
    /// the middles of its quarters) and the median ratio taken: a text
    /// across a thin line (a ring, a pad's outline) lies on what is around it.
    public static func problems(in scene: Scene, metrics: TextMetrics) -> [String] {
        let start = scene.modalStart ?? 0
        var problems: [String] = []
        for index in start..<scene.shapes.count {
            guard case .text(let text, let at, let anchor, let size, let color) = scene.shapes[index],
                !text.allSatisfy({ $0 == " " })
            else { continue }
            let rect = anchor.rect(metrics.box(text, size: size), at: at)
            let places = [(0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)].map {
                Point(rect.x + rect.width * $0.0, rect.y + rect.height * $0.1)
            }
            let ratios = places.map { place -> Double in
                let under = backdrop(at: place, before: index, in: scene)
                return self.ratio(blend(color, over: under), under)
            }
            let ratio = ratios.sorted()[2]
            if ratio < minimum {
                problems.append("text \"\(text)\" has contrast \((ratio * 10).rounded() / 10):1 on what it lies on")
            }
        }
        return problems
    }
}

extension Double {
    fileprivate func power(_ e: Double) -> Double { Foundation.pow(self, e) }
}
