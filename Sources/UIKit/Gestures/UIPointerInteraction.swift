import Foundation
import LaminaPlatform

/// A view and how it looks for a preview (the pointer's effects draw from it).
@preconcurrency @MainActor
open class UITargetedPreview: NSObject {
    /// The view previewed.
    public let view: UIView

    public init(view: UIView) {
        self.view = view
        super.init()
    }
}

/// A part of a view the pointer's style applies to, named by `identifier`.
@preconcurrency @MainActor
open class UIPointerRegion: NSObject {
    public let rect: CGRect
    public let identifier: AnyHashable?

    public init(rect: CGRect, identifier: AnyHashable? = nil) {
        self.rect = rect
        self.identifier = identifier
        super.init()
    }
}

/// Where the pointer is, when the interaction asks for a region.
@preconcurrency @MainActor
open class UIPointerRegionRequest: NSObject {
    /// The pointer's location in the interaction's view.
    public let location: CGPoint
    /// The modifier keys held.
    public let modifiers: UIKeyModifierFlags

    init(location: CGPoint, modifiers: UIKeyModifierFlags) {
        self.location = location
        self.modifiers = modifiers
        super.init()
    }
}

/// How the pointer's content (the view under it) reacts.
@MainActor
public enum UIPointerEffect {
    /// The system chooses from the view.
    case automatic(UITargetedPreview)
    /// The pointer becomes a highlight behind the view.
    case highlight(UITargetedPreview)
    /// The view lifts and the pointer hides under it.
    case lift(UITargetedPreview)
    /// The view changes as the pointer moves over it.
    case hover(UITargetedPreview, preferredTintMode: TintMode = .overlay, prefersShadow: Bool = false, prefersScaledContent: Bool = true)

    /// How a hover effect tints the view.
    public enum TintMode: Int, Sendable {
        case none = 0
        case overlay = 1
        case underlay = 2
    }
}

/// The pointer's own shape.
@MainActor
public enum UIPointerShape {
    case path(UIBezierPath)
    case roundedRect(CGRect, radius: CGFloat = UIPointerShape.defaultCornerRadius)
    case verticalBeam(length: CGFloat)
    case horizontalBeam(length: CGFloat)

    /// The corner radius of a rounded-rectangle pointer by default.
    public nonisolated static let defaultCornerRadius: CGFloat = -1
}

/// The pointer's look over a region: an effect on the content, a shape, or hidden.
@preconcurrency @MainActor
open class UIPointerStyle: NSObject {
    public let effect: UIPointerEffect?
    public let shape: UIPointerShape?
    let isHidden: Bool

    public init(effect: UIPointerEffect, shape: UIPointerShape? = nil) {
        self.effect = effect
        self.shape = shape
        isHidden = false
        super.init()
    }

    public init(shape: UIPointerShape, constrainedAxes axes: UIAxis = []) {
        effect = nil
        self.shape = shape
        isHidden = false
        super.init()
    }

    private init(hidden: Bool) {
        effect = nil
        shape = nil
        isHidden = hidden
        super.init()
    }

    /// A style that hides the pointer.
    open class func hidden() -> UIPointerStyle { UIPointerStyle(hidden: true) }
    /// The system's pointer.
    open class func system() -> UIPointerStyle { UIPointerStyle(hidden: false) }
}

/// Animations that run alongside the pointer's entering or leaving a region.
@preconcurrency @MainActor
public protocol UIPointerInteractionAnimating: NSObjectProtocol {
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping (Bool) -> Void)
}

/// Chooses the regions of a view and the pointer's style over each.
@preconcurrency @MainActor
public protocol UIPointerInteractionDelegate: NSObjectProtocol {
    func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                            defaultRegion: UIPointerRegion) -> UIPointerRegion?
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle?
    func pointerInteraction(_ interaction: UIPointerInteraction, willEnter region: UIPointerRegion, animator: any UIPointerInteractionAnimating)
    func pointerInteraction(_ interaction: UIPointerInteraction, willExit region: UIPointerRegion, animator: any UIPointerInteractionAnimating)
}

extension UIPointerInteractionDelegate {
    public func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                                   defaultRegion: UIPointerRegion) -> UIPointerRegion? { defaultRegion }
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? { nil }
    public func pointerInteraction(_ interaction: UIPointerInteraction, willEnter region: UIPointerRegion,
                                   animator: any UIPointerInteractionAnimating) {}
    public func pointerInteraction(_ interaction: UIPointerInteraction, willExit region: UIPointerRegion,
                                   animator: any UIPointerInteractionAnimating) {}
}

