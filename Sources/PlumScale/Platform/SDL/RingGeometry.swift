import CSDL2
import Foundation

/// Anti-aliased rings and discs as triangle meshes for SDL_RenderGeometry:
/// a solid band with a one-pixel feathered alpha edge on each side.
struct RingGeometry {
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []

    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Enough segments that a chord strays under a quarter pixel from the arc.
    static func segments(radius: Double) -> Int {
        min(max(Int((radius * 0.4).rounded(.up)), 48), 512)
    }

    /// A band between `inner` and `outer` radii; edges fade over one pixel.
    mutating func appendBand(cx: Double, cy: Double, inner: Double, outer: Double, color: SDL_Color) {
        let radii = [max(inner - 0.5, 0), inner + 0.5, max(outer - 0.5, inner + 0.5), outer + 0.5]
        let alphas: [UInt8] = [0, color.a, color.a, 0]
        appendRings(cx: cx, cy: cy, radii: radii, alphas: alphas, color: color)
    }

    /// A filled disc of radius `radius` with a feathered edge.
    mutating func appendDisc(cx: Double, cy: Double, radius: Double, color: SDL_Color) {
        appendRings(cx: cx, cy: cy, radii: [0, max(radius - 0.5, 0), radius + 0.5], alphas: [color.a, color.a, 0], color: color)
    }

    /// Concentric rings of vertices joined by quads; alpha per ring.
    private mutating func appendRings(cx: Double, cy: Double, radii: [Double], alphas: [UInt8], color: SDL_Color) {
        let n = Self.segments(radius: radii.last!)
        let base = Int32(vertices.count)
        let rings = radii.count
        for s in 0..<n {
            let angle = Double(s) / Double(n) * 2 * Double.pi
            let c = cos(angle), sn = sin(angle)
            for (r, radius) in radii.enumerated() {
                var v = SDL_Vertex()
                v.position = SDL_FPoint(x: Float(cx + c * radius), y: Float(cy + sn * radius))
                v.color = SDL_Color(r: color.r, g: color.g, b: color.b, a: alphas[r])
                vertices.append(v)
            }
        }
        for s in 0..<n {
            let a = base + Int32(s * rings), b = base + Int32(((s + 1) % n) * rings)
            for r in 0..<(rings - 1) {
                let r0 = Int32(r), r1 = Int32(r + 1)
                indices.append(contentsOf: [a + r0, a + r1, b + r1, a + r0, b + r1, b + r0])
            }
        }
    }
}
