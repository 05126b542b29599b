import CSDL2
import Foundation
import PlumScaleCore

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

    /// Vertices go this much further out than the radius, so the polygon's
    /// chords, which sag inward between vertices, lie on the circle on
    /// average (an uncompensated ring drew a third of a pixel too far in).
    static func chordCompensation(segments n: Int) -> Double { 2 / (1 + cos(Double.pi / Double(n))) }

    /// A band between `inner` and `outer` radii; edges fade over one pixel.
    mutating func appendBand(cx: Double, cy: Double, inner: Double, outer: Double, color: SDL_Color) {
        let radii = [max(inner - 0.5, 0), inner + 0.5, max(outer - 0.5, inner + 0.5), outer + 0.5]
        let alphas: [UInt8] = [0, color.a, color.a, 0]
        appendRings(cx: cx, cy: cy, radii: radii, alphas: alphas, color: color)
    }

    /// A filled disc of radius `radius` with a feathered edge.
    /// The solid middle is a fan around one centre vertex: rings of radius 0
    /// made degenerate triangles, which SDL 2.26's software renderer drops
    /// in two quadrants (the geometry-vs-spans test showed it).
    mutating func appendDisc(cx: Double, cy: Double, radius: Double, color: SDL_Color) {
        let n = Self.segments(radius: radius + 0.5)
        let k = Self.chordCompensation(segments: n)
        let centre = Int32(vertices.count)
        var v = SDL_Vertex()
        v.position = SDL_FPoint(x: Float(cx), y: Float(cy))
        v.color = color
        vertices.append(v)
        let first = Int32(vertices.count)
        for s in 0..<n {
            let angle = Double(s) / Double(n) * 2 * Double.pi
            v.position = SDL_FPoint(
                x: Float(cx + cos(angle) * max(radius - 0.5, 0) * k), y: Float(cy + sin(angle) * max(radius - 0.5, 0) * k))
            vertices.append(v)
        }
        for s in 0..<n {
            indices.append(contentsOf: [centre, first + Int32(s), first + Int32((s + 1) % n)])
        }
        appendRings(cx: cx, cy: cy, radii: [max(radius - 0.5, 0), radius + 0.5], alphas: [color.a, 0], color: color)
    }

    /// Concentric rings of vertices joined by quads; alpha per ring.
    private mutating func appendRings(cx: Double, cy: Double, radii: [Double], alphas: [UInt8], color: SDL_Color) {
        let n = Self.segments(radius: radii.last!)
        let k = Self.chordCompensation(segments: n)
        let base = Int32(vertices.count)
        let rings = radii.count
        for s in 0..<n {
            let angle = Double(s) / Double(n) * 2 * Double.pi
            let c = cos(angle)
            let sn = sin(angle)
            for (r, radius) in radii.enumerated() {
                var v = SDL_Vertex()
                v.position = SDL_FPoint(x: Float(cx + c * radius * k), y: Float(cy + sn * radius * k))
                v.color = SDL_Color(r: color.r, g: color.g, b: color.b, a: alphas[r])
                vertices.append(v)
            }
        }
        for s in 0..<n {
            let a = base + Int32(s * rings)
            let b = base + Int32(((s + 1) % n) * rings)
            for r in 0..<(rings - 1) {
                let r0 = Int32(r)
                let r1 = Int32(r + 1)
                indices.append(contentsOf: [a + r0, a + r1, b + r1, a + r0, b + r1, b + r0])
            }
        }
    }
}
