import Foundation

/// What a sheet presentation controller tells its delegate beyond the adaptive calls.
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// The sheet settled at another detent after a drag.
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

/// Presents a controller as a sheet (`.pageSheet`, `.formSheet`, and `.automatic`): a card
/// with rounded top corners rising from the bottom of a narrow window to its detent, over a
/// dimmed presenter that shrinks back behind it while the sheet is at its large detent; in a
/// wide window (regular width) a form sheet is a 540 × 620 card in the middle and a page sheet
/// a 704-point-wide card from near the top. A drag down on the sheet follows the finger and,
/// past a third of its height or when flicked, dismisses it — unless the presented controller
/// `isModalInPresentation` or the delegate says no; a drag between detents settles at the
/// nearer one. A tap outside a wide window's card dismisses it the same way.
///
/// - Note: Differs from Apple: the dimming (black at 20 %, 48 % in dark) and the presenter's
///   shrink (16 points in from each side, its top 10 points above the sheet's) are Lamina's
///   choice; iOS's exact values are not published.
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at.
    @preconcurrency @MainActor
    public final class Detent: NSObject {
        /// Names a detent.
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            /// About half the window's height.
            public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
            /// The full height.
            public static let large = Identifier(rawValue: "com.apple.UIKit.large")
        }

        /// The detent's name.
        public let identifier: Identifier
        let resolve: (CGFloat) -> CGFloat?

        init(identifier: Identifier, resolve: @escaping (CGFloat) -> CGFloat?) {
            self.identifier = identifier
            self.resolve = resolve
            super.init()
        }

        /// About half the window's height.
        public class func medium() -> Detent { Detent(identifier: .medium) { ($0 / 2).rounded() } }
        /// The full height.
        public class func large() -> Detent { Detent(identifier: .large) { $0 } }

        /// A detent of the height `resolver` returns given the largest height (nil: none).
        public class func custom(identifier: Identifier? = nil,
                                 resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) -> Detent {
            Detent(identifier: identifier ?? Identifier(rawValue: UUID().uuidString)) { maximum in
                resolver(DetentContext(maximumDetentValue: maximum)).map { Swift.min(Swift.max($0, 0), maximum) }
            }
        }
    }

    /// The heights the sheet rests at, smallest first (`[.large()]`).
    open var detents: [Detent] = [.large()] { didSet { relayout() } }
    /// The detent the sheet is at; nil means the smallest.
    open var selectedDetentIdentifier: Detent.Identifier? { didSet { relayout() } }
    /// The largest detent at which the presenter is not dimmed (and takes touches); nil dims
    /// at every detent.
    open var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { relayout() } }
    /// Whether a grabber shows at the top of the sheet (false).
    open var prefersGrabberVisible = false { didSet { relayout() } }
    /// The sheet's corner radius (nil: 10 points).
    open var preferredCornerRadius: CGFloat? { didSet { relayout() } }
    /// Whether scrolling up at the top of a scroll view grows the sheet (kept; true).
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Whether the sheet attaches to the bottom edge in compact height (kept; false).
    open var prefersEdgeAttachedInCompactHeight = false
    /// Whether the width follows the preferred content size when edge-attached (kept; false).
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    /// Whether the sheet shows at the page-sheet width in compact height (kept; false).
    open var prefersPageSizing = true

    private let wrapper = SheetView()
    private let dimming = UIView()
    private let grabber = UIView()
    private weak var shrunkView: UIView?
    private var dragStart: CGRect?
    private var dragMayDismiss = true

    static let dimmingColor = UIColor.system(UIColor(white: 0, alpha: 0.2), dark: UIColor(white: 0, alpha: 0.48))
    static let formSheetSize = CGSize(width: 540, height: 620)
    static let pageSheetWidth: CGFloat = 704

    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        wrapper.clipsToBounds = true
        dimming.backgroundColor = UISheetPresentationController.dimmingColor
        grabber.backgroundColor = .tertiaryLabel
        grabber.layer.cornerRadius = 2.5
        let pan = UIPanGestureRecognizer(target: self, action: UISheetPresentationController.dragged)
        wrapper.addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer(target: self, action: UISheetPresentationController.tappedOutside)
        dimming.addGestureRecognizer(tap)
    }

    /// Changes made in `changes` (detents, the selected detent) animate.
    open func animateChanges(_ changes: () -> Void) {
        withoutActuallyEscaping(changes) { changes in
            UIView.animate(withDuration: 0.35, animations: {
                changes()
                self.relayout()
                self.containerView?.layoutIfNeeded()
            })
        }
    }

    open override var presentedView: UIView? { wrapper }

    open override var shouldPresentInFullscreen: Bool { false }

    // MARK: Geometry

    private var isWide: Bool { (containerView?.traitCollection ?? traitCollection).horizontalSizeClass == .regular }

    /// The space above a sheet at its large detent.
    private var topInset: CGFloat {
        Swift.max(containerView?.window?.safeAreaInsets.top ?? 0, 20) + 10
    }

    private var currentDetent: Detent? {
        let sorted = sortedDetents
        if let selectedDetentIdentifier, let match = sorted.first(where: { $0.identifier == selectedDetentIdentifier }) { return match }
        return sorted.first
    }

    private var sortedDetents: [Detent] {
        let maximum = maximumHeight
        return detents.filter { $0.resolve(maximum) != nil }.sorted { ($0.resolve(maximum) ?? 0) < ($1.resolve(maximum) ?? 0) }
    }

    private var maximumHeight: CGFloat { Swift.max((containerView?.bounds.height ?? 0) - topInset, 0) }

    private func height(of detent: Detent?) -> CGFloat {
        detent?.resolve(maximumHeight) ?? maximumHeight
    }

    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        if isWide {
            if presentationStyle == .formSheet {
                let size = CGSize(width: Swift.min(UISheetPresentationController.formSheetSize.width, bounds.width - 40),
                                  height: Swift.min(UISheetPresentationController.formSheetSize.height, bounds.height - 2 * topInset))
                return CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                              width: size.width, height: size.height)
            }
            let width = Swift.min(UISheetPresentationController.pageSheetWidth, bounds.width - 40)
            let height = height(of: currentDetent)
            return CGRect(x: ((bounds.width - width) / 2).rounded(), y: bounds.height - height, width: width, height: height)
        }
        let height = height(of: currentDetent)
        return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    /// Whether the presenter is dimmed at the current detent.
    private var dims: Bool {
        guard let undimmed = largestUndimmedDetentIdentifier, !isWide else { return true }
        let sorted = sortedDetents
        guard let limit = sorted.firstIndex(where: { $0.identifier == undimmed }),
              let current = currentDetent, let index = sorted.firstIndex(where: { $0 === current }) else { return true }
        return index > limit
    }

    /// Whether the presenter shrinks back: a narrow window, the sheet at its largest height.
    private var shrinksPresenter: Bool {
        !isWide && abs(height(of: currentDetent) - maximumHeight) < 0.5 && presentingViewController.viewIfLoaded?.window != nil
            && presentingViewController.viewIfLoaded?.superview === containerView?.superview
    }

    private func presenterTransform(shrunk: Bool) -> CGAffineTransform {
        guard shrunk, let view = presentingViewController.viewIfLoaded, let bounds = containerView?.bounds else { return .identity }
        let width = Swift.max(view.bounds.width, 1)
        let scale = Swift.max(width - 32, 0) / width
        // Scaled about its centre; moved so its top sits 10 points above the sheet's.
        let top = topInset - 10
        let dy = top - (bounds.height / 2) * (1 - scale) - (view.center.y - bounds.height / 2) * (1 - scale)
        return CGAffineTransform(translationX: 0, y: dy).scaledBy(x: scale, y: scale)
    }

    private func applyStyle(progress shown: Bool) {
        dimming.alpha = shown && dims ? 1 : 0
        (containerView as? PresentationContainerView)?.passesTouchesThrough = !dims
        guard let view = presentingViewController.viewIfLoaded else { return }
        let shrink = shown && shrinksPresenter
        view.transform = presenterTransform(shrunk: shrink)
        view.layer.cornerRadius = shrink ? (preferredCornerRadius ?? 10) : 0
        view.layer.masksToBounds = shrink
        if shrink { shrunkView = view }
    }

    private func relayout() {
        guard containerView != nil, presentedViewController.runningTransition == nil, dragStart == nil else { return }
        containerView?.setNeedsLayout()
        applyStyle(progress: true)
    }

    // MARK: Transitions

    open override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        let content: UIView = presentedViewController.view
        UIView.performWithoutAnimation {
            dimming.frame = containerView.bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            dimming.alpha = 0
            containerView.addSubview(dimming)
            wrapper.frame = frameOfPresentedViewInContainerView
            content.frame = wrapper.bounds
            content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            wrapper.addSubview(content)
            styleWrapper()
            containerView.window?.showsBlackBackdrop = true
        }
        let update = { (_: any UIViewControllerTransitionCoordinatorContext) in self.applyStyle(progress: true) }
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: update, completion: nil)
        } else {
            applyStyle(progress: true)
        }
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { cleanUp() }
    }

    open override func dismissalTransitionWillBegin() {
        let update = { (_: any UIViewControllerTransitionCoordinatorContext) in self.applyStyle(progress: false) }
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: update, completion: nil)
        } else {
            applyStyle(progress: false)
        }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { cleanUp() } else { applyStyle(progress: true) }
    }

    private func cleanUp() {
        UIView.performWithoutAnimation {
            shrunkView?.transform = .identity
            shrunkView?.layer.cornerRadius = 0
            shrunkView?.layer.masksToBounds = false
            shrunkView = nil
            containerView?.window?.showsBlackBackdrop = false
            dimming.removeFromSuperview()
        }
    }

    private func styleWrapper() {
        let radius = preferredCornerRadius ?? 10
        wrapper.layer.cornerRadius = radius
        wrapper.layer.maskedCorners = isWide && presentationStyle == .formSheet
            ? [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
            : [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        if prefersGrabberVisible {
            if grabber.superview !== wrapper { wrapper.addSubview(grabber) }
            wrapper.bringSubviewToFront(grabber)
            grabber.frame = CGRect(x: ((wrapper.bounds.width - 36) / 2).rounded(), y: 5, width: 36, height: 5)
            grabber.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        } else {
            grabber.removeFromSuperview()
        }
    }

    open override func containerViewWillLayoutSubviews() {
        guard presentedViewController.runningTransition == nil, dragStart == nil, let containerView else { return }
        dimming.frame = containerView.bounds
        wrapper.frame = frameOfPresentedViewInContainerView
        styleWrapper()
        applyStyle(progress: true)
    }

    // MARK: Dismissing by a gesture

    private var mayDismiss: Bool {
        !presentedViewController.isModalInPresentation && (delegate?.presentationControllerShouldDismiss(self) ?? true)
    }

    private func dismissByGesture() {
        guard mayDismiss else {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return
        }
        dismissAsked()
    }

    /// The dismissal a gesture asked for (and the delegate allowed): will, dismiss, did.
    private func dismissAsked() {
        delegate?.presentationControllerWillDismiss(self)
        presentingViewController.dismiss(animated: true) { [self] in delegate?.presentationControllerDidDismiss(self) }
    }

    private func tappedOutside(_ recognizer: UIGestureRecognizer) {
        guard isWide, presentedViewController.runningTransition == nil else { return }
        dismissByGesture()
    }

    private func dragged(_ recognizer: UIGestureRecognizer) {
        guard let pan = recognizer as? UIPanGestureRecognizer, let containerView,
              presentedViewController.runningTransition == nil else { return }
        switch pan.state {
        case .began:
            dragStart = wrapper.frame
            dragMayDismiss = mayDismiss
        case .changed:
            guard let start = dragStart else { return }
            var dy = pan.translation(in: containerView).y
            // Upward only as far as the largest detent; beyond it, and downward when the
            // sheet may not go, the sheet gives a little.
            let highest = containerView.bounds.height - height(of: sortedDetents.last)
            let target = start.minY + dy
            if target < highest { dy = highest - start.minY - (highest - target) / 10 }
            if dy > 0 && !dragMayDismiss && sortedDetents.first.map({ abs(height(of: $0) - start.height) < 0.5 }) ?? true {
                dy /= 4
            }
            UIView.performWithoutAnimation {
                wrapper.frame = CGRect(x: start.minX, y: start.minY + dy, width: start.width, height: Swift.max(start.height, containerView.bounds.height - start.minY - dy))
            }
        case .ended, .cancelled, .failed:
            guard let start = dragStart else { return }
            dragStart = nil
            let velocity = pan.velocity(in: containerView).y
            // Where the finger took the sheet, before any give.
            let top = start.minY + pan.translation(in: containerView).y
            let bounds = containerView.bounds
            let smallest = sortedDetents.first
            let smallestTop = bounds.height - height(of: smallest)
            let dismisses = pan.state == .ended && (top > smallestTop + height(of: smallest) / 3 || (velocity > 1000 && top > start.minY && abs(start.minY - smallestTop) < 0.5))
            if dismisses && dragMayDismiss {
                dismissAsked()
                return
            }
            if dismisses { delegate?.presentationControllerDidAttemptToDismiss(self) }
            // Settle at the nearest detent (the projected stop, for a flick).
            let projected = top + velocity * 0.1
            let nearest = sortedDetents.min { abs(bounds.height - height(of: $0) - projected) < abs(bounds.height - height(of: $1) - projected) }
            let changed = nearest?.identifier != currentDetent?.identifier
            if changed { selectedDetentIdentifier = nearest?.identifier }
            UIView.animate(withDuration: 0.35, delay: 0, options: [.curveEaseOut], animations: {
                self.wrapper.frame = self.frameOfPresentedViewInContainerView
                self.applyStyle(progress: true)
            })
            if changed { (delegate as? any UISheetPresentationControllerDelegate)?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self) }
        default:
            break
        }
    }
}

/// What a custom detent's resolver is given.
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDetentResolutionContext: AnyObject {
    /// The height of the largest detent.
    var maximumDetentValue: CGFloat { get }
    /// The sheet's traits.
    var containerTraitCollection: UITraitCollection { get }
}

@MainActor
private final class DetentContext: UISheetPresentationControllerDetentResolutionContext {
    let maximumDetentValue: CGFloat
    var containerTraitCollection: UITraitCollection { UITraitCollection.current }
    init(maximumDetentValue: CGFloat) { self.maximumDetentValue = maximumDetentValue }
}

/// The card a sheet's controller shows in.
final class SheetView: UIView {}
