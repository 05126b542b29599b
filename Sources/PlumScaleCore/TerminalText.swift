/// Text from outside (device names from the kernel or a recording, lines of
/// an input file) made safe to show on a terminal: control characters and
/// the invisible ones that reorder or hide text are written as visible
/// escapes, so an escape sequence in a device name can neither move the
/// cursor, retitle the window nor hide what follows it.
///
/// - C0 controls and DEL: `\x1B`, `\x00`, ... (newline and tab too, unless
///   `keepLines`, which keeps "\n" and "\t" for multi-line reports);
/// - C1 controls (U+0080...U+009F, the 8-bit CSI among them): `\u{9B}`;
/// - bidirectional overrides and isolates, line and paragraph separators,
///   the zero-width space, direction marks and the BOM (the joiners, which
///   emoji and scripts need, are kept): `\u{202E}`, `\u{2028}`, ...
///
/// A backslash is written as it is: the escapes are for reading, not for
/// parsing back.
public enum TerminalText {
    public static func visible(_ text: String, keepLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepLines: keepLines) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepLines: keepLines) else {
                out.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let escape = scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepLines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
