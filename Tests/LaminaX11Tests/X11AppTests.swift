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
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = server.display
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            var windows: [xcb_window_t] = []
            for _ in 0..<500 where windows.isEmpty {
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
    }
}
