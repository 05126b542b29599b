/// Which decoded contacts are objects to weigh. Pens (MT_TOOL_PEN,
/// BTN_TOOL_PEN) and palms (MT_TOOL_PALM, which hid-multitouch makes of
/// low-confidence contacts) never are; a contact that turns into one while
/// shown is cancelled and stays hidden until its slot is lifted, as libinput
/// does. A hovering contact (ABS_MT_DISTANCE > 0) and, on a touchpad, any
/// contact while BTN_TOUCH is 0 is not shown; when it touches again it is a
/// new contact.
extension MultitouchDecoder {
    /// A new tracking id in `slot`: whatever the slot was, it starts afresh.
    mutating func startSlot(_ slot: Int) {
        slotExcluded[slot] = false
        slotShown[slot] = false
    }

    /// BTN_TOUCH and the pen tool keys.
    mutating func noteKey(_ event: KernelEvent) {
        if event.code == KeyCode.btnTouch {
            touching = event.value != 0
        } else if (KeyCode.btnToolPen...KeyCode.btnToolAirbrush).contains(event.code) {
            penInRange = event.value != 0
        }
    }

    /// Whether a contact whose tool and distance are these touches the
    /// surface as an object would (pens and palms aside).
    func touchesSurface(distance: Int32) -> Bool {
        if distance > 0 { return false }
        if needsTouchKey && !touching { return false }
        return true
    }

    mutating func slotFrame(time: Double) -> TouchFrame {
        var contacts: [TouchSample] = []
        var cancelled: [Int] = []
        // The pressure of slots in use that are not objects: the kernel's
        // total counts them, the scale's does not.
        var unshown = 0.0
        for index in slots.indices {
            guard let id = slotContactIDs[index] else {
                slotShown[index] = false
                continue
            }
            let slot = slots[index]
            if ToolType.isExcluded(slot.toolType) || slotExcluded[index] {
                if !slotExcluded[index] && slotShown[index] { cancelled.append(id) }
                slotExcluded[index] = true
                slotShown[index] = false
                unshown += Double(slot.pressure)
                continue
            }
            guard touchesSurface(distance: slot.distance) else {
                if slotShown[index] {
                    // Lifted to hover: shown again later as a new contact.
                    slotContactIDs[index] = takeID()
                    slotShown[index] = false
                }
                unshown += Double(slot.pressure)
                continue
            }
            slotShown[index] = true
            contacts.append(sample(id: id, x: slot.x, y: slot.y, pressure: slot.pressure, major: slot.touchMajor))
        }
        return TouchFrame(time: time, contacts: contacts, cancelled: cancelled, total: total(less: unshown))
    }

    /// The device's total force less `unshown` raw units of ABS_MT_PRESSURE
    /// (converted as the total is), never below 0; nil without a total.
    func total(less unshown: Double) -> Double? {
        guard let totalAxis else { return nil }
        let unshownForce = unshown / (Double(totalAxis.contact.maximum) - Double(totalAxis.contact.minimum))
        return max(totalAxis.force(Double(single.pressure)) - unshownForce, 0)
    }
}

/// A device's whole state as libevdev holds it (libevdev_get_slot_value for
/// every slot and axis, the current slot, BTN_TOUCH, the single-touch axes):
/// loaded when a device is opened, reopened, or resynchronised after
/// SYN_DROPPED, so objects already on the panel appear at once with their
/// real values.
public struct DeviceSnapshot: Equatable, Sendable {
    /// The single-touch axes (ABS_X, ABS_Y, ABS_PRESSURE).
    public struct SingleTouch: Equatable, Sendable {
        public var x: Int32
        public var y: Int32
        public var pressure: Int32

        public init(x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0) {
            self.x = x
            self.y = y
            self.pressure = pressure
        }
    }

    public var slots: [MultitouchDecoder.SlotState]
    public var currentSlot: Int
    /// BTN_TOUCH.
    public var touching: Bool
    /// A pen tool key (BTN_TOOL_PEN ... BTN_TOOL_AIRBRUSH) is down.
    public var penInRange: Bool
    public var single: SingleTouch

    public init(
        slots: [MultitouchDecoder.SlotState] = [], currentSlot: Int = 0, touching: Bool = false,
        penInRange: Bool = false, single: SingleTouch = SingleTouch()
    ) {
        self.slots = slots
        self.currentSlot = currentSlot
        self.touching = touching
        self.penInRange = penInRange
        self.single = single
    }
}

extension MultitouchDecoder {
    /// Takes the device's real state and returns the frame it makes. A slot
    /// keeping its tracking id keeps its contact; a new tracking id is a new
    /// contact; a single-touch device touching gets its contact.
    public mutating func load(_ snapshot: DeviceSnapshot, time: Double) -> TouchFrame {
        isDiscarding = false
        protocolA.discardPending()
        touching = snapshot.touching
        penInRange = snapshot.penInRange
        switch wire {
        case .slots:
            for index in slots.indices {
                let new = index < snapshot.slots.count ? snapshot.slots[index] : SlotState(trackingID: -1)
                if new.trackingID < 0 {
                    slotContactIDs[index] = nil
                } else if new.trackingID != slots[index].trackingID || slotContactIDs[index] == nil {
                    slotContactIDs[index] = takeID()
                    startSlot(index)
                }
                slots[index] = new
            }
            currentSlot = snapshot.currentSlot
            single.pressure = snapshot.single.pressure
            return slotFrame(time: time)
        case .singleTouch:
            single.touching = snapshot.touching
            single.x = snapshot.single.x
            single.y = snapshot.single.y
            single.pressure = snapshot.single.pressure
            return singleFrame(time: time)
        case .protocolA:
            // Protocol A resends every contact each frame: nothing to load.
            return TouchFrame(time: time, contacts: protocolA.previous)
        }
    }
}
