/// Where a touchscreen's contacts lie in the window, learnt from the
/// touches SDL itself reports there. On X11 and Wayland SDL's touches have
/// the right window positions but pressure 1.0; the evdev contacts have the
/// right pressure but device positions. Pairing the two while one finger is
/// down, and fitting an affine map by least squares over recent pairs (as
/// Chromium's touch transform controller does), gives the mapping on any
/// desktop: a second monitor, a rotated 2-in-1, Wayland (where a client
/// cannot learn its window position).
public struct TouchMappingFit: Sendable {
    /// window = (a·x + b·y + c, d·x + e·y + f), positions normalised 0...1.
    public struct AffineMap: Equatable, Sendable {
        public var a, b, c, d, e, f: Double

        public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
            (a * x + b * y + c, d * x + e * y + f)
        }

        /// The two rows, a b c d e f, as udev writes them.
        public var numbers: [Double] { [a, b, c, d, e, f] }
    }

    /// A device position and the window position SDL gave for it.
    public struct Pair: Equatable, Sendable {
        public var device: (x: Double, y: Double)
        public var window: (x: Double, y: Double)

        public static func == (l: Pair, r: Pair) -> Bool { l.device == r.device && l.window == r.window }
    }

    /// The two streams' events are paired when this close in time (s).
    public static let pairingWindow = 0.05
    /// Pairs kept: the most recent (an old mapping gives way to a new one
    /// after a rotation or a move to another monitor).
    public static let keptPairs = 64
    public static let minimumPairs = 8
    /// The device positions must spread at least this much on both axes.
    public static let minimumSpread = 0.1
    /// Root mean square residual (window-normalised) above which the fit
    /// is not trusted.
    public static let maximumResidual = 0.02

    public private(set) var pairs: [Pair] = []
    /// The current fit, nil until the pairs support one.
    public private(set) var map: AffineMap?
    public private(set) var residual: Double?
    private var lastDevice: (time: Double, contacts: [TouchSample])?

    public init() {}

    /// An evdev frame (device-normalised positions).
    public mutating func noteDevice(_ frame: TouchFrame) {
        lastDevice = (frame.time, frame.contacts)
    }

    /// An SDL touch at window-normalised (x, y), with the number of SDL
    /// touches down now. Paired only when one finger is down on each side
    /// and the device's frame is as recent as the touch.
    public mutating func noteWindowTouch(x: Double, y: Double, time: Double, touchesDown: Int) {
        guard touchesDown == 1, x.isFinite, y.isFinite, let device = lastDevice, device.contacts.count == 1,
            abs(device.time - time) <= Self.pairingWindow
        else { return }
        let contact = device.contacts[0]
        pairs.append(Pair(device: (contact.x, contact.y), window: (x, y)))
        if pairs.count > Self.keptPairs { pairs.removeFirst(pairs.count - Self.keptPairs) }
        refit()
    }

    mutating func refit() {
        guard pairs.count >= Self.minimumPairs else { return }
        let xs = pairs.map(\.device.x)
        let ys = pairs.map(\.device.y)
        guard xs.max()! - xs.min()! >= Self.minimumSpread, ys.max()! - ys.min()! >= Self.minimumSpread,
            let rowX = Self.leastSquares(pairs, \.window.x), let rowY = Self.leastSquares(pairs, \.window.y)
        else { return }
        let fitted = AffineMap(a: rowX.0, b: rowX.1, c: rowX.2, d: rowY.0, e: rowY.1, f: rowY.2)
        let squares = pairs.map { pair -> Double in
            let p = fitted.apply(x: pair.device.x, y: pair.device.y)
            return (p.x - pair.window.x) * (p.x - pair.window.x) + (p.y - pair.window.y) * (p.y - pair.window.y)
        }
        let rms = (squares.reduce(0, +) / Double(squares.count)).squareRoot()
        guard rms <= Self.maximumResidual else { return }
        map = fitted
        residual = rms
    }

    /// (p, q, r) minimising Σ (p·x + q·y + r − target)²: the normal
    /// equations, solved by Cramer's rule; nil when singular.
    static func leastSquares(_ pairs: [Pair], _ target: KeyPath<Pair, Double>) -> (Double, Double, Double)? {
        var sxx = 0.0
        var sxy = 0.0
        var sx = 0.0
        var syy = 0.0
        var sy = 0.0
        var n = 0.0
        var tx = 0.0
        var ty = 0.0
        var t = 0.0
        for pair in pairs {
            let (x, y) = pair.device
            let w = pair[keyPath: target]
            sxx += x * x
            sxy += x * y
            sx += x
            syy += y * y
            sy += y
            n += 1
            tx += x * w
            ty += y * w
            t += w
        }
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let m = [[sxx, sxy, sx], [sxy, syy, sy], [sx, sy, n]]
        let d = det(m)
        guard abs(d) > 1e-12 else { return nil }
        let rhs = [tx, ty, t]
        func replaced(_ column: Int) -> [[Double]] {
            m.enumerated().map { row, values in values.enumerated().map { $0.offset == column ? rhs[row] : $0.element } }
        }
        return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
    }
}

extension TouchMappingFit.AffineMap {
    /// udev's LIBINPUT_CALIBRATION_MATRIX ("a b c d e f", six numbers, the
    /// first two rows of the 3x3 matrix libinput applies to the device's
    /// normalised position); nil when it is not six finite numbers.
    public init?(calibrationMatrix text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite),
            text.split(whereSeparator: { $0 == " " || $0 == "\t" }).count == 6
        else { return nil }
        self.init(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    }
}
