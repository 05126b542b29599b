import PlumScaleCore

/// `plumscale devices`: the touch devices, their axes, the force mode each
/// would give, and why one cannot be read.
public enum DevicesCommand {
    public static func run(log: Log) throws {
        // Device names come from the hardware: shown with controls escaped.
        try StandardStreams.out(TerminalText.visible(TouchDeviceScanner.report(), keepLines: true))
    }
}
