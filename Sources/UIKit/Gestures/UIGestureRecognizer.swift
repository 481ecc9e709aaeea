import Foundation

/// What a gesture recognizer's delegate can decide. Every method has a default (the values
/// UIKit uses when a delegate does not implement it).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` (begin, or recognize). Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer gets `touch` at all. Default true.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether the recognizer gets `press`. Default true.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool { true }
}

/// Turns touches into a gesture: a state machine the subclasses drive by setting `state`,
/// with arbitration between recognizers that share touches (exactly one wins unless the
/// delegates allow simultaneous recognition; `require(toFail:)` makes one wait for another to
/// fail) and target–action messages at every state change after `.possible`.
///
/// Discrete gestures (tap, swipe) go `.possible` → `.recognized` (`.ended`) or `.failed`;
/// continuous ones (pan, pinch) `.possible` → `.began` → `.changed`… → `.ended` or
/// `.cancelled`. After the touches are over, a recognizer in a final state is `reset()` to
/// `.possible`.
///
/// Target–action: Swift on Linux has no Objective-C selectors, so `init(target:action:)` and
/// `addTarget(_:action:)` take an unapplied method reference — `Handler.handleTap` for
/// `func handleTap(_ sender: UITapGestureRecognizer)` or `func handleTap()` — where iOS code
/// writes `#selector(handleTap)`. Targets are held weakly, as on iOS.
///
/// - Note: Differs from Apple: `state` is settable by anyone (Apple opens it to subclasses
///   through `UIGestureRecognizerSubclass`); `removeTarget(_:action:)` removes every action of
///   the target (method references cannot be compared); `init(handler:)` and
///   `addHandler(_:)` are Lamina's closure forms.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// The states of the recognition state machine.
    public enum State: Int, Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5
        /// A discrete gesture was recognized (the same as `.ended`).
        public static let recognized = State.ended
    }

    private var storedState = State.possible
    var targets: [(target: ObjectIdentifier?, action: (UIGestureRecognizer) -> Void, selector: Selector?)] = []

    /// The recognizer's state. Subclasses set it as touches arrive; UIKit's arbitration may
    /// hold a transition back (while a required recognizer has not failed) or turn it into
    /// `.failed`.
    open var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    /// Decides about beginning, simultaneity, failure requirements and which touches arrive.
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// Disabled recognizers get no touches; disabling one in progress cancels it.
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            if storedState == .began || storedState == .changed { state = .cancelled } else if isInvolved { state = .failed }
        }
    }
    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
    /// Whether touches the recognizer takes are cancelled in the view when it recognizes
    /// (true by default).
    open var cancelsTouchesInView = true
    /// Whether the view gets `touchesBegan` only after the recognizer failed (false by
    /// default).
    open var delaysTouchesBegan = false
    /// Whether the view gets `touchesEnded` only after the recognizer failed (true by default;
    /// if it recognizes, the view gets `touchesCancelled` instead).
    open var delaysTouchesEnded = true
    /// Whether all touches of the gesture must be of one type.
    open var requiresExclusiveTouchType = true
    /// A name for debugging.
    open var name: String?
    /// The touch types the recognizer accepts (raw `UITouch.TouchType` values).
    open var allowedTouchTypes: [NSNumber] = [0, 1, 2, 3].map { NSNumber(value: $0) }

    /// The touches the recognizer is following now.
    var trackedTouches: [UITouch] = []
    /// Every touch it received since its last reset (for deciding which recognizers compete).
    var sequenceTouches: [UITouch] = []
    /// Whether the recognizer has received touches since its last reset.
    var isInvolved = false
    /// A transition held back until the recognizers it must wait for have failed.
    var heldState: State?
    /// The last centroid of its touches, in window coordinates (for `location(in:)` after they
    /// lifted).
    var lastWindowCentroid: CGPoint = .zero
    private var failureRequirements: [WeakRecognizer] = []
    /// A deadline a subclass asked for (`fire(after:)`).
    private var timer: GestureTimer?

    public override init() {
        super.init()
    }

    /// A recognizer that calls `action` on `target` (held weakly) at each state change:
    /// pass an unapplied method reference, `Handler.handle` for
    /// `func handle(_ sender: UIPanGestureRecognizer)`.
    public init<Target: AnyObject, Sender: UIGestureRecognizer>(target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        super.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `action` (a method reference to `func handle()`) on `target`.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        super.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `handler` at each state change.
    ///
    /// - Note: Lamina addition.
    public init(handler: @escaping (UIGestureRecognizer) -> Void) {
        super.init()
        addHandler(handler)
    }

    /// Adds a target and action (an unapplied method reference taking the recognizer).
    open func addTarget<Target: AnyObject, Sender: UIGestureRecognizer>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        targets.append((ObjectIdentifier(target), { [weak target] recognizer in
            guard let target, let sender = recognizer as? Sender else { return }
            action(target)(sender)
        }, nil))
    }

    /// Adds a target and action (an unapplied method reference taking nothing).
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        targets.append((ObjectIdentifier(target), { [weak target] _ in
            guard let target else { return }
            action(target)()
        }, nil))
    }

    /// Adds a closure called at each state change.
    ///
    /// - Note: Lamina addition.
    open func addHandler(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        targets.append((nil, handler, nil))
    }

    /// Removes the actions of `target` (every target for nil).
    open func removeTarget(_ target: AnyObject?) {
        guard let target else {
            targets.removeAll()
            return
        }
        targets.removeAll { $0.target == ObjectIdentifier(target) }
    }

    /// Removes `target`'s actions (every target's for nil).
    ///
    /// - Note: Differs from Apple: Swift cannot compare method references, so every action
    ///   of `target` is removed, not only `action`.
    open func removeTarget<Target: AnyObject, Sender: UIGestureRecognizer>(_ target: Target?, action: ((Target) -> (Sender) -> Void)?) {
        removeTarget(target as AnyObject?)
    }

    /// `removeTarget(nil, action: nil)`: removes every target.
    @_disfavoredOverload
    open func removeTarget(_ target: AnyObject?, action: (() -> Void)?) {
        removeTarget(target)
    }

    /// Removes `target`'s actions (every target's for nil); see the other overload.
    open func removeTarget<Target: AnyObject>(_ target: Target?, action: ((Target) -> () -> Void)?) {
        removeTarget(target as AnyObject?)
    }

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it leaves
    /// `.possible`; if the other recognizes, this one fails.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else { return }
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
    }

    // MARK: Locations

    /// The centroid of the recognizer's touches in `view`'s coordinates (nil: the window's);
    /// after the touches lifted, where they were last.
    open func location(in view: UIView?) -> CGPoint {
        let centroid = trackedTouches.isEmpty ? lastWindowCentroid : GestureMath.centroid(trackedTouches.map(\.windowLocation))
        guard let view, let window = self.view?.window else { return centroid }
        return view.convert(centroid, from: window)
    }

    /// The location of one of its touches (0-based, in the order they began).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// How many touches the recognizer is following.
    open var numberOfTouches: Int { trackedTouches.count }

    // MARK: Subclass interface

    /// Returns the recognizer to `.possible` after a gesture; subclasses clear their state
    /// (call super).
    open func reset() {}

    /// Stops following `touch`.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
    }

    /// Whether recognizing this prevents `preventedGestureRecognizer` (true by default).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` recognizing prevents this (true by default).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this must wait for `otherGestureRecognizer` to fail (false by default).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` must wait for this to fail (false by default).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent) {}

    /// Calls `body` once the current media clock reaches `delay` seconds from now (Lamina's
    /// timers for subclasses: tap intervals, long-press durations); a new call replaces the
    /// previous one, and `reset()` cancels it.
    func fire(after delay: TimeInterval, _ body: @escaping () -> Void) {
        timer?.cancel()
        timer = GestureTimer(after: delay) { [weak self] in
            guard let self else { return }
            self.timer = nil
            body()
            GestureArbiter.shared.settle()
        }
    }

    func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    // MARK: State machine

    /// The recognizers this one must wait for (explicit and by override or delegate).
    func mustWait(for other: UIGestureRecognizer) -> Bool {
        guard other !== self else { return false }
        if failureRequirements.contains(where: { $0.recognizer === other }) { return true }
        if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) { return true }
        if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    var explicitRequirements: [UIGestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    private func transition(to new: State) {
        let old = storedState
        if let held = heldState {
            // Waiting for others to fail: keep following, but only failure shows.
            switch new {
            case .failed, .cancelled: heldState = nil; storedState = .failed; GestureArbiter.shared.didFail(self)
            case .ended where held == .began: heldState = .ended
            default: break
            }
            return
        }
        switch (old, new) {
        case (.possible, .began), (.possible, .ended):
            let touchViewsAllow = trackedTouches.allSatisfy { touch in
                guard let touchView = touch.view, touchView !== view else { return true }
                return touchView.gestureRecognizerShouldBegin(self)
            }
            if !touchViewsAllow || delegate?.gestureRecognizerShouldBegin(self) == false {
                storedState = .failed
                GestureArbiter.shared.didFail(self)
                return
            }
            switch GestureArbiter.shared.requirementStatus(of: self) {
            case .wait:
                heldState = new
            case .fail:
                storedState = .failed
                GestureArbiter.shared.didFail(self)
            case .go:
                storedState = new
                GestureArbiter.shared.didRecognize(self)
                sendActions()
            }
        case (.possible, .failed):
            storedState = .failed
            GestureArbiter.shared.didFail(self)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            storedState = new
            sendActions()
        case (.began, .failed), (.changed, .failed):
            storedState = .cancelled
            sendActions()
        case (_, .possible):
            resetNow()
        default:
            break
        }
    }

    /// The held transition, now that every recognizer it waited for has failed.
    func releaseHeldState() {
        guard let held = heldState else { return }
        heldState = nil
        storedState = held
        GestureArbiter.shared.didRecognize(self)
        sendActions()
    }

    /// Forced by arbitration: another recognizer won.
    func prevent() {
        switch storedState {
        case .possible:
            heldState = nil
            storedState = .failed
            GestureArbiter.shared.didFail(self)
        case .began, .changed:
            storedState = .cancelled
            sendActions()
        default:
            break
        }
    }

    func resetNow() {
        cancelTimer()
        storedState = .possible
        heldState = nil
        isInvolved = false
        trackedTouches.removeAll()
        sequenceTouches.removeAll()
        reset()
    }

    var isFinished: Bool { storedState == .ended || storedState == .cancelled || storedState == .failed }

    private func sendActions() {
        for entry in targets { entry.action(self) }
    }

    func updateCentroid() {
        if !trackedTouches.isEmpty { lastWindowCentroid = GestureMath.centroid(trackedTouches.map(\.windowLocation)) }
    }
}

