import Foundation
@testable import PlumScale
@testable import PlumScaleCore

/// Where things are, found from this file (fixtures beside the tests, not Bundle.module).
enum Paths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let repoRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let recordings = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings")
    static let sessions = repoRoot.appendingPathComponent("Resources/sessions")
    static let goldens = testsDirectory.appendingPathComponent("Rendering/Goldens")

    /// The plumscale binary built beside the tests (debug or release).
    static var binary: URL {
        let build = repoRoot.appendingPathComponent(".build")
        for configuration in ["debug", "release"] {
            let candidate = build.appendingPathComponent(configuration).appendingPathComponent("plumscale")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return build.appendingPathComponent("debug/plumscale")
    }

    /// A fresh empty directory for one test.
    static func temporaryDirectory(_ name: String = #function) -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("plumscale-tests-\(safe)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Saves frames of a failed comparison in .build/golden-failures/ for a
    /// person to look at, each under its file name.
    static func saveFailures(_ images: [(Image, String)]) throws {
        let failures = repoRoot.appendingPathComponent(".build/golden-failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        for (image, name) in images { try image.savePNG(failures.appendingPathComponent(name).path) }
    }
}
