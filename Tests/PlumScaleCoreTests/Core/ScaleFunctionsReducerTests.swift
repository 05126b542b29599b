import Testing

@testable import PlumScaleCore

/// The scale's functions' reducer alone: each button or key changes the
/// functions and says what the station must do, and nothing else changes.
@Suite struct ScaleFunctionsReducerTests {
    static let checkModes: [ScaleMode] = [.weigh, .check(low: 150, high: 300), .count(pieceGrams: 2), .percent(referenceGrams: 100)]

    static func functions(mode: ScaleMode = .weigh, products: [Product] = []) -> ScaleFunctions {
        var functions = ScaleFunctions(config: .defaults)
        functions.scaleMode = mode
        functions.products = products
        return functions
    }

    /// A calibrated force source (d = 0.1 g) with `grams` on the glass, stable or settling.
    static func context(grams: Double? = nil, stable: Bool = true, calibrated: Bool = true) -> ScaleFunctionContext {
        var contacts: [ContactView] = []
        if let grams {
            var view = ContactView.weighed(force: 0.5, stable: stable)
            view.hasGrams = true
            view.shownGrams = grams
            view.reading?.heaviest = true
            contacts.append(view)
        }
        return ScaleFunctionContext(
            sourceMode: .force, gramStep: calibrated ? 0.1 : nil, modes: checkModes, scaleIsEmpty: contacts.isEmpty,
            reading: (contacts, ScaleTotal(contacts, mode: .force)))
    }

    @Test func unitsNeedGramsThenCycle() {
        var store = ReducerStore(Self.functions(), context: Self.context(calibrated: false))
        store.send(.unitsTapped, asks: [.say(ScaleFunctions.unitsNeedGrams(.force), seconds: 4)])
        store.context = Self.context()
        store.send(.unitsTapped, asks: [.say("Units: oz", seconds: 2)]) { $0.units = .oz }
    }

    @Test func theModeCyclesAndDropsWhatWasTypedForTheLast() {
        var start = Self.functions(mode: .check(low: 150, high: 300))
        start.product = "Jam"
        start.samplePieces = 10
        start.productEntry = ProductEntry(low: 150, high: 300, typedLow: "150", typedHigh: "300", unitGrams: 1)
        var store = ReducerStore(start, context: Self.context())
        store.send(.modeTapped, asks: [.say("Mode: Counting", seconds: 2)]) {
            $0.scaleMode = .count(pieceGrams: 2)
            $0.product = nil
            $0.samplePieces = nil
            $0.productEntry = nil
        }
    }

    @Test func aSampleIsTypedAndTakenFromAStableTotal() {
        var store = ReducerStore(Self.functions(mode: .count(pieceGrams: 2)), context: Self.context(grams: 25, stable: false))
        store.send(.sampleTapped) { $0.countSample = CountSample() }
        // What is typed is the sample's own reducer's (CountSample), as it would type it.
        var sample = CountSample()
        for digit in [1, 0] {
            _ = sample.reduce(.digitTyped(digit))
            store.send(.keyTyped(.character(Character(String(digit))), [])) { $0.countSample = sample }
        }
        #expect(store.state.countSample?.typed == "10")
        store.send(.keyTyped(.enter, []), asks: [.say("Waiting for a stable reading: Enter again once it is.", seconds: 3)])
        store.context = Self.context(grams: 25)
        store.send(.keyTyped(.enter, []), asks: [.say("1 piece 2.5 g, from a sample of 10", seconds: 4)]) {
            $0.scaleMode = .count(pieceGrams: 2.5)
            $0.samplePieces = 10
            $0.countSample = nil
        }
    }

    @Test func aPresetTareIsRoundedToDAndAskedOfTheScale() {
        var store = ReducerStore(Self.functions(), context: Self.context())
        store.send(.presetTareTapped) { $0.presetTareEntry = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength) }
        for (key, typed) in [("1", "1"), ("2", "12"), (".", "12."), ("5", "12.5"), ("4", "12.54")] {
            store.send(.keyTyped(.character(Character(key)), [])) {
                $0.presetTareEntry = NumberEntry(decimals: true, maxLength: ScaleFunctions.typedMassLength, typed: typed)
            }
        }
        store.send(.keyTyped(.enter, []), asks: [.setPresetTare(grams: 12.5), .say("Preset tare 12.5 g", seconds: 3)]) {
            $0.presetTareEntry = nil
        }
    }

    @Test func theReferenceIsTheStableObject() {
        var store = ReducerStore(Self.functions(mode: .percent(referenceGrams: 100)), context: Self.context(grams: 42, stable: false))
        store.send(.referenceTapped, asks: [.say("Waiting for a stable reading: r again once it is.", seconds: 3)])
        store.context = Self.context(grams: 42)
        store.send(.referenceTapped, asks: [.say("Reference 42.0 g: it reads 100%", seconds: 4)]) {
            $0.scaleMode = .percent(referenceGrams: 42)
        }
    }

    @Test func aNewProductIsSavedAndUsed() {
        var store = ReducerStore(Self.functions(mode: .check(low: 150, high: 300)), context: Self.context())
        store.send(.newProductTapped, asks: [.clearScreenNotice]) {
            $0.productEntry = ProductEntry(low: 150, high: 300, typedLow: "150.0", typedHigh: "300.0", unitGrams: 1)
        }
        // Enter keeps the limits offered, then the name the scale offers.
        var entry = store.state.productEntry
        for _ in 0..<2 {
            _ = entry?.reduce(.enter, shift: false)
            store.send(.keyTyped(.enter, [])) { $0.productEntry = entry }
        }
        let saved = Product(name: [Product]().freeName, low: 150, high: 300)
        store.send(
            .keyTyped(.enter, []),
            asks: [.say("Product \(saved.name) · Check 150.0 g to 300.0 g", seconds: 3), .perform(.saveProduct(saved))]
        ) {
            $0.productEntry = nil
            $0.products = [saved]
            $0.product = saved.name
            $0.scaleMode = saved.mode
        }
    }

    @Test func theCarrierGuideFollowsTareAndLift() {
        var store = ReducerStore(Self.functions(), context: Self.context())
        store.send(.useCarrierTapped) { $0.carrier = CarrierGuide() }
        store.send(.tared)  // nothing on the glass: still to be placed
        store.context = Self.context(grams: 3)
        store.send(.tared) { $0.carrier?.step = .placeObject }
        store.send(.objectLifted)  // something is still on it
        store.context = Self.context()
        store.send(.objectLifted) {
            $0.carrier?.step = .placeCarrier
            $0.carrier?.lifted = true
        }
        store.send(.useCarrierTapped, asks: [.say("Carrier guide ended.", seconds: 2)]) { $0.carrier = nil }
    }
}
