// libFuzzer target: the config parser (Config.parse). Any bytes give a
// Config or a ConfigError with issues; an accepted config described with
// describe() must parse back to an equal Config (documented in Config.swift).
import Foundation

@testable import PlumScaleCore

@_cdecl("LLVMFuzzerTestOneInput")
public func configFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let config: Config
    do {
        config = try Config.parse(bytes, file: "fuzz.json")
    } catch {
        precondition(!error.issues.isEmpty, "a ConfigError without issues")
        return 0
    }
    // Every duration within its documented range (the loop's wait is
    // bounded anyway), every string bound for C free of NUL.
    for duration in [
        config.contactTimeoutSeconds, config.kiosk.idleSeconds, config.kiosk.autoRecordSeconds, config.kiosk.operatorIdleSeconds,
        config.stability.seconds,
    ] {
        precondition(duration > 0 && duration <= ConfigReader.longestDuration, "a duration out of range: \(duration)")
    }
    precondition(config.font.map { !$0.utf8.contains(0) } ?? true, "a font path with a NUL")
    precondition(config.calibrations.keys.allSatisfy { !$0.utf8.contains(0) }, "a device name with a NUL")
    let text = config.describe()
    guard let again = try? Config.parse(text, file: "described.json") else {
        fatalError("describe() of an accepted config does not parse back:\n\(text)")
    }
    precondition(again == config, "describe() does not round-trip:\n\(text)")
    return 0
}
