import Testing
@testable import PlumScale

@Test func touchSampleKeepsMissingForceAsNil() {
    let sample = TouchSample(id: 1, x: 0.5, y: 0.5)
    #expect(sample.pressure == nil)
}
