import Foundation

/// Scripted input for a headless run (`LAMINA_SCRIPT=input.json`, `lamina run --script`): a
/// JSON array of events, each at a time in seconds after launch:
///
/// ```json
/// [
///   {"at": 0.5, "tap": "Add"},
///   {"at": 1.0, "tap": {"x": 195, "y": 420}},
///   {"at": 1.5, "type": "Groceries"},
///   {"at": 1.8, "key": "return"},
///   {"at": 2.0, "drag": {"from": {"x": 200, "y": 600}, "to": {"x": 200, "y": 200}, "duration": 0.3}},
///   {"at": 2.5, "screenshot": "after.png"}
/// ]
/// ```
///
/// A tap or drag names a point in the key window's points, or a text: the front-most visible
/// view showing it (a label's text, a button's title, a text field's text or placeholder, an
/// accessibility label or identifier), at its centre. `type` types each character into the
/// first responder, `key` presses `return`, `delete`, `tab`, `escape`, `left`, `right`, `up`
/// or `down`, and `screenshot` writes the key window as a PNG (relative paths from the current
/// folder).
///
/// The run goes frame by frame (60 a second) on a manual media clock, so animations are at the
/// same point in every run; between frames the main run loop runs until the wall clock reaches
/// the frame's time, so timers and `asyncAfter` work fire when the app expects them — a run to
/// two seconds takes about two seconds.
///
/// - Note: Lamina addition.
struct HeadlessScript {
    enum Target: Equatable {
        case point(CGPoint)
        case text(String)
    }

    enum Action: Equatable {
        case tap(Target)
        case drag(from: Target, to: Target, duration: Double)
        case type(String)
        case key(String)
        case screenshot(String)
    }

    struct Event: Equatable {
        let at: Double
        let action: Action
    }

    let events: [Event]

    /// What `key` accepts: the key's HID usage and the characters it types.
    static let keys: [String: (code: Int, characters: String)] = [
        "return": (0x28, "\r"), "delete": (0x2A, "\u{8}"), "tab": (0x2B, "\t"), "escape": (0x29, "\u{1B}"),
        "right": (0x4F, ""), "left": (0x50, ""), "down": (0x51, ""), "up": (0x52, ""),
    ]

    /// The script in `data`, or the first thing wrong with it, as one line.
    init(data: Data) throws(ScriptError) {
        guard let list = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            throw ScriptError("the script is not a JSON array of events ([{\"at\": 0.5, \"tap\": \"Add\"}, …])")
        }
        var events: [Event] = []
        for (index, item) in list.enumerated() {
            let place = "event \(index + 1)"
            guard let object = item as? [String: Any] else { throw ScriptError("\(place) is not an object") }
            guard let at = Self.number(object["at"]), at.isFinite, at >= 0 else {
                throw ScriptError("\(place) needs \"at\": seconds after launch, 0 or more")
            }
            let actions = object.keys.filter { $0 != "at" }
            guard actions.count == 1, let name = actions.first else {
                throw ScriptError("\(place) needs one action: tap, drag, type, key or screenshot")
            }
            let value = object[name]
            let action: Action
            switch name {
            case "tap":
                action = .tap(try Self.target(value, place))
            case "drag":
                guard let drag = value as? [String: Any] else { throw ScriptError("\(place): drag needs {\"from\": …, \"to\": …}") }
                let duration = Self.number(drag["duration"]) ?? 0.25
                guard duration.isFinite, duration >= 0 else { throw ScriptError("\(place): drag duration must be 0 or more seconds") }
                action = .drag(from: try Self.target(drag["from"], place + " from"), to: try Self.target(drag["to"], place + " to"),
                               duration: duration)
            case "type":
                guard let text = value as? String else { throw ScriptError("\(place): type needs a string") }
                action = .type(text)
            case "key":
                guard let key = (value as? String)?.lowercased(), Self.keys[key] != nil else {
                    throw ScriptError("\(place): key is one of \(Self.keys.keys.sorted().joined(separator: ", "))")
                }
                action = .key(key)
            case "screenshot":
                guard let path = value as? String, !path.isEmpty else { throw ScriptError("\(place): screenshot needs a file name") }
                action = .screenshot(path)
            default:
                throw ScriptError("\(place): unknown action \"\(name)\" (tap, drag, type, key or screenshot)")
            }
            events.append(Event(at: at, action: action))
        }
        // In time order; events at the same time in the order written.
        self.events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    init(events: [Event]) {
        self.events = events
    }

    /// The scripted run `environment` asks for: `LAMINA_SCRIPT`'s events (none without it) and
    /// `LAMINA_AT`'s end (0 without it); nil when neither is set.
    static func requested(by environment: [String: String]) throws(ScriptError) -> (script: HeadlessScript, end: Double)? {
        var script: HeadlessScript?
        if let path = environment["LAMINA_SCRIPT"], !path.isEmpty {
            guard let data = FileManager.default.contents(atPath: path) else { throw ScriptError("the file cannot be read") }
            script = try HeadlessScript(data: data)
        }
        let end = environment["LAMINA_AT"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { $0.isFinite ? max(0, $0) : 0 }
        guard script != nil || end != nil else { return nil }
        return (script ?? HeadlessScript(events: []), end ?? 0)
    }

    private static func number(_ value: Any?) -> Double? {
        (value as? NSNumber).map(\.doubleValue)
    }

    private static func target(_ value: Any?, _ place: String) throws(ScriptError) -> Target {
        if let text = value as? String, !text.isEmpty { return .text(text) }
        if let point = value as? [String: Any], let x = number(point["x"]), let y = number(point["y"]), x.isFinite, y.isFinite {
            return .point(CGPoint(x: x, y: y))
        }
        throw ScriptError("\(place): name a point {\"x\": 100, \"y\": 200} or a text shown on screen")
    }
}

/// What is wrong with a script, or with an event when it was played.
struct ScriptError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Plays a script against the running app.
@MainActor
struct ScriptPlayer {
    static let frame = 1.0 / 60

