import Foundation
import Testing

@testable import PlumScale
@testable import PlumScaleCore
@testable import PlumScaleShellTestSupport
@testable import PlumScaleTestSupport

/// The window's store work on its own thread: done in the order asked,
/// answered through the queue, and all of it done before `finish` returns,
/// so a weighing asked to be saved as the program ends is saved.
@Suite struct StoreThreadTests {
    @Test func theWorkIsDoneInOrderAndAllOfItBeforeTheEnd() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("h.sqlite3").path
        let store = StoreThread(history: try HistoryService(path: path, configPath: nil))
        let objects = sampleWeighing().objects
        for _ in 0..<20 { store.submit(.save(device: "panel", mode: .force, objects: objects, units: .g, step: nil)) }
        store.submit(.loadRows(page: 0, after: nil, limit: 5))
        store.finish()
        store.finish()  // a second finish returns at once
        let answers = store.answers.drain()
        #expect(answers.count == 21)
        #expect(Array(answers.prefix(20)) == (1...20).map { HistoryResult.saved(id: Int64($0)) })
        guard case .rows(0, let rows, _)? = answers.last else {
            Issue.record("no page of rows last: \(String(describing: answers.last))")
            return
        }
        #expect(rows.map(\.id) == [20, 19, 18, 17, 16])
        #expect(try HistoryStore(path: path).rows(before: nil, limit: 100).count == 20, "every weighing saved")
    }

    /// The window's runner hands the store's work to the thread and feeds
    /// the answers back as events: the notice says the weighing was saved
    /// once its answer came, as `render` says at once.
    @Test func theWindowsRunnerFeedsTheAnswersAsTheyCome() throws {
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let history = try HistoryService(path: dir.appendingPathComponent("h.sqlite3").path, configPath: nil)
        let store = StoreThread(history: history)
        let runner = EffectRunner(history: history, lockoutFile: nil, systemd: nil, log: nil, store: store)
        var state = AppState(screen: Size(1280, 720), source: .replay(ReplayDevice(name: "panel", mode: .force)))
        runner.feed(InputEvent(time: 0, .touchDown(TouchSample(id: 1, x: 0.4, y: 0.5, pressure: 0.4))), to: &state)
        runner.feed(InputEvent(time: 2, .tick), to: &state)
        runner.feed(InputEvent(time: 2.1, .keyDown(.space, modifiers: [])), to: &state)
        #expect(state.notice?.text.contains("Saved") != true, "nothing is said saved before the store answers")
        store.finish()
        for answer in store.answers.drain() { runner.feed(InputEvent(time: 2.2, .history(answer)), to: &state) }
        #expect(state.notice?.text.contains("Saved weighing #1") == true, "\(String(describing: state.notice))")
    }
}
