import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleGallery

/// A label belongs to its circle (issue 23, item 2): four contacts of
/// 30/50/70/90% laid out as a person lays them, at every size, tared, in a
/// weighing's preview and detail: every label nearer its own circle than
/// any other, in no other circle, crossed by no other ring.
@Suite struct LabelBelongsTests {
    /// The four forces of the issue, in arrangements a person makes: a row,
    /// a square, a diagonal, clustered at the centre.
    static let arrangements: [(String, [(x: Double, y: Double, force: Double)])] = [
        ("row", [(0.2, 0.5, 0.3), (0.4, 0.5, 0.5), (0.6, 0.5, 0.7), (0.8, 0.5, 0.9)]),
        ("square", [(0.35, 0.35, 0.3), (0.65, 0.35, 0.5), (0.35, 0.65, 0.7), (0.65, 0.65, 0.9)]),
        ("diagonal", [(0.2, 0.2, 0.3), (0.4, 0.4, 0.5), (0.6, 0.6, 0.7), (0.8, 0.8, 0.9)]),
        ("cluster", [(0.45, 0.45, 0.3), (0.55, 0.45, 0.5), (0.45, 0.55, 0.7), (0.55, 0.55, 0.9)]),
    ]

    static let cases: [String] = ScreenCases.sizes.flatMap { size in
        arrangements.map { "\(size.0)x\(size.1) \($0.0)" }
    }

    static func problems(_ scene: Scene) -> [String] {
        scene.labelGroups.flatMap { group in
            group.labels.flatMap { LabelRule.problems(of: $0, in: group, tolerance: LayoutCheck.tolerance) }
        }
    }

    @Test(arguments: cases)
    func fourContactsEachLabelledInItsOwnCircle(name: String) {
        let parts = name.split(separator: " ")
        let size = parts[0].split(separator: "x").compactMap { Int($0) }
        let points = Self.arrangements.first { $0.0 == parts[1] }!.1
        var state = ScreenCases.state(size[0], size[1])
        ScreenCases.place(points, on: &state)
        let scene = state.scene()
        let labels = scene.labelGroups.flatMap(\.labels)
        #expect(labels.count == 4, "\(name): four labels placed")
        // Four apart find a free place wherever the screen is larger than
        // the circles; clustered, or at 640x360 (a 90% circle is 456 px
        // wide on a 360 px screen), a label may be crowded into its own disc,
        // and so may the 70% one in a row at 800x480 (theIssuesCaseAt800x480).
        if parts[1] != "cluster", size[1] > 360, parts[0] != "800x480" || parts[1] != "row" {
            #expect(labels.allSatisfy { !$0.crowded }, "\(name): four apart always find a free place")
        }
        let problems = Self.problems(scene)
        #expect(problems.isEmpty, Comment(rawValue: "\(name):\n  " + problems.joined(separator: "\n  ")))
        // Tared: the labels read 0.0%, the circles keep their size.
        ScreenCases.key(.character("t"), &state, at: 3)
        let tared = Self.problems(state.scene())
        #expect(tared.isEmpty, Comment(rawValue: "\(name) tared:\n  " + tared.joined(separator: "\n  ")))
    }

