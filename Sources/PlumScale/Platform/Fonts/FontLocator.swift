import CFontconfig
import Foundation
import PlumScaleCore

/// Finds the UI font: the one the user named, else DejaVu Sans through
/// fontconfig, else DejaVu's usual path.
public enum FontLocator {
    public static let fallbackPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public static func locate(override: String?) throws -> String {
        // Checked by InputFile (opened without blocking, a regular file):
        // SDL_ttf would block for ever opening a FIFO.
        if let override {
            do throws(InputFileProblem) {
                try InputFile.check(override)
            } catch {
                let reason = error.kind == .notRegular || InputFile.nulProblem(override) != nil ? error.reason : "no readable file there"
                throw RuntimeFailure("font \(error.path): \(reason) (--font expects a .ttf or .otf file)")
            }
            return override
        }
        if let path = fontconfigMatch("DejaVu Sans"), (try? InputFile.check(path)) != nil {
            return path
        }
        if (try? InputFile.check(fallbackPath)) != nil { return fallbackPath }
        throw RuntimeFailure(
            "no font found: install fonts-dejavu-core (apt-get install fonts-dejavu-core) or pass --font FILE.ttf")
    }

    static func fontconfigMatch(_ family: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        let parsed = family.withCString { FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let pattern = parsed else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, plum_fc_file(), 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }
}
