import CXCB
import Foundation
import Testing

extension X11ServerTests {
    /// The gallery app run as a user runs it (`lamina-demo --window`, the package's own
    /// executable, built beside the tests): its window opens on the server, and closing it —
    /// as a window manager's close button does — ends the process normally.
    @Suite struct X11AppTests {
        let server = XvfbServer.shared!

        /// The built `lamina-demo`, beside the test bundle.
        static var demo: URL? {
            let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("lamina-demo") }
            return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        @Test(.enabled(if: X11AppTests.demo != nil, "lamina-demo is not built beside the tests"))
        func closingTheLastWindowEndsTheApp() async throws {
            let probe = X11Probe(server)
            let process = Process()
            process.executableURL = try #require(X11AppTests.demo)
            process.arguments = ["--window"]
            // Lamina's own settings are left out: other suites set some in this process for a
            // moment (LAMINA_EXIT_AFTER_LAUNCH ended the app after its first frame).
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LAMINA_") }
            environment["DISPLAY"] = server.display
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            var windows: [xcb_window_t] = []
            for _ in 0..<2000 where windows.isEmpty {
                windows = probe.windows(named: "Lamina gallery")
                if windows.isEmpty { usleep(10_000) }
            }
            let window = try #require(windows.first, "the app's window opened")
            #expect(probe.size(window)! == (560, 600))
            probe.requestClose(window)
            for _ in 0..<500 where process.isRunning { usleep(10_000) }
            #expect(!process.isRunning, "the app ended")
            #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        }

        /// The lists page live: its long table and its photo grid scroll under the wheel and
        /// under a drag, as a user scrolls them.
        @Test(.enabled(if: X11AppTests.demo != nil, "lamina-demo is not built beside the tests"))
        func theListsPageScrollsByWheelAndDrag() async throws {
            let probe = X11Probe(server)
            let process = Process()
            process.executableURL = try #require(X11AppTests.demo)
            process.arguments = ["--window"]
            // Lamina's own settings are left out: other suites set some in this process for a
            // moment (LAMINA_EXIT_AFTER_LAUNCH ended the app after its first frame).
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LAMINA_") }
            environment["DISPLAY"] = server.display
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            // The app's messages are kept, to say why if a page never shows.
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-gallery-\(UUID().uuidString).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
            defer { try? FileManager.default.removeItem(at: log) }
            try process.run()
            var windows: [xcb_window_t] = []
            for _ in 0..<2000 where windows.isEmpty {
                windows = probe.windows(named: "Lamina gallery")
                if windows.isEmpty { usleep(10_000) }
            }
            // Closed as a user closes it; killed if it will not go (a child started from a
            // test thread may inherit a mask that blocks SIGTERM).
            defer {
                if let window = windows.first { probe.requestClose(window) }
                for _ in 0..<300 where process.isRunning { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
            let window = try #require(windows.first, "the app's window opened")
            // The window is 560 × 600 at 1×: a 76-point bar over the page, which (720 × 420)
            // is scaled by 560/720 and centred, so the long table's phone spans about
            // x 193…367, y 184…492 and the photo grid's x 376…550.
            func region(_ x: Int) -> [UInt32] { probe.pixels(window, x: x, y: 200, width: 150, height: 260) }
            // Waits are generous and page changes are awaited until the screen is still:
            // under a loaded machine (the whole suite runs beside this) a page's transition
            // can take seconds, and a press counted before the last one settled skips a page.
            func waitForChange(from old: [UInt32], at x: Int) -> [UInt32]? {
                for _ in 0..<1500 {
                    usleep(10_000)
                    let now = region(x)
                    if now != old { return now }
                }
                return nil
            }
            func waitUntilStill(at x: Int) -> [UInt32] {
                var last = region(x)
                var stillFor = 0
                for _ in 0..<1500 where stillFor < 40 {
                    usleep(10_000)
                    let now = region(x)
                    if now == last { stillFor += 1 } else { stillFor = 0; last = now }
                }
                return last
            }
            // The app has drawn its first page (a window shows black until then), and settled;
            // then it has the focus and takes keys.
            for _ in 0..<1500 where !region(205).contains(where: { $0 & 0xFFFFFF != 0 }) { usleep(10_000) }
            var shown = waitUntilStill(at: 205)
            probe.focus(window, gained: true)
            usleep(200_000)
            // ← from the first page wraps to the last (AppKit), ← again: the controls, and
            // once more: the lists.
            for press in 0..<3 {
                // A press that changed nothing in 15 s was not taken (the app was not yet
                // listening, on a loaded machine): it is pressed again, at most twice.
                var changed: [UInt32]?
                for attempt in 0..<3 where changed == nil {
                    // Focus is given again first: a focus change the server made meanwhile
                    // (another suite's window closing) leaves the app without the keyboard.
                    if attempt > 0 { probe.focus(window, gained: true) }
                    let time = UInt32(1000 + press * 100 + attempt * 20)
                    probe.key(window, press: true, keycode: 113, time: time)
                    probe.key(window, press: false, keycode: 113, time: time + 10)
                    changed = waitForChange(from: shown, at: 205)
                }
                let messages = (try? String(contentsOf: log, encoding: .utf8))?.suffix(600) ?? ""
                _ = try #require(changed, "page \(press + 1) to the left showed (app running: \(process.isRunning)\(process.isRunning ? "" : ", ended by \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)"); its last messages: \(messages))")
                shown = waitUntilStill(at: 205)
            }
            var table = shown
            // Three wheel notches down over the long table.
            for notch in 0..<3 {
                let time = UInt32(2000 + notch * 40)
                probe.button(window, press: true, button: 5, x: 280, y: 340, time: time)
                probe.button(window, press: false, button: 5, x: 280, y: 340, state: 0x1000, time: time + 1)
            }
            table = try #require(waitForChange(from: table, at: 205), "the wheel scrolled the table")
            table = waitUntilStill(at: 205)
            // A drag up by 150 pixels.
            probe.button(window, press: true, x: 280, y: 420, time: 4000)
            for step in 1...10 {
                probe.motion(window, x: 280, y: 420 - step * 15, state: 0x100, time: UInt32(4000 + step * 16))
            }
            probe.button(window, press: false, x: 280, y: 270, state: 0x100, time: 4200)
            #expect(waitForChange(from: table, at: 205) != nil, "the drag scrolled the table")
            // The photo grid under the wheel.
            let grid = waitUntilStill(at: 390)
            probe.button(window, press: true, button: 5, x: 460, y: 340, time: 6000)
            probe.button(window, press: false, button: 5, x: 460, y: 340, state: 0x1000, time: 6001)
            #expect(waitForChange(from: grid, at: 390) != nil, "the wheel scrolled the photo grid")
        }
    }
}
