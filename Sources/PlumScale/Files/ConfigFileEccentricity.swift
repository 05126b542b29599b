import Foundation
import PlumScaleCore

extension ConfigFile {
    /// Stores the eccentricity test's gain map with the calibration of
    /// `device` (`calibrations.<device>.eccentricity`), or removes it when
    /// `map` is nil, keeping every other key as it was. The device must have
    /// a calibration in the file: the map corrects its grams.
    public static func saveEccentricity(_ map: GainMap?, device: String, to path: String) throws(ConfigError) {
        let devicePath = ConfigKeyPath.root.key("calibrations").quotedKey(device)
        if let map, let place = EccentricityTest.Place.allCases.first(where: { !EccentricityTest.gains.contains(map.gains[$0] ?? .nan) }) {
            throw ConfigError(
                file: path,
                issues: [ConfigIssue(path: devicePath.key("eccentricity").key(place.rawValue).text, message: "a gain from 0.5 to 2")])
        }
        var root = try editableRoot(at: path)
        guard let calibrations = root["calibrations"], case .object = calibrations,
            let calibration = calibrations[device], case .object(let members) = calibration
        else {
            throw ConfigError(file: path, issues: [ConfigIssue(path: devicePath.text, message: "no calibration of this device to correct")])
        }
        let corrected =
            map.map { calibration.setting("eccentricity", to: Config.eccentricityJSON($0)) }
            ?? .object(members.filter { $0.key != "eccentricity" })
        root = root.setting("calibrations", to: calibrations.setting(device, to: corrected))
        try writeAtomically(root.pretty() + "\n", to: path)
    }
}
