import Testing

/// Groups the config suites of this layer, so `swift test --filter ConfigTests`
/// runs them with the core's (PlumScaleCoreTests has a group of the same name).
@Suite struct ConfigTests {}
