import Foundation
import PlumScaleCore

/// Performs the core's store effects against the SQLite store and the
/// config file, answering each (EffectRunner feeds the answers back).
public final class HistoryService {
    let store: HistoryStore
    private let exportDirectory: String
    private let ownedDirectory: String?
    /// Where calibrations made in the wizard are saved.
    public var configPath: String?
    /// Told after each weighing saved into the outbox (`publish(to:)`).
    public private(set) var fleet: FleetSink?
    /// The history's database file.
    public var path: String { store.path }

    /// Opens the store at `path` (default: the XDG data directory).
    public init(path: String?, configPath: String? = ConfigFile.defaultPath()) throws {
        self.configPath = configPath
        store = try HistoryStore(path: path)
        exportDirectory = (store.path as NSString).deletingLastPathComponent + "/exports"
        ownedDirectory = nil
    }

    /// A throwaway store for `render` without `--db`, removed afterwards.
    public init(temporary: ()) throws {
        let dir = NSTemporaryDirectory() + "plumscale-render-\(getpid())-\(UUID().uuidString.prefix(8))"
        store = try HistoryStore(path: dir + "/history.sqlite3")
        exportDirectory = dir + "/exports"
        configPath = dir + "/config.json"
        ownedDirectory = dir
    }

    /// The latest row of the calibration log per device, for the core at
    /// start (`HistoryResult.calibrations`).
    public func latestCalibrations() -> HistoryResult {
        do {
            return .calibrations(try store.latestCalibrations())
        } catch {
            return .failed("the calibration log cannot be read: \(error)")
        }
    }

    /// How many weighings wait in the outbox for the broker, as stored.
    public func fleetQueued() throws -> Int { try store.outboxCount() }

    /// From now on every saved weighing also enters the outbox, in its own
    /// transaction, for `sink` to publish.
    public func publish(to sink: FleetSink) {
        let settings = sink.settings
        store.outbox = { id, uuid, weighing in
            // The device name as the history stores it (a NUL replaced):
            // what is published is what is kept, and JSON consumers such as
            // PostgreSQL's jsonb refuse \u0000.
            var stored = weighing
            stored.device = HistoryStore.storedName(weighing.device)
            return .init(
                topic: settings.weighingsTopic, payload: FleetPayload.weighing(station: settings.station, id: id, uuid: uuid, stored))
        }
        fleet = sink
    }

    deinit {
        if let ownedDirectory { try? FileManager.default.removeItem(atPath: ownedDirectory) }
    }

    /// Performs one piece of store work (`quit` is not one: it fails).
    /// `at`: the wall clock a weighing saved now is taken at (the core's,
    /// so a render of a recording saves it at the window's time).
    public func perform(_ effect: Effect, at now: Date = Date()) -> HistoryResult {
        do {
            switch effect {
            case .quit, .saveLockout:
                return .failed("\(effect) is not the store's work")
            case .save(let device, let mode, let objects, let units, let step, let scaleMode, let product):
                var weighing = Weighing(
                    takenAt: now, device: device, mode: mode.rawValue, objects: objects, units: units.rawValue, step: step,
                    scaleMode: scaleMode)
                weighing.product = product
                let id = try store.save(weighing)
                fleet?.weighingSaved()
                return .saved(id: id)
            case .loadRows(let page, let cursor, let limit):
                let rows = try store.rows(before: cursor, limit: limit)
                return .rows(page: page, rows, labels: rows.map { HistoryText.localTime($0.takenAt, timeZone: .current) })
            case .loadWeighing(let id):
                return .weighing(try store.weighing(id: id))
            case .delete(let id):
                _ = try store.delete(id: id)
                return .deleted(id: id)
            case .saveCalibration(let device, let points, let role):
                guard let configPath else { return .failed("calibration not saved: no config file (set --config)") }
                // The config file first, inside the log's transaction: the
                // log never has a calibration the file does not (CalibrationLog.swift).
                let logged = try store.logCalibration(points, device: device, role: role, at: now) {
                    try ConfigFile.saveCalibration(points, device: device, to: configPath)
                }
                return .calibrationSaved(device: device, points: points, logged: logged.stamp, logProblem: logged.problem)
            case .saveEccentricity(let device, let map, let test, let role):
                guard let configPath else { return .failed("correction not saved: no config file (set --config)") }
                guard let test else {
                    try ConfigFile.saveEccentricity(map, device: device, to: configPath)
                    return .eccentricitySaved(device: device, map: map)
                }
                // As a calibration: the file first, inside the log's transaction.
                let problem = try store.logEccentricity(test, map: map, device: device, role: role, at: now) {
                    try ConfigFile.saveEccentricity(map, device: device, to: configPath)
                }
                return .eccentricitySaved(device: device, map: map, logProblem: problem)
            case .saveProduct(let product):
                guard let configPath else { return .failed("product not saved: no config file (set --config)") }
                try ConfigFile.saveProduct(product, to: configPath)
                return .productSaved(name: product.name)
            case .export(let id):
                guard let weighing = try store.weighing(id: id) else { return .failed("weighing #\(id) is gone") }
                try OutputFile.createDirectories(exportDirectory, mode: 0o700)
                let path = exportDirectory + "/weighing-\(id).csv"
                try OutputFile.write(HistoryExport.csvHeader + HistoryExport.csvLines(weighing), to: path)
                return .exported(path: path)
            }
        } catch let error as OutputError {
            return .failed("export not written: \(error)")
        } catch {
            return .failed("\(error)")
        }
    }
}
