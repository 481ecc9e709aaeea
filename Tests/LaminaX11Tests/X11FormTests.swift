import CXCB
import Foundation
@testable import LaminaX11
import Testing

extension X11ServerTests {
    /// The settings app of the gallery, live in its window and driven as a user drives it:
    /// a click pushes the profile form, typing edits a field, return moves to the next one,
    /// copy and paste cross to another X client through the CLIPBOARD selection, and Sign Out
    /// asks in an alert that a click dismisses. The app reports what happens on standard
    /// output (`LAMINA_GALLERY_LOG=1`), including where its named controls are.
    @Suite struct X11FormTests {
        let server = XvfbServer.shared!

        /// The app's output lines as they arrive.
        final class Lines: @unchecked Sendable {
            private let lock = NSLock()
            private var lines: [String] = []
            private var partial = ""

            func take(_ data: Data) {
                lock.withLock {
                    partial += String(decoding: data, as: UTF8.self)
                    while let newline = partial.firstIndex(of: "\n") {
                        lines.append(String(partial[..<newline]))
                        partial = String(partial[partial.index(after: newline)...])
                    }
                }
            }

            var all: [String] { lock.withLock { lines } }

            /// Waits (up to 20 s: the rest of the suite may be loading the machine) for a line
            /// after index `from` that satisfies `match`; returns its index and text.
            func wait(after from: Int = -1, _ match: (String) -> Bool) -> (index: Int, line: String)? {
                for _ in 0..<2000 {
                    let now = all
                    if let found = now.indices.first(where: { $0 > from && match(now[$0]) }) { return (found, now[found]) }
                    usleep(10_000)
                }
                return nil
            }

            /// The position of the target `name` reported after line `from`.
            func target(_ name: String, after from: Int) -> (x: Int, y: Int)? {
                guard let (_, line) = wait(after: from, { $0.hasPrefix("target \(name) ") }) else { return nil }
                let parts = line.split(separator: " ")
                guard parts.count == 4, let x = Int(parts[2]), let y = Int(parts[3]) else { return nil }
                return (x, y)
            }
        }

        @Test(.enabled(if: X11AppTests.demo != nil, "lamina-demo is not built beside the tests"))
        func theSettingsFormTakesClicksTypingAndTheClipboard() throws {
            let probe = X11Probe(server)
            let other = try #require(X11Backend(displayName: server.display), "a second X client")
            let process = Process()
            process.executableURL = try #require(X11AppTests.demo)
            process.arguments = ["--window"]
            // Lamina's own settings are left out: other suites set some in this process for a
            // moment (LAMINA_EXIT_AFTER_LAUNCH ended the app after its first frame).
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LAMINA_") }
            environment["DISPLAY"] = server.display
            environment["LAMINA_GALLERY_LOG"] = "1"
            process.environment = environment
            let output = Pipe()
            let lines = Lines()
            output.fileHandleForReading.readabilityHandler = { lines.take($0.availableData) }
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var windows: [xcb_window_t] = []
            for _ in 0..<500 where windows.isEmpty {
                windows = probe.windows(named: "Lamina gallery")
                if windows.isEmpty { usleep(10_000) }
            }
            defer {
                if let window = windows.first { probe.requestClose(window) }
                for _ in 0..<300 where process.isRunning { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                output.fileHandleForReading.readabilityHandler = nil
            }
            let window = try #require(windows.first, "the app's window opened")
            var time: UInt32 = 1000
            func click(_ point: (x: Int, y: Int)) {
                probe.button(window, press: true, x: point.x, y: point.y, time: time)
                probe.button(window, press: false, x: point.x, y: point.y, state: 0x100, time: time + 60)
                time += 600
            }
            /// Presses an evdev key (+8) with `state` modifiers (1 shift, 4 control).
            func key(_ keycode: UInt8, state: UInt16 = 0) {
                probe.key(window, press: true, keycode: keycode, state: state, time: time)
                probe.key(window, press: false, keycode: keycode, state: state, time: time + 30)
                time += 60
                usleep(20_000)
            }
            probe.focus(window, gained: true)
            _ = try #require(lines.wait { $0 == "page 1-clock" }, "the first page showed")
            // ← from the first page wraps to the last (AppKit); ← again: the settings app.
            key(113)
            let last = try #require(lines.wait { $0 == "page 19-appkit" }, "the AppKit page showed")
            key(113)
            let page = try #require(lines.wait(after: last.index) { $0 == "page 18-controls" }, "the settings page showed")
            let row = try #require(lines.target("profile-row", after: page.index), "the profile row is on screen")
            click(row)
            let shown = try #require(lines.wait(after: page.index) { $0 == "shown Profile" }, "the form was pushed")
            let name = try #require(lines.target("name-field", after: shown.index))
            let email = try #require(lines.target("email-field", after: shown.index))
            let signOut = try #require(lines.target("sign-out-row", after: shown.index))
            click(name)
            _ = try #require(lines.wait { $0 == "editing Name" }, "the name field began editing")
            // Control-A selects the name, then "Grace" replaces it.
            key(38, state: 4)
            for (code, state) in [(42, 1), (27, 0), (38, 0), (54, 0), (26, 0)] as [(UInt8, UInt16)] { key(code, state: state) }
            #expect(lines.wait { $0 == "Name: Grace" } != nil, "typing replaced the name")
            // Copied here, pasted by another X client.
            key(38, state: 4)
            key(54, state: 4)
            var copied: String?
            for _ in 0..<100 where copied != "Grace" {
                copied = other.clipboardText()
                if copied != "Grace" { usleep(20_000) }
            }
            #expect(copied == "Grace", "the copy reached the CLIPBOARD selection")
            // Return goes on to the email field; text copied in the other client pastes there.
            key(36)
            _ = try #require(lines.wait { $0 == "editing Email" }, "return moved to the email field")
            other.setClipboardText("grace@example.com")
            key(55, state: 4)
            #expect(lines.wait { $0 == "Email: grace@example.com" } != nil, "the other client's text was pasted")
            // Sign Out asks first; Cancel keeps the form.
            click(signOut)
            let asked = try #require(lines.wait { $0 == "presented Sign Out?" }, "the alert showed")
            let cancel = try #require(lines.target("button-Cancel", after: asked.index))
            click(cancel)
            #expect(lines.wait { $0 == "alert Cancel" } != nil, "Cancel dismissed the alert")
        }
    }
}
