import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// A pressure pad's own total force (ABS_PRESSURE beside ABS_MT_PRESSURE):
/// decoded into every frame, carried into the core as an input event, used
/// by the total line, and the contacts shown as its shares when they
/// disagree with it; the same through `--record` and through the live
/// reader. Fixtures/recordings/pressure-pad-total.evemu says what it holds.
@Suite struct DeviceTotalTests {
    static let total = "pressure-pad-total.evemu"

    static func replayState(_ replay: Replay, at t: Double) -> AppState {
        RenderCommand.replayState(replay, at: t, size: PixelSize(1280, 720))
    }

    static func totalDocument(_ state: AppState) throws -> [String: Any] {
        let document = try PressurePadTests.document(state)
        return try #require(document["total"] as? [String: Any])
    }

    // MARK: the decoder

    /// 200, 800, 1000, 250, 0 units of ABS_PRESSURE over ABS_MT_PRESSURE's
    /// 0...2000: the contacts' force units.
    @Test func eachFrameCarriesThePadsTotal() throws {
        let recording = try PressurePadTests.recording(Self.total)
        #expect(DeviceTotalAxis(recording.device) != nil)
        #expect(try recording.frames().map(\.total) == [0.1, 0.4, 0.5, 0.125, 0])
        let totals = try recording.inputEvents().compactMap { event -> Double? in
            if case .deviceTotal(let force) = event.kind { return force }
            return nil
        }
        #expect(totals == [0.1, 0.4, 0.5, 0.125, 0])
    }

    @Test func devicesSaysWhereTheTotalComesFrom() throws {
        let lines = TouchDeviceScanner.describe("/dev/input/event7", try PressurePadTests.recording(Self.total).device)
        #expect(lines.contains(TouchDeviceScanner.totalLine))
        let other = TouchDeviceScanner.describe("/dev/input/event8", try PressurePadTests.recording(PressurePadTests.quirk).device)
        #expect(!other.contains(TouchDeviceScanner.totalLine))
    }

    /// ABS_PRESSURE is the oldest contact's on every device but a pressure
    /// pad by its own property: no total from a quirk-only pad or a panel.
    @Test func onlyAPressurePadByItsPropertyGivesATotal() throws {
        for name in [PressurePadTests.quirk, "pressure-panel.evemu", PressurePadTests.noResolution] {
            let recording = try PressurePadTests.recording(name)
            if !recording.device.properties.contains(InputProperty.pressurepad) {
                #expect(DeviceTotalAxis(recording.device) == nil, "\(name)")
                #expect(try recording.frames().allSatisfy { $0.total == nil }, "\(name)")
            }
        }
        var panel = try PressurePadTests.recording(Self.total).device
        panel.properties.remove(InputProperty.pressurepad)
        #expect(DeviceTotalAxis(panel) == nil)
    }

    /// The kernel sums every slot in use, a palm's too: the palm's pressure
    /// is taken off, so the total is the objects'.
    @Test func aPalmsPressureIsNotInTheTotal() throws {
        var device = try PressurePadTests.recording(Self.total).device
        device.axes[AbsCode.mtToolType] = AbsAxis(code: AbsCode.mtToolType, minimum: 0, maximum: 2)
        var decoder = try MultitouchDecoder(device: device)
        let frames = decoder.decode([
            abs(AbsCode.mtSlot, 0), abs(AbsCode.mtTrackingID, 1), abs(AbsCode.mtPositionX, 1000),
            abs(AbsCode.mtPositionY, 800), abs(AbsCode.mtPressure, 400),
            abs(AbsCode.mtSlot, 1), abs(AbsCode.mtTrackingID, 2), abs(AbsCode.mtPositionX, 3000),
            abs(AbsCode.mtPositionY, 2000), abs(AbsCode.mtPressure, 600), abs(AbsCode.mtToolType, ToolType.palm),
            abs(AbsCode.pressure, 1000), KernelEvent(time: 0, type: EventType.key, code: KeyCode.btnTouch, value: 1), syn(),
        ])
        #expect(frames.map(\.contacts.count) == [1])
        #expect(frames.map(\.total) == [0.2])
    }

    /// A resolution on each axis: the total goes through the grams.
    @Test func aTotalAxisOfItsOwnResolutionIsConvertedThroughTheGrams() throws {
        var device = try PressurePadTests.recording(Self.total).device
        device.axes[AbsCode.pressure] = AbsAxis(code: AbsCode.pressure, minimum: 0, maximum: 8000, resolution: 40)
        let axis = try #require(DeviceTotalAxis(device))
        #expect(axis.force(4000) == 0.5)  // 100 g: 1000 units of ABS_MT_PRESSURE over 2000
    }

    // MARK: the scale

    @Test func theTotalLineIsTheDevicesAndAgreeingContactsKeepTheirReadings() throws {
        let replay = try EvemuReplay.replay(try PressurePadTests.recording(Self.total), file: Self.total)
        let s = Self.replayState(replay, at: 0.6)
        #expect(s.contactViews.map(\.label) == ["20.0 g", "60.0 g"])
        #expect(s.totalText == "Total 80.0 g · 2 objects")
        let total = try Self.totalDocument(s)
        #expect(total["from_device"] as? Bool == true)
        #expect(total["contacts_as_shares"] as? Bool == false)
        #expect(total["grams"] as? Double == 80)
        #expect(total["contacts_sum"] as? Double == 80)
        #expect(!PressurePadTests.texts(try PressurePadTests.document(s)).contains(ScaleTotal.sharesOfDeviceTotal))
    }

