/// The scale's functions' reducer: each action changes the functions and
/// says what else the station must do (a notice, the preset tare, a
/// product saved). Whether an action is allowed at all (a kiosk's
/// passer-by) the root's gate has decided before (Kiosk/KioskGate.swift).
extension ScaleFunctions: ScreenReducer {
    static func reduce(
        into state: inout Self, action: ScaleFunctionAction, context: ScaleFunctionContext
    ) -> [ScaleFunctionRequest] {
        switch action {
        case .unitsTapped: return state.unitsTapped(context)
        case .modeTapped: return state.modeTapped(context)
        case .sampleTapped: return state.sampleTapped(context)
        case .presetTareTapped: return state.presetTareTapped(context)
        case .referenceTapped: return state.referenceTapped(context)
        case .productTapped: return state.productTapped(context)
        case .newProductTapped: return state.newProductTapped(context)
        case .useCarrierTapped: return state.useCarrierTapped()
        case .keyTyped(let key, let modifiers):
            // One thing is typed at a time, in this order (each tap clears the others).
            if state.countSample != nil { return state.sampleKeyPressed(key, context) }
            if state.presetTareEntry != nil { return state.presetTareKeyPressed(key, context) }
            if state.productEntry != nil { return state.productKeyPressed(key, modifiers: modifiers, context) }
            return []
        case .tared:
            state.carrierTared(scaleIsEmpty: context.scaleIsEmpty)
            return []
        case .objectLifted:
            state.carrierMayHaveLifted(scaleIsEmpty: context.scaleIsEmpty)
            return []
        }
    }

    /// `u`: the next units, with grams to convert.
    private mutating func unitsTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard context.sourceMode == .force, context.gramStep != nil else {
            return [.say(Self.unitsNeedGrams(context.sourceMode), seconds: 4)]
        }
        units = units.next
        return [.say("Units: \(units.rawValue)", seconds: 2)]
    }

    /// `m`: the next of the modes the config offers; what was typed or
    /// chosen for the last one goes.
    private mutating func modeTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard !context.modes.isEmpty else {
            return [.say("No other mode: the config's scaleMode offers none (docs/configuration.md).", seconds: 4)]
        }
        scaleMode = scaleMode.next(in: context.modes)
        countSample = nil
        product = nil
        productEntry = nil
        samplePieces = nil
        return [.say("Mode: " + scaleMode.title, seconds: 2)]
    }
}
