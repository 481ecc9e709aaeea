import CXCB
import Foundation

/// The X server the backend's tests run against: an Xvfb of their own, started once per test
/// process on a free display number, and gone when the process ends (`-terminate` ends it
/// when its last client leaves, and `keeper` stays connected until then).
final class XvfbServer: @unchecked Sendable {
    /// The running server, or why there is none.
    private static let started: (server: XvfbServer?, reason: String) = XvfbServer.start()
    /// The running server, or nil (with `unavailableReason` saying why).
    static var shared: XvfbServer? { started.server }
    static var unavailableReason: String { started.reason }
    /// Whether the tests that need a server can run.
    static var isAvailable: Bool { shared != nil }

    let display: String
    private let process: Process
    /// A connection held for the process's life, so the server outlives every test.
    private let keeper: OpaquePointer

    private init(display: String, process: Process, keeper: OpaquePointer) {
        self.display = display
        self.process = process
        self.keeper = keeper
    }

    private static func start() -> (XvfbServer?, String) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let xvfb = paths.map({ "\($0)/Xvfb" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return (nil, "Xvfb is not installed (apt-get install xvfb); the X11 backend's tests need an X server")
        }
        let first = 70 + Int(getpid() % 100)
        for number in first..<(first + 40) where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xvfb)
            process.arguments = [":\(number)", "-screen", "0", "800x600x24", "-nolisten", "tcp", "-dpi", "96", "-terminate"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { continue }
            // Waits (at most 10 s) for the server to take connections.
            for _ in 0..<200 {
                guard process.isRunning else { break }
                if let c = xcb_connect(":\(number)", nil) {
                    if xcb_connection_has_error(c) == 0 {
                        return (XvfbServer(display: ":\(number)", process: process, keeper: c), "")
                    }
                    xcb_disconnect(c)
                }
                usleep(50_000)
            }
            if process.isRunning { process.terminate() }
        }
        return (nil, "Xvfb did not start on any display from :\(first)")
    }

    /// A connection of the test's own, to look at and poke the server as another client would.
    func connect() -> OpaquePointer {
        let c = xcb_connect(display, nil)!
        precondition(xcb_connection_has_error(c) == 0, "the test server refused a connection")
        return c
    }
}
