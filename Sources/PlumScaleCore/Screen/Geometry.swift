/// A point in layout coordinates (landscape logical pixels).
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
    public var isPortrait: Bool { height > width }
}

public struct Rect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }
    public var center: Point { Point(x + width / 2, y + height / 2) }
}

/// An 8-bit RGBA colour.
public struct Color: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public static let white = Color(255, 255, 255)
    public static let blue = Color(0, 0, 255)
    public static let yellow = Color(255, 255, 0)
    public static let black = Color(0, 0, 0)
    public static let ink = Color(40, 40, 48)
    public static let grey = Color(96, 96, 106)
    public static let warning = Color(176, 40, 24)
    public static let banner = Color(255, 240, 214)
}
