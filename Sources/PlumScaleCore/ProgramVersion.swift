/// The program's version: what `plumscale --version` prints and what the
/// fleet tells Home Assistant (`sw_version`), from this one place.
public enum ProgramVersion {
    public static let number = "0.1.0"
}
