import Foundation

/// One transition between controllers in flight — a presentation, a dismissal, or a push or
/// pop with the navigation delegate's animator: the context its animator works in, and the
/// coordinator others animate alongside with. Subclasses say which controllers and views take
/// part and what happens as it begins and ends.
///
/// With an interaction controller the transition is interactive. A
/// `UIPercentDrivenInteractiveTransition` has the animator set the animations up, and the
/// transition's timeline is then moved by `updateInteractiveTransition(_:)`: the animator's view
/// animations (or its interruptible animator) and those added alongside are held at that
/// point. Finishing runs them on to the end at the completion speed; cancelling runs them back
/// to the start, where they are removed with the animated properties set back to their
/// values before the transition — then the animator's completion calls
/// `completeTransition(false)`.
///
/// - Note: Differs from Apple: the rest of an interactive transition keeps each animation's
///   own curve (`completionCurve` is reported, not applied). Apple does not document what a
///   cancelled transition leaves in the properties its animations changed; Lamina sets them
///   back (an animator that resets them in its completion sees no difference).
@MainActor
class ControllerTransition: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    let containerView: UIView
    let isAnimated: Bool
    let animator: any UIViewControllerAnimatedTransitioning
    let interactor: (any UIViewControllerInteractiveTransitioning)?
    private(set) var transitionWasCancelled = false
    private(set) var transitionDuration: TimeInterval = 0
    private(set) var isInteractive = false
    private(set) var initiallyInteractive = false
    private(set) var percentComplete: CGFloat = 0
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var started = false
    private(set) var finished = false
    private var completion: (() -> Void)?
    /// The timeline of the transition's view animations, while it can be interactive.
    private var scrubber: TransitionScrubber?
    /// The animator's interruptible animator, when it has one and the transition is driven.
    private var interruptible: (any UIViewImplicitlyAnimating)?

    init(container: UIView, animated: Bool, animator: any UIViewControllerAnimatedTransitioning,
         interactor: (any UIViewControllerInteractiveTransitioning)?) {
        containerView = container
        isAnimated = animated
        self.animator = animator
        self.interactor = animated ? interactor : nil
    }

    // MARK: What subclasses supply

    /// Called before the animation starts (the appearance calls of the beginning).
    func transitionWillBegin() {}
    /// Called when the animator completes, before the animator hears `animationEnded`.
    func transitionDidEnd(_ completed: Bool) {}

    var presentationStyle: UIModalPresentationStyle { .none }
    var targetTransform: CGAffineTransform { .identity }
    var isCancelled: Bool { transitionWasCancelled }
    var isInterruptible: Bool { interactor != nil }
    var completionVelocity: CGFloat { completionSpeed }
    var completionCurve: UIView.AnimationCurve { interactor?.completionCurve ?? .easeInOut }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    func initialFrame(for vc: UIViewController) -> CGRect { .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { .zero }

    // MARK: Running

    /// Begins: the subclass's beginning, then the animator — or the interaction controller,
    /// which starts the animator itself.
    func start(completion: (() -> Void)?) {
        self.completion = completion
        transitionWillBegin()
        transitionDuration = animator.transitionDuration(using: self)
        started = true
        let queued = alongside
        alongside = []
        if let interactor {
            initiallyInteractive = interactor.wantsInteractiveStart
            isInteractive = initiallyInteractive
            let scrubber = TransitionScrubber()
            self.scrubber = scrubber
            scrubber.record { for animation in queued { run(animation) } }
            if isInteractive { scrubber.hold(at: 0) }
            interactor.startInteractiveTransition(self)
        } else {
            for animation in queued { run(animation) }
            animator.animateTransition(using: self)
        }
        if !finished { containerView.layoutIfNeeded() }
    }

    /// What a percent-driven interaction controller does as the transition starts: the
    /// animator sets up its animations, which are then held at the start (or run, when the
    /// transition does not start interactive).
    func startAnimatorForInteraction() {
        guard let scrubber, !finished else { return }
        scrubber.record { animator.animateTransition(using: self) }
        let candidate = animator.interruptibleAnimator(using: self)
        if !(candidate is NoInterruptibleAnimator) {
            interruptible = candidate
            if isInteractive {
                candidate.pauseAnimation()
                candidate.fractionComplete = 0
            }
        }
        if isInteractive { scrubber.hold(at: 0) }
    }

    private var completionSpeed: CGFloat {
        let speed = interactor?.completionSpeed ?? 1
        return speed.isFinite && speed > 0 ? speed : 1
    }

    // MARK: Interaction

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard isInteractive, !finished, percentComplete.isFinite else { return }
        self.percentComplete = Swift.min(Swift.max(percentComplete, 0), 1)
        interruptible?.fractionComplete = self.percentComplete
        scrubber?.hold(at: Double(self.percentComplete) * transitionDuration)
    }

    func finishInteractiveTransition() {
        guard isInteractive, !finished else { return }
        isInteractive = false
        let speed = Double(completionSpeed)
        if let interruptible { resume(interruptible, speed: speed) }
        scrubber?.runToEnd(speed: speed)
        interactionChanged()
    }

    func cancelInteractiveTransition() {
        guard isInteractive, !finished else { return }
        isInteractive = false
        transitionWasCancelled = true
        let speed = Double(completionSpeed)
        if let interruptible {
            interruptible.isReversed = true
            resume(interruptible, speed: speed)
        }
        scrubber?.runToStart(speed: speed) {}
        interactionChanged()
    }

    func pauseInteractiveTransition() {
        guard !isInteractive, !finished, let scrubber else { return }
        isInteractive = true
        if let interruptible {
            interruptible.pauseAnimation()
            percentComplete = interruptible.fractionComplete
        } else {
            percentComplete = transitionDuration > 0 ? CGFloat(Swift.min(scrubber.time / transitionDuration, 1)) : 1
        }
        scrubber.hold()
        interactionChanged()
    }

    private func resume(_ animator: any UIViewImplicitlyAnimating, speed: Double) {
        if let property = animator as? UIViewPropertyAnimator {
            property.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(1 / speed))
        } else {
            animator.startAnimation()
        }
    }

    private func interactionChanged() {
        for handler in interactionHandlers { handler(self) }
    }

    // MARK: Completing

    func completeTransition(_ didComplete: Bool) {
        guard !finished else { return }
        finished = true
        transitionWasCancelled = !didComplete
        isInteractive = false
        scrubber?.stopFollowingFrames()
        transitionDidEnd(didComplete)
        animator.animationEnded(didComplete)
        let pending = completions
        completions = []
        interactionHandlers = []
        for completion in pending { completion(self) }
        if didComplete { completion?() }
    }

    // MARK: UIViewControllerTransitionCoordinator

    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if finished { return false }
        if !started {
            alongside.append(animation)
        } else if let scrubber {
            scrubber.record { run(animation) }
        } else {
            run(animation)
        }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        guard !finished else { return }
        interactionHandlers.append(handler)
    }

    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        notifyWhenInteractionChanges { context in
            if !context.isInteractive { handler(context) }
        }
    }

    private func run(_ animation: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        if isAnimated && transitionDuration > 0 {
            UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseOut], animations: { animation(self) })
        } else {
            UIView.performWithoutAnimation { animation(self) }
        }
    }
}

