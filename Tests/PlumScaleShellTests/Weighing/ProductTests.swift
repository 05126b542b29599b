import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// Check-weighing's products (issue 28): limits saved under a name in the
/// config (`products`), picked with `o`, typed and saved with `l`, and the
/// product's name kept with each weighing. The calibration is
/// TestPanel's: grams = 100 × force, d = 0.1 g.
@Suite struct ProductTests {
    let rules = PanelReplay()
    static let check = #""scaleMode": {"mode":"check","low":10,"high":20}"#
    static let products = #""products": {"Apples": {"low": 30, "high": 40}, "Plums": {"low": 5, "high": 8}}"#

    func config(_ extra: String = ProductTests.products) throws -> Config {
        try TestPanel.config(Self.check + (extra.isEmpty ? "" : ", " + extra))
    }

    func key(_ key: Key, _ state: inout AppState, at t: Double, modifiers: Modifiers = []) -> [Effect] {
        state.apply(InputEvent(time: t, .keyDown(key, modifiers: modifiers)))
    }

    func type(_ text: String, _ state: inout AppState, at t: Double) {
        for (i, c) in text.enumerated() {
            let upper = c.isUppercase
            _ = key(
                c == " " ? .space : .character(Character(c.lowercased())), &state, at: t + Double(i) / 100, modifiers: upper ? .shift : [])
        }
    }

    @Test func theConfigKeepsTheProductsInTheFilesOrder() throws {
        let config = try config()
        #expect(config.products.map(\.name) == ["Apples", "Plums"])
        #expect(config.products.first == Product(name: "Apples", low: 30, high: 40))
        // `config check` writes them back, and they parse to the same.
        #expect(try Config.parse(config.describe()) == config)
        #expect(Config.defaults.json["products"] == nil)
    }

