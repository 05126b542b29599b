import Foundation

/// The root's side of the calibration screen: the scale as usual, plus the
/// wizard's panel. The root turns input into the wizard's actions, lends
/// its reducer the reference reading, and carries out what it asks
/// (Calibration/CalibrationReducer.swift).
extension AppState {
    mutating func openCalibration() {
        // A pad that weighs in grams by itself: the wizard checks its figure
        // with each reference, and a saved fit refines it.
        let device = scale.fit == nil ? scale.deviceGrams : nil
        screen = .calibration(CalibrationWizard(mode: source.mode, deviceGrams: device, calibrated: scale.fit != nil))
    }

    /// The reference object: the heaviest contact on the glass, untared force.
    var reference: ContactView? {
        contactViews.compactMap { view in view.force.map { (view, $0 + view.tare) } }.max { $0.1 < $1.1 }?.0
    }

    mutating func applyOnCalibration(_ event: InputEvent) {
        guard case .calibration(let wizard) = screen else { return }
        let press = PanelPress(
            panel: { $0.calibrationLayout(wizard).panel },
            action: {
                if case .calibration(let action) = $0 { action } else { nil }
            })
        if applyPress(event, press, perform: { $0.perform($1) }) { return }
        switch event.kind {
        case .keyDown(.escape, _):
            perform(CalibrationAction.cancelTapped)
        case .keyDown(.character("w"), _) where wizard.step == .clear:
            perform(.zeroWithCarrierTapped)
        case .keyDown(.character("e"), _) where wizard.step == .clear && wizard.offersEccentricity:
            perform(.eccentricityTapped)
        case .keyDown(let key, _) where wizard.step == .place && (key.digit != nil || key == .character(".")):
            perform(key.digit.map { .digitTyped($0) } ?? .decimalPointTyped)
        case .keyDown(.backspace, _) where wizard.step == .place:
            perform(.backspaceTapped)
        case .keyDown(.enter, _) where wizard.step == .place:
            perform(.captureTapped)
        case .tick:
            scale.advance(to: now)
            guard case .calibration(var wizard) = screen else { return }
            CalibrationWizard.readingSettled(into: &wizard) { reference }
            screen = .calibration(wizard)
        case .keyDown(let key, _) where ScaleAction(key: key) != nil:
            // The scale's keys are not the wizard's: `h` left it and dropped
            // an unsaved fit, space saved a weighing under it (found by hand).
            break
        default:
            applyOnScale(event)
        }
    }

    /// Does what the user asked for in the wizard, when the gate allows it.
    public mutating func perform(_ action: CalibrationAction) {
        guard case .calibration(var wizard) = screen, allows(action.adminWork) else { return }
        let context = CalibrationContext(
            reference: reference, contactsOnGlass: scale.board.contacts.count, device: source.deviceName, role: calibrationRole)
        let requests = CalibrationWizard.reduce(into: &wizard, action: action, context: context)
        screen = .calibration(wizard)
        for request in requests {
            switch request {
            case .close: screen = .scale
            case .clearTares: scale.clearTares()
            case .openEccentricity: openEccentricity()
            case .perform(let effect): outbox.append(effect)
            }
        }
    }

    /// The saved calibration is used from now on.
    /// `logProblem`: why it is not in the calibration log (said for longer).
    mutating func calibrationSaved(_ points: [CalibrationPoint], logProblem: String? = nil) {
        scale.fit = try? CalibrationFit(points: points)
        // The file dropped the eccentricity map with the old points (ConfigFile.saveCalibration).
        scale.gainMap = nil
        refreshButtonPanel()  // grams now: the Preset tare button
        screen = .scale
        guard let logProblem else { return show("Calibration saved for \(source.deviceName)", on: "scale") }
        show("Calibration saved for \(source.deviceName), but not in the calibration log: \(logProblem)", seconds: 10, on: "scale")
    }

    /// The wizard's layout now (the scene and the hit tests share it), with
    /// what the root lends it: the reference's progress, the device's name.
    func calibrationLayout(_ wizard: CalibrationWizard) -> CalibrationLayout {
        var progress: Double?
        if wizard.step == .place, wizard.mass != nil, let reference { progress = reference.stable ? 1 : reference.stableProgress }
        return CalibrationLayout(
            wizard: wizard, size: layout.size, metrics: metrics, title: "Calibrate \(source.deviceName)", progress: progress)
    }

    /// Who is saving a calibration now.
    var calibrationRole: CalibrationRole { kiosk == nil ? .user : .operator }

    /// The footer's due line in the current role (CalibrationDue.line).
    func calibrationDueLine() -> (text: String, color: Color)? {
        guard let days = config.calibrationIntervalDays, source.mode == .force, scale.fit != nil else { return nil }
        let due = CalibrationDue(calibratedAt: calibrationLog[source.deviceName]?.at, intervalDays: days, now: wallClock)
        return due.line(passerBy: kiosk?.role == .passerBy, timeZone: timeZone)
    }
}