    @Test func contactsThatDisagreeAreShownAsSharesOfTheDevicesTotal() throws {
        let replay = try EvemuReplay.replay(try PressurePadTests.recording(Self.total), file: Self.total)
        let s = Self.replayState(replay, at: 1.5)
        #expect(s.contactViews.map(\.label) == ["25.0 g", "75.0 g"])
        #expect(s.contactViews.map(\.secondaryLabel) == ["12.5% · device's figure", "37.5% · device's figure"])
        #expect(s.contactViews.map(\.share) == [0.25, 0.75])
        #expect(s.totalText == "Total 100.0 g · 2 objects")
        let document = try PressurePadTests.document(s)
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["contacts_as_shares"] as? Bool == true)
        #expect(total["grams"] as? Double == 100)
        #expect(total["contacts_sum"] as? Double == 80)
        #expect(PressurePadTests.texts(document).contains(ScaleTotal.sharesOfDeviceTotal))
        // One contact left, 20 g against the device's 25 g.
        let one = Self.replayState(replay, at: 1.9)
        #expect(one.contactViews.map(\.label) == ["25.0 g"])
        #expect(one.totalText == "Total 25.0 g · 1 object")
    }

    /// Within one display step d or 2% the contacts keep their own readings.
    @Test func aDifferenceWithinTwoPercentIsAgreement() throws {
        var state = AppState(screen: Size(1280, 720), source: try Self.totalSource())
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.5, pressure: 0.4))))
        state.apply(InputEvent(time: 0, .deviceTotal(force: 0.405)))  // 81 g against 80 g: 1.2%
        state.apply(InputEvent(time: 1, .tick))
        #expect(state.contactViews.map(\.label) == ["80.0 g"])
        #expect(Swift.abs((state.scaleTotal.grams ?? 0) - 81) < 1e-9 && !state.scaleTotal.contactsAsShares)
        state.apply(InputEvent(time: 1, .deviceTotal(force: 0.42)))  // 84 g: 5%
        #expect(state.contactViews.map(\.label) == ["84.0 g"])
        #expect(state.scaleTotal.contactsAsShares)
    }

    /// Tare zeroes the device's total with the contacts'.
    @Test func tareZeroesTheDevicesTotal() throws {
        var state = AppState(screen: Size(1280, 720), source: try Self.totalSource())
        state.apply(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.3, y: 0.5, pressure: 0.4))))
        state.apply(InputEvent(time: 0, .deviceTotal(force: 0.4)))
        state.apply(InputEvent(time: 2, .tick))
        state.perform(.tareTapped)
        #expect(state.scaleTotal.grams == 0 && state.scaleTotal.fromDevice)
        state.apply(InputEvent(time: 2.5, .touchDown(TouchSample(id: 2, x: 0.7, y: 0.5, pressure: 0.1))))
        state.apply(InputEvent(time: 2.5, .deviceTotal(force: 0.5)))
        state.apply(InputEvent(time: 4, .tick))
        #expect(state.contactViews.map(\.label) == ["0.0 g", "20.0 g"])
        #expect(state.totalText == "Total 20.0 g · 2 objects" && !state.scaleTotal.contactsAsShares)
    }

    static func totalSource() throws -> InputSource {
        let replay = try EvemuReplay.replay(try PressurePadTests.recording(Self.total), file: Self.total)
        return InputSource.replay(replay.device)
    }

    // MARK: --record and the live reader

    /// A `--record` file carries the total as "total" lines and renders the
    /// same as the recording it was made from.
    @Test func aRecordedSessionCarriesTheTotal() throws {
        let replay = try EvemuReplay.replay(try PressurePadTests.recording(Self.total), file: Self.total)
        var writer = ReplayWriter(origin: 0)
        let lines = [ReplayWriter.header(for: .replay(replay.device))] + replay.events.compactMap { writer.line(for: $0) }
        #expect(lines.contains(#"{"t":1,"type":"total","pressure":0.5}"#))
        let back = try SessionWritersTests.readBack(lines.joined(separator: "\n") + "\n")
        #expect(back.events == replay.events)
        for t in [0.6, 1.5, 1.9] {
            #expect(Self.replayState(back, at: t).contactViews == Self.replayState(replay, at: t).contactViews)
            #expect(Self.replayState(back, at: t).scaleTotal == Self.replayState(replay, at: t).scaleTotal)
        }
    }

    @Test func aTotalLineNeedsItsPressureAndIsClamped() throws {
        let missing = #"{"t":0,"type":"total"}"#
        #expect(throws: InputFileError.self) { _ = try SessionWritersTests.readBack(missing + "\n") }
        let negative = try SessionWritersTests.readBack(#"{"t":0,"type":"total","pressure":-1}"# + "\n")
        #expect(negative.events == [InputEvent(time: 0, .deviceTotal(force: 0))])
        #expect(negative.warnings.count == 1)
    }

    /// The live path: the fixture's events through the evdev reader, as the
    /// kernel writes them, give the same events as the replay.
    @Test func theLiveReaderCarriesTheTotal() throws {
        let recording = try PressurePadTests.recording(Self.total)
        var fds: [Int32] = [0, 0]
        #expect(closeOnExecPipe(&fds) == 0)
        let log = OutputLog()
        let reader = try EvdevReader(fd: fds[0], device: recording.device, timeBase: 0) { log.append($0) }
        reader.start()
        writeAll(fds[1], rawEvents(recording.events))
        let frames = try recording.frames().count
        try #require(log.wait { $0.frames.count == frames })
        #expect(log.events == (try recording.inputEvents()))
        close(fds[1])
        _ = log.wait { $0.lostCount == 1 }
        reader.stop()
        close(fds[0])
    }
}
