/// A pressure pad's own total force (ABS_PRESSURE, `DeviceTotalAxis`) on the
/// scale: the total line shows it, net of its tare, and when the contacts'
/// own readings disagree with it by more than one display step d or 2%,
/// each contact is shown as its share of it (the footer says so).
extension ScaleTotal {
    /// The footer's line when the contacts are shown as shares.
    public static let sharesOfDeviceTotal = "Total from the device; contacts shown as its shares"
}

extension Scale {
    /// Puts the device's total in `total` and, where the contacts disagree
    /// with it, rescales `shown` to its shares. Nothing without a total
    /// from the device, with nothing weighed, or in overload. `mode`: the
    /// source's, in whose terms a force is said.
    func takeDeviceTotal(into total: inout ScaleTotal, shown: inout [ContactView], format: WeightFormat?, mode: ForceMode) {
        guard let device = deviceTotal, total.count > 0, !total.overload, let contactsForce = total.force else { return }
        let net = device - (deviceTotalTare ?? 0)
        let (rawSum, untared) = netRawSum()
        // Smoothed as the contacts are: the device's ratio to their raw sum,
        // applied to their displayed sum (exactly the device's once settled).
        let deviceForce = rawSum > 0 && contactsForce > 0 ? net * contactsForce / rawSum : net
        guard deviceForce.isFinite else { return }
        total.fromDevice = true
        total.force = deviceForce
        var agreement = (device: deviceForce, sum: contactsForce, step: CalibrationFit.Limits.finestStepFraction)
        if let contactsGrams = total.grams, let gramScale, let format {
            let deviceGrams = gramScale.slope * deviceForce + Double(untared) * gramScale.intercept
            guard deviceGrams.isFinite else { return }
            total.grams = deviceGrams
            agreement = (deviceGrams, contactsGrams, format.stepGrams)
            total.label = format.text(grams: deviceGrams) ?? Plum.overloadLabel
        } else {
            total.label = Plum.label(force: deviceForce, mode: mode)
        }
        total.contactsSum = agreement.sum
        let disagree = abs(agreement.device - agreement.sum) > max(agreement.step, 0.02 * abs(agreement.device))
        guard disagree, agreement.device > 0, agreement.sum > 0, contactsForce > 0 else { return }
        total.contactsAsShares = true
        let forceFactor = deviceForce / contactsForce
        let gramsFactor = agreement.device / agreement.sum
        for i in shown.indices where shown[i].weighed {
            shown[i].reading?.displayed *= forceFactor
            shown[i].radius = Plum.radius(force: shown[i].shownForce)
            if shown[i].hasGrams { shown[i].shownGrams *= gramsFactor }
        }
    }
}
