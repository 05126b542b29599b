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
        let device = replayDevice(recording.device)
        return Replay(device: device, events: device.refusal == nil ? events : [])
    }

    /// The replay's device for a recorded description, read whole or
    /// streamed. A device that cannot weigh (SEMI_MT) gives no contacts, as
    /// live: the banner says why instead.
    public static func replayDevice(_ device: TouchDeviceDescription) -> ReplayDevice {
        let refusal = device.weighingRefusal
        return ReplayDevice(
            name: device.name, mode: refusal == nil ? device.forceMode : .position,
            deviceGrams: refusal == nil ? DeviceGrams(device) : nil, surface: DeviceSurface(device),
            category: device.category, refusal: refusal, noGramsReason: DeviceGrams.absence(device))
    }

    public static func inputFileError(_ error: EvemuParseError) -> InputFileError {
        InputFileError(file: error.file, line: error.line > 0 ? error.line : nil, error.reason)
    }
}
