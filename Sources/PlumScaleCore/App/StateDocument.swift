/// The state document of DESIGN.md ("Contracts"): what `render --state`
/// writes, in layout coordinates: landscape window pixels (the core's
/// logical pixels times the UI scale).
extension AppState {
    public func stateDocument() -> JSONValue {
        let u = layout.uiScale
        let size = layout.size
        let scene = scene()
        func px(_ value: Double) -> JSONValue { .rounded(value * u) }
        func rect(_ r: Rect) -> JSONValue { .array([r.x, r.y, r.width, r.height].map(px)) }
        // How each contact's label was placed (LabelPlacer): by its circle,
        // crowded into its own disc where no place kept the rule, or led.
        let drawn = scene.labelGroups.first
        func placement(_ view: ContactView) -> JSONValue {
            guard let drawn, view.label != nil,
                let circle = drawn.circles.firstIndex(where: { $0.center == view.position && $0.radius == view.radius }),
                let label = drawn.labels.first(where: { $0.circle == circle })
            else { return .null }
            return .string(label.leader ? "leader" : label.crowded ? "crowded" : "own")
        }
        let contacts: [JSONValue] = contactViews.map { view in
            .fields([
                ("id", .integer(view.id)),
                ("x", px(view.position.x)),
                ("y", px(view.position.y)),
                ("force", .rounded(view.force)),
                ("radius", px(view.radius)),
                ("label", view.label.map { .string($0) } ?? .null),
                ("label_place", placement(view)),
                ("heaviest", .bool(view.heaviest)),
                ("grams", .rounded(view.grams)),
                ("tare", .rounded(view.tare)),
                ("stable", .bool(view.stable)),
                ("tied", .bool(view.tied)),
                ("overload", .bool(view.overload)),
                ("share", .rounded(view.share)),
                ("net", .bool(view.net)),
                ("fading", .bool(view.fading)),
                ("below_min", .bool(view.belowMin)),
                ("pieces", view.pieces.map { .integer($0) } ?? .null),
                ("verdict", view.verdict.map { .string($0.rawValue) } ?? .null),
                ("percent", .rounded(view.percent)),
                ("eccentricity_gain", .rounded(view.eccentricityGain)),
            ])
        }
        let elements: [JSONValue] = scene.elements.map { element in
            .fields([
                ("kind", .string(element.kind.rawValue)),
                element.kind == .row ? ("id", .integer(Int(element.weighingID ?? 0))) : ("name", .string(element.name)),
                ("rect", rect(element.rect)),
            ])
        }
        let texts: [JSONValue] = scene.texts(metrics).map { .fields([("text", .string($0.text)), ("rect", rect($0.rect))]) }
        let peek = screen.browser?.peek
        let noticeRect: JSONValue = scene.notice.map { rect($0) } ?? .null
        let fit = scale.fit
        // Beside `grams_from` (a string, kept): why grams come from there, or why none.
        let gramsReason: JSONValue = .string(GramsOrigin.of(source, fit: fit).reason)
        let deviceKind: JSONValue = source.category.map { .string($0.rawValue) } ?? .null
        let calibration: JSONValue = .fields(
            [
                ("device", .string(source.deviceName)),
                ("calibrated", .bool(fit != nil)),
                // From 3 points on: a line fits any 2 (R² 1 says nothing then).
                ("r2", .rounded(fit?.linearityChecked == true ? fit?.rSquared : nil)),
                ("max_residual_g", .rounded(fit?.linearityChecked == true ? fit?.maxResidualGrams : nil)),
                ("grams_from_reason", gramsReason),
            ] + weighingCalibrationFields)
        return .fields([
            ("size", .array([px(size.width), px(size.height)])),  // Int(_:) traps beyond Int.max
            ("ui_scale", .rounded(u)),
            ("rotation", .integer(layout.rotation)),
            ("screen", .string(screen.name)),
            ("mode", .string(source.mode.rawValue)),
            ("source", .string(source.kind)),
            ("device", .string(source.deviceName)),
            ("device_kind", deviceKind),
            ("prompt", scale.isEmpty && source.refusal == nil && screen.eccentricity == nil ? .string(Plum.prompt) : .null),
            ("contacts", .array(contacts)),
            ("surface", surfaceRect.map(rect) ?? .null),
            (
                "peek",
                .fields([
                    ("phase", .string(peek?.phase.rawValue ?? PeekPhase.none.rawValue)),
                    ("row", peek?.row.map { .integer(Int($0)) } ?? .null),
                    ("progress", .rounded(peek?.progress ?? 0)),
                ])
            ),
            ("elements", .array(elements)),
            ("texts", .array(texts)),
            ("notice", visibleNotice.map { .string($0.text) } ?? .null),
            ("notice_rect", noticeRect),
            ("calibration", calibration),
            ("units", .string(units.rawValue)),
            ("total", totalDocument),
            ("kiosk", .bool(kiosk != nil)),
            ("role", kiosk.map { .string($0.role.rawValue) } ?? .null),
            ("running", .bool(running)),
            ("fleet", fleet?.document ?? .null),
            ("wizard", wizardDocument),
            ("carrier", carrierDocument),
            ("indicator", indicatorDocument),
            ("scale_mode", .string(scaleMode.name)),
            ("product", functions.productDocument(format: gramFormat ?? .tenthGram)),
            ("products", functions.productsDocument),
            ("product_entry", functions.productEntryDocument),
            ("count_sample", functions.countSampleDocument),
            ("detail", detailDocument),
            ("eccentricity", EccentricityRun.document(gains: scale.gainMap, run: screen.eccentricity)),
        ])
    }
}