    @Test(arguments: [
        (#""products": {"A": {"low": 20, "high": 10}}"#, "line 2: products.\"A\".high: must be at least low (20), got 10"),
        (#""products": {"A": {"low": 1}}"#, "products.\"A\".high: missing: the upper limit in grams"),
        (#""products": {"A": {"low": 1, "high": 2, "pieces": 3}}"#, "products.\"A\".pieces: unknown key"),
        (#""products": {"": {"low": 1, "high": 2}}"#, "a product's name must not be empty"),
        (#""products": {"A": {"low": -1, "high": 2}}"#, "products.\"A\".low: must be in grams, at least 0"),
        (#""products": []"#, "products: expected an object"),
    ])
    func badProductsAreNamedWithTheirLine(products: String, expected: String) {
        let text = "{\n" + products + ",\n" + Self.check + "}"
        #expect {
            try Config.parse(text, file: "config.json")
        } throws: { error in
            let said = "\(error)"
            return said.contains("config.json") && said.contains(expected) && said.contains("line 2")
        }
    }

    @Test func productsNeedACheckMode() {
        #expect {
            try Config.parse("{\n" + Self.products + "\n}", file: "config.json")
        } throws: { error in "\(error)".contains("products: products are picked in check-weighing") }
    }

    @Test func oPicksEachProductThenTheConfigsLimits() throws {
        var s = try rules.state([rules.down(0, 1, 0.5, 0.35)], at: 2, config: config())
        _ = key(.character("o"), &s, at: 2.1)
        #expect(s.product == "Apples" && s.scaleMode == .check(low: 30, high: 40))
        #expect(s.contactViews.first?.verdict == .ok)
        #expect(s.scene().texts(s.metrics).map(\.text).contains { $0.hasPrefix("Apples · Check 30.0 g to 40.0 g · total OK") })
        _ = key(.character("o"), &s, at: 2.2)
        #expect(s.product == "Plums" && s.contactViews.first?.verdict == .over)
        _ = key(.character("o"), &s, at: 2.3)
        #expect(s.product == nil && s.scaleMode == .check(low: 10, high: 20))
        // The state document names the product in use.
        _ = key(.character("o"), &s, at: 2.4)
        let document = try rules.document(s)
        let product = try #require(document["product"] as? [String: Any])
        #expect(product["name"] as? String == "Apples" && product["low"] as? Double == 30)
        #expect(document["products"] as? [String] == ["Apples", "Plums"])
        // Another mode forgets it.
        _ = key(.character("m"), &s, at: 2.5)
        #expect(s.product == nil && s.scaleMode == .weigh)
    }

    @Test func lTypesLimitsAndANameAndSavesThem() throws {
        var s = try rules.state([rules.down(0, 1, 0.5, 0.35)], at: 2, config: config(""))
        _ = key(.character("l"), &s, at: 2.1)
        // Offered as in use: the lower limit first.
        #expect(s.numberPadEntry?.typed == "10.0")
        for _ in 0..<4 { _ = key(.backspace, &s, at: 2.2) }
        type("32", &s, at: 2.3)
        _ = key(.enter, &s, at: 2.4)
        #expect(s.functions.productEntry?.stage == .high && s.functions.productEntry?.typed == "20.0")
        // An upper limit under the lower is typed again.
        _ = key(.enter, &s, at: 2.5)
        #expect(s.functions.productEntry?.stage == .high && s.functions.productEntry?.typed == "")
        type("36.5", &s, at: 2.6)
        _ = key(.enter, &s, at: 2.7)
        #expect(s.functions.productEntry?.stage == .name)
        type("Green Pears", &s, at: 2.8)
        let effects = key(.enter, &s, at: 3)
        let saved = Product(name: "Green Pears", low: 32, high: 36.5)
        #expect(effects == [.saveProduct(saved)])
        #expect(s.products == [saved] && s.product == "Green Pears" && s.scaleMode == saved.mode)
        // A weighing keeps its name; back to the config's limits, none.
        guard case .save(_, _, _, _, _, .check(32, 36.5), let product)? = key(.space, &s, at: 3.1).first else {
            Issue.record("nothing saved")
            return
        }
        #expect(product == "Green Pears")
        _ = key(.character("o"), &s, at: 3.2)
        guard case .save(_, _, _, _, _, _, let none)? = key(.space, &s, at: 3.3).first else {
            Issue.record("nothing saved")
            return
        }
        #expect(none == nil)
    }

    @Test func aNameNeverTypedIsProductN() throws {
        var s = try rules.state([], at: 1, config: config())
        _ = key(.character("l"), &s, at: 1.1)
        _ = key(.enter, &s, at: 1.2)
        _ = key(.enter, &s, at: 1.3)
        #expect(s.numberPadEntry?.title.contains("Product 3") == true)
        #expect(key(.enter, &s, at: 1.4) == [.saveProduct(Product(name: "Product 3", low: 10, high: 20))])
        // Esc at any step leaves the limits as they were.
        _ = key(.character("l"), &s, at: 2)
        _ = key(.escape, &s, at: 2.1)
        #expect(s.functions.productEntry == nil && s.product == "Product 3" && s.running)
    }

    @Test func aPasserByCannotPickOrSaveAProduct() throws {
        var s = AppState(
            screen: Size(1280, 720), source: .replay(ReplayDevice(name: "test panel", mode: .force)), config: try config(), kiosk: true)
        _ = key(.character("o"), &s, at: 1)
        _ = key(.character("l"), &s, at: 1.1)
        #expect(s.product == nil && s.functions.productEntry == nil)
        #expect(!s.scaleButtons.contains { $0.action == .productTapped || $0.action == .newProductTapped })
    }

    @Test func theStoreKeepsTheProductAndTheExportsCarryIt() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let store = try HistoryStore(path: dir.database)
        var weighing = Weighing(
            takenAt: Date(timeIntervalSince1970: 1_700_000_000), device: "p", mode: "force",
            objects: [WeighedObject(index: 0, x: 1, y: 2, force: 0.3, grams: 30, stable: true, verdict: .ok)],
            scaleMode: .check(low: 30, high: 40))
        weighing.product = "Apples, red"
        let id = try store.save(weighing)
        let back = try #require(try store.weighing(id: id))
        #expect(back.product == "Apples, red")
        #expect(HistoryExport.csvLines(back).hasSuffix(",check,ok,\"Apples, red\"\r\n"))
        #expect(HistoryExport.jsonObjects(back).first?.hasSuffix(#""product":"Apples, red"}"#) == true)
        #expect(FleetPayload.weighing(station: "s", id: id, uuid: "u", back).contains(#""product":"Apples, red""#))
        weighing.product = nil
        let plain = try #require(try store.weighing(id: try store.save(weighing)))
        #expect(plain.product == nil && HistoryExport.csvLines(plain).hasSuffix(",check,ok,\r\n"))
    }

    /// Saved in the config file: after the others, or in place of one of
    /// its name; every other key as it was, and `config check` reads it back.
    @Test func theConfigFileKeepsASavedProduct() throws {
        let dir = ScratchDirectory()
        defer { dir.remove() }
        let path = dir.path + "/config.json"
        try Data(("{" + Self.check + ", " + Self.products + ", \"units\": \"oz\"}").utf8).write(to: URL(fileURLWithPath: path))
        try ConfigFile.saveProduct(Product(name: "Pears", low: 1, high: 2), to: path)
        try ConfigFile.saveProduct(Product(name: "Apples", low: 31, high: 41), to: path)
        let loaded = try ConfigFile.load(explicitPath: path).config
        #expect(loaded.products.map(\.name) == ["Apples", "Plums", "Pears"])
        #expect(loaded.products.first == Product(name: "Apples", low: 31, high: 41))
        #expect(loaded.units == .oz && loaded.scaleModes == [.check(low: 10, high: 20)])
        #expect(throws: ConfigError.self) { try ConfigFile.saveProduct(Product(name: "", low: 1, high: 2), to: path) }
    }
}
