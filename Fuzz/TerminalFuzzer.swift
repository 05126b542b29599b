// libFuzzer target: text shown on a terminal (TerminalText.visible and the
// history listing). Whatever the bytes of a device name, the output holds
// no control character (newlines only between the listing's lines), no C1
// control, no bidirectional override, and escaping it again changes nothing.
import Foundation

@testable import PlumScaleCore

@_cdecl("LLVMFuzzerTestOneInput")
public func terminalFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0xFF) ?? size
    let name = String(decoding: bytes[..<split], as: UTF8.self)
    let mode = String(decoding: bytes[min(size, split + 1)...], as: UTF8.self)
    for keepLines in [false, true] {
        let shown = TerminalText.visible(name, keepLines: keepLines)
        for scalar in shown.unicodeScalars where TerminalText.needsEscape(scalar, keepLines: keepLines) {
            fatalError("escaped text still holds U+\(String(scalar.value, radix: 16)): \(shown.debugDescription)")
        }
        precondition(TerminalText.visible(shown, keepLines: keepLines) == shown, "escaping is not idempotent")
        precondition(shown.count >= name.unicodeScalars.filter { !TerminalText.needsEscape($0, keepLines: keepLines) }.count / 4)
    }
    let row = HistoryRow(
        id: Int64(size), takenAt: Date(timeIntervalSince1970: Double(size)), device: name, mode: mode,
        objectCount: size % 7, heaviestForce: size % 2 == 0 ? 0.5 : nil, heaviestGrams: nil)
    let listing = HistoryListing.format([row, row], total: 2, timeZone: TimeZone(identifier: "UTC")!)
    for scalar in listing.unicodeScalars where scalar != "\n" && TerminalText.needsEscape(scalar, keepLines: false) {
        fatalError("the listing sends U+\(String(scalar.value, radix: 16)) to the terminal")
    }
    precondition(
        listing.split(separator: "\n", omittingEmptySubsequences: false).count == 5,
        "header, two rows, footer and the final newline: \(listing.debugDescription)")
    return 0
}
