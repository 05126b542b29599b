/// Pressure pads the kernel does not mark: libinput's quirks files name
/// them (ModelPressurePad=1, now AttrInputProp=+INPUT_PROP_PRESSUREPAD) and
/// libinput then turns their pressure axes off, but a program that reads
/// evdev directly never sees those files. These are the facts of the quirks
/// that match a bus, vendor and product, each with the file and section it
/// came from; quirks that match a name and a DMI string only (the Lenovo
/// GXTP5100 ThinkBooks, the HONOR and the 2024 Huawei pads) cannot be told
/// from an evdev description and are left out.
public struct PressurePadQuirk: Equatable, Sendable {
    public var bus: Int
    public var vendor: Int
    public var product: Int
    /// The quirk's section name.
    public var model: String
    /// Where the fact came from: libinput's quirks file and its section.
    public var source: String

    public init(bus: Int, vendor: Int, product: Int, model: String, source: String) {
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.model = model
        self.source = source
    }

    /// The `devices` wording: "listed as a pressure pad in libinput's
    /// quirks/50-system-dell.quirks [Dell Precision5680 Touchpad]".
    public var account: String { "listed as a pressure pad in \(source)" }

    /// BUS_I2C (linux/input.h): every entry below matches MatchBus=i2c.
    static let i2c = 0x18

    static func libinput(_ file: String, _ model: String, vendor: Int, product: Int) -> PressurePadQuirk {
        PressurePadQuirk(
            bus: i2c, vendor: vendor, product: product, model: model,
            source: "libinput's quirks/\(file) [\(model)] (libinput commit c1d8d92b, 2025-08-01)")
    }

    /// The list, as read from libinput's quirks files.
    public static let known: [PressurePadQuirk] = [
        libinput("50-system-dell.quirks", "Dell Precision5680 Touchpad", vendor: 0x27C6, product: 0x0F60),
        libinput("50-system-dell.quirks", "Dell Mayabay Touchpad", vendor: 0x06CB, product: 0xCFA0),
        libinput("50-system-dell.quirks", "Dell laptop 14 Synaptics touchpad", vendor: 0x06CB, product: 0xCFF8),
        libinput("50-system-dell.quirks", "Dell laptop 16 Synaptics touchpad", vendor: 0x06CB, product: 0xCFF9),
        libinput("50-system-dell.quirks", "Dell laptop 14 Goodix touchpad", vendor: 0x27C6, product: 0x0F61),
        libinput("50-system-dell.quirks", "Dell laptop 16 Goodix touchpad", vendor: 0x27C6, product: 0x0F62),
        libinput("50-system-hp.quirks", "HP Haptics Touchpad CFD2", vendor: 0x06CB, product: 0xCFD2),
        libinput("50-system-lenovo.quirks", "Lenovo Yoga 9i Pressurepad", vendor: 0x06CB, product: 0xCE37),
        libinput("50-system-lenovo.quirks", "Lenovo Yoga Slim 9 14ITL5 Pressurepad", vendor: 0x27C6, product: 0x01E8),
    ]

    /// The entry for a device, nil when none matches.
    public static func match(bus: Int, vendor: Int, product: Int) -> PressurePadQuirk? {
        known.first { $0.bus == bus && $0.vendor == vendor && $0.product == product }
    }
}
