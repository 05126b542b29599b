/// Percent of a reference on the scale screen: `r` makes the object on the
/// scale (the heaviest, when there are several) the reference, which then
/// reads 100% and every other object its percentage of it.
extension ScaleFunctions {
    mutating func referenceTapped(_ context: ScaleFunctionContext) -> [ScaleFunctionRequest] {
        guard case .percent = scaleMode else {
            return [.say("A reference object: choose percent of a reference first (m).", seconds: 4)]
        }
        let shown = (context.reading?.contacts ?? []).filter { ($0.grams ?? 0) > 0 }
        guard let reference = shown.first(where: \.heaviest) ?? shown.max(by: { $0.shownGrams < $1.shownGrams }) else {
            return [.say("Place the reference object, then r.", seconds: 4)]
        }
        guard reference.stable else {
            return [.say("Waiting for a stable reading: r again once it is.", seconds: 3)]
        }
        scaleMode = .percent(referenceGrams: reference.shownGrams)
        let mass = reference.format.text(grams: reference.shownGrams) ?? "?"
        return [.say(shown.count == 1 ? "Reference \(mass): it reads 100%" : "Reference: the heaviest, \(mass), reads 100%", seconds: 4)]
    }
}
