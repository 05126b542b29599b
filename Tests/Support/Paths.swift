import Foundation

/// Where things are, found from this file (fixtures beside the tests, not Bundle.module).
enum Paths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let repoRoot = testsDirectory.deletingLastPathComponent()
    /// The public recordings of real devices, kept beside the repository
    /// (`<repo>/../shared/recordings`) and never inside it; the tests that
    /// need them are skipped, saying so, when they are not there (see
    /// `SharedRecordings`). PLUMSCALE_SHARED_RECORDINGS names another
    /// directory; one that does not exist stands for a clone alone.
    static let recordings: URL = {
        if let path = ProcessInfo.processInfo.environment["PLUMSCALE_SHARED_RECORDINGS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repoRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings")
    }()
    /// The project's own evemu recordings, written for the tests.
    static let ownRecordings = testsDirectory.appendingPathComponent("PlumScaleCoreTests/Fixtures/recordings")
    static let sessions = repoRoot.appendingPathComponent("Resources/sessions")
    static let goldens = testsDirectory.appendingPathComponent("PlumScaleShellTests/Rendering/Goldens")

    /// The plumscale binary built beside the tests (debug or release).
    static var binary: URL {
        let build = repoRoot.appendingPathComponent(".build")
        for configuration in ["debug", "release"] {
            let candidate = build.appendingPathComponent(configuration).appendingPathComponent("plumscale")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return build.appendingPathComponent("debug/plumscale")
    }

    /// A test hook executable (Tests/FleetStation, Tests/MappingProbe) built
    /// beside the test bundle, in whichever build directory it runs from.
    static func hook(_ name: String) -> String? {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: me).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// A fresh empty directory for one test: under `PLUMSCALE_TEST_TMP`
    /// when `make test` gives each part a scratch directory (removed when
    /// the part passes, kept when it fails), else in the system's.
    static func temporaryDirectory(_ name: String = #function) -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let base = ProcessInfo.processInfo.environment["PLUMSCALE_TEST_TMP"].map { URL(fileURLWithPath: $0) }
        let url = (base ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("plumscale-tests-\(safe)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
}

/// pipe(2) whose ends are not inherited by the children other tests spawn
/// meanwhile: a child holding a copy of the write end would keep the reader
/// from ever seeing the end of the pipe. (Glibc's module has no pipe2.)
func closeOnExecPipe(_ fds: inout [Int32]) -> Int32 {
    guard pipe(&fds) == 0 else { return -1 }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return 0
}
