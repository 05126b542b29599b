import Testing

@testable import PlumScaleCore

extension WeighingTests {
    @Suite struct TareBookTests {
        @Test func taringZeroesEveryCurrentContact() {
            var book = TareBook()
            book.tareAll([.init(id: 1, force: 0.30, x: 100, y: 100), .init(id: 2, force: 0.10, x: 400, y: 100)])
            #expect(book.displayed(id: 1, force: 0.30) == 0)
            #expect(abs(book.displayed(id: 2, force: 0.25) - 0.15) < 1e-12)
            #expect(book.displayed(id: 3, force: 0.25) == 0.25)
            #expect(book.isTared(1) && !book.isTared(3))
        }

        @Test func displayedMayBeNegativeButRadiusIsClamped() {
            var book = TareBook()
            book.tareAll([.init(id: 1, force: 0.30, x: 0, y: 0)])
            #expect(abs(book.displayed(id: 1, force: 0.288) - -0.012) < 1e-12)
            #expect(String(format: "%.1f%%", book.displayed(id: 1, force: 0.288) * 100) == "-1.2%")
            #expect(book.radiusValue(id: 1, force: 0.288) == 0)
            #expect(book.radiusValue(id: 2, force: 1.2) == 1)
        }

        @Test(arguments: [(110.0, 130.0, true), (139.0, 100.0, true), (100.0, 141.0, false), (200.0, 200.0, false)])
        func liftedContactPutBackNearbyKeepsItsZero(x: Double, y: Double, inherits: Bool) {
            var book = TareBook()
            book.tareAll([.init(id: 1, force: 0.30, x: 100, y: 100)])
            book.contactUp(id: 1)
            #expect(!book.isTared(1))
            let tare = book.contactDown(id: 7, x: x, y: y)
            #expect((tare != nil) == inherits)
            #expect(book.tare(for: 7) == (inherits ? 0.30 : 0))
        }

        @Test func nearestRememberedTareWinsAndIsUsedOnce() {
            var book = TareBook()
            book.tareAll([.init(id: 1, force: 0.1, x: 100, y: 100), .init(id: 2, force: 0.2, x: 130, y: 100)])
            book.contactUp(id: 1)
            book.contactUp(id: 2)
            book.contactDown(id: 3, x: 125, y: 100)
            #expect(book.tare(for: 3) == 0.2)
            book.contactDown(id: 4, x: 125, y: 100)
            #expect(book.tare(for: 4) == 0.1)
            book.contactDown(id: 5, x: 125, y: 100)
            #expect(!book.isTared(5))
        }

        @Test func clearAllForgetsActiveAndRemembered() {
            var book = TareBook()
            book.tareAll([.init(id: 1, force: 0.1, x: 0, y: 0), .init(id: 2, force: 0.2, x: 500, y: 0)])
            book.contactUp(id: 2)
            book.clearAll()
            #expect(!book.isTared(1))
            #expect(book.contactDown(id: 9, x: 500, y: 0) == nil)
        }
    }
}
