/// evemu recordings as replays: decoded with the same multitouch decoder as
/// live evdev input. Time 0 is the first event; the device's surface is
/// fitted into the layout with its physical shape kept (`DeviceSurface`).
public enum EvemuReplay {
    public static func replay(_ recording: EvemuRecording, file: String) throws -> Replay {
        let events: [InputEvent]
        do {
            events = try recording.inputEvents()
        } catch {
            throw InputFileError(file: file, error.description)
        }
        return Replay(
            device: ReplayDevice(
                name: recording.device.name, mode: recording.device.forceMode, deviceGrams: DeviceGrams(recording.device),
                surface: DeviceSurface(recording.device)), events: events)
    }

    public static func inputFileError(_ error: EvemuParseError) -> InputFileError {
        InputFileError(file: error.file, line: error.line > 0 ? error.line : nil, error.reason)
    }
}
