import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// The multitouch decoder and the frame converter.
@Suite struct EvdevDecoderTests {
    @Test func firstTouchWithoutSlotEventIsSlotZero() throws {
        var decoder = try MultitouchDecoder(device: slotDevice())
        let frames = decoder.decode([
            abs(AbsCode.mtTrackingID, 7), abs(AbsCode.mtPositionX, 500), abs(AbsCode.mtPositionY, 250),
            abs(AbsCode.mtPressure, 50), abs(AbsCode.mtTouchMajor, 5), syn(0.5),
        ])
        #expect(
            frames == [
                TouchFrame(
                    time: 0.5,
                    contacts: [
                        TouchSample(id: 1, x: 0.5, y: 0.5, pressure: 0.25, touchMajor: 0.5)
                    ])
            ])
        #expect(decoder.wire == .slots)
    }

    @Test func trackingIDMinusOneLiftsAndOtherSlotsStay() throws {
        var decoder = try MultitouchDecoder(device: slotDevice())
        let frames = decoder.decode([
            abs(AbsCode.mtTrackingID, 1), abs(AbsCode.mtPositionX, 100), syn(0),
            abs(AbsCode.mtSlot, 2), abs(AbsCode.mtTrackingID, 2), abs(AbsCode.mtPositionX, 900), syn(1),
            abs(AbsCode.mtSlot, 0), abs(AbsCode.mtTrackingID, -1), syn(2),
            abs(AbsCode.mtSlot, 2), abs(AbsCode.mtTrackingID, -1), syn(3),
        ])
        #expect(frames.map { $0.contacts.map(\.id) } == [[1], [1, 2], [2], []])
        #expect(frames[2].contacts[0].x == 0.9)
    }

    @Test func reusedTrackingIDIsANewContact() throws {
        var decoder = try MultitouchDecoder(device: slotDevice())
        let frames = decoder.decode([
            abs(AbsCode.mtTrackingID, 5), syn(0),
            abs(AbsCode.mtTrackingID, -1), syn(1),
            abs(AbsCode.mtTrackingID, 5), syn(2),  // same tracking id, new touch
            abs(AbsCode.mtTrackingID, 6), syn(3),  // replaced without -1 in between
        ])
        #expect(frames.map { $0.contacts.map(\.id) } == [[1], [], [2], [3]])
    }

    @Test func normalisesLikeSDLAndClamps() throws {
        let axis = AbsAxis(code: AbsCode.mtPressure, minimum: 10, maximum: 110)
        #expect(axis.normalise(60) == 0.5)
        #expect(axis.normalise(0) == 0)
        #expect(axis.normalise(500) == 1)
        #expect(AbsAxis(code: 0, minimum: 3, maximum: 3).normalise(3) == 0)
        var decoder = try MultitouchDecoder(device: slotDevice(pressure: false, major: false))
        let frame = decoder.decode([abs(AbsCode.mtTrackingID, 1), abs(AbsCode.mtPositionX, 2000), syn()])[0]
        #expect(frame.contacts[0] == TouchSample(id: 1, x: 1, y: 0, pressure: nil, touchMajor: nil))
    }

    @Test func synDroppedDiscardsUntilReportThenResyncs() throws {
        var decoder = try MultitouchDecoder(device: slotDevice())
        var frames = decoder.decode([
            abs(AbsCode.mtTrackingID, 1), abs(AbsCode.mtPositionX, 100), syn(0),
            syn(1, SynCode.dropped),
            abs(AbsCode.mtPositionX, 999), syn(2),  // discarded, no frame
            abs(AbsCode.mtPositionY, 500), syn(3),  // replay case: resumes here
        ])
        #expect(frames.map(\.time) == [0, 3])
        #expect(frames[1].contacts == [TouchSample(id: 1, x: 0.1, y: 1, pressure: 0, touchMajor: 0)])
        #expect(!decoder.isDiscarding)
        // Live case: libevdev gives the real slot states.
        _ = decoder.feed(syn(4, SynCode.dropped))
        #expect(decoder.isDiscarding)
        let resynced = decoder.resync(
            slots: [
                MultitouchDecoder.SlotState(trackingID: 1, x: 200, y: 0),  // same touch, moved
                MultitouchDecoder.SlotState(trackingID: 9, x: 1000, y: 500),  // landed while dropped
            ], currentSlot: 1, time: 5)
        #expect(resynced.contacts.map(\.id) == [1, 2])
        #expect(resynced.contacts[0].x == 0.2)
        frames = decoder.decode([abs(AbsCode.mtTrackingID, -1), syn(6)])  // slot 1 lifts
        #expect(frames[0].contacts.map(\.id) == [1])
    }

    @Test func protocolAMatchesNearestNeighbours() throws {
        let device = TouchDeviceDescription(
            name: "A",
            axes: [
                AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 100),
                AbsAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 100),
            ])
        #expect(device.isProtocolA)
        var decoder = try MultitouchDecoder(device: device)
        func contact(_ x: Int32, _ y: Int32) -> [KernelEvent] {
            [abs(AbsCode.mtPositionX, x), abs(AbsCode.mtPositionY, y), syn(0, SynCode.mtReport)]
        }
        let frames = decoder.decode(
            contact(10, 10) + [syn(0)]
                + contact(90, 90) + contact(11, 10) + [syn(1)]  // order swapped, ids kept
                + contact(12, 10) + [syn(2)]  // the far one lifted
                + contact(80, 20) + [syn(3)]  // lift + touch elsewhere
                + [syn(4)])
        #expect(frames.map { $0.contacts.map(\.id) } == [[1], [1, 2], [1], [3], []])
    }

    @Test func noPositionAxesIsAnError() {
        #expect(throws: MultitouchDecoderError.noPositionAxes(device: "keys")) {
            _ = try MultitouchDecoder(device: TouchDeviceDescription(name: "keys", axes: []))
        }
    }

    @Test func converterEmitsDownMoveUpAndCancel() {
        var converter = TouchFrameConverter()
        let a = TouchSample(id: 1, x: 0.1, y: 0.1, pressure: 0.2)
        var a2 = a
        a2.pressure = 0.3
        let b = TouchSample(id: 2, x: 0.5, y: 0.5, pressure: 0.4)
        #expect(converter.events(for: TouchFrame(time: 0, contacts: [a])) == [InputEvent(time: 0, .touchDown(a))])
        #expect(converter.events(for: TouchFrame(time: 1, contacts: [a])) == [])
        #expect(
            converter.events(for: TouchFrame(time: 2, contacts: [a2, b])) == [
                InputEvent(time: 2, .touchMove(a2)), InputEvent(time: 2, .touchDown(b)),
            ])
        #expect(converter.events(for: TouchFrame(time: 3, contacts: [b])) == [InputEvent(time: 3, .touchUp(id: 1))])
        #expect(converter.cancelAll(time: 4) == [InputEvent(time: 4, .touchCancel(id: 2))])
        #expect(converter.activeIDs.isEmpty)
    }
}