/// Pointer effects over a view: as the pointer (a mouse on a desktop) enters, moves over and
/// leaves the view, the delegate is asked for the region under it and the style there, and
/// told as regions are entered and left, with an animator for changes that go along.
///
/// The window's pointer takes the style's shape where the display can show it: a text beam
/// for a beam shape, a pointing hand for an effect, none for a hidden style, the arrow again
/// when the pointer leaves.
///
/// - Note: Differs from Apple: Lamina reports regions and styles but draws no pointer
///   effects (no highlight, lift or hover morphing); only the cursor's shape changes.
@preconcurrency @MainActor
open class UIPointerInteraction: NSObject, UIInteraction {
    open private(set) weak var delegate: (any UIPointerInteractionDelegate)?
    /// Whether the interaction reacts to the pointer (true by default).
    open var isEnabled = true
    public private(set) weak var view: UIView?
    /// The region the pointer is in, and the style the delegate gave for it.
    private(set) var currentRegion: UIPointerRegion?
    private(set) var currentStyle: UIPointerStyle?
    private var hover: UIHoverGestureRecognizer?

    public init(delegate: (any UIPointerInteractionDelegate)?) {
        self.delegate = delegate
        super.init()
    }

    /// Asks the delegate again for the region and style under the pointer.
    open func invalidate() {
        guard let hover, hover.state == .began || hover.state == .changed else { return }
        update(at: hover.location(in: view), modifiers: [])
    }

    public func willMove(to view: UIView?) {
        if let hover { self.view?.removeGestureRecognizer(hover) }
        hover = nil
        leave()
    }

    public func didMove(to view: UIView?) {
        self.view = view
        guard let view else { return }
        let recognizer = UIHoverGestureRecognizer { [weak self] recognizer in
            guard let self, let hover = recognizer as? UIHoverGestureRecognizer else { return }
            switch hover.state {
            case .began, .changed: self.update(at: hover.location(in: self.view), modifiers: [])
            default: self.leave()
            }
        }
        view.addGestureRecognizer(recognizer)
        hover = recognizer
    }

    private func update(at location: CGPoint, modifiers: UIKeyModifierFlags) {
        guard isEnabled, let view else { return }
        let request = UIPointerRegionRequest(location: location, modifiers: modifiers)
        let region = delegate?.pointerInteraction(self, regionFor: request, defaultRegion: UIPointerRegion(rect: view.bounds))
            ?? (delegate == nil ? UIPointerRegion(rect: view.bounds) : nil)
        if let old = currentRegion, region == nil || region?.identifier != old.identifier || region?.rect != old.rect {
            leave()
        }
        guard let region, currentRegion == nil else { return }
        currentRegion = region
        currentStyle = delegate?.pointerInteraction(self, styleFor: region)
        showCursor(for: currentStyle)
        let animator = PointerAnimator()
        delegate?.pointerInteraction(self, willEnter: region, animator: animator)
        animator.run()
    }

    /// The display's pointer shape for `style` (the arrow for none).
    private func showCursor(for style: UIPointerStyle?) {
        var cursor = PlatformCursor.arrow
        if let style {
            if style.isHidden {
                cursor = .hidden
            } else if case .verticalBeam? = style.shape {
                cursor = .iBeam
            } else if case .horizontalBeam? = style.shape {
                cursor = .iBeam
            } else if style.effect != nil {
                cursor = .pointingHand
            }
        }
        (view?.window?.surface as? PlatformCursorControl)?.setCursor(cursor)
    }

    private func leave() {
        guard let region = currentRegion else { return }
        currentRegion = nil
        currentStyle = nil
        showCursor(for: nil)
        let animator = PointerAnimator()
        delegate?.pointerInteraction(self, willExit: region, animator: animator)
        animator.run()
    }
}

/// Runs the animations added for a region change as one quick view animation.
@MainActor
private final class PointerAnimator: NSObject, UIPointerInteractionAnimating {
    private var animations: [() -> Void] = []
    private var completions: [(Bool) -> Void] = []

    func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping (Bool) -> Void) { completions.append(completion) }

    func run() {
        guard !animations.isEmpty || !completions.isEmpty else { return }
        let animations = self.animations, completions = self.completions
        UIView.animate(withDuration: 0.2, animations: { animations.forEach { $0() } },
                       completion: { finished in completions.forEach { $0(finished) } })
    }
}
