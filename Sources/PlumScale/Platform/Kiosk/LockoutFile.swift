import Foundation
import PlumScaleCore

/// The kiosk's PIN lockout, kept across restarts (a restart must not give
/// three free tries): `$XDG_DATA_HOME/plumscale/kiosk-lockout.json` (else
/// `~/.local/share/plumscale/`), `{"failures": 3, "lockedUntil": 1764583210.5}`
/// with the end of the lock in seconds since 1970 (null when not locked).
/// Written atomically: a temporary file beside it, flushed, renamed over it.
struct LockoutFile {
    struct Lockout: Equatable {
        var failures: Int
        var lockedUntil: Date?
    }

    let path: String

    /// The file in the data directory, nil with neither XDG_DATA_HOME nor HOME.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/plumscale/kiosk-lockout.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/plumscale/kiosk-lockout.json"
    }

    /// The saved lockout; nil when there is none. A file that cannot be
    /// read or parsed throws, saying why (the caller warns and goes on).
    func load() throws -> Lockout? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do throws(InputFileProblem) {
            data = try InputFile.read(path, limit: .lockout)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let failures = object["failures"] as? Int, failures >= 0
        else { throw RuntimeFailure("\(path): expected {\"failures\": N, \"lockedUntil\": SECONDS or null}") }
        let until = (object["lockedUntil"] as? Double).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        return Lockout(failures: failures, lockedUntil: until)
    }

    func save(_ lockout: Lockout) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let until = lockout.lockedUntil.map { String(format: "%.3f", $0.timeIntervalSince1970) } ?? "null"
        let text = "{\"failures\": \(lockout.failures), \"lockedUntil\": \(until)}\n"
        let temporary = directory + "/.kiosk-lockout.json.\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw RuntimeFailure("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else {
            unlink(temporary)
            throw RuntimeFailure("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw RuntimeFailure("cannot replace \(path): \(reason)")
        }
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }
}
