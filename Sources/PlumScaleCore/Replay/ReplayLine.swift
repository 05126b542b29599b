/// One JSON Lines record, as decoded before validation.
struct ReplayLine: Decodable {
    var t: Double?
    var type: String?
    var id: Int?
    var x: Double?
    var y: Double?
    var pressure: Double?
    var touchMajor: Double?
    var key: String?
    var state: String?
    var modifiers: [String]?
    var width: Int?
    var height: Int?
    /// A pointer line's mouse button (1 left, 2 middle, 3 right).
    var button: Int?
    /// A wheel line's notches (positive: up, away from the user).
    var dy: Double?
    var version: Int?
    var device: Header?

    struct Header: Decodable {
        var name: String?
        var pressure: Bool?
        var touchMajor: Bool?
        /// The device's own surface, when positions are normalised to it
        /// (a touchpad, a recording of an evemu replay): fitted like one.
        var surface: Surface?
        /// What the live source said of its device, so that a `--record`
        /// file renders as the window showed it: `device_kind`, the grams of
        /// the device's own force axis, why it gives none.
        var kind: String?
        var grams: Grams?
        var noGrams: String?
        /// The mouse stood in for fingers (`--source mouse`): pointer and
        /// wheel lines make contacts, as they did in the window.
        var mouse: Bool?
        /// The wall clock at t = 0 (Unix time, seconds), so a weighing
        /// saved at t is saved at the time the window saved it.
        var started: Double?
        enum CodingKeys: String, CodingKey {
            case name, pressure, surface, kind, grams, mouse, started
            case touchMajor = "touch_major"
            case noGrams = "no_grams"
        }
    }

    struct Grams: Decodable {
        var axis: String?
        var unitsPerGram: Double
        var range: Double
        enum CodingKeys: String, CodingKey {
            case axis, range
            case unitsPerGram = "units_per_gram"
        }
    }

    struct Surface: Decodable {
        var width: Double
        var height: Double
        var pad: Bool?
    }

    /// How many keys the line gave values for (the header's device's own
    /// keys included): with no other key and no ':' in a string, the line
    /// holds exactly this many ':'; one more means a key the decoder
    /// ignored, a ':' in a string, or a repeated key.
    var keyCount: Int {
        let values: [Any?] = [
            t, type, id, x, y, pressure, touchMajor, key, state, modifiers, width, height, button, dy, version, device,
        ]
        var count = values.count { $0 != nil }
        if let device {
            let members: [Any?] = [
                device.name, device.pressure, device.touchMajor, device.surface, device.kind, device.grams, device.noGrams,
                device.mouse, device.started,
            ]
            count += members.count { $0 != nil }
            if let surface = device.surface { count += 2 + (surface.pad == nil ? 0 : 1) }
            if let grams = device.grams { count += 2 + (grams.axis == nil ? 0 : 1) }
        }
        return count
    }

    enum CodingKeys: String, CodingKey {
        case t, type, id, x, y, pressure, key, state, modifiers, width, height, button, dy, device
        case touchMajor = "touch_major"
        case version = "plumscale-replay"
    }
}
