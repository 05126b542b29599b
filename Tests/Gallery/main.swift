import Foundation
import PlumScale
import PlumScaleCore

// `make gallery`: every screen in every state of ScreenCases (the states the
// layout tests check) drawn at each size of the grid, as a person would see
// it, into the directory given (docs/gallery), with an index page.
let directory = CommandLine.arguments.dropFirst().first ?? "docs/gallery"
do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let font = try FontLocator.locate(override: nil)
    var index =
        "# Gallery\n\nEvery screen at every size of the layout tests' grid, drawn by `make gallery` "
        + "(the software renderer, as `plumscale render` draws).\n\n"
    var names: [String] = []
    for (width, height) in ScreenCases.sizes {
        let canvas = try HeadlessCanvas(width: width, height: height, fontPath: font)
        for screen in ScreenCases.cases(width, height) {
            canvas.render(screen.state.scene())
            let file = "\(screen.name)-\(width)x\(height).png"
            try canvas.savePNG(directory + "/" + file)
            if !names.contains(screen.name) { names.append(screen.name) }
            let problems = LayoutCheck.problems(in: screen.state.scene(), metrics: ScreenCases.metrics)
            if !problems.isEmpty { print("gallery: \(file): " + problems.joined(separator: "; ")) }
        }
    }
    for name in names {
        index +=
            "## \(name)\n\n" + ScreenCases.sizes.map { "[\($0.0)×\($0.1)](\(name)-\($0.0)x\($0.1).png)" }.joined(separator: " · ") + "\n\n"
    }
    try index.write(toFile: directory + "/README.md", atomically: true, encoding: .utf8)
    print("gallery: \(names.count) screens at \(ScreenCases.sizes.count) sizes in \(directory)")
} catch {
    FileHandle.standardError.write(Data("gallery: \(error)\n".utf8))
    exit(1)
}