extension AppState {
    /// The wizard's state on the calibration screen, null on the others.
    var wizardDocument: JSONValue { screen.wizard?.document ?? .null }
}

extension CalibrationWizard {
    /// The device's figure for the last reference, null without grams of its own.
    var deviceCheckDocument: JSONValue {
        guard let check = deviceCheck else { return .null }
        return .fields([
            ("reference_grams", .rounded(check.referenceGrams)),
            ("device_grams", .rounded(check.deviceGrams)),
            ("step", .rounded(check.stepGrams)),
            ("within_step", .bool(check.withinStep)),
        ])
    }

    /// `wizard`: {"step", "typed", "capture_requested", "points":
    /// [{"force", "grams"}]}, the zero point included.
    var document: JSONValue {
        .fields([
            ("step", .string(step.rawValue)),
            ("typed", .string(massText)),
            ("capture_requested", .bool(captureRequested)),
            ("carrier_force", .rounded(carrierForce)),
            ("device_check", deviceCheckDocument),
            ("points", .array(points.map { .fields([("force", .rounded($0.force)), ("grams", .rounded($0.grams))]) })),
        ])
    }
}

/// The weighing's additions to the state document (issue 15): the total,
/// and what the calibration is worth.
extension AppState {
    /// `total`: {"count", "grams", "force", "overload", "label", "text",
    /// "from_device", "contacts_sum", "contacts_as_shares"}: with a pressure
    /// pad's own total (DeviceTotal.swift), grams and force are the
    /// device's, `contacts_sum` the contacts' own sum (grams, else force).
    var totalDocument: JSONValue {
        let total = scaleTotal
        return .fields([
            ("count", .integer(total.count)),
            ("grams", .rounded(total.overload ? nil : total.grams)),
            ("force", .rounded(total.force)),
            ("overload", .bool(total.overload)),
            ("label", total.label.map { .string($0) } ?? .null),
            ("text", total.line.map { .string($0) } ?? .null),
            ("from_device", .bool(total.fromDevice)),
            ("contacts_sum", .rounded(total.contactsSum)),
            ("contacts_as_shares", .bool(total.contactsAsShares)),
        ])
    }

    /// In `calibration`: the points, whether R² means anything (3 points
    /// on), whether zero is a point, where grams come from, and the display
    /// step d in the units (null without grams).
    var weighingCalibrationFields: [(String, JSONValue)] {
        let fit = scale.fit
        let gramScale = scale.gramScale
        return [
            ("points", fit.map { .integer($0.pointCount) } ?? .null),
            ("linearity_checked", .bool(fit?.linearityChecked ?? false)),
            ("zero_point", .bool(fit?.hasZeroPoint ?? false)),
            ("grams_from", gramScale.map { .string($0.origin.rawValue) } ?? .null),
            ("step", .rounded(gramScale.map { WeightFormat(unit: units, stepGrams: $0.stepGrams).step })),
            ("logged_at", calibrationLog[source.deviceName].map { .string($0.isoTime) } ?? .null),
            ("log_id", calibrationLog[source.deviceName].map { .integer(Int($0.id)) } ?? .null),
            ("due", calibrationDueLine().map { .string($0.text) } ?? .null),
        ]
    }

    /// `detail`: on the detail screen with its weighing loaded, {"id",
    /// "calibration_id", "calibrated_at"} (the calibration log's row its grams
    /// came from, nulls without one); null elsewhere.
    var detailDocument: JSONValue {
        guard let weighing = screen.detail?.weighing else { return .null }
        return .fields([
            ("id", weighing.id.map { .integer(Int($0)) } ?? .null),
            ("calibration_id", weighing.calibration.map { .integer(Int($0.id)) } ?? .null),
            ("calibrated_at", weighing.calibration.map { .string($0.isoTime) } ?? .null),
        ])
    }
}
