import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The unprivileged user the Wayland tests run compositors and the program
/// as (cage refuses root, and a kiosk is never root). Run as root, the
/// tests create it once (`useradd --system`, no home, no login shell) and
/// reuse it; run as anyone else, they run as themselves.
struct TestUser {
    static let name = "plumscale-test"

    let uid: uid_t
    let gid: gid_t
    /// The lock file's descriptor, held from `make()` to `release()`.
    let lock: Int32

    /// Waits until no other test, in this process or another of `make test`'s,
    /// runs as the user, then takes it: each test ends every process of the
    /// user when it is done, so two at once would end each other's
    /// compositor. `release()` (in a `defer`) hands it on.
    static func make() throws -> TestUser {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plumscale-tests-test-user.lock").path
        let lock = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o666)
        guard lock >= 0 else { throw SpawnError(message: "open \(path): \(String(cString: strerror(errno)))") }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(lock)
                throw SpawnError(message: "flock \(path): \(String(cString: strerror(errno)))")
            }
        }
        do {
            return try made(lock: lock)
        } catch {
            close(lock)
            throw error
        }
    }

    /// Hands the user on to the next test waiting for it.
    func release() { close(lock) }

    private static func made(lock: Int32) throws -> TestUser {
        guard geteuid() == 0 else { return TestUser(uid: getuid(), gid: getgid(), lock: lock) }
        if let entry = getpwnam(name) { return TestUser(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, lock: lock) }
        let out = Paths.temporaryDirectory("useradd").appendingPathComponent("out").path
        let add = try Spawned(
            "/usr/sbin/useradd",
            [
                "--system", "--no-create-home", "--user-group",
                "--shell", "/usr/sbin/nologin", name,
            ], stdout: out, stderr: out)
        let status = add.wait(timeout: 30)
        guard let entry = getpwnam(name) else {
            throw SpawnError(
                message: "useradd \(name) failed (status \(String(describing: status))): "
                    + ((try? String(contentsOfFile: out, encoding: .utf8)) ?? ""))
        }
        return TestUser(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, lock: lock)
    }

    /// `path arguments` as this user (through setpriv when we are root).
    func command(_ path: String, _ arguments: [String]) -> (String, [String]) {
        guard geteuid() == 0, uid != 0 else { return (path, arguments) }
        return ("/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--", path] + arguments)
    }

    /// A fresh directory this user owns, 0700.
    func directory(_ name: String) throws -> URL {
        let url = Paths.temporaryDirectory(name)
        guard chown(url.path, uid, gid) == 0, chmod(url.path, 0o700) == 0 else {
            throw SpawnError(message: "chown \(url.path): \(String(cString: strerror(errno)))")
        }
        return url
    }

    /// Makes `url` (a file or directory the test wrote) this user's.
    func give(_ url: URL) throws {
        guard chown(url.path, uid, gid) == 0 else { throw SpawnError(message: "chown \(url.path): \(String(cString: strerror(errno)))") }
    }

    /// The processes this user still runs (for clean-up checks), by /proc.
    func processes() -> [(pid: pid_t, name: String)] {
        guard uid != getuid() else { return [] }  // running as ourselves: nothing to tell apart
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid_t, String)? in
            guard let pid = pid_t(entry), let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)
            else { return nil }
            let lines = status.split(separator: "\n")
            guard let uidLine = lines.first(where: { $0.hasPrefix("Uid:") }),
                uidLine.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first == Substring(String(uid))
            else { return nil }
            let name = lines.first { $0.hasPrefix("Name:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) } ?? "?"
            return (pid, name)
        }
    }
}

/// The environment of one Wayland session of the tests: its own runtime
/// directory (so the compositor's socket is private), home and XDG
/// directories the test user owns, no X or Wayland display inherited.
struct WaylandSession {
    let user: TestUser
    let root: URL
    let runtime: URL
    let home: URL
    let environment: [String: String]

