import Foundation
import PlumScale

@testable import PlumScaleTestSupport

extension Paths {
    /// Saves frames of a failed comparison in .build/golden-failures/ for a
    /// person to look at, each under its file name.
    static func saveFailures(_ images: [(Image, String)]) throws {
        let failures = repoRoot.appendingPathComponent(".build/golden-failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        for (image, name) in images { try image.savePNG(failures.appendingPathComponent(name).path) }
    }
}
