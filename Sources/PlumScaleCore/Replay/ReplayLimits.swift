/// Limits on what a replay may declare, checked by the parsers so that the
/// shell never meets them: times beyond `maximumTime` would make frame
/// ticks smaller than a Double's resolution (at 2^48 s, 1/60 s is lost).
public enum ReplayLimits {
    /// The latest time a replay event may have, in seconds from its start:
    /// 1e9 s (about 31.7 years), where a Double still resolves 0.2 µs.
    public static let maximumTime = 1e9
}