/// A weak reference to a recognizer.
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}

/// Geometry the recognizers share.
enum GestureMath {
    static func centroid(_ points: [CGPoint]) -> CGPoint {
        guard !points.isEmpty else { return .zero }
        let sum = points.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) }
        return CGPoint(x: sum.x / CGFloat(points.count), y: sum.y / CGFloat(points.count))
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        hypot(a.x - b.x, a.y - b.y)
    }
}

/// A one-shot timer on the current media clock's frames (so manual clocks drive it).
@MainActor
final class GestureTimer {
    private let clock: CAMediaClock
    private var callbackID: Int?

    init(after delay: TimeInterval, _ body: @escaping @MainActor () -> Void) {
        let clock = CAMediaClock.current
        self.clock = clock
        let deadline = clock.time + delay
        callbackID = clock.scheduler.addFrameCallback { [weak self] in
            guard clock.time >= deadline - 1e-9 else { return }
            let run = {
                MainActor.assumeIsolated {
                    guard let self, self.callbackID != nil else { return }
                    self.cancel()
                    body()
                }
            }
            if MainQueue.isCurrent { run() } else { DispatchQueue.main.async { run() } }
        }
    }

    func cancel() {
        if let callbackID { clock.scheduler.removeFrameCallback(callbackID) }
        callbackID = nil
    }
}
