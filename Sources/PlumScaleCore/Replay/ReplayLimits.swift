/// Limits on what a replay may declare, checked by the parsers so that the
/// shell never meets them: times beyond `maximumTime` would make frame
/// ticks smaller than a Double's resolution (at 2^48 s, 1/60 s is lost).
public enum ReplayLimits {
    /// The latest time a replay event may have, in seconds from its start:
    /// 1e9 s (about 31.7 years), where a Double still resolves 0.2 µs.
    public static let maximumTime = 1e9

    /// The most ids a replay may have down at once: the core's own bound
    /// on contacts (Scale.maxContacts), like the decoder's 256 slots.
    public static let openContacts = 256

    /// The latest wall clock a header's `started` may give (Unix seconds):
    /// 1e11 s, in the year 5138.
    public static let latestStart = 1e11

    /// Whether `text` holds a C0 control character or DEL (NUL included:
    /// C reads a string only up to it).
    public static func hasControl(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }
}