    let application: UIApplication
    let clock: CAMediaClock
    /// Whether to keep the wall clock in step (the app's timers); tests run without.
    var pacesWallClock = true
    private(set) var time: Double = 0
    private let start = Date()

    init(application: UIApplication, clock: CAMediaClock) {
        self.application = application
        self.clock = clock
    }

    /// Plays every event, then runs on to `end` (if later).
    mutating func play(_ script: HeadlessScript, until end: Double) throws(ScriptError) {
        for (index, event) in script.events.enumerated() {
            run(until: event.at)
            do {
                try perform(event.action)
            } catch {
                throw ScriptError("event \(index + 1) at \(event.at) s: \(error.description)")
            }
        }
        run(until: end)
        for window in application.windows { window.renderFrame(atTime: clock.time) }
    }

    /// Runs frame by frame until `target` seconds after launch.
    mutating func run(until target: Double) {
        while time + Self.frame / 2 < target { step() }
    }

    /// One frame: the clock moves, the run loop runs, the frame's changes commit (windows draw
    /// for screenshots only: what they show at a time depends on nothing but that time).
    mutating func step() {
        time += Self.frame
        clock.advance(by: Self.frame)
        if pacesWallClock {
            let due = start.addingTimeInterval(time)
            RunLoop.main.run(until: due)
            let left = due.timeIntervalSinceNow
            if left > 0 { Thread.sleep(forTimeInterval: left) }
        } else {
            RunLoop.main.run(until: Date())
        }
        CATransaction.flush()
    }

    private var window: UIWindow? { application.keyWindow ?? application.windows.first { !$0.isHidden } }

    private mutating func perform(_ action: HeadlessScript.Action) throws(ScriptError) {
        guard let window else { throw ScriptError("no window is showing") }
        switch action {
        case .tap(let target):
            let point = try location(of: target, in: window)
            window.handlePlatformEvent(.pointerDown(.primary, location: point, modifiers: [], time: clock.time))
            step()
            window.handlePlatformEvent(.pointerUp(.primary, location: point, modifiers: [], time: clock.time))
        case let .drag(from, to, duration):
            let a = try location(of: from, in: window), b = try location(of: to, in: window)
            window.handlePlatformEvent(.pointerDown(.primary, location: a, modifiers: [], time: clock.time))
            let frames = max(1, Int((duration / Self.frame).rounded()))
            for k in 1...frames {
                step()
                let f = CGFloat(k) / CGFloat(frames)
                let p = CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
                window.handlePlatformEvent(.pointerMoved(location: p, buttonDown: true, modifiers: [], time: clock.time))
            }
            window.handlePlatformEvent(.pointerUp(.primary, location: b, modifiers: [], time: clock.time))
        case .type(let text):
            for character in text {
                let typed = character == "\n" ? "\r" : String(character)
                press(code: typed == "\r" ? 0x28 : 0, characters: typed, in: window)
            }
        case .key(let name):
            guard let key = HeadlessScript.keys[name] else { return }
            press(code: key.code, characters: key.characters, in: window)
        case .screenshot(let path):
            window.renderFrame(atTime: clock.time)
            application.writeScreenshot(to: URL(fileURLWithPath: path))
        }
    }

    private func press(code: Int, characters: String, in window: UIWindow) {
        for down in [true, false] {
            window.handlePlatformEvent(.key(isDown: down, characters: characters, charactersIgnoringModifiers: characters,
                                            keyCode: code, modifiers: [], time: clock.time))
        }
    }

    /// The point a target names, in the window's points.
    private func location(of target: HeadlessScript.Target, in window: UIWindow) throws(ScriptError) -> CGPoint {
        switch target {
        case .point(let point):
            return point
        case .text(let text):
            guard let view = Self.frontmostView(showing: text, in: window) else {
                throw ScriptError("no view on screen shows \"\(text)\"")
            }
            return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
        }
    }

    /// The front-most visible view showing `text`, among the window's views.
    static func frontmostView(showing text: String, in window: UIWindow) -> UIView? {
        var found: UIView?
        func visit(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if shows(view, text) {
                let center = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
                if window.bounds.contains(center) { found = view }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        return found
    }

    private static func shows(_ view: UIView, _ text: String) -> Bool {
        if view.accessibilityLabel == text || view.accessibilityIdentifier == text { return true }
        if let label = view as? UILabel { return label.text == text }
        if let button = view as? UIButton { return button.currentTitle == text }
        if let field = view as? UITextField { return field.text == text || field.placeholder == text }
        return false
    }
}
