import Foundation
import Testing

@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// `make install` into a DESTDIR, then the installed binary from another
/// directory, with a PATH without the build tree and with `.build` hidden:
/// it must find everything it needs (fonts through fontconfig, no SwiftPM
/// resource bundle) without the repository.
@Suite struct InstallTests {
    /// Runs `make -C <repo> install-files` with the binary the tests use, so
    /// nothing is rebuilt (`make install` = build $(CONFIG), then this).
    static func install(into destdir: URL, prefix: String = "/usr/local") throws -> RunResult {
        let dir = Paths.temporaryDirectory("make")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path
        let err = dir.appendingPathComponent("err").path
        let make = try Spawned(
            "/usr/bin/make",
            [
                "-C", Paths.repoRoot.path, "--no-print-directory", "install-files", "DESTDIR=\(destdir.path)",
                "PREFIX=\(prefix)", "BINARY=\(Paths.binary.path)",
            ],
            stdout: out, stderr: err)
        let status = make.wait(timeout: 60) ?? -1
        return RunResult(
            status: status, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Whether `unshare` can give a child its own mount namespace (root, or
    /// user namespaces allowed).
    static let canHideBuildTree: Bool = {
        guard let probe = try? Spawned("/usr/bin/unshare", ["-rm", "true"]) else { return false }
        return probe.wait(timeout: 10) == 0
    }()

    @Test func installedBinaryRendersFromAnotherDirectoryWithoutTheBuildTree() throws {
        let root = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let destdir = root.appendingPathComponent("dest")
        let made = try Self.install(into: destdir)
        try #require(made.status == 0, "make install-files: \(made.stderr)")

        let prefix = destdir.appendingPathComponent("usr/local")
        for file in [
            "bin/plumscale", "share/plumscale/sessions/five-plums.jsonl", "share/applications/plumscale.desktop",
            "share/icons/hicolor/scalable/apps/plumscale.svg", "lib/systemd/system/plumscale-kiosk.service",
            "lib/systemd/system/plumscale-kiosk-cage.service", "share/doc/plumscale/README.md",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "installed \(file)")
        }
        // The installed README's links into docs/ (its pages and pictures) lead
        // somewhere: the docs are installed beside it.
        let doc = prefix.appendingPathComponent("share/doc/plumscale")
        let readme = try String(contentsOf: doc.appendingPathComponent("README.md"), encoding: .utf8)
        let links = readme.components(separatedBy: "](docs/").dropFirst().compactMap { $0.split(separator: ")").first }
        #expect(links.count >= 10, "the README links its docs pages")
        for link in links {
            let file = "docs/" + (link.split(separator: "#").first.map(String.init) ?? "")
            #expect(FileManager.default.fileExists(atPath: doc.appendingPathComponent(file).path), "installed \(file)")
        }
        let binary = prefix.appendingPathComponent("bin/plumscale").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let unit = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/system/plumscale-kiosk.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/plumscale --kiosk"))
        let cage = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/system/plumscale-kiosk-cage.service"), encoding: .utf8)
        #expect(cage.contains("ExecStart=/usr/bin/cage -d -- /usr/local/bin/plumscale --kiosk"))

        // A working directory outside the repository, relative paths from there,
        // a PATH and an environment that know nothing of the build.
        let work = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let session = prefix.appendingPathComponent("share/plumscale/sessions/five-plums.jsonl").path
        var env = ["PATH": "/usr/bin:/bin", "HOME": root.appendingPathComponent("home").path, "LANG": "C.UTF-8"]
        env["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
        let render = "cd \"$2\" && exec \"$3\" render --replay \"$4\" --at 0.8 --out frame.png --state state.json"
        // With unshare, an empty tmpfs is mounted over .build for the child
        // alone: the build tree is gone as far as the binary can tell.
        let arguments: [String] =
            Self.canHideBuildTree
            ? [
                "/usr/bin/unshare", "-rm", "/bin/sh", "-c", "mount -t tmpfs none \"$1\" && " + render, "sh",
                Paths.repoRoot.appendingPathComponent(".build").path, work.path, binary, session,
            ]
            : ["/bin/sh", "-c", render, "sh", "-", work.path, binary, session]
        let out = root.appendingPathComponent("out").path
        let err = root.appendingPathComponent("err").path
        let child = try Spawned(arguments[0], Array(arguments.dropFirst()), environment: env, stdout: out, stderr: err)
        let status = child.wait(timeout: 60)
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(status == 0, "installed plumscale render: \(stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("frame.png").path))
        let state = try readJSON(work.appendingPathComponent("state.json"))
        #expect((state["contacts"] as? [Any])?.count == 5)
        if !Self.canHideBuildTree { print("InstallTests: unshare unavailable; .build was not hidden from the binary") }

        // No resource bundle path is baked into the binary (SwiftPM's
        // Bundle.module accessor would put `<.build>/PlumScale_<target>.resources`
        // there; debug info naming the module cache is harmless).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: binary))
        for target in ["PlumScale", "PlumScaleApp"] {
            let bundle = "PlumScale_\(target).resources"
            #expect(bytes.range(of: Data(bundle.utf8)) == nil, "the binary names \(bundle)")
        }
    }

    /// `make run` and `make bench` build their program alone, as `make
    /// install` does (which the test below builds for real): a release build
    /// of every target takes in the test-support libraries, whose
    /// `@testable` imports fail there, and for a while `make run` did.
    @Test func makeRunAndBenchBuildTheirProgramAlone() throws {
        for (goal, product) in [("run", "plumscale"), ("bench", "plumscale-bench")] {
            let dir = Paths.temporaryDirectory("make-n")
            defer { try? FileManager.default.removeItem(at: dir) }
            let out = dir.appendingPathComponent("out").path
            // -n: the commands said, none run.
            let make = try Spawned(
                "/usr/bin/make", ["-n", "-C", Paths.repoRoot.path, "--no-print-directory", goal], stdout: out, stderr: out)
            #expect(make.wait(timeout: 60) == 0, "make -n \(goal)")
            let said = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            let builds = said.split(separator: "\n").filter { $0.contains(" build ") && $0.contains("-c release") }
            #expect(builds.count == 1, "make \(goal) builds once in release: \(said)")
            #expect(builds.allSatisfy { $0.hasSuffix("--product \(product)") }, "make \(goal) builds \(product) alone: \(builds)")
        }
    }

    /// The real `make install` (a release build with the Swift runtime linked
    /// in): the installed program names no Swift library, and runs with the
    /// toolchain's library directory hidden from it.
    @Test(.timeLimit(.minutes(10))) func madeInstallNeedsNoSwiftToolchain() throws {
        let root = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let destdir = root.appendingPathComponent("dest")
        let log = root.appendingPathComponent("make.log").path
        // The release build at a lower priority: `make test` plays journeys
        // in real time beside it.
        let make = try Spawned(
            "/usr/bin/nice",
            [
                "-n", "10", "/usr/bin/make", "-C", Paths.repoRoot.path, "--no-print-directory", "install", "DESTDIR=\(destdir.path)",
                "PREFIX=/usr",
            ],
            stdout: log, stderr: log)
        let status = make.wait(timeout: 590)
        try #require(status == 0, "make install: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let binary = destdir.appendingPathComponent("usr/bin/plumscale").path

        func run(_ path: String, _ arguments: [String]) throws -> (Int32?, String) {
            let out = root.appendingPathComponent("out-\(UUID().uuidString)").path
            let child = try Spawned(path, arguments, stdout: out, stderr: out)
            let status = child.wait(timeout: 60)
            return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
        }
        let (lddStatus, libraries) = try run("/usr/bin/ldd", [binary])
        #expect(lddStatus == 0, "ldd: \(libraries)")
        #expect(!libraries.contains("libswift") && !libraries.contains("libFoundation"), "linked: \(libraries)")

        // Where the tests' own binary finds its Swift runtime: hidden from the installed one.
        let (_, ours) = try run("/usr/bin/ldd", [Paths.binary.path])
        let runtime = ours.split(separator: "\n").first { $0.contains("libswiftCore.so") }
            .flatMap { $0.split(separator: " ").first { $0.hasPrefix("/") } }
            .map { URL(fileURLWithPath: String($0)).deletingLastPathComponent().path }
        let session = Paths.sessions.appendingPathComponent("five-plums.jsonl").path
        let frame = root.appendingPathComponent("frame.png").path
        let (status2, output) =
            if let runtime, Self.canHideBuildTree {
                try run(
                    "/usr/bin/unshare",
                    [
                        "-rm", "/bin/sh", "-c", "mount -t tmpfs none \"$1\" && exec \"$2\" render --replay \"$3\" --out \"$4\"",
                        "sh", runtime, binary, session, frame,
                    ])
            } else {
                try run(binary, ["render", "--replay", session, "--out", frame])
            }
        #expect(status2 == 0, "installed plumscale render: \(output)")
        #expect(FileManager.default.fileExists(atPath: frame))
    }

    @Test func installedDesktopEntryValidates() throws {
        let root = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let made = try Self.install(into: root, prefix: "/usr")
        try #require(made.status == 0, "make install-files: \(made.stderr)")
        let entry = root.appendingPathComponent("usr/share/applications/plumscale.desktop").path
        let unit = try String(contentsOf: root.appendingPathComponent("usr/lib/systemd/system/plumscale-kiosk.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/plumscale --kiosk"), "the unit follows PREFIX")
        let validator = "/usr/bin/desktop-file-validate"
        try #require(
            FileManager.default.isExecutableFile(atPath: validator),
            "desktop-file-validate is missing: make test-deps installs desktop-file-utils")
        let out = root.appendingPathComponent("validate").path
        let child = try Spawned(validator, [entry], stdout: out, stderr: out)
        let status = child.wait(timeout: 30)
        let report = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(status == 0 && report.isEmpty, "desktop-file-validate: \(report)")
    }

    /// SwiftPM's resource accessor falls back to a path in the build tree and
    /// crashes without it: no target may use it.
    @Test func noSwiftPMResourceBundle() throws {
        let sources = Paths.repoRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        #expect(!files.isEmpty)
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("Bundle.module"), "\(file) uses Bundle.module")
        }
        let manifest = try String(contentsOf: Paths.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("resources:"), "Package.swift declares resources")
    }
}