/// A transition between two children of a container controller run by its delegate's
/// animator: a navigation controller's push or pop, a tab bar controller's switch. The
/// container's own bookkeeping at the end (its stack, its selection) goes in `onEnd`.
@MainActor
final class ChildTransition: ControllerTransition {
    private let from: UIViewController
    private let to: UIViewController
    private let fromFrame: CGRect
    private let toFrame: CGRect
    var onEnd: ((Bool) -> Void)?

    init(container: UIView, from: UIViewController, to: UIViewController, fromFrame: CGRect, toFrame: CGRect,
         animator: any UIViewControllerAnimatedTransitioning, interactor: (any UIViewControllerInteractiveTransitioning)?) {
        self.from = from
        self.to = to
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        super.init(container: container, animated: true, animator: animator, interactor: interactor)
    }

    override func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return from
        case .to: return to
        default: return nil
        }
    }

    override func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: return from.viewIfLoaded
        case .to: return to.viewIfLoaded
        default: return nil
        }
    }

    override func initialFrame(for vc: UIViewController) -> CGRect { vc === from ? fromFrame : .zero }
    override func finalFrame(for vc: UIViewController) -> CGRect { vc === to ? toFrame : .zero }

    /// The views and appearance calls of the end, then the container's bookkeeping: a
    /// completed transition takes the leaving view away; a cancelled one takes the arriving
    /// view away, puts the leaving one back where it was, and the arriving controller
    /// disappears again while the leaving one reappears.
    override func transitionDidEnd(_ completed: Bool) {
        if completed {
            from.viewIfLoaded?.removeFromSuperview()
            from.endAppearanceTransition()
            to.endAppearanceTransition()
        } else {
            to.viewIfLoaded?.removeFromSuperview()
            if let view = from.viewIfLoaded {
                if view.superview !== containerView { containerView.addSubview(view) }
                UIView.performWithoutAnimation { view.frame = fromFrame }
            }
            to.beginAppearanceTransition(false, animated: true)
            to.endAppearanceTransition()
            from.beginAppearanceTransition(true, animated: true)
            from.endAppearanceTransition()
        }
        let end = onEnd
        onEnd = nil
        end?(completed)
    }
}
