import Testing

@testable import PlumScaleCore

/// A text's width is the sum of its characters' advances, whether it is read
/// from its UTF-8 bytes (Latin-1 texts) or scalar by scalar (any other).
@Suite struct TextMetricsTests {
    /// Every Latin-1 advance distinct, and the UI's other scalars too.
    static let metrics = TextMetrics(
        latin: (0..<256).map { 0.3 + Double($0) / 1024 },
        others: Dictionary(uniqueKeysWithValues: TextMetrics.uiScalars.enumerated().map { ($1.value, 1.5 + Double($0) / 64) }),
        fallbackAdvance: 0.9, lineHeight: 1.17)

    @Test(arguments: [
        "", "42.0%", "Total 145.0% · 5 objects", "15.0 g", "-1.2%", "NET", "Ünïcödé ÿ ÀÁÂ ©®±µ¶", "\u{00A0}×÷",
        "≈ 41%", "1 € 7.50 g", "Zero ✓", "日本", "a\u{0301}", "ÿ≈", "≈ÿ",
    ])
    func widthIsTheSumOfTheAdvances(text: String) {
        let expected = text.unicodeScalars.reduce(0.0) { $0 + Self.metrics.advance($1) } * 24
        #expect(abs(Self.metrics.width(text, size: 24) - expected) < 1e-9, "\(text)")
    }
}

/// A text wraps word by word where it is too wide, and is its one line where it fits.
@Suite struct FlowWrapTests {
    static let metrics = TextMetrics.estimate
    static let texts = [
        "", "Total 145.0 g · 5 objects", "Calibrated: R² 1.0000, max residual 0.00 g, 3 pts", "two  spaces kept",
        "Fleet: the broker refuses weighings on siteA/bench-1/weighings: not authorised", "averyveryverylongwordthatcannotbreak",
    ]

    @Test(arguments: [60.0, 120.0, 300.0, 2000.0])
    func linesFitAndKeepEveryWord(width: Double) {
        for text in Self.texts {
            let lines = Flow.wrap(text, width: width, size: 16, metrics: Self.metrics)
            #expect(lines.joined(separator: " ") == text, "\(text) at \(width): \(lines)")
            for line in lines where line.contains(" ") {
                #expect(Self.metrics.width(line, size: 16) <= width, "\(line) is wider than \(width)")
            }
            if Self.metrics.width(text, size: 16) <= width { #expect(lines == (text.isEmpty ? [] : [text])) }
            if Self.metrics.width(text, size: 16) > width && text.contains(" ") { #expect(lines.count > 1, "\(text) at \(width)") }
        }
    }
}
