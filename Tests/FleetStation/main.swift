import Foundation
import PlumScale
import PlumScaleCore

// The fleet tests' child (FleetDeliveryTests): a station without a window.
// It saves N weighings through the history service, one every --every
// seconds, with the config's MQTT sink publishing them, printing
// "saved <id>" after each commit and "status <fleet line>" at each change
// of the sink's state; then it waits until the outbox is empty (exit 0)
// or --wait seconds passed (exit 3). A test hook: it lives with the tests.
let arguments = Array(CommandLine.arguments.dropFirst())
func value(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
guard let configPath = value("--config"), let db = value("--db"), let count = value("--count").flatMap(Int.init) else {
    FileHandle.standardError.write(Data("usage: PlumScaleFleetStation --config FILE --db PATH --count N [--every S] [--wait S]\n".utf8))
    exit(2)
}
let every = value("--every").flatMap(Double.init) ?? 0.02
let wait = value("--wait").flatMap(Double.init) ?? 30
do {
    guard let settings = try ConfigFile.load(explicitPath: configPath).config.mqtt else {
        throw RuntimeFailure("\(configPath): no mqtt section")
    }
    try FleetSink.preflight(settings, log: Log())
    let history = try HistoryService(path: db, configPath: nil)
    let statusLock = NSLock()
    nonisolated(unsafe) var sinkRef: FleetSink?
    let sink = FleetSink(settings: settings, history: history, log: Log()) {
        statusLock.lock()
        defer { statusLock.unlock() }
        if let status = sinkRef?.status { try? StandardStreams.out("status \(status.text)\n") }
    }
    sinkRef = sink
    history.publish(to: sink)
    sink.start()
    for n in 0..<count {
        let object = WeighedObject(index: 0, x: 100, y: 200, force: 0.5, grams: Double(n), stable: true)
        guard case .saved(let id) = history.perform(.save(device: "fleet station", mode: .force, objects: [object], units: .g, step: 0.1))
        else { throw RuntimeFailure("weighing \(n) not saved") }
        try StandardStreams.out("saved \(id)\n")
        usleep(UInt32(every * 1_000_000))
    }
    // The outbox as stored, not the sink's last report: that may not have
    // seen the last save yet, and stopping then would strand it.
    let deadline = Date().addingTimeInterval(wait)
    func delivered() throws -> Bool { try history.fleetQueued() == 0 && sink.status.connected }
    while try !delivered(), Date() < deadline { usleep(20_000) }
    let done = try delivered()
    sink.stop()
    exit(done ? 0 : 3)
} catch {
    FileHandle.standardError.write(Data("PlumScaleFleetStation: \(error)\n".utf8))
    exit(1)
}
