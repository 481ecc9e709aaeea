import Foundation

/// Recognizes taps: `numberOfTapsRequired` taps in quick succession, each with
/// `numberOfTouchesRequired` fingers. A discrete gesture: it recognizes when the last tap
/// lifts, and fails when a finger moves too far, too many fingers come down, or the next tap
/// is late.
///
/// - Note: Differs from Apple: a finger may move 10 points and the next tap must begin within
///   0.35 s of the previous one lifting (Apple's exact thresholds are not documented).
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (1 by default).
    open var numberOfTapsRequired = 1
    /// Fingers per tap (1 by default).
    open var numberOfTouchesRequired = 1

    static let allowableMovement: CGFloat = 10
    static let maximumTapInterval: TimeInterval = 0.35

    private var tapsDone = 0
    private var mostTouches = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var firstTapLocation: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelTimer()
        if tapsDone >= numberOfTapsRequired {
            state = .failed
            return
        }
        for touch in touches {
            starts[ObjectIdentifier(touch)] = touch.windowLocation
            if let first = firstTapLocation, GestureMath.distance(first, touch.windowLocation) > 40 {
                state = .failed
                return
            }
        }
        mostTouches = Swift.max(mostTouches, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            if GestureMath.distance(start, touch.windowLocation) > UITapGestureRecognizer.allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, numberOfTouches - touches.count == 0 else { return }
        guard mostTouches == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsDone += 1
        if firstTapLocation == nil { firstTapLocation = location(in: nil) }
        mostTouches = 0
        starts.removeAll()
        if tapsDone == numberOfTapsRequired {
            state = .recognized
        } else {
            fire(after: UITapGestureRecognizer.maximumTapInterval) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    open override func reset() {
        super.reset()
        tapsDone = 0
        mostTouches = 0
        starts.removeAll()
        firstTapLocation = nil
    }
}

/// Recognizes a press held for `minimumPressDuration` without moving more than
/// `allowableMovement`. Continuous: it begins when the time is up, changes as the fingers
/// move, and ends when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must stay down (0.5 s by default).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far they may move before the press begins (10 points by default).
    open var allowableMovement: CGFloat = 10
    /// Fingers needed (1 by default).
    open var numberOfTouchesRequired = 1
    /// Full taps before the press (0 by default).
    open var numberOfTapsRequired = 0

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state != .possible {
            return
        }
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
            return
        }
        if let touch = touches.first, touch.tapCount < numberOfTapsRequired + 1 {
            // Waiting for the required taps: a lifted tap does not fail it, but this touch is
            // not yet the press.
            start = nil
            return
        }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        start = location(in: nil)
        fire(after: minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible, self.numberOfTouches == self.numberOfTouchesRequired else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            if let start, GestureMath.distance(start, location(in: nil)) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            if start != nil || numberOfTapsRequired == 0 { state = .failed }
        case .began, .changed:
            if numberOfTouches - touches.count < numberOfTouchesRequired { state = .ended }
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelGesture()
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}

/// Recognizes a quick stroke in one of the allowed `direction`s. Discrete: it recognizes once
/// the fingers have travelled far enough that way, and fails when they go another way, stop
/// short, or take too long.
///
/// - Note: Differs from Apple: the stroke must cover 50 points within 0.5 s and stay within
///   a 30° cone of the direction (Apple's thresholds are not documented).
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Directions of a swipe.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The allowed directions (`.right` by default).
    open var direction = Direction.right
    /// Fingers needed (1 by default).
    open var numberOfTouchesRequired = 1

    private var start: (point: CGPoint, time: TimeInterval)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
            return
        }
        start = (location(in: nil), event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, state == .possible else { return }
        if event.timestamp - start.time > 0.5 {
            state = .failed
            return
        }
        let p = location(in: nil)
        let dx = p.x - start.point.x, dy = p.y - start.point.y
        let travel = hypot(dx, dy)
        guard travel >= 10 else { return }
        let angle = atan2(dy, dx)
        let candidates: [(Direction, CGFloat)] = [(.right, 0), (.down, .pi / 2), (.left, .pi), (.up, -.pi / 2)]
        let inCone = candidates.contains { dir, a in
            guard direction.contains(dir) else { return false }
            var d = abs(angle - a)
            if d > .pi { d = 2 * .pi - d }
            return d <= .pi / 6
        }
        guard inCone else {
            state = .failed
            return
        }
        if travel >= 50, numberOfTouches == numberOfTouchesRequired { state = .recognized }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
