import Foundation
import Testing

@testable import PlumScaleCore
@testable import PlumScaleTestSupport

/// Weighing on a conductive carrier (what a capacitive pad does not
/// register): place the carrier, tare it, then the object; the fading
/// warning; the wizard's zero with the carrier. Replays whose input values
/// are stated here.
@Suite struct CarrierTests {
    let rules = PanelReplay()

    func state(_ lines: [String], at t: Double, config: Config = .defaults) throws -> AppState {
        try rules.state(lines, at: t, config: config)
    }

    /// The carrier (a fingertip) at 30%, tared; the object adds 5 points.
    var carrierThenObject: [String] {
        [
            rules.key(0, "w"), rules.down(0.1, 1, 0.5, 0.3), rules.key(1.5, "t"), rules.move(2, 1, 0.5, 0.35),
        ]
    }

    @Test func theGuideSaysEachStepAndTheObjectReadsNetOfTheCarrier() throws {
        let start = try state([rules.key(0, "w")], at: 0.5)
        #expect(start.carrier?.step == .placeCarrier)
        #expect(start.carrierText == "Carrier: place it (a fingertip or a metal plate), hold it still, then tap Tare (t).")
        #expect(start.scaleButtons.map(\.name).contains("carrier"))
        let tared = try state(carrierThenObject, at: 1.8)
        #expect(tared.carrier?.step == .placeObject)
        #expect(tared.carrierText?.hasPrefix("Carrier tared: put the object on it") == true)
        let weighed = try state(carrierThenObject, at: 3)
        #expect(weighed.contactViews.map(\.label) == ["5.0%"])
        #expect(weighed.contactViews.map(\.net) == [true])
        let document = try rules.document(weighed)
        let carrier = try #require(document["carrier"] as? [String: Any])
        #expect(carrier["step"] as? String == "place_object")
        let texts = (document["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.contains { $0.hasPrefix("Carrier tared") })
    }

    @Test func aTareWithNothingOnTheScaleDoesNotTareTheCarrier() throws {
        let s = try state([rules.key(0, "w"), rules.key(0.5, "t")], at: 1)
        #expect(s.carrier?.step == .placeCarrier)
    }

    @Test func aLiftedCarrierIsToBePlacedAndTaredAgain() throws {
        let s = try state(carrierThenObject + [#"{"t":3,"type":"up","id":1}"#], at: 3.5)
        #expect(s.carrier?.step == .placeCarrier && s.carrier?.lifted == true)
        #expect(s.carrierText == "Carrier lifted: place it again, hold it still, then tap Tare (t).")
    }

    @Test func useCarrierAgainEndsTheGuide() throws {
        let s = try state(carrierThenObject + [rules.key(3, "w")], at: 3.5)
        #expect(s.carrier == nil && s.carrierText == nil)
        #expect(try rules.document(s)["carrier"] is NSNull)
    }

    /// A metal carrier losing contact: the reading falls 0.3 points a
    /// second while still, and the guide says what to do.
    @Test func aFadingCarrierIsSaidToBeOne() throws {
        var lines = [rules.key(0, "w"), rules.down(0, 1, 0.5, 0.4), rules.key(1, "t")]
        var t = 1.0
        while t < 6 - 1e-9 {
            t += 1.0 / 120
            let p = 0.400 - 0.003 * (t - 1)
            lines.append(rules.move((t * 1e6).rounded() / 1e6, 1, 0.5, (p * 1e6).rounded() / 1e6))
        }
        let s = try state(lines, at: 5)
        #expect(s.contactViews.map(\.fading) == [true])
        #expect(s.carrierText == "Carrier fading (metal loses contact): lift it, place it again, tap Tare (t).")
    }

    // MARK: the wizard

    /// Zero with the carrier at 30%, then a 50 g reference on it at 55%:
    /// the point is (0.25, 50 g), the carrier's force taken off.
    @Test func theWizardZeroesWithTheCarrierAndTakesItOffEachReference() throws {
        let lines = [
            rules.key(0, "k"), rules.down(0.1, 1, 0.3, 0.3), rules.key(1.5, "w"), rules.key(1.6, "5"), rules.key(1.7, "0"),
            rules.move(2, 1, 0.3, 0.55), rules.key(3, "return"),
        ]
        let zeroed = try state(lines, at: 1.55)
        #expect(zeroed.screen.wizard?.step == .place)
        #expect(zeroed.screen.wizard?.carrierForce == 0.3)
        #expect(zeroed.screen.wizard?.message.hasPrefix("Zero with the carrier is point 1 of the fit.") == true)
        let captured = try state(lines, at: 3.5)
        let points = try #require(captured.screen.wizard?.points)
        #expect(points.count == 2)
        #expect(Swift.abs(points[1].force - 0.25) < 1e-9 && points[1].grams == 50)
        let wizard = try #require(try rules.document(captured)["wizard"] as? [String: Any])
        #expect(wizard["carrier_force"] as? Double == 0.3)
    }

    /// A reference on a fading carrier is not captured: the wizard says why.
    @Test func theWizardCapturesNothingFromAFadingCarrier() throws {
        var lines = [rules.key(0, "k"), rules.down(0.1, 1, 0.3, 0.3), rules.key(1.5, "w"), rules.key(1.6, "5")]
        var t = 2.0
        lines.append(rules.move(t, 1, 0.3, 0.55))
        while t < 6 - 1e-9 {
            t += 1.0 / 120
            let p = 0.55 - 0.003 * (t - 2)
            lines.append(rules.move((t * 1e6).rounded() / 1e6, 1, 0.3, (p * 1e6).rounded() / 1e6))
        }
        lines.append(rules.key(6, "return"))
        let s = try state(lines, at: 6.1)
        #expect(s.screen.wizard?.points.count == 1)
        #expect(s.screen.wizard?.message == CalibrationWizard.carrierFading)
    }

    @Test func theWizardWantsTheCarrierAloneAndStill() throws {
        let two = try state(
            [rules.key(0, "k"), rules.down(0.1, 1, 0.3, 0.3), rules.down(0.1, 2, 0.1, 0.2), rules.key(1.5, "w")], at: 1.6)
        #expect(two.screen.wizard?.step == .clear)
        #expect(two.screen.wizard?.message.hasPrefix("Place the carrier alone") == true)
        let moving = try state([rules.key(0, "k"), rules.down(0.1, 1, 0.3, 0.3), rules.key(0.15, "w")], at: 0.2)
        #expect(moving.screen.wizard?.message.hasPrefix("Hold the carrier still") == true)
        let layout = try state([rules.key(0, "k")], at: 0.1).scene().elements.map(\.name)
        #expect(layout.contains("zero") && layout.contains("zero-carrier"))
    }
}