    init(user: TestUser) throws {
        self.user = user
        root = Paths.temporaryDirectory("wayland-session")
        chmod(root.path, 0o755)
        runtime = root.appendingPathComponent("runtime")
        home = root.appendingPathComponent("home")
        for dir in [
            runtime, home, home.appendingPathComponent(".config"), home.appendingPathComponent(".local/share"),
            home.appendingPathComponent(".local/state"), home.appendingPathComponent(".cache"),
        ] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            chown(dir.path, user.uid, user.gid)
            chmod(dir.path, 0o700)
        }
        chown(home.appendingPathComponent(".local").path, user.uid, user.gid)
        var env = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XAUTHORITY", "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            env.removeValue(forKey: name)
        }
        env["XDG_RUNTIME_DIR"] = runtime.path
        env["HOME"] = home.path
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        env["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        env["XDG_STATE_HOME"] = home.appendingPathComponent(".local/state").path
        env["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment = env
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The first Wayland socket a compositor made in the runtime directory.
    func waitForSocket(of server: Spawned, log: String, timeout: Double = 20) throws -> String {
        try waitFor("a Wayland socket in \(runtime.path)", timeout: timeout) { () -> String? in
            guard server.isRunning else {
                throw WaitFailure(
                    "the compositor exited with status \(server.status ?? -1): "
                        + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            return names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.sorted().first
        }
    }

    /// cage running `command` as the test user, with its Wayland display,
    /// once PlumScale inside took its replay; `end()` stops it and every
    /// process of the user (call it in a `defer`).
    struct Cage {
        let process: Spawned
        let display: String
        let log: String
        let user: TestUser

        func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        func end() {
            if process.isRunning { process.stop() }
            for leftover in user.processes() { kill(leftover.pid, SIGKILL) }
        }
    }

    func startCage(_ command: [String], environment env: [String: String], log: String) throws -> Cage {
        let (path, args) = user.command(command[0], Array(command.dropFirst()))
        let process = try Spawned(path, args, environment: env, stdout: log, stderr: log)
        do {
            let cage = Cage(process: process, display: try waitForSocket(of: process, log: log), log: log, user: user)
            try waitFor("plumscale to take its input", timeout: 30) { () -> Bool? in
                guard process.isRunning else { throw WaitFailure("cage exited: \(cage.text())") }
                return cage.text().contains("plumscale: info: input: replay") ? true : nil
            }
            return cage
        } catch {
            Cage(process: process, display: "", log: log, user: user).end()
            throw error
        }
    }

    /// Runs a tool as the test user in this session, waits for it, returns its status and output.
    func run(_ path: String, _ arguments: [String], extra: [String: String] = [:], timeout: Double = 30) throws -> (Int32?, String) {
        let out = root.appendingPathComponent("out-\(UUID().uuidString.prefix(6))").path
        let (command, args) = user.command(path, arguments)
        let child = try Spawned(command, args, environment: environment.merging(extra) { $1 }, stdout: out, stderr: out)
        var status = child.wait(timeout: timeout)
        if status == nil {
            kill(child.pid, SIGKILL)
            status = child.wait(timeout: 5)
        }
        return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }
}

/// What a screenshot of the scale must show: the white background and a
/// replay's circles, a yellow disc and blue rings.
struct ScaleOnScreen: CustomStringConvertible {
    var white = 0.0, yellow = 0.0, blue = 0.0, black = 0.0

    init(_ image: Image) {
        var counts = (white: 0, yellow: 0, blue: 0, black: 0)
        var total = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let c = image.color(x: x, y: y)
                total += 1
                if c.r > 245 && c.g > 245 && c.b > 245 { counts.white += 1 }
                if c.r > 240 && c.g > 240 && c.b < 40 { counts.yellow += 1 }
                if c.r < 40 && c.g < 40 && c.b > 215 { counts.blue += 1 }
                if c.r < 12 && c.g < 12 && c.b < 12 { counts.black += 1 }
            }
        }
        let n = Double(max(total, 1))
        white = Double(counts.white) / n
        yellow = Double(counts.yellow) / n
        blue = Double(counts.blue) / n
        black = Double(counts.black) / n
    }

    /// The scale with its circles, in at least `whiteShare` of the picture.
    func shows(whiteShare: Double) -> Bool { white >= whiteShare && yellow >= 0.02 && blue >= 0.002 }

    var description: String {
        String(format: "white %.3f, yellow %.3f, blue %.3f, black %.3f", white, yellow, blue, black)
    }
}

/// A replay that keeps the scale drawing for `seconds`: two plums, the
/// right one heavier (filled yellow), both trembling a little every 0.1 s.
func tremblingPlums(seconds: Double) -> String {
    var lines = [
        #"{"plumscale-replay":1,"device":{"name":"wayland panel","pressure":true}}"#,
        #"{"t":0.0,"type":"down","id":1,"x":0.30,"y":0.50,"pressure":0.30}"#,
        #"{"t":0.0,"type":"down","id":2,"x":0.68,"y":0.50,"pressure":0.60}"#,
    ]
    var t = 0.1
    var step = 0
    while t < seconds {
        let d = step % 2 == 0 ? 0.0 : 0.01
        lines.append(String(format: #"{"t":%.2f,"type":"move","id":1,"x":0.30,"y":0.50,"pressure":%.2f}"#, t, 0.30 + d))
        lines.append(String(format: #"{"t":%.2f,"type":"move","id":2,"x":0.68,"y":0.50,"pressure":%.2f}"#, t, 0.60 - d))
        t += 0.1
        step += 1
    }
    return lines.joined(separator: "\n") + "\n"
}

extension Spawned {
    /// The pid of this process's child named `name`, from /proc.
    func child(named name: String) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let comm = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if comm == name, fields.count > 1, pid_t(fields[1]) == self.pid { return pid }
        }
        return nil
    }
}