    /// Its own ring through a label strikes the number out: a label that
    /// found a free place lies clear of its own ring too, wherever a place a
    /// label's length from the ring is free. The case found by hand: at
    /// 800x480, the 70% circle cut by the bottom edge had "70.0%" across
    /// its ring, beside the buttons.
    @Test(arguments: cases + ["800x480 pins"])
    func noLabelIsStruckByItsOwnRing(name: String) throws {
        let parts = name.split(separator: " ")
        let size = parts[0].split(separator: "x").compactMap { Int($0) }
        let pins: [(x: Double, y: Double, force: Double)] = [(0.30, 0.55, 0.3), (0.45, 0.45, 0.5), (0.62, 0.95, 0.7), (0.97, 0.05, 0.9)]
        let points = parts[1] == "pins" ? pins : try #require(Self.arrangements.first { $0.0 == parts[1] }).1
        var state = ScreenCases.state(size[0], size[1])
        ScreenCases.place(points, on: &state)
        for group in state.scene().labelGroups {
            for label in group.labels where !label.crowded {
                // A label just under (or over) its circle touches the ring's
                // outer half, as Plum-O-Meter drew it: that is not a strike.
                let own = group.circles[label.circle]
                #expect(
                    !own.ringCrosses(label.rect, slack: own.ringWidth / 2 + 1),
                    "\(name): \(LayoutCheck.describe(label.rect)) is struck by its own ring")
            }
        }
    }

    /// Far out, x + step == x: the search of places counts its steps, so a
    /// hostile size or position ends (the state fuzzer found it looping for
    /// ever on a circle at 1e18 px).
    @Test func aSearchFarOutEnds() {
        for far in [1e18, -1e18, 1e300] {
            var placer = LabelPlacer(
                bounds: Rect(x: far, y: far, width: 1e6, height: 1e6), obstacles: [],
                circles: [
                    DrawnCircle(center: Point(far, far), radius: 1e5, ringWidth: 5),
                    DrawnCircle(center: Point(far + 10, far), radius: 1e5, ringWidth: 5),
                ])
            let corner = placer.place(Size(90, 30), center: Point(far, far), radius: 1e5)
            #expect(!corner.x.isNaN, "placed at \(corner)")
        }
    }

    /// The issue's case exactly: at 800x480 the "90.0%" label lay inside the
    /// 50% circle and "50.0%" inside the yellow 90% disc. The 70% circle,
    /// 408 px tall on a 480 px screen between the 50% and the 90%, has no
    /// place outside the others that its own ring does not strike: its
    /// label goes inside its own disc (crowded), clear of every ring.
    @Test func theIssuesCaseAt800x480() throws {
        var state = ScreenCases.state(800, 480)
        ScreenCases.place(Self.arrangements[0].1, on: &state)
        let scene = state.scene()
        let group = try #require(scene.labelGroups.first)
        #expect(group.circles.count == 4)
        // The circles grow with force: the third smallest is the 70% one.
        let seventy = group.circles.map(\.radius).sorted()[2]
        #expect(group.labels.filter(\.crowded).map { group.circles[$0.circle].radius } == [seventy], "only the 70% label is crowded")
        for label in group.labels {
            let own = group.circles[label.circle]
            for other in group.circles where label.crowded {
                #expect(!other.ringCrosses(label.rect, slack: other == own ? own.ringWidth / 2 + 1 : 1), "a ring across a label")
            }
            if label.crowded {
                #expect(own.reach(label.rect.center) < 0, "a crowded label lies inside its own disc")
                continue
            }
            for (j, other) in group.circles.enumerated() where j != label.circle {
                #expect(other.reach(label.rect.center) > own.reach(label.rect.center))
                #expect(other.reach(label.rect.center) > 0, "a label's centre inside another circle")
                #expect(!other.ringCrosses(label.rect, slack: 1), "a ring across a label")
            }
        }
    }

    /// A recorded weighing of those four, in its preview and its detail.
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func previewAndDetailLabelsBelong(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for (name, points) in Self.arrangements {
            let weighing = Weighing(
                id: 30, takenAt: Date(timeIntervalSince1970: 1_700_108_000), device: "Test panel", mode: "force",
                objects: points.enumerated().map { i, p in
                    WeighedObject(index: i, x: p.x * 1280, y: p.y * 720, force: p.force, grams: nil, stable: true, tare: 0)
                })
            var peek = ScreenCases.history(parts[0], parts[1])
            ScreenCases.press(&peek, force: 0.5, weighing: weighing)
            let scene = peek.scene()
            #expect(!scene.labelGroups.isEmpty, "\(name) at \(size): the preview draws its circles")
            let problems = Self.problems(scene)
            #expect(problems.isEmpty, Comment(rawValue: "\(name) preview at \(size):\n  " + problems.joined(separator: "\n  ")))
            let smallest = scene.shapes.compactMap { shape -> Double? in
                if case .text(let text, _, _, let size, _) = shape, text.hasSuffix("%") { return size }
                return nil
            }.min()
            #expect((smallest ?? 0) >= 12, "\(name) preview at \(size): labels at least 12 px")
        }
    }

    /// The rule catches what it is for: a label put on another circle's ring.
    @Test func theRuleCatchesALabelInAnotherCircle() {
        var group = LabelGroup()
        group.circles = [
            DrawnCircle(center: Point(200, 200), radius: 150, ringWidth: 5),
            DrawnCircle(center: Point(420, 200), radius: 200, ringWidth: 5),
        ]
        group.labels = [CircleLabel(rect: Rect(x: 260, y: 180, width: 80, height: 30), circle: 0, crowded: false)]
        #expect(!LabelRule.problems(of: group.labels[0], in: group, tolerance: 1).isEmpty)
        group.labels = [CircleLabel(rect: Rect(x: 160, y: 350, width: 80, height: 30), circle: 0, crowded: false)]
        #expect(LabelRule.problems(of: group.labels[0], in: group, tolerance: 1).isEmpty)
    }
}

/// The gallery's fixtures agree with each other (issue 23 item 13): the
/// list's row for the weighing the preview and detail show says what they do.
@Suite struct GalleryFixtureTests {
    @Test func theRowOfThePreviewedWeighingMatchesIt() throws {
        let weighing = ScreenCases.weighing
        let row = try #require(ScreenCases.rows.first { $0.id == weighing.id })
        #expect(row.objectCount == weighing.objects.count)
        #expect(row.heaviestGrams == weighing.heaviest?.grams)
        #expect(row.heaviestForce == weighing.heaviest?.force)
        #expect(row.takenAt == weighing.takenAt)
    }
}

/// The detail's header keeps the time with its date at every size (issue
/// 23 item 13: it wrapped the time onto a line of its own).
@Suite struct DetailHeaderTests {
    @Test(arguments: ScreenCases.sizes.map { "\($0.0)x\($0.1)" })
    func theTimeStaysWithTheDate(size: String) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let detail = try #require(ScreenCases.cases(parts[0], parts[1]).first { $0.name == "detail" }).state
        let time = HistoryText.localTime(ScreenCases.weighing.takenAt, timeZone: .gmt)
        let texts = detail.scene().texts(ScreenCases.metrics).map(\.text)
        #expect(texts.contains { $0.contains(time) }, "\(size): the header has \"\(time)\" on one line: \(texts.prefix(6))")
    }
}
