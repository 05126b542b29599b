import Foundation
import Testing
@testable import PlumScale
@testable import PlumScaleCore

/// The kiosk's shell side with the real binary under Xvfb: a fullscreen
/// window (checked by the X server's own geometry, not only SDL's word), no
/// cursor, and SIGTERM / SIGINT ending it cleanly with exit code 0.
@Suite(.serialized) struct KioskWindowTests {
    @Test func kioskIsFullscreenWithoutACursor() throws {
        // A screen size that is neither the default window size nor its aspect.
        let x = try Xvfb(width: 1024, height: 768)
        let dir = Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("kiosk.png")
        let err = dir.appendingPathComponent("err").path
        let app = try Spawned(
            Paths.binary.path, ["--kiosk", "--allow-root", "--source", "mouse", "--screenshot", shot.path, "--exit-after", "3"],
            environment: x.environment, stderr: err)
        let window = try x.waitForWindow(of: app, stderr: err)
        // The X server's view: the window covers the whole screen (asked
        // until it does, for at most 5 s, then checked below).
        var geometry = ""
        _ = try? waitFor("the kiosk window to cover the screen", timeout: 5) { () -> Bool? in
            geometry = try x.xdotool(["getwindowgeometry", window])
            return geometry.contains("Position: 0,0") && geometry.contains("Geometry: 1024x768") ? true : nil
        }
        let status = app.wait(timeout: 30)
        let log = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(log)")
        #expect(geometry.contains("Position: 0,0"), "\(geometry)")
        #expect(geometry.contains("Geometry: 1024x768"), "\(geometry)")
        // The frame is the screen's size.
        let image = try Image.load(shot.path)
        #expect(image.width == 1024 && image.height == 768)
        // SDL's own answer to SDL_ShowCursor(SDL_QUERY), and the screensaver.
        #expect(log.contains("plumscale: info: kiosk: fullscreen 1024x768, cursor hidden, screensaver inhibited"), "\(log)")
    }

    @Test(.serialized, arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func signalEndsTheKioskCleanly(signal: Int32, name: String) throws {
        // Under a full parallel run the program has, rarely, found no X
        // server behind a freshly answered Xvfb (always right after the other
        // case). That is the harness, not the signal handling under test: start
        // again on a new Xvfb, at most twice, and say so.
        for attempt in 1...3 {
            let x = try Xvfb(width: 800, height: 600)
            let dir = Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let err = dir.appendingPathComponent("err").path
            let app = try Spawned(
                Paths.binary.path, ["--kiosk", "--allow-root", "--source", "mouse", "--exit-after", "30"], environment: x.environment,
                stderr: err)
            do {
                _ = try x.waitForWindow(of: app, stderr: err)
            } catch let failure as WaitFailure {
                if attempt < 3, app.wait(timeout: 5) != nil,
                    ((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").contains("no display")
                {
                    print("KioskWindowTests: \(name) attempt \(attempt): the program found no X server; starting again")
                    continue
                }
                throw failure
            }
            let sent = Date()
            kill(app.pid, signal)
            let status = app.wait(timeout: 10)
            let log = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            #expect(status == 0, "exit status after \(name): \(String(describing: status)); \(log)")
            #expect(Date().timeIntervalSince(sent) < 5, "it ended at once, not at --exit-after")
            #expect(log.contains("plumscale: info: \(name) received: quitting"), "\(log)")
            #expect(!log.contains("error"), "\(log)")
            return
        }
    }
}
