import Testing

@testable import PlumScaleCore

/// Area mode's reading: mm across over 30 mm where the device gives units
/// per mm, the axis' fraction otherwise.
@Suite struct ContactSizeScaleTests {
    @Test func theAxisOwnResolutionComesFirst() {
        let major = AbsAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 4000, resolution: 20)
        let x = AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4000, resolution: 10)
        let scale = ContactSizeScale(axis: major, positionX: x)
        #expect(scale.unitsPerMillimetre == 20)
        #expect(scale.reading(300) == 0.5)  // 15 mm
        #expect(scale.reading(900) == 1)  // 45 mm: clamped
    }

    @Test func thePositionResolutionServesATouchMajorWithout() {
        // The kernel gives touch major in surface units, those of X.
        let major = AbsAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 4648)
        let x = AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4648, resolution: 10)
        #expect(ContactSizeScale(axis: major, positionX: x).reading(150) == 0.5)
        // Neither: the fraction of the range, as before (ranks only).
        let bare = ContactSizeScale(axis: major, positionX: AbsAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4648))
        #expect(bare.unitsPerMillimetre == nil)
        #expect(bare.reading(2324) == 0.5)
        #expect(bare.explanation.contains("no resolution"))
    }
}
