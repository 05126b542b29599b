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
    var version: Int?
    var device: Header?

    struct Header: Decodable {
        var name: String?
        var pressure: Bool?
        var touchMajor: Bool?
        /// The device's own surface, when positions are normalised to it
        /// (a touchpad, a recording of an evemu replay): fitted like one.
        var surface: Surface?
        enum CodingKeys: String, CodingKey {
            case name, pressure, surface
            case touchMajor = "touch_major"
        }
    }

    struct Surface: Decodable {
        var width: Double
        var height: Double
        var pad: Bool?
    }

    enum CodingKeys: String, CodingKey {
        case t, type, id, x, y, pressure, key, state, modifiers, width, height, device
        case touchMajor = "touch_major"
        case version = "plumscale-replay"
    }
}
