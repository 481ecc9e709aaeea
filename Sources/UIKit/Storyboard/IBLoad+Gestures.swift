import Foundation

/// Gesture recognizers in storyboards and nibs: scene-level objects that views list in their
/// `gestureRecognizers` outlet collection, with actions to their targets.
@MainActor
extension IBLoad {
    /// A recognizer element (`tapGestureRecognizer`, `panGestureRecognizer` …) made and
    /// recorded, with its settings.
    func makeGestureRecognizer(_ element: IBElement) -> UIGestureRecognizer? {
        let recognizer: UIGestureRecognizer
        func int(_ name: String) -> Int? { element[name].flatMap { Int($0) } }
        func number(_ name: String) -> Double? { element[name].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }
        switch element.name {
        case "tapGestureRecognizer":
            let tap = UITapGestureRecognizer()
            if let taps = int("numberOfTapsRequired") { tap.numberOfTapsRequired = taps }
            if let touches = int("numberOfTouchesRequired") { tap.numberOfTouchesRequired = touches }
            recognizer = tap
        case "longPressGestureRecognizer":
            let press = UILongPressGestureRecognizer()
            if let duration = number("minimumPressDuration") { press.minimumPressDuration = duration }
            if let movement = number("allowableMovement") { press.allowableMovement = CGFloat(movement) }
            if let touches = int("numberOfTouchesRequired") { press.numberOfTouchesRequired = touches }
            if let taps = int("numberOfTapsRequired") { press.numberOfTapsRequired = taps }
            recognizer = press
        case "swipeGestureRecognizer":
            let swipe = UISwipeGestureRecognizer()
            switch element["direction"] {
            case "left": swipe.direction = .left
            case "up": swipe.direction = .up
            case "down": swipe.direction = .down
            default: swipe.direction = .right
            }
            if let touches = int("numberOfTouchesRequired") { swipe.numberOfTouchesRequired = touches }
            recognizer = swipe
        case "screenEdgePanGestureRecognizer":
            let edge = UIScreenEdgePanGestureRecognizer()
            if let edges = element.child("rectEdge", key: "edges") {
                var value: UIRectEdge = []
                if edges["top"] == "YES" { value.insert(.top) }
                if edges["left"] == "YES" { value.insert(.left) }
                if edges["bottom"] == "YES" { value.insert(.bottom) }
                if edges["right"] == "YES" { value.insert(.right) }
                edge.edges = value
            }
            recognizer = edge
        case "panGestureRecognizer":
            let pan = UIPanGestureRecognizer()
            if let minimum = int("minimumNumberOfTouches") { pan.minimumNumberOfTouches = minimum }
            if let maximum = int("maximumNumberOfTouches") { pan.maximumNumberOfTouches = maximum }
            recognizer = pan
        case "pinchGestureRecognizer": recognizer = UIPinchGestureRecognizer()
        case "rotationGestureRecognizer": recognizer = UIRotationGestureRecognizer()
        default:
            ConsoleLog.report("[Interface Builder] \(document.url.lastPathComponent) line \(element.line): <\(element.name)> "
                              + "is not supported yet; skipped.")
            return nil
        }
        if element["enabled"] == "NO" { recognizer.isEnabled = false }
        if let cancels = element["cancelsTouchesInView"] { recognizer.cancelsTouchesInView = cancels == "YES" }
        if let delays = element["delaysTouchesBegan"] { recognizer.delaysTouchesBegan = delays == "YES" }
        if let delays = element["delaysTouchesEnded"] { recognizer.delaysTouchesEnded = delays == "YES" }
        register(recognizer, for: element)
        return recognizer
    }

    /// The recognizers that sit beside a scene's controller in its `<objects>`.
    func makeSceneRecognizers(besides controller: IBElement) {
        guard let id = controller["id"] else { return }
        for scene in document.root.child("scenes")?.children(named: "scene") ?? [] {
            guard let objects = scene.child("objects"), objects.children.contains(where: { $0["id"] == id }) else { continue }
            for element in objects.children where element.name.hasSuffix("GestureRecognizer") {
                _ = makeGestureRecognizer(element)
            }
            return
        }
    }
}
