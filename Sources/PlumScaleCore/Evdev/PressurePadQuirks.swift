/// Pressure pads the kernel does not mark: libinput's quirks files name
/// them (ModelPressurePad=1, now AttrInputProp=+INPUT_PROP_PRESSUREPAD) and
/// libinput then turns their pressure axes off, but a program that reads
/// evdev directly never sees those files. These are the facts of the quirks
/// that match a bus, vendor and product, each with the file and section it
/// came from (docs/devices.md, "Pressure pads"). Quirks that match a name
/// and a DMI string only (the Lenovo GXTP5100 ThinkBooks, the HONOR
/// MagicBook Art 14, the 2024 Huawei MateBook X Pro) cannot be told from
/// an evdev description, which holds no DMI string, and are left out: such
/// a pad is a pressure pad only when its kernel sets the property.
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

    static func libinput(
        _ file: String, _ model: String, vendor: Int, product: Int, commit: String = "c1d8d92b, 2025-08-01"
    ) -> PressurePadQuirk {
        PressurePadQuirk(
            bus: i2c, vendor: vendor, product: product, model: model,
            source: "libinput's quirks/\(file) [\(model)] (libinput commit \(commit))")
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
        // Later libinput keeps them by the pad's maker (30-vendor-*): the
        // entries above stay, these are the pads they added.
        libinput("30-vendor-pixart.quirks", "Pixart Haptic Touchpad (093A:4811)", vendor: 0x093A, product: 0x4811, commit: "c391bdef"),
        libinput("30-vendor-synaptics.quirks", "Synaptics 06CB:D024 Touchpad", vendor: 0x06CB, product: 0xD024, commit: "b12bc3b4"),
        libinput("30-vendor-elantech.quirks", "Elan Haptic Touchpad (04F3:3355)", vendor: 0x04F3, product: 0x3355, commit: "cc1f6051"),
        goodix(0x01E7, commit: "a1c5f35a"),
        goodix(0x01E9, commit: "a1c5f35a"),
        goodix(0x01EA, commit: "a1c5f35a"),
        goodix(0x01EB, commit: "a1c5f35a"),
        goodix(0x0F90, commit: "a1c5f35a"),
        goodix(0x0F95, commit: "a1c5f35a"),
        goodix(0x0F96, commit: "12e86e18"),
    ]

    /// A Goodix haptic pad of 30-vendor-goodix.quirks (GXTP5100, GXTP5400, GXTP5420).
    static func goodix(_ product: Int, commit: String) -> PressurePadQuirk {
        let model = "Goodix Haptic Touchpad (27C6:\(String(format: "%04X", product)))"
        return libinput("30-vendor-goodix.quirks", model, vendor: 0x27C6, product: product, commit: commit)
    }

    /// The entry for a device, nil when none matches.
    public static func match(bus: Int, vendor: Int, product: Int) -> PressurePadQuirk? {
        known.first { $0.bus == bus && $0.vendor == vendor && $0.product == product }
    }
}
